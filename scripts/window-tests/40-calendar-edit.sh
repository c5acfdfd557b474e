# Calendar editing: an event chip dragged with the real mouse to another day is written to its
# file (atomically, with a FILE~ backup); Ctrl+Z writes the previous dates back; a repeating
# event's move asks "this occurrence / all occurrences" and Return answers.
cal='d["calendar"]'
edit_dir="$work/calendar-edit"
mkdir -p "$edit_dir"
edit_ics="$edit_dir/edit.ics"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:dentist\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dentist\r\nX-KEEP-ME:yes\r\nDTSTART;TZID=Europe/Berlin:20261124T090000\r\nDTEND;TZID=Europe/Berlin:20261124T094500\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Standup\r\nDTSTART;TZID=Europe/Berlin:20261102T100000\r\nDTEND;TZID=Europe/Berlin:20261102T101500\r\nRRULE:FREQ=WEEKLY;COUNT=8\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$edit_ics"
# The centre of an event's first chip, and of a day's cell, on the page shown, from the dump.
chip_of() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))([e for e in $cal['events'] if e['uid'] == '$1'][0]['frames'][0]))"; }
cell_of() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($cal['cells'][$cal['grid'].index('$1')]))"; }
if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
        --ics "$edit_ics" --dump-state "$work/calendar-edit.json"; then
    wait_state "len([e for e in $cal['events'] if e['uid'] == 'dentist' and e['frames'] and e['editable']]) == 1" ||
        fail "calendar edit chip" "no editable chip for the event: $state_seen"
    read -r x0 y0 <<< "$(chip_of dentist)"
    read -r x1 y1 <<< "$(cell_of 2026-11-26)"
    drag "$x0" "$y0" "$x1" "$y1" 12 0.2
    if wait_state "$cal['lastWrite'] is not None and $cal['lastWrite']['ok'] and $cal['undo'] == 1" &&
       grep -q 'DTSTART;TZID=Europe/Berlin:20261126T090000' "$edit_ics" && grep -q 'X-KEEP-ME:yes' "$edit_ics" &&
       grep -q 'DTSTART;TZID=Europe/Berlin:20261124T090000' "$edit_ics~"; then
        pass "calendar drag writes the moved event to its file, keeps the rest, and a FILE~ backup"
    else
        fail "calendar drag write" "last write $(json_get "$app_dump" "$cal['lastWrite']"); file: $(grep DTSTART "$edit_ics" | head -2 | tr -d '\r' | tr '\n' ' ')"
    fi
    xdotool key ctrl+z
    if wait_state "$cal['undo'] == 0 and $cal['redo'] == 1" && grep -q 'DTSTART;TZID=Europe/Berlin:20261124T090000' "$edit_ics"; then
        pass "calendar Ctrl+Z writes the previous dates back"
    else
        fail "calendar undo" "undo $(json_get "$app_dump" "[$cal['undo'], $cal['redo']]"); file: $(grep DTSTART "$edit_ics" | head -1 | tr -d '\r')"
    fi
    read -r x0 y0 <<< "$(chip_of standup)"
    read -r x1 y1 <<< "$(cell_of 2026-11-04)"
    drag "$x0" "$y0" "$x1" "$y1" 12 0.2
    wait_state "$cal['moveChoice'] is not None" || fail "calendar repeating choice" "no question asked: $state_seen"
    xdotool key Return
    if wait_state "$cal['moveChoice'] is None and $cal['lastWrite']['ok'] and $cal['undo'] == 1" &&
       grep -q 'RECURRENCE-ID;TZID=Europe/Berlin:20261102T100000' "$edit_ics"; then
        pass "calendar repeating event: this occurrence becomes an override in the file"
    else
        fail "calendar repeating move" "$(json_get "$app_dump" "[$cal['moveChoice'], $cal['lastWrite']]")"
    fi
    quit_app || fail "calendar edit quit" "the app did not quit cleanly"
else
    fail "calendar edit window" "$start_error"
fi
