#!/usr/bin/env bash
# Screen reader latency: the time from a key to the first word Orca speaks for it, on entering
# the mosaic's list of 2,000 cards, beside GTK4's list view of 2,000 rows in the same run.
#
# Everything runs in a private Xvfb and a private session bus with its own accessibility bus;
# Orca (Debian's Orca 43) speaks to no speech server, so each utterance is a timestamped line of
# its debug log. For each of TRIALS rounds:
#   ours  "1" (the grid), then "6" (the mosaic) and Down: the time from Down to the first word,
#         and to the first card's name; and from "6" to the scene's name;
#   gtk   Shift+Tab onto a button above the list, then Tab into the list: the time from Tab to
#         the first word and to the first row's name (Benchmarks/peers/gtk-list-view.c).
# Each key waits until Orca has been quiet for a second after the previous one (a user listens to
# the end). Prints each round, the median of each case, the load average before and after, and
# the demo's CPU time over 10 idle seconds with Orca attached.
#
#   Benchmarks/orca-first-word.sh [--trials 5] [--bin .build/debug/collection-demo] [--programs "ours gtk"]
#                                 [--items N]
# --items N gives the demo N items a scene (the mosaic's cards: 10000000 for ten million).
set -uo pipefail
cd "$(dirname "$0")/.."
trials=5; bin=.build/release/collection-demo; only="ours gtk"; items=""
[ -x "$bin" ] || bin=.build/debug/collection-demo
while [ $# -gt 0 ]; do
    case "$1" in
        --trials) trials=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        --programs) only=$2; shift 2 ;;
        --items) items=$2; shift 2 ;;
        *) echo "orca-first-word: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "orca-first-word: $bin is missing; run swift build --product collection-demo" >&2; exit 1; }
for tool in orca xdotool dbus-run-session Xvfb; do
    command -v "$tool" >/dev/null || { echo "orca-first-word: needs $tool (scripts/install-deps.sh --test)" >&2; exit 1; }
done
launcher=/usr/libexec/at-spi-bus-launcher
[ -x "$launcher" ] || { echo "orca-first-word: needs at-spi2-core" >&2; exit 1; }
if pgrep -u "$(id -u)" -x orca >/dev/null 2>&1; then echo "orca-first-word: an Orca of this user is running (Orca allows one per user)" >&2; exit 1; fi
# A private session bus for the whole run: Orca and the programs meet on its accessibility bus.
if [ -z "${ORCA_BENCH_SESSION:-}" ]; then
    exec dbus-run-session -- env ORCA_BENCH_SESSION=1 TZ=UTC "$0" --trials "$trials" --bin "$bin" --programs "$only" ${items:+--items "$items"}
fi
unset AT_SPI_BUS_ADDRESS
work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
start_private_xvfb
app_pid=""; orca_pid=""; launcher_pid=""
cleanup() { [ -n "$orca_pid" ] && kill "$orca_pid" 2>/dev/null; [ -n "$launcher_pid" ] && kill "$launcher_pid" 2>/dev/null; stop_private_xvfb; }
trap cleanup EXIT
export DISPLAY=$display
"$launcher" --launch-immediately >"$work/launcher.log" 2>&1 &
launcher_pid=$!

# Seconds since midnight UTC now, as Orca's log stamps its lines (TZ=UTC).
now_s() { python3 -c 'import time; print("%.6f" % (time.time() % 86400))'; }
# wait_for SECONDS COMMAND...: until COMMAND succeeds (every 50 ms); false after SECONDS.
wait_for() {
    local end=$(( ${EPOCHSECONDS} + $1 )); shift
    until "$@"; do [ "$EPOCHSECONDS" -ge "$end" ] && return 1; sleep 0.05; done
}
log=$work/orca.log
# spoken_after T PATTERN: the stamp (seconds) of the first utterance after T matching PATTERN.
spoken_after() {
    python3 - "$log" "$1" "$2" <<'PY'
import re, sys
t0, pat = float(sys.argv[2]), re.compile(sys.argv[3])
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*)'", line)
    if not m: continue
    t = int(m[1]) * 3600 + int(m[2]) * 60 + float(m[3])
    if t > t0 and pat.search(m[4]):
        print("%.6f" % t); sys.exit(0)
sys.exit(1)
PY
}
# quiet: Orca has written nothing to its log for a second.
quiet() { local a; a=$(stat -c %s "$log"); sleep 1; [ "$a" = "$(stat -c %s "$log")" ]; }
# press KEY PATTERN: presses KEY once Orca is quiet, waits for PATTERN; prints "first named" in ms.
press() {
    wait_for 30 quiet || true
    local t0 first named; t0=$(now_s)
    xdotool key "$1"
    wait_for 30 spoken_after "$t0" "$2" >/dev/null || { echo "- -"; return; }
    first=$(spoken_after "$t0" "."); named=$(spoken_after "$t0" "$2")
    python3 -c "import sys; t0, a, b = map(float, sys.argv[1:]); print('%.0f %.0f' % ((a - t0) * 1000, (b - t0) * 1000))" "$t0" "$first" "$named"
}

prefs=$work/orca-prefs; mkdir -p "$prefs"
cat >"$prefs/user-settings.conf" <<'JSON'
{"general": {"enablePositionSpeaking": true, "readFullRowInGUITable": false, "enableSpeech": true, "enableKeyEcho": false},
 "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
 "pronunciations": {}, "keybindings": {}}
JSON
cat >"$prefs/orca-customizations.py" <<'PY'
import orca.debug
if orca.debug.debugFile is not None:
    orca.debug.debugFile.reconfigure(line_buffering=True)
PY
start_orca() {
    : >"$log"
    HOME=$work/orca-home XDG_CONFIG_HOME=$work/orca-home/config orca -u "$prefs" --debug-file="$log" >"$work/orca.out" 2>&1 &
    orca_pid=$!
    wait_for 60 spoken_after 0 "Screen reader on" >/dev/null || { echo "orca-first-word: Orca did not start: $(tail -3 "$work/orca.out")" >&2; exit 1; }
}
# Orca may linger over its shutdown: it is given 10 s, then ended.
orca_gone() { ! kill -0 "$orca_pid" 2>/dev/null; }
stop_orca() { kill "$orca_pid" 2>/dev/null; wait_for 10 orca_gone || kill -9 "$orca_pid" 2>/dev/null; wait "$orca_pid" 2>/dev/null; orca_pid=""; }
median() { tr ' ' '\n' | grep -vE '^(-|)$' | sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else print a[int((NR + 1) / 2)]}'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "demo: $bin${items:+, --items $items}"
declare -A results
if [[ " $only " == *" ours "* ]]; then
    XDG_STATE_HOME=$work/state "$bin" --fresh --scene grid --size 1280x800 ${items:+--items "$items"} >"$work/app.out" 2>&1 &
    app_pid=$!
    wait_for 60 xdotool search --onlyvisible --name "Collection Demo" >/dev/null || { echo "orca-first-word: the demo's window did not show" >&2; exit 1; }
    wid=$(xdotool search --onlyvisible --name "Collection Demo" | head -1)
    start_orca
    xdotool windowactivate --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
    wait_for 30 spoken_after 0 "Collection Demo" >/dev/null || true
    for i in $(seq "$trials"); do
        # The window opens on the grid: the first round starts there.
        [ "$i" -gt 1 ] && press 1 "Grid" >/dev/null
        read -r switch_first switch_named < <(press 6 "Mosaic")
        read -r down_first down_named < <(press Down "^Tile [0-9]+")
        echo "ours round $i: 6 -> first word $switch_first ms; Down -> first word $down_first ms, card named $down_named ms"
        results[ours_switch]+=" $switch_first"; results[ours_first]+=" $down_first"; results[ours_named]+=" $down_named"
    done
    # Idle with Orca attached: the demo's processor time over 10 s of nothing happening.
    wait_for 30 quiet || true
    read -r u1 s1 < <(awk '{print $14, $15}' "/proc/$app_pid/stat")
    sleep 10
    read -r u2 s2 < <(awk '{print $14, $15}' "/proc/$app_pid/stat")
    idle=$(python3 -c "import os, sys; t = (int(sys.argv[3]) + int(sys.argv[4]) - int(sys.argv[1]) - int(sys.argv[2])) / os.sysconf('SC_CLK_TCK'); print('%.1f' % (t / 10 * 100))" "$u1" "$s1" "$u2" "$s2")
    echo "ours idle CPU with Orca attached (10 s): $idle %"
    stop_orca
    kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
fi
if [[ " $only " == *" gtk "* ]]; then
    if pkg-config --exists gtk4 && cc -O2 -o "$work/gtk-list" Benchmarks/peers/gtk-list-view.c $(pkg-config --cflags --libs gtk4) 2>"$work/gtk.log"; then
        GSK_RENDERER=cairo "$work/gtk-list" >"$work/gtk.out" 2>&1 &
        app_pid=$!
        wait_for 60 xdotool search --onlyvisible --name "GTK4 list peer" >/dev/null || { echo "orca-first-word: the GTK4 peer did not show" >&2; exit 1; }
        wid=$(xdotool search --onlyvisible --name "GTK4 list peer" | head -1)
        start_orca
        xdotool windowactivate --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
        wait_for 30 spoken_after 0 "GTK4 list peer" >/dev/null || true
        for i in $(seq "$trials"); do
            press shift+Tab "." >/dev/null
            read -r tab_first tab_named < <(press Tab "Tile [0-9]+")
            echo "gtk4 round $i: Tab -> first word $tab_first ms, row named $tab_named ms"
            results[gtk_first]+=" $tab_first"; results[gtk_named]+=" $tab_named"
        done
        stop_orca
        kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
    else
        echo "gtk4 list view: not measured (needs libgtk-4-dev)"
    fi
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of $trials:"
[ -n "${results[ours_first]:-}" ] && echo "  ours  mosaic: Down -> first word $(median <<<"${results[ours_first]}") ms, card named $(median <<<"${results[ours_named]}") ms; 6 -> first word $(median <<<"${results[ours_switch]}") ms"
[ -n "${results[gtk_first]:-}" ] && echo "  gtk4  list view: Tab -> first word $(median <<<"${results[gtk_first]}") ms, row named $(median <<<"${results[gtk_named]}") ms"
exit 0
