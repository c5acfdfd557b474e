#!/usr/bin/env bash
# Every gesture beside its peers, like for like, in one run: the CPU time of the program and of the
# X server per second of a gesture, ours against GTK4 (cairo renderer; libadwaita's AdwCarousel for
# paging) and Qt 6 Quick (software scene graph, basic render loop), all in one private Xvfb at
# 24-bit, driven by the same xdotool moves (a move every 16 ms), programs alternating within each
# gesture. CPU time is utime + stime from /proc/PID/stat, less inflated by other work on a shared
# machine than wall time; the load average is printed before and after and beside each row.
#
#   drag    one list of cards, one card dragged along it and back without auto-scroll (ours:
#           drag-list-bench, a DragDropCollection of 12 cards; GTK4: Benchmarks/peers/gtk-drag-list.c,
#           GtkListView + GtkDragSource/GtkDropTarget; Qt: Benchmarks/peers/qt-gesture-peer.cpp
#           draglist, ListView + DragHandler); in each the other cards make way as it passes;
#   moves   the drag's 180 moves over the same three programs with no button held: what a pointer
#           move costs a window that draws nothing for it, so the drag reads as this + drawing;
#   boards  ours only: a boards card over its column in the demo (six boards, gaps opening and
#           closing), the drag Benchmarks/window-redraw-cpu.sh measures;
#   hover   the pointer across a grid's items (ours: the demo's grid, which highlights the item
#           under the pointer, as GTK4's grid view does; Qt's grid cells do not react to hover);
#   wheel   40 notches a second for 5 s over a grid of 1,000,000 items;
#   flick   a paging flick every 0.6 s, left then right, like for like (ours: page-flick-bench,
#           twelve flat 720x520 cards, one a 1280-wide page, that only translate; GTK4:
#           Benchmarks/peers/adw-carousel.c, AdwCarousel with the same cards; Qt: a ListView
#           snapping one page at a time). For paging also the CPU a frame costs while flicking
#           (the gesture's CPU over the frames the X server saw, Benchmarks/damage-count.c, the
#           same for all) and the latency from a Right key to the first changed pixel
#           (Benchmarks/input-latency.c arrows: Right and Left in turn, p50 / p99);
#   carousel ours only: the same flick over the demo's carousel (three large cards in view that
#           scale and fade as they turn), with its per-frame and key figures beside the flick's.
#
#   Benchmarks/gestures.sh [--runs 3] [--trials 40] [--no-build] [--only "drag moves boards hover wheel flick carousel"]
#                          [--demo BIN] [--list BIN] [--pages BIN]
# --demo measures another build of the demo (an earlier one, say) in place of .build/release's;
# --list another build of drag-list-bench; --pages another build of page-flick-bench (a build
# without it, from before it existed, leaves the flick's "ours" out, with a note).
#
# Prints a markdown table (medians of the runs; app / X server ms of CPU per second), then the
# paging figures. Needs Xvfb, xdotool, a C and C++ compiler, libgtk-4-dev, libadwaita-1-dev and
# qt6-declarative-dev + qml6-module-qtquick + qml6-module-qtqml-workerscript for the peers (a peer that cannot be built is left out,
# with a note), libxtst-dev and libxdamage-dev.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=${PATH}:/opt/swift/usr/bin
runs=3; trials=40; build=1; only="drag moves boards hover wheel flick carousel"; demo=.build/release/collection-demo; list=.build/release/drag-list-bench
pages=.build/release/page-flick-bench
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --trials) trials=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        --only) only=$2; shift 2 ;;
        --demo) demo=$2; shift 2 ;;
        --list) list=$2; shift 2 ;;
        --pages) pages=$2; shift 2 ;;
        *) echo "gestures: unknown argument '$1' (--runs N, --trials N, --no-build, --only LIST, --demo BIN, --list BIN, --pages BIN)" >&2; exit 2 ;;
    esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ && "$trials" =~ ^[1-9][0-9]*$ ]] || { echo "gestures: --runs and --trials take a positive number" >&2; exit 2; }
for g in $only; do
    [[ " drag moves boards hover wheel flick carousel " == *" $g "* ]] || { echo "gestures: no gesture '$g' (drag moves boards hover wheel flick carousel)" >&2; exit 2; }
done
if [ $build = 1 ]; then
    for p in collection-demo drag-list-bench page-flick-bench; do
        swift build -c release --product "$p" >/dev/null || { echo "gestures: the release build of $p failed" >&2; exit 1; }
    done
fi
for b in "$demo" "$list"; do [ -x "$b" ] || { echo "gestures: $b is missing; run without --no-build" >&2; exit 1; }; done
command -v xdotool >/dev/null && command -v Xvfb >/dev/null || { echo "gestures: needs xdotool and Xvfb (scripts/install-deps.sh --test)" >&2; exit 1; }
pkg-config --exists x11 xtst xdamage || { echo "gestures: needs libxtst-dev and libxdamage-dev" >&2; exit 1; }

work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
start_private_xvfb
app_pid=""
trap stop_private_xvfb EXIT
export DISPLAY=$display
hz=$(getconf CLK_TCK)
notes=()
[ -x "$pages" ] || notes+=("$pages is missing: the flick's \"ours\" is left out (run without --no-build)")
cc -O2 -o "$work/probe" Benchmarks/input-latency.c $(pkg-config --cflags --libs x11 xtst xdamage) || exit 1
cc -O2 -o "$work/frames" Benchmarks/damage-count.c $(pkg-config --cflags --libs x11 xdamage) || exit 1
build_peer() {  # NAME COMPILER SOURCE PKG: compiles a peer into $work/NAME, or notes why not
    local name=$1 compiler=$2 source=$3 pkg=$4
    if pkg-config --exists "$pkg" && $compiler -O2 -fPIC -o "$work/$name" "$source" $(pkg-config --cflags --libs "$pkg") 2>"$work/$name.log"; then
        return 0
    fi
    notes+=("$name not built: needs the $pkg development files ($(head -c 200 "$work/$name.log" 2>/dev/null))")
    rm -f "$work/$name"
}
build_peer gtk-latency cc Benchmarks/peers/gtk-latency-peer.c gtk4
build_peer gtk-drag-list cc Benchmarks/peers/gtk-drag-list.c gtk4
build_peer adw-carousel cc Benchmarks/peers/adw-carousel.c libadwaita-1
build_peer qt-latency "c++ -std=c++17" Benchmarks/peers/qt-latency-peer.cpp Qt6Quick
build_peer qt-gesture "c++ -std=c++17" Benchmarks/peers/qt-gesture-peer.cpp Qt6Quick
mkdir -m 700 "$work/runtime"

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
load1() { cut -d' ' -f1 /proc/loadavg; }

# The gestures, each given the window; all moves 16 ms apart.
gesture_listdrag() {  # card 2 of the list pressed, taken down four cards and back, three times
    local args=(mousemove --window "$1" 200 112 mousedown 1 sleep 0.1)
    for i in $(seq 0 179); do
        args+=(mousemove --window "$1" 200 $(( 112 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8 )) sleep 0.016)
    done
    xdotool "${args[@]}" mouseup 1
}
gesture_listmoves() {  # the same moves as gesture_listdrag, no button held
    local args=(mousemove --window "$1" 200 112 sleep 0.1)
    for i in $(seq 0 179); do
        args+=(mousemove --window "$1" 200 $(( 112 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8 )) sleep 0.016)
    done
    xdotool "${args[@]}"
}
gesture_boards() {  # a boards card held and moved back and forth over its column
    local args=(mousemove --window "$1" 230 126 mousedown 1 sleep 0.1)
    for i in $(seq 0 179); do
        args+=(mousemove --window "$1" 300 $(( 150 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8 )) sleep 0.016)
    done
    xdotool "${args[@]}" mouseup 1
}
gesture_hover() {
    local args=()
    for i in $(seq 0 179); do args+=(mousemove --window "$1" $(( 40 + i * 6 )) $(( 120 + (i % 40) * 15 )) sleep 0.016); done
    xdotool "${args[@]}"
}
gesture_wheel() { xdotool mousemove --window "$1" 640 400 click --repeat 200 --delay 25 5; }
gesture_flick() {  # a page flicked every 0.6 s: two to the left, two back, twice
    local args=()
    for i in $(seq 0 7); do
        if [ $(( i % 4 )) -lt 2 ]; then args+=(mousemove --window "$1" 900 400 mousedown 1); for x in 820 740 660 580; do args+=(mousemove --window "$1" $x 400 sleep 0.016); done
        else args+=(mousemove --window "$1" 400 400 mousedown 1); for x in 480 560 640 720; do args+=(mousemove --window "$1" $x 400 sleep 0.016); done; fi
        args+=(mouseup 1 sleep 0.55)
    done
    xdotool "${args[@]}"
}

# start PROGRAM: starts one program (ours or a peer, with its renderer settings) and sets $app_pid
# and $wid; returns non-zero when no window came.
start() {
    local stats=$work/stats-$RANDOM.json mode=""
    [[ $1 == *:* ]] && mode=${1#*:}
    case "$1" in
        ours-list) COLLECTIONKIT_STATS=$stats exec "$list" ;;
        ours-pages) COLLECTIONKIT_STATS=$stats exec "$pages" ;;
        ours-grid|ours-boards|ours-carousel)
            COLLECTIONKIT_STATS=$stats XDG_STATE_HOME=$work/state exec "$demo" --fresh --scene "${1#ours-}" --size 1280x800 --no-accessibility ;;
        gtk-*|adw-*) GSK_RENDERER=cairo exec "$work/${1%%:*}" $mode ;;
        qt-*) QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR=$work/runtime exec "$work/${1%%:*}" $mode ;;
    esac >"$work/app.log" 2>&1 &   # each branch execs: $! is the program
    app_pid=$!
    app_stats=$stats
    wid=$(timeout 60 xdotool search --sync --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
    [ -n "$wid" ] || { notes+=("$1: no window ($(head -c 200 "$work/app.log"))"); stop; return 1; }
    # Let it settle: fonts, first frames, a peer's start-up animations.
    sleep 2
}
stop() {
    [ -n "$app_pid" ] && { kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; }
    app_pid=""
}

# measure PROGRAM GESTURE: one run; appends "app_ms_per_s x_ms_per_s frames seconds app_ms load" to
# $work/PROGRAM.GESTURE. The frames the X server saw are counted over the gesture.
measure() {
    local program=$1 gesture=$2 load a0 x0 t0 a1 x1 t1
    start "$program" || return
    load=$(load1)
    a0=$(ticks "$app_pid"); x0=$(ticks "$xvfb_pid"); t0=$(date +%s.%N)
    "$work/frames" "$display" "$wid" 60 >"$work/frames.out" &
    local counter=$!
    "gesture_$gesture" "$wid"
    a1=$(ticks "$app_pid"); x1=$(ticks "$xvfb_pid"); t1=$(date +%s.%N)
    kill -TERM "$counter" 2>/dev/null; wait "$counter" 2>/dev/null
    stop
    awk -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v s="$(echo "$t1 - $t0" | bc)" -v hz="$hz" -v load="$load" -v f="$(cat "$work/frames.out" 2>/dev/null)" \
        'BEGIN { printf "%.1f %.1f %s %.3f %.1f %s\n", a * 1000 / hz / s, x * 1000 / hz / s, (f == "" ? "-" : f), s, a * 1000 / hz, load }' \
        >>"$work/$program.$gesture"
}

# Which programs play which gesture: ours first, then GTK4, then Qt ("-" for none).
declare -A programs=(
    [drag]="ours-list gtk-drag-list qt-gesture:draglist"
    [moves]="ours-list gtk-drag-list qt-gesture:draglist"
    [boards]="ours-boards - -"
    [hover]="ours-grid gtk-latency:grid qt-latency:grid"
    [wheel]="ours-grid gtk-latency:grid qt-latency:grid"
    [flick]="ours-pages adw-carousel qt-gesture:pages"
    [carousel]="ours-carousel - -"
)
declare -A gestures=([drag]=listdrag [moves]=listmoves [boards]=boards [hover]=hover [wheel]=wheel [flick]=flick [carousel]=flick)
declare -A titles=(
    [drag]="drag, one list of cards (like for like: one card along 12, the others making way, no auto-scroll)"
    [moves]="the drag's moves with no button held (the same list, nothing drawn for them)"
    [boards]="drag, a boards card over its column (ours only: six boards, gaps opening and closing)"
    [hover]="hover across a grid's items, a move every 16 ms"
    [wheel]="wheel, 40 notches a second for 5 s over a 1,000,000-item grid"
    [flick]="paging flick every 0.6 s, one flat card a page (like for like; GTK4: AdwCarousel)"
    [carousel]="paging flick every 0.6 s, the demo's carousel (ours only: three cards in view, scaling and fading)"
)
built() {
    [ "$1" = - ] && return 1
    case "$1" in ours-pages) [ -x "$pages" ] ;; ours-*) return 0 ;; *) [ -x "$work/${1%%:*}" ] ;; esac
}

echo "gestures: load average before $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $runs runs each, programs alternating"
for row in $only; do
    for _ in $(seq "$runs"); do
        for p in ${programs[$row]}; do built "$p" && measure "$p" "${gestures[$row]}"; done
    done
done

# Paging latency: a Right key (Left on the next trial) to the first changed pixel.
latency_programs=""
[[ " $only " == *" flick "* ]] && latency_programs=${programs[flick]}
[[ " $only " == *" carousel "* ]] && latency_programs+=" ours-carousel"
if [ -n "$latency_programs" ]; then
    for p in $latency_programs; do
        built "$p" || continue
        start "$p" || continue
        load=$(load1)
        "$work/probe" "$display" "$wid" "$trials" arrows 640 400 >"$work/$p.latency" 2>>"$work/probe.log"
        echo "$load" >"$work/$p.latency-load"
        stop
    done
fi
echo "gestures: load average after $(cut -d' ' -f1-3 /proc/loadavg)"
echo

python3 - "$work" "$runs" "$only" <<PY
import json, os, statistics, sys
work, runs, only = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
programs = {$(for r in drag moves boards hover wheel flick carousel; do printf '"%s": "%s", ' "$r" "${programs[$r]}"; done)}
gestures = {$(for r in drag moves boards hover wheel flick carousel; do printf '"%s": "%s", ' "$r" "${gestures[$r]}"; done)}
titles = {$(for r in drag moves boards hover wheel flick carousel; do printf '"%s": "%s", ' "$r" "${titles[$r]}"; done)}
def rows(p, g):
    path = os.path.join(work, f"{p}.{g}")
    if p == "-" or not os.path.exists(path): return []
    return [l.split() for l in open(path) if l.strip()]
def med(rs, k):
    v = [float(r[k]) for r in rs if r[k] != "-"]
    return statistics.median(v) if v else None
def cell(rs):
    if not rs: return "—", None
    a, x = med(rs, 0), med(rs, 1)
    fps = [int(r[2]) / float(r[3]) for r in rs if r[2] != "-"]
    return f"{a:.0f} / {x:.0f}" + (f" ({statistics.median(fps):.0f} frames/s)" if fps else ""), a + x
print("| gesture | load average | ours | GTK4 | Qt Quick | better peer / ours |")
print("| --- | --- | --- | --- | --- | --- |")
for row in only:
    cells, totals, loads = [], [], []
    for p in programs[row].split():
        rs = rows(p, gestures[row])
        loads += [float(r[5]) for r in rs]
        c, t = cell(rs)
        cells.append(c); totals.append(t)
    peers = [t for t in totals[1:] if t is not None]
    ratio = f"{min(peers) / totals[0]:.2f}x" if peers and totals[0] else "—"
    load = f"{min(loads):.1f}–{max(loads):.1f}" if loads else "—"
    print(f"| {titles[row]} | {load} | {cells[0]} | {cells[1]} | {cells[2]} | {ratio} |")
print()
print("app / X server: milliseconds of CPU per second of the gesture, medians of", runs, "runs; frames/s: changes")
print("of the window the X server saw per second (DAMAGE notifications less than 2 ms apart counted as one);")
print("better peer / ours: the cheaper peer's app + X server over ours (2x or more: ours at most half).")
if "flick" in only or "carousel" in only:
    print()
    print("| paging | ours (flat pages) | GTK4 AdwCarousel | Qt Quick ListView | ours (the demo's carousel) |")
    print("| --- | --- | --- | --- | --- |")
    frame, lat = [], []
    for p in (programs["flick"].split() if "flick" in only else ["-", "-", "-"]) + (["ours-carousel"] if "carousel" in only else ["-"]):
        rs = rows(p, "flick")
        per = [float(r[4]) / int(r[2]) for r in rs if r[2] not in ("-", "0")]
        fr = [int(r[2]) for r in rs if r[2] != "-"]
        frame.append(f"{statistics.median(per):.2f} ms ({statistics.median(fr):.0f} frames)" if per else "—")
        path = os.path.join(work, f"{p}.latency")
        try:
            j = json.loads(open(path).read())
            load = open(path + "-load").read().strip()
            lat.append(f"{j['p50_ms']:.2f} / {j['p99_ms']:.2f} ms (load {load}; {j['timeouts']} of {j['trials']} timed out)" if "p50_ms" in j else f"no change in {j['trials']} trials")
        except (OSError, ValueError):
            lat.append("—")
    print("| app CPU per frame while flicking (frames the X server saw) | " + " | ".join(frame) + " |")
    print("| Right / Left key to the first changed pixel, p50 / p99 | " + " | ".join(lat) + " |")
PY
for n in "${notes[@]}"; do echo "note: $n"; done
exit 0
