# Adding a calendar event in a real window: a double-click on a day of a copy of the sample opens
# a title field there, a title typed with xdotool and Return writes a new VEVENT to the copy; a
# parser of this test's own checks that the event has UID, DTSTAMP, SUMMARY and DTSTART and that
# the rest of the file is byte for byte what it was; Ctrl+Z gives back the original bytes.
# Then, redone, the event is renamed from the side panel's ⋯ menu and, in a window too narrow for
# the panel, renamed (F2) and deleted (its ⋯ menu) from the day's popover: a rename changes the
# event's SUMMARY (and its stamps) and no other byte, the delete gives back the original bytes,
# and Ctrl+Z puts the event back.
cal='d["calendar"]'
create_dir="$work/calendar-create"
mkdir -p "$create_dir"
create_ics="$create_dir/copy.ics"
cp Assets/sample.ics "$create_ics"
cp Assets/sample.ics "$create_dir/original.ics"
create_cell() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($cal['cells'][$cal['grid'].index('$1')]))"; }
# check_created ORIGINAL NEW TITLE DAY: exit 0 when NEW is ORIGINAL with exactly one VEVENT added
# (UID, DTSTAMP, SUMMARY:TITLE, DTSTART on DAY), else prints what differs.
# check_renamed BEFORE AFTER TITLE: exit 0 when AFTER is BEFORE with one VEVENT's SUMMARY now TITLE
# (its SEQUENCE, DTSTAMP and LAST-MODIFIED may change too) and every other byte the same.
check_created() { python3 "$work/ics-check.py" created "$@"; }
check_renamed() { python3 "$work/ics-check.py" renamed "$@"; }
cat >"$work/ics-check.py" <<'PY'
import sys
mode = sys.argv[1]
orig, new = open(sys.argv[2], 'rb').read(), open(sys.argv[3], 'rb').read()
title = sys.argv[4]
def blocks(data):
    """(start, end) byte offsets of each BEGIN:VEVENT ... END:VEVENT block, line ends included."""
    out, start, pos = [], None, 0
    for line in data.splitlines(keepends=True):
        text = line.rstrip(b'\r\n')
        if text == b'BEGIN:VEVENT': start = pos
        if text == b'END:VEVENT' and start is not None: out.append((start, pos + len(line))); start = None
        pos += len(line)
    return out
def properties(block):
    """Unfolded content lines (RFC 5545 3.1) as (NAME, parameters, value)."""
    lines = []
    for raw in block.decode('utf-8').replace('\r\n', '\n').split('\n'):
        if raw[:1] in (' ', '\t') and lines: lines[-1] += raw[1:]
        elif raw: lines.append(raw)
    props = []
    for l in lines:
        head, _, value = l.partition(':')
        name, *params = head.split(';')
        props.append((name.upper(), params, value))
    return props
ob, nb = blocks(orig), blocks(new)
if mode == 'renamed':
    if len(ob) != len(nb): sys.exit(f"{len(ob)} events before, {len(nb)} after")
    changed = [i for i, (a, b) in enumerate(zip(ob, nb)) if orig[a[0]:a[1]] != new[b[0]:b[1]]]
    if len(changed) != 1: sys.exit(f"{len(changed)} events changed")
    (os_, oe), (ns, ne) = ob[changed[0]], nb[changed[0]]
    if orig[:os_] != new[:ns] or orig[oe:] != new[ne:]: sys.exit("bytes outside the renamed event changed")
    stamps = ('SUMMARY', 'SEQUENCE', 'DTSTAMP', 'LAST-MODIFIED')
    kept = lambda block: [p for p in properties(block) if p[0] not in stamps]
    if kept(orig[os_:oe]) != kept(new[ns:ne]): sys.exit("the event changed beyond its title and stamps")
    summary = [p[2] for p in properties(new[ns:ne]) if p[0] == 'SUMMARY']
    sys.exit(0 if summary == [title] else f"SUMMARY is {summary!r}")
day = sys.argv[5].replace('-', '')
if len(nb) != len(ob) + 1: sys.exit(f"{len(ob)} events before, {len(nb)} after")
added = [b for b in nb if new[b[0]:b[1]] not in orig]
if len(added) != 1: sys.exit(f"{len(added)} events not in the original")
s, e = added[0]
if new[:s] + new[e:] != orig: sys.exit("the rest of the file changed")
props = properties(new[s:e])
names = [p[0] for p in props]
for need in ('UID', 'DTSTAMP', 'SUMMARY', 'DTSTART'):
    if names.count(need) != 1: sys.exit(f"{need} appears {names.count(need)} times in {names}")
value = {p[0]: p[2] for p in props}
if value['SUMMARY'] != title: sys.exit(f"SUMMARY is {value['SUMMARY']!r}")
if not value['DTSTART'].startswith(day): sys.exit(f"DTSTART is {value['DTSTART']!r}")
if not value['UID'] or value['UID'] in orig.decode('utf-8'): sys.exit(f"UID {value['UID']!r} is not new")
if len(value['DTSTAMP']) != 16 or not value['DTSTAMP'].endswith('Z'): sys.exit(f"DTSTAMP is {value['DTSTAMP']!r}")
PY
if start_app --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
        --ics "$create_ics" --dump-state "$work/calendar-create.json"; then
    wait_state "$cal['readOnlyReason'] is None and '2026-11-24' in $cal['grid']" ||
        fail "calendar create ready" "the copy is not editable: $state_seen"
    read -r cx cy <<< "$(create_cell 2026-11-24)"
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool mousemove --window "$wid" "$cx" "$cy" click --repeat 2 --delay 80 1
    if wait_state "$cal['creatingOn'] == '2026-11-24' and $cal['editing'] is not None"; then
        pass "a double-click on a day opens a title field over it"
    else
        fail "calendar create field" "no field: $state_seen"
    fi
    xdotool type --window "$wid" --delay 40 "Dentist visit"
    xdotool key --window "$wid" Return
    if wait_state "$cal['lastWrite'] is not None and $cal['lastWrite']['ok'] and $cal['undo'] == 1" &&
       why=$(check_created "$create_dir/original.ics" "$create_ics" "Dentist visit" 2026-11-24 2>&1); then
        pass "the new event is written to the copy with UID, DTSTAMP, SUMMARY and DTSTART, the rest unchanged"
    else
        fail "calendar create write" "last write $(json_get "$app_dump" "$cal['lastWrite']"); ${why:-$state_seen}"
    fi
    xdotool key --window "$wid" ctrl+z
    if wait_state "$cal['undo'] == 0 and $cal['redo'] == 1" && cmp -s "$create_dir/original.ics" "$create_ics"; then
        pass "Ctrl+Z takes the new event out, leaving the original bytes"
    else
        fail "calendar create undo" "undo $(json_get "$app_dump" "[$cal['undo'], $cal['redo']]"); $(diff "$create_dir/original.ics" "$create_ics" | head -5)"
    fi
    xdotool key --window "$wid" ctrl+shift+z
    wait_state "$cal['undo'] == 1 and $cal['redo'] == 0" || fail "calendar redo" "undo $(json_get "$app_dump" "[$cal['undo'], $cal['redo']]")"
    cp "$create_ics" "$create_dir/created.ics"
    # The side panel lists the day: the pointer over the event's row shows its ⋯; a click opens
    # the menu, Down and Return choose Rename…, and a title typed over the row renames it.
    row='[r for r in d["calendar"]["eventRows"] if not r["inPopover"] and r["title"] == "Dentist visit"]'
    centre() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($1))"; }
    if wait_state "len($row) == 1"; then
        read -r rx ry <<< "$(centre "$row[0]['frame']")"; read -r bx by <<< "$(centre "$row[0]['button']")"
        # Paces the pointer: it rests on the row (which shows its ⋯ under a pointer) before moving on to the button.
        xdotool mousemove --window "$wid" "$rx" "$ry" sleep 0.2 mousemove --window "$wid" "$bx" "$by" click 1
        if wait_state "$cal['eventMenu'] is not None and $cal['eventMenu']['actions'][0] == 'Rename…' and not $cal['eventMenu']['inPopover']"; then
            pass "the side panel's event row opens its menu from its ⋯ button"
        else fail "calendar panel menu" "no menu: $state_seen"; fi
        xdotool key --window "$wid" Down Return
        wait_state "$cal['editing'] is not None" || fail "calendar panel rename field" "no field: $state_seen"
        xdotool key --window "$wid" ctrl+a
        xdotool type --window "$wid" --delay 40 "Dentist at 9"
        xdotool key --window "$wid" Return
        if wait_state "$cal['undo'] == 2 and $cal['lastWrite']['ok']" &&
           why=$(check_renamed "$create_dir/created.ics" "$create_ics" "Dentist at 9" 2>&1); then
            pass "Rename… from the side panel writes the new SUMMARY, every other byte the same"
        else fail "calendar panel rename" "${why:-$state_seen}"; fi
    else
        fail "calendar panel row" "the panel lists no event: $state_seen"
    fi
    cp "$create_ics" "$create_dir/renamed.ics"
    # Too narrow for the panel: a click on the day opens its popover; Down puts the keyboard on
    # the event, F2 renames it in place; its ⋯ menu deletes it; Ctrl+Z puts it back.
    popover_row0='[r for r in d["calendar"]["eventRows"] if r["inPopover"] and r["title"] == "Dentist at 9"]'
    xdotool windowsize "$wid" 700 700
    if wait_state "d['size']['width'] == 700 and d['live']['idle']"; then
        read -r cx cy <<< "$(create_cell 2026-11-24)"
        xdotool mousemove --window "$wid" "$cx" "$cy" click 1
    fi
    if wait_state "$cal['popover'] is not None and $cal['popover']['date'] == '2026-11-24' and len($popover_row0) == 1"; then
        # Down as many times as the event is far down the popover's list, then F2.
        popover_row='[r for r in d["calendar"]["eventRows"] if r["inPopover"] and r["title"] == "Dentist at 9"]'
        downs=$(json_get "$app_dump" "' '.join(['Down'] * ($popover_row[0]['index'] + 1))")
        # shellcheck disable=SC2086
        xdotool key --window "$wid" ${downs:-Down} F2
        wait_state "$cal['editing'] is not None" || fail "calendar popover rename field" "no field: $state_seen"
        xdotool key --window "$wid" ctrl+a
        xdotool type --window "$wid" --delay 40 "Check-up"
        xdotool key --window "$wid" Return
        if wait_state "$cal['undo'] == 3 and $cal['lastWrite']['ok'] and $cal['popover'] is not None" &&
           why=$(check_renamed "$create_dir/renamed.ics" "$create_ics" "Check-up" 2>&1); then
            pass "F2 on the popover's event renames it: the new SUMMARY, every other byte the same"
        else fail "calendar popover rename" "${why:-$state_seen}"; fi
        cp "$create_ics" "$create_dir/checkup.ics"
        popover_row='[r for r in d["calendar"]["eventRows"] if r["inPopover"] and r["title"] == "Check-up"]'
        read -r bx by <<< "$(centre "$popover_row[0]['button']")"
        xdotool mousemove --window "$wid" "$bx" "$by" click 1
        wait_state "$cal['eventMenu'] is not None and $cal['eventMenu']['inPopover']" || fail "calendar popover menu" "no menu: $state_seen"
        xdotool key --window "$wid" Down Down Return
        if wait_state "$cal['undo'] == 4 and $cal['lastWrite']['ok']" && cmp -s "$create_dir/original.ics" "$create_ics"; then
            pass "Delete from the popover's ⋯ menu takes the event out, leaving the original bytes"
        else fail "calendar popover delete" "$(diff "$create_dir/original.ics" "$create_ics" | head -5) $state_seen"; fi
        xdotool key --window "$wid" ctrl+z
        if wait_state "$cal['undo'] == 3" && cmp -s "$create_dir/checkup.ics" "$create_ics"; then
            pass "Ctrl+Z puts the deleted event back, byte for byte"
        else fail "calendar popover undo" "$(diff "$create_dir/checkup.ics" "$create_ics" | head -5)"; fi
    else
        fail "calendar popover" "no popover on the narrow window: $state_seen"
    fi
    quit_app || fail "calendar create quit" "the app did not quit cleanly"
else
    fail "calendar create window" "$start_error"
fi
