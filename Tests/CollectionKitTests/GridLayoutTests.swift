@testable import CollectionKit
import XCTest

final class GridLayoutTests: XCTestCase {
    private func prepared(_ layout: GridLayout, _ bounds: Size, _ counts: [Int]) -> GridLayout {
        var l = layout
        l.prepare(LayoutContext(boundsSize: bounds, itemCounts: counts))
        return l
    }

    /// Every item's frame, by asking one at a time.
    private func allFrames(_ l: GridLayout, _ counts: [Int]) -> [Rect] {
        counts.enumerated().flatMap { s, n in (0..<n).map { l.attributesForItem(at: ItemPath(item: $0, section: s))!.frame } }
    }

    func testUniformVerticalFramesAreLiteral() {
        let l = prepared(GridLayout(minimumCrossSize: 40, itemLength: .fixed(30), interitemSpacing: 10, lineSpacing: 5,
                                    insets: EdgeInsets(all: 10)), Size(150, 100), [5])
        // 130 points across fit two 40-point minimums with a 10-point gap (three would need 140).
        XCTAssertEqual(l.perLine, 2)
        XCTAssertEqual(allFrames(l, [5]), [
            Rect(10, 10, 60, 30), Rect(80, 10, 60, 30),
            Rect(10, 45, 60, 30), Rect(80, 45, 60, 30),
            Rect(10, 80, 60, 30),
        ])
        XCTAssertEqual(l.contentSize, Size(150, 10 + 30 + 5 + 30 + 5 + 30 + 10))
    }

    func testHorizontalGridFillsColumnsTopToBottom() {
        let l = prepared(GridLayout(scrollAxis: .horizontal, itemsPerLine: 2, itemLength: .fixed(50), interitemSpacing: 0,
                                    lineSpacing: 10, insets: EdgeInsets()), Size(100, 80), [5])
        XCTAssertEqual(allFrames(l, [5]), [
            Rect(0, 0, 50, 40), Rect(0, 40, 50, 40), Rect(60, 0, 50, 40), Rect(60, 40, 50, 40), Rect(120, 0, 50, 40),
        ])
        XCTAssertEqual(l.contentSize, Size(170, 80))
    }

    func testVariableLengthsLineUpByTheLongestInEachLine() {
        let lengths: [Double] = [10, 30, 20, 5, 5]
        let l = prepared(GridLayout(itemsPerLine: 2, itemLength: .variable { lengths[$0.item] }, interitemSpacing: 0,
                                    lineSpacing: 2, insets: EdgeInsets()), Size(100, 50), [5])
        XCTAssertEqual(allFrames(l, [5]), [
            Rect(0, 0, 50, 10), Rect(50, 0, 50, 30), Rect(0, 32, 50, 20), Rect(50, 32, 50, 5), Rect(0, 54, 50, 5),
        ])
        XCTAssertEqual(l.contentSize.height, 59)
    }

    func testSectionsWithHeaders() {
        let l = prepared(GridLayout(itemsPerLine: 2, itemLength: .fixed(10), interitemSpacing: 0, lineSpacing: 0,
                                    insets: EdgeInsets(), headerLength: 20), Size(40, 100), [3, 1])
        XCTAssertEqual(allFrames(l, [3, 1]), [Rect(0, 20, 20, 10), Rect(20, 20, 20, 10), Rect(0, 30, 20, 10), Rect(0, 60, 20, 10)])
        let headers = l.attributesForElements(in: Rect(0, 0, 40, 100)).filter { $0.kind == .supplementary("header") }
        XCTAssertEqual(headers.map(\.frame).sorted { $0.minY < $1.minY }, [Rect(0, 0, 40, 20), Rect(0, 40, 40, 20)])
    }

    /// The rect query must return exactly what a scan of every item finds, for sizes 0...3 and a sweep.
    func testRectQueryMatchesAScanForManyShapes() {
        let layouts: [GridLayout] = [
            GridLayout(minimumCrossSize: 30, itemLength: .aspect(1)),
            GridLayout(scrollAxis: .horizontal, minimumCrossSize: 25, itemLength: .fixed(40), headerLength: 12),
            GridLayout(minimumCrossSize: 20, itemLength: .variable { Double(10 + ($0.item * 7) % 23) }, headerLength: 8),
        ]
        for layout in layouts {
            for counts in [[0], [1], [2], [3], [17], [5, 0, 9], [40, 3]] {
                let l = prepared(layout, Size(130, 110), counts)
                let frames = allFrames(l, counts)
                let ips = counts.enumerated().flatMap { s, n in (0..<n).map { ItemPath(item: $0, section: s) } }
                for rect in [Rect(0, 0, 130, 110), Rect(17, 33, 40, 51), Rect(-5, 90, 300, 300), Rect(60, 0, 1, 1000)] {
                    let expected = Set(zip(ips, frames).filter { $0.1.intersects(rect) }.map(\.0))
                    let got = Set(l.attributesForElements(in: rect).filter { $0.kind == .cell }.map(\.indexPath))
                    XCTAssertEqual(got, expected, "counts \(counts), rect \(rect), axis \(layout.scrollAxis)")
                }
            }
        }
    }

    func testTargetIndexForAMovingItem() {
        let l = prepared(GridLayout(itemsPerLine: 3, itemLength: .fixed(10), interitemSpacing: 0, lineSpacing: 0,
                                    insets: EdgeInsets()), Size(30, 100), [7])
        XCTAssertEqual(l.targetIndexPath(forMoving: ItemPath(item: 0), at: Point(15, 15)), ItemPath(item: 4))
        XCTAssertEqual(l.targetIndexPath(forMoving: ItemPath(item: 0), at: Point(29, 95)), ItemPath(item: 6), "past the end: the last slot")
        XCTAssertEqual(l.targetIndexPath(forMoving: ItemPath(item: 0), at: Point(-4, -4)), ItemPath(item: 0))
    }
}
