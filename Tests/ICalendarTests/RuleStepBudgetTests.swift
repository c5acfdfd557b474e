import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Rules libical's iterator cannot step to an instance end by a step budget inside the
/// expansion, whatever makes them so, with a notice; rules it can step keep every occurrence.
final class RuleStepBudgetTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func month(_ s: String) -> ClosedRange<CalendarDate> { let m = CalendarMonth(iso: s)!; return m.firstDay...m.lastDay }

    final class Outcome: @unchecked Sendable {
        var occurrences: [EventOccurrence] = []
        var diagnostics: [LoadDiagnostic] = []
    }

    /// Loads one event with `rule` and asks for `months`, on another thread so that a rule that
    /// never ends fails the test instead of hanging it (the 120 s are a guard, not a measure).
    func expand(_ rule: String, start: String = "20261101T090000Z", months: [String]) throws -> Outcome {
        let text = CalendarHardeningTests.calendar("BEGIN:VEVENT\nUID:r\nDTSTAMP:20260101T000000Z\nSUMMARY:Rule\nDTSTART:\(start)\nRRULE:\(rule)\nEND:VEVENT\n")
        let done = DispatchSemaphore(value: 0)
        let result = Outcome()
        let ranges = months.map(month)
        let zone = berlin
        Thread {
            let s = ICalendarSource(zone: zone)
            s.load(text: text, name: "rule.ics")
            for r in ranges { result.occurrences += s.occurrences(overlapping: r) }
            // Asked again: a rule found unexpandable costs nothing more and says so once.
            for r in ranges { _ = s.occurrences(overlapping: r) }
            result.diagnostics = s.diagnostics
            done.signal()
        }.start()
        struct NeverEnded: Error {}
        guard done.wait(timeout: .now() + 120) == .success else {
            XCTFail("\(rule): still expanding after 120 s (libical's iterator never returned)")
            throw NeverEnded()
        }
        return result
    }

    /// Away from the first period (which libical 3.0 skips, see below), rules stepped with their
    /// limits checked here give libical's own occurrences, page by page, forward, back and far.
    func testSteppedLimitsGiveLibicalsOccurrences() throws {
        let rules = ["FREQ=HOURLY;BYDAY=MO,WE;BYHOUR=9,15", "FREQ=MINUTELY;INTERVAL=30;BYHOUR=9,10;BYMONTH=11,12",
                     "FREQ=DAILY;BYMONTHDAY=1,15,28", "FREQ=DAILY;INTERVAL=3;BYMONTH=2,3", "FREQ=HOURLY;INTERVAL=5;BYMONTHDAY=10",
                     "FREQ=DAILY;BYDAY=SA;BYMONTH=12", "FREQ=SECONDLY;INTERVAL=7200;BYDAY=TU", "FREQ=HOURLY;INTERVAL=3;BYHOUR=0,6,12,18;UNTIL=20270301T000000Z",
                     "FREQ=DAILY;COUNT=40;BYMONTHDAY=2,20", "FREQ=HOURLY;COUNT=30;BYDAY=FR;BYHOUR=8"]
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for (i, r) in rules.enumerated() {
            // Starts that match their rules, so libical's skipped first period is not in play.
            let start = ["20261102T090000Z", "20261101T090000Z", "20261101T080000Z", "20270201T070000Z", "20261110T000000Z",
                         "20261205T100000Z", "20261103T000000Z", "20261101T000000Z", "20261102T120000Z", "20261106T080000Z"][i]
            text += "BEGIN:VEVENT\r\nUID:r\(i)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Rule \(i)\r\nDTSTART:\(start)\r\nRRULE:\(r)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        func load(stepped: Bool) -> ICalendarSource {
            let s = ICalendarSource(zone: berlin)
            s.limitsStepped = stepped
            s.load(text: text, name: "rules.ics")
            return s
        }
        let ours = load(stepped: true), libical = load(stepped: false)
        let first = CalendarMonth(iso: "2026-11")!
        let months = (0..<16).map { first.adding(months: $0) } + (0..<6).map { first.adding(months: 10 - $0) } + [first.adding(months: 40), first.adding(months: 3)]
        var compared = 0
        for m in months {
            func page(_ s: ICalendarSource) -> [String] {
                s.occurrences(overlapping: m.firstDay...m.lastDay).map { "\($0.uid) \($0.span)" }.sorted()
            }
            let a = page(ours), b = page(libical)
            XCTAssertEqual(a, b, "\(m)")
            compared += a.count
        }
        XCTAssertGreaterThan(compared, 1_000, "enough occurrences compared")
        XCTAssertEqual(ours.diagnostics, libical.diagnostics)
    }

    /// libical never yields a leap second: its iterator would step second by second to 2582
    /// inside one call. Every other second on second 59 never comes either, for no reason a
    /// list of patterns would name.
    func testRulesLibicalCannotStepEndWithANotice() throws {
        for rule in ["FREQ=SECONDLY;BYSECOND=60", "FREQ=SECONDLY;INTERVAL=2;BYSECOND=59", "FREQ=SECONDLY;BYMINUTE=5;BYSECOND=60",
                     "FREQ=SECONDLY;BYSECOND=60;BYSETPOS=1"] {
            let r = try expand(rule, months: ["2026-11", "2026-12"])
            XCTAssertEqual(r.occurrences.count, 1, "\(rule): only the first occurrence (DTSTART)")
            XCTAssertEqual(r.diagnostics.filter { $0.message.contains("this rule cannot be expanded") }.count, 1, "\(rule): \(r.diagnostics)")
        }
        // Every other minute on minute 1: within the budget a month is stepped and found empty.
        let r = try expand("FREQ=MINUTELY;INTERVAL=2;BYMINUTE=1", months: ["2026-11", "2026-12"])
        XCTAssertEqual(r.occurrences.count, 1, "only DTSTART")
    }

    /// Limited rules libical can step give the instances RFC 5545 names, COUNT counting those
    /// that match (as libical does; DTSTART is shown besides). libical 3.0 itself skips the
    /// first period's matches (HOURLY;BYHOUR=10 from 09:00 starts the next day); these do not.
    func testLimitedRulesKeepTheirOccurrences() throws {
        let utc = DisplayZone(identifier: "UTC")!
        func starts(_ o: [EventOccurrence]) -> [String] {
            o.compactMap { if case let .timed(s, _) = $0.span { return "\(utc.day(of: s)) \((s % 86_400) / 3600):\(String(format: "%02d", (s % 3600) / 60))" }; return nil }.sorted()
        }
        // Mondays 09:00 and 17:00 UTC, hourly, six of them from Monday 2 November 2026.
        let hourly = try expand("FREQ=HOURLY;COUNT=6;BYDAY=MO;BYHOUR=9,17", start: "20261102T090000Z", months: ["2026-11"])
        XCTAssertEqual(starts(hourly.occurrences), ["2026-11-02 17:00", "2026-11-02 9:00", "2026-11-09 17:00", "2026-11-09 9:00", "2026-11-16 17:00", "2026-11-16 9:00"])
        XCTAssertEqual(hourly.diagnostics, [])
        // The 1st and 15th of January and July, daily, from 10 November: DTSTART and then four.
        let daily = try expand("FREQ=DAILY;COUNT=5;BYMONTHDAY=1,15;BYMONTH=1,7", start: "20261110T090000Z", months: ["2026-11", "2027-01", "2027-07"])
        XCTAssertEqual(starts(daily.occurrences), ["2026-11-10 9:00", "2027-01-01 9:00", "2027-01-15 9:00", "2027-07-01 9:00", "2027-07-15 9:00"])
        // The last day of each month, minutely at 09:30, seen in December.
        let last = try expand("FREQ=MINUTELY;BYMONTHDAY=-1;BYHOUR=9;BYMINUTE=30", start: "20261130T093000Z", months: ["2026-12"])
        XCTAssertEqual(starts(last.occurrences), ["2026-12-31 9:30"])
        XCTAssertEqual(last.diagnostics, [])
        // From 09:00, hourly at 10: that same day first.
        let ten = try expand("FREQ=HOURLY;COUNT=2;BYHOUR=10", start: "20261110T090000Z", months: ["2026-11"])
        XCTAssertEqual(starts(ten.occurrences), ["2026-11-10 10:00", "2026-11-10 9:00", "2026-11-11 10:00"])
    }
}
