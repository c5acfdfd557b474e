@testable import CalendarModel
import XCTest

/// Lanes for multi-day events across a week's row: a bar keeps its lane and continues on the next row.
final class WeekLanesTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func testAMultiDayEventKeepsOneLaneAcrossTheRowAndContinuesOnTheNext() {
        let trip = EventOccurrence(uid: "trip", title: "Trip", span: .allDay(first: d("2026-11-12"), end: d("2026-11-18")))
        let lunch = EventOccurrence(uid: "lunch", title: "Lunch", span: .timed(start: berlin.instant(of: d("2026-11-12"), hour: 12),
                                                                              end: berlin.instant(of: d("2026-11-12"), hour: 13)))
        let early = EventOccurrence(uid: "early", title: "Early", span: .allDay(first: d("2026-11-10"), end: d("2026-11-13")))
        let all = [trip, lunch, early]
        func row(_ monday: String) -> [[LaneSlot?]] {
            let days = (0..<7).map { d(monday).adding(days: $0) }
            return WeekLanes.assign(days: days, zone: berlin) { day in
                all.filter { $0.overlaps(day...day, in: self.berlin) }.sorted { ($0.sortKey(in: self.berlin), $0.uid) < ($1.sortKey(in: self.berlin), $1.uid) }
            }
        }
        let week = row("2026-11-09")
        // "Early" (10–12) starts first and takes lane 0; "Trip" (12–17) lane 1 on every day it covers.
        XCTAssertEqual(week[1].first??.event.uid, "early")
        let tripLanes = (3...6).map { c in week[c].firstIndex { $0?.event.uid == "trip" } }
        XCTAssertEqual(tripLanes, [1, 1, 1, 1])
        XCTAssertNil(week[4][0], "lane 0 stays free on the 13th: the bar below keeps its lane")
        XCTAssertEqual(week[3].firstIndex { $0?.event.uid == "lunch" }, 2, "a one-day event takes the first free lane")
        let first = week[3][1]!, middle = week[4][1]!, lastInRow = week[6][1]!
        XCTAssertEqual([first.continuesBefore, first.continuesAfter, first.showsTitle], [false, true, true])
        XCTAssertEqual(first.daysInRow, 4)
        XCTAssertEqual([middle.continuesBefore, middle.continuesAfter], [true, true])
        XCTAssertEqual([lastInRow.continuesAfter, lastInRow.endsLater], [false, true], "Sunday ends the row, not the trip")
        let next = row("2026-11-16")
        let cont = next[0].first { $0?.event.uid == "trip" }!!
        XCTAssertEqual([cont.startsEarlier, cont.showsTitle, cont.continuesAfter], [true, true, true], "the next row writes the title again")
        XCTAssertEqual(next[1].first { $0?.event.uid == "trip" }??.endsLater, false)
    }

    /// A bar from the dimmed days of the month before writes its title on the page's first day of
    /// its own month, where it can be read; its earlier pieces carry none.
    func testATitleSkipsTheDaysOfTheMonthBefore() {
        let conf = EventOccurrence(uid: "conf", title: "SwiftConf", span: .allDay(first: d("2026-11-30"), end: d("2026-12-03")))
        let days = (0..<7).map { d("2026-11-30").adding(days: $0) }
        let december = { (day: CalendarDate) in day.month == 12 }
        let row = WeekLanes.assign(days: days, zone: berlin, titled: december) { day in conf.overlaps(day...day, in: self.berlin) ? [conf] : [] }
        XCTAssertEqual((0...2).map { row[$0][0]!.showsTitle }, [false, true, false], "the title is on 1 December")
        XCTAssertEqual(row[1][0]!.daysInRow, 2, "and runs over the rest of the piece")
        // A piece wholly on the month before keeps its title at its start.
        let old = WeekLanes.assign(days: days, zone: berlin, titled: { _ in false }) { day in conf.overlaps(day...day, in: self.berlin) ? [conf] : [] }
        XCTAssertEqual((0...2).map { old[$0][0]!.showsTitle }, [true, false, false])
    }
}
