#!/usr/bin/env bash
# The translations, gettext's way (docs/translations.md):
#   po/collectionkit/LANG.po     the engine's default words (text domain "collectionkit")
#   po/collection-demo/LANG.po   the demo's words, the calendar's included ("collection-demo")
#
#   scripts/translations.sh compile [DIR [DOMAIN...]]
#                                           checks every .po (msgfmt --check) and compiles it to
#                                           DIR/LANG/LC_MESSAGES/DOMAIN.mo (default .build/locale,
#                                           where a binary in .build/<triple>/<config>/ finds them);
#                                           with DOMAINs, only theirs: an app that depends on the
#                                           engine installs the engine's words with
#                                           `compile PREFIX/share/locale collectionkit`
#   scripts/translations.sh update          extracts the messages from the sources into each
#                                           domain's .pot (xgettext) and merges them into every
#                                           .po (msgmerge), keeping what is translated
# Needs Debian's gettext package (scripts/install-deps.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."

compile() {
    local out=${1:-.build/locale}
    [ $# -gt 0 ] && shift
    local only=" $* "
    for want in "$@"; do
        [ -d "po/$want" ] || { echo "translations.sh: no domain $want (the domains: $(ls po | grep -v '\.txt$' | tr '\n' ' '))" >&2; return 2; }
    done
    for po in po/*/*.po; do
        [ -e "$po" ] || continue
        local domain lang
        domain=$(basename "$(dirname "$po")"); lang=$(basename "$po" .po)
        [ "$only" = "  " ] || [[ "$only" == *" $domain "* ]] || continue
        mkdir -p "$out/$lang/LC_MESSAGES"
        # Written beside and renamed into place: a test reading the catalogue meanwhile (the
        # locale goldens while the window tests' 56-locale.sh compiles again) never reads half of one.
        msgfmt --check --output-file="$out/$lang/LC_MESSAGES/$domain.mo.$$" "$po" \
            && mv -f "$out/$lang/LC_MESSAGES/$domain.mo.$$" "$out/$lang/LC_MESSAGES/$domain.mo" \
            || { rm -f "$out/$lang/LC_MESSAGES/$domain.mo.$$"; return 1; }
    done
}

# xgettext reads Swift as Objective-C: the literals are alike, and %@ marks objc-format, which
# msgfmt --check then holds every translation to.
extract() { # DOMAIN KEYWORDS... -- FILES...
    local domain=$1; shift
    local args=()
    while [ "$1" != -- ]; do args+=("--keyword=$1"); shift; done; shift
    xgettext --language=ObjectiveC --from-code=UTF-8 --keyword= "${args[@]}" --add-comments=TRANSLATORS: \
        --package-name="$domain" --msgid-bugs-address= --sort-by-file --no-wrap \
        --output="po/$domain/$domain.pot" "$@" 2>&1 | grep -v "msgid-bugs-address\|Makevars\|MSGID_BUGS\|command line option\|^$" || true
}

update() {
    extract collectionkit words collectionKit plural:1,2 count:1,2 -- \
        $(grep -rl "TextDomain.collectionKit" Sources/CollectionKit --include=*.swift | sort)
    extract collection-demo tr trc:1c,2 trn:1,2 trp:1,2 -- $(find Sources/CollectionDemo -name '*.swift' | sort) Sources/collection-demo/main.swift
    # The calendar's words are fields of CalendarStrings, English by default: their values join the pot.
    python3 scripts/calendar-words.py pot > "$work/calendar.pot"
    msgcat --use-first --no-wrap --output-file="po/collection-demo/collection-demo.pot" \
        "po/collection-demo/collection-demo.pot" "$work/calendar.pot"
    for po in po/*/*.po; do
        [ -e "$po" ] || continue
        msgmerge --quiet --update --backup=none --no-wrap "$po" "$(dirname "$po")/$(basename "$(dirname "$po")").pot"
    done
}

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
case "${1:-compile}" in
    compile) shift $(( $# > 0 ? 1 : 0 )); compile "$@" ;;
    update) update ;;
    *) echo "usage: scripts/translations.sh [compile [DIR [DOMAIN...]] | update]" >&2; exit 2 ;;
esac
