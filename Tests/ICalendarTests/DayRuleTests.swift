import CLibical
import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Simple DAILY and WEEKLY rules are expanded by day arithmetic (`DayRule`) instead of libical's
/// iterator; both must give the same occurrences, whatever the rule, zone, exceptions and order
/// in which pages are asked for.
final class DayRuleTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!

    /// A small deterministic generator (the tests must not change from run to run).
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        mutating func pick<T>(_ a: [T]) -> T { a[next(a.count)] }
    }

    func series(_ rnd: inout Random, index i: Int, startYear: Int) -> [String] {
        let zone = rnd.pick(["TZID=Europe/Berlin", "TZID=America/New_York", "UTC", "floating", "date"])
        let y = startYear + rnd.next(3), m = 1 + rnd.next(12), d = 1 + rnd.next(28)
        let hour = rnd.pick([0, 1, 2, 3, 9, 17, 23])
        let date = String(format: "%04d%02d%02d", y, m, d)
        func value(_ date: String, _ h: Int) -> String {
            switch zone {
            case "UTC": return ":\(date)T\(String(format: "%02d", h))3000Z"
            case "floating": return ":\(date)T\(String(format: "%02d", h))3000"
            case "date": return ";VALUE=DATE:\(date)"
            default: return ";\(zone):\(date)T\(String(format: "%02d", h))3000"
            }
        }
        var rule = "FREQ=\(rnd.pick(["WEEKLY", "WEEKLY", "DAILY"]))"
        let interval = rnd.pick([1, 1, 2, 3, 4])
        if interval > 1 { rule += ";INTERVAL=\(interval)" }
        if rnd.next(3) > 0 {
            let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].filter { _ in rnd.next(3) == 0 }
            if !days.isEmpty { rule += ";BYDAY=" + days.joined(separator: ",") }
        }
        // libical groups the weeks of some rules from Sunday whatever WKST says (see
        // `testWeeksFollowWKSTWhereLibicalsIteratorDoesNot`), so with an INTERVAL the comparison
        // keeps to weeks starting on Sunday.
        if interval > 1 { rule += ";WKST=SU" } else if rnd.next(3) == 0 { rule += ";WKST=\(rnd.pick(["MO", "SU", "WE", "SA"]))" }
        if rnd.next(2) == 0 { rule += ";UNTIL=\(y + 1 + rnd.next(3))\(String(format: "%02d", 1 + rnd.next(12)))15T120000Z" }
        var l = ["BEGIN:VEVENT", "UID:r-\(i)", "SUMMARY:Series \(i) \(rule)", "DTSTART" + value(date, hour)]
        l.append(zone == "date" ? "DURATION:P1D" : "DURATION:PT45M")
        l.append("RRULE:\(rule)")
        for _ in 0..<rnd.next(4) {
            let ex = String(format: "%04d%02d%02d", y + rnd.next(2), 1 + rnd.next(12), 1 + rnd.next(28))
            l.append("EXDATE" + value(ex, hour))
        }
        l.append("END:VEVENT")
        if rnd.next(3) == 0 {
            let rid = String(format: "%04d%02d%02d", y + rnd.next(2), 1 + rnd.next(12), 1 + rnd.next(28))
            l += ["BEGIN:VEVENT", "UID:r-\(i)", "SUMMARY:Series \(i) (moved)", "RECURRENCE-ID" + value(rid, hour),
                  "DTSTART" + value(rid, (hour + 2) % 24), zone == "date" ? "DURATION:P1D" : "DURATION:PT45M", "END:VEVENT"]
        }
        return l
    }

    func calendar(seed: UInt64, count: Int, startYear: Int) -> String {
        var rnd = Random(state: seed)
        var l = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for i in 0..<count { l += series(&rnd, index: i, startYear: startYear) }
        l.append("END:VCALENDAR")
        return l.joined(separator: "\r\n") + "\r\n"
    }

    func load(_ text: String, arithmetic: Bool) -> ICalendarSource {
        let s = ICalendarSource(zone: berlin)
        s.dayArithmetic = arithmetic
        s.load(text: text, name: "rules.ics")
        return s
    }

    /// The occurrences of each month asked for, in the order asked.
    func pages(_ s: ICalendarSource, _ months: [CalendarMonth]) -> [String] {
        months.flatMap { m in
            s.occurrences(overlapping: m.firstDay...m.lastDay).map { o -> String in
                switch o.span {
                case let .allDay(first, end): return "\(m) \(first)..\(end) \(o.title)"
                case let .timed(a, b): return "\(m) \(a)..\(b) \(o.title)"
                }
            }.sorted()
        }
    }

    func compare(startYear: Int, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        // A third of the series under the sanitizer: the same rule shapes, zones and pages.
        let series = SanitizerPass.count(120, sanitized: 40)
        let text = calendar(seed: seed, count: series, startYear: startYear)
        let fast = load(text, arithmetic: true), libical = load(text, arithmetic: false)
        XCTAssertEqual(fast.diagnostics, libical.diagnostics, file: file, line: line)
        let first = CalendarMonth(year: startYear, month: 1)!
        // Forward month by month, back, a jump far ahead and back again.
        var months = (0..<40).map { first.adding(months: $0) }
        months += (0..<14).map { first.adding(months: 30 - $0) }
        months += [first.adding(months: 70), first.adding(months: 2), first.adding(months: 3)]
        let a = pages(fast, months), b = pages(libical, months)
        XCTAssertGreaterThan(a.count, 5_000 * series / 120, file: file, line: line)
        var counts: [String: Int] = [:]
        for x in a { counts[x, default: 0] += 1 }
        for y in b { counts[y, default: 0] -= 1 }
        let onlyA = counts.filter { $0.value > 0 }.keys.sorted(), onlyB = counts.filter { $0.value < 0 }.keys.sorted()
        XCTAssertEqual(onlyA, [], "only by day arithmetic", file: file, line: line)
        XCTAssertEqual(onlyB, [], "only by libical", file: file, line: line)
    }

    func testDayArithmeticGivesLibicalsOccurrencesInRecentYears() {
        compare(startYear: 2024, seed: 1)
        compare(startYear: 2025, seed: 2)
    }

    func testDayArithmeticGivesLibicalsOccurrencesAcrossOldDaylightSavingRules() {
        compare(startYear: 1995, seed: 3)
    }

    func testDayArithmeticGivesLibicalsOccurrencesInFarYears() {
        // libical's iterator works in shifted 400-year frames there (see `RuleExpansion.frame`).
        compare(startYear: 2998, seed: 4)
    }

    /// RFC 5545 (3.3.10): WKST decides which days make up a week when a WEEKLY rule has an
    /// INTERVAL, counted from the week DTSTART is in. libical 3.0's iterator ignores it for some
    /// rules (a single BYDAY, here Sunday, with WKST=MO: it counts weeks from Sunday and gives
    /// 17, 31 August); day arithmetic follows the RFC, as python-dateutil does.
    func testWeeksFollowWKSTWhereLibicalsIteratorDoesNot() {
        func days(_ rule: String, start: String, arithmetic: Bool = true) -> [String] {
            let s = ICalendarSource(zone: .utc)
            s.dayArithmetic = arithmetic
            s.load(text: "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\nBEGIN:VEVENT\nUID:w\nSUMMARY:W\n"
                + "DTSTART:\(start)\nDURATION:PT1H\nRRULE:\(rule)\nEND:VEVENT\nEND:VCALENDAR\n", name: "w.ics")
            return s.occurrences(overlapping: CalendarDate(iso: "1997-08-01")!...CalendarDate(iso: "1997-09-30")!)
                .map { o -> String in
                    guard case let .timed(a, _) = o.span else { return "" }
                    return "\(DisplayZone.utc.day(of: a))"
                }.sorted()
        }
        // RFC 5545's own examples.
        XCTAssertEqual(days("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", start: "19970805T090000Z"),
                       ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        XCTAssertEqual(days("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", start: "19970805T090000Z"),
                       ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
        // The same without COUNT (day arithmetic), and Sunday alone.
        XCTAssertEqual(days("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO;UNTIL=19970825T000000Z", start: "19970805T090000Z"),
                       ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        XCTAssertEqual(days("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=MO;UNTIL=19970922T000000Z", start: "19970805T090000Z"),
                       ["1997-08-05", "1997-08-10", "1997-08-24", "1997-09-07", "1997-09-21"])
        XCTAssertEqual(days("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=SU;UNTIL=19970922T000000Z", start: "19970805T090000Z"),
                       ["1997-08-05", "1997-08-17", "1997-08-31", "1997-09-14"])
        // libical's iterator alone puts the Sundays in the other weeks.
        XCTAssertEqual(days("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=MO;UNTIL=19970922T000000Z", start: "19970805T090000Z", arithmetic: false),
                       ["1997-08-05", "1997-08-17", "1997-08-31", "1997-09-14"])
    }

    func testOnlySimpleRulesUseDayArithmetic() {
        func rule(_ text: String, start: String = "20260105T090000") -> DayRule? {
            var start = icaltime_from_string(start)
            start.zone = nil
            return DayRule(icalrecurrencetype_from_string(text), start: start)
        }
        XCTAssertNotNil(rule("FREQ=WEEKLY"))
        XCTAssertNotNil(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU;UNTIL=20270101T000000Z"))
        XCTAssertNotNil(rule("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"))
        // COUNT: the last instance by arithmetic when DTSTART (Monday 5 January) is one of the rule's days.
        XCTAssertEqual(rule("FREQ=WEEKLY;COUNT=5")?.lastCountedDay, CalendarDate(iso: "2026-02-02")!.daysSinceEpoch)
        XCTAssertNil(rule("FREQ=WEEKLY;BYDAY=TU;COUNT=5"), "DTSTART is not a Tuesday: libical counts")
        XCTAssertNil(rule("FREQ=DAILY;INTERVAL=2;BYDAY=MO,TU;COUNT=5"), "every other day on some weekdays: libical counts")
        XCTAssertNil(rule("FREQ=MONTHLY;BYDAY=1MO"))
        XCTAssertNil(rule("FREQ=WEEKLY;BYDAY=1MO"))
        XCTAssertNil(rule("FREQ=WEEKLY;BYMONTH=3"))
        XCTAssertNil(rule("FREQ=DAILY;BYHOUR=9,17"))
        XCTAssertNil(rule("FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=-1"))
        XCTAssertNil(rule("FREQ=YEARLY"))
        XCTAssertNil(rule("FREQ=WEEKLY", start: "15000105T090000"))
        // Every other week from a Wednesday, weeks starting Sunday: the Monday of its own week
        // is before DTSTART, the next Monday is in an off week.
        let r = rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU", start: "20260107T090000")!
        let wed = CalendarDate(iso: "2026-01-07")!.daysSinceEpoch
        XCTAssertEqual(r.day(onOrAfter: wed - 3), wed)
        XCTAssertEqual(r.day(onOrAfter: wed + 1), wed + 12)   // Monday 19 January
        XCTAssertEqual(r.day(onOrAfter: wed + 13), wed + 14)  // Wednesday 21 January
    }
}
