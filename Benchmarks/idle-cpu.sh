#!/usr/bin/env bash
# Idle CPU of the demo window, scene by scene, next to a minimal GTK4 window measured the same way.
#
# Each program is started in a private Xvfb, left alone for REST seconds once its window is up
# (xdotool sees it), then its CPU time
# (utime + stime from /proc/PID/stat) is read over SPAN seconds. The figure is the share of one
# core it used meanwhile. Usage:
#
#   Benchmarks/idle-cpu.sh [--rest 2] [--span 5] [--bin .build/release/collection-demo]
#
# The GTK4 peer (Benchmarks/peers/gtk-idle-window.c) is compiled into a temporary directory when
# pkg-config finds gtk4 (Debian: apt-get install libgtk-4-dev); otherwise its line says so.
set -uo pipefail
cd "$(dirname "$0")/.."
rest=2; span=5; bin=.build/release/collection-demo
while [ $# -gt 0 ]; do
    case "$1" in
        --rest) rest=$2; shift 2 ;;
        --span) span=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        *) echo "idle-cpu: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "idle-cpu: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
start_private_xvfb
app_pid=""
trap stop_private_xvfb EXIT

ticks_per_second=$(getconf CLK_TCK)
cpu_ticks() { # PID -> utime + stime in clock ticks (fields 14 and 15; the name in field 2 has no spaces here)
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# measure NAME COMMAND...: starts the program, rests, measures, stops it; prints one line.
# $after_up, when set, runs once the window is up, with $wid its window (a key that opens a field).
after_up=""
measure() {
    local name=$1; shift
    DISPLAY=$display "$@" >"$work/out.log" 2>&1 &
    app_pid=$!
    # Rest starts once the window is up (starting can take a while on a busy machine).
    local wid
    wid=$(DISPLAY=$display timeout 20 xdotool search --sync --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
    [ -n "$after_up" ] && [ -n "$wid" ] && DISPLAY=$display eval "$after_up"
    sleep "$rest"
    if ! kill -0 "$app_pid" 2>/dev/null; then
        echo "$name: did not stay up: $(head -c 300 "$work/out.log")"; app_pid=""; return
    fi
    local t0 t1
    t0=$(cpu_ticks "$app_pid")
    sleep "$span"
    t1=$(cpu_ticks "$app_pid")
    kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
    awk -v n="$name" -v d=$((t1 - t0)) -v hz="$ticks_per_second" -v s="$span" \
        'BEGIN { printf "%-28s %5.2f%% of a core (%d ticks of 1/%d s in %d s)\n", n, 100 * d / hz / s, d, hz, s }'
}

echo "idle CPU over ${span} s after ${rest} s of rest, Xvfb $display, $(nproc) cores"
# The scene list, from the error the demo gives for a scene that does not exist (one line).
scenes=$("$bin" --headless --scene '?' 2>&1 | sed -n "s/.*scenes: //p" | tr -d ',')
for scene in $scenes; do
    measure "collection-demo $scene" "$bin" --fresh --scene "$scene"
done

# A text field with its caret blinking: Ctrl+N opens a new card's title field on the boards. The
# caret blinks for 10 s (TextFieldStyle.blinkTimeout) and each blink is a deadline the window
# sleeps until; REST + SPAN must stay under those 10 s for the span to measure the blinking.
after_up='xdotool windowfocus --sync "$wid" 2>/dev/null; sleep 0.3; xdotool key --window "$wid" ctrl+n'
measure "collection-demo boards, a field open, caret blinking" "$bin" --fresh --scene boards
after_up=""

if pkg-config --exists gtk4 2>/dev/null; then
    cc -O2 -o "$work/gtk-idle-window" Benchmarks/peers/gtk-idle-window.c $(pkg-config --cflags --libs gtk4) &&
        GSK_RENDERER=cairo measure "gtk4 window (cairo)" "$work/gtk-idle-window"
else
    echo "gtk4 window: not measured (pkg-config finds no gtk4; apt-get install libgtk-4-dev)"
fi
