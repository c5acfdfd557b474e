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
#   scripts/translations.sh desktop DIR     the launcher entry and the AppStream metainfo with
#                                           every language's words merged in, as GNOME projects
#                                           make them (msgfmt --desktop, msgfmt --xml with
#                                           AppStream's ITS rules), from their templates
#                                           Assets/desktop/APP_ID.{desktop,metainfo.xml}.in and
#                                           po/collection-demo/LANG.po, into DIR/APP_ID.desktop and
#                                           DIR/APP_ID.metainfo.xml
#   scripts/translations.sh update          extracts the messages from the sources, the launcher
#                                           entry's and the metainfo's templates into each domain's
#                                           .pot (xgettext) and merges them into every .po
#                                           (msgmerge), keeping what is translated
# Needs Debian's gettext package (scripts/install-deps.sh installs it); `desktop` and `update` also
# need AppStream's ITS rules for the metainfo (Debian's appstream package puts them in
# /usr/share/gettext/its/).
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

app_id=io.github.collectionkit.CollectionDemo
desktop_templates=(Assets/desktop/$app_id.desktop.in Assets/desktop/$app_id.metainfo.xml.in)

# msgfmt's bulk mode reads the languages from LINGUAS beside the .po files: made here from the
# .po files there are, so a new language needs nothing more than its .po.
desktop() { # DIR
    local out=${1:?usage: scripts/translations.sh desktop DIR}
    [ -e /usr/share/gettext/its/metainfo.its ] || [ -n "${GETTEXTDATADIRS:-}" ] \
        || { echo "translations.sh: AppStream's ITS rules are missing (Debian: appstream)" >&2; return 1; }
    mkdir -p "$out" "$work/po"
    cp po/collection-demo/*.po "$work/po/"
    (cd "$work/po" && ls -- *.po | sed 's/\.po$//') > "$work/po/LINGUAS"
    msgfmt --desktop --template="${desktop_templates[0]}" -d "$work/po" -o "$out/$app_id.desktop.$$" \
        && mv -f "$out/$app_id.desktop.$$" "$out/$app_id.desktop"
    msgfmt --xml --template="${desktop_templates[1]}" -d "$work/po" -o "$out/$app_id.metainfo.xml.$$" \
        && mv -f "$out/$app_id.metainfo.xml.$$" "$out/$app_id.metainfo.xml"
}

update() {
    extract collectionkit words collectionKit plural:1,2 count:1,2 -- \
        $(grep -rl "TextDomain.collectionKit" Sources/CollectionKit --include=*.swift | sort)
    extract collection-demo tr trc:1c,2 trn:1,2 trp:1,2 -- $(find Sources/CollectionDemo -name '*.swift' | sort) Sources/collection-demo/main.swift
    # The calendar's words are fields of CalendarStrings, English by default: their values join the pot.
    python3 scripts/calendar-words.py pot > "$work/calendar.pot"
    # The launcher entry's words (Name, GenericName, Comment, Keywords, the actions' names) and
    # the metainfo's (AppStream's ITS rules say which elements: name, summary, description,
    # captions), as xgettext reads each.
    xgettext --from-code=UTF-8 --language=Desktop --add-comments=TRANSLATORS: --no-wrap \
        --output="$work/desktop.pot" "${desktop_templates[0]}"
    xgettext --from-code=UTF-8 --add-comments=TRANSLATORS: --no-wrap \
        --output="$work/metainfo.pot" "${desktop_templates[1]}"
    msgcat --use-first --no-wrap --output-file="po/collection-demo/collection-demo.pot" \
        "po/collection-demo/collection-demo.pot" "$work/calendar.pot" "$work/desktop.pot" "$work/metainfo.pot"
    for po in po/*/*.po; do
        [ -e "$po" ] || continue
        msgmerge --quiet --update --backup=none --no-wrap "$po" "$(dirname "$po")/$(basename "$(dirname "$po")").pot"
    done
}

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
case "${1:-compile}" in
    compile) shift $(( $# > 0 ? 1 : 0 )); compile "$@" ;;
    desktop) shift; desktop "$@" ;;
    update) update ;;
    *) echo "usage: scripts/translations.sh [compile [DIR [DOMAIN...]] | desktop DIR | update]" >&2; exit 2 ;;
esac
