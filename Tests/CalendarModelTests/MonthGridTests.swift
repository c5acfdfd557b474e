@testable import CalendarModel
import Foundation
import XCTest

/// Month pages of 6x7 days for every first weekday, checked against Foundation's week arithmetic.
final class MonthGridTests: XCTestCase {
    var gregorian: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    func foundationDate(_ y: Int, _ m: Int, _ d: Int) -> Date {
        gregorian.date(from: DateComponents(year: y, month: m, day: d))!
    }

    /// Every month from 1900 to 2199 with each first weekday: the first cell, where the 1st and the
    /// last day sit, and that the 42 days run on without a gap.
    func testGridForEveryMonthOfThreeCenturiesAndEachFirstWeekday() {
        let foundationFirst: [FirstWeekday: Int] = [.monday: 2, .sunday: 1, .saturday: 7]
        for weekday in FirstWeekday.allCases {
            var cal = gregorian
            cal.firstWeekday = foundationFirst[weekday]!
            for index in CalendarMonth(year: 1900, month: 1)!.index...CalendarMonth(year: 2199, month: 12)!.index {
                let month = CalendarMonth(index: index)
                let grid = MonthGrid(month: month, firstWeekday: weekday)
                let first = foundationDate(month.year, month.month, 1)
                // The start of the week containing the 1st, by Foundation's own week arithmetic.
                let weekStart = cal.dateInterval(of: .weekOfMonth, for: first)!.start
                let c = cal.dateComponents([.year, .month, .day], from: weekStart)
                XCTAssertEqual(grid.firstDate, CalendarDate(year: c.year!, month: c.month!, day: c.day!), "\(month) \(weekday)")
                let daysInMonth = cal.range(of: .day, in: .month, for: first)!.count
                let lead = grid.cell(of: month.firstDay)!
                XCTAssertTrue((0..<7).contains(lead))
                XCTAssertEqual(grid.cell(of: month.lastDay), lead + daysInMonth - 1)
                XCTAssertEqual(Set(grid.dates).count, 42)
                XCTAssertEqual(grid.dates.last, grid.firstDate.adding(days: 41))
                XCTAssertEqual(grid.firstDate.isoWeekday, weekday.isoWeekday)
                XCTAssertEqual(grid.dates.filter { !grid.isAdjacent($0) }.count, daysInMonth)
            }
        }
    }

    func testKnownPages() {
        let nov = CalendarMonth(iso: "2026-11")!
        XCTAssertEqual(MonthGrid(month: nov, firstWeekday: .monday).firstDate.description, "2026-10-26")
        XCTAssertEqual(MonthGrid(month: nov, firstWeekday: .sunday).firstDate.description, "2026-11-01")
        XCTAssertEqual(MonthGrid(month: nov, firstWeekday: .saturday).firstDate.description, "2026-10-31")
        // February 2021 starts on a Monday and has exactly four weeks: two whole rows of March follow.
        let feb = MonthGrid(month: CalendarMonth(iso: "2021-02")!, firstWeekday: .monday)
        XCTAssertEqual(feb.firstDate.description, "2021-02-01")
        XCTAssertEqual(feb.lastDate.description, "2021-03-14")
    }
}
