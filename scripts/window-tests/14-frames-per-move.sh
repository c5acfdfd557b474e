# A pointer move that changes nothing makes no frame, and a lone X server message none either.
# drag-list-bench (one list of cards that do not react to hover, whose content fits) gets 120 moves
# 16 ms apart, no button held; its `COLLECTIONKIT_STATS` must show the moves taken without a frame
# (`inputs_absorbed`, at least 30: moves read in one batch count once) and at most 40 frames asked
# (the first frames and a few around the window's showing; the loop asked 122 when each move made
# a frame, and 1.7 to 1.9 a move when the messages that come on their own woke it too), and at
# most 1.5 event waits a move (`event_waits`: about 1 a move and a few at the start; SDL's own
# wake-up messages, passed on, made 196 to 213 on a quiet machine and dozens a move on a loaded one).
list_bin=$(dirname "$bin")/drag-list-bench
if [ -x "$list_bin" ]; then
    COLLECTIONKIT_STATS="$work/moves-stats.json" "$list_bin" >"$work/moves.out" 2>&1 &
    list_pid=$!
    list_wid=""
    find_list_window() {
        kill -0 "$list_pid" 2>/dev/null || return 0
        list_wid=$(xdotool search --onlyvisible --pid "$list_pid" 2>/dev/null | head -1)
        [ -n "$list_wid" ]
    }
    wait_until 60 find_list_window
    if [ -n "$list_wid" ]; then
        args=()
        for i in $(seq 0 119); do args+=(mousemove --window "$list_wid" $(( 60 + i % 280 )) $(( 40 + (i * 6) % 700 )) sleep 0.016); done
        xdotool "${args[@]}"
        kill -TERM "$list_pid" 2>/dev/null
        wait_until 30 eval '! kill -0 "$list_pid" 2>/dev/null' || kill -KILL "$list_pid" 2>/dev/null
        wait "$list_pid" 2>/dev/null
        seen=$(json_get "$work/moves-stats.json" '"%d %d %d %d" % (d["frames_asked"], d["frames_presented"], d["inputs_absorbed"], d["event_waits"])' 2>&1)
        read -r asked presented absorbed waits <<<"$seen"
        if [[ "$asked" =~ ^[0-9]+$ && "$absorbed" =~ ^[0-9]+$ ]] && (( asked <= 40 && absorbed >= 30 )); then
            pass "frames-per-move: $asked frames asked for 120 moves ($presented presented), $absorbed moves taken without a frame"
        else
            fail "frames-per-move" "frames asked / presented / moves absorbed: $seen (wanted at most 40 frames and at least 30 moves absorbed for 120 moves)"
        fi
        if [[ "$waits" =~ ^[0-9]+$ ]] && (( waits <= 180 )); then
            pass "frames-per-move: $waits event waits for 120 moves"
        else
            fail "frames-per-move waits" "event waits for 120 moves: '$waits' (wanted at most 180, 1.5 a move; stats: $seen)"
        fi
    else
        kill -KILL "$list_pid" 2>/dev/null; wait "$list_pid" 2>/dev/null
        fail "frames-per-move window" "drag-list-bench showed no window within 60 s: $(head -c 200 "$work/moves.out")"
    fi
else
    fail "frames-per-move" "$list_bin is missing; run swift build first"
fi
