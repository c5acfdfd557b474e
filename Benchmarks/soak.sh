#!/usr/bin/env bash
# Soak: each scene in a real window under a private Xvfb, driven by random drags, flicks, wheels
# and keys through xdotool for SECONDS, its resident memory read every second (Benchmarks/soak.py).
# The figure to watch is growth_after_mark_mb: how far the window moved from where it stood after
# the first minute (target: within 16 MB).
#
#   Benchmarks/soak.sh SECONDS [--seed N] [--bin PATH] [--scenes "carousel boards mosaic ..."]
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: Benchmarks/soak.sh SECONDS [--seed N] [--bin PATH] [--scenes LIST]" >&2; exit 2; }
seconds=$1; shift
case $seconds in ''|*[!0-9]*) echo "soak: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;; esac
bin=${COLLECTION_DEMO:-.build/release/collection-demo}
seed=1 scenes="grid carousel rearrange calendar boards mosaic"
while [ $# -gt 0 ]; do
    case $1 in
        --seed) seed=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        --scenes) scenes=$2; shift 2 ;;
        *) echo "soak: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "soak: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
command -v xdotool >/dev/null || { echo "soak: needs xdotool" >&2; exit 1; }
work=$(mktemp -d)
Xvfb -displayfd 1 -screen 0 1400x900x24 -nolisten tcp -noreset >"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "soak: Xvfb did not start" >&2; exit 1; }
display=":$(head -1 "$work/display")"
echo "soak of $seconds s per scene, seed $seed, Xvfb $display, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for s in $scenes; do
    python3 Benchmarks/soak.py "$display" "$bin" "$s" "$seconds" "$seed"
done
