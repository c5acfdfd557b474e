# SIGINT and SIGTERM end a window program as closing its window does: the frame under way is
# finished, what it saves is saved, and it exits 0. The programs are started with `&` from this
# script, so they inherit SIGINT as ignored (bash does that without job control), as a program
# started from a desktop script does: the engine takes it all the same. The time from the signal
# to the exit is printed (polled every 50 ms with a generous deadline; a frame is 16 ms).
kanban=${KANBAN_EXAMPLE:-$(dirname "$bin")/kanban-example}
notes=${NOTES_EXAMPLE:-$(dirname "$bin")/notes-example}

# signal_ends SIGNAL NAME: sends SIGNAL to $app_pid, waits up to 30 s for it to end; sets $end_code
# and $end_ms (the time from the signal to the exit seen).
signal_ends() {
    local started; started=$(now_ns)
    kill -"$1" "$app_pid"
    if wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null'; then
        end_ms=$(( ($(now_ns) - started) / 1000000 ))
        end_code=0; wait "$app_pid" || end_code=$?
    else
        end_ms=-1; end_code=timeout
        kill -KILL "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null
    fi
    echo "   $2: exit $end_code, $end_ms ms after SIG$1"
    app_pid=""
}

# start_example PROGRAM TITLE OUT ARGS...: starts an example, waits for its first frame; sets $app_pid, $wid.
start_example() {
    local program=$1 title=$2 out=$3; shift 3
    "$program" "$@" >"$out" 2>&1 &
    app_pid=$!
    wid=""
    find_example() { kill -0 "$app_pid" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^$title\$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_example
    [ -n "$wid" ] && wait_until 30 window_drawn
}

if [ -x "$kanban" ] && [ -x "$notes" ]; then
    board="$work/quit-kanban.json"
    rm -f "$board"
    if start_example "$kanban" Kanban "$work/quit-kanban.out" "$board"; then
        drag 154 68 746 250 12 0.3
        moved='[c["title"] for c in d["columns"][2]["cards"]] == ["Write the README"]'
        wait_until 20 eval '[ -f "$board" ] && [ "$(json_get "$board" "$moved" 2>/dev/null)" = True ]'
        signal_ends INT kanban-example
        if [ "$end_code" = 0 ] && [ "$(json_get "$board" "$moved" 2>/dev/null)" = True ]; then
            pass "SIGINT ends the kanban example with exit 0 ($end_ms ms), its board saved"
        else
            fail "kanban SIGINT" "exit $end_code after SIGINT; board: $(head -c 300 "$board" 2>/dev/null); $(tail -c 300 "$work/quit-kanban.out")"
        fi
    else
        fail "kanban SIGINT window" "no window: $(tail -c 300 "$work/quit-kanban.out")"; stop_app
    fi
    for sig in INT TERM; do
        if start_example "$notes" Notes "$work/quit-notes.out"; then
            signal_ends "$sig" notes-example
            if [ "$end_code" = 0 ]; then pass "SIG$sig ends the notes example with exit 0 ($end_ms ms)"
            else fail "notes SIG$sig" "exit $end_code: $(tail -c 300 "$work/quit-notes.out")"; fi
        else
            fail "notes SIG$sig window" "no window: $(tail -c 300 "$work/quit-notes.out")"; stop_app
        fi
    done
else
    fail "quit signals" "$kanban or $notes is missing; run swift build first"
fi

# The demo: SIGINT in a window saves the remembered state (the scene shown) as closing it does. The
# scene is switched with a key and the signal sent as soon as the switch shows, before the second
# the demo waits to save a change.
rm -rf "$work/quit-state"
if start_app --scene grid --state-dir "$work/quit-state" --dump-state "$work/quit-dump.json"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key --window "$wid" 2
    wait_state 'd["scene"] == "carousel"' 30 || echo "   the scene did not switch: $state_seen"
    [ -f "$work/quit-state/state.json" ] && echo "   (the state was saved before the signal)"
    signal_ends INT collection-demo
    if [ "$end_code" = 0 ] && [ "$(json_get "$work/quit-state/state.json" 'd["scene"]' 2>/dev/null)" = carousel ]; then
        pass "SIGINT ends the demo window with exit 0 ($end_ms ms), its state saved"
    else
        fail "demo SIGINT" "exit $end_code; state: $(head -c 200 "$work/quit-state/state.json" 2>/dev/null); $(tail -c 300 "$work/app.out")"
    fi
else
    fail "demo SIGINT window" "$start_error"
fi
