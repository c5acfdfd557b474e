# Drops from other programs, through XDND as a file manager or a text editor makes them (a small
# Xlib drag source, xdnd-drop.c, built here): text dropped on a board becomes cards where it was
# dropped, a calendar file dropped on the calendar opens there, a picture dropped on the mosaic
# becomes a card; a text file on the calendar and a file on a board are refused with the reason,
# and a type SDL does not read (image/png data) is refused by the window in the XDND exchange itself.
# Sourced by the window-test runner (start_app, wait_state, json_get, $work); needs the runner.
drops_tests() {
    declare -F start_app >/dev/null || { echo "SKIP drops: needs the window-test runner"; return; }
    local source="$work/xdnd-drop"
    if ! cc -O1 -o "$source" scripts/window-tests/xdnd-drop.c $(pkg-config --cflags --libs x11) 2>"$work/xdnd-build.log"; then
        skip drops "the XDND drag source does not build (Debian: gcc, libx11-dev): $(head -3 "$work/xdnd-build.log")"; return
    fi
    # drop X Y KIND ARGS...: drops on the window at window point X, Y; returns the source's status.
    drop() { timeout 30 "$source" "$wid" "$@" 2>>"$work/xdnd.log"; }

    # Boards: two lines onto Today's second card become two cards there; a file is refused.
    if ! start_app --scene boards --size 1000x640 --dump-state "$work/drops.json"; then
        fail drops "no window: $start_error"; return
    fi
    local board='[b for b in d["collections"] if b["name"] == "today"][0]'
    local count x y
    count=$(json_get "$app_dump" "len($board[\"titles\"])")
    x=$(json_get "$app_dump" "int($board[\"viewport\"][0] + $board[\"frames\"][1][0] - $board[\"contentOffset\"][\"x\"] + 20)")
    y=$(json_get "$app_dump" "int($board[\"viewport\"][1] + $board[\"frames\"][1][1] - $board[\"contentOffset\"][\"y\"] + 5)")
    if drop "$x" "$y" text $'Buy milk\n\nCall Anna'; then
        if wait_state "$board[\"titles\"][1:3] == [\"Buy milk\", \"Call Anna\"] and len($board[\"titles\"]) == $count + 2" 10; then
            pass "drops: text dropped on a board's second card is two cards there (the blank line skipped)"
        else fail drops "after the text drop: $(json_get "$app_dump" "$board[\"titles\"]")"; fi
    else fail drops "the text drop did not finish: $(tail -1 "$work/xdnd.log")"; fi
    printf 'notes\n' >"$work/notes.txt"
    drop "$x" "$y" file "$work/notes.txt"
    wait_state "d[\"refusal\"] == \"Today takes only dropped text\" and len($board[\"titles\"]) == $count + 2" 10 \
        && pass "drops: a file dropped on a board is refused with the reason, nothing added" \
        || fail drops "after the file drop on a board: refusal $(json_get "$app_dump" 'd["refusal"]'), $(json_get "$app_dump" "len($board[\"titles\"])") cards"
    xdotool key --window "$wid" ctrl+z
    wait_state "len($board[\"titles\"]) == $count" 10 && pass "drops: one Ctrl+Z takes the dropped cards back" \
        || fail drops "after Ctrl+Z: $(json_get "$app_dump" "$board[\"titles\"]")"
    local status=0
    drop "$x" "$y" type image/png "not text" || status=$?
    [ "$status" = 2 ] && pass "drops: a type the window cannot read is refused in the XDND exchange" \
        || fail drops "an image/png offer ended with status $status, not 2 (refused)"
    stop_app

    # Calendar: a dropped .ics opens beside the calendar shown; a .txt is refused with a notice.
    local month; month=$(date +%Y%m)
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//drops//EN\r\nBEGIN:VEVENT\r\nUID:dropped-party@test\r\nDTSTAMP:%s01T000000Z\r\nDTSTART;VALUE=DATE:%s14\r\nSUMMARY:Dropped party\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
        "$month" "$month" >"$work/party.ics"
    if ! start_app --scene calendar --size 1000x700 --dump-state "$work/drops.json"; then
        fail drops "calendar: no window: $start_error"; return
    fi
    drop 300 400 file "$work/party.ics" || fail drops "the calendar file drop did not finish: $(tail -1 "$work/xdnd.log")"
    wait_state "\"$work/party.ics\" in d[\"calendar\"][\"calendarFiles\"] and any(e[\"title\"] == \"Dropped party\" for e in d[\"calendar\"][\"events\"])" 20 \
        && pass "drops: a calendar file dropped on the calendar opens there, its event shown" \
        || fail drops "after the .ics drop: files $(json_get "$app_dump" 'd["calendar"]["calendarFiles"]')"
    drop 300 400 file "$work/notes.txt"
    wait_state 'any("notes.txt" in n and ".ics" in n for n in d["notices"])' 10 \
        && pass "drops: a text file dropped on the calendar is refused with a notice naming it" \
        || fail drops "after the .txt drop on the calendar: notices $(json_get "$app_dump" 'd["notices"]')"
    stop_app

    # Mosaic: a picture dropped on a card becomes a card showing it, named after it.
    cp Assets/desktop/io.github.collectionkit.CollectionDemo.png "$work/Sunset.png"
    if ! start_app --scene mosaic --size 1000x700 --dump-state "$work/drops.json"; then
        fail drops "mosaic: no window: $start_error"; return
    fi
    local cards; cards=$(json_get "$app_dump" 'len(d["collections"][0]["items"])')
    drop 300 450 file "$work/Sunset.png" || fail drops "the picture drop did not finish: $(tail -1 "$work/xdnd.log")"
    wait_state "len(d[\"collections\"][0][\"items\"]) == $cards + 1 and \"Sunset\" in d[\"names\"].values() and list(d[\"pictureCards\"].values()) == [\"shown\"]" 20 \
        && pass "drops: a picture dropped on the mosaic is a new card showing the picture (decoded), named after it" \
        || fail drops "after the picture drop: $(json_get "$app_dump" 'len(d["collections"][0]["items"])') cards, names $(json_get "$app_dump" 'd["names"]')"
    drop 300 450 text "words"
    wait_state 'd["refusal"] == "Mosaic takes only pictures"' 10 \
        && pass "drops: text dropped on the mosaic is refused with the reason" \
        || fail drops "after the text drop on the mosaic: refusal $(json_get "$app_dump" 'd["refusal"]')"
    stop_app
}
drops_tests
