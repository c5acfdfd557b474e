# The install contract: scripts/install.sh into a temporary prefix, the installed binary run
# headless from another folder finds its sample calendar, the desktop file validates, and
# scripts/uninstall.sh leaves the prefix exactly as it found it.
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
             share/collection-demo/sample.ics share/collection-demo/install-manifest; do
        [ -e "$prefix/$f" ] || missing="$missing $f"
    done
    [ -z "$missing" ] && pass "install: every file in place" || fail install "missing:$missing"
    if [ -e "$prefix/share/man/man1/collection-demo.1" ]; then
        grep -q '^\.Dt COLLECTION-DEMO 1' "$prefix/share/man/man1/collection-demo.1" && pass "install: man page" \
            || fail install "the man page has no .Dt COLLECTION-DEMO 1 header"
    else
        echo "SKIP install: man page (swift-argument-parser's generate-manual plugin did not run)"
    fi
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
