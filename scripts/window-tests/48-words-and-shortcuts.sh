# Words and feedback in a real window (issue 39): F1 and Ctrl+? open the shortcuts window, which
# takes the keys while open; the carousel's reading sheet dims and blocks the tab bar too; the
# mosaic's Shuffle is a button in its header.
car='d["collections"][0]'

if start_app --scene carousel --size 1000x700 --dump-state "$work/words-carousel.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key F1
    if wait_state "d['shortcutsWindow']['open'] and any(s['title'] == 'Open the focused card' for sec in d['shortcutsWindow']['sections'] for s in sec['shortcuts'])"; then
        # 4 while the window is open, then Escape: X delivers them in order, so no pause is needed.
        xdotool key 4 Escape
        if wait_state "not d['shortcutsWindow']['open'] and d['scene'] == 'carousel'"; then
            xdotool key ctrl+question
            if wait_state "d['shortcutsWindow']['open']"; then
                xdotool key Escape
                pass "F1 and Ctrl+? open the shortcuts window of the shown scene; a digit does not switch views behind it; Escape closes it"
            else fail "Ctrl+? shortcuts window" "Ctrl+? opened nothing ($state_seen)"; fi
        else fail "shortcuts window Escape" "the window stayed open or the view changed ($state_seen)"; fi
    else fail "F1 shortcuts window" "F1 opened no window listing the carousel's keys ($state_seen)"; fi
    xdotool key Right Return
    if wait_state "$car['opened'] == '1' and d['modal'] and $car['sheet']['modal']"; then
        # A click on a tab behind the sheet: it closes the sheet (a click outside it), nothing more.
        xdotool mousemove --window "$wid" 800 20 click 1
        if wait_state "$car['opened'] is None and d['scene'] == 'carousel' and not d['modal']"; then
            pass "carousel: the reading sheet is modal over the whole window; a click on a dimmed tab only closes it"
        else fail "carousel sheet modality" "the tab bar took the click behind the sheet ($state_seen)"; fi
    else fail "carousel sheet" "Enter opened no modal sheet ($state_seen)"; fi
    quit_app
else
    fail "words carousel window" "$start_error"
fi

if start_app --scene mosaic --size 1000x700 --dump-state "$work/words-mosaic.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    if wait_state "any(c['name'] == 'shuffle' for c in d['headerControls'])"; then
        before=$(json_get "$app_dump" 'd["collections"][0]["items"][:12]')
        read -r x y <<<"$(json_get "$app_dump" '" ".join(str(int(v)) for v in [next(c for c in d["headerControls"] if c["name"] == "shuffle")["frame"][0] + 20, next(c for c in d["headerControls"] if c["name"] == "shuffle")["frame"][1] + 15])')"
        xdotool mousemove --window "$wid" "$x" "$y" click 1
        if wait_state "d['collections'][0]['items'][:12] != $before and d['undo'] == 1"; then
            pass "mosaic: the header's Shuffle button shuffles (undoable)"
        else fail "mosaic Shuffle button" "a click on Shuffle at $x,$y changed nothing ($state_seen)"; fi
    else fail "mosaic header controls" "no Shuffle button in the dump ($state_seen)"; fi
    quit_app
else
    fail "words mosaic window" "$start_error"
fi
