@testable import CollectionKit
import XCTest

/// A waterfall that keeps its columns (`keepsColumns`): a drag shifts only the column the tile
/// leaves and the one under the pointer, the tile lands where its gap was, and the order after
/// the drop lays out to the same picture.
final class WaterfallKeptColumnsTests: XCTestCase {
    /// Heights that differ per tile, so a shortest-column deal re-deals every later tile when one
    /// index moves (the bug the kept columns fix).
    private static func height(_ id: Int) -> Double { Double(60 + (id * 37) % 90) }

    private func makeView(_ ds: MovableNumbers) -> CollectionView {
        var layout = WaterfallLayout(minimumColumnWidth: 100, spacing: 10, insets: EdgeInsets(all: 10)) { ip, _ in
            WaterfallKeptColumnsTests.height(ds.ids[ip.item])
        }
        layout.keepsColumns = true
        let cv = CollectionView(name: "waterfall", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        cv.setFrame(Rect(0, 0, 450, 2000))
        cv.reloadData()
        return cv
    }

    /// Every tile's frame by identifier, as shown now.
    private func frames(_ cv: CollectionView, _ ds: MovableNumbers) -> [Int: Rect] {
        var result: [Int: Rect] = [:]
        for i in 0..<ds.ids.count {
            let id = ds.ids[cv.dataIndexPath(forDisplayed: ItemPath(item: i)).item]
            result[id] = cv.layout.attributesForItem(at: ItemPath(item: i))?.frame
        }
        return result
    }

    func testATileDraggedOntoTheTileBelowItInItsColumnLandsThereAndOnlyThatColumnShifts() {
        let ds = MovableNumbers(count: 40)
        let cv = makeView(ds)
        let before = frames(cv, ds)
        // The tile directly below tile 0 in its column.
        let below = before.filter { $0.value.minX == before[0]!.minX && $0.key != 0 }.min { $0.value.minY < $1.value.minY }!.key
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 0)))
        let pointer = Point(before[below]!.midX, before[below]!.midY)
        for _ in 0..<4 { cv.updateInteractiveMovementTargetPosition(pointer) }
        let during = frames(cv, ds)
        // Tile 0 stays in its column, directly below the tile it was dropped on.
        XCTAssertEqual(during[0]!.minX, before[0]!.minX)
        XCTAssertEqual(during[0]!.minY, during[below]!.maxY + 10)
        XCTAssertEqual(during[below]!.minY, before[0]!.minY, "the tile below moves up into the place")
        // Every other column is untouched.
        for (id, f) in before where f.minX != before[0]!.minX {
            XCTAssertEqual(during[id], f, "tile \(id) in another column moved")
        }
        cv.endInteractiveMovement()
        XCTAssertEqual(frames(cv, ds), during, "the drop keeps the picture")
        cv.reloadData()
        XCTAssertEqual(frames(cv, ds), during, "the new order lays out to the same picture")
    }

    func testATileDraggedIntoAnotherColumnShiftsOnlyTheTwoColumns() {
        let ds = MovableNumbers(count: 40)
        let cv = makeView(ds)
        let before = frames(cv, ds)
        let source = 2
        let onto = (15..<40).first { before[$0]!.minX != before[source]!.minX }!
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: source)))
        let pointer = Point(before[onto]!.midX, before[onto]!.midY)
        for _ in 0..<4 { cv.updateInteractiveMovementTargetPosition(pointer) }
        let during = frames(cv, ds)
        XCTAssertEqual(during[source]!.minX, before[onto]!.minX, "the gap opens in the column under the pointer")
        XCTAssertTrue(during[source]!.contains(pointer) || abs(during[source]!.minY - before[onto]!.minY) <= 150,
                      "the gap opens near the height under the pointer")
        let touched: Set<Double> = [before[source]!.minX, before[onto]!.minX]
        for (id, f) in before where id != source {
            XCTAssertEqual(during[id]!.minX, f.minX, "tile \(id) changed column")
            if !touched.contains(f.minX) { XCTAssertEqual(during[id], f, "tile \(id) in an untouched column moved") }
        }
        cv.endInteractiveMovement()
        XCTAssertEqual(frames(cv, ds), during)
        cv.reloadData()
        XCTAssertEqual(frames(cv, ds), during)
    }

    func testAColumnCountChangeDealsAfresh() {
        let ds = MovableNumbers(count: 30)
        let cv = makeView(ds)
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 0)))
        cv.updateInteractiveMovementTargetPosition(Point(380, 400))
        cv.endInteractiveMovement()
        cv.setFrame(Rect(0, 0, 700, 2000))
        var fresh = WaterfallLayout(minimumColumnWidth: 100, spacing: 10, insets: EdgeInsets(all: 10)) { ip, _ in
            WaterfallKeptColumnsTests.height(ds.ids[ip.item])
        }
        fresh.prepare(LayoutContext(boundsSize: Size(700, 2000), itemCounts: [30]))
        for i in 0..<30 {
            XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: i))?.frame, fresh.attributesForItem(at: ItemPath(item: i))?.frame)
        }
    }
}
