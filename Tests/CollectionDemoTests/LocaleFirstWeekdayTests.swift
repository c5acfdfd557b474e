import CalendarModel
import Foundation
import XCTest

/// Without `--first-weekday`, the calendar's week starts where the locale's does (CLDR's week data).
final class LocaleFirstWeekdayTests: XCTestCase {
    private func first(_ options: [String: [String]]) throws -> FirstWeekday {
        try CalendarSettings.parse(["timezone": ["UTC"]].merging(options) { _, new in new }).firstWeekday
    }

    func testTheLocaleDecidesTheFirstWeekday() throws {
        XCTAssertEqual(try first(["locale": ["en_US"]]), .sunday)
        XCTAssertEqual(try first(["locale": ["de_DE"]]), .monday)
        XCTAssertEqual(try first(["locale": ["en_GB"]]), .monday)
        XCTAssertEqual(try first(["locale": ["ar_EG"]]), .saturday)
        XCTAssertEqual(try first(["locale": ["fa_IR"]]), .saturday)
    }

    func testTheFlagWinsOverTheLocale() throws {
        XCTAssertEqual(try first(["locale": ["en_US"], "first-weekday": ["monday"]]), .monday)
        XCTAssertEqual(try first(["locale": ["de_DE"], "first-weekday": ["saturday"]]), .saturday)
        XCTAssertEqual(try first(["first-weekday": ["sunday"], "locale": ["ar_EG"]]), .sunday)
    }

    func testALocalesOwnKeywordAndTheFallbacks() throws {
        XCTAssertEqual(try first(["locale": ["de_DE@fw=sun"]]), .sunday, "the @fw keyword is the user's own choice")
        XCTAssertEqual(try first([:]), .monday, "no locale: ISO 8601's Monday")
        XCTAssertEqual(FirstWeekday(locale: Locale(identifier: "dv_MV")), .monday, "Friday is not offered: Monday")
    }

    func testTheMonthGridFollows() throws {
        let nov = CalendarMonth(iso: "2026-11")!
        XCTAssertEqual(MonthGrid(month: nov, firstWeekday: try first(["locale": ["en_US"]])).firstDate.description, "2026-11-01")
        XCTAssertEqual(MonthGrid(month: nov, firstWeekday: try first(["locale": ["de_DE"]])).firstDate.description, "2026-10-26")
        XCTAssertEqual(MonthGrid(month: nov, firstWeekday: try first(["locale": ["ar_EG"]])).firstDate.description, "2026-10-31")
    }
}
