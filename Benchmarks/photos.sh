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
#   --count 10000 --distinct 40 --dir DIR --decode-only
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=${PATH}:/opt/swift/usr/bin
swift build -c release --product photo-bench >/dev/null
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
.build/release/photo-bench "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
