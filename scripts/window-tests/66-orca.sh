# Orca: the screen reader itself (Debian's Orca 43) against the demo, on a private accessibility
# bus, speaking only to its debug log (no speech server: Orca logs each "SPEECH OUTPUT" line). Keys
# are pressed with xdotool in each scene and the log is read for what a blind user hears: that
# Orca gets the window's keys, and for each step the item's name, "n of m" or its row and column,
# its selected state, the drag steps, the scene's name on a switch, the menu's items, and a new
# card's title field (the entry, and the characters the caret moves over). Then every part, as a
# blind user meets it: a grid's Down names one tile, a picture is named by its file, the shortcuts
# window and the carousel's sheet are dialogs that take the focus, PageDown names the new month, a
# new card is named whole and focused, the tab bar names its tab. One Orca session serves every
# scene, with Orca's own defaults (a table's whole row is read when the row changes). The phrases
# expected are this test's own, not the app's strings.
orca_bin=$(command -v orca || true)
orca_launcher=/usr/libexec/at-spi-bus-launcher
orca_skip=""
if [ -z "$orca_bin" ]; then orca_skip="orca is not installed (package orca)"
elif [ ! -x "$orca_launcher" ] || [ ! -x /usr/libexec/at-spi2-registryd ]; then orca_skip="at-spi2-core is not installed"
elif ! command -v dbus-run-session >/dev/null; then orca_skip="dbus-run-session is missing (package dbus-daemon)"
# Orca runs once per user: the user's own screen reader is never replaced by the test's.
elif pgrep -u "$(id -u)" -x orca >/dev/null 2>&1; then orca_skip="an Orca of this user is running (Orca allows one per user)"
fi

# Places in Orca's log are byte offsets (orca_mark): a check reads only what Orca wrote after
# the step began, not the whole log (a megabyte by the end) twenty times a second.
# orca_spoken FROM: what Orca said after byte FROM of its log, one utterance a line.
orca_spoken() { tail -c +"$(( $1 + 1 ))" "$orca_log" 2>/dev/null | sed -nE "s/.*SPEECH OUTPUT: '(.*)' ?\{'established.*/\1/p"; }
# orca_said FROM PHRASE...: true once every PHRASE (a grep -E pattern) was said after byte FROM.
orca_said() {
    local from=$1; shift
    local spoken; spoken=$(orca_spoken "$from")
    local p
    for p in "$@"; do grep -qE -- "$p" <<<"$spoken" || return 1; done
}
orca_mark() { stat -c %s "$orca_log"; }
# orca_logged FROM TEXT: Orca's log has the line part TEXT after byte FROM.
orca_logged() { tail -c +"$(( $1 + 1 ))" "$orca_log" 2>/dev/null | grep -qF -- "$2"; }
# orca_wait_logged FROM TEXT: waits up to 30 s for it; a wait that ran out is said (the step
# after it then fails with what Orca said instead).
orca_wait_logged() { wait_until 30 orca_logged "$1" "$2" || echo "NOTE orca: not logged within 30 s: $2"; }
# orca_heard_key FROM: after byte FROM, Orca logged a key's press and a release, and has spoken
# since the press. (Orca speaks some keys, where-am-I and learn mode among them, while the key is
# down, before it logs the release: speech after the last key event would never come for them.)
orca_heard_key() {
    tail -c +"$(( $1 + 1 ))" "$orca_log" 2>/dev/null | awk '
        /KEYBOARD_EVENT: +type=ATSPI_KEY_PRESSED_EVENT/ { pressed = 1 }
        pressed && /KEYBOARD_EVENT: +type=ATSPI_KEY_RELEASED_EVENT/ { released = 1 }
        pressed && /SPEECH OUTPUT:/ { spoke = 1 }
        END { exit !(pressed && released && spoke) }'
}
# orca_step NAME KEYS PHRASE...: presses KEYS (one xdotool key each, waiting for Orca between
# them) and passes when Orca then said every PHRASE; otherwise says what it said instead.
orca_step() {
    local name=$1 keys=$2; shift 2
    local from; from=$(orca_mark)
    local k before
    for k in $keys; do
        before=$(orca_mark)
        xdotool key "$k"
        # The next key waits until Orca has taken this one and spoken after it, as a user waits.
        wait_until 10 orca_heard_key "$before" || true
    done
    # A loaded machine can hold Orca up for several seconds: wait up to 30 s for the words.
    if wait_until 30 orca_said "$from" "$@"; then
        pass "orca: $name ($(orca_spoken "$from" | tr '\n' '|' | cut -c1-160))"
    else
        fail "orca: $name" "expected $* in: $(orca_spoken "$from" | tr '\n' '|' | cut -c1-400)"
    fi
}

orca_test() {
    local holder_pid
    dbus-run-session -- bash -c 'echo "$$ $DBUS_SESSION_BUS_ADDRESS" >"$1"; exec sleep 600' _ "$work/orca-session" \
        >"$work/orca-session.log" 2>&1 &
    local session_job=$!
    wait_until 10 grep -qs . "$work/orca-session" || { fail "orca bus" "dbus-run-session did not start: $(cat "$work/orca-session.log")"; return; }
    read -r holder_pid DBUS_SESSION_BUS_ADDRESS <"$work/orca-session"
    on_exit "[ \"\$(ps -o args= -p $holder_pid 2>/dev/null)\" = 'sleep 600' ] && kill $holder_pid && wait $session_job"
    export DBUS_SESSION_BUS_ADDRESS
    unset AT_SPI_BUS_ADDRESS
    "$orca_launcher" --launch-immediately >"$work/orca-launcher.log" 2>&1 &
    local launcher_pid=$!

    # Orca's preferences of its own (never the user's): position in lists spoken ("3 of 40"), no
    # speech server (logging is enough); a table's rows are read as Orca reads them by default.
    local prefs=$work/orca-prefs
    mkdir -p "$prefs"
    cat >"$prefs/user-settings.conf" <<'JSON'
{"general": {"enablePositionSpeaking": true, "enableSpeech": true},
 "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
 "pronunciations": {}, "keybindings": {}}
JSON
    # Orca opens its debug log block-buffered: its customisation file (run at start-up from the
    # preferences folder) makes it write each line as it comes, so the test reads speech in time.
    cat >"$prefs/orca-customizations.py" <<'PY'
import orca.debug
if orca.debug.debugFile is not None:
    orca.debug.debugFile.reconfigure(line_buffering=True)
PY
    orca_log=$work/orca-debug.out
    : >"$orca_log"
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:orca-party\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Release party\r\nDTSTART:20261128T180000Z\r\nDTEND:20261128T200000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:orca-dinner\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dinner\r\nDTSTART:20261128T200000Z\r\nDTEND:20261128T210000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' >"$work/orca.ics"

    # Pictures for the photos scene, named as a camera would not: the name is what is spoken.
    mkdir -p "$work/orca-photos"
    cp Assets/screenshots/boards.png "$work/orca-photos/harbour-at-dusk.png"
    cp Assets/screenshots/mosaic.png "$work/orca-photos/meadow-in-june.png"
    local orca_pid=""
    # ORCA_KEEP_LOG=FILE keeps Orca's debug log for a look after the run.
    orca_cleanup() { [ -n "${ORCA_KEEP_LOG:-}" ] && cp "$orca_log" "$ORCA_KEEP_LOG"; [ -n "$orca_pid" ] && kill "$orca_pid" 2>/dev/null; kill "$launcher_pid" 2>/dev/null; stop_app; kill "$holder_pid" 2>/dev/null; unset DBUS_SESSION_BUS_ADDRESS; }
    if ! start_app --fresh --scene grid --size 1280x800 --today 2026-11-27 --month 2026-11 --timezone UTC --ics "$work/orca.ics" \
            --photos "$work/orca-photos" --dump-state "$work/orca.json"; then
        fail "orca window" "$start_error"; orca_cleanup; return
    fi
    HOME=$work/orca-home XDG_CONFIG_HOME=$work/orca-home/config "$orca_bin" -u "$prefs" --debug-file="$orca_log" \
        >"$work/orca.out" 2>&1 &
    orca_pid=$!
    if ! wait_until 60 orca_said 0 "Screen reader on"; then
        fail "orca start" "Orca did not start: $(tail -3 "$work/orca.out")"; orca_cleanup; return
    fi
    xdotool windowactivate --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid" 2>/dev/null
    wait_until 30 orca_said 0 "Collection Demo" || echo "NOTE orca: the window's activation was not spoken within 30 s"

    # Grid: a tile's name, its place (where-am-I, Orca's own command: KP_Enter), its selection.
    orca_step "grid: Right speaks a tile" "Right" "^Tile [0-9]+"
    orca_step "grid: where-am-I (KP_Enter, Orca's command) speaks the tile and its place" "KP_Enter" "Tile [0-9]+" "[0-9]+ of 1000"
    # Down moves to another row: one tile is read, the one focused, with its place (a table's
    # cell would have Orca read the whole row of nine).
    local from; from=$(orca_mark)
    orca_step "grid: Down speaks the focused tile and its place" "Down" "^Tile [0-9]+" "^[0-9]+ of 1000\.?$"
    local tiles; tiles=$(orca_spoken "$from" | grep -cE "^Tile [0-9]+")
    if [ "$tiles" -eq 1 ]; then pass "orca: grid: Down names one tile, not its row"
    else fail "orca: grid: Down names one tile" "$tiles tile names: $(orca_spoken "$from" | tr '\n' '|' | cut -c1-300)"; fi
    orca_step "grid: Space speaks the selected state" "space" "^selected"
    local keys; keys=$(grep -c "KEYBOARD_EVENT" "$orca_log")
    if [ "$keys" -gt 0 ]; then pass "orca: the window's key events reach Orca ($keys)"
    else fail "orca: key events" "Orca logged no KEYBOARD_EVENT"; fi

    # A key Orca consumes never reaches the app: in Orca's learn mode (Insert+H) keys are only
    # named; Right does not move the grid's focus. Escape leaves learn mode.
    wait_idle 10 || true
    local focus_before; focus_before=$(json_get "$app_dump" '[c.get("focusedItem") for c in d.get("collections", [])]' 2>/dev/null)
    orca_step "learn mode (Insert+H, Orca's command) is entered" "Insert+h" "[Ll]earn mode"
    orca_step "learn mode: Right is named by Orca" "Right" "[Rr]ight"
    app_state >/dev/null 2>&1 || true
    local focus_after; focus_after=$(json_get "$app_dump" '[c.get("focusedItem") for c in d.get("collections", [])]' 2>/dev/null)
    if [ "$focus_before" = "$focus_after" ]; then pass "orca: a key Orca consumes is not handled by the app (focus stays $focus_after)"
    else fail "orca: consumed key" "the focus moved from $focus_before to $focus_after"; fi
    orca_step "learn mode is left with Escape" "Escape" "[Ee]xit"

    # Boards: the switch speaks the scene; a card's name and "n of 40"; a keyboard drag's steps.
    # (Right after learn mode, Orca 43 says nothing of this switch itself; the other three
    # switches below check the scene's name.) The first Down after the switch is spoken.
    xdotool key 5
    wait_state 'd["scene"] == "boards" and d["live"]["idle"]' || true
    orca_step "boards: the first Down after switching speaks a card" "Down" "^[A-Z][a-z]+"
    orca_step "boards: Space picks the focused card up, by its own words and its position" "space" "^[A-Z][a-z]+.* picked up" "position [0-9]+ of 40"
    orca_step "boards: Right carries it over Today" "Right" "^over Today"
    orca_step "boards: Space drops it" "space" "^dropped"
    # A new card's title field: Orca speaks the entry as it takes the focus, and what a caret
    # move passes over, read from the field's text over AT-SPI. Escape adds nothing.
    orca_step "boards: Ctrl+N speaks the new card's field" "ctrl+n" "Card title"
    local typed; typed=$(orca_mark)
    xdotool type --delay 80 "Milk"
    # Orca reads the typed text from the events the window sends after each frame: the caret
    # move it hears must be the one after the last letter before Left is pressed.
    orca_wait_logged "$typed" "OBJECT EVENT: object:text-caret-moved (4, 0, 0)"
    # Paces Orca, which has no state to ask: a second for it to finish with that event (its log
    # says when an event came, not when Orca is done with it).
    sleep 1
    orca_step "boards: Left in the field speaks the character it passes, read over AT-SPI Text" "Left" "^k ?$"
    orca_step "boards: Home speaks the first character" "Home" "^M ?$"
    xdotool key Escape
    wait_state 'd["live"]["idle"]' || true

    # Rearrange: the same spoken drag through its live status line.
    orca_step "switching to rearrange speaks its name" "3" "Rearrange"
    orca_step "rearrange: Right speaks a tile" "Right" "^Tile [0-9]+"
    orca_step "rearrange: a keyboard move is spoken" "space Right space" "picked up" "position [0-9]+ of [0-9]+" "^dropped"

    # Mosaic: the context menu's items as they are highlighted; closing it speaks the card again.
    orca_step "switching to mosaic speaks its name" "6 Right" "Mosaic"
    # The mosaic's cards are a list of their own, without the featured row's eight: "n of 2000".
    orca_step "mosaic: Down speaks a card and its place among the mosaic's cards" "Down" "^Tile [0-9]+" "^[0-9]+ of 2000\.?$"
    orca_step "mosaic: Shift+F10 opens the card's menu on its first item" "shift+F10" "^(Tile|Featured) [0-9]+ menu$" "^1 of [0-9]+"
    orca_step "mosaic: Down moves to the next menu item" "Down" "^2 of [0-9]+"
    orca_step "mosaic: Escape closes the menu and the card is spoken" "Escape" "^(Tile|Featured) [0-9]+"

    # Calendar: a day by its date, with its events as description, and its column and row.
    orca_step "switching to the calendar speaks its name" "4" "Calendar"
    orca_step "calendar: Right speaks the next day by its date" "Right" "Saturday, November 28, 2026"
    orca_step "calendar: where-am-I speaks the day, its events, its column and row" "KP_Enter" \
        "Saturday, November 28, 2026" "2 events" "column [0-9]+ of 7" "row [0-9]+ of [0-9]+"
    # Moving to another column speaks the column's header, the weekday, before the day.
    orca_step "calendar: Right speaks the new column's weekday" "Right" "^Sunday( column header)?( |\.|$)" "Sunday, November 29, 2026"
    # The table is the month shown: its rows are the month's weeks, and PageDown names the next.
    orca_step "calendar: where-am-I counts the month's weeks, not every week since 1583" "KP_Enter" "row [0-9] of [4-6]([^0-9]|$)"
    orca_step "calendar: PageDown speaks the new month" "Next" "December 2026"

    # Photos: each picture is read by its file name, with its place.
    orca_step "photos: switching and Right speaks a picture by its file name" "7 Right" "(harbour-at-dusk|meadow-in-june)\.png" "[0-9] of 2"

    # The shortcuts window is a dialog that takes the focus: its name, its Close button.
    orca_step "F1 speaks the shortcuts window as a dialog with its Close button" "F1" "Keyboard shortcuts" "[Dd]ialog" "Close"
    xdotool key Escape
    wait_state '"shortcuts" not in d or not d["shortcuts"]' >/dev/null 2>&1 || true

    # The carousel's reading sheet: a dialog, named as it opens, with what it says; opened by the
    # keyboard, its Close button has the focus at once (Tab stays on it, the sheet's one control).
    orca_step "switching to the carousel speaks its name" "2" "Carousel"
    orca_step "carousel: Right speaks a card" "Right" "[0-9]+ of 12"
    orca_step "carousel: Enter opens the card's sheet: a dialog, its story and its Close button" "Return" "[Dd]ialog .*story" "^Close( push button)?\.?$"
    xdotool key Escape

    # Boards: a new card with a long title is named whole once added, and has the focus.
    orca_step "switching to the boards speaks its name" "5" "Boards"
    orca_step "boards: Ctrl+N speaks the new card's field" "ctrl+n" "Card title"
    local title="Pair with Sam on the release notes for version 2.4"
    typed=$(orca_mark)
    xdotool type --delay 60 "$title"
    # The caret after the title's last character: Orca has the whole title before Enter.
    orca_wait_logged "$typed" "OBJECT EVENT: object:text-caret-moved (${#title}, 0, 0)"
    orca_step "boards: Enter adds the card and speaks its whole title" "Return" "^Pair with Sam on the release notes for version 2\.4\.?$"
    if orca_spoken "$from" | grep -q "Pair with Sam.*…"; then fail "orca: boards: the title is whole" "a shortened title was spoken"
    else pass "orca: boards: no shortened title was spoken"; fi
    # Renamed (F2, a new title, Enter): the card keeps the focus and its new name is spoken.
    orca_step "boards: F2 opens the card's field" "F2" "entry"
    xdotool key ctrl+a
    typed=$(orca_mark)
    xdotool type --delay 60 "Ship it"
    orca_wait_logged "$typed" "OBJECT EVENT: object:text-caret-moved (7, 0, 0)"
    orca_step "boards: Enter renames the card and speaks its new name" "Return" "^Ship it\.?$"
    # Deleted: the toast is read out with its offer to undo.
    orca_step "boards: Delete speaks the deletion and its Undo" "Delete" "Ship it.*Undo"

    # The tab bar: Shift+Tab from the grid's tiles reaches it, and the shown scene's tab is spoken
    # (after a tile: Orca repeats nothing it has just said, and a switch says the tab).
    orca_step "switching to the grid speaks its name" "1" "Grid"
    orca_step "grid: Down speaks a tile" "Down" "^Tile [0-9]+"
    orca_step "Shift+Tab onto the tab bar speaks the tab" "shift+Tab" "^Grid( page tab)?\.?$"
    orca_cleanup
}

if [ -n "$orca_skip" ]; then skip "orca" "$orca_skip"; else orca_test; fi
