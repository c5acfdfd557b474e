@testable import CalendarModel
import Foundation
import XCTest

/// Calendar dates and months: parsing, the range 1583 to 9999, day arithmetic and ISO week
/// numbers, checked against Foundation's Gregorian and ISO 8601 calendars.
final class CalendarDateTests: XCTestCase {
    var gregorian: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    func foundationDate(_ y: Int, _ m: Int, _ d: Int) -> Date {
        gregorian.date(from: DateComponents(year: y, month: m, day: d))!
    }

    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func testDaysRoundTripAndAgreeWithFoundationForThreeCenturies() {
        var date = CalendarDate(year: 1900, month: 1, day: 1)!
        var f = foundationDate(1900, 1, 1)
        while date.year < 2200 {
            let c = gregorian.dateComponents([.year, .month, .day, .weekday], from: f)
            XCTAssertEqual(date.components.year, c.year!)
            XCTAssertEqual(date.components.month, c.month!)
            XCTAssertEqual(date.components.day, c.day!)
            // Foundation: 1 = Sunday; ISO: 7 = Sunday.
            XCTAssertEqual(date.isoWeekday % 7, (c.weekday! - 1) % 7, "\(date)")
            XCTAssertEqual(CalendarDate(iso: date.description), date)
            date = date.adding(days: 5)
            f = f.addingTimeInterval(5 * 86_400)
        }
    }

    func testParsingIsStrict() {
        XCTAssertNotNil(CalendarDate(iso: "2024-02-29"))
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-01-01", "2026-1-01", "2026/01/01", "", "2026-01-01x", "２０２６-01-01"] {
            XCTAssertNil(CalendarDate(iso: bad), bad)
        }
        XCTAssertEqual(CalendarMonth(iso: "2026-11")?.description, "2026-11")
        for bad in ["2026-13", "2026-00", "2026-1", "2026", "2026-11-01"] { XCTAssertNil(CalendarMonth(iso: bad), bad) }
        XCTAssertEqual(CalendarMonth(index: -1).description, "1969-12")
        XCTAssertEqual(CalendarMonth(iso: "1900-01")!.adding(months: 3599).description, "2199-12")
    }
    func testMonthsFrom1583To9999AreAcceptedAndNothingElse() throws {
        XCTAssertEqual(try CalendarSettings.parse(["month": ["1583-01"]]).month?.description, "1583-01")
        XCTAssertEqual(try CalendarSettings.parse(["month": ["9999-12"]]).month?.description, "9999-12")
        XCTAssertEqual(try CalendarSettings.parse(["min-date": ["1600-02-29"]]).minDate?.description, "1600-02-29")
        XCTAssertEqual(try CalendarSettings.parse(["today": ["9999-12-31"]]).today.description, "9999-12-31")
        for bad in ["1582-12", "0999-01"] {
            XCTAssertThrowsError(try CalendarSettings.parse(["month": [bad]])) { XCTAssertTrue("\($0)".contains("1583 to 9999"), "\($0)") }
        }
        XCTAssertThrowsError(try CalendarSettings.parse(["min-date": ["1582-10-15"]]))
    }

    /// Day arithmetic against Foundation's Gregorian calendar over the whole range, a prime stride
    /// apart so every weekday, month and leap rule (1600 leap, 1700/1800/1900 not, 2000 leap) is met.
    func testDateArithmeticMatchesFoundationFrom1583To9999() {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let first = CalendarDate(year: 1583, month: 1, day: 1)!, last = CalendarDate(year: 9999, month: 12, day: 31)!
        var day = first
        while day <= last {
            let date = Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch) * 86_400)
            let c = cal.dateComponents([.year, .month, .day, .weekday], from: date)
            XCTAssertEqual([day.year, day.month, day.day], [c.year!, c.month!, c.day!], "\(day)")
            XCTAssertEqual(day.isoWeekday, (c.weekday! + 5) % 7 + 1, "\(day)")
            XCTAssertEqual(CalendarDate(year: c.year!, month: c.month!, day: c.day!), day)
            day = day.adding(days: 997)
        }
        XCTAssertEqual(CalendarDate(year: 1600, month: 2, day: 29)?.isoWeekday, 2, "29 February 1600 was a Tuesday")
        XCTAssertNil(CalendarDate(year: 1700, month: 2, day: 29), "1700 is not a leap year")
        XCTAssertEqual(last.isoWeekday, 5, "31 December 9999 is a Friday")
        XCTAssertEqual(CalendarMonth(index: CalendarMonth(year: 1583, month: 1)!.index).description, "1583-01")
        XCTAssertEqual(CalendarMonth(year: 9999, month: 12)!.adding(months: -(9999 - 1583) * 12 - 11).description, "1583-01")
    }

    func testISOWeekNumbersMatchFoundationsISO8601Calendar() {
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = TimeZone(identifier: "UTC")!
        var day = CalendarDate(year: 1583, month: 1, day: 1)!
        while day.year < 10000 {
            let date = Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch) * 86_400)
            XCTAssertEqual(day.isoWeek, iso.component(.weekOfYear, from: date), "\(day)")
            day = day.adding(days: 211)
        }
        XCTAssertEqual(d("2027-01-01").isoWeek, 53, "a Friday 1 January is in the week before's year")
        XCTAssertEqual(d("2024-12-30").isoWeek, 1, "a Monday 30 December can be in week 1")
        XCTAssertEqual(d("2026-01-01").isoWeek, 1)
    }
}
