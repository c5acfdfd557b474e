#!/usr/bin/env python3
"""What a running program holds resident of one file it maps (its own binary, or a library), by
what the pages hold: for a file with ICU's common data built in (`icudt*_dat`: the program's
Foundation copy, or libicudata), the data's entries; else the symbols the pages fall in, grouped
as ICU code, Foundation code and the rest.

    Benchmarks/resident-pages.py PID FILE [--detail]

A page counts when it is present in PID's page table (/proc/PID/pagemap; run as the program's
user or root). The kernel maps up to 64 KB around a page a program reads from a file
(fault-around), so a neighbour of a symbol or entry that ran or was read shows up too: compare
two programs (or scenes) rather than reading one listing alone. With --detail, every entry and
symbol is listed after the totals, KB each, as `D<TAB>group<TAB>KB<TAB>name`."""
import bisect, collections, os, re, struct, subprocess, sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
pid, binary = sys.argv[1], sys.argv[2]
detail = "--detail" in sys.argv
PAGE = os.sysconf("SC_PAGE_SIZE")


def nm(extra):
    return subprocess.run(["nm", "-S", "--defined-only", *extra, binary], capture_output=True, text=True).stdout


syms = []
for line in (nm([]) or nm(["-D"])).splitlines():
    p = line.split(None, 3)
    if len(p) == 4:
        syms.append((int(p[0], 16), int(p[1], 16), p[3]))
syms.sort()
addrs = [s[0] for s in syms]
dat = next((s for s in syms if re.match(r"icudt\d+_dat$", s[2])), None)
entries = []
if dat:
    # ICU's common data: a header, then a table of (name offset, data offset) pairs.
    segs = []
    for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True).stdout.splitlines():
        p = line.split()
        if p and p[0] == "LOAD":
            segs.append((int(p[1], 16), int(p[2], 16), int(p[4], 16)))
    with open(binary, "rb") as f:
        f.seek(next(o + (dat[0] - v) for o, v, size in segs if v <= dat[0] < v + size))
        blob = f.read(dat[1])
    header = struct.unpack_from("<H", blob, 0)[0]
    for i in range(struct.unpack_from("<I", blob, header)[0]):
        name_at, data_at = struct.unpack_from("<II", blob, header + 4 + 8 * i)
        entries.append((dat[0] + header + data_at, blob[header + name_at: blob.index(b"\0", header + name_at)].decode()))
    entries.sort()
entry_addrs = [e[0] for e in entries]


def classify(vaddr):
    if dat and dat[0] <= vaddr < dat[0] + dat[1]:
        i = bisect.bisect_right(entry_addrs, vaddr) - 1
        return "ICU data", entries[i][1] if i >= 0 else "(table of contents)"
    i = bisect.bisect_right(addrs, vaddr) - 1
    name = syms[i][2] if i >= 0 else "?"
    if re.match(r"(swift_)?u[a-z]+_", name) or re.search(r"icu_\d+", name[:60]):
        return "ICU code", name
    if "Foundation" in name[:60]:
        return "Foundation code", name
    return "other", name


real = os.path.realpath(binary)
maps, base = [], None
for line in open(f"/proc/{pid}/maps"):
    p = line.split()
    if len(p) >= 6 and os.path.realpath(p[5]) == real:
        start, end = (int(x, 16) for x in p[0].split("-"))
        if base is None and int(p[2], 16) == 0:
            base = start
        maps.append((start, end))
totals, items = collections.Counter(), collections.Counter()
with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
    for start, end in maps:
        pagemap.seek(start // PAGE * 8)
        data = pagemap.read((end - start) // PAGE * 8)
        for k in range(0, len(data), 8):
            if struct.unpack_from("<Q", data, k)[0] >> 63:
                group, name = classify(start + k // 8 * PAGE - base)
                totals[group] += PAGE
                items[(group, name)] += PAGE
for group in ("ICU data", "ICU code", "Foundation code", "other"):
    print(f"{group}\t{totals[group] / 1048576:.2f} MB")
if detail:
    for (group, name), size in items.most_common():
        print(f"D\t{group}\t{size // 1024}\t{name[:150]}")
