#!/usr/bin/env bash
# CPU used by the demo window and by the X server while the user does something, drawing only what
# changed (the default) beside drawing every frame whole (--whole-frames), in one run.
#
# Each case starts the demo in a private Xvfb at 1280x800 with the software renderer, waits for the
# window, plays one gesture with xdotool (the same for both modes), and reads the CPU time
# (utime + stime from /proc/PID/stat) of the app and of Xvfb over the gesture. Modes alternate,
# RUNS times each; the medians are printed as milliseconds of CPU per second of gesture.
#
#   Benchmarks/window-redraw-cpu.sh [--runs 3] [--bin .build/release/collection-demo] [--peers]
#
# --peers measures instead the energy of a gesture beside the peers of Benchmarks/input-latency.sh
# (GTK4, cairo renderer; Qt 6 Quick, software scene graph, basic render loop), all in one Xvfb and
# one run: the CPU of the program plus the X server per second of
#   wheel   40 notches a second for 5 s over the grid of 1,000,000 items;
#   hover   the pointer across the grid's items, a move every 16 ms for about 3 s;
#   drag    an item held and moved, a move every 16 ms for about 3 s (ours: a rearrange tile held
#           at the bottom edge, so the view auto-scrolls the whole time; the peers' cards have no
#           auto-scroll: their figure is a drag without it);
#   card    an item held and moved back and forth without auto-scroll, a move every 16 ms for about
#           3 s (ours: a boards card over its column, as in the default mode; the peers' cards as in drag);
#   flick   a paging flick every 0.6 s for about 5 s (ours: the carousel; the peers have no paging
#           view of their own and are left out).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=3; bin=.build/release/collection-demo; peers=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --peers) peers=1; shift ;;
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

if [ "$peers" = 1 ]; then
    gesture_wheel40() { xdotool mousemove --window "$1" 640 400 click --repeat 200 --delay 25 5; }
    gesture_autoscroll() {  # a rearrange tile held 0.4 s, taken to the bottom edge and kept moving there
        local args=(mousemove --window "$1" 218 120 mousedown 1 sleep 0.4)
        for i in $(seq 0 19); do args+=(mousemove --window "$1" 218 $(( 120 + i * 33 )) sleep 0.016); done
        for i in $(seq 0 159); do args+=(mousemove --window "$1" $(( 218 + (i % 20) * 2 )) 785 sleep 0.016); done
        xdotool "${args[@]}" mouseup 1
    }
    gesture_carddrag() {  # a peer's card held and moved back and forth, a move every 16 ms
        local args=(mousemove --window "$1" 270 195 mousedown 1 sleep 0.1)
        for i in $(seq 0 179); do
            args+=(mousemove --window "$1" $(( 270 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8 )) 260 sleep 0.016)
        done
        xdotool "${args[@]}" mouseup 1
    }
    gesture_gridhover() {
        local args=()
        for i in $(seq 0 179); do args+=(mousemove --window "$1" $(( 40 + i * 6 )) $(( 120 + (i % 40) * 15 )) sleep 0.016); done
        xdotool "${args[@]}"
    }
    gesture_flick() {  # the carousel flicked a page at a time, left then right
        local args=()
        for i in $(seq 0 7); do
            if [ $(( i % 4 )) -lt 2 ]; then args+=(mousemove --window "$1" 900 400 mousedown 1); for x in 820 740 660 580; do args+=(mousemove --window "$1" $x 400 sleep 0.016); done
            else args+=(mousemove --window "$1" 400 400 mousedown 1); for x in 480 560 640 720; do args+=(mousemove --window "$1" $x 400 sleep 0.016); done; fi
            args+=(mouseup 1 sleep 0.55)
        done
        xdotool "${args[@]}"
    }
    pkg-config --exists gtk4 && cc -O2 -o "$work/gtk" Benchmarks/peers/gtk-latency-peer.c $(pkg-config --cflags --libs gtk4) 2>/dev/null || rm -f "$work/gtk"
    pkg-config --exists Qt6Quick && c++ -O2 -fPIC -std=c++17 -o "$work/qt" Benchmarks/peers/qt-latency-peer.cpp $(pkg-config --cflags --libs Qt6Quick) 2>/dev/null || rm -f "$work/qt"
    mkdir -m 700 "$work/runtime"
    # peer PROGRAM MODE GESTURE: as run, for a peer.
    peer() {
        local program=$1 mode=$2 gesture=$3
        if [ "$program" = gtk ]; then GSK_RENDERER=cairo "$work/gtk" "$mode" >"$work/app.log" 2>&1 &
        else QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR=$work/runtime "$work/qt" "$mode" >"$work/app.log" 2>&1 &
        fi
        app_pid=$!
        local wid
        wid=$(timeout 60 xdotool search --sync --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
        [ -n "$wid" ] || { echo "- -"; kill "$app_pid"; app_pid=""; return; }
        sleep 2
        local a0 x0 t0 a1 x1 t1
        a0=$(ticks "$app_pid"); x0=$(ticks "$xvfb_pid"); t0=$(date +%s.%N)
        "gesture_$gesture" "$wid"
        a1=$(ticks "$app_pid"); x1=$(ticks "$xvfb_pid"); t1=$(date +%s.%N)
        kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
        awk -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v s="$(echo "$t1 - $t0" | bc)" -v hz="$hz" \
            'BEGIN { printf "%.0f %.0f\n", a * 1000 / hz / s, x * 1000 / hz / s }'
    }
    both() { awk '{ printf "%s / %s", $1, $2 }' "$1"; }
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $runs runs each, programs alternating"
    printf "%-8s %20s %20s %20s\n" "gesture" "ours" "GTK4" "Qt Quick"
    printf "%-8s %20s %20s %20s\n" "" "app / X ms/s" "app / X ms/s" "app / X ms/s"
    # name, our scene and gesture, the peers' mode and gesture (- for none)
    for spec in "wheel grid wheel40 grid wheel40" "hover grid gridhover grid gridhover" \
                "drag rearrange autoscroll drag carddrag" "card boards drag drag carddrag" "flick carousel flick - -"; do
        set -- $spec
        : >"$work/ours"; : >"$work/gtkr"; : >"$work/qtr"
        for _ in $(seq "$runs"); do
            run "$2" "$3" >>"$work/ours" || exit 1
            if [ "$4" != - ]; then
                [ -x "$work/gtk" ] && peer gtk "$4" "$5" >>"$work/gtkr"
                [ -x "$work/qt" ] && peer qt "$4" "$5" >>"$work/qtr"
            fi
        done
        row=()
        for f in ours gtkr qtr; do
            if [ -s "$work/$f" ]; then
                row+=("$(cut -d' ' -f1 "$work/$f" | median) / $(cut -d' ' -f2 "$work/$f" | median)")
            else row+=("-"); fi
        done
        printf "%-8s %20s %20s %20s\n" "$1" "${row[0]}" "${row[1]}" "${row[2]}"
    done
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
    [ -x "$work/gtk" ] || echo "GTK4 peer not built (needs libgtk-4-dev)"
    [ -x "$work/qt" ] || echo "Qt Quick peer not built (needs qt6-declarative-dev qml6-module-qtquick)"
    exit 0
fi

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
