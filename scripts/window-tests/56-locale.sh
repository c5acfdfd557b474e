# window-tests: no display
# The calendar's first weekday from the command line: the locale's when --first-weekday is not
# given (Sunday for en_US, Monday for de_DE, Saturday for ar_EG), the flag's when it is. And the
# words in the environment's language (gettext catalogues compiled from po/ into .build/locale):
# the boards' titles and the calendar's buttons in German and Japanese, English under LANG=C.
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
# locale_words LANG SCENE -> the titles the scene's dump shows (boards, or the calendar's buttons)
locale_words() {
    LANGUAGE= LC_ALL= LC_MESSAGES= LANG=$1 "$bin" --headless --scene "$2" --month 2026-11 --today 2026-11-21 --timezone UTC \
        --ics Assets/sample.ics --dump-state - 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
titles = [c.get("title") for c in d.get("collections", [])] + [b.get("title") for b in d.get("calendar", {}).get("headerButtons", [])]
print("|".join(t for t in titles if t))'
}

locale_words_tests() {
    scripts/translations.sh compile || { fail locale-words "the translations do not compile"; return; }
    local lang scene want got
    for case in "C boards Today" "de_DE.UTF-8 boards Heute" "ja_JP.UTF-8 boards 今日" "fr_FR.UTF-8 boards Plus_tard" \
                "de_DE.UTF-8 calendar Vorheriger_Monat" "ja_JP.UTF-8 calendar 前月" "ar_EG.UTF-8 calendar الشهر_السابق"; do
        set -- $case; lang=$1 scene=$2 want=${3//_/ }
        got=$(locale_words "$lang" "$scene")
        case "|$got|" in
            *"|$want|"*) pass "locale: LANG=$lang shows \"$want\" in the $scene scene" ;;
            *) fail locale-words "LANG=$lang $scene: expected \"$want\" among: $got" ;;
        esac
    done
}
# locale_status LANGUAGE LANG -> the boards' drag status line after a keyboard pick-up and move:
# the engine's words (its own catalogue) around the demo's board titles.
# (Tab twice: from the backlog past its "+ Add a card" button to Today's cards.)
locale_status() {
    printf 'key tab\nkey tab\nkey space\nkey down\nwait 50\n' | LANGUAGE=$1 LC_ALL= LC_MESSAGES= LANG=$2 "$bin" --headless --scene boards \
        --replay - --dump-state - 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["status"])'
}

locale_status_tests() {
    local got
    got=$(locale_status "" de_DE.UTF-8)
    case "$got" in
        *"aufgenommen, über Heute, Position 2 von 5") pass "locale: the engine's status line in German" ;;
        *) fail locale-status "LANG=de_DE.UTF-8: $got" ;;
    esac
    # LANGUAGE comes before LANG, as in every gettext program.
    got=$(locale_status ja de_DE.UTF-8)
    case "$got" in
        *"を持ち上げました、今日 の上、5 件中 2 番目") pass "locale: LANGUAGE=ja wins over LANG=de_DE.UTF-8" ;;
        *) fail locale-status "LANGUAGE=ja LANG=de_DE.UTF-8: $got" ;;
    esac
    got=$(locale_status "" C)
    # The card's own name is content (any script); the engine's words around it are English.
    case "$got" in
        *" picked up, over Today, position 2 of 5") pass "locale: English in the C locale" ;;
        *) fail locale-status "LANG=C: $got" ;;
    esac
}
locale_tests
locale_words_tests
locale_status_tests

if [ -n "${locale_standalone:-}" ]; then
    echo "locale tests: $locale_passed passed, $locale_failed failed"
    [ "$locale_failed" -eq 0 ]
fi
