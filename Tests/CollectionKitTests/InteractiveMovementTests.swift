@testable import CollectionKit
import XCTest


/// A plain data source: integers, some of them pinned; it counts the moves it is told about.
final class MovableNumbers: CollectionDataSource {
    var ids: [Int]
    var pinned: Set<Int>
    var moves: [(ItemPath, ItemPath)] = []
    init(count: Int, pinned: Set<Int> = []) { ids = Array(0..<count); self.pinned = pinned }

    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ids[ip.item])
        return cell
    }
    func collectionView(_ cv: CollectionView, canMoveItemAt ip: ItemPath) -> Bool { !pinned.contains(ids[ip.item]) }
    func collectionView(_ cv: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
        moves.append((source, destination))
        ids.moveKeepingAnchors(from: source.item, to: destination.item) { self.pinned.contains($0) }
    }
}

final class InteractiveMovementTests: XCTestCase {
    private func makeView(_ ds: MovableNumbers, layout: any CollectionLayout = GridLayout(itemsPerLine: 4, itemLength: .fixed(100),
                                                                                          interitemSpacing: 0, lineSpacing: 0,
                                                                                          insets: EdgeInsets(all: 0)),
                          size: Size = Size(400, 300)) -> CollectionView {
        let cv = CollectionView(name: "test", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        cv.setFrame(Rect(origin: .zero, size: size))
        cv.reloadData()
        return cv
    }

    /// The ids in the order the view shows them now.
    private func shown(_ cv: CollectionView) -> [Int] {
        (0..<cv.numberOfItems).map { cv.identifier(at: ItemPath(item: $0)) as! Int }
    }

    // MARK: The mapping

    func testMappingMatchesTheArrayMoveAndIsItsOwnInverse() {
        for count in [1, 2, 3, 5, 12, 30] {
            for anchors in [Set<Int>(), [2], [0, 3, 4, 9], Set(stride(from: 6, to: 30, by: 7))] {
                for s in 0..<count where !anchors.contains(s) {
                    for t in 0..<count where !anchors.contains(t) {
                        let move = InteractiveMove(source: ItemPath(item: s), target: ItemPath(item: t)) { anchors.contains($0.item) }
                        var expected = Array(0..<count)
                        expected.moveKeepingAnchors(from: s, to: t) { anchors.contains($0) }
                        let mapped = (0..<count).map { move.dataIndexPath(forDisplayed: ItemPath(item: $0)).item }
                        XCTAssertEqual(mapped, expected, "count \(count) anchors \(anchors.sorted()) \(s)→\(t)")
                        for d in 0..<count {
                            let shownAt = move.displayedIndexPath(forData: ItemPath(item: d))
                            XCTAssertEqual(move.dataIndexPath(forDisplayed: shownAt).item, d)
                        }
                        for a in anchors where a < count { XCTAssertEqual(mapped[a], a, "anchored items keep their index") }
                    }
                }
            }
        }
    }

    // MARK: Begin, update, end, cancel

    func testBeginRefusesPinnedItemsAndBadPaths() {
        let ds = MovableNumbers(count: 12, pinned: [5])
        let cv = makeView(ds)
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: ItemPath(item: 5)))
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: ItemPath(item: 12)))
        XCTAssertNil(cv.interactiveMove)
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 1)))
        XCTAssertFalse(cv.beginInteractiveMovementForItem(at: ItemPath(item: 2)), "one movement at a time")
    }

    func testLiveReorderThenEndTellsTheDataSourceOnce() {
        let ds = MovableNumbers(count: 12)
        let cv = makeView(ds)
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 0)))
        cv.updateInteractiveMovementTargetPosition(Point(150, 50))   // over item 1
        XCTAssertEqual(cv.movingItemIndexPath, ItemPath(item: 1))
        cv.updateInteractiveMovementTargetPosition(Point(250, 150))  // over item 6
        XCTAssertEqual(cv.movingItemIndexPath, ItemPath(item: 6))
        XCTAssertEqual(shown(cv), [1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11])
        XCTAssertTrue(ds.moves.isEmpty, "the data source is not touched mid-movement")
        XCTAssertTrue(cv.isAnimatingUpdates, "the others glide to their new slots")
        XCTAssertEqual(cv.endInteractiveMovement(), ItemPath(item: 6))
        XCTAssertEqual(ds.moves.count, 1)
        XCTAssertEqual(ds.moves.first?.0, ItemPath(item: 0)); XCTAssertEqual(ds.moves.first?.1, ItemPath(item: 6))
        XCTAssertEqual(ds.ids, [1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11])
        XCTAssertEqual(shown(cv), ds.ids)
        XCTAssertNil(cv.interactiveMove)
    }

    func testEndWithoutMovingTellsNobody() {
        let ds = MovableNumbers(count: 12)
        let cv = makeView(ds)
        cv.beginInteractiveMovementForItem(at: ItemPath(item: 3))
        cv.updateInteractiveMovementTargetPosition(Point(350, 50))
        XCTAssertEqual(cv.endInteractiveMovement(), ItemPath(item: 3))
        XCTAssertTrue(ds.moves.isEmpty)
    }

    func testCancelRestoresEveryItemExactly() {
        let ds = MovableNumbers(count: 40, pinned: [6])
        let cv = makeView(ds)
        let before = (0..<40).map { cv.layout.attributesForItem(at: ItemPath(item: $0))!.frame }
        cv.beginInteractiveMovementForItem(at: ItemPath(item: 2))
        cv.updateInteractiveMovementTargetPosition(Point(150, 250))  // item 9
        XCTAssertEqual(cv.movingItemIndexPath, ItemPath(item: 9))
        cv.cancelInteractiveMovement()
        cv.update(now: 10)
        XCTAssertEqual(shown(cv), Array(0..<40))
        XCTAssertEqual(ds.ids, Array(0..<40))
        XCTAssertTrue(ds.moves.isEmpty)
        XCTAssertEqual((0..<40).map { cv.layout.attributesForItem(at: ItemPath(item: $0))!.frame }, before)
        for (ip, cell) in cv.visibleCells { XCTAssertEqual((cell as! TileCell).number, ip.item, "cells show their own items again") }
        XCTAssertFalse(cv.isAnimatingUpdates)
    }

    func testPinnedItemsKeepTheirSlotsAndRefuseDrops() {
        let ds = MovableNumbers(count: 12, pinned: [2, 5])
        let cv = makeView(ds)
        cv.beginInteractiveMovementForItem(at: ItemPath(item: 0))
        cv.updateInteractiveMovementTargetPosition(Point(250, 50))   // over pinned 2
        XCTAssertEqual(cv.movingItemIndexPath, ItemPath(item: 0), "nothing drops in a pinned tile's place")
        cv.updateInteractiveMovementTargetPosition(Point(350, 150))  // item 7
        XCTAssertEqual(shown(cv), [1, 3, 2, 4, 6, 5, 7, 0, 8, 9, 10, 11])
        cv.endInteractiveMovement()
        XCTAssertEqual(ds.ids, [1, 3, 2, 4, 6, 5, 7, 0, 8, 9, 10, 11])
        XCTAssertEqual(ds.ids[2], 2); XCTAssertEqual(ds.ids[5], 5)
    }

    func testMovingCellIsNeverRecycledEvenOutOfView() {
        let ds = MovableNumbers(count: 400)
        let cv = makeView(ds)
        let cell = cv.cellForItem(at: ItemPath(item: 1))
        XCTAssertNotNil(cell)
        cv.beginInteractiveMovementForItem(at: ItemPath(item: 1))
        cv.hiddenIdentifiers.insert(1)
        // Scroll far away and move the target down there, as auto-scroll does.
        for y in stride(from: 0.0, through: 6000, by: 250) {
            cv.physics.jump(to: Point(0, y))
            cv.update(now: y / 1000)
            cv.updateInteractiveMovementTargetPosition(Point(150, y + 150))
            let shownAt = cv.movingItemIndexPath!
            XCTAssertTrue(cv.visibleCells[shownAt] === cell, "the moving item keeps its cell at \(y)")
            XCTAssertLessThan(cv.liveCellCount, 40, "live cells stay bounded")
        }
        XCTAssertFalse(cv.visibleAttributes.contains { $0.indexPath.item < 40 }, "the source rows are far out of view")
        var list = DrawList()
        cv.draw(into: &list)
        let drawnNumbers = list.commands.compactMap { c -> String? in if case let .text(t) = c { return t.text }; return nil }
        XCTAssertFalse(drawnNumbers.contains("1"), "the moving item is hidden wherever its cell is shown")
        let final = cv.endInteractiveMovement()!
        XCTAssertEqual(ds.ids[final.item], 1)
        XCTAssertEqual(Set(ds.ids).count, 400)
    }

    func testBatchUpdatesAreRefusedMidMovement() {
        let ds = MovableNumbers(count: 12)
        let cv = makeView(ds)
        cv.beginInteractiveMovementForItem(at: ItemPath(item: 0))
        XCTAssertThrowsError(try cv.performBatchUpdates([.reload([ItemPath(item: 1)])]))
    }

    func testProgrammaticMoveUndoesAMove() {
        let ds = MovableNumbers(count: 12, pinned: [4])
        let cv = makeView(ds)
        XCTAssertTrue(cv.moveItemInteractively(from: ItemPath(item: 1), to: ItemPath(item: 8)))
        let moved = ds.ids
        XCTAssertTrue(cv.moveItemInteractively(from: ItemPath(item: 8), to: ItemPath(item: 1)))
        XCTAssertEqual(ds.ids, Array(0..<12))
        XCTAssertNotEqual(moved, ds.ids)
        XCTAssertFalse(cv.moveItemInteractively(from: ItemPath(item: 1), to: ItemPath(item: 4)), "not onto a pinned slot")
        XCTAssertFalse(cv.moveItemInteractively(from: ItemPath(item: 4), to: ItemPath(item: 1)), "a pinned item does not move")
        XCTAssertEqual(ds.ids, Array(0..<12))
        XCTAssertNil(cv.interactiveMove)
    }

    // MARK: Target index in each layout

    func testTargetIndexInAVerticalGrid() {
        var g = GridLayout(itemsPerLine: 4, itemLength: .fixed(100), interitemSpacing: 10, lineSpacing: 10, insets: EdgeInsets(all: 10))
        g.prepare(LayoutContext(boundsSize: Size(450, 300), itemCounts: [10]))
        let ip = ItemPath(item: 0)
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(60, 60))?.item, 0)
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(170, 170))?.item, 5)
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(115, 60))?.item, 0, "the gap after a tile belongs to it")
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(400, 200))?.item, 7)
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(400, 280))?.item, 9, "a short last line: its last item")
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(400, 900))?.item, 9, "past the end: the last slot")
    }

    func testTargetIndexInAHorizontalGrid() {
        var g = GridLayout(scrollAxis: .horizontal, itemsPerLine: 3, itemLength: .fixed(100), interitemSpacing: 0, lineSpacing: 0,
                           insets: EdgeInsets(all: 0))
        g.prepare(LayoutContext(boundsSize: Size(300, 300), itemCounts: [20]))
        let ip = ItemPath(item: 0)
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(50, 250))?.item, 2, "columns fill top to bottom")
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(150, 50))?.item, 3)
        XCTAssertEqual(g.targetIndexPath(forMoving: ip, at: Point(650, 150))?.item, 19, "past the end: the last slot")
    }

    func testTargetIndexInAWaterfallAndTheMovingItemKeepsItsSize() {
        let heights = [100.0, 50, 200, 80, 120, 60, 90, 150]
        let ds = MovableNumbers(count: heights.count)
        let layout = WaterfallLayout(minimumColumnWidth: 100, spacing: 0, insets: EdgeInsets(all: 0)) { ip, _ in heights[ds.ids[ip.item]] }
        let cv = makeView(ds, layout: layout, size: Size(200, 300))
        // Shortest column first: left 0 (0-100), 3 (100-180), 4 (180-300), 6 (300-390);
        // right 1 (0-50), 2 (50-250), 5 (250-310), 7 (310-460).
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 2))?.frame, Rect(100, 50, 100, 200))
        XCTAssertEqual(cv.layout.targetIndexPath(forMoving: ItemPath(item: 0), at: Point(50, 140))?.item, 3)
        XCTAssertEqual(cv.layout.targetIndexPath(forMoving: ItemPath(item: 0), at: Point(50, 395))?.item, 6,
                       "below a column's end: the nearest tile")
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 2)))
        cv.updateInteractiveMovementTargetPosition(Point(50, 140))
        XCTAssertEqual(cv.movingItemIndexPath, ItemPath(item: 3))
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 3))?.frame, Rect(0, 100, 100, 200),
                       "the gap keeps the moving tile's height in its new column")
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 2))?.frame, Rect(100, 50, 100, 80), "item 3 took the old spot")
        cv.updateInteractiveMovementTargetPosition(Point(50, 290))
        XCTAssertEqual(cv.movingItemIndexPath, ItemPath(item: 3), "inside the gap the target holds")
        XCTAssertEqual(cv.attributesForMovingItem(at: Point(77, 88))?.frame, Rect(27, -12, 100, 200))
        cv.endInteractiveMovement()
        XCTAssertEqual(ds.ids, [0, 1, 3, 2, 4, 5, 6, 7])
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 3))?.frame.height, 200)
    }

    func testWaterfallQueriesMatchAScan() {
        var w = WaterfallLayout(minimumColumnWidth: 90, spacing: 7, insets: EdgeInsets(all: 5)) { ip, width in
            width * (0.5 + Double((ip.item * 37) % 11) / 10)
        }
        w.prepare(LayoutContext(boundsSize: Size(400, 500), itemCounts: [300, 0, 40]))
        let all = (0..<300).map { ItemPath(item: $0) } + (0..<40).map { ItemPath(item: $0, section: 2) }
        for rect in [Rect(0, 0, 400, 500), Rect(0, 1234, 400, 300), Rect(120, 3000, 50, 700), Rect(0, w.contentSize.height - 100, 400, 400)] {
            let fast = Set(w.attributesForElements(in: rect).map(\.indexPath))
            let scan = Set(all.filter { w.attributesForItem(at: $0)!.frame.intersects(rect) })
            XCTAssertEqual(fast, scan, "\(rect)")
        }
        let last = w.attributesForItem(at: ItemPath(item: 39, section: 2))!.frame
        XCTAssertLessThanOrEqual(last.maxY, w.contentSize.height)
        XCTAssertGreaterThan(w.attributesForItem(at: ItemPath(item: 0, section: 2))!.frame.minY,
                             w.attributesForItem(at: ItemPath(item: 299))!.frame.minY, "sections stack")
    }
}
