#!/usr/bin/env python3
"""How often the calendar shows a real-world file exactly as another implementation does.

    Benchmarks/calendar-agreement.py FOLDER... [--months 1970-01..2040-12] [--show N]

For every .ics file under the folders, the occurrences our calendar shows (calendar-bench
--list-occurrences, in UTC) are compared with those of the Python library recurring-ical-events
(pip install recurring-ical-events), which the icalendar ecosystem uses. A file agrees exactly when
both list the same occurrences starting within the months: the same start and end (instants for
timed events, dates for all-day ones) and the same title. Titles are compared without surrounding
spaces and with our "(no title)" read as none; an all-day event that ends on the day it starts
takes that day, as calendar programs show it. A file that is no calendar (no BEGIN:VCALENDAR, as
some libraries' test snippets) is counted apart. Prints one line per file that differs (the first differences
on each side) and the share that agree. A file the other library cannot read is counted apart.

The corpus is not part of the repository: point it at any folder of calendars (exported from a
calendar program, or the test files of other calendar libraries).
"""
import argparse
import datetime as dt
import os
import subprocess
import sys

try:
    import icalendar
    import recurring_ical_events
except ImportError:
    sys.exit("calendar-agreement: needs the Python packages icalendar and recurring-ical-events "
             "(pip install recurring-ical-events)")

UTC = dt.timezone.utc


def norm(line):
    """A line in the form both sides are compared in (see the module's notes)."""
    kind, a, b, title = line.split(" ", 3) if line.count(" ") >= 3 else (line.split(" ") + [""])[:4]
    title = title.strip()
    if title == "(no title)":
        title = ""
    if kind == "D" and a == b:
        b = (dt.date.fromisoformat(a) + dt.timedelta(days=1)).isoformat()
    return f"{kind} {a} {b} {title}"


def within(line, first, last):
    """Whether the occurrence starts on a day of the months compared (UTC)."""
    day = dt.date.fromisoformat(line.split(" ")[1][:10])
    return dt.date(first[0], first[1], 1) <= day < dt.date(last[0] + (last[1] == 12), last[1] % 12 + 1, 1)


def widened(first, last):
    """One month more on each side, so that both sides see every occurrence near the edges."""
    a = (first[0] - (first[1] == 1), (first[1] - 2) % 12 + 1)
    b = (last[0] + (last[1] == 12), last[1] % 12 + 1)
    return a, b


def month(text):
    y, m = text.split("-")
    return int(y), int(m)


def theirs(path, first, last):
    """The other library's occurrences, in our line format (see calendar-bench)."""
    with open(path, "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    start = dt.date(first[0], first[1], 1)
    end = dt.date(last[0] + (last[1] == 12), last[1] % 12 + 1, 1)
    lines = []
    for e in recurring_ical_events.of(cal).between(start, end):
        if e.name != "VEVENT":
            continue
        s = e.get("DTSTART").dt
        title = str(e.get("SUMMARY", "")).replace("\n", " ")
        if "DTEND" in e:
            t = e.get("DTEND").dt
        elif "DURATION" in e:
            t = s + e.get("DURATION").dt
        else:
            t = s + dt.timedelta(days=1) if not isinstance(s, dt.datetime) else s
        if not isinstance(s, dt.datetime):
            if isinstance(t, dt.datetime):
                t = t.date()
            lines.append(f"D {s.isoformat()} {t.isoformat()} {title}")
        else:
            if not isinstance(t, dt.datetime):
                t = dt.datetime(t.year, t.month, t.day)
            def utc(x):
                x = x.replace(tzinfo=UTC) if x.tzinfo is None else x.astimezone(UTC)
                return x.strftime("%Y-%m-%dT%H:%M:%S+00:00")
            lines.append(f"T {utc(s)} {utc(t)} {title}")
    return sorted(lines)


def ours(bench, path, months):
    out = subprocess.run([bench, "--zone", "UTC", "--list-occurrences", months, path],
                         capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}")
    # A cancelled occurrence is shown struck through: the occurrence is the same.
    return sorted(l.removesuffix(" [cancelled]") for l in out.stdout.splitlines() if l)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--months", default="1970-01..2040-12")
    ap.add_argument("--show", type=int, default=3, help="differences shown per file")
    ap.add_argument("--bench", default=".build/release/calendar-bench")
    args = ap.parse_args()
    if not os.access(args.bench, os.X_OK):
        sys.exit(f"calendar-agreement: {args.bench} is missing; swift build -c release --product calendar-bench")
    first, last = (month(m) for m in args.months.split(".."))
    wide = widened(first, last)
    wide_text = "%04d-%02d..%04d-%02d" % (wide[0] + wide[1])
    files = sorted(os.path.join(d, f) for folder in args.folders for d, _, fs in os.walk(folder)
                   for f in fs if f.lower().endswith(".ics"))
    same = differ = unreadable = not_calendars = 0
    for path in files:
        with open(path, "rb") as f:
            if b"BEGIN:VCALENDAR" not in f.read().upper():
                not_calendars += 1
                continue
        try:
            want = sorted(norm(l) for l in theirs(path, *wide) if within(l, first, last))
        except Exception as e:  # the other library refuses the file: no reference to compare with
            unreadable += 1
            print(f"skip {path}: the other library cannot read it ({type(e).__name__})")
            continue
        try:
            got = sorted(norm(l) for l in ours(args.bench, path, wide_text) if within(l, first, last))
        except Exception as e:
            differ += 1
            print(f"DIFF {path}: ours failed: {e}")
            continue
        if got == want:
            same += 1
            continue
        differ += 1
        only_ours = [l for l in got if l not in want]
        only_theirs = [l for l in want if l not in got]
        print(f"DIFF {path}: {len(got)} ours, {len(want)} theirs")
        for l in only_ours[:args.show]:
            print(f"    ours only:   {l}")
        for l in only_theirs[:args.show]:
            print(f"    theirs only: {l}")
    compared = same + differ
    share = 100 * same / compared if compared else 0
    print(f"calendar agreement: {same} of {compared} files exact ({share:.1f}%), "
          f"{unreadable} the other library could not read, {not_calendars} not calendars; months {args.months}")


if __name__ == "__main__":
    main()
