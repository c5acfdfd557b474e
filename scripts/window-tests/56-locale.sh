# The calendar's first weekday from the command line: the locale's when --first-weekday is not
# given (Sunday for en_US, Monday for de_DE, Saturday for ar_EG), the flag's when it is.
# Headless; sourced by the window-test runner, or run on its own: bash scripts/window-tests/56-locale.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    locale_passed=0; locale_failed=0
    pass() { echo "PASS $1"; locale_passed=$((locale_passed + 1)); }
    fail() { echo "FAIL $1: $2"; locale_failed=$((locale_failed + 1)); }
    locale_standalone=1
fi

locale_first_day() { # ARGS... -> the first date of November 2026's grid
    "$bin" --headless --scene calendar --month 2026-11 --today 2026-11-21 --timezone UTC --ics Assets/sample.ics \
        "$@" --dump-state - 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["calendar"]["grid"][0])'
}

locale_tests() {
    local got
    for case in "en_US 2026-11-01" "de_DE 2026-10-26" "ar_EG 2026-10-31"; do
        set -- $case
        got=$(locale_first_day --locale "$1")
        [ "$got" = "$2" ] && pass "locale: $1 starts the week on $2's weekday" || fail locale "$1: grid starts $got, expected $2"
    done
    got=$(locale_first_day --locale en_US --first-weekday monday)
    [ "$got" = 2026-10-26 ] && pass "locale: --first-weekday wins over the locale" || fail locale "--first-weekday monday with en_US: $got"
}
locale_tests

if [ -n "${locale_standalone:-}" ]; then
    echo "locale tests: $locale_passed passed, $locale_failed failed"
    [ "$locale_failed" -eq 0 ]
fi
