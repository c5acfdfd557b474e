import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// Date and month-grid arithmetic, checked against Foundation's Gregorian calendar.
final class CalendarGridTests: XCTestCase {
    var gregorian: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    func foundationDate(_ y: Int, _ m: Int, _ d: Int) -> Date {
        gregorian.date(from: DateComponents(year: y, month: m, day: d))!
    }

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

    func testLayoutPlacesFortyTwoCellsPerPageAndPagesOneAtATime() {
        var layout = CalendarLayout(insets: EdgeInsets(all: 10), spacing: 4)
        layout.prepare(LayoutContext(boundsSize: Size(width: 716, height: 604), itemCounts: [42, 42, 42, 42]))
        XCTAssertEqual(layout.contentSize, Size(width: 2864, height: 604))
        XCTAssertEqual(layout.cellSize, Size(width: 96, height: 94))
        XCTAssertEqual(layout.attributesForItem(at: ItemPath(item: 0, section: 1))?.frame, Rect(726, 10, 96, 94))
        XCTAssertEqual(layout.attributesForItem(at: ItemPath(item: 41, section: 1))?.frame, Rect(1326, 500, 96, 94))
        XCTAssertEqual(layout.attributesForElements(in: Rect(0, 0, 716, 604)).count, 42)
        let half = layout.attributesForElements(in: Rect(358, 0, 716, 604))
        XCTAssertEqual(Set(half.map(\.indexPath.section)), [0, 1])
        XCTAssertTrue(half.allSatisfy { $0.frame.intersects(Rect(358, 0, 716, 604)) })
        XCTAssertEqual(half.count, 48, "columns 3-6 of page 0 and 0-3 of page 1")
        let from1 = ScrollDecision(startOffset: Point(716, 0), currentOffset: Point(900, 0), boundsSize: Size(width: 716, height: 604))
        XCTAssertEqual(layout.targetContentOffset(proposed: Point(2600, 0), velocity: Point(9000, 0), decision: from1), Point(1432, 0),
                       "a hard flick still moves one page")
        XCTAssertEqual(layout.targetContentOffset(proposed: Point(800, 0), velocity: .zero, decision: from1), Point(716, 0))
        XCTAssertEqual(layout.targetContentOffset(proposed: Point(-900, 0), velocity: .zero, decision: from1), Point(0, 0))
    }
}
