# Boards: real drags move a card to another board, into the empty board, onto the full focus slot
# (it swaps) and into the trash; Ctrl+Z brings the trashed card back; a right click opens a card's
# menu, Escape closes it; Ctrl+Q's dump agrees.
# (Centres for a 1280x800 window: backlog cards at 233,124 and 233,183; Today's first card at
# 546,107; Later's middle 702,496; Focus 1110,107; Done's first card 79,703; Trash 1110,565.)
board() { echo "[c['items'] for c in d['collections'] if c['name'] == '$1'][0]"; }
settled='not d["dragging"] and d["live"]["idle"]'
if start_app --scene boards --size 1280x800 --dump-state "$work/boards.json"; then
    drags_ok=1
    for d in "233 183 702 240" "546 107 702 496" "233 124 1110 107" "79 703 1110 565"; do
        # shellcheck disable=SC2086
        drag $d 12 0.2
        wait_state "$settled" || { drags_ok=0; fail "boards drag $d" "the drop did not settle: $state_seen"; }
    done
    xdotool key ctrl+z
    wait_state 'd["undo"] == 3 and d["redo"] == 1' || fail "boards undo" "Ctrl+Z: undo/redo counts $(json_get "$app_dump" '[d["undo"], d["redo"]]')"
    # A right click on Today's first card opens its menu at the pointer; Escape closes it, changing nothing.
    xdotool mousemove --window "$wid" 546 107 click 3
    if wait_state 'd["menu"] is not None and d["menu"]["board"] == "today" and d["menu"]["actions"] == ["Rename…", "Copy", "Delete"]'; then
        xdotool key Escape
        wait_state 'd["menu"] is None' || fail "boards menu" "Escape left the card's menu open: $state_seen"
    else
        fail "boards menu" "a right click on a card opened no menu: $state_seen"
    fi
    if quit_app; then
        f=$work/boards.json
        checks="'1' in $(board today) and $(board later) == ['1000'] and $(board focus) == ['0']
                and $(board backlog)[:3] == ['1020', '2', '3'] and $(board done)[:1] == ['1005']
                and d['trashed'] == [] and d['undo'] == 3 and d['redo'] == 1 and not d['dragging']"
        if [ "$(json_get "$f" "$(echo $checks)")" = True ]; then
            pass "boards: real drags between boards, into the empty board, a swap, the trash, and Ctrl+Z"
        else
            fail "boards" "today $(json_get "$f" "$(board today)[:4]") later $(json_get "$f" "$(board later)") focus $(json_get "$f" "$(board focus)") backlog $(json_get "$f" "$(board backlog)[:4]") done $(json_get "$f" "$(board done)[:2]") trashed $(json_get "$f" 'd["trashed"]') undo/redo $(json_get "$f" '[d["undo"], d["redo"]]')"
        fi
    else
        fail "boards quit" "Ctrl+Q did not end the app"
    fi
else
    fail "boards window" "$start_error"
fi
