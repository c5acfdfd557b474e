# One delete pattern in a real window: a board card dropped on the trash, a mosaic card's menu
# Delete and a calendar event's Delete (below) each show the engine's toast with the whole title in
# quotes; a click elsewhere leaves it; its Undo brings the item back. (Boards at 1280x800: Today's
# first card at 546,107, Later's middle 702,496, the trash 1110,565. Mosaic "mixed" at 760x860:
# card 0 spans y 326-626 from x 72; card 5 is lower down.)
center() { echo "[(b['frame'][0] + b['frame'][2] / 2, b['frame'][1] + b['frame'][3] / 2) for b in d['deletedNoticeButtons'] if b['name'] == 'undo'][0]"; }
# toast_stays_then_undoes LABEL SHOWN DEADLINE X Y CLICKED UNDO_XY BACK MESSAGE [CHECK]: with the
# toast shown (the dump expression SHOWN true), a click at X,Y that the scene takes (CLICKED) leaves
# it, unless its time (DEADLINE, scene seconds) ran out first on a slow machine, which the dump's
# times tell apart; then a click on its Undo (UNDO_XY, a dump expression giving "x y") brings the
# item back (BACK, and the command CHECK when given).
toast_stays_then_undoes() {
    local label=$1 shown=$2 until x=$4 y=$5 clicked=$6 undo_xy=$7 back=$8 message=$9 check=${10:-true}
    until=$(json_get "$app_dump" "$3")
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    wait_state "$clicked"
    if [ "$(json_get "$app_dump" "($shown) or d['live']['time'] >= $until")" != True ]; then
        fail "$label toast click elsewhere" "a click elsewhere closed the toast: $state_seen"; return
    fi
    if [ "$(json_get "$app_dump" "not ($shown)")" = True ]; then
        skip "$label toast undo" "the toast's time ran out before its Undo could be clicked (a loaded machine)"; return
    fi
    local ux uy
    read -r ux uy < <(json_get "$app_dump" "$undo_xy")
    xdotool mousemove --window "$wid" "$ux" "$uy" click 1
    if wait_state "$back" && $check; then pass "$message"
    else fail "$label toast undo" "Undo at $ux,$uy: $state_seen"; fi
}
if start_app --scene boards --size 1280x800 --dump-state "$work/toast-boards.json"; then
    if wait_idle && app_state; then
        title=$(json_get "$app_dump" "[c['titles'][0] for c in d['collections'] if c['name'] == 'today'][0]")
        first=$(json_get "$app_dump" "[c['items'][0] for c in d['collections'] if c['name'] == 'today'][0]")
        expected=$(python3 -c 'import json, sys; print(json.dumps("“" + sys.argv[1] + "” deleted"))' "$title")
        drag 546 107 1110 565 12 0.2
        if wait_state "d['deletedNotice'] == $expected and not d['dragging']"; then
            # A click on a backlog card (it takes the focus: the click was handled).
            toast_stays_then_undoes boards "d['deletedNotice'] is not None" "d['deletedNoticeUntil']" 233 183 \
                "d['focus'] is not None and d['focus']['collection'] == 'backlog'" \
                "' '.join(str(int(v)) for v in $(center))" \
                "d['deletedNotice'] is None and '$first' in [c['items'] for c in d['collections'] if c['name'] == 'today'][0]" \
                "boards: a trashed card's toast quotes its whole title, stays after a click elsewhere, and its Undo brings the card back"
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
                # A click on card 5 (it takes the focus: the click was handled).
                toast_stays_then_undoes mosaic "d['deletedNotice'] is not None" "d['deletedNoticeUntil']" 560 700 \
                    "$mosaic['focused'] is not None" "' '.join(str(int(v)) for v in $(center))" \
                    "d['deletedNotice'] is None and $mosaic['items'][0] == '0' and d['undo'] == 0" \
                    "mosaic: Delete's toast quotes the card's name, stays after a click elsewhere, and its Undo brings the card back"
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
                    # A click on another day (it is chosen: the click was handled).
                    read -r ox oy <<< "$(cell_centre 2026-11-27)"
                    same_file() { cmp -s "$toast_dir/original.ics" "$toast_dir/cal.ics"; }
                    toast_stays_then_undoes calendar "d.get('deletedEvent') is not None" "d['deletedEvent']['deadline']" "$ox" "$oy" \
                        "'2026-11-27' in $cal['selectedDates']" \
                        "(lambda f: '%d %d' % (f[0] + f[2] / 2, f[1] + f[3] / 2))([t for t in d['texts'] if t['text'] == 'Undo'][-1]['frame'])" \
                        "d.get('deletedEvent') is None and $cal['lastWrite']['ok'] and $cal['undo'] == 0" \
                        "calendar: a deleted event's toast quotes its title, stays after a click on another day, and its Undo puts the event back byte for byte" \
                        same_file
                else fail "calendar toast" "Delete showed no toast quoting “Dentist”, or the file still has it: $state_seen"; fi
            else fail "calendar toast menu" "the row's ⋯ opened no menu with Delete: $state_seen"; fi
        else fail "calendar toast row" "the panel does not list Dentist on the 24th: $state_seen"; fi
    else fail "calendar toast start" "$state_seen"; fi
    stop_app
else
    fail "calendar toast window" "$start_error"
fi
