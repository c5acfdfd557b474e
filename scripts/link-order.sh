#!/usr/bin/env bash
# Writes scripts/link-order.txt, the order in which a release link lays out collection-demo's code
# (Package.swift passes it to lld as --symbol-ordering-file). The code that runs sits together, so
# the pages a window maps in at start hold little code it never runs: 4 to 5 MB less resident
# memory in every scene (Benchmarks/memory-startup.sh, Benchmarks/README.md).
#
#   scripts/link-order.sh [--seconds N]
#
# Each scene plays its benchmark script in a window under valgrind's callgrind, in a private Xvfb,
# and then a tour of all scenes (scripts/link-order-tour.txt); scripts/link-order.py turns the
# functions those runs saw and lld's map of the link into the order. Run it again when much of the
# code has changed: names that no longer exist are skipped, so a stale order only costs memory.
# Needs valgrind and Xvfb (apt-get install valgrind xvfb); takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=150
while [ $# -gt 0 ]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        *) echo "link-order: unknown argument $1 (--seconds N: how long each profiled run lasts)" >&2; exit 2 ;;
    esac
done
for tool in valgrind Xvfb xdpyinfo; do
    command -v $tool >/dev/null || { echo "link-order: needs $tool (apt-get install valgrind xvfb x11-utils)" >&2; exit 1; }
done
export PATH="/opt/swift/usr/bin:$PATH"
work=$(mktemp -d)
. Benchmarks/private-xvfb.sh
trap stop_private_xvfb EXIT
start_private_xvfb

echo "link-order: building collection-demo (release) with a link map"
swift build -c release --product collection-demo -Xlinker -Map="$work/link.map" >"$work/build.log" 2>&1 \
    || { tail -20 "$work/build.log" >&2; echo "link-order: the release build failed" >&2; exit 1; }
bin=.build/release/collection-demo

# scene|arguments|script: the benchmark scripts of Benchmarks/README.md, then the tour.
runs=(
    "grid||Benchmarks/grid-pan-40.txt"
    "carousel||Benchmarks/carousel-paging.txt"
    "rearrange|--items 100000|Benchmarks/rearrange-autoscroll.txt"
    "calendar||Benchmarks/calendar-paging.txt"
    "boards|--items 100000|Benchmarks/boards-autoscroll.txt"
    "mosaic||Benchmarks/mosaic-drag.txt"
    "photos||scripts/link-order-photos.txt"
    "grid||scripts/link-order-tour.txt"
)
echo "link-order: profiling ${#runs[@]} runs of $seconds s each in $display (two at a time)"
pids=()
for i in "${!runs[@]}"; do
    IFS='|' read -r scene args script <<<"${runs[$i]}"
    # A window stays open when its script ends; the timeout ends the run and callgrind writes out.
    DISPLAY=$display timeout -s INT "$seconds" valgrind --tool=callgrind --demangle=no --dump-instr=no \
        --callgrind-out-file="$work/run-$i.callgrind" "$bin" --fresh --scene "$scene" --size 1280x800 $args \
        --replay "$script" >"$work/run-$i.log" 2>&1 &
    pids+=($!)
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}" || true; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p" || true; done
for i in "${!runs[@]}"; do
    [ -s "$work/run-$i.callgrind" ] || { tail -5 "$work/run-$i.log" >&2; echo "link-order: run $i (${runs[$i]}) wrote no profile" >&2; exit 1; }
done
python3 scripts/link-order.py "$work/link.map" "$work"/run-*.callgrind >"$work/order.txt"
mv "$work/order.txt" scripts/link-order.txt
# The build does not know the program depends on the order file: remove it so the next build links.
rm -f .build/release/collection-demo
echo "link-order: wrote scripts/link-order.txt ($(grep -vc '^#' scripts/link-order.txt) sections); swift build -c release links with it"
