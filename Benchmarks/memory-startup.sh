#!/usr/bin/env bash
# Resident memory and start-up of the demo's scenes beside GTK4's and Qt 6 Quick's grid views, in one
# table (see Benchmarks/README.md). Every program runs in the same private Xvfb at 1280x800 under
# Benchmarks/peers/launch-probe.c, which times from just before exec until the window is mapped
# (MapNotify on the root) and until its first drawn pixels show (read back from the X server), adds
# the program's own CPU time to each moment, and reads VmRSS SETTLE seconds after exec.
#
#   Benchmarks/memory-startup.sh [--runs N] [--settle SECONDS] [--bin PATH] [--scenes "grid carousel ..."]
#
# Peers: GTK4 (Benchmarks/peers/gtk-grid-scroll.c --still, GSK_RENDERER=cairo; needs libgtk-4-dev)
# and Qt 6 Quick (Benchmarks/peers/qt-grid.qml in Qt's `qml` tool, QT_QUICK_BACKEND=software; needs
# qt6-declarative-dev-tools and the qml6-module-qtquick* modules). A peer that is not installed is
# listed as missing. Figures are medians over the runs.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${COLLECTION_DEMO:-.build/release/collection-demo}
runs=3 settle=3 scenes="grid carousel rearrange calendar boards mosaic"
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --settle) settle=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        --scenes) scenes=$2; shift 2 ;;
        *) echo "memory-startup: unknown argument $1 (--runs N, --settle SECONDS, --bin PATH, --scenes LIST)" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "memory-startup: $bin is missing; run swift build -c release --product collection-demo" >&2; exit 1; }
command -v Xvfb >/dev/null || { echo "memory-startup: needs Xvfb (apt-get install xvfb)" >&2; exit 1; }

work=$(mktemp -d)
# -br: a plain black root behind the windows. Xvfb picks a free display number itself (-displayfd).
Xvfb -displayfd 1 -screen 0 1400x900x24 -br -nolisten tcp -noreset >"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "memory-startup: Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
display=":$(head -1 "$work/display")"
cc -O2 -o "$work/probe" Benchmarks/peers/launch-probe.c -lX11 || exit 1

programs=()   # "label|env|command..."
for s in $scenes; do programs+=("collection-demo $s||$bin --fresh --scene $s --size 1280x800"); done
if pkg-config --exists gtk4 && cc -O2 -o "$work/gtk-grid" Benchmarks/peers/gtk-grid-scroll.c $(pkg-config --cflags --libs gtk4) 2>"$work/gtk.log"; then
    programs+=("gtk4 GridView 1M (cairo)|GSK_RENDERER=cairo|$work/gtk-grid --still")
else
    programs+=("gtk4 GridView 1M (cairo)|missing|")
fi
qml=$(command -v qml6 || { [ -x /usr/lib/qt6/bin/qml ] && echo /usr/lib/qt6/bin/qml; })
if [ -n "$qml" ]; then
    programs+=("qt6 Quick GridView 1M (software)|QT_QUICK_BACKEND=software QT_QPA_PLATFORM=xcb|$qml Benchmarks/peers/qt-grid.qml")
else
    programs+=("qt6 Quick GridView 1M (software)|missing|")
fi

render_nodes=$(ls /dev/dri/renderD* 2>/dev/null | wc -l)
echo "memory and start-up, Xvfb $display 1280x800, $runs runs each, RSS $settle s after exec; $(nproc) cores; GPU render nodes: $render_nodes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$work/results"
for r in $(seq "$runs"); do
    for p in "${programs[@]}"; do
        IFS='|' read -r label envs cmd <<<"$p"
        [ "$envs" = missing ] && continue
        line=$(env $envs "$work/probe" "$display" "$settle" $cmd)
        echo "$label|$line" >>"$work/results"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/results" "${programs[@]}" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    label, _, data = line.rstrip("\n").partition("|")
    try:
        rows.setdefault(label, []).append(json.loads(data))
    except ValueError:
        print(f"{label}: a run gave no figures ({data.strip() or 'no output'})", file=sys.stderr)
def med(rs, k, scale=1.0):
    v = [r[k] for r in rs if r[k] >= 0]
    return f"{statistics.median(v) * scale:.1f}" if v else "none"
print(f"| {'program':34} | RSS MB | anon MB | file MB | mapped ms | first frame ms | CPU to mapped ms | CPU to frame ms | GL loaded |")
print(f"| {'---':34} | --- | --- | --- | --- | --- | --- | --- | --- |")
for p in sys.argv[2:]:
    label, envs, _ = p.split("|", 2)
    if envs == "missing":
        print(f"| {label:34} | not installed |"); continue
    rs = rows.get(label, [])
    gl = "yes" if any(r["gl_loaded"] for r in rs) else "no"
    early = " (exited early)" if any(r["exited_early"] for r in rs) else ""
    print(f"| {label:34} | {med(rs,'rss_kb',1/1024)} | {med(rs,'anon_kb',1/1024)} | {med(rs,'file_kb',1/1024)} | "
          f"{med(rs,'mapped_ms')} | {med(rs,'frame_ms')} | {med(rs,'cpu_mapped_ms')} | {med(rs,'cpu_frame_ms')} | {gl}{early} |")
PY
