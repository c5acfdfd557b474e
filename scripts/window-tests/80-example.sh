# The example program (the README's code) opens its own window; a real drag scrolls its grid, and
# a close request ends it cleanly, writing the loop's statistics (COLLECTIONKIT_STATS) on the way out.
example=${GRID_EXAMPLE:-$(dirname "$bin")/grid-example}
if [ -x "$example" ]; then
    COLLECTIONKIT_STATS="$work/example-stats.json" "$example" >"$work/example.out" 2>&1 &
    app_pid=$!
    wid=""
    find_example() { kill -0 "$app_pid" 2>/dev/null || return 0; wid=$(xdotool search --onlyvisible --name "^Numbers$" 2>/dev/null | head -1); [ -n "$wid" ]; }
    wait_until 60 find_example
    if [ -z "$wid" ]; then
        fail "example window" "no window appeared: $(cat "$work/example.out")"
    else
        wait_until 30 window_drawn || fail "example first frame" "the window stayed blank for 30 s"
        before=$(shot)
        drag 400 500 400 150 10 0.2
        if wait_picture_change "$before" 10; then
            kill -TERM "$app_pid"; wait "$app_pid"; code=$?
            if [ $code -eq 0 ]; then pass "the example's grid scrolls under a real drag and closes cleanly"
            else fail "example" "exit $code after a close request"; fi
            if python3 - "$work/example-stats.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["frames"] > 0 and s["frame_ms_p99"] > 0 and s["first_frame_ms"] > 0 and s["peak_rss_kb"] > 1000, s
PY
            then pass "COLLECTIONKIT_STATS: the example's loop wrote its frames, first frame and peak memory at exit"
            else fail "example statistics" "no usable $work/example-stats.json: $(cat "$work/example-stats.json" 2>&1)"; fi
        else
            fail "example" "the picture did not change under a drag"
        fi
    fi
else
    fail "example" "$example is missing; run swift build first"
fi
