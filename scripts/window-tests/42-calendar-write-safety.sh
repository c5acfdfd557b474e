# Calendar writes that must not lose what another program did: an event moved on disk (by sed)
# while the user drags it is not moved on at the drop (the window reads the changed file at once,
# and the drop is checked against it); a calendar opened through a symbolic link is written
# through to its target, and the link stays a link.
cal='d["calendar"]'
safe_dir="$work/calendar-safety"
mkdir -p "$safe_dir/real" "$safe_dir/links"
safe_ics="$safe_dir/real/cal.ics"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:dentist\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dentist\r\nDTSTART;TZID=Europe/Berlin:20261119T090000\r\nDTEND;TZID=Europe/Berlin:20261119T094500\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$safe_ics"
ln -s ../real/cal.ics "$safe_dir/links/cal.ics"
chip_of() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))([e for e in $cal['events'] if e['uid'] == '$1'][0]['frames'][0]))"; }
cell_of() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($cal['cells'][$cal['grid'].index('$1')]))"; }
if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
        --ics "$safe_dir/links/cal.ics" --dump-state "$work/calendar-safety.json"; then
    wait_state "len([e for e in $cal['events'] if e['uid'] == 'dentist' and e['frames'] and e['editable']]) == 1" ||
        fail "calendar safety chip" "no editable chip for the event: $state_seen"
    read -r x0 y0 <<< "$(chip_of dentist)"
    read -r x1 y1 <<< "$(cell_of 2026-11-20)"
    # Picked up and held half-way (the sleeps pace the moves a frame apart, as a hand's)...
    xdotool mousemove --window "$wid" "$x0" "$y0" mousedown 1 sleep 0.05 \
        mousemove --window "$wid" $(( (x0 + x1) / 2 )) $(( (y0 + y1) / 2 )) sleep 0.05 \
        mousemove --window "$wid" $(( (x0 + x1) / 2 + 2 )) $(( (y0 + y1) / 2 ))
    wait_state "$cal['drag'] is not None" || fail "calendar safety drag" "the event was not picked up: $state_seen"
    reloads=$(json_get "$app_dump" "$cal['reloads']")
    # ...while another program moves it to the 21st; the window reads the file again.
    sed -i 's/20261119T/20261121T/' "$safe_ics"
    wait_state "$cal['reloads'] > $reloads" || fail "calendar safety reload" "the changed file was not read again: $state_seen"
    # Paces the release: the pointer rests on the 20th before it lets go (a drop, not a fling).
    xdotool mousemove --window "$wid" "$x1" "$y1" sleep 0.2 mouseup 1
    if wait_state "$cal['lastWrite'] is not None and not $cal['lastWrite']['ok'] and 'changed in the file' in $cal['lastWrite']['error'] and len(d['notices']) > 0" &&
       grep -q 'DTSTART;TZID=Europe/Berlin:20261121T090000' "$safe_ics"; then
        pass "calendar: an event moved on disk during a drag is not moved on at the drop, and a notice says why"
    else
        fail "calendar drop after a change on disk" "last write $(json_get "$app_dump" "$cal['lastWrite']"); file: $(grep DTSTART "$safe_ics" | tr -d '\r')"
    fi
    # The event as it is now moves as usual, through the link.
    wait_state "len([e for e in $cal['events'] if e['uid'] == 'dentist' and e['frames']]) == 1" || fail "calendar safety chip again" "$state_seen"
    read -r x0 y0 <<< "$(chip_of dentist)"
    read -r x1 y1 <<< "$(cell_of 2026-11-24)"
    drag "$x0" "$y0" "$x1" "$y1" 12 0.2
    if wait_state "$cal['lastWrite'] is not None and $cal['lastWrite']['ok'] and $cal['undo'] == 1" &&
       grep -q 'DTSTART;TZID=Europe/Berlin:20261124T090000' "$safe_ics" && [ -L "$safe_dir/links/cal.ics" ] &&
       [ -f "$safe_ics~" ] && [ ! -L "$safe_ics~" ] && [ ! -e "$safe_dir/links/cal.ics~" ]; then
        pass "calendar: a calendar opened through a symbolic link is written to its target; the link stays a link"
    else
        fail "calendar write through a link" "last write $(json_get "$app_dump" "$cal['lastWrite']"); $(ls -l "$safe_dir/links" "$safe_dir/real" | tr '\n' ' ')"
    fi
    quit_app || fail "calendar safety quit" "the app did not quit cleanly"
else
    fail "calendar safety window" "$start_error"
fi

# A rule that never matches (30 February, minutely) used to be searched by libical to the year
# 2582 inside one call, for minutes, deaf to SIGTERM. Headless, paging through a year of months
# with it, the run ends by itself (it is killed after 60 s, a generous deadline: the search took
# minutes; a bound of a few seconds failed on a loaded machine) and the notice names the rule.
never_ics="$safe_dir/never.ics"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:never\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Never\r\nDTSTART:20260101T090000Z\r\nRRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$never_ics"
for i in $(seq 1 12); do printf 'key PageDown\nwait 50\n'; done > "$safe_dir/never.txt"
started=$(now_ns)
timeout -s KILL 60 env -u DISPLAY "$bin" --headless --scene calendar --ics "$never_ics" --today 2026-11-21 --month 2026-11 \
    --timezone Europe/Berlin --replay "$safe_dir/never.txt" --dump-state "$safe_dir/never.json" >/dev/null 2>"$safe_dir/never.err"
code=$?
took=$(( ($(now_ns) - started) / 1000000 ))
if [ $code -eq 0 ] && [ "$(json_get "$safe_dir/never.json" "any('never matches' in n for n in d['notices'])")" = True ]; then
    pass "calendar: a rule that never matches is reported, and a year of pages takes $took ms"
else
    fail "calendar rule that never matches" "exit $code after $took ms; notices $(json_get "$safe_dir/never.json" "d['notices']" 2>/dev/null)"
fi

# Another program holds the calendar folder's lock (flock(1) on the folder, as a writer of ours
# would): the move dropped meanwhile waits for it on another thread, the window answering (it
# froze 5 s on its main thread before), and is written once the lock is let go.
lock_dir="$safe_dir/locked"
mkdir -p "$lock_dir"
lock_ics="$lock_dir/cal.ics"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:dentist\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dentist\r\nDTSTART;TZID=Europe/Berlin:20261119T090000\r\nDTEND;TZID=Europe/Berlin:20261119T094500\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$lock_ics"
if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
        --ics "$lock_ics" --dump-state "$work/calendar-lock.json"; then
    wait_state "len([e for e in $cal['events'] if e['uid'] == 'dentist' and e['frames'] and e['editable']]) == 1" ||
        fail "calendar lock chip" "no editable chip for the event: $state_seen"
    # The other program: holds the lock until told to let go.
    flock -x "$lock_dir" -c "touch '$safe_dir/lock-held'; while [ ! -e '$safe_dir/lock-release' ]; do sleep 0.05; done" &
    holder=$!
    wait_until 20 test -e "$safe_dir/lock-held" || fail "calendar lock holder" "flock(1) did not take the folder's lock"
    read -r x0 y0 <<< "$(chip_of dentist)"
    read -r x1 y1 <<< "$(cell_of 2026-11-24)"
    drag "$x0" "$y0" "$x1" "$y1" 12 0.2
    if wait_state "$cal['writeWaiting'] and $cal['lastWrite'] is None" 10 && grep -q '20261119T090000' "$lock_ics"; then
        pass "calendar: a move waits for another program's lock while the window answers"
    else
        fail "calendar move under another program's lock" "$state_seen"
    fi
    touch "$safe_dir/lock-release"
    wait "$holder"
    if wait_state "not $cal['writeWaiting'] and $cal['lastWrite'] is not None and $cal['lastWrite']['ok']" &&
       grep -q 'DTSTART;TZID=Europe/Berlin:20261124T090000' "$lock_ics"; then
        pass "calendar: the waiting move is written once the other program lets go"
    else
        fail "calendar move after the lock" "last write $(json_get "$app_dump" "$cal['lastWrite']"); $(grep DTSTART "$lock_ics" | tr -d '\r')"
    fi
    quit_app || fail "calendar lock quit" "the app did not quit cleanly"
else
    fail "calendar lock window" "$start_error"
fi

# A leap second: libical never yields second 60, and its iterator stepped second by second to
# 2582 inside one call, deaf to SIGTERM. A step budget inside the expansion ends it with a
# notice, by --ics and by a headless drop of the file on the calendar (which opens it, as a
# window's drop does), within 5 s each.
leap_ics="$safe_dir/leap.ics"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:leap\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Leap\r\nDTSTART:20261120T090000Z\r\nRRULE:FREQ=SECONDLY;BYSECOND=60\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$leap_ics"
printf 'wait 100\nkey PageDown\nwait 100\nkey PageUp\nwait 100\n' > "$safe_dir/leap-ics.txt"
printf 'wait 100\ndrop 500 400 file %s\nwait 200\nkey PageDown\nwait 100\nkey PageUp\nwait 100\n' "$leap_ics" > "$safe_dir/leap-drop.txt"
for way in ics drop; do
    if [ $way = ics ]; then files=(--ics "$leap_ics"); else files=(--ics "$safe_ics"); fi
    started=$(now_ns)
    timeout -s KILL 60 env -u DISPLAY "$bin" --headless --scene calendar "${files[@]}" --today 2026-11-21 --month 2026-11 \
        --timezone Europe/Berlin --size 1000x700 --replay "$safe_dir/leap-$way.txt" --dump-state "$safe_dir/leap-$way.json" >/dev/null 2>"$safe_dir/leap-$way.err"
    code=$?
    took=$(( ($(now_ns) - started) / 1000000 ))
    if [ $code -eq 0 ] && [ $took -lt 5000 ] &&
       [ "$(json_get "$safe_dir/leap-$way.json" "any('this rule cannot be expanded' in n for n in d['notices']) and any(e['uid'] == 'leap' for e in $cal['events'])")" = True ]; then
        pass "calendar: a leap-second rule opened by $way ends with a notice, the run taking $took ms"
    else
        fail "calendar leap-second rule by $way" "exit $code after $took ms; notices $(json_get "$safe_dir/leap-$way.json" "d['notices']" 2>/dev/null); $(tail -2 "$safe_dir/leap-$way.err")"
    fi
done
