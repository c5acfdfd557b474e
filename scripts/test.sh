#!/usr/bin/env bash
# Runs every test, as CI does (.ci/run calls this): installs what is missing, builds once, then runs
# side by side
#   unit-demo, unit-rest  the XCTest suites (scenes and monkey tests; engine, backend, golden images,
#                         calendar files, testing library), from the one debug build
#   asan                  a second build under AddressSanitizer, and the suites that reach C
#                         libraries and unsafe memory (the backend, libical, the whole program)
#   strings               the translations compile, and the demo shows no literal outside them
#   window                the real window under Xvfb driven by xdotool (scripts/window-tests.sh)
#   teardown              clean exits in a loop, and under valgrind (scripts/teardown-tests.sh)
# About 5 minutes on a 2-core machine from a fresh clone once the Debian packages are installed. Each stage's time is
# printed as it ends; the last lines say which stage and test failed, and why. Full logs are in
# .build/test-logs/.
#
#   scripts/test.sh --quick   while working: one build, then the unit and golden-image tests of
#                             the targets changed since origin/main (committed or not); well
#                             under a minute after the build. CI always runs everything.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
quick=0
case "${1:-}" in
    --quick) quick=1 ;;
    "") ;;
    *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

logs=.build/test-logs
rm -rf "$logs"; mkdir -p "$logs"
t0=$(date +%s%N)
elapsed() { echo $(( ($(date +%s%N) - t0) / 1000000000 )); }

# run_stage NAME COMMAND...: runs COMMAND with its output in $logs/NAME.log; records the exit
# status and seconds in $logs/NAME.status; prints a line when it ends.
run_stage() {
    local name=$1; shift
    local start; start=$(date +%s%N)
    "$@" >"$logs/$name.log" 2>&1
    local code=$?
    local secs=$(( ($(date +%s%N) - start) / 1000000000 ))
    echo "$code $secs" >"$logs/$name.status"
    if [ "$code" -eq 0 ]; then printf '[%4ss] %-10s passed in %ss\n' "$(elapsed)" "$name" "$secs"
    else printf '[%4ss] %-10s FAILED (exit %s) after %ss\n' "$(elapsed)" "$name" "$code" "$secs"; fi
    return "$code"
}

xctest=.build/debug/CollectionKitPackageTests.xctest
asan_xctest=.build-asan/debug/CollectionKitPackageTests.xctest

# The test classes (Module.Class) whose names match (with -v: do not match) the extended regex,
# comma-separated, for the XCTest runner.
classes_matching() {
    local invert=""
    [ "$1" = -v ] && { invert=-v; shift; }
    "${list_from:-$xctest}" --list-tests 2>/dev/null | sed -n 's|^\([A-Za-z]*Tests\.[A-Za-z0-9_]*\)/.*|\1|p' | sort -u \
        | grep -E $invert "$1" | paste -sd, -
}

# run_xctest BINARY FILTER: the XCTest runner on the listed classes or tests.
run_xctest() {
    local binary=$1 filter=$2
    [ -n "$filter" ] || { echo "no tests matched"; return 1; }
    "$binary" "$filter"
}

# Tests under AddressSanitizer: what reaches C libraries or unsafe pointers. The backend's suites
# (SDL, SDL_ttf, the pixel target, PNG capture), libical's, the grid layout's and the calendar's
# offset cache, and the whole program on random scripts. The pixel target's comparisons are
# thinned there (CK_SANITIZED): every frame is still drawn by both paths; the plain pass compares
# them all.
asan_filter='^(RenderTests\.|ICalendarTests\.|[A-Za-z]*Tests\.(GridLayoutTests|EventCacheTests)$)'
# The scenes' golden images are not compared again under the sanitizer: the pixel target's suite
# draws every scene there through both paths already (the grid's and wrapped text's goldens stay),
# its software canvas drawing only what changed; of the comparison of that with whole frames, only
# the test of moving pixels runs there.
asan_skip='^RenderTests\.((Carousel|Calendar|Boards|Mosaic|Rearrange)GoldenTests|PartialRedrawTests)$'
asan_tests='CollectionDemoTests.MonkeyTests/testTheProgramExitsCleanlyOnRandomScripts,CollectionDemoTests.MonkeyTests/testHostileLinesAreRefusedWithTheirLineNumber,RenderTests.PartialRedrawTests/testShiftMovesOnlyWithinTheRegion'
asan_stage() {
    swift build --build-tests --sanitize=address --scratch-path .build-asan || return 1
    local filter
    filter=$(list_from=$asan_xctest classes_matching "$asan_filter" | tr , '\n' | grep -vE "$asan_skip" | paste -sd, -)
    # Leak reports are off: on Linux they flag the Swift runtime's and XCTest's own allocations.
    # The whole-program runs first: they run side by side and keep both cores busy.
    ASAN_OPTIONS=detect_leaks=0 CK_SANITIZED=1 run_xctest "$asan_xctest" "$asan_tests${filter:+,}$filter"
}

# The targets changed since origin/main (or the last commit), as test-class patterns.
quick_filter() {
    local base
    base=$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD)
    local changed
    changed=$( { git diff --name-only "$base"; git diff --name-only; git ls-files --others --exclude-standard; } | sort -u)
    local patterns=()
    for target in $(echo "$changed" | sed -n 's#^\(Sources\|Tests\)/\([^/]*\)/.*#\2#p' | sort -u); do
        case "$target" in
            CollectionKit) patterns+=("CollectionKitTests\\." "GoldenTests$") ;;
            CollectionKitSDL) patterns+=("RenderTests\\." "AccessibilityBusTests\\.") ;;
            CGio) patterns+=("AccessibilityBusTests\\.") ;;
            CollectionKitTesting) patterns+=("CollectionKitTestingTests\\.") ;;
            CollectionDemo) patterns+=("CollectionDemoTests\\." "GoldenTests$") ;;
            CalendarModel) patterns+=("CalendarModelTests\\." "Calendar[A-Za-z]*Tests$" "EventCacheTests$") ;;
            ICalendar) patterns+=("ICalendarTests\\.") ;;
            *Tests) patterns+=("^$target\\.") ;;
        esac
    done
    local IFS='|'
    echo "${patterns[*]}"
}

stages=()
# summary: each stage's time and result, then for every failed stage the failing tests and their
# messages (or the errors), and a closing count.
summary() {
    echo
    echo "== Summary ($(elapsed) s in all)"
    local failed_stages=() pass_count=0 fail_count=0
    for s in "${stages[@]}"; do
        local code=1 secs="?"
        [ -f "$logs/$s.status" ] && read -r code secs <"$logs/$s.status"
        printf '  %-10s %-7s %5ss\n' "$s" "$([ "$code" = 0 ] && echo passed || echo FAILED)" "$secs"
        [ "$code" = 0 ] || failed_stages+=("$s")
        local p f
        p=$(grep -cE "^Test Case '.*' passed|^PASS " "$logs/$s.log" 2>/dev/null); f=$(grep -cE "^Test Case '.*' failed|^FAIL " "$logs/$s.log" 2>/dev/null)
        pass_count=$((pass_count + p)); fail_count=$((fail_count + f))
    done
    for s in "${failed_stages[@]}"; do
        echo
        echo "== $s failed ($logs/$s.log):"
        local details
        # XCTest failures ("File.swift:12: error: Class.test : message"), crashes, build errors, and
        # the shell suites' FAIL lines.
        details=$(grep -E "error: |^FAIL |Fatal error|Crashed|ERROR: AddressSanitizer|SUMMARY: AddressSanitizer|^Exited with (signal|unexpected)" "$logs/$s.log" \
                  | grep -v "^warning" | awk '!seen[$0]++' | head -12 | cut -c1-400)
        if [ -n "$details" ]; then echo "$details"; else tail -15 "$logs/$s.log" | cut -c1-400; fi
    done
    echo
    [ ${#failed_stages[@]} -eq 0 ] || echo "stages failed: ${failed_stages[*]}"
    echo "tests: $pass_count passed, $fail_count failed"
    [ ${#failed_stages[@]} -eq 0 ]
}

stages+=(deps)
if ! run_stage deps scripts/install-deps.sh --test; then summary; exit 1; fi
# The translations compile (msgfmt --check), and no word the demo shows bypasses them.
stages+=(strings)
run_stage strings sh -c 'scripts/translations.sh compile && scripts/check-strings.py && scripts/check-strings.py --self-test' || { summary; exit 1; }
# The sanitizer's build starts at once, beside the plain one: it is the longest chain.
if [ $quick = 0 ]; then
    stages+=(asan)
    run_stage asan asan_stage &
fi
stages+=(build)
if ! run_stage build swift build --build-tests; then wait; summary; exit 1; fi

if [ $quick = 1 ]; then
    pattern=$(quick_filter)
    if [ -z "$pattern" ]; then echo "nothing changed since origin/main: no tests to run"; exit 0; fi
    filter=$(classes_matching "$pattern" | tr ',' '\n' | grep -v MonkeyTests | paste -sd, -)
    echo "quick: $(echo "$filter" | tr ',' '\n' | wc -l) test classes ($pattern)"
    stages+=(quick)
    run_stage quick run_xctest "$xctest" "$filter"
    summary
    exit
fi

# The demo's suites (with the monkey tests) and all the others take about as long as each other.
stages+=(unit-demo unit-rest window teardown)
run_stage unit-demo run_xctest "$xctest" "$(classes_matching '^CollectionDemoTests\.')" &
run_stage unit-rest run_xctest "$xctest" "$(classes_matching -v '^CollectionDemoTests\.')" &
run_stage window scripts/window-tests.sh &
run_stage teardown scripts/teardown-tests.sh &
wait
summary
