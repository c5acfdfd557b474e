"""Compares what X shows of a window (an xwd dump) with the app's own last frame (a PNG it wrote).

Usage: same-pixels.py WINDOW.xwd FRAME.png
Prints the number of pixels that differ and where the first few are; exits 0 when none do.
"""
import struct
import sys
import zlib


def read_xwd(path):
    data = open(path, "rb").read()
    (header, _, _, _, width, height, _, byte_order, _, _, _, bpp, bytes_per_line, _, _, _, _, _, _, ncolors,
     *_rest) = struct.unpack(">25I", data[:100])
    if bpp != 32:
        sys.exit(f"same-pixels: {path}: {bpp} bits a pixel, expected 32")
    pixels = data[header + ncolors * 12:]
    order = "<" if byte_order == 0 else ">"
    rows = []
    for y in range(height):
        line = pixels[y * bytes_per_line:y * bytes_per_line + width * 4]
        rows.append([v & 0xFFFFFF for v in struct.unpack(f"{order}{width}I", line)])
    return width, height, rows


def read_png(path):
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
    if depth != 8 or colour not in (2, 6):
        sys.exit(f"same-pixels: {path}: only 8-bit RGB or RGBA PNGs are read")
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prev, i = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([line[x] << 16 | line[x + 1] << 8 | line[x + 2] for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows


xw, xh, shown = read_xwd(sys.argv[1])
pw, ph, drawn = read_png(sys.argv[2])
if (xw, xh) != (pw, ph):
    print(f"the window is {xw}x{xh}, the frame {pw}x{ph}")
    sys.exit(1)
wrong = [(x, y) for y in range(xh) if shown[y] != drawn[y] for x in range(xw) if shown[y][x] != drawn[y][x]]
print(f"{len(wrong)} pixels differ" + (f", first at {wrong[:3]}" if wrong else ""))
sys.exit(1 if wrong else 0)
