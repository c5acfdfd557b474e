# Recording: sessions driven by real X input are written with --record, replayed headless, and
# reach the same state dump. The rearrange session drags a tile past the window's bottom edge (the
# pointer is captured), so auto-scroll carries it down before it is dropped.
record_session() { # NAME ACTIONS-FUNCTION SCENE-ARGS...
    local name=$1 actions=$2; shift 2
    if ! start_app "$@" --size 1000x700 --record "$work/$name.rec" --dump-state "$work/$name-window.json"; then
        fail "record $name" "$start_error"; return
    fi
    $actions
    quit_app || { fail "record $name" "Ctrl+Q did not end the app"; return; }
    if ! "$bin" --headless "$@" --size 1000x700 --replay "$work/$name.rec" --dump-state "$work/$name-replay.json" >"$work/$name-replay.out" 2>&1; then
        fail "record $name" "the replay failed: $(cat "$work/$name-replay.out")"; return
    fi
    # Where the appearance came from differs by nature (a window reads the desktop's settings, a
    # headless replay reads none); the appearance itself, and everything else, must be the same.
    same_dumps() {
        python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    if isinstance(d.get("appearance"), dict): d["appearance"].pop("source", None)
sys.exit(0 if a == b else 1)
PY
    }
    if same_dumps "$work/$name-window.json" "$work/$name-replay.json"; then
        pass "a recorded $name session replays headless to the same dump ($(grep -c . "$work/$name.rec") script lines)"
    else
        fail "record $name" "dumps differ: $(diff "$work/$name-window.json" "$work/$name-replay.json" | head -6 | tr '\n' ' ')"
    fi
}
# (The sleeps left here pace input as a hand does; the app reads each event's own time, so a loaded
# machine does not change what it sees.)
grid_session() {
    drag 500 500 500 200 12 0.3
    for _ in 1 2 3; do xdotool click 5; sleep 0.05; done   # the notches a hand apart
    wait_idle || true                                       # the wheel's scroll has ended
    # The clicks a fifth of a second apart: three single clicks, not a double one.
    xdotool mousemove --window "$wid" 300 300 click 1; sleep 0.2
    xdotool mousemove --window "$wid" 500 400 keydown ctrl click 1 keyup ctrl; sleep 0.2
    xdotool mousemove --window "$wid" 700 500 keydown shift click 1 keyup shift; sleep 0.2
    drag 600 600 300 150 5 0
    wait_idle
}
rearrange_session() {
    # Pressed low in the first tile (below the scene's header), so the lifted tile still overlaps
    # the grid while the pointer is past the window's bottom edge.
    xdotool mousemove --window "$wid" 80 160 mousedown 1
    wait_state 'd["dragging"]' || fail "record rearrange" "the held press did not lift the tile"
    # (The moves a frame apart, as a hand's.)
    for y in 200 400 600 690 720 750; do xdotool mousemove --window "$wid" 300 $y; sleep 0.05; done
    # Held past the bottom edge until auto-scroll has carried the content more than a page.
    wait_state 'd["collections"][0]["contentOffset"]["y"] >= 700' || true
    for y in 600 400; do xdotool mousemove --window "$wid" 400 $y; sleep 0.05; done   # paces the moves a frame apart
    sleep 0.3                      # paces the release: the pointer rests before it lets go (a drop, not a fling)
    xdotool mouseup 1
    wait_state "not d['dragging'] and d['live']['idle']" || true
}
record_session grid grid_session --scene grid
record_session rearrange rearrange_session --scene rearrange
y=$(json_get "$work/rearrange-window.json" 'd["collections"][0]["contentOffset"]["y"]')
if [ "${y%.*}" -ge 600 ] 2>/dev/null; then pass "dragging past the window's edge keeps auto-scroll going (offset $y)"
else fail "drag past the edge" "offset '$y', expected at least a page"; fi
