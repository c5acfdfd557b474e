import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Files found in the wild or made to hurt, each read (or refused) in bounded time with a notice
/// that says what could not be done.
final class CalendarHardeningTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    func month(_ s: String) -> ClosedRange<CalendarDate> { let m = CalendarMonth(iso: s)!; return m.firstDay...m.lastDay }

    final class Outcome: @unchecked Sendable {
        var occurrences: [EventOccurrence] = []
        var diagnostics: [LoadDiagnostic] = []
        var seconds = 0.0
    }

    /// Loads `text` and asks for two months on another thread; nil when that takes over `limit` s.
    func load(_ text: String, months: [String], limit: Double) -> Outcome? {
        let done = DispatchSemaphore(value: 0)
        let result = Outcome()
        let ranges = months.map(month)
        let zone = berlin
        let t = Thread {
            let start = Date()
            let s = ICalendarSource(zone: zone)
            s.load(text: text, name: "hostile.ics")
            for r in ranges { result.occurrences += s.occurrences(overlapping: r) }
            result.diagnostics = s.diagnostics
            result.seconds = Date().timeIntervalSince(start)
            done.signal()
        }
        t.start()
        return done.wait(timeout: .now() + limit) == .success ? result : nil
    }

    static func calendar(_ body: String) -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//example//EN\n\(body)END:VCALENDAR\n"
    }

    /// 30 February never comes: a minutely rule looking for it is given up quickly, and said so.
    func testARuleThatNeverMatchesEndsQuicklyWithANotice() throws {
        for rule in ["FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", "FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31", "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30,31"] {
            let text = Self.calendar("BEGIN:VEVENT\nUID:never\nDTSTAMP:20260101T000000Z\nSUMMARY:Never\nDTSTART:20260101T090000Z\nRRULE:\(rule)\nEND:VEVENT\n")
            let r = try XCTUnwrap(load(text, months: ["2026-11", "2027-02"], limit: 5), "\(rule): still expanding after 5 s")
            XCTAssertEqual(r.occurrences.count, 0, rule)
            XCTAssertEqual(r.diagnostics.count, 1, "\(rule): \(r.diagnostics)")
            XCTAssertTrue(r.diagnostics.first?.message.contains("never") == true, "\(rule): \(r.diagnostics)")
        }
    }

    /// Secondly or minutely through months without an instance: libical would take tens of
    /// seconds a gap, so such a rule is not expanded, and said so; everyday sub-daily rules are.
    func testARuleTooSparseForItsFrequencyIsNotExpandedButEverydayOnesAre() throws {
        for rule in ["FREQ=SECONDLY;BYMONTH=3;BYMONTHDAY=1", "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29", "FREQ=SECONDLY;BYDAY=MO"] {
            let text = Self.calendar("BEGIN:VEVENT\nUID:slow\nDTSTAMP:20260101T000000Z\nSUMMARY:Slow\nDTSTART:20250301T090000Z\nRRULE:\(rule)\nEND:VEVENT\n")
            let r = try XCTUnwrap(load(text, months: ["2026-11", "2028-02"], limit: 5), "\(rule): still expanding after 5 s")
            XCTAssertEqual(r.occurrences.count, 0, rule)
            XCTAssertEqual(r.diagnostics.map(\.message).filter { $0.contains("too slow") }.count, 1, "\(rule): \(r.diagnostics)")
        }
        for (rule, count) in [("FREQ=MINUTELY;INTERVAL=30;BYHOUR=9,10", 120), ("FREQ=HOURLY;INTERVAL=12;BYDAY=MO", 10), ("FREQ=MINUTELY;INTERVAL=60;BYMONTHDAY=1", 24)] {
            let text = Self.calendar("BEGIN:VEVENT\nUID:ok\nDTSTAMP:20260101T000000Z\nSUMMARY:Fine\nDTSTART:20250301T090000Z\nRRULE:\(rule)\nEND:VEVENT\n")
            let r = try XCTUnwrap(load(text, months: ["2026-11"], limit: 10), rule)
            XCTAssertEqual(r.diagnostics, [], rule)
            XCTAssertEqual(r.occurrences.count, count, rule)
        }
    }

    /// A minutely rule that matches only on 29 February, hourly: the years between (up to eight,
    /// 2096 to 2104) are few enough steps to look through.
    func testASparseMinutelyRuleEndsInBoundedTime() throws {
        let text = Self.calendar("BEGIN:VEVENT\nUID:sparse\nDTSTAMP:20260101T000000Z\nSUMMARY:Sparse\nDTSTART:20250301T090000Z\nRRULE:FREQ=MINUTELY;INTERVAL=60;BYMONTH=2;BYMONTHDAY=29\nEND:VEVENT\n")
        let r = try XCTUnwrap(load(text, months: ["2026-11", "2028-02"], limit: 5), "still expanding after 5 s")
        // Hours of 29 February 2028 in UTC that start in February in Berlin: 00:00 to 22:00.
        XCTAssertEqual(r.occurrences.count, 23)
        let utc = DisplayZone(identifier: "UTC")!
        XCTAssertEqual(Set(r.occurrences.map { o -> CalendarDate in if case let .timed(s, _) = o.span { return utc.day(of: s) }; return CalendarDate(iso: "1999-01-01")! }), [CalendarDate(iso: "2028-02-29")!])
        XCTAssertEqual(r.diagnostics, [])
    }

    /// A rule that matches rarely but does match keeps its occurrences.
    func testARareRuleStillMatches() throws {
        let text = Self.calendar("BEGIN:VEVENT\nUID:leap\nDTSTAMP:20260101T000000Z\nSUMMARY:Leap\nDTSTART:20240229T090000Z\nDTEND:20240229T100000Z\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\nEND:VEVENT\n")
        let r = try XCTUnwrap(load(text, months: ["2028-02"], limit: 5))
        XCTAssertEqual(r.occurrences.map { berlin.day(of: { if case let .timed(s, _) = $0 { return s }; return 0 }($0.span)) }, [CalendarDate(iso: "2028-02-29")!])
        XCTAssertEqual(r.diagnostics, [])
    }

    /// Windows programs start UTF-8 files with a byte order mark.
    func testACalendarWithAByteOrderMarkIsRead() throws {
        let s = ICalendarSource(zone: berlin)
        s.load(text: "\u{FEFF}" + Self.calendar("BEGIN:VEVENT\nUID:bom\nDTSTAMP:20260101T000000Z\nSUMMARY:Marked\nDTSTART;VALUE=DATE:20261110\nEND:VEVENT\n"), name: "bom.ics")
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(s.occurrences(overlapping: month("2026-11")).map(\.title), ["Marked"])
    }

    /// No zone is 99 hours off UTC: such a VTIMEZONE is not used, and a notice says so.
    func testAnAbsurdZoneOffsetIsNotUsed() throws {
        let text = Self.calendar("""
            BEGIN:VTIMEZONE
            TZID:Far away
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:+0100
            TZOFFSETTO:-999999
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:far
            DTSTAMP:20260101T000000Z
            SUMMARY:Far
            DTSTART;TZID=Far away:20261110T090000
            DTEND;TZID=Far away:20261110T100000
            END:VEVENT

            """)
        let r = try XCTUnwrap(load(text, months: ["2026-11"], limit: 10))
        let nov10 = CalendarDate(iso: "2026-11-10")!
        XCTAssertEqual(r.occurrences.map(\.span), [.timed(start: berlin.instant(of: nov10, hour: 9), end: berlin.instant(of: nov10, hour: 10))], "read in the display zone")
        XCTAssertEqual(r.diagnostics.map(\.message), ["event 'Far': time zone 'Far away' cannot be used (an observance is 100:40:39 behind UTC, where real zones are within 18 hours of it); its times are read in the display zone"])
    }

    /// A name so long that the temporary file beside it cannot be made: shown read-only, with why.
    func testAFileNameTooLongToSaveIsReadOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(String(repeating: "n", count: 248) + ".ics").path
        let original = CalendarConflictTests.calendar(CalendarConflictTests.event("a", "Dentist", day: "20261110"))
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))
        let s = ICalendarSource(files: [path], zone: berlin)
        let why = try XCTUnwrap(s.readOnlyReason(file: path))
        XCTAssertTrue(why.contains("name is too long"), why)
        guard case let .refused(refusal) = s.move(EventMove(origin: EventOrigin(file: path, uid: "a"), days: 1, scope: .event), now: now) else { return XCTFail("written") }
        XCTAssertEqual(refusal, why)
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self), original)
        // One a few characters shorter is written as usual.
        let shorter = folder.appendingPathComponent(String(repeating: "n", count: 240) + ".ics").path
        try Data(original.utf8).write(to: URL(fileURLWithPath: shorter))
        let t = ICalendarSource(files: [shorter], zone: berlin)
        XCTAssertNil(t.readOnlyReason(file: shorter))
        guard case .written = t.move(EventMove(origin: EventOrigin(file: shorter, uid: "a"), days: 1, scope: .event), now: now) else { return XCTFail("not written") }
    }
}
