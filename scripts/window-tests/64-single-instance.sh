# One instance per session: on a private session bus, a second launch with a calendar file hands
# it to the running window over D-Bus and exits 0; the window comes to the front (over another
# window that covered it) and shows the file in its calendar. A plain second launch raises it too.
# Sourced by the window-test runner (start_app, wait_state, $work, $bin); needs the runner.
single_instance_tests() {
    declare -F start_app >/dev/null || { echo "SKIP single instance: needs the window-test runner"; return; }
    if ! command -v dbus-daemon >/dev/null || ! command -v xlogo >/dev/null || ! command -v xwininfo >/dev/null; then
        skip "single instance" "dbus-daemon (dbus-daemon), xlogo (x11-apps) or xwininfo (x11-utils) is missing"; return
    fi
    dbus-daemon --session --nofork --nopidfile --print-address=5 5>"$work/instance-bus" >"$work/instance-bus.log" 2>&1 &
    local bus_pid=$!
    wait_until 10 grep -qs . "$work/instance-bus" || { fail "single instance" "no session bus: $(cat "$work/instance-bus.log")"; return; }
    local saved_bus=${DBUS_SESSION_BUS_ADDRESS-}
    export DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/instance-bus")
    local logo_pid=""
    instance_cleanup() {
        [ -n "$logo_pid" ] && kill "$logo_pid" 2>/dev/null
        stop_app; kill "$bus_pid" 2>/dev/null
        if [ -n "$saved_bus" ]; then export DBUS_SESSION_BUS_ADDRESS=$saved_bus; else unset DBUS_SESSION_BUS_ADDRESS; fi
    }
    # app_on_top: true when the app's window is above the xlogo window (xwininfo lists the root's
    # children top first).
    app_on_top() {
        local order
        order=$(xwininfo -root -children | awk '/^ +0x/ {print $1}')
        local a l
        a=$(printf '%s\n' "$order" | grep -n -x "$(printf '0x%x' "$wid")" | cut -d: -f1)
        l=$(printf '%s\n' "$order" | grep -n -x "$(printf '0x%x' "$logo_wid")" | cut -d: -f1)
        [ -n "$a" ] && [ -n "$l" ] && [ "$a" -lt "$l" ]
    }
    local ics="$work/handed-over.ics"
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//window test//EN\r\nBEGIN:VEVENT\r\nUID:handed-over@test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261118\r\nDTEND;VALUE=DATE:20261119\r\nSUMMARY:Handed over\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' >"$ics"
    if start_app --scene grid --size 800x500 --today 2026-11-21 --month 2026-11 --timezone UTC --dump-state "$work/instance.json"; then
        local logo_wid=""
        xlogo -geometry 900x600+0+0 >/dev/null 2>&1 &
        logo_pid=$!
        find_logo() { logo_wid=$(xdotool search --onlyvisible --class xlogo 2>/dev/null | head -1); [ -n "$logo_wid" ]; }
        wait_until 20 find_logo || { fail "single instance" "xlogo did not map"; instance_cleanup; return; }
        wait_until 10 eval "! app_on_top" || { fail "single instance" "xlogo did not cover the window: app $wid, xlogo $logo_wid: $(xwininfo -root -children | grep -E "^ +0x" | tr "\n" " ")"; instance_cleanup; return; }
        local started=$(now_ns) status=0
        (cd "$work" && timeout 30 "$OLDPWD/$bin" handed-over.ics >"$work/second.out" 2>&1) || status=$?
        local took=$(( ($(now_ns) - started) / 1000000 ))
        [ "$status" = 0 ] && pass "single instance: a second launch with a file exits 0 in $took ms" \
            || fail "single instance" "the second launch ended with $status: $(cat "$work/second.out")"
        if wait_state '"Handed over" in [e["title"] for e in d["calendar"]["events"]] and d["scene"] == "calendar" and any(f.endswith("/handed-over.ics") for f in d["calendar"]["calendarFiles"])' 20; then
            pass "single instance: the running window shows the handed-over file in its calendar"
        else fail "single instance" "the first window did not open the file: $(json_get "$app_dump" "[d[\"scene\"], d.get(\"calendar\", {}).get(\"calendarFiles\"), d.get(\"notices\")]")"; fi
        wait_until 10 app_on_top && pass "single instance: the first window came to the front" \
            || fail "single instance" "the window stayed under xlogo: $(xwininfo -root -children | grep -E 'Collection|xlogo' | tr '\n' ' ')"
        # With the calendar shown, a further file joins it; a plain launch only raises the window.
        sed 's/handed-over@test/second@test/; s/Handed over/Second file/; s/20261118/20261119/; s/20261119\r/20261120\r/' "$ics" >"$work/second.ics"
        status=0
        timeout 30 "$bin" "$work/second.ics" >"$work/second.out" 2>&1 || status=$?
        timeout 30 "$bin" >>"$work/second.out" 2>&1 || status=$?
        [ "$status" = 0 ] && wait_state '{"Handed over", "Second file"} <= {e["title"] for e in d["calendar"]["events"]} and len(d["calendar"]["calendarFiles"]) == 3' 20 \
            && pass "single instance: a file handed to the shown calendar joins the two it shows" \
            || fail "single instance" "second file: status $status, $(json_get "$app_dump" 'd["calendar"]["calendarFiles"]') $(cat "$work/second.out")"
        kill "$logo_pid" 2>/dev/null; logo_pid=""
        kill -0 "$app_pid" 2>/dev/null && pass "single instance: the first window still runs" || fail "single instance" "the first window ended"
        # A leap-second rule (libical never yields second 60; its iterator stepped to 2582 inside
        # one call, deaf to SIGTERM), by a second launch and by D-Bus Open called directly: each
        # gives its notice within 5 s, the window keeps running, and SIGTERM still ends it.
        local leap
        for way in launch dbus; do
            leap="$work/leap-$way.ics"
            printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//window test//EN\r\nBEGIN:VEVENT\r\nUID:leap-%s@test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261120T090000Z\r\nSUMMARY:Leap %s\r\nRRULE:FREQ=SECONDLY;BYSECOND=60\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$way" "$way" >"$leap"
            status=0
            if [ $way = launch ]; then
                timeout 30 "$bin" "$leap" >"$work/second.out" 2>&1 || status=$?
            else
                timeout 30 gdbus call --session --dest io.github.collectionkit.CollectionDemo --object-path /io/github/collectionkit/CollectionDemo \
                    --method io.github.collectionkit.CollectionDemo.Open "['$leap']" >"$work/second.out" 2>&1 || status=$?
            fi
            if [ "$status" = 0 ] && wait_state "any('Leap $way' in n and 'this rule cannot be expanded' in n for n in d['notices'])" 5; then
                pass "single instance: a leap-second rule opened by $way gives its notice within 5 s"
            else
                fail "single instance" "leap-second rule by $way: status $status, notices $(json_get "$app_dump" 'd["notices"]') $(cat "$work/second.out")"
            fi
        done
        kill -0 "$app_pid" 2>/dev/null && pass "single instance: the window runs on after the leap-second rules" || fail "single instance" "the window ended after the leap-second rules"
        kill -TERM "$app_pid" 2>/dev/null
        if wait_until 10 eval '! kill -0 "$app_pid" 2>/dev/null'; then
            pass "single instance: SIGTERM ends the window after the leap-second rules"
        else
            fail "single instance" "SIGTERM did not end the window within 10 s"
        fi
    else
        fail "single instance" "no window: $start_error"
    fi
    instance_cleanup
}
single_instance_tests
