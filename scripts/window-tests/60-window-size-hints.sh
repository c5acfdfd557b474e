# The window tells the window manager how small it may be made (WM_NORMAL_HINTS carries the
# app's minimum size), so a window manager never shrinks it below what the tab bar needs.
if start_app --scene grid --dump-state "$work/hints.json"; then
    hints=$(xprop -id "$wid" WM_NORMAL_HINTS 2>&1)
    if echo "$hints" | grep -q "program specified minimum size: 200 by 200"; then
        pass "the window advertises its minimum size"
    else
        fail "the window advertises its minimum size" "xprop: $hints"
    fi
    quit_app
else
    fail "the window advertises its minimum size" "$start_error"
fi
