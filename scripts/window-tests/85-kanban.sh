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
