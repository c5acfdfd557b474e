#!/usr/bin/env bash
# What the AT-SPI adapter costs when no assistive technology listens: start-up (time and CPU to the
# window's first frame, Benchmarks/peers/launch-probe.c), resident memory, and idle CPU, for
#   off        --no-accessibility (the program as it was without the adapter)
#   no bus     the adapter on, no session bus at all (no connection is made)
#   bus, idle  the adapter on, a session with at-spi2-core's accessibility bus and no listener
#   before     with --before PATH: a build without the adapter (e.g. the previous commit's)
# in one private Xvfb and one private session bus (dbus-run-session), runs interleaved, medians.
#
#   Benchmarks/accessibility-cost.sh [--runs N] [--rest SECONDS] [--span SECONDS] [--bin PATH] [--before PATH]
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${ACCESSIBILITY_COST_SESSION:-}" ]; then
    command -v dbus-run-session >/dev/null || { echo "accessibility-cost: needs dbus-run-session (apt-get install dbus-daemon)" >&2; exit 1; }
    exec dbus-run-session -- env ACCESSIBILITY_COST_SESSION=1 "$0" "$@"
fi
runs=5 rest=2 span=5 bin=.build/release/collection-demo before=""
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --rest) rest=$2; shift 2 ;;
        --span) span=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        --before) before=$2; shift 2 ;;
        *) echo "accessibility-cost: unknown argument $1 (--runs N, --rest SECONDS, --span SECONDS, --bin PATH, --before PATH)" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "accessibility-cost: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
[ -z "$before" ] || [ -x "$before" ] || { echo "accessibility-cost: --before $before is not a program" >&2; exit 1; }
launcher=/usr/libexec/at-spi-bus-launcher
[ -x "$launcher" ] || { echo "accessibility-cost: needs at-spi2-core ($launcher)" >&2; exit 1; }

work=$(mktemp -d)
Xvfb -displayfd 1 -screen 0 1400x900x24 -br -nolisten tcp -noreset >"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
"$launcher" --launch-immediately >"$work/launcher.log" 2>&1 &
launcher_pid=$!
app_pid=""
trap '[ -n "$app_pid" ] && kill $app_pid 2>/dev/null; kill $launcher_pid $xvfb_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "accessibility-cost: Xvfb did not start" >&2; exit 1; }
display=":$(head -1 "$work/display")"
cc -O2 -o "$work/probe" Benchmarks/peers/launch-probe.c -lX11 || exit 1
a11y_address=""
for _ in $(seq 100); do
    a11y_address=$(dbus-send --session --print-reply=literal --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress 2>/dev/null | tr -d ' ')
    [ -n "$a11y_address" ] && break; sleep 0.1
done
[ -n "$a11y_address" ] || { echo "accessibility-cost: the accessibility bus did not start: $(cat "$work/launcher.log")" >&2; exit 1; }
# Connections on the accessibility bus: one more while the adapter is connected.
a11y_peers() { dbus-send --bus="$a11y_address" --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ListNames | grep -c '":'; }

configs=("off|env|--no-accessibility|$bin" "no bus|env -u DBUS_SESSION_BUS_ADDRESS -u XDG_RUNTIME_DIR -u AT_SPI_BUS_ADDRESS||$bin" "bus, idle|env||$bin")
[ -n "$before" ] && configs=("before|env||$before" "${configs[@]}")
ticks=$(getconf CLK_TCK)
echo "accessibility cost, Xvfb $display 1280x800 grid scene, $runs runs each (interleaved), idle CPU over $span s after $rest s; $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$work/results"
for r in $(seq "$runs"); do
    for c in "${configs[@]}"; do
        IFS='|' read -r label envs flag program <<<"$c"
        line=$($envs "$work/probe" "$display" 1 "$program" --fresh --scene grid --size 1280x800 $flag)
        echo "$label|start|$line" >>"$work/results"
        # Idle: the window up, left alone, its CPU ticks over the span; and whether it joined the bus.
        before=$(a11y_peers)
        DISPLAY=$display $envs "$program" --fresh --scene grid --size 1280x800 $flag >/dev/null 2>&1 &
        app_pid=$!
        DISPLAY=$display timeout 20 xdotool search --sync --onlyvisible --pid "$app_pid" >/dev/null 2>&1
        sleep "$rest"
        joined=$(( $(a11y_peers) - before ))
        t0=$(awk '{ print $14 + $15 }' "/proc/$app_pid/stat")
        sleep "$span"
        t1=$(awk '{ print $14 + $15 }' "/proc/$app_pid/stat")
        kill "$app_pid"; wait "$app_pid" 2>/dev/null; app_pid=""
        echo "$label|idle|{\"cpu_percent\": $(awk -v a="$t0" -v b="$t1" -v t="$ticks" -v s="$span" 'BEGIN { printf "%.2f", (b - a) / t / s * 100 }'), \"joined\": $joined}" >>"$work/results"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/results" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    label, kind, data = line.rstrip("\n").split("|", 2)
    try: rows.setdefault((label, kind), []).append(json.loads(data))
    except ValueError: print(f"{label} {kind}: no figures ({data.strip() or 'no output'})", file=sys.stderr)
def med(rs, k, scale=1.0):
    v = [r[k] for r in rs if r.get(k, -1) >= 0]
    return f"{statistics.median(v) * scale:.1f}" if v else "none"
print("| adapter | first frame ms | CPU to frame ms | RSS MB | idle CPU % | on the accessibility bus |")
print("| --- | --- | --- | --- | --- | --- |")
for label in ["before", "off", "no bus", "bus, idle"]:
    if (label, "start") not in rows: continue
    s, i = rows.get((label, "start"), []), rows.get((label, "idle"), [])
    joined = sorted({r["joined"] for r in i})
    print(f"| {label} | {med(s, 'frame_ms')} | {med(s, 'cpu_frame_ms')} | {med(s, 'rss_kb', 1/1024)} | {med(i, 'cpu_percent')} | {'yes' if joined == [1] else 'no' if joined == [0] else joined} |")
PY

# How fast a screen reader's calls are answered (it makes dozens for one focus move): a pyatspi
# client reads the window's state and a tile's name and states, one call after another, from the
# window at rest; milliseconds per call from the client's side.
if /usr/bin/python3 -c 'import pyatspi' 2>/dev/null; then
    DISPLAY=$display "$bin" --fresh --scene grid --size 1280x800 >/dev/null 2>&1 &
    app_pid=$!
    DISPLAY=$display timeout 20 xdotool search --sync --onlyvisible --pid "$app_pid" >/dev/null 2>&1
    /usr/bin/python3 - <<'PY'
import statistics, sys, time
import pyatspi
end = time.time() + 20
app = None
while app is None and time.time() < end:
    app = next((a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == "collection-demo"), None)
    time.sleep(0.05)
if app is None:
    sys.exit("calls: collection-demo did not join the accessibility bus")
window = app.getChildAtIndex(0)
def find(n, depth=0):
    if n.getRoleName() in ("table", "grid", "list") and n.childCount > 100: return n
    if depth > 4: return None
    for c in n:
        hit = find(c, depth + 1)
        if hit is not None: return hit
grid = find(window)
tile = grid.getChildAtIndex(5)
calls = [lambda: window.getState(), lambda: tile.name, lambda: tile.getState()]
ms = []
for i in range(600):
    t = time.perf_counter(); calls[i % 3](); ms.append((time.perf_counter() - t) * 1000)
ms.sort()
print(f"calls from a screen reader (pyatspi; the window's state, a tile's name and states, 600 in a row): "
      f"median {statistics.median(ms):.2f} ms, p99 {ms[int(len(ms) * 0.99)]:.2f} ms")
PY
    kill "$app_pid"; wait "$app_pid" 2>/dev/null; app_pid=""
else
    echo "calls from a screen reader: not measured (needs python3-pyatspi)"
fi
