#!/usr/bin/env python3
"""Writes a large iCalendar file for the calendar benchmarks.

    python3 Benchmarks/make-big-calendar.py OUT.ics [EVENTS] [WEEKLY]

EVENTS (default 10000) VEVENTs in all; WEEKLY of them (default 1000) recur every week for ten
years (2021-2030) with a few EXDATEs and an override each, spread over three time zones (two
with VTIMEZONE blocks, one left to the system's tzdata). The rest are single timed or all-day
events spread over the same ten years. The output is deterministic (fixed seed).
"""
import random
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "big.ics"
total = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
weekly = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
rng = random.Random(5545)

VTIMEZONES = """BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:20070311T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:20071104T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
"""
ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo"]
DAYS = ["MO", "TU", "WE", "TH", "FR"]
WORDS = ["Review", "Planning", "Sync", "Lunch", "Call", "Workshop", "Demo", "Retro", "Training", "Interview"]
MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def random_day():
    y = rng.randint(2021, 2030)
    m = rng.randint(1, 12)
    return y, m, rng.randint(1, MONTH_DAYS[m - 1])


lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//collection-demo//benchmark//EN", "X-WR-CALNAME:Benchmark"]
lines += VTIMEZONES.strip().split("\n")
for i in range(total):
    uid = f"bench-{i}@collection-demo"
    title = f"{rng.choice(WORDS)} {i}"
    if i < weekly:
        zone = ZONES[i % 3]
        y, m, d = 2021, rng.randint(1, 12), rng.randint(1, 28)
        h = rng.randint(7, 18)
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"SUMMARY:{title}",
                  f"DTSTART;TZID={zone}:{y:04d}{m:02d}{d:02d}T{h:02d}0000",
                  f"DTEND;TZID={zone}:{y:04d}{m:02d}{d:02d}T{h:02d}4500",
                  f"RRULE:FREQ=WEEKLY;BYDAY={DAYS[i % 5]};UNTIL=20301231T235959Z"]
        # Exceptions land on wrong weekdays harmlessly; a few match real instances.
        for _ in range(3):
            ey, em, ed = random_day()
            lines.append(f"EXDATE;TZID={zone}:{ey:04d}{em:02d}{ed:02d}T{h:02d}0000")
        lines.append("END:VEVENT")
        oy, om, od = random_day()
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"SUMMARY:{title} (moved)",
                  f"RECURRENCE-ID;TZID={zone}:{oy:04d}{om:02d}{od:02d}T{h:02d}0000",
                  f"DTSTART;TZID={zone}:{oy:04d}{om:02d}{od:02d}T{(h + 1) % 24:02d}0000",
                  f"DTEND;TZID={zone}:{oy:04d}{om:02d}{od:02d}T{(h + 1) % 24:02d}4500", "END:VEVENT"]
    elif i % 4 == 0:
        y, m, d = random_day()
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"SUMMARY:{title}", f"DTSTART;VALUE=DATE:{y:04d}{m:02d}{d:02d}",
                  f"DTEND;VALUE=DATE:{y:04d}{m:02d}{min(d + rng.randint(1, 3), MONTH_DAYS[m - 1]):02d}", "END:VEVENT"]
    else:
        y, m, d = random_day()
        h = rng.randint(6, 20)
        zone = ZONES[i % 3]
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"SUMMARY:{title}",
                  f"DTSTART;TZID={zone}:{y:04d}{m:02d}{d:02d}T{h:02d}3000",
                  f"DTEND;TZID={zone}:{y:04d}{m:02d}{d:02d}T{h + 1:02d}0000", "END:VEVENT"]
lines.append("END:VCALENDAR")
with open(out, "w", newline="") as f:
    f.write("\r\n".join(lines) + "\r\n")
print(f"wrote {out}: {total} events, {weekly} weekly for ten years")
