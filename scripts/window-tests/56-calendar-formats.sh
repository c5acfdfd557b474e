# window-tests: no display
# The calendar's side panel writes its long dates and its times in one locale's conventions, the
# one the environment names for dates and times (LC_ALL, else LC_TIME, else LANG): en_US gives
# "Wednesday, November 18, 2026" with "2:30 PM", en_GB "Wednesday, 18 November 2026" with "14:30".
# Foundation's Locale.current answered "en_001" here whatever the environment said, and the panel
# showed British dates with a 12-hour clock. Headless; sourced by the window-test runner, or run on
# its own: bash scripts/window-tests/56-calendar-formats.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    formats_passed=0; formats_failed=0
    pass() { echo "PASS $1"; formats_passed=$((formats_passed + 1)); }
    fail() { echo "FAIL $1: $2"; formats_failed=$((formats_failed + 1)); }
    formats_standalone=1
fi

formats_panel() { # ENV... -> "heading | time" of 18 November 2026's panel, as the environment's locale writes them
    env -i PATH="$PATH" HOME="$HOME" "$@" "$bin" --headless --scene calendar --month 2026-11 --today 2026-11-18 --timezone Europe/Berlin \
        --ics Assets/sample.ics --dump-state - 2>/dev/null | python3 -c '
import json, sys
rows = json.load(sys.stdin)["calendar"]["panelRows"]
ev = [r for r in rows if r["kind"] == "event" and r["text"] == "Team meeting (moved)"]
print(ev[0]["time"].replace("\u202f", " ") if ev else "none")'
}

formats_heading() { # ENV... -> the panel title of the focused day (today) in the draw list's words
    env -i PATH="$PATH" HOME="$HOME" "$@" "$bin" --headless --scene calendar --month 2026-11 --today 2026-11-18 --timezone Europe/Berlin \
        --ics Assets/sample.ics --dump-state - 2>/dev/null | python3 -c '
import json, sys
print(json.load(sys.stdin)["calendar"]["panelTitle"])'
}

formats_tests() {
    local got title
    while IFS='|' read -r envs want_time want_title; do
        # shellcheck disable=SC2086
        got=$(formats_panel $envs); title=$(formats_heading $envs)
        if [ "$got" = "$want_time" ] && [ "$title" = "$want_title" ]; then
            pass "calendar formats: $envs writes '$title' and '$got'"
        else
            fail "calendar formats" "$envs: got '$title' / '$got', expected '$want_title' / '$want_time'"
        fi
    done <<'CASES'
LANG=en_US.UTF-8|2:30 PM – 3:30 PM|Wednesday, November 18, 2026
LANG=en_GB.UTF-8|14:30 – 15:30|Wednesday, 18 November 2026
LANG=en_US.UTF-8 LC_TIME=en_GB.UTF-8|14:30 – 15:30|Wednesday, 18 November 2026
LANG=en_GB.UTF-8 LC_ALL=de_DE.UTF-8|14:30 – 15:30|Mittwoch, 18. November 2026
LANG=C.UTF-8|2:30 PM – 3:30 PM|Wednesday, November 18, 2026
CASES
}
formats_tests

if [ -n "${formats_standalone:-}" ]; then
    echo "calendar format tests: $formats_passed passed, $formats_failed failed"
    [ "$formats_failed" -eq 0 ]
fi
