# Calendar: a click selects a day, Shift+click extends to a range, a drag pages to the next month;
# the user's own Evolution calendars are shown and followed on disk; the first and last years.
# (Cell centres for a 1000x700 window: 3 November at 160,265; 10 November at 160,360.)
cal='d["calendar"]'
if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
        --dump-state "$work/calendar.json"; then
    xdotool mousemove --window "$wid" 160 265 click 1
    wait_state "$cal['selectedDates'] == ['2026-11-03']" || fail "calendar click" "selected: $state_seen"
    xdotool mousemove --window "$wid" 160 360 keydown shift click 1 keyup shift
    wait_state "len($cal['selectedDates']) == 8" || fail "calendar Shift+click" "selected: $(json_get "$app_dump" "$cal['selectedDates']")"
    drag 600 400 150 400 8 0
    wait_state "$cal['visibleMonth'] == '2026-12' and d['live']['idle']" || true
    quit_app
    f=$work/calendar.json
    expected="['2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08', '2026-11-09', '2026-11-10']"
    if [ "$(json_get "$f" "$cal['visibleMonth'] == '2026-12' and $cal['selectedDates'] == $expected")" = True ]; then
        pass "calendar click, Shift+click range and drag paging"
    else fail "calendar" "month $(json_get "$f" "$cal['visibleMonth']"), selected $(json_get "$f" "$cal['selectedDates']")"; fi
else
    fail "calendar window" "$start_error"
fi

# The user's own Evolution calendars (a temporary XDG_DATA_HOME) are shown, a change to one on
# disk is picked up without losing the selection or the month, a calendar added while the demo runs
# is shown too, and Escape dismisses the notice of a broken one.
evo="$work/xdg/evolution/calendar"
mkdir -p "$evo/system" "$evo/broken"
ics_event() { # UID SUMMARY YYYYMMDD
    printf 'BEGIN:VEVENT\r\nUID:%s\r\nDTSTART;VALUE=DATE:%s\r\nSUMMARY:%s\r\nEND:VEVENT\r\n' "$1" "$3" "$2"
}
{ printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//GNOME//Evolution//EN\r\n'; ics_event a "Dentist" 20261124
  printf 'END:VCALENDAR\r\n'; } > "$evo/system/calendar.ics"
printf 'BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\nSUMMARY:Half\nDTSTART:2026-11-xx\nEND:VEVENT\n' > "$evo/broken/calendar.ics"
titles="[e['title'] for e in $cal['events']]"
if XDG_DATA_HOME="$work/xdg" start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 \
        --timezone Europe/Berlin --dump-state "$work/evo.json"; then
    # The notice bar takes room at the bottom, so the grid is shorter: 3 November is still at 160,265.
    xdotool mousemove --window "$wid" 160 265 click 1
    wait_state "$cal['selectedDates'] == ['2026-11-03']" || fail "calendar Evolution click" "selected: $state_seen"
    { printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//GNOME//Evolution//EN\r\n'; ics_event a "Dentist" 20261124
      ics_event b "Changed on disk" 20261125; printf 'END:VCALENDAR\r\n'; } > "$evo/system/calendar.ics.new"
    mv "$evo/system/calendar.ics.new" "$evo/system/calendar.ics"
    wait_state "'Changed on disk' in $titles" || fail "calendar Evolution reload" "the changed file was not read again: reloads $(json_get "$app_dump" "$cal['reloads']")"
    # A calendar added while the demo runs (as GNOME Calendar does: a new folder) is shown too.
    mkdir -p "$evo/added"
    { printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n'; ics_event c "From a new calendar" 20261126; printf 'END:VCALENDAR\r\n'; } > "$evo/added/calendar.ics"
    wait_state "'From a new calendar' in $titles" || fail "calendar Evolution added" "the added calendar was not shown: reloads $(json_get "$app_dump" "$cal['reloads']")"
    xdotool key Escape
    wait_state 'd["notices"] == []' || fail "calendar Evolution notice" "Escape left the notices: $state_seen"
    quit_app
    f=$work/evo.json
    if [ "$(json_get "$f" "$cal['calendarSource'] == 'local' and 'Changed on disk' in $titles and $cal['reloads'] == 2
            and 'From a new calendar' in $titles and $cal['selectedDates'] == ['2026-11-03']
            and $cal['visibleMonth'] == '2026-11' and d['notices'] == []")" = True ]; then
        pass "calendar shows the Evolution calendars, reloads a changed one, shows an added one, Escape dismisses the notice"
    else
        fail "calendar Evolution" "$(json_get "$f" "[$cal['calendarSource'], $cal['reloads'], $titles, $cal['selectedDates'], $cal['visibleMonth'], d['notices']]")"
    fi
else
    fail "calendar Evolution window" "$start_error"
fi

# The first and last months: a click chooses a day, and paging at the ends stays (at the last
# month PageDown stays; so 9999 goes back, forward, and forward again).
for m in 1600-02 9999-12; do
    if [ "$m" = 1600-02 ]; then keys="Next Prior"; else keys="Prior Next Next"; fi
    if XDG_DATA_HOME="$work/xdg-none" start_app --scene calendar --size 800x600 --today 2026-11-21 --month "$m" \
            --timezone Europe/Berlin --dump-state "$work/year.json"; then
        xdotool mousemove --window "$wid" 300 300 click 1
        wait_state "len($cal['selectedDates']) == 1" || true
        for k in $keys; do
            before=$(json_get "$app_dump" "$cal['visibleMonth']")
            xdotool key "$k"
            # Each key pages (or, at the end, stays): wait until the page has settled.
            wait_state "d['live']['idle'] and ($cal['visibleMonth'] != '$before' or '$k' == 'Next' and '$m' == '9999-12')" 10 || true
        done
        quit_app
        f=$work/year.json
        if [ "$(json_get "$f" "$cal['visibleMonth'] == '$m' and $cal['selectedDates'][0].startswith('${m%-*}-') and $cal['calendarSource'] == 'sample'")" = True ]; then
            pass "calendar pages in and chooses a day of $m"
        else
            fail "calendar $m" "month $(json_get "$f" "$cal['visibleMonth']"), selected $(json_get "$f" "$cal['selectedDates']"), source $(json_get "$f" "$cal['calendarSource']")"
        fi
    else
        fail "calendar $m window" "$start_error"
    fi
done
