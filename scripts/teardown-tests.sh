#!/usr/bin/env bash
# Teardown tests: the demo must exit cleanly, every time, whatever it drew.
#  1. Scripts that end in each scene (after paging, a lifted tile, a resize) run RUNS times each
#     (default 20; set RUNS=200 for a soak) and must exit 0 with a dump every time: a texture
#     freed after its renderer crashed about one exit in five.
#  2. Under valgrind (when installed; VALGRIND=0 skips it) a short script with a resize must
#     show no invalid read or write: that finds the same bug on every run, not one in five.
#  3. A script resize past the limits fails with one clear message naming its line and exit 1,
#     not a signal; one at the limit runs and ends cleanly.
# Prints "teardown tests: N passed, M failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
[ -x "$bin" ] || { echo "teardown tests: $bin is missing; run swift build first" >&2; exit 1; }
runs=${RUNS:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0; failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

printf 'wait 100\nkey End\nwait 1500\n' >"$work/end.txt"
printf 'down 300 300\nwait 450\nmove 700 500 300\nwait 100\n' >"$work/lift.txt"
printf 'wait 50\nresize 900 600\nwait 50\nresize 1100 700\nwait 50\n' >"$work/resize.txt"
printf 'wait 10\n' >"$work/wait.txt"

# NAME SCRIPT ARGS...: RUNS runs, each must exit 0 and write the dump.
soak() {
    local name=$1 script=$2; shift 2
    local bad=0 signals=0 last=""
    for _ in $(seq 1 "$runs"); do
        rm -f "$work/dump.json"
        "$bin" --headless --replay "$script" --dump-state "$work/dump.json" "$@" >/dev/null 2>"$work/err.txt"
        local code=$?
        if [ $code -ne 0 ] || [ ! -s "$work/dump.json" ]; then
            bad=$((bad + 1)); [ $code -ge 128 ] && signals=$((signals + 1)); last="exit $code"
        fi
    done
    if [ $bad -eq 0 ]; then pass "$name: $runs clean exits"
    else fail "$name" "$bad of $runs runs failed ($signals by a signal; last: $last; $(head -c 300 "$work/err.txt"))"; fi
}

soak "carousel edges, End" "$work/end.txt" --scene carousel --carousel-align edges
soak "rearrange, a lifted tile" "$work/lift.txt" --scene rearrange
soak "grid, resized twice" "$work/resize.txt" --scene grid
soak "calendar, resized twice" "$work/resize.txt" --scene calendar --today 2026-11-21 --month 2026-11 --timezone UTC

if [ "${VALGRIND:-1}" != "0" ] && command -v valgrind >/dev/null 2>&1; then
    for scene in grid carousel; do
        valgrind --error-exitcode=99 --leak-check=no -q --suppressions=scripts/valgrind-swift.supp "$bin" --headless --scene "$scene" --replay "$work/resize.txt" \
            --dump-state "$work/vg.json" >"$work/vg.out" 2>&1
        code=$?
        if [ $code -eq 0 ] && ! grep -q "Invalid \(read\|write\|free\)" "$work/vg.out"; then pass "valgrind: $scene exits with no invalid access"
        else fail "valgrind $scene" "exit $code: $(grep -m1 -A4 "Invalid\\|uninitialised\\|==[0-9]*== [A-Z]" "$work/vg.out" | head -5)"; fi
    done
else
    echo "SKIP valgrind checks (valgrind is not installed, or VALGRIND=0)"
fi

# A resize past the window limits is refused with its line before anything runs (the canvas's own
# failure to make a surface is covered by the renderer tests); one at the limit runs and exits 0.
printf 'wait 10\nresize 100000 100000\nwait 20\n' >"$work/huge.txt"
out=$("$bin" --headless --scene grid --replay "$work/huge.txt" 2>&1); code=$?
if [ $code -eq 1 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "huge.txt:2:.*100000"; then
    pass "a resize past the limits is one clear error naming its line"
else
    fail "huge resize" "exit $code, output: $(echo "$out" | head -c 300)"
fi
printf 'wait 10\nresize 16384 200\nwait 20\nresize 800 600\nwait 10\n' >"$work/limit.txt"
if "$bin" --headless --scene grid --replay "$work/limit.txt" --dump-state "$work/limit.json" >/dev/null 2>&1 \
   && grep -q '"width": 800' "$work/limit.json"; then
    pass "a resize at the limit runs and the run ends cleanly"
else
    fail "resize at the limit" "no clean exit or dump"
fi

echo "teardown tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
