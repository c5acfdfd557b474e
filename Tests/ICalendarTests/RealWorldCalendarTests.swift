import CalendarModel
import Foundation
import ICalendar
import XCTest

/// Calendars as real programs export them: Windows zone names (Outlook, Exchange), VTIMEZONEs that
/// do not cover the date or carry stale rules (macOS Calendar, old exports), floating times under
/// X-WR-TIMEZONE (Google), overrides in every arrangement, exceptions written in other zones or as
/// dates, the odd-but-real corners, and years from 1583 to 9999. Each fixture in `Tests/Fixtures`
/// is modelled on what the named program writes; expectations are worked out by hand (or, for far
/// years, with plain date arithmetic that does not go through libical).
final class RealWorldCalendarTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures").standardized

    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let newYork = DisplayZone(identifier: "America/New_York")!

    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }
    func month(_ s: String) -> ClosedRange<CalendarDate> { let m = CalendarMonth(iso: s)!; return m.firstDay...m.lastDay }

    /// "start..end title" with times in `zone`, sorted, so expectations read like a calendar.
    func lines(_ occurrences: [EventOccurrence], in zone: DisplayZone, title: String? = nil) -> [String] {
        occurrences.filter { title == nil || $0.title.hasPrefix(title!) }.map { o -> String in
            switch o.span {
            case let .allDay(first, end): return "\(first)..\(end) \(o.title)"
            case let .timed(s, e): return "\(zone.iso8601(s))..\(zone.clock(e)) \(o.title)"
            }
        }.sorted()
    }

    func fixture(_ names: String..., zone: DisplayZone) -> ICalendarSource {
        ICalendarSource(files: names.map { Self.fixtures.appendingPathComponent($0).path }, zone: zone)
    }

    // MARK: Time zones

    /// Outlook and Exchange name zones the Windows way. ICU's table turns them into IANA zones, so
    /// tzdata gives the offset of the year in question: in 2006 the US still moved its clocks on
    /// the first Sunday of April, which Exchange's VTIMEZONE (today's rule, from 1601 on) gets wrong.
    func testWindowsZoneNamesResolveToIANAZones() {
        let s = fixture("exchange-windows-zones.ics", zone: .utc)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2006-03")), in: .utc), ["2006-03-20T18:00:00+00:00..19:00 Budget review"],
                       "10:00 Pacific was still standard time on 20 March 2006")
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-03")), in: .utc), [
            "2026-03-02T18:00:00+00:00..18:30 Weekly sync",
            "2026-03-16T17:00:00+00:00..17:30 Weekly sync",
        ], "DST from 8 March 2026; the UTC EXDATE removes the 9th")
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2040-07")), in: .utc), ["2040-07-02T12:00:00+00:00..16:00 Sommerfest 2040"])
        // No VTIMEZONE at all for these two: ICU's table alone knows them.
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-07")), in: .utc), [
            "2026-07-01T03:00:00+00:00..04:00 Tokyo call",
            "2026-07-01T04:30:00+00:00..05:30 Offsite",
            "2026-07-14T07:00:00+00:00..08:00 Défilé",
        ], "Romance Standard Time is Paris; a custom zone keeps its own VTIMEZONE (+05:30)")
    }

    /// macOS Calendar writes a VTIMEZONE with only the rules in force since the event was made;
    /// an old VTIMEZONE keeps rules since abolished (Brazil dropped summer time in 2019). For a
    /// TZID that names an IANA zone, tzdata is right for every year.
    func testIANAZoneUsesTzdataWhereTheFilesVTIMEZONEDoesNotCoverTheDate() {
        let s = fixture("partial-vtimezone.ics", zone: .utc)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2016-07")), in: .utc), ["2016-07-05T08:00:00+00:00..10:00 Sommerfest 2016"])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("1975-07")), in: .utc), ["1975-07-01T09:00:00+00:00..10:00 Gründung"],
                       "West Germany had no summer time in 1975")
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2025-01")), in: .utc), ["2025-01-15T13:00:00+00:00..14:00 Reunião"],
                       "São Paulo has stayed on -03:00 since 2019")
        // Weekly across the 2017 change (29 October); the UTC EXDATE names 09:00 CET on 30 October.
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2017-10-01")...d("2017-11-30")), in: .utc), [
            "2017-10-02T07:00:00+00:00..08:00 Training",
            "2017-10-09T07:00:00+00:00..08:00 Training",
            "2017-10-16T07:00:00+00:00..08:00 Training",
            "2017-10-23T07:00:00+00:00..08:00 Training",
            "2017-11-06T08:00:00+00:00..09:00 Training",
        ])
    }

    /// Google exports name the calendar's zone in X-WR-TIMEZONE and may leave times floating.
    func testFloatingTimesUseTheCalendarsXWRTIMEZONE() {
        let s = fixture("google-floating.ics", zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-07")), in: berlin), [
            "2026-07-14T18:00:00+02:00..19:00 Swim lesson",
            "2026-07-15T18:00:00+02:00..19:00 Call with Grandma",
            "2026-07-16..2026-07-17 Beach day",
            "2026-07-17T13:00:00+02:00..14:00 Lunch in London",
        ])
        // 18:00 in Los Angeles is 21:00 in New York all year; the UTC EXDATE removes 27 October.
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-10-01")...d("2026-11-30")), in: newYork), [
            "2026-10-20T21:00:00-04:00..22:30 Choir",
            "2026-11-03T21:00:00-05:00..22:30 Choir",
            "2026-11-10T21:00:00-05:00..22:30 Choir",
        ])
        // Another calendar in the same source without X-WR-TIMEZONE still floats in the display zone.
        s.load(text: "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\nSUMMARY:Dentist\nDTSTART:20260714T083000\nEND:VEVENT\nEND:VCALENDAR\n", name: "own.ics")
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-07")), in: berlin, title: "Dentist"), ["2026-07-14T08:30:00+02:00..08:30 Dentist"])
    }

    // MARK: Overrides and exceptions

    /// One weekly series with EXDATE and RDATE, and overrides in every arrangement: moved to another
    /// day and written last in the file, RECURRENCE-ID in UTC, an override of the RDATE instance,
    /// two versions of one override (the higher SEQUENCE wins, wherever it stands), a cancelled
    /// one, THISANDFUTURE (new time and title for the rest of the series), a later single override
    /// inside that range, and one override in another file.
    func testOverridesReplaceTheirOccurrencesOnce() {
        let s = fixture("overrides.ics", "overrides-elsewhere.ics", zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        // The cancelled one (7 October) stays, struck through.
        XCTAssertEqual(s.occurrences(overlapping: d("2026-09-01")...d("2027-01-31")).filter { $0.cancelled }.map(\.title), ["Team sync"])
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-09-01")...d("2027-01-31")), in: berlin, title: "Team sync"), [
            "2026-09-02T10:00:00+02:00..11:00 Team sync",
            "2026-09-10T14:00:00+02:00..15:00 Team sync (Thursday)",
            "2026-09-23T11:00:00+02:00..12:00 Team sync (late)",
            "2026-09-25T15:00:00+02:00..16:00 Team sync (Friday, afternoon)",
            "2026-09-30T13:00:00+02:00..14:00 Team sync (v2)",
            "2026-10-07T10:00:00+02:00..11:00 Team sync",
            "2026-10-14T10:00:00+02:00..11:00 Team sync",
            "2026-10-22T16:00:00+02:00..16:30 Team sync (new slot)",
            "2026-10-29T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-11-05T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-11-12T09:00:00+01:00..11:00 Team sync (with the board)",
            "2026-11-19T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-11-26T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-12-02T08:00:00+01:00..08:30 Team sync (early)",
            "2026-12-10T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-12-17T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-12-24T16:00:00+01:00..16:30 Team sync (new slot)",
            "2026-12-31T16:00:00+01:00..16:30 Team sync (new slot)",
        ])
        // Page by page (the way the calendar asks) gives the same as one long query.
        var paged: [EventOccurrence] = []
        for m in ["2026-09", "2026-10", "2026-11", "2026-12", "2027-01"] { paged += s.occurrences(overlapping: month(m)) }
        XCTAssertEqual(Set(paged), Set(s.occurrences(overlapping: d("2026-09-01")...d("2027-01-31"))))
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-09")), in: berlin, title: "Lunch"), ["2026-09-10T12:30:00+02:00..13:30 Lunch"])
        // Loading the files the other way round changes nothing.
        let reversed = fixture("overrides-elsewhere.ics", "overrides.ics", zone: berlin)
        XCTAssertEqual(Set(reversed.occurrences(overlapping: d("2026-09-01")...d("2027-01-31"))),
                       Set(s.occurrences(overlapping: d("2026-09-01")...d("2027-01-31"))))
    }

    /// EXDATE names an instant (RFC 5545): written in UTC or in another zone it removes the
    /// occurrence at that instant, across a DST change; as a DATE on a timed series it removes that
    /// day's occurrence; on an all-day series a date-time removes the day it falls on. COUNT counts
    /// the excluded occurrences too, so nothing is added at the end.
    func testEXDATEMatchesByInstantAcrossZonesAndDST() {
        let s = fixture("exdates.ics", zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-10-01")...d("2026-12-31")), in: berlin, title: "Yoga"), [
            "2026-10-13T09:00:00+02:00..10:00 Yoga",
            "2026-10-20T09:00:00+02:00..10:00 Yoga",
            "2026-11-03T09:00:00+01:00..10:00 Yoga",
        ])
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-10-01")...d("2026-12-31")), in: berlin, title: "Homeoffice"), [
            "2026-10-12..2026-10-13 Homeoffice",
            "2026-10-19..2026-10-20 Homeoffice",
            "2026-11-09..2026-11-10 Homeoffice",
        ])
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2006-03-01")...d("2006-04-30")), in: .utc, title: "Staff"), [
            "2006-03-13T18:00:00+00:00..19:00 Staff meeting",
            "2006-03-27T18:00:00+00:00..19:00 Staff meeting",
            "2006-04-03T17:00:00+00:00..18:00 Staff meeting",
        ])
    }

    // MARK: Odd but real

    /// An override whose RECURRENCE-ID names no occurrence of its series (a Wednesday of a
    /// Monday series) replaces nothing and is shown where it says, as an extra occurrence beside
    /// the series (this already held; the test keeps it).
    func testAnOverrideOfNoOccurrenceIsShownBesideTheSeries() {
        let s = fixture("stray-override.ics", zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-05")), in: berlin), [
            "2026-05-04T09:00:00+02:00..09:30 Weekly call",
            "2026-05-07T14:00:00+02:00..14:30 Weekly call (extra)",
            "2026-05-11T09:00:00+02:00..09:30 Weekly call",
            "2026-05-18T09:00:00+02:00..09:30 Weekly call",
        ])
    }

    /// An override (RECURRENCE-ID without RANGE) that carries an RRULE of its own stands for the one
    /// occurrence it replaces, as RFC 5545 defines a recurrence instance and as Thunderbird,
    /// ical4j and DAVx5 read it: its rule is not expanded (some producers repeat the master's rule
    /// on every override), so it is shown once, where it says, and the series goes on around it.
    func testAnOverrideWithARuleOfItsOwnIsOneOccurrence() {
        let s = fixture("override-with-rule.ics", zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-05")), in: berlin), [
            "2026-05-04T09:00:00+02:00..10:00 Team review",
            "2026-05-12T15:00:00+02:00..16:00 Team review (moved)",
            "2026-05-18T09:00:00+02:00..10:00 Team review",
            "2026-05-25T09:00:00+02:00..10:00 Team review",
        ])
    }

    /// An RDATE that repeats DTSTART or another RDATE adds no second instance: the recurrence
    /// set is a set (RFC 5545). An RDATE written as a PERIOD gives its instance its own length,
    /// by an end or by a duration.
    func testRDATEsAreASetAndPeriodsKeepTheirLength() {
        let s = fixture("rdate-cases.ics", zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-05")), in: berlin), [
            "2026-05-02T21:00:00+02:00..23:00 Community news",
            "2026-05-06T20:00:00+02:00..21:00 Rehearsal",
            "2026-05-13T20:00:00+02:00..23:00 Rehearsal",
            "2026-05-20T20:00:00+02:00..22:00 Rehearsal",
            "2026-05-30T21:00:00+02:00..23:00 Community news",
        ])
    }

    /// Exchange writes the RECURRENCE-ID of an all-day occurrence as midnight in its own zone.
    /// It names the date written, wherever the calendar is shown: in New York, midnight in
    /// London is still the evening before, and the occurrence must be replaced, not doubled.
    func testAnAllDayOverrideWrittenAsMidnightInItsZoneReplacesThatDay() {
        for zone in [newYork, berlin, DisplayZone(identifier: "UTC")!] {
            let s = fixture("outlook-all-day-override.ics", zone: zone)
            let days = d("2026-04-01")...d("2026-05-31")
            XCTAssertEqual(lines(s.occurrences(overlapping: days), in: zone), [
                "2026-04-02..2026-04-03 Bins out",
                "2026-04-17..2026-04-18 Bins out (Friday)",
                "2026-04-30..2026-05-01 Bins out",
            ], "shown in \(zone.identifier)")
        }
    }

    /// `COUNT=-1` beside an UNTIL (a web calendar's way of saying "no count") makes the rule
    /// unreadable to libical; it is read without the count, with a notice, as other calendar
    /// programs read it.
    func testACountOfNoneIsLeftOut() {
        let s = fixture("count-of-none.ics", zone: berlin)
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-01-01")...d("2026-04-30")), in: berlin), [
            "2026-01-05..2026-01-12 On call", "2026-02-02..2026-02-09 On call",
            "2026-03-02..2026-03-09 On call", "2026-03-30..2026-04-06 On call",
        ])
        XCTAssertEqual(s.diagnostics.map(\.message), ["event 'On call': RRULE 'COUNT=-1' ignored; shown as that"])
    }

    /// A rule whose UNTIL is before DTSTART: DTSTART alone (as RFC 5545 reads it), with a notice.
    func testARuleEndingBeforeItStartsShowsItsStartAndSaysSo() {
        let s = fixture("until-before-start.ics", zone: berlin)
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-05")), in: berlin), ["2026-05-04T09:00:00+02:00..10:00 Backdated rule"])
        XCTAssertEqual(s.diagnostics.map(\.message), ["event 'Backdated rule': its rule ends (UNTIL) before it starts; only the first occurrence is shown"])
    }

    /// A rule with a misspelt part (`UNTL=`) is read as it was most likely meant, with a notice.
    func testAMisspeltRulePartIsReadAsMeant() {
        let s = fixture("misspelt-rule.ics", zone: berlin)
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-05")), in: berlin),
                       (4...6).map { "2026-05-0\($0)T08:00:00+02:00..09:00 Misspelt" })
        XCTAssertEqual(s.diagnostics.map(\.message), ["event 'Misspelt': RRULE 'UNTL' read as 'UNTIL'; shown as that"])
    }

    /// The last cases other calendar programs showed differently (`last-cases.ics`).
    func testLastRealWorldCases() {
        let s = fixture("last-cases.ics", zone: berlin)
        let may = month("2026-05")
        func only(_ title: String) -> [String] { lines(s.occurrences(overlapping: may), in: berlin, title: title) }
        // All-day, ending before it starts: from the earlier date to the later.
        XCTAssertEqual(only("Backwards"), ["2026-05-10..2026-05-12 Backwards trip"])
        XCTAssertTrue(s.diagnostics.contains { $0.message.contains("Backwards trip") && $0.message.contains("from its end to its start") })
        // A cancelled occurrence stays, struck through.
        let course = s.occurrences(overlapping: may).filter { $0.title == "Course" }
        XCTAssertEqual(course.count, 4)
        XCTAssertEqual(course.filter(\.cancelled).map { berlin.day(of: { if case let .timed(a, _) = $0.span { return a }; return 0 }($0)) },
                       [d("2026-05-12")])
        // A DATE-TIME start with a DATE end is timed at its start, to the end's midnight.
        XCTAssertEqual(only("Afternoon"), ["2026-05-20T15:00:00+02:00..00:00 Afternoon off"])
        // Outlook's UTC UNTIL on an all-day series: the last day is UNTIL's date in the calendar's zone.
        XCTAssertEqual(only("Trade"), ["2026-05-25..2026-05-26 Trade fair", "2026-05-26..2026-05-27 Trade fair", "2026-05-27..2026-05-28 Trade fair"])
        // The same event twice in one file is one event.
        XCTAssertEqual(only("Imported"), ["2026-05-29T10:00:00+02:00..11:00 Imported twice"])
    }

    func testOddButRealEvents() {
        let s = fixture("odd-but-real.ics", zone: berlin)
        let may = d("2026-05-01")...d("2026-06-30")
        let all = lines(s.occurrences(overlapping: may), in: berlin)
        func only(_ title: String) -> [String] { lines(s.occurrences(overlapping: may), in: berlin, title: title) }
        // DTEND before DTSTART: shown from its end to its start (as other programs do), and said so.
        XCTAssertEqual(only("Inverted"), ["2026-05-04T11:00:00+02:00..12:00 Inverted"])
        XCTAssertTrue(s.diagnostics.contains { $0.message.contains("Inverted") && $0.message.contains("ends before it starts") }, "\(s.diagnostics)")
        // A DATE UNTIL on a timed series takes in the whole of that day.
        XCTAssertEqual(only("Until a date"), (11...14).map { "2026-05-\($0)T18:00:00+02:00..19:00 Until a date" })
        // A DATE RDATE on a timed series adds that day at DTSTART's time.
        XCTAssertEqual(only("Extra date"), [
            "2026-06-01T08:30:00+02:00..09:00 Extra date",
            "2026-06-03T08:30:00+02:00..09:00 Extra date",
            "2026-06-08T08:30:00+02:00..09:00 Extra date",
        ])
        // A DATE RECURRENCE-ID on a timed series replaces that day's occurrence.
        XCTAssertEqual(only("Standup"), [
            "2026-05-18T09:15:00+02:00..09:30 Standup",
            "2026-05-19T09:15:00+02:00..09:30 Standup",
            "2026-05-20T11:15:00+02:00..11:30 Standup (moved)",
            "2026-05-21T09:15:00+02:00..09:30 Standup",
            "2026-05-22T09:15:00+02:00..09:30 Standup",
        ])
        // UNTIL before DTSTART: DTSTART still counts as the first (here the only) occurrence.
        XCTAssertEqual(only("Once"), ["2026-05-06T17:00:00+02:00..18:00 Once despite its rule"])
        // COUNT=5 minus two EXDATEs is three days, not five.
        XCTAssertEqual(only("Five"), ["2026-06-01..2026-06-02 Five minus two", "2026-06-03..2026-06-04 Five minus two",
                                      "2026-06-05..2026-06-06 Five minus two"])
        // Events without a UID (or with an empty one) are each their own event.
        XCTAssertEqual(only("No UID"), ["2026-05-07T09:00:00+02:00..10:00 No UID", "2026-05-07T09:00:00+02:00..10:00 No UID"])
        XCTAssertEqual(only("Empty UID"), ["2026-05-05T14:00:00+02:00..14:00 Empty UID weekly", "2026-05-12T14:00:00+02:00..14:00 Empty UID weekly",
                                           "2026-05-12T15:00:00+02:00..15:00 Empty UID once"])
        // Cancelled: a standalone event is not shown; a cancelled series takes its overrides with it.
        XCTAssertEqual(only("Called off"), [])
        XCTAssertEqual(only("Course"), [], "\(all)")
        // An all-day start with a timed end covers the end's day too.
        XCTAssertEqual(only("Conference"), ["2026-05-26..2026-05-29 Conference"])
    }

    // MARK: Years 1583 to 9999

    /// libical refuses recurrences past 2582 and its zone tables stop in 2037; the adapter reaches
    /// 9999 through the Gregorian calendar's 400-year cycle and tzdata. Expectations come from plain
    /// day arithmetic.
    func testRecurringEventsIn1600AndIn9999() {
        let s = fixture("far-years.ics", zone: .utc)
        XCTAssertEqual(s.diagnostics, [])
        // June 1600: the Berlin noon is local mean time there (+00:53:28).
        XCTAssertEqual(lines(s.occurrences(overlapping: month("1600-06")), in: .utc), [
            "1600-06-01..1600-06-02 Anniversary",
            "1600-06-15T11:06:32+00:00..12:06 Ides",
        ])
        XCTAssertEqual(lines(s.occurrences(overlapping: d("1599-12-01")...d("1600-01-31")), in: .utc, title: "Counted"),
                       ["1599-12-30", "1599-12-31", "1600-01-01", "1600-01-02", "1600-01-03"].map { "\($0)T08:00:00+00:00..08:00 Counted" })

        // June and December 9999.
        let fortnightStart = d("2026-01-05")
        func mondays(_ m: String) -> [CalendarDate] {
            let r = month(m)
            return (0...r.lowerBound.days(until: r.upperBound)).map { r.lowerBound.adding(days: $0) }
                .filter { $0.isoWeekday == 1 && fortnightStart.days(until: $0) % 14 == 0 }
        }
        let june = lines(s.occurrences(overlapping: month("9999-06")), in: .utc)
        XCTAssertEqual(june, (["9999-06-01..9999-06-02 Anniversary", "9999-06-15T10:00:00+00:00..11:00 Ides"]
                              + mondays("9999-06").map { "\($0)T08:00:00+00:00..09:00 Fortnightly" }).sorted())
        XCTAssertEqual(mondays("9999-06").count, 2)
        let december = lines(s.occurrences(overlapping: month("9999-12")), in: .utc)
        XCTAssertEqual(december, (["9999-12-15T11:00:00+00:00..12:00 Ides"]
                                  + mondays("9999-12").map { "\($0)T09:00:00+00:00..10:00 Fortnightly" }
                                  + ["01", "08", "22", "29"].map { "9999-12-\($0)T14:00:00+00:00..15:00 Far future" }).sorted())
        // Paging through a few months in between neither breaks nor hangs, and agrees with itself.
        for m in ["2583-01", "3000-02", "4321-12", "7777-07", "9998-12"] {
            let fortnightly = s.occurrences(overlapping: month(m)).filter { $0.title == "Fortnightly" }
            XCTAssertEqual(fortnightly.map { berlin.day(of: $0.sortKey(in: berlin)) }.sorted(), mondays(m), m)
        }
    }
}
