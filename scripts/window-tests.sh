#!/usr/bin/env bash
# Window tests: the real demo window under Xvfb, driven by real X input (xdotool), as a user
# would; plus the command-line contract (headless without a display, errors for bad input).
# Every file scripts/window-tests/NN-*.sh is a group of tests, run in name order; the toolkit
# they share (start_app, wait_state, drag, ...) is scripts/window-tests/lib.sh.
#   scripts/window-tests.sh [PATTERN]   runs the groups whose file name contains PATTERN (none: exit 2)
#   scripts/window-tests.sh --display [PATTERN]     only the groups that need a display
#   scripts/window-tests.sh --no-display [PATTERN]  only those that need none (the line
#                                       "# window-tests: no display" in the file), without Xvfb:
#                                       scripts/test.sh runs them beside the window stage
#   scripts/window-tests.sh --display --shard K/N [PATTERN]
#                                       the K-th of N shares of the display groups, each on an Xvfb
#                                       of its own: the groups are dealt longest first to the share
#                                       with the least time so far, by the seconds each took in the
#                                       last run (.build/window-weights.txt, else the recorded
#                                       scripts/window-tests/weights.txt; 5 s for a group in neither).
#                                       Most of a group's time is waiting on the window, not CPU, so
#                                       scripts/test.sh runs two shares side by side.
# Prints "window tests: N passed, M failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
which_groups=all shard=""
case "${1:-}" in
    --display) which_groups=display; shift ;;
    --no-display) which_groups=no-display; shift ;;
esac
if [ "${1:-}" = --shard ]; then shard=${2:?usage: scripts/window-tests.sh --display --shard K/N}; shift 2; fi
bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
[ -x "$bin" ] || { echo "window tests: $bin is missing; run swift build first" >&2; exit 1; }
work=$(mktemp -d)
# The calendar follows the environment's locale (LANG, LC_TIME, LC_ALL): the tests start from the
# same neutral one on every machine, and the locale tests set their own per command.
unset LC_ALL LC_TIME LC_MESSAGES LANGUAGE
export LANG=C.UTF-8
# Nor does the desktop the tests run on reach the app: its session bus (a settings portal saying
# light, a collection-demo already running that a test's launch would hand over to) is replaced by
# one that does not exist, and GSettings answers its defaults. Tests that need a bus or settings
# start their own.
export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/no-session-bus" GSETTINGS_BACKEND=memory
# The system's Python (the one Debian's python3-pyatspi is for), started directly: a version
# manager's shim ahead of it in PATH costs about 0.4 s a start, and the tests start Python often.
if [ -x /usr/bin/python3 ]; then
    mkdir -p "$work/bin" && ln -s /usr/bin/python3 "$work/bin/python3" && export PATH="$work/bin:$PATH"
fi
. scripts/window-tests/lib.sh
# Whatever the tests started in the background (weston, a bus, a listener) ends with the run, even
# a run that is interrupted: weston left behind once its X server is gone spins a core.
cleanup() {
    stop_app
    local hook
    for hook in "${exit_hooks[@]}"; do eval "$hook"; done
    # This shell's own background jobs still running: nothing else can be hit by a reused PID.
    local running; running=$(jobs -p)
    [ -n "$running" ] && kill $running 2>/dev/null
    [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
# A pattern that names no group is a mistake (a typo, a renamed file), not a pass.
if [ -n "${1:-}" ] && ! grep -qF -- "$1" <<< "$(ls scripts/window-tests/[0-9]*.sh)"; then
    echo "window tests: no group's file name contains '$1' (see scripts/window-tests/)" >&2
    exit 2
fi
if [ "$which_groups" = no-display ]; then
    # Nothing these groups start may reach a display, the developer's desktop included.
    unset DISPLAY WAYLAND_DISPLAY
else
    start_xvfb || exit 1
fi

# shard_groups K N: the groups of share K of N, one a line (see --shard).
shard_groups() {
    local weights=scripts/window-tests/weights.txt
    [ -s .build/window-weights.txt ] && weights=.build/window-weights.txt
    # Only the groups a share runs: those that need no display run in the headless stage, and
    # counted here they left some shares with less to do than the weights said.
    local g
    for g in scripts/window-tests/[0-9]*.sh; do grep -q '^# window-tests: no display$' "$g" || echo "$g"; done | python3 -c '
import sys
k, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
weights = {}
for line in open(path):
    parts = line.split()
    if len(parts) == 2: weights[parts[0]] = float(parts[1])
groups = [g.strip() for g in sys.stdin if g.strip()]
load = [0.0] * n
mine = []
for g in sorted(groups, key=lambda g: (-weights.get(g.rsplit("/", 1)[-1], 5.0), g)):
    i = load.index(min(load))
    load[i] += weights.get(g.rsplit("/", 1)[-1], 5.0)
    if i == k - 1: mine.append(g)
print("\n".join(sorted(mine)))
' "${1}" "${2}" "$weights"
}
groups=(scripts/window-tests/[0-9]*.sh)
if [ -n "$shard" ]; then
    mapfile -t groups < <(shard_groups "${shard%/*}" "${shard#*/}")
    echo "window tests: share $shard: ${#groups[@]} groups"
fi
weights_out="$work/weights"
# read_cpu VAR: sets VAR to the CPU (user + system, in ms) this shell and its finished children
# have used so far. `times` runs in this shell and writes to a file: in a pipe or $(...) it would
# run in a subshell, whose children's count starts from zero.
read_cpu() {
    times >"$work/times" 2>/dev/null || { printf -v "$1" 0; return; }
    printf -v "$1" '%s' "$(awk '{ for (i = 1; i <= 2; i++) { split($i, a, /m|s/); t += a[1] * 60 + a[2] } } END { printf "%d", t * 1000 }' "$work/times")"
}
for group in "${groups[@]}"; do
    case "$group" in *"${1:-}"*) ;; *) continue ;; esac
    if grep -q '^# window-tests: no display$' "$group"; then [ "$which_groups" = display ] && continue
    else [ "$which_groups" = no-display ] && continue; fi
    started=$(now_ns); read_cpu started_cpu
    echo "== ${group##*/}"
    . "$group"
    stop_app
    # The run's shared folder must outlive every group: if one took it away, say which, and go on
    # with a new one rather than failing every group after it.
    if [ ! -d "$work" ]; then
        fail "${group##*/}" "the test run's work folder $work was removed during this group"
        mkdir -p "$work"
    fi
    took_ms=$(( ($(now_ns) - started) / 1000000 ))
    # Its wall time, and the CPU of what it started and waited for (the app, Orca, Python; the X
    # server's is the stage's own): how much of the wait was work.
    read_cpu ended_cpu; cpu_took=$((ended_cpu - started_cpu))
    echo "   (${group##*/}: $took_ms ms, $((cpu_took / 1000)).$(printf '%03d' $((cpu_took % 1000)) | cut -c1) cpu-s)"
    echo "${group##*/} $((took_ms / 1000))" >>"$weights_out"
done
# What each group took, for the next run's shares (merged over what other shares recorded).
if [ -s "$weights_out" ] && [ -d .build ]; then
    { [ -s .build/window-weights.txt ] && cat .build/window-weights.txt; cat "$weights_out"; } \
        | awk '{ w[$1] = $2 } END { for (g in w) print g, w[g] }' | sort >.build/window-weights.txt.new 2>/dev/null \
        && mv .build/window-weights.txt.new .build/window-weights.txt
fi

echo "window tests: $passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then
    echo "window tests that failed:"
    for f in "${failures[@]}"; do echo "  $f"; done
fi
[ "$failed" -eq 0 ]
