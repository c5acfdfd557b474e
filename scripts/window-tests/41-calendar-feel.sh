# Calendar for the mouse: the side panel's list scrolls under the wheel and never turns the month,
# a Shift+click range is listed whole, the ‹ › and Today buttons answer hover and clicks, and at
# 640x480 a day's "+N" opens a popover of its events that Escape closes.
# Coordinates come from the state dump (cells, header buttons, "+N"), in window points.
cal='d["calendar"]'
feel_centre() { # EXPR giving [x, y, w, h] -> "X Y" of its centre, rounded
    json_get "$app_dump" "' '.join(str(round(v)) for v in (lambda r: (r[0] + r[2] / 2, r[1] + r[3] / 2))($1))"
}
feel_cell() { # DATE -> "X Y" of the date's cell on the page shown
    feel_centre "$cal['cells'][$cal['grid'].index('$1')]"
}

if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin --locale en_GB \
        --ics Assets/sample.ics --dump-state "$work/feel.json"; then
    read -r x y <<<"$(feel_cell 2026-11-12)"
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    wait_state "$cal['selectedDates'] == ['2026-11-12']" || fail "calendar panel click" "selected: $state_seen"
    read -r x y <<<"$(feel_cell 2026-11-20)"
    xdotool mousemove --window "$wid" "$x" "$y" keydown shift click 1 keyup shift
    headings="[r['date'] for r in $cal['panelRows'] if r['kind'] == 'heading']"
    if wait_state "$headings == ['2026-11-%02d' % n for n in range(12, 21)] and $cal['panelScroll'] > 0"; then
        pass "calendar panel lists the whole Shift+click range and follows the 20th"
    else fail "calendar panel range" "headings / scrolled: $state_seen"; fi
    # Eight notches up over the panel: its list goes back to the top, the month stays.
    read -r x y <<<"$(feel_centre "$cal['panelFrame']")"
    xdotool mousemove --window "$wid" "$x" "$y"
    for _ in 1 2 3 4 5 6 7 8; do xdotool click 4; done
    if wait_state "$cal['panelScroll'] == 0 and d['live']['idle']" && [ "$(json_get "$app_dump" "$cal['visibleMonth']")" = 2026-11 ]; then
        pass "calendar wheel over the panel scrolls its list, not the month"
    else fail "calendar panel wheel" "scroll $state_seen, month $(json_get "$app_dump" "$cal['visibleMonth']")"; fi
    # The buttons: hover lights the one under the pointer; › turns the page; Today comes back.
    button() { feel_centre "[b for b in $cal['headerButtons'] if b['name'] == '$1'][0]['frame']"; }
    read -r x y <<<"$(button next)"
    xdotool mousemove --window "$wid" "$x" "$y"
    wait_state "[b['hovered'] for b in $cal['headerButtons']] == [False, False, True]" || fail "calendar › hover" "hovered: $state_seen"
    xdotool click 1
    wait_state "$cal['visibleMonth'] == '2026-12'" || fail "calendar › click" "month: $state_seen"
    read -r x y <<<"$(button today)"
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    if wait_state "$cal['visibleMonth'] == '2026-11' and $cal['focusedDate'] == '2026-11-21'"; then
        pass "calendar ‹ › and Today buttons light up and turn the page"
    else fail "calendar Today button" "month: $state_seen"; fi
    quit_app || fail "calendar feel quit" "the app did not exit cleanly"
else
    fail "calendar feel window" "$start_error"
fi

if start_app --scene calendar --size 640x480 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin --locale en_GB \
        --ics Assets/sample.ics --dump-state "$work/narrow.json"; then
    read -r x y <<<"$(feel_centre "[b for b in $cal['moreButtons'] if b['date'] == '2026-11-12'][0]['frame']")"
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    if wait_state "($cal['popover'] or {}).get('date') == '2026-11-12' and len($cal['popover']['events']) == 3"; then
        pass "calendar at 640x480: +N opens the day's popover with its events"
    else fail "calendar +N popover" "popover: $state_seen"; fi
    xdotool key Escape
    wait_state "$cal['popover'] is None" && pass "calendar popover closes with Escape" || fail "calendar popover Escape" "popover: $state_seen"
    quit_app || fail "calendar narrow quit" "the app did not exit cleanly"
else
    fail "calendar narrow window" "$start_error"
fi

# The smallest window (200x200): ‹ › and Today (an icon) are still there and answer clicks; the
# tab bar shows whole numbers, one a scene.
if start_app --scene calendar --size 200x200 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin --locale en_GB \
        --ics Assets/sample.ics --dump-state "$work/smallest.json"; then
    button() { feel_centre "[b for b in $cal['headerButtons'] if b['name'] == '$1'][0]['frame']"; }
    if wait_state "[b['name'] for b in $cal['headerButtons']] == ['today', 'previous', 'next'] and $cal['headerButtons'][0]['icon']"; then
        read -r x y <<<"$(button next)"
        xdotool mousemove --window "$wid" "$x" "$y" click 1
        wait_state "$cal['visibleMonth'] == '2026-12'" || fail "calendar › at 200x200" "month: $state_seen"
        read -r x y <<<"$(button today)"
        xdotool mousemove --window "$wid" "$x" "$y" click 1
        if wait_state "$cal['visibleMonth'] == '2026-11'"; then
            pass "calendar at 200x200 keeps › and Today (an icon) and they turn the page"
        else fail "calendar Today at 200x200" "month: $state_seen"; fi
    else fail "calendar buttons at 200x200" "buttons: $state_seen"; fi
    quit_app || fail "calendar smallest quit" "the app did not exit cleanly"
else
    fail "calendar smallest window" "$start_error"
fi
