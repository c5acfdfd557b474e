#!/usr/bin/env bash
# Input-to-pixels latency of the demo window beside GTK4 and Qt 6 Quick peers, in one run.
#
# Each program is started in one private Xvfb at 1280x800 (ours with the software renderer, GTK4
# with its cairo renderer, Qt Quick with its software scene graph and basic render loop, so all
# three draw on the CPU and send their pixels to the same server), and the probe
# (Benchmarks/input-latency.c) sends TRIALS inputs with XTest and times each until the window's
# pixels change (XDamage). The cases:
#   wheel  one notch, down and up in turn, over a grid of 1,000,000 items (ours: the grid scene);
#   key    Page Down and Page Up in turn, the grid having the keyboard focus;
#   scroll the same keys, timed until the damage covers a box of 100,000 pixels at least: the
#          content moved, not only a scroll bar or a focus ring;
#   drag   with an item held (ours: a boards card lifted by a long press; the peers: a card their
#          toolkit's drag gesture moves), the pointer moved 6 pixels at a time.
# The peers are Benchmarks/peers/gtk-latency-peer.c and qt-latency-peer.cpp, compiled here; a peer
# that cannot be built (no GTK4 or Qt6Quick development files) is left out with a note. Programs
# alternate within each case. Prints p50 / p99 in milliseconds per program and case, and the
# ratio of the better peer's p99 to ours.
#
#   Benchmarks/input-latency.sh [--trials 200] [--bin .build/release/collection-demo] [--before BIN]
#                               [--cases "wheel key scroll drag"] [--programs "ours gtk qt"]
# --before adds a column for another build of ours (the same cases, in the same run); --cases and
# --programs run only those named (a peer named but not built is still left out).
set -uo pipefail
cd "$(dirname "$0")/.."
trials=200; bin=.build/release/collection-demo; before=""; cases="wheel key scroll drag"; only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --trials) trials=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        --before) before=$2; shift 2 ;;
        --cases) cases=$2; shift 2 ;;
        --programs) only=$2; shift 2 ;;
        *) echo "input-latency: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "input-latency: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
[ -z "$before" ] || [ -x "$before" ] || { echo "input-latency: --before $before is not a program" >&2; exit 1; }
command -v xdotool >/dev/null || { echo "input-latency: needs xdotool and Xvfb (scripts/install-deps.sh --test)" >&2; exit 1; }
pkg-config --exists x11 xtst xdamage || { echo "input-latency: needs libxtst-dev and libxdamage-dev" >&2; exit 1; }
work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
start_private_xvfb
app_pid=""
trap stop_private_xvfb EXIT
export DISPLAY=$display
cc -O2 -o "$work/probe" Benchmarks/input-latency.c $(pkg-config --cflags --libs x11 xtst xdamage) || exit 1
programs="ours"
[ -n "$before" ] && programs="$programs before"
notes=""
if pkg-config --exists gtk4 && cc -O2 -o "$work/gtk" Benchmarks/peers/gtk-latency-peer.c $(pkg-config --cflags --libs gtk4) 2>"$work/gtk.log"; then
    programs="$programs gtk"
else
    notes="$notes\nGTK4 peer not built (needs libgtk-4-dev)"
fi
if pkg-config --exists Qt6Quick \
    && c++ -O2 -fPIC -std=c++17 -o "$work/qt" Benchmarks/peers/qt-latency-peer.cpp $(pkg-config --cflags --libs Qt6Quick) 2>"$work/qt.log"; then
    programs="$programs qt"
    mkdir -m 700 "$work/runtime"
else
    notes="$notes\nQt Quick peer not built (needs qt6-declarative-dev qml6-module-qtquick)"
fi

if [ -n "$only" ]; then
    kept=""
    for program in $programs; do case " $only " in *" $program "*) kept="$kept $program" ;; esac; done
    programs=${kept# }
fi

# start PROGRAM CASE: starts it; sets app_pid, wid and point (where the probe puts the pointer).
start() {
    local program=$1 case=$2 scene=grid
    point="640 400"
    [ "$case" = drag ] && { scene=boards; point="230 126"; }
    case $program in
        ours|before)
            local b=$bin; [ "$program" = before ] && b=$before
            XDG_STATE_HOME=$work/state "$b" --fresh --scene "$scene" --size 1280x800 --no-accessibility >"$work/app.log" 2>&1 & ;;
        gtk)
            [ "$case" = drag ] && point="270 195"
            GSK_RENDERER=cairo "$work/gtk" "$([ "$case" = drag ] && echo drag || echo grid)" >"$work/app.log" 2>&1 & ;;
        qt)
            [ "$case" = drag ] && point="270 195"
            QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR=$work/runtime \
                "$work/qt" "$([ "$case" = drag ] && echo drag || echo grid)" >"$work/app.log" 2>&1 & ;;
    esac
    app_pid=$!
    wid=$(timeout 60 xdotool search --sync --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
    [ -n "$wid" ] || { echo "input-latency: $program showed no window: $(head -c 200 "$work/app.log")" >&2; return 1; }
    sleep 2
}

field() { echo "$1" | sed -n "s/.*\"$2\": *\([0-9.]*\).*/\1/p"; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $trials trials a case"
declare -A result
for case in $cases; do
    for program in $programs; do
        start "$program" "$case" || { result[$program.$case]=""; kill "$app_pid" 2>/dev/null; continue; }
        if [ "$case" = scroll ]; then
            result[$program.$case]=$("$work/probe" --min-area 100000 "$display" "$wid" "$trials" key $point)
        else
            result[$program.$case]=$("$work/probe" "$display" "$wid" "$trials" "$case" $point)
        fi
        kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-6s" "case"
for program in $programs; do printf " %22s" "$program p50 / p99 ms"; done
printf " %s\n" "  better peer p99 / ours"
for case in $cases; do
    printf "%-6s" "$case"
    best=""
    for program in $programs; do
        r=${result[$program.$case]}
        if [ -z "$r" ] || [ -z "$(field "$r" p50_ms)" ]; then printf " %22s" "-"; continue; fi
        printf " %22s" "$(field "$r" p50_ms) / $(field "$r" p99_ms) ($(field "$r" timeouts))"
        case $program in gtk|qt)
            p=$(field "$r" p99_ms)
            [ -z "$best" ] || awk -v a="$p" -v b="$best" 'BEGIN { exit !(a < b) }' && best=$p ;;
        esac
    done
    ours=$(field "${result[ours.$case]}" p99_ms)
    [ -n "$best" ] && [ -n "$ours" ] && awk -v b="$best" -v o="$ours" 'BEGIN { printf "   %.2fx", b / o }'
    echo
done
echo "(in brackets: trials with no change within 500 ms, left out)"
[ -n "$notes" ] && printf "$notes\n"
for case in $cases; do for program in $programs; do echo "$program $case: ${result[$program.$case]}"; done; done
exit 0
