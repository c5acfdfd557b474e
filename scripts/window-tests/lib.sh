# The window tests' toolkit, sourced by scripts/window-tests.sh before the test files.
#
# A test never sleeps for a guessed time to let something happen: it waits for the condition it
# needs (the window is there, the app has drawn, a state was reached), with a generous limit, so a
# slow or loaded machine makes the tests slower, not red. The few sleeps left pace input the way a
# hand does (the gap between two pointer moves of a drag, a press held past the long-press delay).
#
# Provides: pass, fail, wait_until, start_app, app_state, wait_state, json_get, drag, quit_app,
# shot, and $display, $work, $bin, $app_pid, $wid, $app_dump.

passed=0; failed=0; skipped=0
failures=()
# on_exit COMMAND: run when the runner ends, however it ends, before it ends its background jobs
# (for what a job started that outlives it, such as a private session bus).
exit_hooks=()
on_exit() { exit_hooks+=("$1"); }
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); failures+=("$1: $2"); }
skip() { echo "SKIP $1: $2"; skipped=$((skipped + 1)); }

# Where this toolkit is (poll-state.py beside it).
window_tests_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Nanoseconds since the epoch (bash's own clock: no program started).
now_ns() { local t=${EPOCHREALTIME/[.,]/}; echo "${t}000"; }

# wait_until SECONDS COMMAND...: runs COMMAND every 50 ms until it succeeds; fails after SECONDS.
wait_until() {
    local limit=$1; shift
    local end=$(( $(now_ns) + limit * 1000000000 ))
    until "$@"; do
        [ "$(now_ns)" -ge "$end" ] && return 1
        sleep 0.05
    done
}

# json_get FILE EXPR: prints the Python expression EXPR over the parsed JSON `d` (True/False for
# booleans, strings as they are, lists and objects as JSON). Exits non-zero if the expression fails.
json_get() {
    python3 - "$1" "$2" <<'PY'
import json, sys
with open(sys.argv[1]) as f:
    d = json.load(f)
v = eval("(" + sys.argv[2] + "\n)", {"d": d, "len": len, "abs": abs, "any": any, "all": all, "min": min, "max": max})
print(json.dumps(v) if isinstance(v, (list, dict)) else v)
PY
}

# Starts Xvfb on a display number it picks itself (-displayfd), so two runs never collide.
# -noreset: the server keeps running as it is when its last client leaves (between two apps),
# instead of starting over, which would also drop what a test put on the root window.
start_xvfb() {
    Xvfb -displayfd 5 -screen 0 1400x900x24 -nolisten tcp -noreset 5>"$work/display" >"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    if ! wait_until 30 grep -q . "$work/display"; then
        echo "window tests: Xvfb did not start: $(cat "$work/xvfb.log")" >&2
        return 1
    fi
    display=":$(head -1 "$work/display")"
    export DISPLAY=$display
}

# start_app ARGS...: starts the demo in a window with ARGS; sets $app_pid, $wid and $app_dump (the
# --dump-state path, if given). Waits until the window is mapped and, with a dump path, until the
# app has run a frame and answered a state request. Returns non-zero (with $start_error) if not.
start_app() {
    stop_app
    app_dump=""
    local prev=""
    for a in "$@"; do [ "$prev" = "--dump-state" ] && app_dump=$a; prev=$a; done
    # Each app remembers its state (scene, boards, window size) in a folder of its own, so one
    # test's changes never reach the next; a test that checks remembering sets APP_STATE_HOME.
    XDG_STATE_HOME="${APP_STATE_HOME:-$work/state-$(now_ns)}" "$bin" "$@" >"$work/app.out" 2>&1 &
    app_pid=$!
    wid=""
    start_error=""
    find_window() {
        kill -0 "$app_pid" 2>/dev/null || return 0
        wid=$(xdotool search --onlyvisible --name "Collection Demo" 2>/dev/null | head -1)
        [ -n "$wid" ]
    }
    wait_until 60 find_window
    if [ -z "$wid" ]; then
        app_end
        # Say what the display does have, so a window under another name or an unmapped one can be
        # told from an app that is stuck before making its window.
        local seen
        seen=$(xdotool search --name . 2>/dev/null | while read -r w; do xdotool getwindowname "$w" 2>/dev/null; done | sort -u | head -5 | tr '\n' ',')
        start_error="no window appeared within 60 s (windows on $display: ${seen:-none}): $app_end_reason"
        return 1
    fi
    if [ -n "$app_dump" ] && ! app_state; then
        app_end
        start_error="the window never answered a state request: $app_end_reason"
        return 1
    fi
}

# catches_usr1: true once the app has installed its SIGUSR1 handler (before it, the signal would
# end the process).
catches_usr1() {
    local mask
    mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$app_pid/status" 2>/dev/null) || return 1
    [ -n "$mask" ] && (( 0x$mask & 0x200 ))
}

# app_state: asks the running app to write its --dump-state file now (SIGUSR1) and waits for it
# (up to a minute: a loaded machine can hold a starting app for tens of seconds before its first frame).
app_state() {
    [ -n "$app_dump" ] || { echo "app_state: start_app was not given --dump-state" >&2; return 1; }
    python3 "$window_tests_dir/poll-state.py" "$app_pid" "$app_dump" True 0 >/dev/null
}

# app_end: sets $app_end_reason to what became of the app, for a failure message: still running
# (its age, CPU time, state), or ended with its status or signal; and the last of its output.
# (Not called in a subshell: only this shell can collect the app's exit status.)
app_end() {
    if kill -0 "$app_pid" 2>/dev/null; then
        app_end_reason="the app is running ($(ps -o etimes=,times=,stat= -p "$app_pid" | awk '{print $1 " s old, " $2 " s of CPU, state " $3}'); SIGUSR1 $(catches_usr1 && echo caught || echo "not caught yet")): $(tail -c 300 "${app_out:-$work/app.out}" | tr '\n' ' ')"
        return
    fi
    local status=0
    wait "$app_pid" 2>/dev/null || status=$?
    local how="ended with status $status"
    [ "$status" -gt 128 ] && [ "$status" -lt 160 ] && how="was ended by signal $(kill -l $((status - 128)) 2>/dev/null || echo $((status - 128)))"
    app_end_reason="the app $how: $(tail -c 300 "${app_out:-$work/app.out}" | tr '\n' ' ')"
}

# wait_state EXPR [SECONDS]: asks for the state until the Python expression EXPR over the dump `d`
# is true (default limit 30 s). On failure $state_seen holds what EXPR last was, or why no state
# came. (scripts/window-tests/poll-state.py does the asking.)
wait_state() {
    local status=0
    state_seen=$(python3 "$window_tests_dir/poll-state.py" "$app_pid" "$app_dump" "$1" "${2:-30}") || status=$?
    if [ "$status" = 2 ]; then
        app_end; state_seen="no state: $state_seen ($app_end_reason)"
    fi
    return "$status"
}

# wait_idle: waits until nothing in the app moves or is due (scrolling, springs, fades).
wait_idle() { wait_state 'd["live"]["idle"]' "${1:-30}"; }

# drag X0 Y0 X1 Y1 STEPS HOLD: presses, moves in STEPS steps a frame apart (as a hand does), waits
# HOLD seconds (a held pointer has no velocity left), releases.
# One xdotool process plays the whole gesture, so starting a process per step adds no delays.
drag() {
    local x0=$1 y0=$2 x1=$3 y1=$4 steps=$5 hold=$6
    local args=(mousemove --window "$wid" "$x0" "$y0" mousedown 1)
    for i in $(seq 1 "$steps"); do
        args+=(sleep 0.016 mousemove --window "$wid" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps)))
    done
    [ "$hold" != 0 ] && args+=(sleep "$hold")
    xdotool "${args[@]}" mouseup 1
}

# quit_app: Ctrl+Q in the window; waits for the app to exit (it writes its dump at exit).
# Returns non-zero if it did not exit within 30 s or exited non-zero.
quit_app() {
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key ctrl+q
    if ! wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null'; then
        kill -KILL "$app_pid" 2>/dev/null
        return 1
    fi
    wait "$app_pid"
}

# stop_app: ends an app a failed test left running.
stop_app() {
    if [ -n "${app_pid:-}" ] && kill -0 "$app_pid" 2>/dev/null; then
        kill -KILL "$app_pid" 2>/dev/null
        wait "$app_pid" 2>/dev/null
    fi
    app_pid=""
}

# shot: a checksum of the window's pixels.
shot() { xwd -silent -id "$wid" | md5sum; }

# wait_picture_change BEFORE [SECONDS]: waits until the window's pixels differ from BEFORE.
wait_picture_change() {
    local before=$1
    picture_differs() { [ "$(shot)" != "$before" ]; }
    wait_until "${2:-10}" picture_differs
}

# window_drawn: true once the window shows more than a few colours (its first frame is up).
window_drawn() {
    xwd -silent -id "$wid" >"$work/window.xwd" 2>/dev/null && python3 - "$work/window.xwd" <<'PY'
import sys
tail = open(sys.argv[1], "rb").read()[-400000:]
sys.exit(0 if len({tail[i:i + 4] for i in range(0, len(tail), 4)}) > 8 else 1)
PY
}
