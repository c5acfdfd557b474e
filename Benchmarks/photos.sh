#!/usr/bin/env bash
# Pictures: a grid of 10,000 JPEGs of 4000x3000 (made by the benchmark the first time, kept in
# /tmp/photo-bench-10k) scrolled at 2,400 pt/s in real time, 1280x800 points, 150-point cells,
# with the pipeline's workers decoding for real: first with an empty thumbnail cache and an empty
# memory cache (cold), then with a new pipeline over the thumbnails the cold pass wrote (warm).
# Prints, per pass: the main thread's time per frame (update and draw list; software rendering
# apart), the share of visible cells shown as placeholders and how long pictures waited, resident
# memory while scrolling and after, and the time to the first frame with every visible picture.
# It also times one photo's decode for a cell both ways: libjpeg-turbo reducing while decoding,
# and SDL_image decoding it whole.
# Options pass through: --seconds 20 --speed 2400 --workers N --budget-mb 48 --scale 1 --cell 150 --nice 10 (-1: none)
#   --arrivals N (finished pictures collected an update; 0: all of them)
#   --count 10000 --distinct 40 --dir DIR --decode-only
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=${PATH}:/opt/swift/usr/bin
swift build -c release --product photo-bench >/dev/null
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
.build/release/photo-bench "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# The GTK4 peers on the same folder, in a private Xvfb, when GTK4's headers are installed
# (apt-get install libgtk-4-dev): the fair one (Benchmarks/peers/gtk-photo-thumbs.c: GtkGridView,
# freedesktop thumbnails read or made in GTask workers, as Nautilus does) cold, on an empty
# thumbnail cache of its own, then warm, on what the cold run wrote; then the naive one
# (Benchmarks/peers/gtk-photo-grid.c: GtkPicture with async gdk-pixbuf loads, no thumbnail cache).
if pkg-config --exists gtk4; then
    work=$(mktemp -d)
    . Benchmarks/private-xvfb.sh
    start_private_xvfb
    trap stop_private_xvfb EXIT
    cc -O2 -o "$work/gtk-photo-thumbs" Benchmarks/peers/gtk-photo-thumbs.c $(pkg-config --cflags --libs gtk4) -lm
    cc -O2 -o "$work/gtk-photo-grid" Benchmarks/peers/gtk-photo-grid.c $(pkg-config --cflags --libs gtk4) -lm
    seconds=15; speed=2400
    while [ $# -gt 0 ]; do
        case "$1" in --seconds) seconds=$2; shift;; --speed) speed=$2; shift;; esac
        shift
    done
    mkdir -p "$work/peer-cache"
    for pass in cold warm; do
        DISPLAY=$display GSK_RENDERER=cairo XDG_CACHE_HOME="$work/peer-cache" timeout 300 "$work/gtk-photo-thumbs" /tmp/photo-bench-10k 10000 "$seconds" "$speed" "$pass" 2>/dev/null \
            || echo "gtk4 thumbnail peer ($pass): failed"
        echo "load average after the $pass peer: $(cut -d' ' -f1-3 /proc/loadavg)"
    done
    DISPLAY=$display GSK_RENDERER=cairo timeout 300 "$work/gtk-photo-grid" /tmp/photo-bench-10k 10000 "$seconds" "$speed" 2>/dev/null \
        || echo "gtk4 peer: failed"
    echo "load average after the naive peer: $(cut -d' ' -f1-3 /proc/loadavg)"
else
    echo "gtk4 peer: not built (needs apt-get install libgtk-4-dev)"
fi
