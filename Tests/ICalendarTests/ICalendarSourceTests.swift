import CalendarModel
import Foundation
import ICalendar
import XCTest

/// Reading iCalendar files through libical: recurrence with exceptions and overrides, all-day and
/// timed events, time zones across DST changes, floating and UTC times, and malformed files.
final class ICalendarSourceTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures").standardized
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets").standardized

    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let newYork = DisplayZone(identifier: "America/New_York")!

    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }
    func month(_ s: String) -> ClosedRange<CalendarDate> { let m = CalendarMonth(iso: s)!; return m.firstDay...m.lastDay }

    /// "title start→end" with times in `zone`, sorted, so expectations read like a calendar.
    func lines(_ occurrences: [EventOccurrence], in zone: DisplayZone, title: String? = nil) -> [String] {
        occurrences.filter { title == nil || $0.title.hasPrefix(title!) }.map { o -> String in
            switch o.span {
            case let .allDay(first, end): return "\(first)..\(end) \(o.title)"
            case let .timed(s, e): return "\(zone.iso8601(s))..\(zone.clock(e)) \(o.title)"
            }
        }.sorted()
    }

    func source(_ text: String, zone: DisplayZone? = nil, name: String = "test.ics") -> ICalendarSource {
        let s = ICalendarSource(zone: zone ?? berlin)
        s.load(text: text, name: name)
        return s
    }

    func calendar(_ body: String) -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\n\(body)\nEND:VCALENDAR\n"
    }

    // MARK: A real program's export

    func testThunderbirdExportLoadsRecurringEventsOnTheRightDaysAndTimes() throws {
        let s = ICalendarSource(files: [Self.fixtures.appendingPathComponent("thunderbird-export.ics").path], zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(s.eventCount, 6)
        let octNov = d("2026-10-01")...d("2026-12-31")
        // Weekly on Tuesday at 09:00 Berlin, 10 times from 6 October: 27 October is excluded, 10 November moved.
        XCTAssertEqual(lines(s.occurrences(overlapping: octNov), in: berlin, title: "Jour fixe"), [
            "2026-10-06T09:00:00+02:00..10:00 Jour fixe",
            "2026-10-13T09:00:00+02:00..10:00 Jour fixe",
            "2026-10-20T09:00:00+02:00..10:00 Jour fixe",
            "2026-11-03T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-10T11:00:00+01:00..12:00 Jour fixe (verschoben)",
            "2026-11-17T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-24T09:00:00+01:00..10:00 Jour fixe",
            "2026-12-01T09:00:00+01:00..10:00 Jour fixe",
            "2026-12-08T09:00:00+01:00..10:00 Jour fixe",
        ])
        // 09:30 in New York stays 09:30 there, so in Berlin it moves when New York leaves DST (1 November)
        // a week after Berlin did (25 October).
        XCTAssertEqual(lines(s.occurrences(overlapping: octNov), in: berlin, title: "Standup"), [
            "2026-10-26T14:30:00+01:00..14:45 Standup New York",
            "2026-10-27T14:30:00+01:00..14:45 Standup New York",
            "2026-10-28T14:30:00+01:00..14:45 Standup New York",
            "2026-10-29T14:30:00+01:00..14:45 Standup New York",
            "2026-10-30T14:30:00+01:00..14:45 Standup New York",
            "2026-11-02T15:30:00+01:00..15:45 Standup New York",
            "2026-11-03T15:30:00+01:00..15:45 Standup New York",
            "2026-11-04T15:30:00+01:00..15:45 Standup New York",
            "2026-11-05T15:30:00+01:00..15:45 Standup New York",
            "2026-11-06T15:30:00+01:00..15:45 Standup New York",
        ])
        XCTAssertEqual(lines(s.occurrences(overlapping: octNov), in: berlin, title: "Herbst"), ["2026-10-26..2026-10-31 Herbstferien"])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2031-11")), in: berlin, title: "Geburtstag"),
                       ["2031-11-12..2031-11-13 Geburtstag Oma"], "a yearly birthday from 1948 still comes round")
        XCTAssertEqual(s.occurrences(overlapping: octNov).first { $0.title == "Jour fixe" }?.calendar, "Arbeit")
    }

    func testUTCEventLandsOnTheDisplayZonesDay() throws {
        let path = Self.fixtures.appendingPathComponent("thunderbird-export.ics").path
        let inBerlin = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(lines(inBerlin.occurrences(overlapping: d("2026-11-16")...d("2026-11-16")), in: berlin, title: "Server"),
                       ["2026-11-16T00:00:00+01:00..02:00 Server-Wartung"])
        let inNY = ICalendarSource(files: [path], zone: newYork)
        XCTAssertEqual(lines(inNY.occurrences(overlapping: d("2026-11-15")...d("2026-11-15")), in: newYork, title: "Server"),
                       ["2026-11-15T18:00:00-05:00..20:00 Server-Wartung"])
        XCTAssertEqual(inNY.occurrences(overlapping: d("2026-11-16")...d("2026-11-16")).filter { $0.title.hasPrefix("Server") }, [],
                       "in New York it is over before the 16th")
    }

    func testOutlookWindowsZoneNameResolvesThroughItsVTIMEZONE() throws {
        let s = ICalendarSource(files: [Self.fixtures.appendingPathComponent("outlook-export.ics").path], zone: .utc)
        XCTAssertEqual(s.diagnostics, [])
        // Every other Thursday at 14:00 "W. Europe Standard Time": 12:00Z in summer time, 13:00Z after 25 October.
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-09-01")...d("2026-12-31")), in: .utc), [
            "2026-10-01T12:00:00+00:00..13:00 Planning",
            "2026-10-15T12:00:00+00:00..13:00 Planning",
            "2026-10-29T13:00:00+00:00..14:00 Planning",
            "2026-11-12T13:00:00+00:00..14:00 Planning",
            "2026-11-26T13:00:00+00:00..14:00 Planning",
        ])
    }

    // MARK: Recurrence

    /// A cancelled override stays, struck through (as Evolution and Thunderbird show it).
    func testRDATEAddsAndEXDATERemovesAndCancelledOverrideStrikesThrough() {
        let s = source(calendar("""
            BEGIN:VEVENT
            UID:m
            SUMMARY:Monthly
            DTSTART:20260105T120000Z
            DURATION:PT30M
            RRULE:FREQ=MONTHLY;BYMONTHDAY=5
            EXDATE:20260305T120000Z
            RDATE:20260320T120000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:m
            RECURRENCE-ID:20260405T120000Z
            SUMMARY:Monthly
            STATUS:CANCELLED
            DTSTART:20260405T120000Z
            END:VEVENT
            """), zone: .utc)
        XCTAssertEqual(lines(s.occurrences(overlapping: d("2026-01-01")...d("2026-05-31")), in: .utc), [
            "2026-01-05T12:00:00+00:00..12:30 Monthly",
            "2026-02-05T12:00:00+00:00..12:30 Monthly",
            "2026-03-20T12:00:00+00:00..12:30 Monthly",
            "2026-04-05T12:00:00+00:00..12:00 Monthly",
            "2026-05-05T12:00:00+00:00..12:30 Monthly",
        ])
        XCTAssertEqual(s.occurrences(overlapping: d("2026-01-01")...d("2026-05-31")).filter(\.cancelled).count, 1)
        XCTAssertEqual(s.occurrences(overlapping: d("2026-04-01")...d("2026-04-30")).map(\.cancelled), [true])
    }

    func testAllDayWeeklyWithDateExceptions() {
        let s = source(calendar("""
            BEGIN:VEVENT
            UID:w
            SUMMARY:Bins
            DTSTART;VALUE=DATE:20260902
            RRULE:FREQ=WEEKLY;UNTIL=20260930
            EXDATE;VALUE=DATE:20260916
            END:VEVENT
            """))
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-09")), in: berlin), [
            "2026-09-02..2026-09-03 Bins", "2026-09-09..2026-09-10 Bins", "2026-09-23..2026-09-24 Bins", "2026-09-30..2026-10-01 Bins",
        ])
        XCTAssertTrue(s.occurrences(overlapping: month("2026-09")).allSatisfy { $0.span.isAllDay })
    }

    /// Expanding only a window (the iterator jumps near it) gives exactly what a walk from DTSTART gives.
    func testWindowedExpansionMatchesAFullExpansionFilteredToTheWindow() {
        let s = source(calendar("""
            BEGIN:VEVENT
            UID:a
            SUMMARY:Weekly
            DTSTART;TZID=Europe/Berlin:20200106T083000
            DTEND;TZID=Europe/Berlin:20200106T093000
            RRULE:FREQ=WEEKLY;BYDAY=MO,TH
            EXDATE;TZID=Europe/Berlin:20250109T083000
            END:VEVENT
            BEGIN:VEVENT
            UID:b
            SUMMARY:Last Friday
            DTSTART;TZID=America/New_York:20200131T170000
            DURATION:PT2H
            RRULE:FREQ=MONTHLY;BYDAY=-1FR
            END:VEVENT
            BEGIN:VEVENT
            UID:c
            SUMMARY:Counted
            DTSTART:20200101T100000Z
            RRULE:FREQ=DAILY;INTERVAL=3;COUNT=900
            END:VEVENT
            """))
        let whole = d("2020-01-01")...d("2029-12-31")
        let all = s.occurrences(overlapping: whole)
        XCTAssertGreaterThan(all.count, 1000)
        for m in stride(from: 0, to: 120, by: 7) {
            let mm = CalendarMonth(year: 2020, month: 1)!.adding(months: m)
            let window = mm.firstDay...mm.lastDay
            XCTAssertEqual(Set(s.occurrences(overlapping: window)), Set(all.filter { $0.overlaps(window, in: berlin) }), "month \(mm)")
        }
    }

    func testPrefetchingInSlicesGivesTheSameOccurrencesAsAskingDirectly() throws {
        let path = Self.fixtures.appendingPathComponent("thunderbird-export.ics").path
        let direct = ICalendarSource(files: [path], zone: berlin)
        let sliced = ICalendarSource(files: [path], zone: berlin)
        for m in ["2026-10", "2026-11", "2026-09", "2027-02", "2026-12"] {
            let g = MonthGrid(month: CalendarMonth(iso: m)!, firstWeekday: .monday)
            var slices = 0
            while !sliced.prefetch(overlapping: g.firstDate...g.lastDate, budget: 1) { slices += 1 }
            XCTAssertLessThanOrEqual(slices, 3, "one unit per recurring event at most")
            XCTAssertEqual(Set(sliced.occurrences(overlapping: g.firstDate...g.lastDate)),
                           Set(direct.occurrences(overlapping: g.firstDate...g.lastDate)), m)
        }
    }

    /// Weekly meetings in two zones with exceptions, an override and an all-day weekly event.
    func weeklyCalendar(_ count: Int) -> String {
        var body: [String] = []
        for i in 0..<count {
            let zone = i % 2 == 0 ? "Europe/Berlin" : "America/New_York"
            let day = ["MO", "TU", "WE", "TH", "FR"][i % 5]
            let date = String(format: "202601%02d", 5 + i % 5)
            if i % 9 == 8 {
                body.append("BEGIN:VEVENT\nUID:w\(i)\nSUMMARY:Weekly all-day \(i)\nDTSTART;VALUE=DATE:\(date)\nDTEND;VALUE=DATE:\(String(format: "202601%02d", 6 + i % 5))\nRRULE:FREQ=WEEKLY;BYDAY=\(day)\nEND:VEVENT")
                continue
            }
            body.append("BEGIN:VEVENT\nUID:w\(i)\nSUMMARY:Weekly \(i)\nDTSTART;TZID=\(zone):\(date)T\(String(format: "%02d", 7 + i % 10))0000\nDTEND;TZID=\(zone):\(date)T\(String(format: "%02d", 8 + i % 10))0000\nRRULE:FREQ=WEEKLY;BYDAY=\(day);UNTIL=20281231T235959Z\nEXDATE;TZID=\(zone):202611\(String(format: "%02d", 2 + i % 5))T\(String(format: "%02d", 7 + i % 10))0000\nEND:VEVENT")
        }
        body.append("BEGIN:VEVENT\nUID:w0\nSUMMARY:Weekly 0 (moved)\nRECURRENCE-ID;TZID=Europe/Berlin:20261109T070000\nDTSTART;TZID=Europe/Berlin:20261109T150000\nDTEND;TZID=Europe/Berlin:20261109T160000\nEND:VEVENT")
        return calendar(body.joined(separator: "\n"))
    }

    func testAskingMidPrefetchFinishesItAndGivesTheSameOccurrencesAsAskingDirectly() throws {
        let text = weeklyCalendar(40)
        let direct = source(text)
        let sliced = source(text)
        XCTAssertEqual(sliced.diagnostics, [])
        for m in ["2026-11", "2026-12", "2026-10", "2027-06"] {
            let g = MonthGrid(month: CalendarMonth(iso: m)!, firstWeekday: .monday)
            let days = g.firstDate...g.lastDate
            XCTAssertFalse(sliced.prefetch(overlapping: days, budget: 3), "40 recurring events take more than one slice of 3")
            let expected = direct.occurrences(overlapping: days)
            XCTAssertGreaterThan(expected.count, 100, m)
            XCTAssertEqual(sliced.occurrences(overlapping: days).count, expected.count, m)
            XCTAssertEqual(Set(sliced.occurrences(overlapping: days)), Set(expected), m)
            XCTAssertTrue(sliced.prefetch(overlapping: days, budget: 3), "the query finished the prefetch")
            XCTAssertEqual(Set(sliced.occurrences(overlapping: days)), Set(expected), "\(m), from the kept expansion")
        }
        // The override replaces its instance, once.
        let nov = sliced.occurrences(overlapping: d("2026-11-09")...d("2026-11-09")).filter { $0.uid == "w0" }
        XCTAssertEqual(lines(nov, in: berlin), ["2026-11-09T15:00:00+01:00..16:00 Weekly 0 (moved)"])
    }

    func testMultiDayTimedEventTouchesEachDayItSpansButNotTheOneItEndsAtMidnight() {
        let s = source(calendar("""
            BEGIN:VEVENT
            UID:t
            SUMMARY:Night train
            DTSTART;TZID=Europe/Berlin:20261127T220000
            DTEND;TZID=Europe/Berlin:20261129T000000
            END:VEVENT
            """))
        let o = s.occurrences(overlapping: month("2026-11"))
        XCTAssertEqual(o.count, 1)
        XCTAssertEqual(o[0].days(in: berlin), d("2026-11-27")...d("2026-11-28"))
        XCTAssertEqual(s.occurrences(overlapping: d("2026-11-29")...d("2026-11-30")), [])
    }

    func testFloatingTimesAreReadInTheDisplayZone() {
        let text = calendar("BEGIN:VEVENT\nUID:f\nSUMMARY:Dentist\nDTSTART:20261124T083000\nDTEND:20261124T091500\nEND:VEVENT")
        XCTAssertEqual(lines(source(text, zone: berlin).occurrences(overlapping: month("2026-11")), in: berlin),
                       ["2026-11-24T08:30:00+01:00..09:15 Dentist"])
        XCTAssertEqual(lines(source(text, zone: newYork).occurrences(overlapping: month("2026-11")), in: newYork),
                       ["2026-11-24T08:30:00-05:00..09:15 Dentist"])
    }

    func testSystemZoneIsUsedWhenAFileHasNoVTIMEZONE() {
        // Google and many others name IANA zones without VTIMEZONE blocks; tzdata answers.
        let s = source(calendar("BEGIN:VEVENT\nUID:g\nSUMMARY:Lunch\nDTSTART;TZID=Asia/Tokyo:20260701T120000\nDTEND;TZID=Asia/Tokyo:20260701T130000\nEND:VEVENT"), zone: .utc)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-07")), in: .utc), ["2026-07-01T03:00:00+00:00..04:00 Lunch"])
    }

    // MARK: The sample calendar

    func testSampleCalendarHasEverythingTheIssueAsksFor() throws {
        let s = ICalendarSource(files: [Self.assets.appendingPathComponent("sample.ics").path], zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        let nov = lines(s.occurrences(overlapping: month("2026-11")), in: berlin)
        XCTAssertTrue(nov.contains("2026-11-09..2026-11-14 Trip to Lisbon"), "a multi-day trip")
        XCTAssertTrue(nov.contains("2026-11-18T14:30:00+01:00..15:30 Team meeting (moved)"), "an override")
        XCTAssertFalse(nov.contains { $0.hasPrefix("2026-11-18T10:00") }, "the overridden instance is gone")
        XCTAssertFalse(nov.contains { $0.hasPrefix("2026-11-04T10:00") }, "an excluded instance")
        XCTAssertTrue(nov.contains("2026-11-27T17:00:00+01:00..18:30 Monthly review with New York"), "11:00 New York time")
        XCTAssertTrue(nov.contains("2026-11-26..2026-11-27 Thanksgiving (US)"), "a holiday on the fourth Thursday")
        XCTAssertTrue(nov.contains("2026-11-12T19:30:00+01:00..21:30 Book club"), "an RDATE")
        XCTAssertFalse(lines(s.occurrences(overlapping: month("2026-12")), in: berlin).contains { $0.contains("Monthly review") && $0.hasPrefix("2026-12-25") })
    }

    // MARK: Malformed input

    func testMalformedFileKeepsTheGoodEventsAndNamesTheLines() {
        let s = source("""
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:good
            SUMMARY:Good
            DTSTART:20261103T100000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:bad
            SUMMARY:Bad start
            DTSTART:2026xx03
            END:VEVENT
            THIS IS NOT A PROPERTY
            BEGIN:VEVENT
            UID:rule
            SUMMARY:Bad rule
            DTSTART:20261105T100000Z
            RRULE:FREQ=SOMETIMES
            END:VEVENT
            BEGIN:VEVENT
            UID:zone
            SUMMARY:Mars
            DTSTART;TZID=Mars/Olympus:20261106T100000
            END:VEVENT
            END:VCALENDAR
            """, zone: .utc, name: "bad.ics")
        XCTAssertEqual(lines(s.occurrences(overlapping: month("2026-11")), in: .utc), [
            "2026-11-03T10:00:00+00:00..10:00 Good",
            "2026-11-05T10:00:00+00:00..10:00 Bad rule",
            "2026-11-06T10:00:00+00:00..10:00 Mars",
        ])
        let text = s.diagnostics.map(\.description)
        XCTAssertTrue(text.contains { $0.hasPrefix("bad.ics:11: event 'Bad start'") && $0.contains("DTSTART") && $0.hasSuffix("the event is skipped") }, "\(text)")
        XCTAssertEqual(text.filter { $0.contains("Bad start") }.count, 1, "one message for one problem")
        XCTAssertEqual(text.map { Int($0.split(separator: ":")[1])! }, [11, 13, 18, 20], "in line order")
        XCTAssertTrue(text.contains { $0.hasPrefix("bad.ics:13:") && $0.contains("THIS IS NOT A PROPERTY") }, "\(text)")
        XCTAssertTrue(text.contains { $0.hasPrefix("bad.ics:18: event 'Bad rule'") && $0.contains("RRULE") }, "\(text)")
        XCTAssertTrue(text.contains { $0.hasPrefix("bad.ics:20: event 'Mars': unknown time zone 'Mars/Olympus'") }, "\(text)")
    }

    func testCutShortFileKeepsWhatWasComplete() {
        let s = source("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:a\nSUMMARY:Complete\nDTSTART;VALUE=DATE:20261101\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nSUMMA",
                       name: "cut.ics")
        XCTAssertEqual(s.occurrences(overlapping: month("2026-11")).map(\.title), ["Complete"])
        XCTAssertTrue(s.diagnostics.map(\.description).contains("cut.ics:10: the file ends inside a component (missing END lines; cut short?)"),
                      "\(s.diagnostics)")
    }

    func testUnreadableAndNonCalendarFilesGetOneMessageEach() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ical-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.ics"), text = dir.appendingPathComponent("notes.ics"),
            binary = dir.appendingPathComponent("image.ics")
        try Data().write(to: empty)
        try Data("shopping list\nmilk\n".utf8).write(to: text)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]).write(to: binary)
        let s = ICalendarSource(files: [dir.appendingPathComponent("missing.ics").path, dir.path, empty.path, text.path, binary.path,
                                        Self.fixtures.appendingPathComponent("outlook-export.ics").path], zone: .utc)
        XCTAssertEqual(s.diagnostics.map(\.description), [
            "\(dir.path)/missing.ics: cannot open calendar: no such file",
            "\(dir.path): cannot open calendar: is a directory",
            "\(empty.path): the file is empty",
            "\(text.path):1: not an iCalendar file (no BEGIN:VCALENDAR)",
            "\(binary.path): not an iCalendar file (it contains binary data)",
        ])
        XCTAssertEqual(s.occurrences(overlapping: month("2026-10")).count, 3, "the good file still loads")
    }
}
