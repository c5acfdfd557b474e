# HiDPI on X11: with --scale 2 (or GDK_SCALE=2) the window has twice the pixels, draws at 2 and
# takes input in points (a click at pixel (2x, 2y) is a click at point (x, y)).
# Sourced by the window-test runner (start_app, $wid, $display, pass/fail); needs the runner.
scale_tests() {
    declare -F start_app >/dev/null || { echo "SKIP scale: needs the window-test runner"; return; }
    local geometry
    if start_app --scene grid --size 640x400 --scale 2 --dump-state "$work/scale.json"; then
        geometry=$(DISPLAY=$display xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}')
        [ "$geometry" = 1280x800 ] && pass "scale: --scale 2 opens a 1280x800-pixel window for 640x400 points" \
            || fail scale "the window is $geometry pixels"
        # The "3 Rearrange" tab is at about (250, 22) in points: click it in pixels.
        DISPLAY=$display xdotool mousemove --window "$wid" 500 44 click 1
        DISPLAY=$display xdotool key --window "$wid" ctrl+q
        wait "$app_pid" 2>/dev/null
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["scale"] == 2 and d["size"] == {"width": 640, "height": 400} and d["scene"] == "rearrange" else 1)' "$work/scale.json" \
            && pass "scale: draws at 2, input in points" || fail scale "dump: $(head -c 300 "$work/scale.json")"
    else
        fail scale "no window came with --scale 2"
    fi
    if GDK_SCALE=2 start_app --scene grid --size 640x400 --dump-state "$work/gdk.json"; then
        geometry=$(DISPLAY=$display xdotool getwindowgeometry "$wid" | awk '/Geometry/ {print $2}')
        DISPLAY=$display xdotool key --window "$wid" ctrl+q
        wait "$app_pid" 2>/dev/null
        [ "$geometry" = 1280x800 ] && python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["scale"] == 2 else 1)' "$work/gdk.json" \
            && pass "scale: GDK_SCALE=2 is taken as GTK takes it" || fail scale "GDK_SCALE=2: window $geometry, $(grep '"scale"' "$work/gdk.json")"
    else
        fail scale "no window came with GDK_SCALE=2"
    fi
}
scale_tests
