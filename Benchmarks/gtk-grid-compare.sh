#!/usr/bin/env bash
# The grid scrolling 1,000,000 items, side by side with GTK4's GtkGridView and Qt 6 Quick's GridView
# (see Benchmarks/README.md), in one run.
# GTK: Benchmarks/peers/gtk-grid-scroll.c, cairo renderer, in a private Xvfb, 40 points a frame.
# Qt:  Benchmarks/peers/qt-grid-scroll.cpp, software scene graph and basic render loop, same Xvfb,
#      40 points a frame (built when pkg-config finds Qt6Quick: apt-get install qt6-declarative-dev
#      qml6-module-qtquick qml6-module-qtqml-workerscript; left out with a note otherwise).
# Ours: the headless grid scene with the same pan (Benchmarks/grid-pan-40.txt), 1280x800.
# The floor: Benchmarks/peers/fill-once.c, every pixel of a 1280x800 frame written once, and copied once.
# Every figure is the CPU time of the drawing thread per frame, 600 frames after 30 of warm-up.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${COLLECTION_DEMO:-.build/release/collection-demo}
[ -x "$bin" ] || { echo "gtk-grid-compare: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
pkg-config --exists gtk4 || { echo "gtk-grid-compare: needs GTK4 (apt-get install libgtk-4-dev)" >&2; exit 1; }
work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
start_private_xvfb
trap stop_private_xvfb EXIT

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
cc -O2 -o "$work/gtk-grid-scroll" Benchmarks/peers/gtk-grid-scroll.c $(pkg-config --cflags --libs gtk4) || exit 1
gtk=$(DISPLAY=$display GSK_RENDERER=cairo timeout 300 "$work/gtk-grid-scroll" 600 2>/dev/null)
qt=""
qt_missing="not built (needs Qt6Quick: apt-get install qt6-declarative-dev qml6-module-qtquick qml6-module-qtqml-workerscript)"
if pkg-config --exists Qt6Quick \
    && c++ -O2 -fPIC -std=c++17 -o "$work/qt-grid-scroll" Benchmarks/peers/qt-grid-scroll.cpp $(pkg-config --cflags --libs Qt6Quick) 2>"$work/qt.log"; then
    mkdir -m 700 "$work/runtime"
    qt=$(DISPLAY=$display QT_QUICK_BACKEND=software QSG_RENDER_LOOP=basic QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR=$work/runtime \
        timeout 300 "$work/qt-grid-scroll" 600 2>"$work/qt-run.log")
    [ -n "$qt" ] || qt_missing="built but gave no figures: $(tail -1 "$work/qt-run.log")"
fi
cc -O2 -o "$work/fill-once" Benchmarks/peers/fill-once.c || exit 1
floor=$("$work/fill-once" 600)
ours=$("$bin" --headless --scene grid --items 1000000 --size 1280x800 --replay Benchmarks/grid-pan-40.txt --stats - | tr -d '\n ')
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "gtk4:  $gtk"
echo "qt6:   ${qt:-$qt_missing}"
echo "ours:  $ours"
echo "$floor" | sed 's/^/floor: /'
field() { echo "$1" | sed -n "s/.*\"$2\": *\([0-9.]*\).*/\1/p"; }
ratio() {  # peer name, peer's JSON
    awk -v name="$1" -v p50="$(field "$2" frame_ms_p50)" -v p99="$(field "$2" frame_ms_p99)" \
        -v o50="$(field "$ours" frame_ms_p50)" -v o99="$(field "$ours" frame_ms_p99)" \
        'BEGIN { printf "ours is %.2fx faster than %s at the median, %.2fx at p99\n", p50 / o50, name, p99 / o99 }'
}
ratio "GTK4" "$gtk"
[ -n "$qt" ] && ratio "Qt Quick" "$qt"
fill=$(echo "$floor" | head -1)
awk -v f50="$(field "$fill" frame_ms_p50)" -v o50="$(field "$ours" frame_ms_p50)" \
    'BEGIN { printf "ours is %.1fx the cost of writing every pixel once, at the median\n", o50 / f50 }'
exit 0
