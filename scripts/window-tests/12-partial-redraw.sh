# Frames drawn in part reach the screen whole: after scrolling, flicks, the wheel, hovering,
# clicks, keys and a drag that auto-scrolls, each sending only the boxes that changed, the window
# shows exactly the app's own last frame.
same_as_last_frame() {  # NAME: compares the window with the frame the app writes as it quits
    local name=$1
    xdotool windowfocus "$wid" 2>/dev/null
    if ! wait_idle; then fail "$name" "still moving after 30 s"; quit_app; return; fi
    xwd -silent -id "$wid" >"$work/$name.xwd"
    if ! quit_app; then fail "$name" "Ctrl+Q did not end the app"; return; fi
    local seen
    if seen=$(python3 "$window_tests_dir/same-pixels.py" "$work/$name.xwd" "$work/$name.png" 2>&1); then
        pass "$name: the screen shows the last frame ($seen)"
    else
        fail "$name" "the screen and the app's last frame differ: $seen"
    fi
}

if start_app --scene grid --size 1000x700 --dump-state "$work/partial-grid.json" --screenshot "$work/partial-grid.png"; then
    drag 500 600 500 300 6 0
    # (The sleeps pace the pointer moves and the wheel's notches a hand apart.)
    xdotool mousemove --window "$wid" 300 300 sleep 0.05 mousemove --window "$wid" 420 330
    for _ in 1 2 3; do xdotool click 5; sleep 0.05; done
    xdotool click 1 key Down Down Right
    same_as_last_frame partial-grid
else
    fail "partial-grid window" "$start_error"
fi

if start_app --scene boards --dump-state "$work/partial-boards.json" --screenshot "$work/partial-boards.png"; then
    # The sleeps pace a hand's drag: moves a frame or more apart, held 1.2 s at the bottom edge
    # (auto-scroll runs meanwhile), then at rest before the release. What is checked is the last
    # frame, drawn in part and whole alike, whatever the timing.
    xdotool mousemove --window "$wid" 547 107 mousedown 1 sleep 0.05 mousemove --window "$wid" 560 112 \
        sleep 0.1 mousemove --window "$wid" 300 400 sleep 0.1 mousemove --window "$wid" 232 600 sleep 1.2 \
        mousemove --window "$wid" 800 300 sleep 0.3 mouseup 1
    same_as_last_frame partial-boards
else
    fail "partial-boards window" "$start_error"
fi

# Typing into a new card's field: each keystroke and blink redraws the field's box only (the
# headless TypingDamageTests checks where); the screen still ends as the app's last frame.
if start_app --scene boards --dump-state "$work/partial-typing.json" --screenshot "$work/partial-typing.png"; then
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key --window "$wid" ctrl+n
    wait_state 'd["editing"] is not None' 10 || true
    xdotool type --window "$wid" --delay 50 "Milk and bread"
    xdotool key --window "$wid" BackSpace Left Left
    same_as_last_frame partial-typing
    typed=$(json_get "$work/partial-typing.json" 'd["editing"]["field"]["text"] if d["editing"] else None' 2>&1)
    [ "$typed" = "Milk and brea" ] || fail "partial-typing text" "the field held '$typed' at the end"
else
    fail "partial-typing window" "$start_error"
fi

# Nothing changed, nothing drawn: the pointer moved many times within the one grid item it
# already highlights asks for frames whose draw list is the one on the screen; the loop presents
# none of them (`--stats`: frames_presented below frames_asked by at least half the moves). A key
# that moves the focus still reaches the screen: the window ends showing the app's last frame.
if start_app --scene grid --size 1000x700 --dump-state "$work/still.json" --screenshot "$work/still-hover.png" --stats "$work/still-stats.json"; then
    xdotool mousemove --window "$wid" 300 300
    wait_idle || true
    args=()
    for i in $(seq 0 79); do args+=(mousemove --window "$wid" $(( 296 + i % 9 )) $(( 298 + i % 5 )) sleep 0.016); done
    xdotool "${args[@]}"
    xdotool key --window "$wid" Right Down
    same_as_last_frame still-hover
    seen=$(json_get "$work/still-stats.json" '"%d %d" % (d["frames_asked"], d["frames_presented"])' 2>&1)
    read -r asked presented <<<"$seen"
    if [[ "$asked" =~ ^[0-9]+$ && "$presented" =~ ^[0-9]+$ ]] && (( asked - presented >= 40 && presented >= 2 )); then
        pass "still-hover: $presented of $asked frames presented"
    else
        fail "still-hover" "frames asked / presented: $seen (wanted at least 40 not presented of 80 moves within one item)"
    fi
else
    fail "still-hover window" "$start_error"
fi
