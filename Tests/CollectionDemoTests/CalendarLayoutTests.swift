import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The calendar's paged layout: 42 cells a page, one page per flick.
final class CalendarLayoutTests: XCTestCase {
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
