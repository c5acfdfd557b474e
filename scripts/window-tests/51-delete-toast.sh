# One delete pattern in a real window: a board card dropped on the trash and a mosaic card's menu
# Delete each show the engine's toast with the whole title in quotes; a click elsewhere leaves it;
# its Undo brings the card back. (Boards at 1280x800: Today's first card at 546,107, Later's
# middle 702,496, the trash 1110,565. Mosaic "mixed" at 760x860: card 0 spans y 326-626 from x 72;
# card 5 is lower down.)
center() { echo "[(b['frame'][0] + b['frame'][2] / 2, b['frame'][1] + b['frame'][3] / 2) for b in d['deletedNoticeButtons'] if b['name'] == 'undo'][0]"; }
if start_app --scene boards --size 1280x800 --dump-state "$work/toast-boards.json"; then
    if wait_idle && app_state; then
        title=$(json_get "$app_dump" "[c['titles'][0] for c in d['collections'] if c['name'] == 'today'][0]")
        first=$(json_get "$app_dump" "[c['items'][0] for c in d['collections'] if c['name'] == 'today'][0]")
        expected=$(python3 -c 'import json, sys; print(json.dumps("“" + sys.argv[1] + "” deleted"))' "$title")
        drag 546 107 1110 565 12 0.2
        if wait_state "d['deletedNotice'] == $expected and not d['dragging']"; then
            until=$(json_get "$app_dump" "d['deletedNoticeUntil']")
            # A click on a backlog card (it takes the focus: the click was handled) leaves the toast,
            # unless its time ran out first on a slow machine, which the dump's times tell apart.
            xdotool mousemove --window "$wid" 233 183 click 1
            wait_state "d['focus'] is not None and d['focus']['collection'] == 'backlog'"
            if [ "$(json_get "$app_dump" "d['deletedNotice'] is not None or d['live']['time'] >= $until")" = True ]; then
                if [ "$(json_get "$app_dump" "d['deletedNotice'] is None")" = True ]; then
                    skip "boards toast undo" "the toast's time ran out before its Undo could be clicked (a loaded machine)"
                else
                read -r ux uy < <(json_get "$app_dump" "' '.join(str(int(v)) for v in $(center))")
                xdotool mousemove --window "$wid" "$ux" "$uy" click 1
                if wait_state "d['deletedNotice'] is None and '$first' in [c['items'] for c in d['collections'] if c['name'] == 'today'][0]"; then
                    pass "boards: a trashed card's toast quotes its whole title, stays after a click elsewhere, and its Undo brings the card back"
                else fail "boards toast undo" "Undo at $ux,$uy: $state_seen"; fi
                fi
            else fail "boards toast click elsewhere" "a click on another board closed the toast: $state_seen"; fi
        else fail "boards toast" "no toast quoting “$title”: $state_seen"; fi
    else fail "boards toast start" "$state_seen"; fi
    stop_app
else
    fail "boards toast window" "$start_error"
fi

mosaic='[c for c in d["collections"] if c["name"] == "mosaic"][0]'
if start_app --scene mosaic --mosaic-preset mixed --size 760x860 --dump-state "$work/toast-mosaic.json"; then
    if wait_idle; then
        xdotool mousemove --window "$wid" 220 476 click 3
        if wait_state 'd["menu"] is not None and d["menu"]["item"] == "0"'; then
            read -r dx dy < <(json_get "$app_dump" "(lambda m: ' '.join(str(int(v)) for v in (m['frame'][0] + m['frame'][2] / 2, m['frame'][1] + m['frame'][3] * (m['actions'].index('Delete') + 0.5) / len(m['actions']))))(d['menu'])")
            xdotool mousemove --window "$wid" "$dx" "$dy" click 1
            if wait_state "d['deletedNotice'] == '“Tile 0” deleted' and '0' not in $mosaic['items']"; then
                until=$(json_get "$app_dump" "d['deletedNoticeUntil']")
                # A click on card 5 (it takes the focus: the click was handled) leaves the toast,
                # unless its time ran out first on a slow machine, which the dump's times tell apart.
                xdotool mousemove --window "$wid" 560 700 click 1
                wait_state "$mosaic['focused'] is not None"
                if [ "$(json_get "$app_dump" "d['deletedNotice'] is not None or d['live']['time'] >= $until")" = True ]; then
                    if [ "$(json_get "$app_dump" "d['deletedNotice'] is None")" = True ]; then
                        skip "mosaic toast undo" "the toast's time ran out before its Undo could be clicked (a loaded machine)"
                    else
                    read -r ux uy < <(json_get "$app_dump" "' '.join(str(int(v)) for v in $(center))")
                    xdotool mousemove --window "$wid" "$ux" "$uy" click 1
                    if wait_state "d['deletedNotice'] is None and $mosaic['items'][0] == '0' and d['undo'] == 0"; then
                        pass "mosaic: Delete's toast quotes the card's name, stays after a click elsewhere, and its Undo brings the card back"
                    else fail "mosaic toast undo" "Undo at $ux,$uy: $state_seen"; fi
                    fi
                else fail "mosaic toast click elsewhere" "a click on a card closed the toast: $state_seen"; fi
            else fail "mosaic toast" "Delete at $dx,$dy showed no toast: $state_seen"; fi
        else fail "mosaic toast menu" "a right click on card 0 opened no menu: $state_seen"; fi
    else fail "mosaic toast start" "$state_seen"; fi
    stop_app
else
    fail "mosaic toast window" "$start_error"
fi
