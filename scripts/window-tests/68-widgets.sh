# Widgets: the engine's buttons, dialog and toast (widgets-example) on a private accessibility
# bus, read by a real AT-SPI client (pyatspi): the buttons are push buttons named by their titles
# (the disabled one not sensitive), the app's own part found through the hook, "click" done over
# the Action interface presses a button on the window's thread (the dialog it opens is a dialog
# in the tree, with its text and buttons, and a button's focus event is sent), real Tab and
# Shift+Tab stay among its buttons, Escape closes it and gives the focus back, and the toast is a
# notification whose message is read out.
widgets=${WIDGETS_EXAMPLE:-$(dirname "$bin")/widgets-example}
w_launcher=/usr/libexec/at-spi-bus-launcher
w_python=/usr/bin/python3
w_skip=""
if [ ! -x "$widgets" ]; then w_skip="$widgets is missing; run swift build first"
elif [ ! -x "$w_launcher" ] || [ ! -x /usr/libexec/at-spi2-registryd ]; then w_skip="at-spi2-core is not installed"
elif ! command -v dbus-run-session >/dev/null; then w_skip="dbus-run-session is missing (package dbus-daemon)"
elif ! "$w_python" -c 'import pyatspi' 2>/dev/null; then w_skip="pyatspi is missing (package python3-pyatspi)"
fi

cat >"$work/widgets-atspi.py" <<'PY'
import json, sys, time
import pyatspi

def app():
    end = time.time() + 30
    while True:
        for a in pyatspi.Registry.getDesktop(0):
            if a is not None and a.name == "widgets-example":
                return a
        if time.time() > end:
            sys.exit("widgets-example is not on the accessibility bus")
        time.sleep(0.1)

def walk(node, depth=0):
    s = node.getState()
    out = {"role": node.getRoleName(), "name": node.name, "sensitive": s.contains(pyatspi.STATE_SENSITIVE),
           "focusable": s.contains(pyatspi.STATE_FOCUSABLE), "focused": s.contains(pyatspi.STATE_FOCUSED)}
    if depth < 4:
        out["children"] = [walk(c, depth + 1) for c in node]
    return out

def find(node, test, depth=0):
    if test(node): return node
    if depth > 4: return None
    for c in node:
        hit = find(c, test, depth + 1)
        if hit is not None: return hit
    return None

cmd, args = sys.argv[1], sys.argv[2:]
if cmd == "listen":
    log = open(args[0], "a")
    def on_event(e):
        try: name, role = e.source.name, e.source.getRoleName()
        except Exception as x: name, role = None, str(x)
        log.write(json.dumps({"type": e.type, "name": name, "role": role, "detail1": e.detail1,
                              "any": e.any_data if isinstance(e.any_data, str) else None}) + "\n")
        log.flush()
    pyatspi.Registry.registerEventListener(on_event, "focus:", "object:state-changed:focused", "object:announcement",
                                           "object:children-changed")
    log.write(json.dumps({"type": "ready"}) + "\n"); log.flush()
    pyatspi.Registry.start()
elif cmd == "tree":
    print(json.dumps(walk(app().getChildAtIndex(0))))
elif cmd == "click":  # NAME: does the push button's action "click"
    b = find(app().getChildAtIndex(0), lambda n: n.getRoleName() == "push button" and n.name == args[0])
    if b is None: sys.exit("no push button named %r" % args[0])
    a = b.queryAction()
    names = [a.getName(i) for i in range(a.nActions)]
    print(json.dumps({"actions": names, "done": bool(a.doAction(names.index("click"))) if "click" in names else None}))
PY

w_events() {
    "$w_python" - "$w_log" "$1" <<'PY'
import json, sys
e = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
sys.exit(0 if eval(sys.argv[2], {"e": e, "any": any, "all": all, "len": len}) else 1)
PY
}
w_client() { timeout 60 "$w_python" "$work/widgets-atspi.py" "$@" 2>>"$work/widgets-atspi.err" | tail -1; }
# w_tree_is EXPR: the window's tree (`d`, nested dicts of role, name, states and children) passes EXPR.
w_tree_is() {
    w_client tree >"$work/widgets-tree.json"
    "$w_python" - "$work/widgets-tree.json" "$1" <<'PY'
import json, sys
try: d = json.load(open(sys.argv[1]))
except Exception: sys.exit(1)
def nodes(n):
    yield n
    for c in n.get("children", []): yield from nodes(c)
def first(role, name=None): return next((n for n in nodes(d) if n["role"] == role and (name is None or n["name"] == name)), None)
sys.exit(0 if eval(sys.argv[2], {"d": d, "nodes": nodes, "first": first, "any": any, "all": all, "len": len}) else 1)
PY
}

widgets_test() {
    dbus-run-session -- bash -c 'echo "$$ $DBUS_SESSION_BUS_ADDRESS" >"$1"; exec sleep 600' _ "$work/widgets-session" \
        >"$work/widgets-session.log" 2>&1 &
    local session_job=$! holder_pid
    wait_until 10 grep -qs . "$work/widgets-session" || { fail "widgets bus" "dbus-run-session did not start"; return; }
    read -r holder_pid DBUS_SESSION_BUS_ADDRESS <"$work/widgets-session"
    on_exit "[ \"\$(ps -o args= -p $holder_pid 2>/dev/null)\" = 'sleep 600' ] && kill $holder_pid && wait $session_job"
    export DBUS_SESSION_BUS_ADDRESS
    unset AT_SPI_BUS_ADDRESS
    "$w_launcher" --launch-immediately >"$work/widgets-launcher.log" 2>&1 &
    local launcher_pid=$!
    w_log=$work/widgets-events.jsonl
    : >"$w_log"
    "$w_python" "$work/widgets-atspi.py" listen "$w_log" 2>>"$work/widgets-atspi.err" &
    local listener_pid=$! app=""
    w_cleanup() {
        [ -n "$app" ] && kill "$app" 2>/dev/null && wait "$app" 2>/dev/null
        kill "$listener_pid" "$launcher_pid" 2>/dev/null; kill "$holder_pid" 2>/dev/null; unset DBUS_SESSION_BUS_ADDRESS
    }
    if ! wait_until 30 w_events 'e and e[0]["type"] == "ready"'; then
        fail "widgets listener" "the client did not register: $(tail -3 "$work/widgets-atspi.err")"; w_cleanup; return
    fi
    "$widgets" >"$work/widgets.out" 2>&1 &
    app=$!
    wid=""
    find_widgets() { kill -0 "$app" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^Widgets$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_widgets
    if [ -z "$wid" ]; then fail "widgets window" "no window appeared: $(cat "$work/widgets.out")"; w_cleanup; return; fi

    if wait_until 30 w_tree_is 'first("push button", "Delete card…") and first("push button", "Say hello") and first("push button", "Archive") and not first("push button", "Archive")["sensitive"] and first("push button", "Say hello")["focusable"] and first("label", "Trash") and first("dialog") is None'; then
        pass "widgets: the buttons are push buttons named by their titles (Archive not sensitive), the app's own part found through the hook"
    else fail "widgets tree" "read $(cat "$work/widgets-tree.json") $(tail -3 "$work/widgets-atspi.err")"; fi

    # "click" over AT-SPI presses the button on the window's thread: its dialog opens, a dialog in
    # the tree with its words and buttons, and its first button takes the focus (a focus event).
    local clicked; clicked=$(w_client click "Delete card…")
    if wait_until 20 w_tree_is 'first("dialog", "Delete this card?") is not None and [c["name"] for c in first("dialog")["children"]] == ["The card goes to the trash. You can undo this from the message that follows.", "Cancel", "Delete"] and [c["role"] for c in first("dialog")["children"]] == ["label", "push button", "push button"] and first("push button", "Cancel")["focused"]' \
            && grep -q "activated delete" "$work/widgets.out"; then
        pass "widgets: DoAction click presses the button; its dialog is in the tree with its text and buttons, Cancel focused ($clicked)"
    else fail "widgets click" "answer ${clicked:-none}, tree $(cat "$work/widgets-tree.json"), out $(cat "$work/widgets.out")"; fi
    if wait_until 20 w_events 'any(x["type"] == "focus:" and x["role"] == "push button" and x["name"] == "Cancel" for x in e)'; then
        pass "widgets: the dialog's button taking the focus is announced (focus: on the push button Cancel)"
    else fail "widgets focus event" "events $(tail -c 600 "$w_log")"; fi

    # Real keys, modifiers pressed as a keyboard does: Tab and Shift+Tab stay among the dialog's
    # buttons, Escape closes it and the focus is back on the button that opened it.
    xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid" 2>/dev/null
    xdotool key Tab
    local tabbed=0
    wait_until 20 w_tree_is 'first("push button", "Delete")["focused"] and not first("push button", "Cancel")["focused"]' && tabbed=1
    xdotool key Tab
    wait_until 20 w_tree_is 'first("push button", "Cancel")["focused"]' || tabbed=0
    xdotool key shift+Tab
    wait_until 20 w_tree_is 'first("push button", "Delete")["focused"] and first("dialog") is not None' || tabbed=0
    if [ $tabbed = 1 ]; then pass "widgets: Tab and Shift+Tab (real keys) cycle among the dialog's buttons"
    else fail "widgets dialog Tab" "tree $(cat "$work/widgets-tree.json")"; fi
    xdotool key Escape
    if wait_until 20 w_tree_is 'first("dialog") is None and first("push button", "Delete card…")["focused"]'; then
        pass "widgets: Escape closes the dialog; the focus is back on the button that opened it"
    else fail "widgets escape" "tree $(cat "$work/widgets-tree.json")"; fi
    # Delete in it (clicked over AT-SPI) shows the toast, read out.
    w_client click "Delete card…" >/dev/null
    wait_until 20 w_tree_is 'first("dialog") is not None' || true
    w_client click "Delete" >/dev/null
    if wait_until 20 w_tree_is 'first("notification", "Card deleted") is not None and first("push button", "Undo") is not None and first("push button", "Close") is not None and first("dialog") is None' \
            && wait_until 20 w_events 'any(x["type"] == "object:announcement" and x["any"] == "Card deleted. Undo" for x in e)'; then
        pass "widgets: the toast is a notification with Undo and Close, and its message and offer are announced"
    else fail "widgets toast" "tree $(cat "$work/widgets-tree.json"), events $(tail -c 400 "$w_log")"; fi
    w_cleanup
}

if [ -n "$w_skip" ]; then skip "widgets" "$w_skip"; else widgets_test; fi
