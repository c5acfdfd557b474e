# HiDPI on X11: with --scale 2 (or GDK_SCALE=2) the window has twice the pixels, draws at 2 and
# takes input in points (a click at pixel (2x, 2y) is a click at point (x, y)).
# Sourced by the window-test runner (start_app, $wid, $display, pass/fail); needs the runner.
scale_tests() {
    declare -F start_app >/dev/null || { echo "SKIP scale: needs the window-test runner"; return; }
    local geometry
    if start_app --scene grid --size 640x400 --scale 2 --dump-state "$work/scale.json"; then
        geometry=$(xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}')
        [ "$geometry" = 1280x800 ] && pass "scale: --scale 2 opens a 1280x800-pixel window for 640x400 points" \
            || fail scale "the window is $geometry pixels"
        # The "3 Rearrange" tab is at about (250, 22) in points: click it in pixels.
        xdotool mousemove --window "$wid" 500 44 click 1
        if wait_state 'd["scene"] == "rearrange" and d["scale"] == 2 and d["size"] == {"width": 640, "height": 400}'; then
            pass "scale: draws at 2, input in points"
        else fail scale "dump: $state_seen"; fi
        stop_app
    else
        fail scale "no window came with --scale 2: $start_error"
    fi
    if GDK_SCALE=2 start_app --scene grid --size 640x400 --dump-state "$work/gdk.json"; then
        geometry=$(xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}')
        [ "$geometry" = 1280x800 ] && wait_state 'd["scale"] == 2' \
            && pass "scale: GDK_SCALE=2 is taken as GTK takes it" || fail scale "GDK_SCALE=2: window $geometry, scale $state_seen"
        stop_app
    else
        fail scale "no window came with GDK_SCALE=2: $start_error"
    fi
    # Desktop settings put Xft.dpi in the root window's RESOURCE_MANAGER property; the app reads
    # it from the X server (no xrdb needed): 144 dpi is a scale of 1.5.
    if ! command -v xprop >/dev/null; then
        skip scale "xprop (x11-utils) is missing, so Xft.dpi cannot be set"
    elif xprop -root -f RESOURCE_MANAGER 8s -set RESOURCE_MANAGER "$(printf 'Xcursor.size:\t24\nXft.dpi:\t144\n')" \
        && start_app --scene grid --size 640x400 --dump-state "$work/dpi.json"; then
        geometry=$(xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}')
        [ "$geometry" = 960x600 ] && wait_state 'd["scale"] == 1.5' \
            && pass "scale: Xft.dpi 144 on the display gives a scale of 1.5" || fail scale "Xft.dpi 144: window $geometry, scale $state_seen"
        stop_app
    else
        fail scale "no window came with Xft.dpi set: $start_error"
    fi
    command -v xprop >/dev/null && xprop -root -remove RESOURCE_MANAGER
}
scale_tests
