# Adding a calendar event in a real window: a double-click on a day of a copy of the sample opens
# a title field there, a title typed with xdotool and Return writes a new VEVENT to the copy; a
# parser of this test's own checks that the event has UID, DTSTAMP, SUMMARY and DTSTART and that
# the rest of the file is byte for byte what it was; Ctrl+Z gives back the original bytes.
cal='d["calendar"]'
create_dir="$work/calendar-create"
mkdir -p "$create_dir"
create_ics="$create_dir/copy.ics"
cp Assets/sample.ics "$create_ics"
cp Assets/sample.ics "$create_dir/original.ics"
create_cell() { json_get "$app_dump" "' '.join(str(int(v)) for v in (lambda f: (f[0] + f[2] / 2, f[1] + f[3] / 2))($cal['cells'][$cal['grid'].index('$1')]))"; }
# check_created ORIGINAL NEW TITLE DAY: exit 0 when NEW is ORIGINAL with exactly one VEVENT added
# (UID, DTSTAMP, SUMMARY:TITLE, DTSTART on DAY), else prints what differs.
check_created() {
    python3 - "$@" <<'PY'
import sys
orig, new = open(sys.argv[1], 'rb').read(), open(sys.argv[2], 'rb').read()
title, day = sys.argv[3], sys.argv[4].replace('-', '')
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
}
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
    sleep 0.2
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
    quit_app || fail "calendar create quit" "the app did not quit cleanly"
else
    fail "calendar create window" "$start_error"
fi
