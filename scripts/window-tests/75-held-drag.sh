# A drag held still at the end of the content: once auto-scroll can go no further, nothing
# changes until the pointer moves, so the window sleeps (the live dump says idle) while the tile
# stays lifted; moving away from the edge wakes it and the drop still lands.
if start_app --scene rearrange --size 1000x700 --dump-state "$work/held.json"; then
    xdotool mousemove --window "$wid" 80 300 mousedown 1
    if wait_state 'd["dragging"]'; then
        # Up into the top edge zone: the content is at its top, so there is nowhere to scroll.
        for y in 260 200 140 90 50; do xdotool mousemove --window "$wid" 80 $y; sleep 0.05; done   # paces the moves a frame apart
        if wait_state 'd["dragging"] and d["live"]["idle"]' 15; then
            pass "a drag held at the top of the content lets the window sleep"
        else
            fail "held drag sleeps" "still drawing every frame while held at the end: $state_seen"
        fi
        xdotool mousemove --window "$wid" 80 300
        xdotool mouseup 1
        if wait_state 'not d["dragging"] and d["live"]["idle"]'; then pass "the held tile drops after the sleep"
        else fail "held drag drop" "still dragging or moving after release: $state_seen"; fi
    else
        xdotool mouseup 1
        fail "held drag lift" "a held press did not lift the tile"
    fi
    quit_app
else
    fail "held drag window" "$start_error"
fi
