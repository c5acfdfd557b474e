# window-tests: no display
# The benchmarks' command lines (swift-argument-parser): an unknown flag, a stray word or a bad
# value is one error and a non-zero exit, never a calendar file to open or a section ignored.
# Sourced by the window-test runner, or on its own: bash scripts/window-tests/57-bench-flags.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    bench_passed=0; bench_failed=0
    pass() { echo "PASS $1"; bench_passed=$((bench_passed + 1)); }
    fail() { echo "FAIL $1: $2"; bench_failed=$((bench_failed + 1)); }
    bench_standalone=1
fi

bench_flag_tests() {
    local dir; dir=$(dirname "$bin")
    local rc
    refused() { # NAME EXPECTED-MESSAGE PROGRAM ARGS...
        local name=$1 message=$2; shift 2
        "$@" >"$work/bench.out" 2>"$work/bench.err"; rc=$?
        if [ $rc -ne 0 ] && grep -q -- "$message" "$work/bench.err" && [ ! -s "$work/bench.out" ]; then pass "bench flags: $name"
        else fail "bench flags" "$name: exit $rc, stderr $(head -2 "$work/bench.err"), stdout $(head -c 100 "$work/bench.out")"; fi
    }
    if [ -x "$dir/calendar-bench" ]; then
        refused "calendar-bench refuses an unknown flag" "Unknown option '--bogus'" "$dir/calendar-bench" --bogus Assets/sample.ics
        refused "calendar-bench refuses a bad month" "--month must be YYYY-MM" "$dir/calendar-bench" --month 2026-13 Assets/sample.ics
        refused "calendar-bench wants a file" "name at least one iCalendar file" "$dir/calendar-bench"
        "$dir/calendar-bench" --zone UTC --month 2026-11 Assets/sample.ics >"$work/bench.json" 2>/dev/null \
            && python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["events"] > 0 else 1)' "$work/bench.json" \
            && pass "bench flags: calendar-bench runs with good flags" || fail "bench flags" "calendar-bench with good flags: $(head -c 200 "$work/bench.json")"
    else echo "SKIP bench flags: $dir/calendar-bench is not built"; fi
    if [ -x "$dir/collection-bench" ]; then
        refused "collection-bench refuses an unknown section" "no section 99" "$dir/collection-bench" --only 99
        refused "collection-bench refuses a stray word" "Unexpected argument 'extra'" "$dir/collection-bench" extra
        refused "collection-bench refuses an unknown flag" "Unknown option '--bogus'" "$dir/collection-bench" --bogus
    else echo "SKIP bench flags: $dir/collection-bench is not built"; fi
}
bench_flag_tests

if [ -n "${bench_standalone:-}" ]; then
    echo "bench flag tests: $bench_passed passed, $bench_failed failed"
    [ "$bench_failed" -eq 0 ]
fi
