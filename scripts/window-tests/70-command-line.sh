# window-tests: no display
# The command-line contract: headless needs no display; no display is a clear error; bad flags,
# scripts and paths are refused before anything opens; a missing font names its package.

# Headless needs no display and writes a screenshot and a dump.
if env -u DISPLAY "$bin" --headless --size 640x480 --screenshot "$work/h.png" --dump-state "$work/h.json" >"$work/h.out" 2>&1 \
   && [ -s "$work/h.png" ] && [ "$(json_get "$work/h.json" 'd["scene"]')" = grid ]; then
    pass "headless without a display"
else
    fail "headless without a display" "no screenshot or dump: $(head -c 300 "$work/h.out")"
fi

# A window without a display: one clear message, non-zero exit.
out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$bin" 2>&1); code=$?
if [ $code -ne 0 ] && echo "$out" | grep -q "no display"; then pass "no display is a clear error"
else fail "no display" "exit $code, output: $out"; fi

# Bad flags and bad scripts are refused before anything opens.
check_refused() { # NAME EXPECTED_FRAGMENT ARGS...
    local name=$1 fragment=$2; shift 2
    out=$(env -u DISPLAY "$bin" "$@" 2>&1); code=$?
    if [ $code -ne 0 ] && echo "$out" | grep -q -- "$fragment"; then pass "$name"
    else fail "$name" "exit $code, expected '$fragment', output: $out"; fi
}
check_refused "unknown scene" "unknown scene 'nope'" --headless --scene nope
check_refused "bad size" "size" --headless --size 12xtall
check_refused "bad fps" "fps" --headless --fps 0
printf 'wait 10\nmove 1\n' > "$work/bad.txt"
check_refused "bad script line" "bad.txt:2:" --headless --replay "$work/bad.txt"
check_refused "missing script" "cannot read the script" --headless --replay "$work/none.txt"
check_refused "negative item count" "the count must be zero or more, got -5" --headless --items -5
check_refused "size past the limit" "within 200x200 to 16384x16384" --headless --size 99999x99999
check_refused "output directory missing" "the directory '$work/none' does not exist" --headless --dump-state "$work/none/x.json"
check_refused "stats path is a directory" "is a directory" --headless --stats "$work"
printf 'wait 10\nkey Escpe\n' > "$work/key.txt"
check_refused "unknown key name" "key.txt:2: key: unknown key 'Escpe'" --headless --replay "$work/key.txt"
printf 'down 300 140\nwait 400\nmove -2.6e99 -5.5e99\n' > "$work/far.txt"
check_refused "coordinate past the limit" "far.txt:3: move: X must be between" --headless --replay "$work/far.txt"
printf 'wait 1\0000\n' > "$work/nul.txt"
check_refused "NUL byte in a number" "nul.txt:1: control character U+0000" --headless --replay "$work/nul.txt"
check_refused "bad mosaic preset" "mosaic-preset must be one of compact, regular, mixed, long, got 'huge'" --headless --scene mosaic --mosaic-preset huge
# The help is read whole first: grep -q stops reading at its match, and the program's later lines
# would then meet a closed pipe (SIGPIPE fails the pipeline under pipefail).
help_text=$("$bin" --help 2>&1)
if grep -q "(default: 1280x800)" <<<"$help_text"; then pass "--help shows the default size readably"
else fail "--help default size" "$(grep -A2 -- --size <<<"$help_text")"; fi
# Seven scenes, photos the seventh, in --help and in the manual page alike.
man_page=Assets/man/collection-demo.1
if tr -s ' \n' ' ' <<<"$help_text" | grep -q "mosaic, photos (the last a tab of its own with --photos). Keys: 1-7 switch" \
   && grep -q "^shows seven scenes" "$man_page" && grep -q "^.It Cm 1 No to Cm 7" "$man_page"; then
    pass "--help and the manual page say seven scenes and keys 1-7"
else fail "--help seven scenes" "$(grep -i -A1 "scenes:" <<<"$help_text"; grep -n "scenes\|No to" "$man_page")"; fi

# A script from a pipe (--replay -), with Windows line ends and a byte-order mark.
out=$(printf '\xef\xbb\xbfkey End\r\nwait 1500\r\n' | env -u DISPLAY "$bin" --headless --replay - --dump-state - 2>&1); code=$?
y=$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["collections"][0]["contentOffset"]["y"])' 2>/dev/null)
if [ $code -eq 0 ] && [ "${y%.*}" -gt 1000 ] 2>/dev/null; then pass "a piped CRLF script with a BOM plays (offset $y)"
else fail "piped script" "exit $code, y '$y': $(echo "$out" | head -3)"; fi

# /dev/null as the script and as the dump stays a device.
if env -u DISPLAY "$bin" --headless --replay /dev/null --dump-state /dev/null --stats /dev/null >/dev/null 2>&1 && [ -c /dev/null ]; then
    pass "/dev/null as script and output"
else fail "/dev/null" "exit status or /dev/null replaced: $(ls -l /dev/null)"; fi

# SIGTERM stops a headless run, which still writes its dump and exits 0, as the window does. The
# run is known to be playing once it answers a state request; its script moves the pointer for
# minutes of frames, so it cannot have ended by itself (an idle wait would be skipped at once).
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "move %d %d\nwait 16\n", 100 + i % 500, 100 + i % 300 }' > "$work/long.txt"
env -u DISPLAY "$bin" --headless --replay "$work/long.txt" --dump-state "$work/term.json" 2>"$work/term.err" &
app_pid=$!; app_dump=$work/term.json; app_out=$work/term.err
if app_state; then
    kill -TERM "$app_pid"
    if wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null'; then
        wait "$app_pid"; code=$?
        if [ $code -eq 0 ] && grep -q "stopped at" "$work/term.err" && [ "$(json_get "$work/term.json" 'd["scene"]')" = grid ] \
           && ! grep -q '"live"' "$work/term.json"; then
            pass "headless SIGTERM writes the dump and exits 0"
        else fail "headless SIGTERM" "exit $code, $(cat "$work/term.err")"; fi
    else
        fail "headless SIGTERM" "still running 30 s after SIGTERM"
    fi
else
    app_end
    fail "headless SIGTERM" "the headless run never answered a state request: $app_end_reason"
fi
stop_app
app_out=

# A burst of wheel lines at one moment runs no frame between them, yet SIGTERM ends it at once:
# the stop is asked for after every script entry (it waited for the burst's end, 15 s for 200,000
# lines, and each line cost more than the last). The whole burst of 500,000 lines takes minutes
# (about two of CPU in a debug build), so the 30 s the run is given to end is a deadline no
# waiting for the burst's end can meet, and no bound of a second that a loaded machine can miss.
awk 'BEGIN { for (i = 0; i < 500000; i++) print "wheel 0 -10000" }' > "$work/burst.txt"
env -u DISPLAY "$bin" --headless --replay "$work/burst.txt" --dump-state "$work/burst.json" 2>"$work/burst.err" &
app_pid=$!; app_dump=$work/burst.json; app_out=$work/burst.err
if app_state; then
    term_at=$(now_ns)
    kill -TERM "$app_pid"
    if wait_until 30 eval '! kill -0 "$app_pid" 2>/dev/null'; then
        term_ms=$(( ($(now_ns) - term_at) / 1000000 ))
        wait "$app_pid"; code=$?
        if [ $code -eq 0 ] && grep -q "stopped at 0.000 s" "$work/burst.err"; then
            pass "SIGTERM ends a burst of wheel lines at once ($term_ms ms)"
        else fail "SIGTERM in a burst" "exit $code after $term_ms ms: $(cat "$work/burst.err")"; fi
    else
        fail "SIGTERM in a burst" "still running 30 s after SIGTERM"
    fi
else
    app_end
    fail "SIGTERM in a burst" "the headless run never answered a state request: $app_end_reason"
fi
stop_app
app_out=

# No font: one line naming the package to install.
printf '<?xml version="1.0"?>\n<fontconfig><dir>%s/none</dir><cachedir>%s/fc-cache</cachedir></fontconfig>\n' \
    "$work" "$work" > "$work/no-fonts.conf"
out=$(FONTCONFIG_FILE="$work/no-fonts.conf" "$bin" --headless 2>&1); code=$?
if [ $code -ne 0 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "fonts-dejavu-core"; then pass "a missing font names the package"
else fail "missing font" "exit $code, output: $out"; fi
