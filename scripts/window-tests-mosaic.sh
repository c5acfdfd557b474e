# Window tests for the mosaic scene, sourced by window-tests.sh (it provides start_app, drag,
# quit_app, pass and fail, $display, $wid and $work). Geometry for a 1000x860 window: the mosaic's
# column is 640 wide from x 180; its first row spans y 326-646 and the second starts at 662; the
# featured row spans y 88-258. Preset "mixed": regular 0; compacts 1, 2 (row two), 3, 4; regular 5.
# Card 2 does not allow a menu, card 0 does.
shot() { DISPLAY=$display xwd -silent -id "$wid" | md5sum; }
start_app --scene mosaic --mosaic-preset mixed --size 1000x860 --dump-state "$work/mosaic.json"
if [ -z "$wid" ]; then
    fail "mosaic window" "no window appeared: $(cat "$work/app.out")"
else
    sleep 0.5
    before=$(shot)
    DISPLAY=$display xdotool mousemove --window "$wid" 664 740 click 3
    sleep 0.4
    after_refused=$(shot)
    DISPLAY=$display xdotool mousemove --window "$wid" 500 400 click 3
    sleep 0.4
    after_menu=$(shot)
    if [ "$before" = "$after_refused" ] && [ "$before" != "$after_menu" ]; then
        pass "mosaic: a right click opens no menu on a card that does not allow one, and opens one on a card that does"
    else
        fail "mosaic menu" "picture unchanged after the refused click: $([ "$before" = "$after_refused" ] && echo yes || echo no); changed after the allowed one: $([ "$before" != "$after_menu" ] && echo yes || echo no)"
    fi
    # The menu opened at (500, 400): its first row, "Make compact", is centred at (600, 421).
    DISPLAY=$display xdotool mousemove --window "$wid" 600 421 click 1
    sleep 0.08
    early=$(shot)
    sleep 0.6
    settled=$(shot)
    [ "$early" != "$settled" ] && pass "mosaic: the regroup after Make compact animates" \
        || fail "mosaic regroup" "no change between 80 ms and 680 ms after the click"
    # Card 0 is now the left half of the first row: hold it, carry it onto the right half, drop.
    DISPLAY=$display xdotool mousemove --window "$wid" 336 480 mousedown 1
    sleep 0.6                      # past the long-press delay
    for x in 400 480 560 640 664; do DISPLAY=$display xdotool mousemove --window "$wid" $x 480; sleep 0.05; done
    sleep 0.4
    DISPLAY=$display xdotool mouseup 1
    sleep 0.8
    # Two flicks to the left on the featured row: one card each.
    drag 800 173 300 173 6 0
    sleep 1.2
    drag 800 173 300 173 6 0
    sleep 1.2
    if quit_app; then
        flat=$(tr -d ' \n' < "$work/mosaic.json")
        items=$(echo "$flat" | grep -o '"name":"mosaic","items":\[[^]]*\]' | head -1)
        styles=$(echo "$flat" | grep -o '"styles":\[[^]]*\]' | head -1)
        menu=$(echo "$flat" | grep -o '"menu":[^,]*' | head -1)
        undo=$(echo "$flat" | grep -o '"undo":[0-9]*' | head -1)
        centred=$(echo "$flat" | grep -o '"centeredIndex":[0-9]*' | head -1)
        if [ "$items" = '"name":"mosaic","items":["1","0","2","3","4","5"]' ] \
           && [ "$styles" = '"styles":["compact","compact","compact","compact","compact","regular"]' ] \
           && [ "$menu" = '"menu":null' ] && [ "$undo" = '"undo":2' ]; then
            pass "mosaic: Make compact regrouped, a real drag reordered the cards, and the dump after Ctrl+Q agrees"
        else
            fail "mosaic dump" "$items $styles $menu $undo"
        fi
        [ "$centred" = '"centeredIndex":2' ] && pass "mosaic: the featured row pages one card per flick" \
            || fail "mosaic featured paging" "$centred after two flicks"
    else
        fail "mosaic quit" "Ctrl+Q did not end the app"
    fi
fi

# A bad preset is refused before anything opens, with the list of presets.
out=$("$bin" --headless --scene mosaic --mosaic-preset huge 2>&1); code=$?
if [ $code -ne 0 ] && echo "$out" | grep -q "mosaic-preset must be one of compact, regular, mixed, long, got 'huge'"; then
    pass "bad mosaic preset"
else
    fail "bad mosaic preset" "exit $code: $out"
fi
