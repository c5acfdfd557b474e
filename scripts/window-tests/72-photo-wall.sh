# The photo wall as a user meets it, on a generated folder: eight JPEGs (three with EXIF dates
# written by this test), a file that is not a picture and a JPEG cut in half, and a subfolder.
# - the broken and the truncated file show the broken-picture tile with their names (dump
#   caption; the tile's pixels differ from a loading tile's);
# - Enter opens the viewer at the focused picture, → shows the next, Escape returns to it;
# - Delete moves the selected file to the trash under a private XDG_DATA_HOME (files/ and a
#   .trashinfo), Ctrl+Z puts it back byte for byte; the delete toast quotes the file's name, stays
#   after a click on another picture, and its Undo puts the file back byte for byte;
# - a file copied into the folder appears within 2 s (inotify);
# - in a folder of 120 pictures, a dragged scroll-bar thumb scrolls the wall with it;
# - "Date taken" orders the wall by the EXIF dates, else the modification time (newest first:
#   the copied file, then the three EXIF dates, then the rest, all older, by name), grouped by
#   month under headers (dump and pixels);
# - a photo's embedded EXIF thumbnail shows in its tile while its decode runs (dump and pixels);
# - Show in Files sends ShowItems to a FileManager1 stub on a private session bus.
wall="$work/photo-wall"
wall_data="$work/photo-wall-data"
wall_cache="$work/photo-wall-cache"
mkdir -p "$wall/sub" "$wall_data" "$wall_cache"
"$(dirname "$bin")/photo-bench" --dir "$work/photo-wall-source" --count 9 --distinct 9 --width 640 --height 480 --generate-only >/dev/null
python3 - "$work/photo-wall-source" "$wall" <<'PY'
import os, shutil, struct, sys
src, wall = sys.argv[1], sys.argv[2]
def with_date(jpeg, date):
    # An APP1 EXIF segment after SOI: IFD0 with the Exif IFD pointer, the Exif IFD with DateTimeOriginal.
    value = date.encode() + b"\0"
    tiff = b"II*\0" + struct.pack("<I", 8)
    ifd0 = struct.pack("<H", 1) + struct.pack("<HHII", 0x8769, 4, 1, 26) + struct.pack("<I", 0)
    exif_ifd = struct.pack("<H", 1) + struct.pack("<HHII", 0x9003, 2, len(value), 44) + struct.pack("<I", 0)
    body = b"Exif\0\0" + tiff + ifd0 + exif_ifd + value
    assert len(tiff + ifd0) == 26 and len(tiff + ifd0 + exif_ifd) == 44
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body + jpeg[2:]
names = sorted(n for n in os.listdir(src) if n.endswith(".jpg"))
dates = {"p1.jpg": "2019:03:04 10:00:00", "p4.jpg": "2023:08:01 09:30:00", "p6.jpg": "2021:12:24 18:00:00"}
for i, n in enumerate(names[:8]):
    data = open(os.path.join(src, n), "rb").read()
    out = "p%d.jpg" % i
    if out in dates:
        data = with_date(data, dates[out])
    open(os.path.join(wall, out), "wb").write(data)
shutil.move(os.path.join(wall, "p7.jpg"), os.path.join(wall, "sub", "p7.jpg"))
open(os.path.join(wall, "broken.jpg"), "wb").write(b"this is not a picture\n" * 10)
data = open(os.path.join(src, names[8]), "rb").read()
open(os.path.join(wall, "truncated.jpg"), "wb").write(data[: len(data) // 2])
shutil.copy(os.path.join(src, names[8]), os.path.join(os.path.dirname(wall), "photo-wall-new.jpg"))
PY
# Old files: whatever the EXIF dates say is newer than their modification times.
touch -d 2001-01-01 "$wall"/*.jpg "$wall"/sub/*.jpg

photos='d["collections"][0]'
pictures="$photos[\"pictures\"]"
# tile_centre NAME: the window point at the centre of NAME's tile.
tile_centre() {
    json_get "$app_dump" "(lambda c: (lambda i: '%d %d' % (c['viewport'][0] + c['frames'][i][0] - c['contentOffset']['x'] + c['frames'][i][2] / 2, c['viewport'][1] + c['frames'][i][1] - c['contentOffset']['y'] + c['frames'][i][3] / 2))([x.split('/')[-1] for x in c['items']].index('$1')))($photos)"
}

export XDG_DATA_HOME="$wall_data" XDG_CACHE_HOME="$wall_cache"
if start_app --scene photos --photos "$wall" --size 1000x700 --dump-state "$work/photo-wall.json"; then
    if wait_state "sorted(p['caption'] for p in $pictures if p['picture'] == 'failed' and 'caption' in p) == ['broken.jpg', 'truncated.jpg'] and len([p for p in $pictures if p['picture'] == 'shown']) == 8" 60; then
        pass "photo wall: the broken and the truncated file show the broken-picture tile with their names"
    else
        fail "photo wall broken tiles" "$state_seen"
    fi
    # The pixels: the tile's tear in the theme's danger red, and its name in light text in its lower half.
    wait_idle || true
    tile=$(json_get "$app_dump" "(lambda c: (lambda i: '%d %d %d %d' % (c['viewport'][0] + c['frames'][i][0] - c['contentOffset']['x'], c['viewport'][1] + c['frames'][i][1] - c['contentOffset']['y'], c['frames'][i][2], c['frames'][i][3]))([x.split('/')[-1] for x in c['items']].index('broken.jpg')))($photos)")
    xwd -silent -id "$wid" >"$work/photo-wall.xwd"
    seen=$(python3 - "$work/photo-wall.xwd" $tile <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
(header, _, _, _, width, height, _, byte_order, _, _, _, bpp, bpl, _, _, _, _, _, _, ncolors, *_r) = struct.unpack(">25I", data[:100])
px = data[header + ncolors * 12:]
x0, y0, w, h = (int(float(v)) for v in sys.argv[2:6])
order = "<" if byte_order == 0 else ">"
def at(x, y):
    (v,) = struct.unpack(order + "I", px[y * bpl + x * 4:y * bpl + x * 4 + 4])
    return (v >> 16) & 255, (v >> 8) & 255, v & 255
red = light = 0
for y in range(y0 + 2, min(height, y0 + h - 2)):
    for x in range(x0 + 2, min(width, x0 + w - 2)):
        r, g, b = at(x, y)
        if abs(r - 0xE5) < 24 and abs(g - 0x53) < 24 and abs(b - 0x4B) < 24: red += 1
        if y > y0 + h / 2 and min(r, g, b) > 0xB0: light += 1
print(red, light)
PY
)
    read -r red light <<<"$seen"
    if [ "${red:-0}" -ge 10 ] && [ "${light:-0}" -ge 20 ]; then pass "photo wall: the broken tile's pixels show the glyph's tear ($red px) and its name ($light px)"
    else fail "photo wall broken tile pixels" "red $red px, light text $light px in the tile at $tile"; fi
    title=$(json_get "$app_dump" "$photos['title']")
    if [ "$title" = "photo-wall · 10 pictures" ]; then pass "photo wall: the header names the folder and the count"
    else fail "photo wall header" "the title is '$title'"; fi

    # Enter opens the focused picture; → the next; Escape back to it.
    read -r x y <<<"$(tile_centre p2.jpg)"
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    wait_state "$photos['selected'] == ['p2.jpg']" || true
    xdotool key Return
    if wait_state 'd["viewer"] is not None and d["viewer"]["item"] == "p2.jpg" and d["viewer"]["picture"] == "shown"'; then
        xdotool key Right
        if wait_state 'd["viewer"]["item"] == "p3.jpg" and d["viewer"]["picture"] == "shown"'; then
            xdotool key Escape
            if wait_state "d['viewer'] is None and $photos['selected'] == ['p3.jpg'] and $photos['focusedItem'].endswith('/p3.jpg')"; then
                pass "photo wall: Enter opens the viewer, → shows the next picture, Escape returns to it"
            else fail "photo viewer escape" "$state_seen"; fi
        else fail "photo viewer next" "$state_seen"; fi
    else fail "photo viewer open" "$state_seen"; fi

    # Delete: to the private trash, with its info; Ctrl+Z: back byte for byte.
    cp "$wall/p3.jpg" "$work/p3-before.jpg"
    wait_idle || true
    xdotool key Delete
    if wait_state "$photos['count'] == 9" && [ ! -e "$wall/p3.jpg" ] && cmp -s "$wall_data/Trash/files/p3.jpg" "$work/p3-before.jpg" \
        && grep -qx "Path=$wall/p3.jpg" "$wall_data/Trash/info/p3.jpg.trashinfo"; then
        xdotool key ctrl+z
        if wait_state "$photos['count'] == 10" && cmp -s "$wall/p3.jpg" "$work/p3-before.jpg" && [ ! -e "$wall_data/Trash/info/p3.jpg.trashinfo" ]; then
            pass "photo wall: Delete moves the file to the trash with a .trashinfo, Undo puts it back byte for byte"
        else fail "photo wall undo trash" "$state_seen; $(ls -l "$wall" "$wall_data/Trash/files" 2>&1 | tr '\n' ' ')"; fi
    else fail "photo wall trash" "$state_seen; $(ls -R "$wall_data" 2>&1 | tr '\n' ' ')"; fi

    # The same delete pattern as every scene's: the toast quotes the file's name, a click on
    # another picture leaves it, and its own Undo (found by its words in the dump's texts) puts
    # the file back byte for byte.
    wait_idle || true
    read -r x y <<< "$(tile_centre p3.jpg)"
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    wait_state "$photos['selected'] == ['p3.jpg']" || true
    xdotool key Delete
    toast_shown="any(t['text'].startswith('“p3.jpg”') for t in d['texts'])"
    if wait_state "$photos['count'] == 9 and $toast_shown" && [ ! -e "$wall/p3.jpg" ]; then
        # The toast lasts 6 s: a click after that (a loaded machine) would find it gone anyway.
        until=$(json_get "$app_dump" "d['live']['time'] + 6")
        read -r x y <<< "$(tile_centre p2.jpg)"
        xdotool mousemove --window "$wid" "$x" "$y" click 1
        wait_state "$photos['selected'] == ['p2.jpg']" || true
        if [ "$(json_get "$app_dump" "not $toast_shown and d['live']['time'] >= $until")" = True ]; then
            skip "photo wall toast undo" "the toast's time ran out before its Undo could be clicked (a loaded machine)"
        elif [ "$(json_get "$app_dump" "$toast_shown")" = True ]; then
            read -r ux uy < <(json_get "$app_dump" "(lambda f: '%d %d' % (f[0] + f[2] / 2, f[1] + f[3] / 2))([t for t in d['texts'] if t['text'] == 'Undo'][-1]['frame'])")
            xdotool mousemove --window "$wid" "$ux" "$uy" click 1
            if wait_state "$photos['count'] == 10 and not $toast_shown" && cmp -s "$wall/p3.jpg" "$work/p3-before.jpg"; then
                pass "photo wall: the delete toast quotes the file's name, stays after a click on another picture, and its Undo puts the file back byte for byte"
            else fail "photo wall toast undo" "Undo at $ux,$uy: $state_seen"; fi
        else fail "photo wall toast click elsewhere" "a click on another picture closed the toast: $state_seen"; fi
    else fail "photo wall toast" "Delete showed no toast quoting “p3.jpg”: $state_seen"; fi

    # A file copied into the folder appears.
    cp "$work/photo-wall-new.jpg" "$wall/new.jpg"
    if wait_state "'new.jpg' in [x.split('/')[-1] for x in $photos['items']]" 2; then
        pass "photo wall: a file copied into the folder appears within 2 s"
    else fail "photo wall watch" "new.jpg not on the wall within 2 s: $state_seen"; fi

    # Sort by date taken, newest first: the copied file (modified now), then the EXIF dates.
    xdotool key Tab
    wait_state 'd["keyboardFocus"]["stop"] == "sort-name"' || echo "NOTE photo wall: Tab did not reach the name sort: $state_seen"
    xdotool key Tab
    wait_state 'd["keyboardFocus"]["stop"] == "sort-date"' || echo "NOTE photo wall: Tab did not reach the date sort: $state_seen"
    xdotool key Return
    if wait_state "$photos['sort'] == 'date' and [x.split('/')[-1] for x in $photos['items']][:4] == ['new.jpg', 'p4.jpg', 'p6.jpg', 'p1.jpg']"; then
        pass "photo wall: Date taken orders by the EXIF dates, newest first"
    else fail "photo wall sort" "$state_seen; $(json_get "$app_dump" "[x.split('/')[-1] for x in $photos['items']]")"; fi
    # Grouped by month, newest first, under headers: the month of the copied file (now), the three
    # EXIF months, then January 2001 (the files' modification time); the first header is pinned.
    months="['$(LC_ALL=C date +'%B %Y')', 'August 2023', 'December 2021', 'March 2019', 'January 2001']"
    if wait_state "[g['title'] for g in $photos['groups']] == $months and [g['count'] for g in $photos['groups']] == [1, 1, 1, 1, 7] and $photos['pinnedHeader'] == $months[0]"; then
        pass "photo wall: sorted by date, the pictures are grouped by month under headers"
    else fail "photo wall months" "$state_seen; $(json_get "$app_dump" "$photos['groups'], $photos['pinnedHeader']")"; fi
    # The pixels: each header's title in light bold text on the wall's background, over no picture.
    wait_idle || true
    xwd -silent -id "$wid" >"$work/photo-wall-months.xwd"
    read -r vx vy vw vh <<<"$(json_get "$app_dump" "' '.join(str(int(v)) for v in $photos['viewport'])")"
    light=$(python3 - "$work/photo-wall-months.xwd" "$vx" "$vy" "$vw" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
(header, _, _, _, width, height, _, byte_order, _, _, _, bpp, bpl, _, _, _, _, _, _, ncolors, *_r) = struct.unpack(">25I", data[:100])
px = data[header + ncolors * 12:]
x0, y0, w = (int(v) for v in sys.argv[2:5])
order = "<" if byte_order == 0 else ">"
light = 0
# The first header's band (36 points) at the top of the wall: its title's pixels.
for y in range(y0 + 4, y0 + 32):
    for x in range(x0 + 10, x0 + w // 2):
        (v,) = struct.unpack(order + "I", px[y * bpl + x * 4:y * bpl + x * 4 + 4])
        if min((v >> 16) & 255, (v >> 8) & 255, v & 255) > 0xB0: light += 1
print(light)
PY
)
    if [ "${light:-0}" -ge 40 ]; then pass "photo wall: the month header's title is drawn at the top of the wall ($light px)"
    else fail "photo wall month header pixels" "$light light pixels in the header band"; fi
    stop_app
else
    fail "photo wall start" "$start_error"
fi

# An embedded EXIF thumbnail shows at once while the picture decodes: a photo carrying a red
# 160x120 thumbnail whose own decode sleeps in its worker (a test fault) shows the red thumbnail
# in its tile, pending, until the decode's deadline.
if ! command -v cjpeg >/dev/null; then
    skip "photo wall embedded thumbnail" "cjpeg is missing (Debian: libjpeg-turbo-progs)"
else
preview="$work/photo-wall-preview"
mkdir -p "$preview"
python3 -c 'import sys; sys.stdout.buffer.write(b"P6 160 120 255\n" + b"\xe0\x20\x20" * 160 * 120)' >"$work/red-thumb.ppm"
cjpeg -quality 90 "$work/red-thumb.ppm" >"$work/red-thumb.jpg"
python3 - "$work/photo-wall-source" "$work/red-thumb.jpg" "$preview/slow.jpg" <<'PY'
import os, struct, sys
src, thumb, out = sys.argv[1:4]
photo = open(os.path.join(src, sorted(n for n in os.listdir(src) if n.endswith(".jpg"))[0]), "rb").read()
t = open(thumb, "rb").read()
# IFD0 with no entries, IFD1 with JPEGInterchangeFormat and its length, then the thumbnail.
tiff = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", 0) + struct.pack("<I", 14)
tiff += struct.pack("<H", 2) + struct.pack("<HHII", 0x0201, 4, 1, 44) + struct.pack("<HHII", 0x0202, 4, 1, len(t)) + struct.pack("<I", 0)
assert len(tiff) == 44
body = b"Exif\0\0" + tiff + t
open(out, "wb").write(photo[:2] + b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body + photo[2:])
PY
if COLLECTIONKIT_IMAGE_WORKER_FAULTS=picture-sleep=slow.jpg start_app --scene photos --photos "$preview" --size 1000x700 --dump-state "$work/photo-preview.json"; then
    if wait_state "[(p['item'], p['picture'], p.get('preview')) for p in $pictures] == [('slow.jpg', 'pending', True)]" 8; then
        wait_idle || true
        tile=$(json_get "$app_dump" "(lambda c: '%d %d %d %d' % (c['viewport'][0] + c['frames'][0][0] - c['contentOffset']['x'], c['viewport'][1] + c['frames'][0][1] - c['contentOffset']['y'], c['frames'][0][2], c['frames'][0][3]))($photos)")
        xwd -silent -id "$wid" >"$work/photo-preview.xwd"
        red=$(python3 - "$work/photo-preview.xwd" $tile <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
(header, _, _, _, width, height, _, byte_order, _, _, _, bpp, bpl, _, _, _, _, _, _, ncolors, *_r) = struct.unpack(">25I", data[:100])
px = data[header + ncolors * 12:]
x0, y0, w, h = (int(float(v)) for v in sys.argv[2:6])
order = "<" if byte_order == 0 else ">"
red = total = 0
for y in range(y0 + 10, y0 + h - 10, 2):
    for x in range(x0 + 10, x0 + w - 10, 2):
        (v,) = struct.unpack(order + "I", px[y * bpl + x * 4:y * bpl + x * 4 + 4])
        r, g, b = (v >> 16) & 255, (v >> 8) & 255, v & 255
        total += 1
        if r > 0xB0 and g < 0x60 and b < 0x60: red += 1
print(100 * red // max(1, total))
PY
)
        if [ "${red:-0}" -ge 80 ]; then pass "photo wall: a photo's embedded EXIF thumbnail shows at once while its decode runs ($red % of the tile its red)"
        else fail "photo wall embedded thumbnail pixels" "$red % of the tile red at $tile"; fi
    else fail "photo wall embedded thumbnail" "$state_seen"; fi
    stop_app
else
    fail "photo wall embedded thumbnail start" "$start_error"
fi
fi

# Show in Files, on a private session bus: a stub of org.freedesktop.FileManager1 (as Nautilus
# serves it) gets ShowItems with the selected picture's file URI; with the stub gone, no file
# manager answers and one toast says so.
if ! python3 -c 'from gi.repository import Gio' 2>/dev/null || ! command -v dbus-daemon >/dev/null; then
    skip "photo wall show in files" "python3-gi or dbus-daemon is missing"
else
    dbus-daemon --session --nofork --nopidfile --print-address=5 5>"$work/files-bus" >"$work/files-bus.log" 2>&1 &
    files_bus_pid=$!
    if wait_until 10 grep -qs . "$work/files-bus"; then
        files_bus=$(head -1 "$work/files-bus")
        DBUS_SESSION_BUS_ADDRESS=$files_bus python3 "$window_tests_dir/filemanager-stub.py" "$work/files-ready" "$work/files-calls" >"$work/files-stub.log" 2>&1 &
        files_stub_pid=$!
        if wait_until 10 test -s "$work/files-ready" \
            && DBUS_SESSION_BUS_ADDRESS=$files_bus start_app --scene photos --photos "$wall" --size 1000x700 --dump-state "$work/photo-files.json"; then
            wait_state "len([p for p in $pictures if p['picture'] == 'shown']) >= 8" 60 || true
            read -r x y <<<"$(tile_centre p2.jpg)"
            xdotool mousemove --window "$wid" "$x" "$y" click 1
            wait_state "$photos['selected'] == ['p2.jpg']" || true
            xdotool key ctrl+alt+o
            if wait_until 10 grep -qx "file://$wall/p2.jpg" "$work/files-calls" && [ "$(head -1 "$work/files-calls" | cut -f1)" = ShowItems ] \
                && [ "$(grep -c '^file://' "$work/files-calls")" = 1 ]; then
                pass "photo wall: Show in Files (Ctrl+Alt+O) sends FileManager1.ShowItems the selected picture's URI"
            else fail "photo wall show in files" "calls: $(cat "$work/files-calls" 2>&1 | tr '\n' ' '); $state_seen"; fi
            kill "$files_stub_pid" 2>/dev/null; wait "$files_stub_pid" 2>/dev/null
            xdotool key ctrl+alt+o
            if wait_state "d.get('photos-toast', {}).get('message', '').startswith('No file manager could show the pictures: ')" 15; then
                pass "photo wall: with no file manager on the bus, one toast says so"
            else fail "photo wall show in files, none" "$state_seen"; fi
            stop_app
        else fail "photo wall show in files" "no stub or no window: ${start_error:-} $(cat "$work/files-stub.log")"; fi
        kill "$files_stub_pid" 2>/dev/null
    else fail "photo wall show in files" "no session bus: $(cat "$work/files-bus.log")"; fi
    kill "$files_bus_pid" 2>/dev/null
fi

# The scroll-bar thumb of a long wall: 150 points of thumb travel scroll the content the same way,
# by about 150 x (content - viewport) / (track - thumb), some 800 points, selecting nothing.
many="$work/photo-wall-many"
mkdir -p "$many"
for i in $(seq -w 1 120); do ln -f "$work/photo-wall-new.jpg" "$many/m$i.jpg"; done
if start_app --scene photos --photos "$many" --size 1000x700 --dump-state "$work/photo-wall-many.json"; then
    read -r vx vy vw vh <<<"$(json_get "$app_dump" "' '.join(str(int(v)) for v in $photos['viewport'])")"
    # Paces the pointer: it rests on the window a moment before the press, as a hand's does.
    xdotool mousemove --window "$wid" 500 400; sleep 0.1
    drag $((vx + vw - 7)) $((vy + 12)) $((vx + vw - 7)) $((vy + 162)) 10 0.2
    if wait_idle; then
        y=$(json_get "$app_dump" "$photos['contentOffset']['y']")
        sel=$(json_get "$app_dump" "$photos['selected']")
        if [ "${y%.*}" -ge 400 ] && [ "${y%.*}" -le 1400 ] && [ "$sel" = "[]" ]; then
            pass "photo wall: a dragged scroll-bar thumb scrolls the wall with it (offset $y)"
        else fail "photo wall thumb drag" "offset $y (expected 400-1400), selected $sel"; fi
    else fail "photo wall thumb drag" "still moving after 30 s"; fi
    stop_app
else
    fail "photo wall many start" "$start_error"
fi
unset XDG_DATA_HOME XDG_CACHE_HOME
