# window-tests: no display
# The install contract: scripts/install.sh into a temporary prefix, the installed binary run
# headless from another folder finds its sample calendar, the desktop file and the AppStream
# metainfo validate, the man page has its sections and every option, the shell completions
# complete, --version says the metainfo's release, the installed translations are read, and scripts/uninstall.sh leaves the prefix
# exactly as it found it.
# Sourced by the window-test runner (pass/fail/$work); runs on its own too:
#   bash scripts/window-tests/50-install.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    install_passed=0; install_failed=0
    pass() { echo "PASS $1"; install_passed=$((install_passed + 1)); }
    fail() { echo "FAIL $1: $2"; install_failed=$((install_failed + 1)); }
    install_standalone=1
fi

# What a distribution checks of a package: the metainfo, the man page, completions, --version and
# the launcher entry's file types.
install_package_checks() {
    local prefix=$1 man="$1/share/man/man1/collection-demo.1"
    local metainfo="$1/share/metainfo/io.github.collectionkit.CollectionDemo.metainfo.xml"
    if command -v appstreamcli >/dev/null; then
        appstreamcli validate --no-net "$metainfo" >"$work/appstream.log" 2>&1 \
            && pass "install: appstreamcli validate" || fail install "appstreamcli validate: $(cat "$work/appstream.log")"
    else
        echo "SKIP install: appstreamcli is not installed (Debian: appstream)"
    fi
    local version release
    version=$("$prefix/bin/collection-demo" --version 2>&1)
    release=$(python3 -c 'import sys, xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).find("releases/release").get("version"))' "$metainfo")
    [ -n "$version" ] && [ "$version" = "$release" ] && pass "install: --version prints $version, the metainfo's newest release" \
        || fail install "--version printed '$version', the metainfo's newest release is '$release'"
    # The man page: its header, the sections a user looks for, a synopsis that names no
    # subcommand (there are none), and every long option --help lists.
    local missing="" section option
    grep -q '^\.Dt COLLECTION-DEMO 1' "$man" || missing="$missing .Dt"
    for section in SYNOPSIS OPTIONS KEYS ENVIRONMENT FILES; do grep -q "^\.Sh $section\$" "$man" || missing="$missing $section"; done
    sed -n '/^\.Sh SYNOPSIS/,/^\.Sh /p' "$man" | grep -qi subcommand && missing="$missing (a subcommand in the synopsis)"
    for option in $("$prefix/bin/collection-demo" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
        grep -q "^\.It Fl -${option#--}\b" "$man" || grep -q "Fl -${option#--}\$" "$man" || missing="$missing $option"
    done
    [ -z "$missing" ] && pass "install: the man page has KEYS, ENVIRONMENT and FILES, no subcommand, and every option" \
        || fail install "the man page lacks:$missing"
    # Bash completes the options from the installed script.
    local completed
    completed=$(bash -c 'source "$1"; COMP_WORDS=(collection-demo --color); COMP_CWORD=1; COMP_LINE="collection-demo --color"; COMP_POINT=${#COMP_LINE}
        _collection-demo collection-demo --color collection-demo 2>/dev/null || true; printf "%s\n" "${COMPREPLY[@]}"' _ "$prefix/share/bash-completion/completions/collection-demo")
    [ "$completed" = "--color-scheme" ] && pass "install: bash completes --color to --color-scheme" \
        || fail install "bash completion of --color gave '$completed'"
    grep -qx 'MimeType=text/calendar;' "$prefix/share/applications/collection-demo.desktop" \
        && grep -q '^Exec=collection-demo %F$' "$prefix/share/applications/collection-demo.desktop" \
        && pass "install: the launcher opens text/calendar files (Exec %F)" || fail install "the desktop file has no MimeType=text/calendar or no %F"
}

install_test() {
    local prefix="$work/prefix" elsewhere="$work/elsewhere"
    mkdir -p "$prefix/share" "$elsewhere"
    touch "$prefix/share/users-own-file"
    local before; before=$(cd "$prefix" && find . | sort)
    # The debug build the tests use: nothing new is compiled for the program itself.
    if ! CONFIGURATION=debug scripts/install.sh "$prefix" >"$work/install.log" 2>&1; then
        fail install "scripts/install.sh failed: $(tail -5 "$work/install.log")"; return
    fi
    local f missing=""
    for f in bin/collection-demo share/applications/collection-demo.desktop \
             share/icons/hicolor/scalable/apps/collection-demo.svg share/icons/hicolor/256x256/apps/collection-demo.png \
             share/collection-demo/sample.ics share/collection-demo/install-manifest \
             share/metainfo/io.github.collectionkit.CollectionDemo.metainfo.xml share/man/man1/collection-demo.1 \
             share/bash-completion/completions/collection-demo share/zsh/site-functions/_collection-demo \
             share/fish/vendor_completions.d/collection-demo.fish share/locale/de/LC_MESSAGES/collection-demo.mo \
             share/locale/ja/LC_MESSAGES/collectionkit.mo; do
        [ -e "$prefix/$f" ] || missing="$missing $f"
    done
    [ -z "$missing" ] && pass "install: every file in place" || fail install "missing:$missing"
    install_package_checks "$prefix"
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$prefix/share/applications/collection-demo.desktop" >"$work/validate.log" 2>&1 \
            && pass "install: desktop-file-validate" || fail install "desktop-file-validate: $(cat "$work/validate.log")"
    else
        echo "SKIP install: desktop-file-validate is not installed (Debian: desktop-file-utils)"
    fi
    # From a folder with no Assets/ and with no user calendars, the sample must come from the prefix.
    ( cd "$elsewhere" && XDG_DATA_HOME="$elsewhere/data" "$prefix/bin/collection-demo" --headless --scene calendar \
        --today 2026-11-21 --month 2026-11 --timezone UTC --dump-state "$elsewhere/dump.json" ) >"$work/run.log" 2>&1
    if python3 - "$elsewhere/dump.json" "$prefix/share/collection-demo/sample.ics" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["calendar"]
ok = c["calendarSource"] == "sample" and c["calendarFiles"] == [sys.argv[2]] and len(c["events"]) > 0
sys.exit(0 if ok else 1)
PY
    then pass "install: the installed binary shows the installed sample calendar from another folder"
    else fail install "the installed binary did not show its sample calendar: $(cat "$work/run.log") $(head -c 600 "$elsewhere/dump.json" 2>/dev/null)"
    fi
    # The translations installed beside it: the boards' titles in German, read from the prefix.
    local titles
    titles=$(cd "$elsewhere" && LANGUAGE= LC_ALL= LC_MESSAGES= LANG=de_DE.UTF-8 "$prefix/bin/collection-demo" --headless --scene boards \
        --dump-state - 2>/dev/null | python3 -c 'import json, sys; print("|".join(c["title"] for c in json.load(sys.stdin)["collections"]))')
    case "|$titles|" in
        *"|Heute|"*) pass "install: the installed binary speaks German from the installed catalogues" ;;
        *) fail install "LANG=de_DE.UTF-8: the boards are titled $titles" ;;
    esac
    if ! scripts/uninstall.sh "$prefix" >"$work/uninstall.log" 2>&1; then
        fail install "scripts/uninstall.sh failed: $(cat "$work/uninstall.log")"; return
    fi
    local after; after=$(cd "$prefix" && find . | sort)
    [ "$before" = "$after" ] && pass "install: uninstall leaves the prefix as it was" \
        || fail install "left behind: $(diff <(echo "$before") <(echo "$after") | grep '^>' | tr '\n' ' ')"
}
install_test

if [ -n "${install_standalone:-}" ]; then
    echo "install tests: $install_passed passed, $install_failed failed"
    [ "$install_failed" -eq 0 ]
fi
