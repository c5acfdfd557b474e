#!/usr/bin/env bash
# Window tests: the real demo window under Xvfb, driven by real X input (xdotool), as a user
# would; plus the command-line contract (headless without a display, errors for bad input).
# Every file scripts/window-tests/NN-*.sh is a group of tests, run in name order; the toolkit
# they share (start_app, wait_state, drag, ...) is scripts/window-tests/lib.sh.
#   scripts/window-tests.sh [PATTERN]   runs the groups whose file name contains PATTERN
# Prints "window tests: N passed, M failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
[ -x "$bin" ] || { echo "window tests: $bin is missing; run swift build first" >&2; exit 1; }
work=$(mktemp -d)
# The calendar follows the environment's locale (LANG, LC_TIME, LC_ALL): the tests start from the
# same neutral one on every machine, and the locale tests set their own per command.
unset LC_ALL LC_TIME LC_MESSAGES LANGUAGE
export LANG=C.UTF-8
. scripts/window-tests/lib.sh
cleanup() {
    stop_app
    [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
start_xvfb || exit 1

for group in scripts/window-tests/[0-9]*.sh; do
    case "$group" in *"${1:-}"*) ;; *) continue ;; esac
    started=$(now_ns)
    echo "== ${group##*/}"
    . "$group"
    stop_app
    echo "   (${group##*/}: $(( ($(now_ns) - started) / 1000000 )) ms)"
done

echo "window tests: $passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then
    echo "window tests that failed:"
    for f in "${failures[@]}"; do echo "  $f"; done
fi
[ "$failed" -eq 0 ]
