# The mosaic scene: menus, regrouping, drag reordering, featured paging. Geometry for a 760x860
# window (two columns; wider windows take four or six, MosaicSceneTests): the mosaic is 616 wide
# from x 72, cards of 300 with 16 between; its first row spans y 326-626 and the second starts at
# 642; the featured row spans y 88-258. Preset "mixed": regular 0; compacts 1, 2 (row
# two), 3, 4; regular 5. Card 2 does not allow a menu, card 0 does. (That the regroup animates is
# checked headless, frame by frame, by MosaicSceneTests.)
mosaic='[c for c in d["collections"] if c["name"] == "mosaic"][0]'
if start_app --scene mosaic --mosaic-preset mixed --size 760x860 --dump-state "$work/mosaic.json"; then
    # The pointer rests on card 2 first: hovering a card shows its ⋯ button (card 2 has none), so
    # the picture before the click is taken with the pointer where the click happens.
    xdotool mousemove --window "$wid" 550 740
    wait_state '[c for c in d["collections"] if c["name"] == "mosaic"][0]["hovered"] == "2"' || true
    wait_idle || true
    before=$(shot)
    xdotool click 3
    wait_idle || true
    after_refused=$(shot)
    refused_menu=$(json_get "$app_dump" 'd["menu"]')
    xdotool mousemove --window "$wid" 450 400 click 3
    if wait_state 'd["menu"] is not None' && wait_idle; then
        if [ "$before" = "$after_refused" ] && [ "$refused_menu" = None ] && [ "$before" != "$(shot)" ]; then
            pass "mosaic: a right click opens no menu on a card that does not allow one, and opens one on a card that does"
        else
            fail "mosaic menu" "after the refused click: menu $refused_menu, picture unchanged: $([ "$before" = "$after_refused" ] && echo yes || echo no)"
        fi
    else
        fail "mosaic menu" "a right click on card 0 opened no menu"
    fi
    # The menu opened at (450, 400): its first row, "Make compact", is centred at (550, 421).
    before=$(shot)
    xdotool mousemove --window "$wid" 550 421 click 1
    if wait_state "$mosaic['styles'][0] == 'compact' and d['live']['idle']"; then
        [ "$(shot)" != "$before" ] && pass "mosaic: Make compact regroups the cards on screen" \
            || fail "mosaic regroup" "the styles changed but the picture did not"
    else
        fail "mosaic regroup" "card 0 is still $(json_get "$app_dump" "$mosaic['styles'][0]") after Make compact"
    fi
    # Card 0 is now the left half of the first row: hold it, carry it onto the right half, drop.
    xdotool mousemove --window "$wid" 222 480 mousedown 1
    if wait_state 'd["dragging"]'; then
        for x in 270 350 430 510 538; do xdotool mousemove --window "$wid" $x 480; sleep 0.05; done   # paces the moves a frame apart
        wait_state "$mosaic['items'][:2] == ['1', '0']" 10 || true
    else
        fail "mosaic lift" "a held press on card 0 did not lift it"
    fi
    xdotool mouseup 1
    wait_state "not d['dragging'] and d['live']['idle']" || fail "mosaic drop" "the drop did not settle"
    # Two flicks to the left on the featured row: one card each.
    drag 700 173 200 173 6 0
    wait_idle || true
    drag 700 173 200 173 6 0
    wait_idle || true
    if quit_app; then
        f=$work/mosaic.json
        if [ "$(json_get "$f" "$mosaic['items'] == ['1', '0', '2', '3', '4', '5'] and $mosaic['styles'] == ['compact'] * 5 + ['regular'] and d['menu'] is None and d['undo'] == 2")" = True ]; then
            pass "mosaic: Make compact regrouped, a real drag reordered the cards, and the dump after Ctrl+Q agrees"
        else
            fail "mosaic dump" "items $(json_get "$f" "$mosaic['items']") styles $(json_get "$f" "$mosaic['styles']") menu $(json_get "$f" 'd["menu"]') undo $(json_get "$f" 'd["undo"]')"
        fi
        centred=$(json_get "$f" '[c for c in d["collections"] if c["name"] == "featured"][0]["centeredIndex"]')
        [ "$centred" = 2 ] && pass "mosaic: the featured row pages one card per flick" \
            || fail "mosaic featured paging" "centred card $centred after two flicks, expected 2"
    else
        fail "mosaic quit" "Ctrl+Q did not end the app"
    fi
else
    fail "mosaic window" "$start_error"
fi
