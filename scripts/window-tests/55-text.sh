# Text: the rearrange scene's notes wrap to their column, and a resize of the real window
# re-wraps them (the dump's per-note line counts follow the new width).
lines='d["collections"][0]["lines"]'
if start_app --scene rearrange --layout waterfall --items 30 --size 1000x700 --dump-state "$work/notes.json"; then
    if wait_state "len($lines) == 30 and all(n >= 2 for n in $lines)"; then
        before=$(json_get "$app_dump" "$lines")
        xdotool windowsize "$wid" 420 700
        if wait_state "d['size']['width'] == 420 and len($lines) == 30 and $lines != $before"; then
            pass "text: notes re-wrap when the window is resized"
        else
            fail "text re-wrap" "line counts after resizing to 420: $(json_get "$app_dump" "$lines") (before: $before)"
        fi
    else
        fail "text lines" "no line count per note in the dump: $state_seen"
    fi
    quit_app
else
    fail "text window" "$start_error"
fi
