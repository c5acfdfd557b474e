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

# 4b. Boards: real drags move a card to another board, into the empty board, onto the full focus
#     slot (it swaps) and into the trash; Ctrl+Z brings the trashed card back; Ctrl+Q's dump agrees.
#     (Centres for a 1280x800 window: backlog cards at 233,124 and 233,183; Today's first card at
#     546,107; Later's middle 702,496; Focus 1110,107; Done's first card 79,703; Trash 1110,565.)
start_app --scene boards --size 1280x800 --dump-state "$work/boards.json"
if [ -n "$wid" ]; then
    drag 233 183 702 240 12 0.2; sleep 0.7     # backlog card 1 to Today
    drag 546 107 702 496 12 0.2; sleep 0.7     # Today's card 1000 into the empty Later
    drag 233 124 1110 107 12 0.2; sleep 0.7    # backlog card 0 onto Focus: 1020 swaps into the backlog
    drag 79 703 1110 565 12 0.2; sleep 0.7     # Done's card 1005 into the trash
    DISPLAY=$display xdotool key ctrl+z; sleep 0.6
    quit_app
    flat=$(tr -d ' \n' < "$work/boards.json")
    items_of() { echo "$flat" | grep -o "\"name\":\"$1\",\"title\":\"[A-Za-z]*\",\"items\":\[[^]]*\]" | sed 's/.*"items":\[//; s/\]$//'; }
    today=$(items_of today); later=$(items_of later); focus=$(items_of focus); backlog=$(items_of backlog); done_=$(items_of done)
    trashed=$(echo "$flat" | grep -o '"trashed":\[[^]]*\]')
    if echo "$today" | grep -q '"1"' && [ "$later" = '"1000"' ] && [ "$focus" = '"0"' ] \
       && [ "${backlog:0:14}" = '"1020","2","3"' ] && [ "${done_:0:6}" = '"1005"' ] && [ "$trashed" = '"trashed":[]' ] \
       && echo "$flat" | grep -q '"undo":3,"redo":1' && echo "$flat" | grep -q '"dragging":false'; then
        pass "boards: real drags between boards, into the empty board, a swap, the trash, and Ctrl+Z"
    else
        fail "boards" "today [$today] later [$later] focus [$focus] backlog [${backlog:0:40}] done [${done_:0:20}] $trashed"
    fi
else
    fail "boards window" "no window"
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

# 5b. Calendar: the user's own Evolution calendars (a temporary XDG_DATA_HOME) are shown, a change
#     to one on disk is picked up without losing the selection or the month, Escape dismisses the
#     notice of a broken one; then the years 1600 and 9999 with --month.
evo="$work/xdg/evolution/calendar"
mkdir -p "$evo/system" "$evo/broken"
ics_event() { # UID SUMMARY YYYYMMDD
    printf 'BEGIN:VEVENT\r\nUID:%s\r\nDTSTART;VALUE=DATE:%s\r\nSUMMARY:%s\r\nEND:VEVENT\r\n' "$1" "$3" "$2"
}
{ printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//GNOME//Evolution//EN\r\n'; ics_event a "Dentist" 20261124
  printf 'END:VCALENDAR\r\n'; } > "$evo/system/calendar.ics"
printf 'BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\nSUMMARY:Half\nDTSTART:2026-11-xx\nEND:VEVENT\n' > "$evo/broken/calendar.ics"
XDG_DATA_HOME="$work/xdg" start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 \
    --timezone Europe/Berlin --dump-state "$work/evo.json"
if [ -n "$wid" ]; then
    # The notice bar takes room at the bottom, so the grid is shorter: 3 November is still at 160,265.
    DISPLAY=$display xdotool mousemove --window "$wid" 160 265 click 1
    sleep 0.3
    { printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//GNOME//Evolution//EN\r\n'; ics_event a "Dentist" 20261124
      ics_event b "Changed on disk" 20261125; printf 'END:VCALENDAR\r\n'; } > "$evo/system/calendar.ics.new"
    mv "$evo/system/calendar.ics.new" "$evo/system/calendar.ics"
    sleep 1.2
    # A calendar added while the demo runs (as GNOME Calendar does: a new folder) is shown too.
    mkdir -p "$evo/added"
    { printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n'; ics_event c "From a new calendar" 20261126; printf 'END:VCALENDAR\r\n'; } > "$evo/added/calendar.ics"
    sleep 1.2
    DISPLAY=$display xdotool key Escape
    sleep 0.3
    quit_app
    flat=$(tr -d ' \n' < "$work/evo.json")
    if echo "$flat" | grep -q '"calendarSource":"local"' && echo "$flat" | grep -q '"title":"Changedondisk"' \
       && echo "$flat" | grep -q '"reloads":2' && echo "$flat" | grep -q '"title":"Fromanewcalendar"' \
       && echo "$flat" | grep -q '"selectedDates":\["2026-11-03"\]' \
       && echo "$flat" | grep -q '"visibleMonth":"2026-11"' && echo "$flat" | grep -q '"notices":\[\]'; then
        pass "calendar shows the Evolution calendars, reloads a changed one, shows an added one, Escape dismisses the notice"
    else
        # What the checks look at, rather than the dump's first lines.
        fail "calendar Evolution" "$(echo "$flat" | grep -o '"calendarSource":"[a-z]*"\|"reloads":[0-9]*\|"title":"[A-Za-z]*"\|"selectedDates":\[[^]]*\]\|"visibleMonth":"[0-9-]*"\|"notices":\[[^]]*\]' | sort -u | tr '\n' ' ')"
    fi
else
    fail "calendar Evolution window" "no window"
fi
# (At the last month PageDown stays; so 9999 goes back, forward, and forward again.)
for m in 1600-02 9999-12; do
    if [ "$m" = 1600-02 ]; then keys="Next Prior"; else keys="Prior Next Next"; fi
    XDG_DATA_HOME="$work/xdg-none" start_app --scene calendar --size 800x600 --today 2026-11-21 --month "$m" \
        --timezone Europe/Berlin --dump-state "$work/year.json"
    if [ -n "$wid" ]; then
        DISPLAY=$display xdotool mousemove --window "$wid" 300 300 click 1
        sleep 0.2
        for k in $keys; do DISPLAY=$display xdotool key "$k"; sleep 0.8; done
        quit_app
        flat=$(tr -d ' \n' < "$work/year.json")
        year=${m%-*}
        if echo "$flat" | grep -q "\"visibleMonth\":\"$m\"" && echo "$flat" | grep -q "\"selectedDates\":\[\"$year-" \
           && echo "$flat" | grep -q '"calendarSource":"sample"'; then
            pass "calendar pages in and chooses a day of $m"
        else
            fail "calendar $m" "${flat:0:300}"
        fi
    else
        fail "calendar $m window" "no window"
    fi
done

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

# 12. The mosaic scene (its own file): menus, regrouping, drag reordering, featured paging.
[ -f scripts/window-tests-mosaic.sh ] && . scripts/window-tests-mosaic.sh

# 13. Scroll bars: a press on the grid's thumb grabs it and drags the content the same way (not a
#     pan the other way), selecting nothing; a click on the track below the thumb pages down.
#     (1000x700 window: the vertical bar's track runs along x 988-998 from y 48 to 696.)
start_app --scene grid --size 1000x700 --dump-state "$work/bar.json"
if [ -n "$wid" ]; then
    DISPLAY=$display xdotool mousemove --window "$wid" 600 300; sleep 0.1
    drag 993 60 993 360 10 0.2
    sleep 0.5
    quit_app
    y=$(dump_value "$work/bar.json" y)
    sel=$(tr -d ' \n' < "$work/bar.json" | grep -o '"selected":\[[^]]*\]')
    # 300 points of thumb travel out of about 612 is about half the content's 15,000-point range.
    if [ "${y%.*}" -ge 6000 ] 2>/dev/null && [ "${y%.*}" -le 9000 ] && [ "$sel" = '"selected":[]' ]; then
        pass "a dragged scroll-bar thumb scrolls the content with it (offset $y)"
    else fail "scroll-bar thumb drag" "offset '$y', $sel"; fi
else
    fail "scroll-bar window" "no window"
fi
start_app --scene grid --size 1000x700 --dump-state "$work/page.json"
if [ -n "$wid" ]; then
    DISPLAY=$display xdotool mousemove --window "$wid" 993 600 click 1
    sleep 1
    quit_app
    y=$(dump_value "$work/page.json" y)
    # One page is 90% of the 656-point viewport.
    if [ "${y%.*}" -ge 585 ] 2>/dev/null && [ "${y%.*}" -le 595 ]; then pass "a click on the scroll-bar track pages down (offset $y)"
    else fail "scroll-bar track click" "offset '$y', expected 590.4"; fi
else
    fail "scroll-bar page window" "no window"
fi

# 14. A long press on a pinned tile (tile 27, the seventh of the fourth row) neither lifts it nor
#     scrolls when the pointer then moves up (a pan would scroll down): it shakes and the press is
#     refused until release.
start_app --scene rearrange --size 1000x700 --dump-state "$work/pinned.json"
if [ -n "$wid" ]; then
    DISPLAY=$display xdotool mousemove --window "$wid" 922 544 mousedown 1
    sleep 0.6
    for y in 480 400 300; do DISPLAY=$display xdotool mousemove --window "$wid" 922 $y; sleep 0.05; done
    DISPLAY=$display xdotool mouseup 1
    sleep 0.5
    quit_app
    y=$(dump_value "$work/pinned.json" y)
    first=$(grep -m1 '"items"' "$work/pinned.json" | tr -d ' ')
    if [ "$y" = "0" ] && echo "$first" | grep -q '"items":\["0","1","2","3","4","5","6","7"' \
       && grep -q '"dragging": false' "$work/pinned.json"; then
        pass "a pinned tile refuses a long press without scrolling"
    else fail "pinned tile" "offset '$y', order ${first:0:60}"; fi
else
    fail "pinned window" "no window"
fi

# 15. Recording: sessions driven by real X input are written with --record, replayed headless, and
#     reach the same state dump. The rearrange session drags a tile past the window's bottom edge
#     (the pointer is captured), so auto-scroll carries it down before it is dropped.
record_session() { # NAME ACTIONS-FUNCTION SCENE-ARGS...
    local name=$1 actions=$2; shift 2
    start_app "$@" --size 1000x700 --record "$work/$name.rec" --dump-state "$work/$name-window.json"
    if [ -z "$wid" ]; then fail "record $name" "no window"; return; fi
    $actions
    quit_app
    if ! "$bin" --headless "$@" --size 1000x700 --replay "$work/$name.rec" --dump-state "$work/$name-replay.json" >"$work/$name-replay.out" 2>&1; then
        fail "record $name" "the replay failed: $(cat "$work/$name-replay.out")"; return
    fi
    if cmp -s "$work/$name-window.json" "$work/$name-replay.json"; then
        pass "a recorded $name session replays headless to the same dump ($(grep -c . "$work/$name.rec") script lines)"
    else
        fail "record $name" "dumps differ: $(diff "$work/$name-window.json" "$work/$name-replay.json" | head -6 | tr '\n' ' ')"
    fi
}
grid_session() {
    drag 500 500 500 200 12 0.3
    for _ in 1 2 3; do DISPLAY=$display xdotool click 5; sleep 0.05; done
    sleep 0.4
    DISPLAY=$display xdotool mousemove --window "$wid" 300 300 click 1; sleep 0.2
    DISPLAY=$display xdotool mousemove --window "$wid" 500 400 keydown ctrl click 1 keyup ctrl; sleep 0.2
    DISPLAY=$display xdotool mousemove --window "$wid" 700 500 keydown shift click 1 keyup shift; sleep 0.2
    drag 600 600 300 150 5 0
    sleep 1.5
}
rearrange_session() {
    DISPLAY=$display xdotool mousemove --window "$wid" 80 120 mousedown 1
    sleep 0.6
    for y in 200 400 600 690 730 760; do DISPLAY=$display xdotool mousemove --window "$wid" 300 $y; sleep 0.05; done
    sleep 1.2
    for y in 600 400; do DISPLAY=$display xdotool mousemove --window "$wid" 400 $y; sleep 0.05; done
    sleep 0.3
    DISPLAY=$display xdotool mouseup 1
    sleep 1
}
record_session grid grid_session --scene grid
record_session rearrange rearrange_session --scene rearrange
y=$(dump_value "$work/rearrange-window.json" y)
if [ "${y%.*}" -ge 600 ] 2>/dev/null; then pass "dragging past the window's edge keeps auto-scroll going (offset $y)"
else fail "drag past the edge" "offset '$y', expected at least a page"; fi

# 16. Hover ends when the pointer leaves the window: a tile under the pointer is hovered; after the
# pointer moves off the window (to the screen's far corner) nothing is.
hover_after() { # NAME LEAVE(0|1) -> the dump's "hovered" line
    start_app --scene grid --size 1000x700 --dump-state "$work/hover-$1.json"
    DISPLAY=$display xdotool mousemove --window "$wid" 85 111; sleep 0.2
    DISPLAY=$display xdotool mousemove --window "$wid" 90 115; sleep 0.3
    [ "$2" = 1 ] && { DISPLAY=$display xdotool mousemove 1399 899; sleep 0.3; }
    quit_app
    grep -o '"hovered": *[^,}]*' "$work/hover-$1.json" | head -1
}
inside=$(hover_after stay 0)
outside=$(hover_after leave 1)
if [[ "$inside" == *'"0"'* ]] && [[ "$outside" == *null* ]]; then pass "hover follows the pointer in and out of the window ($inside; $outside)"
else fail "hover and leaving the window" "over tile 0: '$inside'; after leaving: '$outside'"; fi

echo "window tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
