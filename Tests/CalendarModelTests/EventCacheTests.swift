@testable import CalendarModel
import XCTest

/// Preparing month pages in idle frames: a big page's day table is built over several calls of
/// bounded work, and it is the same table a direct question builds at once.
final class EventCacheTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    /// `count` occurrences spread over November 2026's page, timed and all-day, some over several days.
    func crowdedSource(_ count: Int) -> InMemoryEventSource {
        let first = d("2026-10-26")
        let list = (0..<count).map { i -> EventOccurrence in
            let day = first.adding(days: i % 42)
            if i % 7 == 0 {
                return EventOccurrence(uid: "a\(i)", title: "All day \(i)", span: .allDay(first: day, end: day.adding(days: 1 + i % 3)))
            }
            let start = berlin.instant(of: day, hour: (i * 5) % 24, minute: (i * 13) % 60)
            return EventOccurrence(uid: "t\(i)", title: "Timed \(i)", span: .timed(start: start, end: start + Int64(1800 + (i % 5) * 3600)))
        }
        return InMemoryEventSource(list, zone: berlin)
    }

    func testABigPageIsBuiltOverSeveralCallsAndMatchesTheDirectTable() {
        let page = MonthGrid(month: CalendarMonth(iso: "2026-11")!, firstWeekday: .monday)
        let sliced = EventCache(source: crowdedSource(3000), zone: berlin)
        let direct = EventCache(source: crowdedSource(3000), zone: berlin)
        var calls = 0
        while !sliced.prepare(page, budget: 10) {
            calls += 1
            XCTAssertFalse(sliced.isReady(page), "not ready before prepare says so")
            XCTAssertLessThan(calls, 100)
        }
        // One call for the source, then 3,000 occurrences filed and sorted at 400 a call.
        XCTAssertGreaterThanOrEqual(calls, 1 + 3000 / (10 * EventCache.tableWorkPerUnit))
        XCTAssertTrue(sliced.isReady(page))
        for date in page.dates {
            let expected = direct.events(on: date, page: page)
            XCTAssertEqual(sliced.events(on: date, page: page), expected, "\(date)")
            XCTAssertFalse(expected.isEmpty)
        }
        XCTAssertEqual(sliced.occurrences(on: page), direct.occurrences(on: page))
    }

    func testAPageAskedForMidBuildIsCompleteAndTheBuildIsNotRepeated() {
        let page = MonthGrid(month: CalendarMonth(iso: "2026-11")!, firstWeekday: .monday)
        let source = crowdedSource(2000)
        let cache = EventCache(source: source, zone: berlin)
        let direct = EventCache(source: crowdedSource(2000), zone: berlin)
        XCTAssertFalse(cache.prepare(page, budget: 5))
        XCTAssertFalse(cache.prepare(page, budget: 5))
        XCTAssertFalse(cache.isReady(page), "half filed")
        for date in page.dates { XCTAssertEqual(cache.events(on: date, page: page), direct.events(on: date, page: page)) }
        XCTAssertEqual(source.queries, 1, "the half-built table was finished, not asked for again")
        XCTAssertTrue(cache.prepare(page, budget: 5))
    }

    func testASmallPageIsReadyTheCallAfterItsSource() {
        let page = MonthGrid(month: CalendarMonth(iso: "2026-11")!, firstWeekday: .monday)
        let cache = EventCache(source: crowdedSource(40), zone: berlin)
        XCTAssertFalse(cache.prepare(page, budget: 60), "the source's last slice is a frame of its own")
        XCTAssertTrue(cache.prepare(page, budget: 60))
        XCTAssertEqual(cache.expansions, 1)
    }
}
