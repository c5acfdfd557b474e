# Rearrange: a long press lifts a tile, moving carries it, releasing drops it in its new place; a
# pinned tile refuses a long press without scrolling.
order='d["collections"][0]["items"]'
if start_app --scene rearrange --size 1000x700 --dump-state "$work/rearrange.json"; then
    xdotool mousemove --window "$wid" 80 120 mousedown 1
    if wait_state 'd["dragging"]'; then
        for x in 150 250 350 450; do xdotool mousemove --window "$wid" $x 130; sleep 0.05; done   # paces the moves a frame apart
        # The pointer rests over the fourth column until the tile has moved there.
        wait_state "$order[:5] == ['1', '2', '3', '0', '4']" || true
        xdotool mouseup 1
        if wait_state "not d['dragging'] and d['live']['idle']"; then
            first=$(json_get "$app_dump" "$order[:8]")
            # Tile 0 carried to the fourth column of the first row.
            if [ "$(json_get "$app_dump" "$order[:5] == ['1', '2', '3', '0', '4']")" = True ]; then
                pass "rearrange moves a tile with a real long press and drag"
            else
                fail "rearrange move" "order after the drop: $first"
            fi
        else
            fail "rearrange drop" "still dragging or moving 30 s after release: $state_seen"
        fi
    else
        xdotool mouseup 1
        fail "rearrange lift" "a held press did not lift the tile"
    fi
    quit_app
else
    fail "rearrange window" "$start_error"
fi

# A long press on a pinned tile (tile 27, the seventh of the fourth row) neither lifts it nor
# scrolls when the pointer then moves up (a pan would scroll down): it shakes and the press is
# refused until release. The press is held until the app has seen it refused (the long-press
# deadline has passed and nothing is due), then the pointer moves.
if start_app --scene rearrange --size 1000x700 --dump-state "$work/pinned.json"; then
    xdotool mousemove --window "$wid" 922 544 mousedown 1
    sleep 0.4                                         # paces the press: held past the 300 ms long-press delay
    wait_idle 10 || true                              # the refusal's shake has ended
    for y in 480 400 300; do xdotool mousemove --window "$wid" 922 $y; sleep 0.05; done   # paces the moves a frame apart
    xdotool mouseup 1
    if wait_idle; then
        y=$(json_get "$app_dump" 'd["collections"][0]["contentOffset"]["y"]')
        if [ "$y" = 0 ] && [ "$(json_get "$app_dump" "$order[:8] == [str(i) for i in range(8)] and not d['dragging']")" = True ]; then
            pass "a pinned tile refuses a long press without scrolling"
        else fail "pinned tile" "offset $y, order $(json_get "$app_dump" "$order[:8]"), dragging $(json_get "$app_dump" 'd["dragging"]')"; fi
    else
        fail "pinned tile" "still moving 30 s after release"
    fi
    quit_app
else
    fail "pinned window" "$start_error"
fi
