# Input reaches the screen in the frame that handles it: Page Down and Page Up sent with XTest
# (Benchmarks/input-latency.c) change the window's pixels (XDamage) for every key, first anywhere
# and then over a box of 100,000 pixels at least (the content scrolled, not the scroll bar alone);
# and the loop's own count (COLLECTIONKIT_STATS: key_frames, key_frames_presented) says every
# frame that handled a key put pixels on the screen, none held back for a frame after. Counted,
# not timed: the milliseconds are printed, not judged (Benchmarks/input-latency.sh measures them).
# That the content moves in the key's own frame, not a frame after the scroll bar, is
# KeyboardScrollingTests' (a spring from rest moves under a pixel in its first milliseconds).
if ! pkg-config --exists x11 xtst xdamage; then
    skip "input latency" "needs libxtst-dev and libxdamage-dev"
elif ! cc -O2 -o "$work/input-latency" Benchmarks/input-latency.c $(pkg-config --cflags --libs x11 xtst xdamage) 2>"$work/probe.log"; then
    fail "input latency probe" "does not build: $(head -c 300 "$work/probe.log")"
elif COLLECTIONKIT_STATS="$work/latency-stats.json" start_app --scene grid --dump-state "$work/latency.json"; then
    wait_idle || true                       # the window has drawn and nothing moves
    trials=10
    latency=$("$work/input-latency" "$DISPLAY" "$wid" $trials key 2>&1)
    median=$(echo "$latency" | sed -n 's/.*"p50_ms": *\([0-9.]*\).*/\1/p')
    timeouts=$(echo "$latency" | sed -n 's/.*"timeouts": *\([0-9]*\).*/\1/p')
    if [ -n "$median" ] && [ "$timeouts" = 0 ]; then
        pass "each of $trials page keys changed the window (median $median ms, not judged)"
    else
        fail "input latency" "not every page key changed the window: $latency"
    fi
    moved=$("$work/input-latency" --min-area 100000 "$DISPLAY" "$wid" $trials key 2>&1)
    median=$(echo "$moved" | sed -n 's/.*"p50_ms": *\([0-9.]*\).*/\1/p')
    timeouts=$(echo "$moved" | sed -n 's/.*"timeouts": *\([0-9]*\).*/\1/p')
    if [ -n "$median" ] && [ "$timeouts" = 0 ]; then
        pass "each of $trials page keys moved the content (median $median ms, not judged)"
    else
        fail "page key scrolls" "not every page key moved the content: $moved"
    fi
    # Ended by SIGTERM, not Ctrl+Q: the count is of the page keys alone. The statistics are
    # written as the loop ends.
    kill -TERM "$app_pid"; wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null'; wait "$app_pid" 2>/dev/null
    frames=$(json_get "$work/latency-stats.json" '"%d %d" % (d["key_frames"], d["key_frames_presented"])' 2>&1)
    read -r keyed shown <<<"$frames"
    if ! [[ "$keyed" =~ ^[0-9]+$ && "$shown" =~ ^[0-9]+$ ]]; then
        fail "key frames" "no key_frames in the loop's statistics: $frames"
    elif (( keyed < 2 * trials )); then
        fail "key frames" "the loop counted $keyed frames that handled a key for $((2 * trials)) page keys sent"
    elif (( shown == keyed )); then
        pass "every frame that handled a page key put it on the screen ($shown of $keyed)"
    else
        fail "key frames" "$((keyed - shown)) of $keyed frames that handled a page key presented nothing: a key reached the screen a frame late"
    fi
else
    fail "input latency window" "$start_error"
fi
