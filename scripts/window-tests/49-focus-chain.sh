# One focus chain in every scene, in a real window: no ring at launch; Tab moves the keyboard
# focus to the next stop (a collection, a button) and shows the ring; Shift+Tab moves it back;
# Enter or Space acts on what has the focus; a pointer press hides the ring again. The dump's
# `keyboardFocus` names the stop with the focus and says whether the ring shows.
kf='d["keyboardFocus"]'

# focus_scene NAME START_ARGS: launch, check no ring, Tab, Shift+Tab, and a click that hides the ring.
# After a scene's last stop Tab goes to the tab bar (`tabs`), and from there back into the scene.
# Sets $focus_ok when the window is up and the steps passed, leaving the app running.
# Where the keyboard focus is: the ring, the stop, and a calendar day's focused event chip (a
# stop with places of its own: Tab moves among the day's events before it leaves the day).
focus_place="str($kf['ring']) + '|' + str($kf['stop']) + '|' + str(d.get('calendar', {}).get('focusedEvent'))"
# focus_key KEY: presses KEY and waits until the focus moved (stop, chip or ring).
focus_key() {
    local was; was=$(json_get "$app_dump" "$focus_place")
    xdotool key "$1"
    wait_state "$focus_place != '$was'" 10 >/dev/null || true
}

focus_scene() {
    local name=$1; shift
    focus_ok=0
    if ! start_app --scene "$name" "$@" --dump-state "$work/focus-chain-$name.json"; then
        fail "$name focus window" "$start_error"; return
    fi
    xdotool windowfocus "$wid" 2>/dev/null
    if ! wait_state "not $kf['ring']"; then fail "$name: no ring at launch" "$state_seen"; return; fi
    local first
    first=$(json_get "$app_dump" "$kf['stop']")
    # A stop with places of its own (a calendar day's event chips) takes Tab first: a few presses at most.
    local tries=0
    until [ $tries -ge 8 ]; do
        focus_key Tab; tries=$((tries + 1))
        [ "$(json_get "$app_dump" "$kf['ring'] and $kf['stop'] != '$first'")" = True ] && break
    done
    if ! wait_state "$kf['ring'] and $kf['stop'] != '$first'"; then fail "$name: Tab" "the focus did not move from $first ($state_seen)"; return; fi
    local second
    second=$(json_get "$app_dump" "$kf['stop']")
    tries=0
    until [ $tries -ge 8 ]; do
        focus_key shift+Tab; tries=$((tries + 1))
        [ "$(json_get "$app_dump" "$kf['ring'] and $kf['stop'] == '$first'")" = True ] && break
    done
    if ! wait_state "$kf['ring'] and $kf['stop'] == '$first'"; then fail "$name: Shift+Tab" "the focus did not come back to $first ($state_seen)"; return; fi
    focus_ok=1
    pass "$name: no ring at launch; Tab moves the focus $first -> $second with its ring, Shift+Tab moves it back"
}

# press_hides_ring X Y: a click at X Y hides the ring.
press_hides_ring() {
    local name=$1 x=$2 y=$3
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    if wait_state "not $kf['ring']"; then pass "$name: a pointer press hides the ring"
    else fail "$name: press" "the ring still shows after a click ($state_seen)"; fi
}

grid='d["collections"][0]'
focus_scene grid --size 1000x700
if [ "$focus_ok" = 1 ]; then
    # The grid is the scene's one stop, then the tab bar: Shift+Tab came back to the grid with the
    # ring on the first tile in view.
    if wait_state "$kf['stop'] == 'grid' and $grid['focusRing'] and $grid['focusedItem'] == '0'"; then
        xdotool key Return
        if wait_state "$grid['selected'] == ['0']"; then pass "grid: Enter selects the focused tile"
        else fail "grid: Enter" "nothing selected ($state_seen)"; fi
    else fail "grid: Tab ring" "no ring on tile 0 ($state_seen)"; fi
    press_hides_ring grid 470 120
fi
quit_app

carousel='d["collections"][0]'
focus_scene carousel --size 1000x700
if [ "$focus_ok" = 1 ]; then
    # The second stop is the centred card's Open button: Enter opens the card in the sheet.
    xdotool key Tab
    wait_state "$kf['stop'] == 'open'" >/dev/null
    if [ "$(json_get "$app_dump" "$kf['stop']")" = open ]; then
        xdotool key Return
        if wait_state "$carousel['opened'] == '0'"; then
            xdotool key Escape
            wait_state "$carousel['opened'] is None" >/dev/null
            pass "carousel: the Open button is reached by Tab and Enter opens the card"
        else fail "carousel: Open by keyboard" "Enter on the Open button opened nothing ($state_seen)"; fi
    else fail "carousel: Open button" "Tab went to $(json_get "$app_dump" "$kf['stop']"), not the Open button"; fi
    press_hides_ring carousel 150 350
fi
quit_app

tiles='d["collections"][0]'
focus_scene rearrange --size 1000x700
if [ "$focus_ok" = 1 ]; then
    xdotool key Down
    if wait_state "$tiles['focusRing'] and $tiles['focusedItem'] is not None"; then
        xdotool key space
        if wait_state "$tiles['moving'] is not None"; then
            xdotool key Escape
            wait_state "$tiles['moving'] is None and d['live']['idle']" >/dev/null
            pass "rearrange: Space picks up the focused tile"
        else fail "rearrange: Space" "Space lifted nothing ($state_seen)"; fi
    else fail "rearrange: arrows" "no ring after Down ($state_seen)"; fi
    press_hides_ring rearrange 300 300
fi
quit_app

cal='d["calendar"]'
focus_scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin
if [ "$focus_ok" = 1 ]; then
    # Tab on to the › button and press it with Enter: the next month shows.
    for _ in 1 2 3 4 5 6; do
        [ "$(json_get "$app_dump" "$kf['stop']")" = next ] && break
        focus_key Tab
    done
    if [ "$(json_get "$app_dump" "$kf['stop']")" = next ]; then
        xdotool key Return
        if wait_state "$cal['visibleMonth'] == '2026-12'"; then pass "calendar: Tab reaches the next-month button and Enter turns the page"
        else fail "calendar: Enter on ›" "the page did not turn ($state_seen)"; fi
    else fail "calendar: Tab to ›" "never reached the next-month button ($state_seen)"; fi
    press_hides_ring calendar 300 400
fi
quit_app

focus_scene boards --size 1280x800
if [ "$focus_ok" = 1 ]; then
    # After the backlog's cards, its "+ Add a card": Enter opens the field at the board's end, and
    # the title typed there becomes the backlog's last card.
    backlog="[c for c in d['collections'] if c['name'] == 'backlog'][0]"
    cards_before=$(json_get "$app_dump" "len($backlog['titles'])")
    xdotool key Tab
    if wait_state "$kf['stop'] == 'add-backlog' and $kf['ring']"; then
        xdotool key Return
        if wait_state "d['adding'] == 'backlog' and d['editing'] is not None"; then
            xdotool type --delay 40 "Ship it"
            xdotool key Return
            if wait_state "len($backlog['titles']) == $cards_before + 1 and $backlog['titles'][-1] == 'Ship it'"; then
                pass "boards: Tab reaches the backlog's + Add a card after its cards; Enter and a typed title add the backlog's last card"
            else fail "boards: + Add a card" "no new last card after typing ($state_seen)"; fi
        else fail "boards: + Add a card" "Enter opened no field ($state_seen)"; fi
    else fail "boards: + Add a card" "Tab from the backlog did not reach its button ($state_seen)"; fi
    # The new card has the focus (in the backlog): Tab passes the backlog's button to today.
    for _ in 1 2 3; do
        focus_key Tab
        [ "$(json_get "$app_dump" "$kf['stop']")" = today ] && break
    done
    board=$(json_get "$app_dump" "$kf['stop']")
    xdotool key space
    if wait_state "d['drag'] is not None and d['drag']['keyboard']"; then
        xdotool key Escape
        wait_state "d['drag'] is None" >/dev/null
        pass "boards: Space picks up the focused card of the board Tab chose ($board)"
    else fail "boards: Space" "no keyboard drag ($state_seen)"; fi
    press_hides_ring boards 640 60
fi
quit_app

focus_scene mosaic --mosaic-preset mixed --size 1000x800
if [ "$focus_ok" = 1 ]; then
    xdotool key Return
    if wait_state "d['menu'] is not None"; then
        xdotool key Escape
        wait_state "d['menu'] is None" >/dev/null
        pass "mosaic: Enter on the focused card opens its menu"
    else fail "mosaic: Enter" "no menu ($state_seen)"; fi
    press_hides_ring mosaic 500 600
fi
quit_app

# The kanban example: Tab moves to the first column's add button, then the second column; Space picks up its first card, Right carries
# it to the third column and Space drops it there; the saved file shows where it went.
kanban=${KANBAN_EXAMPLE:-$(dirname "$bin")/kanban-example}
if [ -x "$kanban" ]; then
    board="$work/kanban-focus.json"
    rm -f "$board"
    "$kanban" "$board" >"$work/kanban-focus.out" 2>&1 &
    app_pid=$!
    wid=""
    find_kanban() { kill -0 "$app_pid" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^Kanban$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_kanban
    if [ -n "$wid" ] && wait_until 30 window_drawn; then
        xdotool windowfocus "$wid" 2>/dev/null
        xdotool key --window "$wid" Tab Tab space Right space
        saved() { [ -f "$board" ] && [ "$(json_get "$board" "$1" 2>/dev/null)" = True ]; }
        if wait_until 20 saved 'len(d["columns"][2]["cards"]) == 1 and len(d["columns"][1]["cards"]) == 1 and len(d["columns"][0]["cards"]) == 5'; then
            pass "kanban: Tab moves to the next column, Space and the arrows carry its card to the third"
        else fail "kanban: keyboard" "the file does not show the move: $(head -c 400 "$board" 2>/dev/null)"; fi
        kill -TERM "$app_pid"; wait "$app_pid"
    else fail "kanban focus window" "no window: $(cat "$work/kanban-focus.out")"; fi
fi
