import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Calendars made to hurt: a zone whose rule repeats every second, a counted rule that runs for
/// centuries. Each is read in bounded time and says what it could not do.
final class HostileCalendarTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func month(_ s: String) -> ClosedRange<CalendarDate> { let m = CalendarMonth(iso: s)!; return m.firstDay...m.lastDay }

    final class Result: @unchecked Sendable {
        var occurrences: [EventOccurrence] = []
        var diagnostics: [LoadDiagnostic] = []
    }

    /// Loads `text` and asks for `month` on another thread; nil when that takes longer than 30 s
    /// (the thread is left running: the test has failed by then).
    func load(_ text: String, month m: String) -> Result? {
        let done = DispatchSemaphore(value: 0)
        let result = Result()
        let range = month(m)
        let zone = berlin
        let t = Thread {
            let s = ICalendarSource(zone: zone)
            s.load(text: text, name: "hostile.ics")
            result.occurrences = s.occurrences(overlapping: range)
            result.diagnostics = s.diagnostics
            done.signal()
        }
        t.start()
        return done.wait(timeout: .now() + 30) == .success ? result : nil
    }

    func testAZoneRepeatingEverySecondFallsBackToTheDisplayZone() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//example//EN
            BEGIN:VTIMEZONE
            TZID:Loop
            BEGIN:DAYLIGHT
            DTSTART:19700301T000000
            RRULE:FREQ=SECONDLY
            TZOFFSETFROM:+0100
            TZOFFSETTO:+0200
            END:DAYLIGHT
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:tz
            DTSTAMP:20260101T000000Z
            SUMMARY:Evil
            DTSTART;TZID=Loop:20261101T090000
            RRULE:FREQ=DAILY
            END:VEVENT
            END:VCALENDAR
            """
        let r = try XCTUnwrap(load(text, month: "2026-11"), "still reading after 30 s")
        XCTAssertEqual(r.diagnostics.map(\.message), ["event 'Evil': time zone 'Loop' cannot be used (an observance repeats secondly, where zones change a few times a year); its times are read in the display zone"])
        let nov5 = CalendarDate(iso: "2026-11-05")!
        XCTAssertTrue(r.occurrences.contains { $0.span == .timed(start: berlin.instant(of: nov5, hour: 9), end: berlin.instant(of: nov5, hour: 9)) },
                      "09:00 in the display zone")
    }

    func calendar(_ event: String) -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//example//EN\nBEGIN:VEVENT\nUID:x\nDTSTAMP:20260101T000000Z\nSUMMARY:Counted\n\(event)\nEND:VEVENT\nEND:VCALENDAR\n"
    }

    /// 200,000 daily instances from 1583 run into 2130: the page of November 2026 shows them, the
    /// last is on 14 August 2130 (1583-01-15 plus 199,999 days), and nothing is cut.
    func testACountedDailyRuleFromThe1580sReachesEveryPage() throws {
        let text = calendar("DTSTART:15830115T090000Z\nRRULE:FREQ=DAILY;COUNT=200000")
        let nov = try XCTUnwrap(load(text, month: "2026-11"))
        XCTAssertEqual(nov.occurrences.count, 30)
        XCTAssertEqual(nov.diagnostics, [])
        let end = try XCTUnwrap(load(text, month: "2130-08"))
        let last = CalendarDate(iso: "2130-08-14")!
        XCTAssertEqual(end.occurrences.count, 14)
        XCTAssertEqual(end.occurrences.map { berlin.day(of: { if case let .timed(s, _) = $0.span { return s }; return 0 }($0)) }.max(), last)
        XCTAssertEqual(try XCTUnwrap(load(text, month: "2130-09")).occurrences, [])
    }

    /// Counted daily and weekly rules by day arithmetic give libical's instances.
    func testCountedRulesByArithmeticMatchLibical() throws {
        let rules = [
            "DTSTART;TZID=Europe/Berlin:20260105T100000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=50",
            "DTSTART;TZID=Europe/Berlin:20260107T100000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=9",
            "DTSTART;TZID=Europe/Berlin:20260108T100000\nRRULE:FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,TH;COUNT=17",
            "DTSTART;VALUE=DATE:20260103\nRRULE:FREQ=DAILY;COUNT=400",
            "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=100",
        ]
        for rule in rules {
            for m in ["2026-01", "2026-02", "2026-04", "2026-07", "2027-01", "2027-02"] {
                let range = month(m)
                let fast = ICalendarSource(zone: berlin)
                fast.load(text: calendar(rule), name: "a.ics")
                let slow = ICalendarSource(zone: berlin)
                slow.dayArithmetic = false
                slow.load(text: calendar(rule), name: "a.ics")
                XCTAssertEqual(fast.occurrences(overlapping: range).map(\.span), slow.occurrences(overlapping: range).map(\.span), "\(rule) in \(m)")
            }
        }
    }

    /// A rule libical has to step (hourly) and that cannot reach the page within the limit says so.
    func testARuleCutShortSaysSo() throws {
        let r = try XCTUnwrap(load(calendar("DTSTART:15830115T090000Z\nRRULE:FREQ=HOURLY;COUNT=5000000"), month: "2026-11"))
        XCTAssertEqual(r.diagnostics.map(\.message), ["event 'Counted': its rule takes more than 100000 steps to reach the dates shown; later occurrences are not shown"])
    }
}
