#!/usr/bin/env bash
# Window tests: the real demo window under Xvfb, driven by real X input (xdotool), as a user
# would; plus the command-line contract (headless without a display, errors for bad input).
# Prints "window tests: N passed, M failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${COLLECTION_DEMO:-.build/debug/collection-demo}
[ -x "$bin" ] || { echo "window tests: $bin is missing; run swift build first" >&2; exit 1; }
work=$(mktemp -d)
passed=0; failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# A private X server on the first free display number.
for n in $(seq 140 180); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || { display=":$n"; break; }
done
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
cleanup() { kill "$xvfb_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
ready=0
for _ in $(seq 100); do
    if xdpyinfo -display "$display" >/dev/null 2>&1; then ready=1; break; fi
    sleep 0.1
done
if [ $ready -ne 1 ]; then
    echo "window tests: Xvfb did not start on $display: $(cat "$work/xvfb.log")" >&2
    exit 1
fi

# Reads a number out of a state dump with the demo's own JSON reader would need Swift; the dump's
# layout is stable, so a small awk over "key": value lines does.
dump_value() { # FILE KEY -> first numeric value of "KEY": N after "contentOffset"/"centeredIndex" etc.
    awk -v key="\"$2\"" '$0 ~ key { gsub(/[^0-9.-]/, "", $2); print $2; exit }' FS=': ' "$1"
}

# Starts the demo in a window; sets $app_pid and $wid.
start_app() {
    DISPLAY=$display "$bin" "$@" >"$work/app.out" 2>&1 &
    app_pid=$!
    wid=""
    for _ in $(seq 100); do
        wid=$(DISPLAY=$display xdotool search --name "Collection Demo" 2>/dev/null | head -1)
        [ -n "$wid" ] && break
        sleep 0.1
    done
    sleep 0.5   # the first frames
}

# Presses, drags in steps and releases: drag X0 Y0 X1 Y1 STEPS HOLD_SECONDS_BEFORE_RELEASE
drag() {
    local x0=$1 y0=$2 x1=$3 y1=$4 steps=$5 hold=$6
    DISPLAY=$display xdotool mousemove --window "$wid" "$x0" "$y0" mousedown 1
    for i in $(seq 1 "$steps"); do
        DISPLAY=$display xdotool mousemove --window "$wid" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps))
        sleep 0.016
    done
    sleep "$hold"
    DISPLAY=$display xdotool mouseup 1
}

quit_app() {
    DISPLAY=$display xdotool windowfocus "$wid" 2>/dev/null
    DISPLAY=$display xdotool key ctrl+q
    for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$app_pid" 2>/dev/null; then kill "$app_pid"; return 1; fi
    wait "$app_pid"
}

# 1. The grid scrolls under a real mouse drag and the wheel; Ctrl+Q writes the dump.
start_app --scene grid --size 1000x700 --dump-state "$work/grid.json"
if [ -z "$wid" ]; then
    fail "grid window" "no window appeared: $(cat "$work/app.out")"
else
    drag 500 500 500 200 12 0.3
    sleep 0.3
    for _ in 1 2 3; do DISPLAY=$display xdotool click 5; sleep 0.05; done
    sleep 0.5
    if quit_app; then
        y=$(dump_value "$work/grid.json" y)
        # 300 points of held drag, then three wheel notches of 48 points.
        if [ "${y%.*}" -ge 420 ] 2>/dev/null && [ "${y%.*}" -le 470 ]; then pass "grid drag and wheel scroll (offset $y)"
        else fail "grid drag and wheel scroll" "content offset y is '$y', expected about 444"; fi
    else
        fail "grid quit" "Ctrl+Q did not end the app"
    fi
fi

# 2. A flick keeps scrolling after release (deceleration), then comes to rest.
start_app --scene grid --size 1000x700 --dump-state "$work/flick.json"
if [ -n "$wid" ]; then
    drag 500 600 500 300 5 0
    sleep 3
    quit_app
    y=$(dump_value "$work/flick.json" y)
    if [ "${y%.*}" -gt 400 ] 2>/dev/null; then pass "grid flick decelerates past the drag (offset $y)"
    else fail "grid flick" "content offset y is '$y', expected more than the 300-point drag"; fi
else
    fail "grid flick window" "no window"
fi

# 3. The carousel pages one card per drag-and-release and settles centred.
start_app --scene carousel --size 1000x700 --dump-state "$work/carousel.json"
if [ -n "$wid" ]; then
    drag 700 350 300 350 9 0      # past half a card, so it pages even if the machine slows the flick
    sleep 1.5
    drag 700 350 100 350 4 0      # a much faster, longer flick still moves one card
    sleep 1.5
    quit_app
    c=$(dump_value "$work/carousel.json" centeredIndex)
    x=$(dump_value "$work/carousel.json" x)
    if [ "$c" = "2" ]; then pass "carousel pages one card per flick (centred card $c, offset $x)"
    else fail "carousel paging" "centredIndex is '$c', expected 2 after two flicks"; fi
else
    fail "carousel window" "no window"
fi

# 4. Rearrange: a long press lifts a tile, moving carries it, releasing drops it in its new place.
start_app --scene rearrange --size 1000x700 --dump-state "$work/rearrange.json"
if [ -n "$wid" ]; then
    DISPLAY=$display xdotool mousemove --window "$wid" 80 120 mousedown 1
    sleep 0.6                      # past the long-press delay
    for x in 150 250 350 450; do DISPLAY=$display xdotool mousemove --window "$wid" $x 130; sleep 0.05; done
    sleep 0.5
    DISPLAY=$display xdotool mouseup 1
    sleep 1
    quit_app
    first=$(grep -m1 '"items"' "$work/rearrange.json" | tr -d ' ')
    # Tile 0 carried to the fourth column of the first row.
    if echo "$first" | grep -q '"items":\["1","2","3","0","4"'; then
        pass "rearrange moves a tile with a real long press and drag"
    else
        fail "rearrange move" "order after the drag: ${first:0:80}"
    fi
    grep -q '"dragging": false' "$work/rearrange.json" || fail "rearrange drop" "still dragging after release"
else
    fail "rearrange window" "no window"
fi

# 5. Calendar: a click selects a day, Shift+click extends to a range, a drag pages to the next month.
#    (Cell centres for a 1000x700 window: 3 November at 160,265; 10 November at 160,360.)
start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
          --dump-state "$work/calendar.json"
if [ -n "$wid" ]; then
    DISPLAY=$display xdotool mousemove --window "$wid" 160 265 click 1
    sleep 0.3
    DISPLAY=$display xdotool mousemove --window "$wid" 160 360 keydown shift click 1 keyup shift
    sleep 0.3
    drag 600 400 150 400 8 0
    sleep 1.5
    quit_app
    month=$(grep -m1 '"visibleMonth"' "$work/calendar.json" | tr -d ' ,"' | cut -d: -f2)
    selected=$(tr -d ' \n' < "$work/calendar.json" | grep -o '"selectedDates":\[[^]]*\]')
    expected='"selectedDates":["2026-11-03","2026-11-04","2026-11-05","2026-11-06","2026-11-07","2026-11-08","2026-11-09","2026-11-10"]'
    if [ "$month" = "2026-12" ] && [ "$selected" = "$expected" ]; then pass "calendar click, Shift+click range and drag paging"
    else fail "calendar" "month '$month', $selected"; fi
else
    fail "calendar window" "no window"
fi

# 6. Closing the app from outside (SIGTERM reaches SDL as a quit, as the window's close button does)
#    still writes the dump.
start_app --scene grid --size 800x600 --dump-state "$work/closed.json"
if [ -n "$wid" ]; then
    kill -TERM "$app_pid"
    wait "$app_pid"; code=$?
    if [ $code -eq 0 ] && grep -q '"scene": "grid"' "$work/closed.json"; then pass "a close request writes the dump and exits 0"
    else fail "close request" "exit $code, dump: $(head -c 200 "$work/closed.json" 2>/dev/null)"; fi
else
    fail "close window" "no window"
fi

# 7. Headless needs no display and writes a screenshot and a dump.
if env -u DISPLAY "$bin" --headless --size 640x480 --screenshot "$work/h.png" --dump-state "$work/h.json" >/dev/null 2>&1 \
   && [ -s "$work/h.png" ] && grep -q '"scene": "grid"' "$work/h.json"; then
    pass "headless without a display"
else
    fail "headless without a display" "no screenshot or dump"
fi

# 8. A window without a display: one clear message, non-zero exit.
out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$bin" 2>&1); code=$?
if [ $code -ne 0 ] && echo "$out" | grep -q "no display"; then pass "no display is a clear error"
else fail "no display" "exit $code, output: $out"; fi

# 9. Bad flags and bad scripts are refused before anything opens.
check_refused() { # NAME EXPECTED_FRAGMENT ARGS...
    local name=$1 fragment=$2; shift 2
    out=$(env -u DISPLAY "$bin" "$@" 2>&1); code=$?
    if [ $code -ne 0 ] && echo "$out" | grep -q -- "$fragment"; then pass "$name"
    else fail "$name" "exit $code, output: $out"; fi
}
check_refused "unknown scene" "unknown scene 'nope'" --headless --scene nope
check_refused "bad size" "size" --headless --size 12xtall
check_refused "bad fps" "fps" --headless --fps 0
printf 'wait 10\nmove 1\n' > "$work/bad.txt"
check_refused "bad script line" "bad.txt:2:" --headless --replay "$work/bad.txt"
check_refused "missing script" "cannot read the script" --headless --replay "$work/none.txt"
check_refused "negative item count" "the count must be zero or more, got -5" --headless --items -5
check_refused "size past the limit" "within 200x200 to 16384x16384" --headless --size 99999x99999
check_refused "output directory missing" "the directory '$work/none' does not exist" --headless --dump-state "$work/none/x.json"
check_refused "stats path is a directory" "is a directory" --headless --stats "$work"
printf 'wait 10\nkey Escpe\n' > "$work/key.txt"
check_refused "unknown key name" "key.txt:2: key: unknown key 'Escpe'" --headless --replay "$work/key.txt"
printf 'down 300 140\nwait 400\nmove -2.6e99 -5.5e99\n' > "$work/far.txt"
check_refused "coordinate past the limit" "far.txt:3: move: X must be between" --headless --replay "$work/far.txt"
printf 'wait 1\0000\n' > "$work/nul.txt"
check_refused "NUL byte in a number" "nul.txt:1: control character U+0000" --headless --replay "$work/nul.txt"
if "$bin" --help 2>&1 | grep -q "(default: 1280x800)"; then pass "--help shows the default size readably"
else fail "--help default size" "$("$bin" --help 2>&1 | grep -A1 -- --size)"; fi
# A script from a pipe (--replay -), with Windows line ends and a byte-order mark.
out=$(printf '\xef\xbb\xbfkey End\r\nwait 1500\r\n' | env -u DISPLAY "$bin" --headless --replay - --dump-state - 2>&1); code=$?
y=$(echo "$out" | awk -F': ' '/"y"/ { gsub(/[^0-9.-]/, "", $2); print $2; exit }')
if [ $code -eq 0 ] && [ "${y%.*}" -gt 1000 ] 2>/dev/null; then pass "a piped CRLF script with a BOM plays (offset $y)"
else fail "piped script" "exit $code, y '$y': $(echo "$out" | head -3)"; fi
# /dev/null as the script and as the dump stays a device.
if env -u DISPLAY "$bin" --headless --replay /dev/null --dump-state /dev/null --stats /dev/null >/dev/null 2>&1 && [ -c /dev/null ]; then
    pass "/dev/null as script and output"
else fail "/dev/null" "exit status or /dev/null replaced: $(ls -l /dev/null)"; fi
# SIGTERM stops a headless run, which still writes its dump and exits 0, as the window does.
printf 'wait 3000000\n' > "$work/long.txt"
env -u DISPLAY "$bin" --headless --replay "$work/long.txt" --dump-state "$work/term.json" 2>"$work/term.err" &
term_pid=$!
sleep 2
kill -TERM "$term_pid"
for _ in $(seq 50); do kill -0 "$term_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$term_pid" 2>/dev/null; then kill -KILL "$term_pid"; fail "headless SIGTERM" "still running 5 s after SIGTERM"
else
    wait "$term_pid"; code=$?
    if [ $code -eq 0 ] && grep -q '"scene": "grid"' "$work/term.json"; then pass "headless SIGTERM writes the dump and exits 0"
    else fail "headless SIGTERM" "exit $code, $(cat "$work/term.err")"; fi
fi

# 10. No font: one line naming the package to install.
printf '<?xml version="1.0"?>\n<fontconfig><dir>%s/none</dir><cachedir>%s/fc-cache</cachedir></fontconfig>\n' \
    "$work" "$work" > "$work/no-fonts.conf"
out=$(FONTCONFIG_FILE="$work/no-fonts.conf" "$bin" --headless 2>&1); code=$?
if [ $code -ne 0 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "fonts-dejavu-core"; then pass "a missing font names the package"
else fail "missing font" "exit $code, output: $out"; fi

# 11. The example program (the README's code) opens its own window; a real drag scrolls its grid,
#     and a close request ends it cleanly.
example=${GRID_EXAMPLE:-$(dirname "$bin")/grid-example}
if [ -x "$example" ]; then
    DISPLAY=$display "$example" >"$work/example.out" 2>&1 &
    app_pid=$!
    wid=""
    for _ in $(seq 100); do
        wid=$(DISPLAY=$display xdotool search --name "^Numbers$" 2>/dev/null | head -1)
        [ -n "$wid" ] && break
        sleep 0.1
    done
    if [ -z "$wid" ]; then
        fail "example window" "no window appeared: $(cat "$work/example.out")"
    else
        sleep 0.5
        before=$(DISPLAY=$display xwd -silent -id "$wid" | md5sum)
        drag 400 500 400 150 10 0.2
        sleep 1.5
        after=$(DISPLAY=$display xwd -silent -id "$wid" | md5sum)
        kill -TERM "$app_pid"; wait "$app_pid"; code=$?
        if [ "$before" != "$after" ] && [ $code -eq 0 ]; then pass "the example's grid scrolls under a real drag and closes cleanly"
        else fail "example" "exit $code; picture changed: $([ "$before" != "$after" ] && echo yes || echo no)"; fi
    fi
else
    fail "example" "$example is missing; run swift build first"
fi

echo "window tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
