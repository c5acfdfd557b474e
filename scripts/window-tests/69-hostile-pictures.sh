# Pictures as hostile input: a folder with a 50000x50000 PNG (a tiny IDAT), a 45-byte PNG cut
# inside its cHRM chunk, a 35-byte GIF claiming 65535x65535 and a 16384x16384 PNG whose cached
# thumbnail is just as large, beside good pictures (one named in Latin-1, not UTF-8). Before, the
# first crashed the app at every start, the second looped in libpng, the third reached 7.8 GB.
# Now: the photos scene opens, shows four failure tiles and the good pictures, stays under
# 200 MB resident, leaves a fail/ marker for each of the four (the next start decodes none of
# them), and SIGTERM ends it within a second, its decode workers with it.
hostile="$work/hostile-pictures"
hostile_cache="$work/hostile-cache"
mkdir -p "$hostile" "$hostile_cache"
python3 - "$hostile" "$hostile_cache" <<'PY'
import hashlib, os, struct, sys, urllib.parse, zlib
folder, cache = sys.argv[1], sys.argv[2]
def chunk(t, body):
    return struct.pack(">I", len(body)) + t + body + struct.pack(">I", zlib.crc32(t + body) & 0xffffffff)
SIG = b"\x89PNG\r\n\x1a\n"
def claiming(w, h, text=()):
    out = SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    for k, v in text:
        out += chunk(b"tEXt", k.encode() + b"\0" + v.encode("latin-1"))
    return out + chunk(b"IDAT", zlib.compress(b"\0" * 5)) + chunk(b"IEND", b"")
def good(w, h, seed):
    rows = b"".join(b"\0" + bytes(((x * 255 // w) ^ seed) & 255 if c == 0 else (y * 255 // h) if c == 1 else seed
                                  for x in range(w) for c in range(3)) for y in range(h))
    return SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
def write(name, data):
    with open(os.path.join(os.fsencode(folder), name), "wb") as f:
        f.write(data)
write(b"huge.png", claiming(50000, 50000))
cut = SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0)) + struct.pack(">I", 32) + b"cHRM" + b"\0\0\x7a\x26"
assert len(cut) == 45
write(b"cut.png", cut)
gif = b"GIF89a" + struct.pack("<HH", 65535, 65535) + b"\0\0\0"
gif += b"\x21\xfe\x02AB\0" + b"\x2c" + struct.pack("<HHHH", 0, 0, 65535, 65535) + b"\0" + b"\x02\x02\x4c\x01\0\x3b"
assert len(gif) == 35, len(gif)
write(b"giant.gif", gif)
write(b"poisoned.png", claiming(16384, 16384))
for i in range(4):
    write(b"good-%d.png" % i, good(240, 180, 40 * i))
write(b"caf\xe9.png", good(240, 180, 200))
# The poisoned picture's cached thumbnail, in every flavour, keyed to it as the standard says.
path = os.path.join(os.fsencode(folder), b"poisoned.png")
uri = "file://" + urllib.parse.quote(os.fsdecode(path), safe="/")
mtime = str(int(os.stat(path).st_mtime))
name = hashlib.md5(uri.encode()).hexdigest() + ".png"
for flavour in ("normal", "large", "x-large", "xx-large"):
    d = os.path.join(cache, "thumbnails", flavour)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(claiming(16384, 16384, [("Thumb::URI", uri), ("Thumb::MTime", mtime)]))
PY

pictures_expr='d["collections"][0]["pictures"]'
failed_expr="len([p for p in $pictures_expr if p['picture'] == 'failed'])"
shown_expr="len([p for p in $pictures_expr if p['picture'] == 'shown'])"
# workers_gone: true once none of $workers (the app's decode workers) is running.
workers_gone() { for w in $workers; do kill -0 "$w" 2>/dev/null && return 1; done; return 0; }
# hwm_kb PID: the process's peak resident memory (VmHWM), in kB.
hwm_kb() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

export XDG_CACHE_HOME="$hostile_cache"
started=$(now_ns)
if start_app --scene photos --photos "$hostile" --size 1000x700 --dump-state "$work/hostile.json"; then
    if wait_state "$failed_expr == 4 and $shown_expr == 5" 60; then
        tiles_ms=$(( ($(now_ns) - started) / 1000000 ))
        failed_names=$(json_get "$app_dump" "sorted(p['item'] for p in $pictures_expr if p['picture'] == 'failed')")
        if [ "$failed_names" = '["cut.png", "giant.gif", "huge.png", "poisoned.png"]' ]; then
            pass "four failure tiles and five pictures shown, $tiles_ms ms from launch"
        else fail "hostile pictures" "the failed tiles are $failed_names"; fi
    else
        fail "hostile pictures" "no four failed and five shown tiles within 60 s: $state_seen"
    fi
    hwm=$(hwm_kb "$app_pid")
    if [ -n "$hwm" ] && [ "$hwm" -lt $((200 * 1024)) ]; then pass "peak resident memory $((hwm / 1024)) MB (under 200 MB)"
    else fail "hostile pictures memory" "VmHWM ${hwm:-unknown} kB, 200 MB allowed"; fi
    markers=$(ls "$hostile_cache/thumbnails/fail/CollectionKit" 2>/dev/null | wc -l)
    if [ "$markers" = 4 ]; then pass "a fail/ marker for each of the four"
    else fail "fail markers" "$markers markers in $hostile_cache/thumbnails/fail/CollectionKit"; fi
    workers=$(pgrep -P "$app_pid" | tr '\n' ' ')
    term_start=$(now_ns)
    kill -TERM "$app_pid"
    if wait_until 10 eval '! kill -0 "$app_pid" 2>/dev/null'; then
        term_ms=$(( ($(now_ns) - term_start) / 1000000 ))
        wait "$app_pid"; code=$?
        if [ "$term_ms" -lt 1000 ] && [ $code -eq 0 ]; then pass "SIGTERM ends it in $term_ms ms"
        else fail "hostile pictures SIGTERM" "exit $code after $term_ms ms"; fi
    else
        fail "hostile pictures SIGTERM" "still running 10 s after SIGTERM"
        stop_app
    fi
    if wait_until 10 workers_gone; then pass "the decode workers ($workers) end with the app"
    else fail "decode workers" "still running after the app ended: $workers"; fi
else
    fail "hostile pictures window" "$start_error"
fi

# The next start: the four are failed at once from their markers, nothing decoded again (the
# markers are not rewritten).
marker_times=$(stat -c "%i %n" "$hostile_cache"/thumbnails/fail/CollectionKit/* 2>/dev/null | sort | md5sum)
started=$(now_ns)
if start_app --scene photos --photos "$hostile" --size 1000x700 --dump-state "$work/hostile-again.json"; then
    if wait_state "$failed_expr == 4 and $shown_expr == 5" 60; then
        again_ms=$(( ($(now_ns) - started) / 1000000 ))
        if [ "$(stat -c "%i %n" "$hostile_cache"/thumbnails/fail/CollectionKit/* | sort | md5sum)" = "$marker_times" ]; then
            pass "the next start shows the four failed from their markers ($again_ms ms from launch)"
        else fail "fail markers honoured" "the markers were written again"; fi
    else
        fail "fail markers honoured" "$state_seen"
    fi
    quit_app || fail "hostile pictures quit" "Ctrl+Q did not end the app"
else
    fail "hostile pictures second window" "$start_error"
fi

# A decoder that hangs (the worker's test mode spins on good-0.png) holds up only its own tile:
# the other pictures are shown meanwhile, and SIGTERM still ends the app, and the worker, at once.
rm -rf "$hostile_cache/thumbnails"
if COLLECTIONKIT_IMAGE_WORKER_FAULTS=hang=good-0.png start_app --scene photos --photos "$hostile" --size 1000x700 --dump-state "$work/hang.json"; then
    # (On a slow machine the hanging one may already have failed, past its CPU time or deadline.)
    others="[p for p in $pictures_expr if p['item'] != 'good-0.png']"
    hung="[p['picture'] for p in $pictures_expr if p['item'] == 'good-0.png']"
    if wait_state "len([p for p in $others if p['picture'] == 'shown']) == 4 and len([p for p in $others if p['picture'] == 'failed']) == 4 and $hung in (['pending'], ['failed'])" 60; then
        pass "a hanging decode holds up only its own picture (it is $(json_get "$app_dump" "$hung[0]"))"
    else
        fail "hanging decode" "$state_seen"
    fi
    workers=$(pgrep -P "$app_pid" | tr '\n' ' ')
    term_start=$(now_ns)
    kill -TERM "$app_pid"
    if wait_until 10 eval '! kill -0 "$app_pid" 2>/dev/null'; then
        term_ms=$(( ($(now_ns) - term_start) / 1000000 ))
        wait "$app_pid"; code=$?
        if [ "$term_ms" -lt 1000 ] && [ $code -eq 0 ]; then pass "SIGTERM during a hanging decode ends it in $term_ms ms"
        else fail "SIGTERM during a hanging decode" "exit $code after $term_ms ms"; fi
    else
        fail "SIGTERM during a hanging decode" "still running 10 s after SIGTERM"
        stop_app
    fi
    if wait_until 10 workers_gone; then pass "the hanging worker ($workers) ends with the app"
    else fail "hanging worker" "still running after the app ended: $workers"; fi
else
    fail "hanging decode window" "$start_error"
fi
unset XDG_CACHE_HOME

# A folder of 100,005 pictures: the wall shows the first 100,000 by name and says so (before,
# five arbitrary ones were left out without a word).
many="$work/many-pictures"
mkdir -p "$many"
python3 -c '
import os, sys
for i in range(100005):
    os.close(os.open(os.path.join(sys.argv[1], "p%06d.jpg" % i), os.O_CREAT | os.O_WRONLY, 0o600))
' "$many"
if XDG_CACHE_HOME="$work/many-cache" XDG_STATE_HOME="$work/many-state" "$bin" --headless --scene photos --photos "$many" --size 800x600 \
        --dump-state "$work/many.json" >"$work/many.out" 2>&1; then
    count=$(json_get "$work/many.json" 'd["collections"][0]["count"]')
    notice=$(json_get "$work/many.json" '[n for n in d["notices"] if "100,005" in n or "100005" in n]')
    if [ "$count" = 100000 ] && [ "$notice" != "[]" ]; then pass "100,005 pictures: the first 100,000 shown and a notice says so"
    else fail "many pictures" "count $count, notices $(json_get "$work/many.json" 'd["notices"]')"; fi
else
    fail "many pictures" "exit $?: $(head -c 300 "$work/many.out")"
fi
rm -rf "$many" "$work/many-cache"
