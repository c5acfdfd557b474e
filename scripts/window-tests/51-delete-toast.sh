# One delete pattern in a real window: a board card dropped on the trash, a mosaic card's menu
# Delete and a calendar event's Delete (below) each show the engine's toast with the whole title in
# quotes; a click elsewhere leaves it; its Undo brings the item back. (Boards at 1280x800: Today's first card at 546,107, Later's
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

# The calendar: an event deleted from the side panel's ⋯ menu shows the same toast; a click on
# another day leaves it; its Undo (found by its words in the dump's texts) puts the event back in
# the file byte for byte. A copy of the sample, at a fixed today.
cal='d["calendar"]'
toast_dir="$work/toast-calendar"
mkdir -p "$toast_dir"
cp Assets/sample.ics "$toast_dir/cal.ics"
cp Assets/sample.ics "$toast_dir/original.ics"
cell_centre() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($cal['cells'][$cal['grid'].index('$1')]))"; }
frame_centre() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($1))"; }
if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
        --ics "$toast_dir/cal.ics" --dump-state "$work/toast-calendar.json"; then
    if wait_state "$cal['readOnlyReason'] is None and '2026-11-24' in $cal['grid'] and d['live']['idle']"; then
        read -r cx cy <<< "$(cell_centre 2026-11-24)"
        xdotool mousemove --window "$wid" "$cx" "$cy" click 1
        row='[r for r in d["calendar"]["eventRows"] if not r["inPopover"] and r["title"] == "Dentist"]'
        if wait_state "len($row) == 1"; then
            read -r rx ry <<< "$(frame_centre "$row[0]['frame']")"; read -r bx by <<< "$(frame_centre "$row[0]['button']")"
            # Paces the pointer: it rests on the row (which shows its ⋯ under a pointer) before moving on to the button.
            xdotool mousemove --window "$wid" "$rx" "$ry" sleep 0.2 mousemove --window "$wid" "$bx" "$by" click 1
            if wait_state "$cal['eventMenu'] is not None and 'Delete' in $cal['eventMenu']['actions']"; then
                downs=$(json_get "$app_dump" "' '.join(['Down'] * ($cal['eventMenu']['actions'].index('Delete') + 1))")
                # shellcheck disable=SC2086
                xdotool key --window "$wid" $downs Return
                if wait_state "d.get('deletedEvent') is not None and d['deletedEvent']['message'] == '“Dentist” deleted' and $cal['lastWrite']['ok'] and len($row) == 0" &&
                   ! grep -q "SUMMARY:Dentist" "$toast_dir/cal.ics"; then
                    until=$(json_get "$app_dump" "d['deletedEvent']['deadline']")
                    # A click on another day (it is chosen: the click was handled) leaves the toast,
                    # unless its time ran out first on a slow machine, which the dump's times tell apart.
                    read -r ox oy <<< "$(cell_centre 2026-11-27)"
                    xdotool mousemove --window "$wid" "$ox" "$oy" click 1
                    wait_state "'2026-11-27' in $cal['selectedDates']"
                    if [ "$(json_get "$app_dump" "d.get('deletedEvent') is not None or d['live']['time'] >= $until")" = True ]; then
                        if [ "$(json_get "$app_dump" "d.get('deletedEvent') is None")" = True ]; then
                            skip "calendar toast undo" "the toast's time ran out before its Undo could be clicked (a loaded machine)"
                        else
                        read -r ux uy <<< "$(frame_centre "[t for t in d['texts'] if t['text'] == 'Undo'][-1]['frame']")"
                        xdotool mousemove --window "$wid" "$ux" "$uy" click 1
                        if wait_state "d.get('deletedEvent') is None and $cal['lastWrite']['ok'] and $cal['undo'] == 0" &&
                           cmp -s "$toast_dir/original.ics" "$toast_dir/cal.ics"; then
                            pass "calendar: a deleted event's toast quotes its title, stays after a click on another day, and its Undo puts the event back byte for byte"
                        else fail "calendar toast undo" "Undo at $ux,$uy: $(diff "$toast_dir/original.ics" "$toast_dir/cal.ics" | head -3) $state_seen"; fi
                        fi
                    else fail "calendar toast click elsewhere" "a click on another day closed the toast: $state_seen"; fi
                else fail "calendar toast" "Delete showed no toast quoting “Dentist”, or the file still has it: $state_seen"; fi
            else fail "calendar toast menu" "the row's ⋯ opened no menu with Delete: $state_seen"; fi
        else fail "calendar toast row" "the panel does not list Dentist on the 24th: $state_seen"; fi
    else fail "calendar toast start" "$state_seen"; fi
    stop_app
else
    fail "calendar toast window" "$start_error"
fi
