# The window's regions share the pointer through one capture (the region a press began on keeps
# the moves and the release), and the keyboard scrolls the rearrange scene through the engine's
# keyboard scrolling. The tabs are centred: in a 1000-point window they span about x 164-836,
# y 6-38 (the first, "1  Grid", x 164-247), and nothing of the bar right of x 840 is a tab.
offset_y='d["collections"][0]["contentOffset"]["y"]'

# A pan that began in the scene and is released over the first tab pans; it switches nothing.
if start_app --scene grid --size 1000x700 --dump-state "$work/capture.json"; then
    drag 500 500 230 20 12 0.3
    if wait_state "$offset_y > 0 and d['live']['idle']"; then
        scene=$(json_get "$app_dump" 'd["scene"]')
        if [ "$scene" = grid ]; then pass "a pan released over a tab stays the scene's (offset $(json_get "$app_dump" "$offset_y"))"
        else fail "pan released over a tab" "the scene switched to $scene"; fi
    else
        fail "pan released over a tab" "the content never panned and came to rest ($state_seen)"
    fi
    quit_app || fail "capture quit" "Ctrl+Q did not end the app"
else
    fail "capture window" "$start_error"
fi

# A press that began on the tab bar keeps its release from the scene: dragged onto a tile and
# let go there, it selects nothing and scrolls nothing.
if start_app --scene grid --size 1000x700 --dump-state "$work/tabpress.json"; then
    drag 980 20 200 300 8 0.1
    if wait_idle; then
        sel=$(json_get "$app_dump" 'd["collections"][0]["selected"]')
        y=$(json_get "$app_dump" "$offset_y")
        if [ "$sel" = "[]" ] && [ "${y%.*}" = 0 ]; then pass "a press from the tab bar released on a tile selects nothing"
        else fail "press from the tab bar" "selected $sel, offset $y"; fi
    else
        fail "press from the tab bar" "never came to rest ($state_seen)"
    fi
    quit_app
else
    fail "tab-bar press window" "$start_error"
fi

# End and Home scroll the rearrange grid to its ends; the arrows move the keyboard focus (Down
# first shows the ring on the first tile in view, Right moves it on).
if start_app --scene rearrange --size 1000x700 --dump-state "$work/keys.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key End
    if wait_state "$offset_y > 1000 and d['live']['idle']"; then
        end_y=$(json_get "$app_dump" "$offset_y")
        xdotool key Home
        if wait_state "$offset_y == 0 and d['live']['idle']"; then
            xdotool key Down
            xdotool key Right
            if wait_state "d['collections'][0]['focusedItem'] == '1' and d['collections'][0]['focusRing'] and $offset_y == 0"; then
                pass "End and Home scroll the rearrange scene (end at $end_y); Down and Right move the focus ring"
            else fail "arrows in rearrange" "the focus ring is not on tile 1 at offset 0 (check: $state_seen)"; fi
        else fail "Home in rearrange" "offset never came back to 0 ($state_seen)"; fi
    else
        fail "End in rearrange" "the content never scrolled to its end ($state_seen)"
    fi
    quit_app
else
    fail "rearrange keys window" "$start_error"
fi
