# Accessibility: the demo on a private accessibility bus, read by a real AT-SPI client (pyatspi)
# as a screen reader would: the application found by name, the grid's first item and count (a
# million, the far ones reachable), the focus events of a click and of a keyboard move with the item's name, a
# click's selection, a keyboard drag's announcements, and the calendar's chosen day with its events.
# Runs under a private session bus (dbus-run-session) with at-spi2-core's bus launcher; the
# registry starts on the accessibility bus when first called.
a11y_launcher=/usr/libexec/at-spi-bus-launcher
a11y_registry=/usr/libexec/at-spi2-registryd
a11y_python=/usr/bin/python3
a11y_skip=""
if [ ! -x "$a11y_launcher" ] || [ ! -x "$a11y_registry" ]; then a11y_skip="at-spi2-core is not installed ($a11y_launcher, $a11y_registry)"
elif ! command -v dbus-run-session >/dev/null; then a11y_skip="dbus-run-session is missing (package dbus-daemon)"
elif ! "$a11y_python" -c 'import pyatspi' 2>/dev/null; then a11y_skip="pyatspi is missing (package python3-pyatspi)"
fi

# The client: `listen LOG` writes each event as a JSON line (after a "ready" line once registered);
# the other commands find the application by name and print what they read as JSON.
cat >"$work/atspi.py" <<'PY'
import json, sys, time
import pyatspi

def app():
    end = time.time() + 30
    while True:
        for a in pyatspi.Registry.getDesktop(0):
            if a is not None and a.name == "collection-demo":
                return a
        if time.time() > end:
            sys.exit("collection-demo is not on the accessibility bus")
        time.sleep(0.1)  # the poll's pace (30 s in all)

def find(node, test, depth=0):
    if test(node): return node
    if depth > 4 or node.childCount > 50: return None
    for c in node:
        hit = find(c, test, depth + 1)
        if hit is not None: return hit
    return None

def collection(name):
    window = app().getChildAtIndex(0)
    hit = find(window, lambda n: n.getRoleName() in ("table", "list") and n.name == name)
    if hit is None: sys.exit("no collection named %r" % name)
    return hit

def showing(n): return n.getState().contains(pyatspi.STATE_SHOWING)

cmd, args = sys.argv[1], sys.argv[2:]
if cmd == "listen":
    log = open(args[0], "a")
    def on_event(e):
        try: name, role = e.source.name, e.source.getRoleName()
        except Exception as x: name, role = None, str(x)
        log.write(json.dumps({"type": e.type, "name": name, "role": role, "detail1": e.detail1,
                              "any": e.any_data if isinstance(e.any_data, str) else None}) + "\n")
        log.flush()
    pyatspi.Registry.registerEventListener(on_event, "focus:", "object:state-changed:focused", "object:state-changed:selected",
                                           "object:selection-changed", "object:announcement", "object:children-changed",
                                           "window:activate", "window:deactivate", "object:text-changed",
                                           "object:text-caret-moved")
    log.write(json.dumps({"type": "ready"}) + "\n"); log.flush()
    pyatspi.Registry.start()
elif cmd == "grid":
    a = app()
    grid = collection(args[0])
    far = grid.getChildAtIndex(grid.childCount - 1)
    print(json.dumps({"app": a.name, "window": a.getChildAtIndex(0).name, "role": grid.getRoleName(), "count": grid.childCount,
                      "first": grid.getChildAtIndex(0).name, "firstShowing": showing(grid.getChildAtIndex(0)),
                      "last": far.name, "lastShowing": showing(far), "lastRole": far.getRoleName()}))
elif cmd == "extents":  # COLLECTION INDEX: the item's centre in window coordinates
    item = collection(args[0]).getChildAtIndex(int(args[1]))
    e = item.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    print("%d %d" % (e.x + e.width // 2, e.y + e.height // 2))
elif cmd == "selected":  # COLLECTION: the selected items' names, descriptions and, for each, its children's names
    s = collection(args[0]).querySelection()
    items = [s.getSelectedChild(i) for i in range(s.nSelectedChildren)]
    print(json.dumps([{"name": i.name, "description": i.description, "children": [c.name for c in i],
                       "text": [c.queryText().getText(0, -1) for c in i]} for i in items]))
elif cmd == "act":  # COLLECTION INDEX ACTION: performs the item's action named so; prints whether it was done
    item = collection(args[0]).getChildAtIndex(int(args[1]))
    a = item.queryAction()
    names = [a.getName(i) for i in range(a.nActions)]
    print(json.dumps({"actions": names, "done": bool(a.doAction(names.index(args[2]))) if args[2] in names else None}))
elif cmd == "stale":  # COLLECTION INDEX HELD GO: holds the item, writes HELD, waits for GO, then activates it
    item = collection(args[0]).getChildAtIndex(int(args[1]))
    name = item.name
    open(args[2], "w").write(name)
    end = time.time() + 30
    while not __import__("os").path.exists(args[3]) and time.time() < end: time.sleep(0.05)  # the poll's pace
    # A gone object still answers what a screen reader asks of the object it spoke last: that it
    # is defunct, with no parent and no place (an error there silenced Orca's next utterance).
    try: defunct = item.getState().contains(pyatspi.STATE_DEFUNCT) and item.parent is None and item.getIndexInParent() == -1
    except Exception as x: defunct = (type(x).__name__ + " " + str(x))[:200]
    try:
        done = bool(item.queryAction().doAction(0))
        print(json.dumps({"held": name, "done": done, "defunct": defunct}))
    except Exception as x:
        print(json.dumps({"held": name, "gone": (type(x).__name__ + " " + str(x))[:200], "defunct": defunct}))
elif cmd == "field":  # the text field shown (an entry): its text, caret and states read over Text
    f = find(app().getChildAtIndex(0), lambda n: n.getRoleName() == "entry")
    if f is None: print(json.dumps(None)); sys.exit(0)
    t, s = f.queryText(), f.getState()
    print(json.dumps({"name": f.name, "text": t.getText(0, -1), "caret": t.caretOffset, "count": t.characterCount,
                      "word": list(t.getTextAtOffset(6, pyatspi.TEXT_BOUNDARY_WORD_START)),
                      "attributes": list(t.getAttributes(1)),
                      "editable": s.contains(pyatspi.STATE_EDITABLE), "focused": s.contains(pyatspi.STATE_FOCUSED),
                      "singleLine": s.contains(pyatspi.STATE_SINGLE_LINE)}))
elif cmd == "edit":  # moves the field's caret over Text, then sets, deletes and inserts text over EditableText
    f = find(app().getChildAtIndex(0), lambda n: n.getRoleName() == "entry")
    t, e = f.queryText(), f.queryEditableText()
    moved = bool(t.setCaretOffset(2)); caret = t.caretOffset
    done = [bool(e.setTextContents("Bread rolls")), bool(e.deleteText(5, 11)), bool(e.insertText(0, "Fresh ", 6))]
    print(json.dumps({"moved": moved, "caret": caret, "done": done, "text": t.getText(0, -1), "caretAfter": t.caretOffset}))
elif cmd == "names":  # the names of every item of the window's collections
    window = app().getChildAtIndex(0)
    out = []
    def walk(n, depth=0):
        if n.getRoleName() in ("list", "table"):
            out.extend(n.getChildAtIndex(i).name for i in range(min(n.childCount, 200)))
        elif depth < 3:
            for c in n: walk(c, depth + 1)
    walk(window)
    print(json.dumps(out))
elif cmd == "controls":  # the window's dialogs and push buttons: role, name, children's roles and names, actions
    window = app().getChildAtIndex(0)
    out = []
    def walk(n, depth=0):
        role = n.getRoleName()
        if role in ("dialog", "push button"):
            try: acts = [n.queryAction().getName(i) for i in range(n.queryAction().nActions)]
            except Exception: acts = []
            out.append({"role": role, "name": n.name, "actions": acts,
                        "children": [[c.getRoleName(), c.name] for c in n] if role == "dialog" else []})
        if depth < 4 and role not in ("list", "table"):
            for c in n: walk(c, depth + 1)
    walk(window)
    print(json.dumps(out))
elif cmd == "focused":  # COLLECTION: the focused item's name
    c = collection(args[0])
    hits = [c.getChildAtIndex(i).name for i in range(min(c.childCount, 200)) if c.getChildAtIndex(i).getState().contains(pyatspi.STATE_FOCUSED)]
    print(json.dumps(hits))
PY

# a11y_events EXPR: true once the Python expression EXPR over the list of events `e` (each a dict
# with type, name, role, detail1, any) is true.
a11y_events() {
    "$a11y_python" - "$a11y_log" "$1" <<'PY'
import json, sys
e = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
sys.exit(0 if eval(sys.argv[2], {"e": e, "any": any, "all": all, "len": len}) else 1)
PY
}
# a11y_client COMMAND ARGS...: the client's answer (its last line: libatspi may print warnings).
# a11y_is FILE EXPR: json_get's answer is True (the read is kept in FILE for messages).
a11y_client() { timeout 60 "$a11y_python" "$work/atspi.py" "$@" 2>>"$work/atspi.err" | tail -1; }
a11y_is() { [ "$(json_get "$1" "$2" 2>/dev/null)" = True ]; }

a11y_test() {
    # A private session bus for the whole group, held open by a shell that prints its address.
    local holder_pid
    dbus-run-session -- bash -c 'echo "$$ $DBUS_SESSION_BUS_ADDRESS" >"$1"; exec sleep 600' _ "$work/a11y-session" \
        >"$work/a11y-session.log" 2>&1 &
    local session_job=$!
    wait_until 10 grep -qs . "$work/a11y-session" || { fail "accessibility bus" "dbus-run-session did not start: $(cat "$work/a11y-session.log")"; return; }
    read -r holder_pid DBUS_SESSION_BUS_ADDRESS <"$work/a11y-session"
    # Ending the holder ends the session and its bus (dbus-run-session ends the bus once its
    # child is gone), also when the run is interrupted.
    on_exit "[ \"\$(ps -o args= -p $holder_pid 2>/dev/null)\" = 'sleep 600' ] && kill $holder_pid && wait $session_job"
    export DBUS_SESSION_BUS_ADDRESS
    unset AT_SPI_BUS_ADDRESS
    "$a11y_launcher" --launch-immediately >"$work/a11y-launcher.log" 2>&1 &
    local launcher_pid=$!
    a11y_log=$work/a11y-events.jsonl
    : >"$a11y_log"
    "$a11y_python" "$work/atspi.py" listen "$a11y_log" 2>>"$work/atspi.err" &
    local listener_pid=$!
    a11y_cleanup() { kill "$listener_pid" "$launcher_pid" 2>/dev/null; stop_app; kill "$holder_pid" 2>/dev/null; unset DBUS_SESSION_BUS_ADDRESS; }
    if ! wait_until 30 a11y_events 'e and e[0]["type"] == "ready"'; then
        fail "accessibility listener" "the client did not register: $(tail -3 "$work/atspi.err")"; a11y_cleanup; return
    fi

    # The grid: found by name, a million tiles, the first in view and the last reachable but not showing.
    # (No state dump here: a million items would make each one large; the client waits itself.)
    if start_app --fresh --scene grid --items 1000000 --size 1000x700; then
        local grid
        a11y_client grid Tiles >"$work/a11y-grid.json"; grid=$(cat "$work/a11y-grid.json")
        if a11y_is "$work/a11y-grid.json" 'd["app"] == "collection-demo" and d["window"] == "Collection Demo" and d["role"] == "table" and d["count"] == 1000000 and d["first"] == "Tile 0" and d["firstShowing"] and d["last"] == "Tile 999999" and not d["lastShowing"] and d["lastRole"] == "list item"'; then
            pass "accessibility: the app found by name, the grid's first tile and count (1000000), the last reachable off screen"
        else fail "accessibility grid" "read: ${grid:-nothing} $(tail -3 "$work/atspi.err")"; fi

        # The window with the keyboard focus is the active one: screen readers follow it. (The
        # focus is given: what earlier tests left the X server's focus on is not this window.)
        xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid" 2>/dev/null
        if wait_until 20 a11y_events 'any(x["type"] == "window:activate" and x["any"] == "Collection Demo" and x["role"] == "frame" for x in e)'; then
            pass "accessibility: the window's activation is announced"
        else fail "accessibility window:activate" "events $(tail -c 400 "$a11y_log")"; fi

        # A click on tile 5 (where AT-SPI says it is) selects it: the client reads the selection.
        local at
        at=$(a11y_client extents Tiles 5)
        # shellcheck disable=SC2086
        [ -n "$at" ] && xdotool mousemove --window "$wid" $at click 1
        local sel=""
        read_selection() { a11y_client selected Tiles >"$work/a11y-sel.json"; sel=$(cat "$work/a11y-sel.json"); a11y_is "$work/a11y-sel.json" '[s["name"] for s in d] == ["Tile 5"]'; }
        if [ -n "$at" ] && wait_until 20 read_selection && wait_until 10 a11y_events 'any(x["type"] == "object:selection-changed" and x["name"] == "Tiles" for x in e)'; then
            pass "accessibility: a click selects a tile; the client reads the selection and hears selection-changed"
        else fail "accessibility selection" "clicked at '${at}', selection ${sel:-unread}, events $(tail -c 400 "$a11y_log")"; fi

        # A screen reader keeps the objects it was given: once the calendar is shown (key 4), the
        # grid's "Tile 0" is gone. (It named the calendar's first day and activating it chose
        # 28 December 1582.)
        rm -f "$work/a11y-held" "$work/a11y-go"
        timeout 60 "$a11y_python" "$work/atspi.py" stale Tiles 0 "$work/a11y-held" "$work/a11y-go" 2>>"$work/atspi.err" | tail -1 >"$work/a11y-stale.json" &
        local stale_pid=$!
        if wait_until 20 test -s "$work/a11y-held"; then
            xdotool windowfocus "$wid" 2>/dev/null; xdotool key 4
            wait_until 10 a11y_events 'any(x["type"] == "object:children-changed" or x["type"] == "object:state-changed:selected" for x in e[-20:])' || true
            # Paces the client: a second for the app to take the grid's objects off the bus after
            # the event (no state dump here: a million items would make each one large).
            sleep 1
            touch "$work/a11y-go"
        fi
        wait "$stale_pid"
        if a11y_is "$work/a11y-stale.json" 'd["held"] == "Tile 0" and ("gone" in d or d["done"] is False) and d["defunct"] is True'; then
            pass "accessibility: a tile kept from the grid is gone (defunct, no parent) once the calendar shows ($(cat "$work/a11y-stale.json"))"
        else fail "accessibility stale object" "read $(cat "$work/a11y-stale.json") $(tail -3 "$work/atspi.err")"; fi
    else
        fail "accessibility grid window" "$start_error"
    fi

    # Boards: a click focuses a card (named by its own words, "Fix login"), Down moves the focus (the focus event names the card), Space
    # picks it up, Right carries it to Today, Space drops: each step is announced.
    # The app joins the bus after its first frame; it tells listeners whether its window is
    # active as soon as it hears of them. The click waits for that, so its focus is announced.
    local windows='len([x for x in e if x["type"] in ("window:activate", "window:deactivate")])'
    local windows_before; windows_before=$("$a11y_python" -c "import json, sys; e = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]; print($windows)" "$a11y_log")
    if start_app --fresh --scene boards --size 1280x800 --dump-state "$work/a11y.json"; then
        wait_until 20 a11y_events "$windows > $windows_before" || echo "NOTE accessibility: the boards window was not announced within 20 s"
        xdotool mousemove --window "$wid" 233 124 click 1
        if wait_until 20 a11y_events 'any(x["type"] == "object:state-changed:focused" and x["detail1"] == 1 and x["name"] == "Fix login" for x in e)'; then
            pass "accessibility: a click on a card focuses it; the focus change is announced"
        else fail "accessibility click focus" "focus $(json_get "$app_dump" 'd["focus"]'), events $(tail -c 400 "$a11y_log")"; fi
        local before; before=$(wc -l <"$a11y_log")
        xdotool windowfocus "$wid" 2>/dev/null; xdotool key Down
        local focus_ok=0 focused=""
        focus_moved() { a11y_events "any(x['type'] == 'focus:' and x['role'] in ('list item', 'table cell') for x in e[$before:]) and any(x['type'] == 'object:state-changed:focused' and x['detail1'] == 1 for x in e[$before:])"; }
        if wait_until 20 focus_moved; then
            focused=$(a11y_client focused Backlog)
            a11y_events "[x['name'] for x in e[$before:] if x['type'] == 'focus:'][-1:] == $focused and len($focused) == 1" && focus_ok=1
        fi
        if [ $focus_ok = 1 ]; then pass "accessibility: Down moves the focus; the focus event names the focused card ($focused)"
        else fail "accessibility focus" "focused ${focused:-unread}, events $(tail -c 600 "$a11y_log")"; fi

        xdotool key space
        wait_state 'd["dragging"]' 10 || true
        xdotool key Right
        wait_state 'd["drag"] is not None and d["drag"]["over"] == "today"' 10 || true
        xdotool key space
        wait_state 'not d["dragging"] and d["live"]["idle"]' 10 || true
        local said='[x["any"] for x in e if x["type"] == "object:announcement"]'
        if wait_until 20 a11y_events "any(s.endswith(' picked up') for s in $said) and any(s.startswith('over Today, position') for s in $said) and $said[-1] == 'dropped'"; then
            pass "accessibility: a keyboard drag is announced (picked up, over Today, dropped)"
        else fail "accessibility drag" "announcements $("$a11y_python" -c "import json,sys; print([json.loads(l).get('any') for l in open(sys.argv[1]) if 'announcement' in l])" "$a11y_log")"; fi

        # The same move through AT-SPI's actions, as a screen reader user would: "pick up" on
        # Backlog's first card, "drop here" on Today's second place.
        wait_state 'not d["dragging"] and d["live"]["idle"]' 10 || true
        local card; card=$(json_get "$app_dump" "[c['items'] for c in d['collections'] if c['name'] == 'backlog'][0][0]")
        local picked dropped=""
        picked=$(a11y_client act Backlog 0 "pick up")
        if wait_state 'd["dragging"]' 10; then dropped=$(a11y_client act Today 1 "drop here"); fi
        if wait_state "not d['dragging'] and d['live']['idle'] and [c['items'] for c in d['collections'] if c['name'] == 'today'][0][1] == '$card'" 10; then
            pass "accessibility: the actions pick up a card and drop it at another board's second place ($picked $dropped)"
        else fail "accessibility actions" "pick up: ${picked:-no answer}, drop here: ${dropped:-not tried}, today $(json_get "$app_dump" "[c['items'] for c in d['collections'] if c['name'] == 'today'][0][:3]"), card $card"; fi

        # A card typed with xdotool into the field Ctrl+N opens: the client hears the field take
        # the focus, each character inserted and the caret moving, reads the text and the caret
        # back over Text, moves the caret, and sets, deletes and inserts text over EditableText;
        # Enter adds the card with the text set so.
        before=$(wc -l <"$a11y_log")
        xdotool windowfocus "$wid" 2>/dev/null; xdotool key ctrl+n
        wait_state 'd["editing"] is not None' 10 || true
        xdotool type --delay 60 "Milk"
        wait_state 'd["editing"] is not None and d["editing"]["field"]["text"] == "Milk"' 10 || true
        local field=""
        read_field() { a11y_client field >"$work/a11y-field.json"; field=$(cat "$work/a11y-field.json"); a11y_is "$work/a11y-field.json" 'd["text"] == "Milk" and d["caret"] == 4 and d["count"] == 4 and d["attributes"] == ["", 0, 4] and d["editable"] and d["focused"] and d["singleLine"] and d["name"] == "Card title"'; }
        if wait_until 20 read_field; then pass "accessibility: the text typed into a new card and its caret read over AT-SPI Text ($field)"
        else fail "accessibility field text" "read ${field:-nothing}, dump $(json_get "$app_dump" 'd["editing"]') $(tail -3 "$work/atspi.err")"; fi
        local typed="''.join(x['any'] for x in e[$before:] if x['type'] == 'object:text-changed:insert' and x['role'] == 'entry')"
        if wait_until 10 a11y_events "$typed == 'Milk' and any(x['type'] == 'object:text-caret-moved' and x['detail1'] == 4 for x in e[$before:]) and any(x['type'] == 'focus:' and x['role'] == 'entry' for x in e[$before:])"; then
            pass "accessibility: the field's focus, text-changed:insert of each character and text-caret-moved are sent"
        else fail "accessibility field events" "events $(tail -c 800 "$a11y_log")"; fi
        local edited=""
        a11y_client edit >"$work/a11y-edit.json"; edited=$(cat "$work/a11y-edit.json")
        if a11y_is "$work/a11y-edit.json" 'd["moved"] and d["caret"] == 2 and d["done"] == [True, True, True] and d["text"] == "Fresh Bread" and d["caretAfter"] == 6' \
                && wait_state 'd["editing"] is not None and d["editing"]["field"]["text"] == "Fresh Bread"' 10; then
            pass "accessibility: SetCaretOffset moves the caret; SetTextContents, DeleteText and InsertText edit the field ($edited)"
        else fail "accessibility field edit" "read ${edited:-nothing}, dump $(json_get "$app_dump" 'd["editing"]') $(tail -3 "$work/atspi.err")"; fi
        xdotool key Return
        local names=""
        read_names() { a11y_client names >"$work/a11y-names.json"; names=$(cat "$work/a11y-names.json"); a11y_is "$work/a11y-names.json" '"Fresh Bread" in d'; }
        if wait_state 'd["editing"] is None' 10 && wait_until 20 read_names; then
            pass "accessibility: Enter adds the card with the text set over EditableText"
        else fail "accessibility field commit" "names ${names:-unread}"; fi
    else
        fail "accessibility boards window" "$start_error"
    fi

    # Calendar: a click chooses 10 November; the client reads the chosen day and its event (the day's
    # description: a screen reader reads a table cell's children instead of its name).
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:a11y-dentist\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dentist\r\nDTSTART;TZID=Europe/Berlin:20261110T090000\r\nDTEND;TZID=Europe/Berlin:20261110T094500\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' >"$work/a11y.ics"
    if start_app --fresh --scene calendar --size 1000x700 --today 2026-11-21 --month 2026-11 --timezone Europe/Berlin \
            --ics "$work/a11y.ics" --dump-state "$work/a11y.json"; then
        xdotool mousemove --window "$wid" 160 360 click 1
        wait_state 'd["calendar"]["selectedDates"] == ["2026-11-10"] and d["live"]["idle"]' 10 || true
        local day=""
        read_day() { a11y_client selected "November 2026" >"$work/a11y-day.json"; day=$(cat "$work/a11y-day.json"); a11y_is "$work/a11y-day.json" 'len(d) == 1 and "10" in d[0]["name"] and "November" in d[0]["name"] and "Dentist" in d[0]["description"] and d[0]["children"] == []'; }
        if wait_until 20 read_day; then pass "accessibility: the calendar's chosen day and its event ($day)"
        else fail "accessibility calendar" "read ${day:-nothing} $(tail -3 "$work/atspi.err")"; fi
        # The header's buttons are push buttons named for what they do.
        local controls=""
        read_controls() { a11y_client controls >"$work/a11y-controls.json"; controls=$(cat "$work/a11y-controls.json"); a11y_is "$work/a11y-controls.json" "$1"; }
        if wait_until 20 read_controls '{"Previous month", "Next month"} <= {c["name"] for c in d if c["role"] == "push button" and "click" in c["actions"]}'; then
            pass "accessibility: the calendar's header buttons are push buttons with their names and a click action"
        else fail "accessibility calendar buttons" "read ${controls:-nothing} $(tail -3 "$work/atspi.err")"; fi
        # F1: the shortcuts window is a dialog with its shortcuts and a Close button.
        xdotool key --window "$wid" F1
        if wait_until 20 read_controls 'any(c["role"] == "dialog" and c["name"] == "Keyboard shortcuts" and ["push button", "Close"] in c["children"] and ["panel", "General"] in c["children"] for c in d)'; then
            pass "accessibility: the shortcuts window (F1) is a dialog with its sections and a Close button"
        else fail "accessibility shortcuts dialog" "read ${controls:-nothing} $(tail -3 "$work/atspi.err")"; fi
        xdotool key --window "$wid" Escape
        if wait_until 20 read_controls 'not any(c["role"] == "dialog" for c in d)'; then
            pass "accessibility: the closed shortcuts window leaves the tree"
        else fail "accessibility shortcuts dialog closed" "read ${controls:-nothing}"; fi
    else
        fail "accessibility calendar window" "$start_error"
    fi

    # Carousel: Open (Tab, Enter) shows the reading sheet, a dialog named by the card, with its Close.
    if start_app --fresh --scene carousel --size 1000x700 --dump-state "$work/a11y.json"; then
        xdotool windowfocus "$wid" 2>/dev/null
        xdotool key --window "$wid" Tab Return
        local sheet=""
        read_sheet() { a11y_client controls >"$work/a11y-sheet.json"; sheet=$(cat "$work/a11y-sheet.json"); a11y_is "$work/a11y-sheet.json" 'any(c["role"] == "dialog" and c["name"] and ["push button", "Close"] in c["children"] for c in d)'; }
        if wait_state 'd["collections"][0]["opened"] is not None' 10 && wait_until 20 read_sheet; then
            pass "accessibility: the carousel's reading sheet is a dialog named by its card, with a Close button"
        else fail "accessibility reading sheet" "read ${sheet:-nothing} $(tail -3 "$work/atspi.err")"; fi
    else
        fail "accessibility carousel window" "$start_error"
    fi
    a11y_cleanup
}

if [ -n "$a11y_skip" ]; then skip "accessibility" "$a11y_skip"; else a11y_test; fi
