# One focus model in a real window: the arrows show and move a focus ring, a click hides it
# again (it shows after keyboard use only), Enter acts on the focused item. The carousel's Enter
# opens the focused card in its reading sheet and Escape closes it; the rearrange scene picks up
# the focused tile with Space, moves it with the arrows and drops it with Space.
grid='d["collections"][0]'

if start_app --scene grid --size 1000x700 --dump-state "$work/focus-grid.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key Right Right
    if wait_state "$grid['focusRing'] and $grid['focusedItem'] == '1'"; then
        xdotool key Return
        if wait_state "$grid['selected'] == ['1']"; then
            # A click on tile 3 (fourth column of the first row): the focus follows without a ring.
            xdotool mousemove --window "$wid" 470 120 click 1
            if wait_state "not $grid['focusRing'] and $grid['focusedItem'] == '3' and $grid['selected'] == ['3']"; then
                pass "grid: the arrows show and move the focus ring, Enter selects, a click hides the ring"
            else fail "grid focus after a click" "the ring still shows or the focus did not follow ($state_seen)"; fi
        else fail "grid Enter" "Enter did not select the focused tile ($state_seen)"; fi
    else
        fail "grid arrows" "no focus ring on tile 1 after two Rights ($state_seen)"
    fi
    quit_app
else
    fail "focus grid window" "$start_error"
fi

if start_app --scene carousel --size 1000x700 --dump-state "$work/focus-carousel.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key Right
    if wait_state "$grid['focusedItem'] == '1' and $grid['centeredIndex'] == 1 and d['live']['idle']"; then
        xdotool key Return
        if wait_state "$grid['opened'] == '1'"; then
            xdotool key Escape
            if wait_state "$grid['opened'] is None"; then
                pass "carousel: Right focuses the next card, Enter opens it, Escape closes the sheet"
            else fail "carousel Escape" "the sheet stayed open ($state_seen)"; fi
        else fail "carousel Enter" "Enter opened nothing ($state_seen)"; fi
    else
        fail "carousel Right" "the focus did not move to card 1 ($state_seen)"
    fi
    quit_app
else
    fail "focus carousel window" "$start_error"
fi

if start_app --scene rearrange --size 1000x700 --dump-state "$work/focus-rearrange.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key Down Right
    if wait_state "$grid['focusedItem'] == '1' and $grid['focusRing']"; then
        xdotool key space
        if wait_state "$grid['moving'] is not None and $grid['moving']['id'] == '1'"; then
            xdotool key Right
            if wait_state "$grid['moving']['to'] == 2"; then
                xdotool key space
                if wait_state "d['live']['idle'] and $grid['items'][:3] == ['0', '2', '1'] and $grid['focusedItem'] == '1'"; then
                    pass "rearrange: Space picks up the focused tile, Right moves it, Space drops it; the focus stays on it"
                else fail "rearrange keyboard drop" "the tile did not land in slot 2 ($state_seen)"; fi
            else fail "rearrange keyboard move" "Right did not move the gap ($state_seen)"; fi
        else fail "rearrange Space" "Space lifted nothing ($state_seen)"; fi
    else
        fail "rearrange focus" "no ring on tile 1 ($state_seen)"
    fi
    quit_app
else
    fail "focus rearrange window" "$start_error"
fi
