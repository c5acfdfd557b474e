# The desktop's side of the single instance, under a window manager (openbox) on a private
# session bus: GApplication's org.freedesktop.Application (Open with a calendar file and an
# activation token, ActivateAction('scene', ['grid']), errors for an unknown action or scene), a
# minimized window brought back by a second launch with --scene boards, the X11 startup
# notification ended for each launch, the window's class and its title naming the scene; and
# the window conventions: F10 opens the primary menu (About from it), Ctrl+W closes the window
# with the state saved, and a maximized window comes back maximized at its next start (its normal
# size remembered apart).
# Sourced by the window-test runner (start_app, wait_state, $work, $bin); needs the runner.
desktop_application_tests() {
    declare -F start_app >/dev/null || { echo "SKIP desktop application: needs the window-test runner"; return; }
    local tool
    for tool in dbus-daemon gdbus openbox xprop xdotool; do
        command -v $tool >/dev/null || { skip "desktop application" "$tool is missing (Debian: dbus, libglib2.0-bin, openbox, x11-utils, xdotool)"; return; }
    done
    local helper="$work/x11-desktop"
    if ! cc -O1 -o "$helper" scripts/window-tests/x11-desktop.c $(pkg-config --cflags --libs x11) 2>"$work/x11-desktop-build.log"; then
        skip "desktop application" "the X11 helper does not build (Debian: gcc, libx11-dev): $(head -3 "$work/x11-desktop-build.log")"; return
    fi
    dbus-daemon --session --nofork --nopidfile --print-address=5 5>"$work/desktop-bus" >"$work/desktop-bus.log" 2>&1 &
    local bus_pid=$!
    wait_until 10 grep -qs . "$work/desktop-bus" || { fail "desktop application" "no session bus: $(cat "$work/desktop-bus.log")"; return; }
    local saved_bus=${DBUS_SESSION_BUS_ADDRESS-}
    export DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/desktop-bus")
    # A window manager, so that minimizing, maximizing and activating mean something.
    openbox --sm-disable >"$work/openbox.log" 2>&1 &
    local wm_pid=$!
    wm_running() { xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; }
    "$helper" startup-listen "$work/startup-messages" >"$work/startup-listen.out" 2>&1 &
    local listen_pid=$!
    desktop_cleanup() {
        stop_app
        kill "$listen_pid" "$wm_pid" "$bus_pid" 2>/dev/null
        wait "$wm_pid" 2>/dev/null
        if [ -n "$saved_bus" ]; then export DBUS_SESSION_BUS_ADDRESS=$saved_bus; else unset DBUS_SESSION_BUS_ADDRESS; fi
    }
    if ! wait_until 20 wm_running || ! wait_until 10 grep -qs ready "$work/startup-listen.out"; then
        fail "desktop application" "openbox or the startup listener did not start: $(tail -3 "$work/openbox.log") $(cat "$work/startup-listen.out")"
        desktop_cleanup; return
    fi
    local app_id=io.github.collectionkit.CollectionDemo
    app_call() { # METHOD ARGS...: calls org.freedesktop.Application.METHOD on the running window
        timeout 30 gdbus call --session --dest $app_id --object-path /io/github/collectionkit/CollectionDemo \
            --method org.freedesktop.Application."$@"
    }
    wm_state() { xprop -id "$wid" _NET_WM_STATE 2>/dev/null; }
    startup_removed() { grep -qxF "remove: ID=\"$1\"" "$work/startup-messages" 2>/dev/null; }
    local xdg="$work/desktop-state"
    local ics="$work/opened-by-dbus.ics"
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//window test//EN\r\nBEGIN:VEVENT\r\nUID:dbus-open@test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261118\r\nDTEND;VALUE=DATE:20261119\r\nSUMMARY:Opened by D-Bus\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' >"$ics"
    if ! DESKTOP_STARTUP_ID="first-launch_TIME0" APP_STATE_HOME="$xdg" start_app --scene grid --size 800x500 --today 2026-11-21 --month 2026-11 \
            --timezone UTC --dump-state "$work/desktop.json"; then
        fail "desktop application" "no window: $start_error"; desktop_cleanup; return
    fi
    wait_until 10 startup_removed "first-launch_TIME0" && pass "desktop application: the first window ends its launch's startup notification" \
        || fail "desktop application" "no remove message for the first launch: $(cat "$work/startup-messages" 2>/dev/null)"
    local class
    class=$(xprop -id "$wid" WM_CLASS 2>/dev/null)
    [[ "$class" == *"\"$app_id\""* ]] && pass "desktop application: the window's class is the app id ($class)" \
        || fail "desktop application" "WM_CLASS is $class"
    wait_state 'd["window"]["title"] == "Grid — Collection Demo"' 10 && [[ "$(xprop -id "$wid" _NET_WM_NAME)" == *'"Grid — Collection Demo"'* ]] \
        && pass "desktop application: the window's title names the scene (Grid — Collection Demo)" \
        || fail "desktop application" "title: $state_seen, $(xprop -id "$wid" _NET_WM_NAME)"

    # Open(as uris, a{sv}) with a file URI, an activation token and a startup id.
    local out status=0
    out=$(app_call Open "['file://$ics']" "{'activation-token': <'token-1'>, 'desktop-startup-id': <'open-call_TIME1234'>}" 2>&1) || status=$?
    if [ "$status" = 0 ] && wait_state '"Opened by D-Bus" in [e["title"] for e in d["calendar"]["events"]] and d["scene"] == "calendar" and d["window"]["title"] == "Calendar — Collection Demo"' 20; then
        pass "desktop application: org.freedesktop.Application.Open with a file URI and a token opens the file in the running window's calendar"
    else fail "desktop application" "Open: status $status $out; $state_seen"; fi
    wait_until 10 startup_removed "open-call_TIME1234" && pass "desktop application: Open ends the caller's startup notification" \
        || fail "desktop application" "no remove for the Open call's startup id: $(cat "$work/startup-messages")"
    # ActivateAction('scene', ['grid']); an unknown scene and an unknown action are refused with the reason.
    status=0
    out=$(app_call ActivateAction scene "[<'grid'>]" "{}" 2>&1) || status=$?
    [ "$status" = 0 ] && wait_state 'd["scene"] == "grid"' 10 && pass "desktop application: ActivateAction('scene', ['grid']) shows the grid" \
        || fail "desktop application" "ActivateAction scene: status $status $out; $state_seen"
    status=0
    out=$(app_call ActivateAction scene "[<'nowhere'>]" "{}" 2>&1) || status=$?
    [ "$status" != 0 ] && [[ "$out" == *InvalidArgs*"unknown scene 'nowhere'"* ]] \
        && pass "desktop application: an unknown scene is refused with InvalidArgs and the scene names" \
        || fail "desktop application" "unknown scene: status $status $out"
    status=0
    out=$(app_call ActivateAction fly "[]" "{}" 2>&1) || status=$?
    [ "$status" != 0 ] && [[ "$out" == *"unknown action 'fly'"* ]] && pass "desktop application: an unknown action is refused with the actions' names" \
        || fail "desktop application" "unknown action: status $status $out"

    # Minimized, then a second launch with --scene boards and a startup id: the window comes back,
    # shows the boards, and the launch's startup notification ends.
    xdotool windowminimize "$wid"
    if wait_until 10 eval '[[ "$(wm_state)" == *_NET_WM_STATE_HIDDEN* ]]'; then
        status=0
        DESKTOP_STARTUP_ID="second-launch_TIME5678" timeout 30 "$bin" --scene boards --size 640x400 >"$work/second.out" 2>&1 || status=$?
        if [ "$status" = 0 ] && wait_until 10 eval '[[ "$(wm_state)" != *_NET_WM_STATE_HIDDEN* ]]' \
                && wait_state 'd["scene"] == "boards" and d["window"]["title"] == "Boards — Collection Demo"' 10; then
            pass "desktop application: a second launch with --scene boards un-minimizes the window and shows the boards"
        else fail "desktop application" "second launch: status $status, state $(wm_state), $state_seen, $(cat "$work/second.out")"; fi
        grep -q -- "not --size" "$work/second.out" && pass "desktop application: the second launch says which options only a new window takes" \
            || fail "desktop application" "the second launch said: $(cat "$work/second.out")"
        wait_until 10 startup_removed "second-launch_TIME5678" && pass "desktop application: the second launch's startup notification ends" \
            || fail "desktop application" "no remove for the second launch: $(cat "$work/startup-messages")"
    else fail "desktop application" "openbox did not minimize the window: $(wm_state)"; fi

    # F10 with real key presses: the primary menu, About from it, Escape.
    xdotool windowactivate --sync "$wid" 2>/dev/null; xdotool windowfocus "$wid" 2>/dev/null
    if wait_state 'd["live"]["keyboardFocus"]' 10; then
        xdotool key F10
        if wait_state 'd["primaryMenu"]["open"] and d["primaryMenu"]["items"] == ["Keyboard Shortcuts", "About Collection Demo", "Quit"] and d["primaryMenu"]["highlighted"] == 0' 10; then
            pass "desktop application: F10 opens the primary menu (Keyboard Shortcuts, About, Quit) with the first entry highlighted"
            xdotool key Down Return
            wait_state 'd["primaryMenu"]["about"] is not None and "Version " in d["primaryMenu"]["about"]["message"] and "MIT" in d["primaryMenu"]["about"]["message"]' 10 \
                && pass "desktop application: Down and Return in the menu show About with the version and the licence" \
                || fail "desktop application" "About: $state_seen"
            xdotool key Escape
            wait_state 'not d["primaryMenu"]["open"] and d["primaryMenu"]["about"] is None' 10 && pass "desktop application: Escape closes About" \
                || fail "desktop application" "About after Escape: $state_seen"
        else fail "desktop application" "F10: $state_seen"; fi
    else fail "desktop application" "the window did not get the keyboard: $state_seen"; fi

    # Maximized, then Ctrl+W: the state is saved with the normal size; the next start is maximized.
    "$helper" state "$wid" add _NET_WM_STATE_MAXIMIZED_VERT _NET_WM_STATE_MAXIMIZED_HORZ
    if wait_state 'd["window"]["maximized"] and d["size"]["width"] > 800' 10; then
        xdotool windowactivate --sync "$wid" 2>/dev/null; xdotool windowfocus "$wid" 2>/dev/null
        wait_state 'd["live"]["keyboardFocus"]' 10
        xdotool key ctrl+w
        if wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null' && wait "$app_pid"; then
            pass "desktop application: Ctrl+W closes the window (exit 0)"
            local saved="$xdg/collection-demo/state.json"
            if json_get "$saved" 'd["windowMaximized"] == True and d["windowWidth"] == 800 and d["windowHeight"] == 500' | grep -qx True; then
                pass "desktop application: the saved state says maximized, with the normal size 800x500"
            else fail "desktop application" "saved state: $(json_get "$saved" '[d.get("windowMaximized"), d.get("windowWidth"), d.get("windowHeight")]')"; fi
            if APP_STATE_HOME="$xdg" start_app --dump-state "$work/desktop-again.json"; then
                if wait_state 'd["window"]["maximized"] and d["size"]["width"] > 800' 20 && [[ "$(wm_state)" == *MAXIMIZED_HORZ* ]]; then
                    pass "desktop application: the window comes back maximized"
                else fail "desktop application" "not maximized again: $state_seen, $(wm_state)"; fi
                "$helper" state "$wid" remove _NET_WM_STATE_MAXIMIZED_VERT _NET_WM_STATE_MAXIMIZED_HORZ
                wait_state 'not d["window"]["maximized"] and d["size"] == {"width": 800, "height": 500}' 20 \
                    && pass "desktop application: unmaximized, it has its remembered normal size 800x500" \
                    || fail "desktop application" "after unmaximizing: $state_seen"
            else fail "desktop application" "no window on the second start: $start_error"; fi
        else fail "desktop application" "Ctrl+W did not end the window"; fi
    else fail "desktop application" "openbox did not maximize the window: $state_seen $(wm_state)"; fi
    desktop_cleanup
}
desktop_application_tests

# D-Bus activation, as a desktop starts an app whose entry says DBusActivatable=true: a session bus
# that knows the app's service file (Assets/desktop's template, its Exec pointed at this build, with
# the --gapplication-service it passes) starts the
# program for a call of ActivateAction('scene-boards'), which the new window then takes; a call of
# ActivateAction('quit') ends it with its state saved.
dbus_activation_tests() {
    declare -F start_app >/dev/null || return
    command -v dbus-daemon >/dev/null && command -v gdbus >/dev/null || { skip "D-Bus activation" "dbus-daemon or gdbus is missing"; return; }
    local services="$work/dbus-services" app_id=io.github.collectionkit.CollectionDemo
    mkdir -p "$services"
    local program; program="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
    # The service's program: this build, remembering in a folder of the test's, with a dump to ask.
    # It writes its process id first (exec keeps it), so that the test ends it whatever happens.
    printf '#!/bin/sh\necho $$ >"%s"\nexec env XDG_STATE_HOME="%s" "%s" --size 700x450 --dump-state "%s" "$@"\n' \
        "$work/activated.pid" "$work/activated-state" "$program" "$work/activated.json" >"$work/activated-demo"
    chmod +x "$work/activated-demo"
    sed "s|^Exec=@bindir@/collection-demo|Exec=$work/activated-demo|" Assets/desktop/$app_id.service.in >"$services/$app_id.service"
    grep -q "^Name=$app_id\$" "$services/$app_id.service" && grep -q "^Exec=$work/activated-demo" "$services/$app_id.service" \
        || { fail "D-Bus activation" "the service file does not name $app_id with an Exec line: $(cat Assets/desktop/$app_id.service.in)"; return; }
    cat >"$work/activation-bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=$work</listen><auth>EXTERNAL</auth><servicedir>$services</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
CONF
    dbus-daemon --config-file="$work/activation-bus.conf" --nofork --nopidfile --print-address=5 5>"$work/activation-bus" >"$work/activation-bus.log" 2>&1 &
    local bus_pid=$!
    wait_until 10 grep -qs . "$work/activation-bus" || { fail "D-Bus activation" "no session bus: $(cat "$work/activation-bus.log")"; return; }
    local saved_bus=${DBUS_SESSION_BUS_ADDRESS-}
    export DBUS_SESSION_BUS_ADDRESS=$(head -1 "$work/activation-bus")
    local out status=0
    out=$(timeout 60 gdbus call --session --dest $app_id --object-path /io/github/collectionkit/CollectionDemo \
        --method org.freedesktop.Application.ActivateAction scene-boards "[]" "{}" 2>&1) || status=$?
    find_activated() { wid=$(xdotool search --onlyvisible --name "Collection Demo" 2>/dev/null | head -1); [ -n "$wid" ]; }
    if [ "$status" = 0 ] && wait_until 60 find_activated; then
        app_pid=$(xdotool getwindowpid "$wid" 2>/dev/null); app_dump="$work/activated.json"
        if [ -n "$app_pid" ] && wait_state 'd["scene"] == "boards" and d["window"]["title"] == "Boards — Collection Demo"' 30; then
            pass "D-Bus activation: the bus starts the app from its service file for ActivateAction('scene-boards'), and it shows the boards"
        else fail "D-Bus activation" "pid ${app_pid:-none}: $state_seen"; fi
        status=0
        out=$(timeout 30 gdbus call --session --dest $app_id --object-path /io/github/collectionkit/CollectionDemo \
            --method org.freedesktop.Application.ActivateAction quit "[]" "{}" 2>&1) || status=$?
        if [ "$status" = 0 ] && wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null' \
                && json_get "$work/activated-state/collection-demo/state.json" 'd["scene"]' | grep -qx boards; then
            pass "D-Bus activation: ActivateAction('quit') ends the app with its state saved"
        else fail "D-Bus activation" "quit: status $status $out; running: $(kill -0 "$app_pid" 2>/dev/null && echo yes || echo no); state: $(cat "$work/activated-state/collection-demo/state.json" 2>&1 | head -c 200)"; fi
    else fail "D-Bus activation" "the call: status $status $out; bus: $(tail -3 "$work/activation-bus.log")"; fi
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null
    app_pid=""
    local started; started=$(cat "$work/activated.pid" 2>/dev/null)
    [ -n "$started" ] && kill "$started" 2>/dev/null && wait_until 10 eval '! kill -0 "$started" 2>/dev/null'
    kill "$bus_pid" 2>/dev/null
    if [ -n "$saved_bus" ]; then export DBUS_SESSION_BUS_ADDRESS=$saved_bus; else unset DBUS_SESSION_BUS_ADDRESS; fi
}
dbus_activation_tests

# The PRIMARY selection in a text field, as other X11 programs see it (xclip): a word selected by
# a double click is the primary selection; text another program selected is pasted by a middle
# click at the click.
primary_selection_tests() {
    declare -F start_app >/dev/null || return
    command -v xclip >/dev/null || { skip "primary selection" "xclip is missing (Debian: xclip)"; return; }
    if ! start_app --scene boards --size 1000x640 --dump-state "$work/primary.json"; then
        fail "primary selection" "no window: $start_error"; return
    fi
    local board='[b for b in d["collections"] if b["name"] == "today"][0]'
    local x y
    x=$(json_get "$app_dump" "int($board[\"viewport\"][0] + $board[\"frames\"][0][0] - $board[\"contentOffset\"][\"x\"] + 40)")
    y=$(json_get "$app_dump" "int($board[\"viewport\"][1] + $board[\"frames\"][0][1] - $board[\"contentOffset\"][\"y\"] + 20)")
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    wait_state 'd["focus"] is not None and d["focus"]["collection"] == "today"' 10 || { fail "primary selection" "no card focused: $state_seen"; stop_app; return; }
    xdotool key --window "$wid" ctrl+n
    wait_state 'd["editing"] is not None and d["editing"]["field"]["focused"]' 10 || { fail "primary selection" "Ctrl+N opened no field: $state_seen"; stop_app; return; }
    xdotool type --window "$wid" "alpha beta"
    wait_state 'd["editing"]["field"]["text"] == "alpha beta"' 10 || { fail "primary selection" "typing: $state_seen"; stop_app; return; }
    local fx fy
    fx=$(json_get "$app_dump" 'int(d["editing"]["field"]["frame"][0])'); fy=$(json_get "$app_dump" 'int(d["editing"]["field"]["frame"][1] + d["editing"]["field"]["frame"][3] / 2)')
    # A double click on "alpha" (the field's padding is 8 points).
    xdotool mousemove --window "$wid" $((fx + 14)) "$fy" click --repeat 2 --delay 80 1
    primary_is() { [ "$(timeout 5 xclip -o -selection primary 2>/dev/null)" = "$1" ]; }
    if wait_state 'd["editing"]["field"]["selection"] == [0, 5]' 10 && wait_until 10 primary_is alpha; then
        pass "primary selection: a word double-clicked in a field is the X primary selection"
    else fail "primary selection" "selection $state_seen, primary '$(timeout 5 xclip -o -selection primary 2>&1)'"; fi
    printf 'gamma ' | xclip -i -selection primary
    wait_until 10 primary_is "gamma " || { fail "primary selection" "xclip did not take the primary selection"; stop_app; return; }
    xdotool mousemove --window "$wid" $((fx + 9)) "$fy" click 2
    wait_state 'd["editing"]["field"]["text"] == "gamma alpha beta"' 10 \
        && pass "primary selection: a middle click pastes another program's selection at the click" \
        || fail "primary selection" "after the middle click: $state_seen"
    stop_app
}
primary_selection_tests
