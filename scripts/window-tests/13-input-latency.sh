# Input reaches the screen in the frame that handles it: Page Down and Page Up sent with XTest,
# timed until the window's pixels change (Benchmarks/input-latency.c, XDamage), first anywhere and
# then over a box of 100,000 pixels at least (the content scrolled, not the scroll bar alone). A
# frame that handled the key without showing it, paced 16 ms before the next, makes every trial
# take 16 ms or more, so the quickest trial tells (under 12 ms); the median is printed but not
# held to a bound: on a busy machine (CI runs the unit suites beside this) it is the machine's. A scroll that
# starts at rest moves less than a pixel in the frame of the key, so the content would move a
# frame after the first change (the scroll bar): the median gap must stay under 4 ms.
if ! pkg-config --exists x11 xtst xdamage; then
    skip "input latency" "needs libxtst-dev and libxdamage-dev"
elif ! cc -O2 -o "$work/input-latency" Benchmarks/input-latency.c $(pkg-config --cflags --libs x11 xtst xdamage) 2>"$work/probe.log"; then
    fail "input latency probe" "does not build: $(head -c 300 "$work/probe.log")"
elif start_app --scene grid --dump-state "$work/latency.json"; then
    wait_idle || true                       # the window has drawn and nothing moves
    latency=$("$work/input-latency" "$DISPLAY" "$wid" 30 key 2>&1)
    least=$(echo "$latency" | sed -n 's/.*"min_ms": *\([0-9.]*\).*/\1/p')
    median=$(echo "$latency" | sed -n 's/.*"p50_ms": *\([0-9.]*\).*/\1/p')
    if [ -z "$least" ]; then
        fail "input latency" "the probe saw no change: $latency"
    elif awk -v m="$least" 'BEGIN { exit !(m < 12) }'; then
        pass "a key reaches the screen in the frame that handles it (least $least ms, median $median ms)"
    else
        fail "input latency" "every key took 12 ms or more (least $least ms, median $median ms) to reach the screen: a frame is held back"
    fi
    moved=$("$work/input-latency" --min-area 100000 "$DISPLAY" "$wid" 30 key 2>&1)
    least=$(echo "$moved" | sed -n 's/.*"min_ms": *\([0-9.]*\).*/\1/p')
    median=$(echo "$moved" | sed -n 's/.*"p50_ms": *\([0-9.]*\).*/\1/p')
    gap=$(echo "$moved" | sed -n 's/.*"after_first_p50_ms": *\([0-9.]*\).*/\1/p')
    if [ -z "$least" ] || [ -z "$gap" ]; then
        fail "page key scrolls" "the content did not move: $moved"
    elif ! awk -v g="$gap" 'BEGIN { exit !(g < 4) }'; then
        fail "page key scrolls" "the content moved $gap ms after the first change at the median (least $least ms, median $median ms after the key): its first frame showed no scroll"
    elif ! awk -v m="$least" 'BEGIN { exit !(m < 12) }'; then
        fail "page key scrolls" "every Page Down took 12 ms or more to move the content (least $least ms, median $median ms): a frame is held back"
    else
        pass "Page Down moves the content in the frame that handles it (least $least ms, median $median ms, $gap ms after the first change)"
    fi
    quit_app
else
    fail "input latency window" "$start_error"
fi
