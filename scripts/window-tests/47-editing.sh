# Editing in place in a real window (Examples/Kanban): "+ Add a card" under the empty Done
# column, a title typed with xdotool, a double-click renames the card, Ctrl+Z takes the rename
# back; the file saved by the change notification follows each step.
kanban=${KANBAN_EXAMPLE:-$(dirname "$bin")/kanban-example}
if [ -x "$kanban" ]; then
    board="$work/kanban-edit.json"
    rm -f "$board"
    "$kanban" "$board" >"$work/kanban-edit.out" 2>&1 &
    app_pid=$!
    wid=""
    find_kanban() { kill -0 "$app_pid" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^Kanban$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_kanban
    saved() { [ -f "$board" ] && [ "$(json_get "$board" "$1" 2>/dev/null)" = True ]; }
    done_titles='[c["title"] for c in d["columns"][2]["cards"]]'
    if [ -z "$wid" ]; then
        fail "editing window" "no window appeared: $(cat "$work/kanban-edit.out")"
    else
        wait_until 30 window_drawn || fail "editing first frame" "the window stayed blank for 30 s"
        xdotool windowfocus "$wid" 2>/dev/null
        # 900x600: the Done column is the third (x 604..888); its "+ Add a card" sits under it, near y 461.
        xdotool mousemove --window "$wid" 746 461 click 1
        # Paces the typing: SDL gives text only once the field has started text input, and the
        # example has no state dump to ask whether it has (its file is written on changes only).
        sleep 0.3
        xdotool type --window "$wid" --delay 40 "Ship it"
        xdotool key --window "$wid" Return
        if wait_until 20 saved "$done_titles == ['Ship it']"; then
            pass "a card typed into \"+ Add a card\" is added and saved"
        else
            fail "editing add" "the file does not show the new card: $(head -c 400 "$board" 2>/dev/null)"
        fi
        # The new card is the column's first, centred near (746, 68): a double-click opens its field
        # with the title selected; typing replaces it.
        xdotool mousemove --window "$wid" 746 68 click --repeat 2 --delay 80 1
        sleep 0.3   # paces the typing, as above
        xdotool type --window "$wid" --delay 40 "Released"
        xdotool key --window "$wid" Return
        if wait_until 20 saved "$done_titles == ['Released']"; then
            pass "a double-click renames the card in place and the file follows"
        else
            fail "editing rename" "the file does not show the rename: $(head -c 400 "$board" 2>/dev/null)"
        fi
        xdotool key --window "$wid" ctrl+z
        if wait_until 20 saved "$done_titles == ['Ship it'] and len(d['columns'][0]['cards']) == 5"; then
            pass "Ctrl+Z takes the rename back and the file follows"
        else
            fail "editing undo" "the file does not show the undo: $(head -c 400 "$board" 2>/dev/null)"
        fi
        kill -TERM "$app_pid"; wait "$app_pid"; code=$?
        [ $code -eq 0 ] || fail "editing close" "exit $code after a close request"
    fi
else
    fail "editing" "$kanban is missing; run swift build first"
fi
