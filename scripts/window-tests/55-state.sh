# Remembered state from the command line: headless runs keep nothing unless --state-dir is given,
# a second run picks up what the first left, --fresh neither reads nor writes, a corrupt file is
# moved aside with a notice, a newer version's file is left alone, and a window remembers under
# $XDG_STATE_HOME by default. Sourced by the window-test runner; runs on its own too (headless
# parts only when there is no runner): bash scripts/window-tests/55-state.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    state_passed=0; state_failed=0
    pass() { echo "PASS $1"; state_passed=$((state_passed + 1)); }
    fail() { echo "FAIL $1: $2"; state_failed=$((state_failed + 1)); }
    state_standalone=1
fi

state_py() { # FILE EXPR: exit 0 when the expression over the parsed JSON `d` is true
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2" 2>/dev/null
}

state_tests() {
    local dir="$work/state" xdg="$work/xdg" script="$work/state-move.txt"
    rm -rf "$dir" "$xdg"
    # Focus the backlog's first card, carry it to Today with the keyboard.
    printf 'down 100 110\nup 100 110\nwait 100\nkey Space\nwait 100\nkey Right\nwait 100\nkey Space\nwait 100\n' >"$script"
    local today0='[c for c in d["collections"] if c["name"] == "today"][0]["items"][0] == "0"'

    XDG_STATE_HOME="$xdg" "$bin" --headless --scene boards --replay "$script" --dump-state "$work/s1.json" 2>"$work/s.err"
    if [ ! -e "$xdg" ] && state_py "$work/s1.json" 'd["stateFile"] is None and d["scale"] == 1'; then
        pass "state: a headless run without --state-dir remembers nothing"
    else fail state "a headless run wrote $(find "$xdg" 2>/dev/null | tr '\n' ' ') or dumped stateFile $(grep stateFile "$work/s1.json")"; fi

    "$bin" --headless --scene boards --replay "$script" --state-dir "$dir" --dump-state "$work/s2.json" 2>"$work/s.err"
    "$bin" --headless --state-dir "$dir" --dump-state "$work/s3.json" 2>"$work/s.err"
    if state_py "$work/s3.json" "d['scene'] == 'boards' and d['stateFile'] == '$dir/state.json' and $today0"; then
        pass "state: --state-dir keeps the boards and the scene for the next run"
    else fail state "the second run did not pick up the first: $(head -c 300 "$work/s3.json")"; fi

    cp "$dir/state.json" "$work/state.before"
    "$bin" --headless --fresh --state-dir "$dir" --scene boards --replay "$script" --dump-state "$work/s4.json" 2>"$work/s.err"
    "$bin" --headless --fresh --state-dir "$dir" --dump-state "$work/s5.json" 2>"$work/s.err"
    if cmp -s "$dir/state.json" "$work/state.before" && state_py "$work/s5.json" 'd["scene"] == "grid" and d["stateFile"] is None'; then
        pass "state: --fresh neither reads nor writes"
    else fail state "--fresh touched the state or read it: $(head -c 200 "$work/s5.json")"; fi

    printf '{"version": 1, "boards": [' >"$dir/state.json"
    "$bin" --headless --state-dir "$dir" --scene boards --dump-state "$work/s6.json" 2>"$work/s6.err"
    if [ -e "$dir/state.json.bad" ] && grep -q "moved to" "$work/s6.err" \
        && state_py "$work/s6.json" 'any("moved to" in n for n in d["notices"]) and [c for c in d["collections"] if c["name"] == "today"][0]["items"][0] == "1000"'; then
        pass "state: a corrupt file is moved aside with a notice and the defaults are used"
    else fail state "corrupt file: $(cat "$work/s6.err") $(ls "$dir")"; fi

    printf '{"version": 99, "scene": "mosaic"}' >"$dir/state.json"
    "$bin" --headless --state-dir "$dir" --scene boards --replay "$script" --dump-state "$work/s7.json" 2>"$work/s7.err"
    if [ "$(cat "$dir/state.json")" = '{"version": 99, "scene": "mosaic"}' ] && grep -q "newer version" "$work/s7.err"; then
        pass "state: a newer version's file is left alone"
    else fail state "newer file: $(cat "$dir/state.json") $(cat "$work/s7.err")"; fi

    # A window remembers under $XDG_STATE_HOME without being told (the runner's start_app).
    if declare -F start_app >/dev/null; then
        if APP_STATE_HOME="$xdg" start_app --scene carousel --size 900x600; then
            if quit_app && state_py "$xdg/collection-demo/state.json" 'd["scene"] == "carousel" and d["windowWidth"] == 900'; then
                pass "state: a window remembers its scene and size under \$XDG_STATE_HOME"
            else fail state "the window left no state in $xdg: $(find "$xdg" 2>/dev/null | tr '\n' ' ')"; fi
            # The next start without --scene or --size comes back to them.
            if APP_STATE_HOME="$xdg" start_app --dump-state "$work/again.json" \
                && wait_state 'd["scene"] == "carousel" and d["size"]["width"] == 900'; then
                pass "state: the next window opens the remembered scene at the remembered size"
            else fail state "not restored: ${start_error:-} $state_seen"; fi
            stop_app
        else
            fail state "no window came: $start_error"
        fi
    fi
}
state_tests

if [ -n "${state_standalone:-}" ]; then
    echo "state tests: $state_passed passed, $state_failed failed"
    [ "$state_failed" -eq 0 ]
fi
