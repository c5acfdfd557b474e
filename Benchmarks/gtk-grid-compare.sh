#!/usr/bin/env bash
# The grid scrolling 1,000,000 items, side by side with GTK4's GtkGridView (see Benchmarks/README.md).
# GTK: Benchmarks/peers/gtk-grid-scroll.c, cairo renderer, in a private Xvfb, 40 points a frame.
# Ours: the headless grid scene with the same pan (Benchmarks/grid-pan-40.txt), 1280x800.
# Both figures are the CPU time of the drawing thread per frame, 600 frames after 30 of warm-up.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${COLLECTION_DEMO:-.build/release/collection-demo}
[ -x "$bin" ] || { echo "gtk-grid-compare: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
pkg-config --exists gtk4 || { echo "gtk-grid-compare: needs GTK4 (apt-get install libgtk-4-dev)" >&2; exit 1; }
work=$(mktemp -d)
for n in $(seq 200 260); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || { display=":$n"; break; }
done
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done

cc -O2 -o "$work/gtk-grid-scroll" Benchmarks/peers/gtk-grid-scroll.c $(pkg-config --cflags --libs gtk4) || exit 1
gtk=$(DISPLAY=$display GSK_RENDERER=cairo timeout 300 "$work/gtk-grid-scroll" 600 2>/dev/null)
ours=$("$bin" --headless --scene grid --items 1000000 --size 1280x800 --replay Benchmarks/grid-pan-40.txt --stats - | tr -d '\n ')
echo "gtk4:  $gtk"
echo "ours:  $ours"
field() { echo "$1" | sed -n "s/.*\"$2\": *\([0-9.]*\).*/\1/p"; }
awk -v g50="$(field "$gtk" frame_ms_p50)" -v g99="$(field "$gtk" frame_ms_p99)" \
    -v o50="$(field "$ours" frame_ms_p50)" -v o99="$(field "$ours" frame_ms_p99)" \
    'BEGIN { printf "ours is %.2fx faster at the median, %.2fx at p99\n", g50 / o50, g99 / o99 }'
