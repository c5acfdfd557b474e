# The kanban example (Examples/Kanban) in a real window: a card dragged into the empty column is
# saved to its file by the change notification, Ctrl+Z takes the move back and saves again, a
# close request ends it cleanly, and a file that is not a kanban is refused with one message.
kanban=${KANBAN_EXAMPLE:-$(dirname "$bin")/kanban-example}
if [ -x "$kanban" ]; then
    board="$work/kanban.json"
    rm -f "$board"
    "$kanban" "$board" >"$work/kanban.out" 2>&1 &
    app_pid=$!
    wid=""
    find_kanban() { kill -0 "$app_pid" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^Kanban$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_kanban
    saved() { [ -f "$board" ] && [ "$(json_get "$board" "$1" 2>/dev/null)" = True ]; }
    if [ -z "$wid" ]; then
        fail "kanban window" "no window appeared: $(cat "$work/kanban.out")"
    else
        wait_until 30 window_drawn || fail "kanban first frame" "the window stayed blank for 30 s"
        # 900x600: "To do" is the first column (its first card centred near 154, 68), "Done" the
        # third and empty one (centre near 746, 250).
        drag 154 68 746 250 12 0.3
        if wait_until 20 saved '[c["title"] for c in d["columns"][2]["cards"]] == ["Write the README"] and len(d["columns"][0]["cards"]) == 4'; then
            pass "a card dragged into the empty kanban column is saved to the file"
        else
            fail "kanban drop" "the file does not show the move: $(cat "$board" 2>/dev/null | head -c 300)"
        fi
        xdotool windowfocus "$wid" 2>/dev/null
        xdotool key --window "$wid" ctrl+z
        if wait_until 20 saved 'd["columns"][2]["cards"] == [] and d["columns"][0]["cards"][0]["title"] == "Write the README"'; then
            pass "Ctrl+Z takes the kanban move back and the file follows"
        else
            fail "kanban undo" "the file does not show the undo: $(cat "$board" 2>/dev/null | head -c 300)"
        fi
        kill -TERM "$app_pid"; wait "$app_pid"; code=$?
        if [ $code -eq 0 ]; then pass "the kanban example closes cleanly"; else fail "kanban close" "exit $code after a close request"; fi
    fi
    printf '{"columns": 3}' >"$work/not-a-kanban.json"
    "$kanban" "$work/not-a-kanban.json" >"$work/kanban-bad.out" 2>&1; code=$?
    if [ $code -eq 1 ] && grep -q "^kanban-example: .*is not a kanban file" "$work/kanban-bad.out"; then
        pass "a file that is not a kanban is refused with one message and exit status 1"
    else
        fail "kanban bad file" "exit $code: $(head -c 300 "$work/kanban-bad.out")"
    fi
else
    fail "kanban" "$kanban is missing; run swift build first"
fi

# The three columns each have a "+ Add a card" button that is a Tab stop after its column. Real
# keys (xdotool presses Shift or Ctrl before the key, as a keyboard does): Tab onto the third
# column's button and Ctrl+N adds there; Shift+Tab goes back to the stop before (the third column,
# then the second column's button), and Enter there adds to the second column.
if [ -x "$kanban" ]; then
    board="$work/kanban-buttons.json"
    rm -f "$board"
    "$kanban" "$board" >"$work/kanban-buttons.out" 2>&1 &
    app_pid=$!
    wid=""
    wait_until 60 find_kanban
    if [ -z "$wid" ]; then
        fail "kanban buttons window" "no window appeared: $(cat "$work/kanban-buttons.out")"
    else
        wait_until 30 window_drawn || fail "kanban buttons first frame" "the window stayed blank for 30 s"
        xdotool windowfocus "$wid" 2>/dev/null
        # From the first column: its button, the second column, its button, then the third column's
        # button (the empty third column is no Tab stop).
        xdotool key --window "$wid" --delay 60 Tab Tab Tab Tab
        xdotool key --window "$wid" ctrl+n
        xdotool type --window "$wid" --delay 30 "Third"
        xdotool key --window "$wid" Return
        if wait_until 20 saved '[c["title"] for c in d["columns"][2]["cards"]] == ["Third"]'; then
            pass "kanban: Ctrl+N with the third column's add button focused adds to the third column"
        else
            fail "kanban Ctrl+N on a button" "the file does not show the card in the third column: $(python3 -c 'import json,sys; print([[c["title"] for c in col["cards"]] for col in json.load(open(sys.argv[1]))["columns"]])' "$board" 2>&1)"
        fi
        # The new card has the focus; Tab is its column's button, Shift+Tab twice the second column's button.
        xdotool key --window "$wid" --delay 60 Tab shift+Tab shift+Tab
        xdotool key --window "$wid" Return
        xdotool type --window "$wid" --delay 30 "Second"
        xdotool key --window "$wid" Return
        if wait_until 20 saved '[c["title"] for c in d["columns"][1]["cards"]][-1:] == ["Second"] and len(d["columns"][2]["cards"]) == 1'; then
            pass "kanban: Shift+Tab goes back through the stops, and Enter on the second column's button adds there"
        else
            fail "kanban Shift+Tab" "the file does not show the card in the second column: $(python3 -c 'import json,sys; print([[c["title"] for c in col["cards"]] for col in json.load(open(sys.argv[1]))["columns"]])' "$board" 2>&1)"
        fi
        kill -TERM "$app_pid"; wait "$app_pid" 2>/dev/null
    fi
fi
