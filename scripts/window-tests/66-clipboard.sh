# The clipboard on the boards, through the X clipboard as other programs see it (xclip): three
# lines put there by another program and pasted with Ctrl+V become three cards at the end of the
# focused board; Ctrl+C on a selected card puts what it says there; Ctrl+Z takes the three back.
# Sourced by the window-test runner (start_app, wait_state, json_get, $work); needs the runner.
clipboard_tests() {
    declare -F start_app >/dev/null || { echo "SKIP clipboard: needs the window-test runner"; return; }
    command -v xclip >/dev/null || { skip clipboard "xclip is missing (Debian: xclip)"; return; }
    if ! start_app --scene boards --size 1000x640 --dump-state "$work/clipboard.json"; then
        fail clipboard "no window: $start_error"; return
    fi
    local board='[b for b in d["collections"] if b["name"] == "today"][0]'
    # click_card N: clicks card N of Today (it is selected and focused).
    click_card() {
        local x y
        x=$(json_get "$app_dump" "int($board[\"viewport\"][0] + $board[\"frames\"][$1][0] - $board[\"contentOffset\"][\"x\"] + 40)")
        y=$(json_get "$app_dump" "int($board[\"viewport\"][1] + $board[\"frames\"][$1][1] - $board[\"contentOffset\"][\"y\"] + 20)")
        xdotool mousemove --window "$wid" "$x" "$y" click 1
    }
    local count; count=$(json_get "$app_dump" "len($board[\"titles\"])")
    click_card 0
    wait_state 'd["focus"] is not None and d["focus"]["collection"] == "today"' 10 || { fail clipboard "the click did not focus a card: $state_seen"; stop_app; return; }
    printf 'Buy stamps\n\n  Call the bank  \nWater the plants\n' | xclip -i -selection clipboard
    # xclip serves the selection in the background until another program takes it.
    xdotool key --window "$wid" ctrl+v
    if wait_state "$board[\"titles\"][-3:] == [\"Buy stamps\", \"Call the bank\", \"Water the plants\"] and len($board[\"titles\"]) == $count + 3" 10; then
        pass "clipboard: three pasted lines are three cards at the end of the focused board (the blank one skipped)"
    else fail clipboard "after Ctrl+V: $(json_get "$app_dump" "$board[\"titles\"]")"; fi
    wait_idle
    click_card $((count + 1))
    wait_state "d[\"focus\"] is not None and d[\"focus\"][\"collection\"] == \"today\" and d[\"focus\"][\"id\"] == $board[\"items\"][$count + 1]" 10 \
        || fail clipboard "the click did not focus the pasted card: $state_seen"
    xdotool key --window "$wid" ctrl+c
    copied() { [ "$(timeout 5 xclip -o -selection clipboard 2>/dev/null)" = "Call the bank" ]; }
    wait_until 10 copied && pass "clipboard: Ctrl+C puts what the selected card says on the X clipboard" \
        || fail clipboard "the X clipboard holds '$(timeout 5 xclip -o -selection clipboard 2>&1)', not 'Call the bank'"
    xdotool key --window "$wid" ctrl+z
    wait_state "len($board[\"titles\"]) == $count" 10 && pass "clipboard: one Ctrl+Z takes the pasted cards back" \
        || fail clipboard "after Ctrl+Z: $(json_get "$app_dump" "$board[\"titles\"]")"
    stop_app
}
clipboard_tests
