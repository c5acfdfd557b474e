# The notes example (Examples/Notes) in a real window: 100,000 notes as tall as their wrapped text.
# End and Home reach the ends (Home gives back the very first picture); deep in the list, a window
# made narrower and then as wide as before shows exactly what it showed (the note being read kept
# its place through both reflows); a close request ends it cleanly.
notes=${NOTES_EXAMPLE:-$(dirname "$bin")/notes-example}
# settled_shot: the window's checksum once it has stayed the same for two seconds (five looks half
# a second apart: keys still queued are handled and scroll bars faded) with the app's main thread
# asleep at each look (waiting for events: it has nothing left to do). On a loaded machine a frame
# of notes drawn for the first time can take longer than half a second, and two equal looks then
# caught the list half way through its page turns; an app held off the CPU for two seconds with
# keys still queued is runnable, not asleep.
app_asleep() { [ "$(sed 's/.*) //' "/proc/$app_pid/stat" 2>/dev/null | cut -d' ' -f1)" = S ]; }
settled_shot() {
    local a b n=0 same=0
    a=$(shot)
    while [ $n -lt 80 ]; do
        sleep 0.5; b=$(shot)   # the looks at the window, half a second apart
        if [ "$a" = "$b" ] && app_asleep; then
            same=$((same + 1))
            [ $same -ge 4 ] && { echo "$a"; return 0; }
        else
            same=0
        fi
        a=$b; n=$((n + 1))
    done
    echo "$b"
}
if [ -x "$notes" ]; then
    "$notes" >"$work/notes.out" 2>&1 &
    app_pid=$!
    wid=""
    find_notes() { kill -0 "$app_pid" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^Notes$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_notes
    if [ -z "$wid" ]; then
        fail "notes window" "no window appeared: $(cat "$work/notes.out")"
    else
        wait_until 30 window_drawn || fail "notes first frame" "the window stayed blank for 30 s"
        xdotool windowfocus "$wid" 2>/dev/null
        first=$(settled_shot)
        xdotool key --window "$wid" End
        if wait_picture_change "$first" 10; then
            xdotool key --window "$wid" Home
            back() { [ "$(shot)" = "$first" ]; }
            if wait_until 15 back; then pass "End reaches the last note and Home gives back the first picture"
            else fail "notes Home" "after End and Home the window does not show what it showed at start"; fi
        else
            fail "notes End" "the picture did not change on End"
        fi
        xdotool key --window "$wid" --repeat 30 --delay 40 Next
        deep=$(settled_shot)
        xdotool windowsize "$wid" 480 700
        wait_picture_change "$deep" 10 || fail "notes narrow" "the picture did not change when the window narrowed"
        settled_shot >/dev/null
        xdotool windowsize "$wid" 900 700
        same() { [ "$(shot)" = "$deep" ]; }
        if [ "$deep" != "$first" ] && wait_until 15 same; then
            pass "a window narrowed and widened again shows the same notes at the same place"
        else
            xwd -silent -id "$wid" >"$work/notes-after-resize.xwd" 2>/dev/null
            fail "notes resize" "after narrowing and widening the window, what it shows moved (picture in $work/notes-after-resize.xwd)"
        fi
        kill -TERM "$app_pid"; wait "$app_pid"; code=$?
        if [ $code -eq 0 ]; then pass "the notes example closes cleanly"; else fail "notes close" "exit $code after a close request"; fi
    fi
else
    fail "notes" "$notes is missing; run swift build first"
fi
