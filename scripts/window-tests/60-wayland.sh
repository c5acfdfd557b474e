# Wayland: the demo as a native Wayland client (SDL_VIDEODRIVER=wayland) of weston nested in the
# test X server (weston's X11 backend with pixman; its headless backend makes SDL 2.26's Wayland
# driver crash at start). The kiosk shell shows the window full-output at (0, 0), so X input to
# weston's output window reaches the app at the same points. The same input as an X11 window
# must end in the same state dump; with weston's --scale=2 the app draws at 2.
# Sourced by the window-test runner; skips (SKIP line) when weston is not installed.
wayland_tests() {
    if ! command -v weston >/dev/null; then
        local why="weston is not installed (Debian: weston libdecor-0-plugin-1-cairo)"
        if declare -F skip >/dev/null; then skip wayland "$why"; else echo "SKIP wayland: $why"; fi
        return
    fi
    declare -F start_app >/dev/null || { echo "SKIP wayland: needs the window-test runner"; return; }
    wayland_runtime="$work/wayland-runtime"
    mkdir -p "$wayland_runtime" && chmod 700 "$wayland_runtime"

    # The same user's input in either window system: to Boards by its tab, a card focused by a
    # click and carried to Today with the keyboard.
    wayland_input() { # WINDOW x11|wayland
        # A move into the window first: weston gives the pointer to the surface on motion.
        wait_idle
        # The tab bar is centred: at 1280 points "5  Boards" spans about x 790-850.
        xdotool mousemove --window "$1" 760 30
        xdotool mousemove --window "$1" 820 22
        xdotool click 1
        wait_state 'd["scene"] == "boards"' || { state_seen="the tab click: $state_seen"; return 1; }
        xdotool mousemove --window "$1" 90 100
        xdotool mousemove --window "$1" 100 110
        xdotool click 1
        # The click focuses the card under it; the keys follow only once it has.
        wait_state 'd["focus"] is not None' || { state_seen="the click on a card: focus $(json_get "$app_dump" 'd.get("focus")')"; return 1; }
        # The keys go to the window once it has the keyboard. The X window is given the X focus;
        # weston's is not: under load weston (10.0, X11 backend) has taken the X focus change as
        # a focus-out with no focus-in after it, so the app lost the keyboard for good. Without a
        # window manager the X focus follows the pointer, which is over weston's window.
        [ "$2" = x11 ] && { xdotool windowfocus --sync "$1" 2>/dev/null || xdotool windowfocus "$1" 2>/dev/null; }
        wait_state 'd["live"]["keyboardFocus"]' || { state_seen="the keyboard focus: the window never got it"; return 1; }
        xdotool key space
        wait_state 'd["dragging"]' || { state_seen="the keyboard pick-up: $(json_get "$app_dump" '{"drag": d.get("drag"), "status": d.get("status"), "focus": d.get("focus"), "keyboardFocus": d["live"]["keyboardFocus"]}')"; return 1; }
        xdotool key Right
        wait_state 'd["drag"] is not None and d["drag"]["over"] == "today"' || { state_seen="the keyboard move to Today: $(json_get "$app_dump" '[d.get("drag"), d.get("status")]')"; return 1; }
        xdotool key space
        wait_state '[c for c in d["collections"] if c["name"] == "today"][0]["items"][0] == "0"' || { state_seen="the keyboard drop: $(json_get "$app_dump" '[d.get("drag"), d.get("status")]')"; return 1; }
        wait_idle
    }
    # The dump without what is the window system's own (frame times).
    # One top-level key a line, so a difference names its key. The texts drawn are left out: a
    # status line that is still fading differs by when the dump was taken, not by the backend.
    wayland_comparable() {
        python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("\n".join(json.dumps({k: v}) for k, v in d.items() if k not in ("live", "texts")))' "$1"
    }

    # X11 first, as the reference.
    if start_app --fresh --scene grid --size 1280x800 --dump-state "$work/x11.json" && wayland_input "$wid" x11; then
        app_state; cp "$work/x11.json" "$work/x11-final.json"
    else
        fail wayland "the X11 reference run failed: ${start_error:-} $state_seen"; stop_app; return
    fi
    stop_app

    for scale in 1 2; do
        if ! wayland_weston "$scale"; then
            fail wayland "weston --scale=$scale did not start: $(tail -3 "$work/weston.log")"
            kill "$weston_pid" 2>/dev/null; wait "$weston_pid" 2>/dev/null
            continue
        fi
        WAYLAND_DEBUG=${WAYLAND_PROTOCOL_LOGGING:-} SDL_EVENT_LOGGING=${WAYLAND_EVENT_LOGGING:-0} SDL_VIDEODRIVER=wayland WAYLAND_DISPLAY=wl-collection XDG_RUNTIME_DIR="$wayland_runtime" \
            XDG_STATE_HOME="$work/wayland-state" "$bin" --fresh --scene grid --size 1280x800 \
            --dump-state "$work/wayland.json" >"$work/app.out" 2>&1 &
        app_pid=$!; app_dump="$work/wayland.json"
        if ! app_state; then
            fail wayland "scale $scale: the Wayland window never answered: $(head -c 300 "$work/app.out")"
        elif [ "$scale" = 1 ]; then
            if wayland_input "$weston_wid" wayland; then
                app_state
                if [ "$(wayland_comparable "$work/wayland.json")" = "$(wayland_comparable "$work/x11-final.json")" ]; then
                    pass "wayland: a native Wayland window takes input and ends in the X11 window's state"
                else
                    fail wayland "the Wayland dump differs from the X11 one: $(diff <(wayland_comparable "$work/x11-final.json") <(wayland_comparable "$work/wayland.json") | head -c 400)"
                fi
            else
                [ "${WAYLAND_EVENT_LOGGING:-0}${WAYLAND_PROTOCOL_LOGGING:-}" != 0 ] && cp "$work/app.out" /tmp/wayland-app-$(now_ns).out && cp "$work/weston.log" /tmp/wayland-weston-$(now_ns).log
                fail wayland "input did not reach the Wayland window: $state_seen"
            fi
        else
            # weston --scale=2 keeps 1280x800 points on a 2560x1600-pixel output.
            wait_state 'd["scale"] == 2 and d["size"] == {"width": 1280, "height": 800}' \
                && pass "wayland: under weston --scale=2 the window draws at 2" || fail wayland "scale 2: $state_seen"
        fi
        stop_app
        kill "$weston_pid" 2>/dev/null; wait "$weston_pid" 2>/dev/null
    done
}

# wayland_weston SCALE: weston on the test X server, output 1280x800 points at SCALE; sets
# $weston_pid and $weston_wid (its output window).
wayland_weston() {
    XDG_RUNTIME_DIR="$wayland_runtime" weston --backend=x11-backend.so --use-pixman --shell=kiosk-shell.so --width=1280 --height=800 --scale="$1" \
        --socket=wl-collection --idle-time=0 >"$work/weston.log" 2>&1 &
    weston_pid=$!
    weston_window() { weston_wid=$(xdotool search --class "Weston Compositor" 2>/dev/null | head -1); [ -n "$weston_wid" ]; }
    wait_until 30 test -S "$wayland_runtime/wl-collection" && wait_until 30 weston_window
}
wayland_tests
