# The grid: real drags, flicks, the wheel, the scroll bars, hover, and a close request.
# (A 1000x700 window: the vertical bar's track runs along x 988-998 from y 48 to 696.)
offset_y='d["collections"][0]["contentOffset"]["y"]'

# A held drag of 300 points, then three wheel notches of 48 points: about 444.
if start_app --scene grid --size 1000x700 --dump-state "$work/grid.json"; then
    drag 500 500 500 200 12 0.3
    for _ in 1 2 3; do xdotool click 5; sleep 0.05; done   # paces the notches a hand apart
    if wait_state "$offset_y >= 420 and d['live']['idle']"; then
        y=$(json_get "$app_dump" "$offset_y")
        if [ "${y%.*}" -le 470 ]; then pass "grid drag and wheel scroll (offset $y)"
        else fail "grid drag and wheel scroll" "content offset y is $y, expected about 444"; fi
    else
        fail "grid drag and wheel scroll" "the offset never came to rest at 420 or more (last: $(json_get "$app_dump" "$offset_y" 2>&1))"
    fi
    quit_app || fail "grid quit" "Ctrl+Q did not end the app"
else
    fail "grid window" "$start_error"
fi

# A flick keeps scrolling after release (deceleration), then comes to rest.
if start_app --scene grid --size 1000x700 --dump-state "$work/flick.json"; then
    drag 500 600 500 300 5 0
    if wait_idle; then
        y=$(json_get "$app_dump" "$offset_y")
        if [ "${y%.*}" -gt 400 ]; then pass "grid flick decelerates past the drag (offset $y)"
        else fail "grid flick" "content offset y is $y at rest, expected more than the 300-point drag"; fi
    else
        fail "grid flick" "still moving after 30 s"
    fi
    quit_app
else
    fail "grid flick window" "$start_error"
fi

# A press on the thumb grabs it and drags the content the same way (not a pan the other way),
# selecting nothing: 300 points of thumb travel out of about 612 is about half the content's
# 15,000-point range.
if start_app --scene grid --size 1000x700 --dump-state "$work/bar.json"; then
    # Paces the pointer: it rests on the window a moment before the press, as a hand's does.
    xdotool mousemove --window "$wid" 600 300; sleep 0.1
    drag 993 60 993 360 10 0.2
    if wait_idle; then
        y=$(json_get "$app_dump" "$offset_y")
        sel=$(json_get "$app_dump" 'd["collections"][0]["selected"]')
        if [ "${y%.*}" -ge 6000 ] && [ "${y%.*}" -le 9000 ] && [ "$sel" = "[]" ]; then
            pass "a dragged scroll-bar thumb scrolls the content with it (offset $y)"
        else fail "scroll-bar thumb drag" "offset $y (expected 6000-9000), selected $sel"; fi
    else
        fail "scroll-bar thumb drag" "still moving after 30 s"
    fi
    quit_app
else
    fail "scroll-bar window" "$start_error"
fi

# A click on the track below the thumb pages down: one page is 90% of the 656-point viewport.
if start_app --scene grid --size 1000x700 --dump-state "$work/page.json"; then
    xdotool mousemove --window "$wid" 993 600 click 1
    if wait_state "$offset_y > 0 and d['live']['idle']"; then
        y=$(json_get "$app_dump" "$offset_y")
        if [ "${y%.*}" -ge 585 ] && [ "${y%.*}" -le 595 ]; then pass "a click on the scroll-bar track pages down (offset $y)"
        else fail "scroll-bar track click" "offset $y, expected 590.4"; fi
    else
        fail "scroll-bar track click" "the content did not page and come to rest: offset $state_seen"
    fi
    quit_app
else
    fail "scroll-bar page window" "$start_error"
fi

# Hover follows the pointer in and out of the window: tile 0 under the pointer is hovered; after
# the pointer moves off the window (to the screen's far corner) nothing is.
if start_app --scene grid --size 1000x700 --dump-state "$work/hover.json"; then
    # Paces two pointer moves apart: the window sees the pointer come in, then move over tile 0.
    xdotool mousemove --window "$wid" 85 111; sleep 0.05
    xdotool mousemove --window "$wid" 90 115
    if wait_state 'd["collections"][0]["hovered"] == "0"'; then
        xdotool mousemove 1399 899
        if wait_state 'd["collections"][0]["hovered"] is None'; then pass "hover follows the pointer in and out of the window"
        else fail "hover and leaving the window" "after leaving, hovered is still set: $state_seen"; fi
    else
        fail "hover" "tile 0 under the pointer is not hovered: $(json_get "$app_dump" 'd["collections"][0]["hovered"]')"
    fi
    quit_app
else
    fail "hover window" "$start_error"
fi

# Closing the app from outside (SIGTERM reaches SDL as a quit, as the window's close button does)
# still writes the dump.
if start_app --scene grid --size 800x600 --dump-state "$work/closed.json"; then
    kill -TERM "$app_pid"
    wait "$app_pid"; code=$?
    if [ $code -eq 0 ] && [ "$(json_get "$work/closed.json" 'd["scene"]' 2>&1)" = grid ]; then pass "a close request writes the dump and exits 0"
    else fail "close request" "exit $code, dump: $(head -c 200 "$work/closed.json" 2>/dev/null)"; fi
else
    fail "close window" "$start_error"
fi
