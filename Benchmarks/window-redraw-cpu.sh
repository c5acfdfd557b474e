#!/usr/bin/env bash
# CPU used by the demo window and by the X server while the user does something, drawing only what
# changed (the default) beside drawing every frame whole (--whole-frames), in one run.
#
# Each case starts the demo in a private Xvfb at 1280x800 with the software renderer, waits for the
# window, plays one gesture with xdotool (the same for both modes), and reads the CPU time
# (utime + stime from /proc/PID/stat) of the app and of Xvfb over the gesture. Modes alternate,
# RUNS times each; the medians are printed as milliseconds of CPU per second of gesture.
#
#   Benchmarks/window-redraw-cpu.sh [--runs 3] [--bin .build/release/collection-demo]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=3; bin=.build/release/collection-demo
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        *) echo "window-redraw-cpu: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "window-redraw-cpu: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
command -v xdotool >/dev/null || { echo "window-redraw-cpu: needs xdotool and Xvfb (scripts/install-deps.sh --test)" >&2; exit 1; }
work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
start_private_xvfb
app_pid=""
trap stop_private_xvfb EXIT
export DISPLAY=$display
hz=$(getconf CLK_TCK)
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# The gestures: each plays for about 3 seconds.
gesture_wheel() {  # the grid scrolled by the wheel, 20 notches a second
    xdotool mousemove --window "$1" 640 400 click --repeat 60 --delay 50 5
}
gesture_drag() {  # a boards card held and moved back and forth over its column, a move a frame
    local args=(mousemove --window "$1" 230 126 mousedown 1 sleep 0.1)
    for i in $(seq 0 179); do
        local y=$(( 150 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8 ))
        args+=(mousemove --window "$1" 300 "$y" sleep 0.016)
    done
    xdotool "${args[@]}" mouseup 1
}
gesture_hover() {  # the pointer passed over the mosaic's cards, a move a frame
    local args=()
    for i in $(seq 0 179); do args+=(mousemove --window "$1" $(( 40 + i * 6 )) $(( 300 + (i % 40) * 5 )) sleep 0.016); done
    xdotool "${args[@]}"
}

# run SCENE GESTURE MODE...: prints "app_ms_per_s x_ms_per_s" for one run.
run() {
    local scene=$1 gesture=$2; shift 2
    XDG_STATE_HOME=$work/state "$bin" --fresh --scene "$scene" --size 1280x800 --no-accessibility "$@" >"$work/app.log" 2>&1 &
    app_pid=$!
    local wid
    wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
    [ -n "$wid" ] || { echo "no window: $(head -c 200 "$work/app.log")" >&2; kill "$app_pid"; app_pid=""; return 1; }
    sleep 1
    local a0 x0 t0 a1 x1 t1
    a0=$(ticks "$app_pid"); x0=$(ticks "$xvfb_pid"); t0=$(date +%s.%N)
    "gesture_$gesture" "$wid"
    a1=$(ticks "$app_pid"); x1=$(ticks "$xvfb_pid"); t1=$(date +%s.%N)
    kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
    awk -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v s="$(echo "$t1 - $t0" | bc)" -v hz="$hz" \
        'BEGIN { printf "%.0f %.0f\n", a * 1000 / hz / s, x * 1000 / hz / s }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $runs runs a mode, alternating"
printf "%-28s %22s %22s\n" "gesture" "only what changed" "every frame whole"
printf "%-28s %22s %22s\n" "" "app / X server ms/s" "app / X server ms/s"
for case in "grid wheel" "boards drag" "mosaic hover"; do
    set -- $case
    : >"$work/part"; : >"$work/whole"
    for _ in $(seq "$runs"); do
        run "$1" "$2" >>"$work/part" || exit 1
        run "$1" "$2" --whole-frames >>"$work/whole" || exit 1
    done
    pa=$(cut -d' ' -f1 "$work/part" | median); px=$(cut -d' ' -f2 "$work/part" | median)
    wa=$(cut -d' ' -f1 "$work/whole" | median); wx=$(cut -d' ' -f2 "$work/whole" | median)
    printf "%-28s %22s %22s\n" "$1 $2" "$pa / $px" "$wa / $wx"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
