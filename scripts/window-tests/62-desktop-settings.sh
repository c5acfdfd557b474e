# The user's settings, followed live in the window, read from the same sources the app reads: a
# private GSettings keyfile backend (GSETTINGS_BACKEND=keyfile under a private XDG_CONFIG_HOME,
# changed with `gsettings set` while the window runs), with no session bus so the portal is not
# asked; then a settings portal stub (portal-stub.py) on a private session bus, which wins. Also: --reduce-motion and enable-animations=false land a page change and a drop in the
# frame that follows them; a text scaling factor of 1.5 reflows the notes.
# Sourced by the window-test runner (start_app, wait_state, $work, $bin); needs the runner.

# pixel_at X Y: the window's pixel at (X, Y) as RRGGBB (from an xwd dump of the window).
pixel_at() {
    xwd -silent -id "$wid" >"$work/pixel.xwd" 2>/dev/null && python3 - "$work/pixel.xwd" "$1" "$2" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
f = struct.unpack(">25I", data[:100])
header, width, byte_order, bpp, bytes_per_line, ncolors = f[0], f[4], f[7], f[11], f[12], f[19]
x, y = int(sys.argv[2]), int(sys.argv[3])
o = header + ncolors * 12 + y * bytes_per_line + x * (bpp // 8)
v = struct.unpack("<I" if byte_order == 0 else ">I", data[o:o + 4])[0]
print("%06X" % (v & 0xFFFFFF))
PY
}

# The settings portal, as a desktop provides it: a stub of org.freedesktop.portal.Settings on a
# private session bus says "prefer dark" while GSettings says light; the app follows the portal,
# and its SettingChanged signal, not GSettings.
desktop_portal_test() {
    local config=$1
    if ! python3 -c 'from gi.repository import Gio' 2>/dev/null || ! command -v dbus-daemon >/dev/null; then
        skip "settings portal" "python3-gi or dbus-daemon is missing"; return
    fi
    dbus-daemon --session --nofork --nopidfile --print-address=5 5>"$work/portal-bus" >"$work/portal-bus.log" 2>&1 &
    local bus_pid=$!
    wait_until 10 grep -qs . "$work/portal-bus" || { fail "settings portal" "no session bus: $(cat "$work/portal-bus.log")"; return; }
    local address; address=$(head -1 "$work/portal-bus")
    DBUS_SESSION_BUS_ADDRESS=$address python3 "$window_tests_dir/portal-stub.py" 1 "$work/portal-ready" >"$work/portal.log" 2>&1 &
    local portal_pid=$!
    desktop_set color-scheme prefer-light
    if wait_until 10 test -s "$work/portal-ready" \
        && DBUS_SESSION_BUS_ADDRESS=$address GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$config" start_app --scene grid --size 640x400 --dump-state "$work/portal.json"; then
        if wait_state 'd["appearance"]["colorScheme"] == "dark" and d["appearance"]["source"] == "portal+gsettings"' 10; then
            kill -USR1 "$portal_pid"
            wait_state 'd["appearance"]["colorScheme"] == "light"' 10 && [ "$(pixel_at 3 3)" = E9EBEF ] \
                && pass "settings portal: the portal's dark wins over GSettings' light, and its SettingChanged to light is followed" \
                || fail "settings portal" "after SettingChanged: $state_seen, tab bar $(pixel_at 3 3)"
        else fail "settings portal" "the portal was not read first: $(json_get "$app_dump" "d[\"appearance\"]") $(cat "$work/portal.log")"; fi
        stop_app
    else
        fail "settings portal" "no portal or no window: ${start_error:-} $(cat "$work/portal.log")"
    fi
    desktop_set color-scheme default
    kill "$portal_pid" "$bus_pid" 2>/dev/null
}

desktop_settings_tests() {
    declare -F start_app >/dev/null || { echo "SKIP desktop settings: needs the window-test runner"; return; }
    if ! command -v gsettings >/dev/null || ! gsettings list-keys org.gnome.desktop.interface 2>/dev/null | grep -x color-scheme >/dev/null; then
        skip "desktop settings" "gsettings or the org.gnome.desktop.interface schema with color-scheme is missing (Debian: libglib2.0-bin, gsettings-desktop-schemas)"
        return
    fi
    local config="$work/desktop-config"
    mkdir -p "$config"
    # The app and `gsettings` share the backend: a file under this XDG_CONFIG_HOME.
    desktop_set() { env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$work/no-runtime" GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$config" gsettings set org.gnome.desktop.interface "$@"; }
    desktop_app() { DBUS_SESSION_BUS_ADDRESS="" XDG_RUNTIME_DIR="$work/no-runtime" GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$config" start_app "$@"; }
    desktop_set color-scheme default
    desktop_set enable-animations true
    desktop_set text-scaling-factor 1.0

    # Colour scheme: dark by default, light when the desktop prefers light, and back, live.
    if desktop_app --scene grid --size 640x400 --dump-state "$work/scheme.json"; then
        local dark light
        wait_state 'd["appearance"]["colorScheme"] == "dark" and d["appearance"]["source"] == "gsettings"' \
            && dark=$(pixel_at 3 3) || fail "color scheme" "at start: $state_seen"
        desktop_set color-scheme prefer-light
        if wait_state 'd["appearance"]["colorScheme"] == "light"' 10; then
            light=$(pixel_at 3 3)
            [ "$dark" = 262A33 ] && [ "$light" = E9EBEF ] && pass "color scheme: prefer-light turns the running window light (tab bar $dark -> $light)" \
                || fail "color scheme" "the tab bar was $dark, then $light (expected 262A33 then E9EBEF)"
        else fail "color scheme" "prefer-light was not followed: $state_seen"; fi
        desktop_set color-scheme prefer-dark
        wait_state 'd["appearance"]["colorScheme"] == "dark"' 10 && [ "$(pixel_at 3 3)" = 262A33 ] \
            && pass "color scheme: prefer-dark turns it dark again" || fail "color scheme" "prefer-dark: $state_seen, tab bar $(pixel_at 3 3)"
        desktop_set color-scheme default
        stop_app
    else
        fail "color scheme" "no window: $start_error"
    fi

    desktop_portal_test "$config"

    # Reduced motion: the first state that shows the page change shows it ended.
    local how
    for how in flag setting; do
        local args=(--scene carousel --size 1000x640 --dump-state "$work/motion-$how.json")
        if [ "$how" = flag ]; then args+=(--reduce-motion); else desktop_set enable-animations false; fi
        if desktop_app "${args[@]}" && wait_state 'd["appearance"]["reduceMotion"]'; then
            xdotool windowfocus --sync "$wid" 2>/dev/null; xdotool key --window "$wid" Right
            local first
            if wait_state 'd["collections"][0]["contentOffset"]["x"] != 0' 10; then
                first=$(json_get "$app_dump" 'd["collections"][0]["contentOffset"]["x"]')
                wait_idle
                local end; end=$(json_get "$app_dump" 'd["collections"][0]["contentOffset"]["x"]')
                [ "$first" = "$end" ] && pass "reduce motion ($how): a page change is at its end ($first) in the first frame that shows it" \
                    || fail "reduce motion ($how)" "the first frame showed $first, the page ends at $end"
            else fail "reduce motion ($how)" "Right did not change the page: $state_seen"; fi
            stop_app
        else
            fail "reduce motion ($how)" "no window or no reduceMotion: ${start_error:-$state_seen}"
        fi
    done
    desktop_set enable-animations true

    # A drop with motion reduced: one frame after the release the item is in its slot (no
    # landing flight hides it), where with motion it is still flying. The same script headless.
    printf 'move 77 120\ndown 77 120\nwait 400\nmove 150 120\nwait 17\nmove 250 130\nwait 17\nmove 370 130\nwait 100\nup 370 130\nwait 17\n' >"$work/drop.txt"
    local flying landed
    flying=$("$bin" --headless --fresh --scene rearrange --size 1000x640 --replay "$work/drop.txt" --dump-state - \
        | python3 -c 'import json, sys; c = json.load(sys.stdin)["collections"][0]; print(c["items"][:3], c["hidden"])')
    landed=$("$bin" --headless --fresh --scene rearrange --size 1000x640 --reduce-motion --replay "$work/drop.txt" --dump-state - \
        | python3 -c 'import json, sys; c = json.load(sys.stdin)["collections"][0]; print(c["items"][:3], c["hidden"])')
    [ "$flying" = "['1', '2', '0'] ['0']" ] && [ "$landed" = "['1', '2', '0'] []" ] \
        && pass "reduce motion: a drop is in its slot the frame after the release (with motion the item still flies)" \
        || fail "reduce motion" "one frame after the drop: with motion $flying, reduced $landed"

    # Text scaling: 1.5 makes the notes' text larger, so the waterfall's notes grow taller; back
    # to 1.0 while the window runs, they shrink again.
    if desktop_app --scene rearrange --layout waterfall --size 1000x640 --dump-state "$work/text.json" \
        && wait_state 'd["collections"][0]["frames"][0][3] > 0'; then
        local normal; normal=$(json_get "$app_dump" 'd["collections"][0]["frames"][0][3]')
        stop_app
        desktop_set text-scaling-factor 1.5
        if desktop_app --scene rearrange --layout waterfall --size 1000x640 --dump-state "$work/text.json" \
            && wait_state 'd["appearance"]["textScale"] == 1.5'; then
            local large; large=$(json_get "$app_dump" 'd["collections"][0]["frames"][0][3]')
            python3 -c "import sys; sys.exit(0 if $large > $normal * 1.25 else 1)" \
                && pass "text scale: 1.5 reflows the notes (the first note $normal -> $large points tall)" \
                || fail "text scale" "the first note was $normal points tall, at 1.5 $large"
            desktop_set text-scaling-factor 1.0
            wait_state 'd["appearance"]["textScale"] == 1 and d["collections"][0]["frames"][0][3] == '"$normal" 10 \
                && pass "text scale: back to 1.0 live, the notes are as tall as before" \
                || fail "text scale" "after 1.0 live: $(json_get "$app_dump" "[d[\"appearance\"], d[\"collections\"][0][\"frames\"][0]]") (expected $normal)"
            stop_app
        else fail "text scale" "1.5: ${start_error:-$state_seen}"; fi
    else
        fail "text scale" "no window: ${start_error:-$state_seen}"
    fi
    desktop_set text-scaling-factor 1.0
}
desktop_settings_tests
