@testable import CollectionKit
import XCTest

/// A data source over an array of ids, edited by the tests before they tell the view.
private final class ArraySource: CollectionDataSource {
    var ids: [String]
    var configured = 0
    init(_ ids: [String]) { self.ids = ids }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        configured += 1
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: Int(ids[ip.item]) ?? -1)
        return cell
    }
}

final class CollectionViewTests: XCTestCase {
    /// Two 100-point columns of 50-point rows in a 200x100 viewport (as many columns as fit 100 points).
    private func makeView(_ count: Int, size: Size = Size(200, 100)) -> (CollectionView, ArraySource) {
        let source = ArraySource((0..<count).map(String.init))
        let cv = CollectionView(name: "test", layout: GridLayout(minimumCrossSize: 100, itemLength: .fixed(50), interitemSpacing: 0,
                                                                lineSpacing: 0, insets: EdgeInsets()))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(origin: .zero, size: size))
        cv.reloadData()
        cv.update(now: 0)
        return (cv, source)
    }

    func testOnlyVisibleCellsExistAndAreReusedWhileScrolling() {
        let (cv, source) = makeView(1_000_000)
        XCTAssertEqual(Set(cv.visibleCells.keys), Set((0..<4).map { ItemPath(item: $0) }))
        var peak = 0
        for step in 1...400 {
            cv.physics.jump(to: Point(0, Double(step) * 37))
            cv.update(now: Double(step) / 60)
            peak = max(peak, cv.liveCellCount)
            XCTAssertTrue(cv.visibleCells.keys.allSatisfy { cv.cellForItem(at: $0)?.indexPath == $0 })
        }
        // Two rows of two are visible, three rows while a row is half out: six cells, plus what the pool keeps.
        XCTAssertLessThanOrEqual(peak, 6 + 8, "live cells stay bounded by what is visible")
        XCTAssertLessThanOrEqual(cv.visibleCells.count, 6)
        withExtendedLifetime(source) {}
    }

    func testDrawingAheadDrawsTheCellsAtOtherOffsetsAndLeavesTheViewAsItWas() {
        let (cv, source) = makeView(1_000)
        let before = cv.dumpState()
        let visible = Set(cv.visibleCells.keys)
        let configured = source.configured
        var list = DrawList()
        // Rows 10 to 11 and rows 400 to 401: none of those cells is live.
        cv.drawAhead(atOffsets: [Point(0, 500), Point(0, 20_000)], into: &list)
        let numbers = list.commands.compactMap { c -> String? in if case let .text(run) = c { return run.text }; return nil }
        XCTAssertEqual(Set(numbers), Set(["20", "21", "22", "23", "800", "801", "802", "803"]))
        XCTAssertEqual(source.configured - configured, 8, "cells for the items drawn ahead came from the data source")
        XCTAssertEqual(cv.dumpState(), before, "the view's state is unchanged")
        XCTAssertEqual(Set(cv.visibleCells.keys), visible)
        XCTAssertTrue(cv.visibleCells.allSatisfy { $0.value.indexPath == $0.key }, "live cells keep their items")
        XCTAssertLessThanOrEqual(cv.liveCellCount, cv.visibleCells.count + 8, "borrowed cells went back to the pool, no more")
        // The live cells draw ahead themselves: at the current offset the list is the cells' drawing.
        var here = DrawList()
        cv.drawAhead(atOffsets: [cv.contentOffset], into: &here)
        XCTAssertEqual(source.configured - configured, 8, "no new cell for an item in view")
        XCTAssertEqual(here.commands.filter { if case .text = $0 { return true }; return false }.count, 4)
    }

    func testReusedCellsCarryNoStaleState() {
        let (cv, source) = makeView(100)
        cv.selectItem(ItemPath(item: 0))
        (cv.cellForItem(at: ItemPath(item: 0)) as! TileCell).isHighlighted = true
        cv.physics.jump(to: Point(0, 500))
        cv.update(now: 1)
        for (ip, cell) in cv.visibleCells {
            XCTAssertFalse(cell.isHighlighted, "\(ip) came from the pool highlighted")
            XCTAssertFalse(cell.isSelected, "\(ip) came from the pool selected")
            XCTAssertEqual((cell as! TileCell).number, ip.item)
        }
        withExtendedLifetime(source) {}
    }

    func testBatchUpdatesThatAddUpAreApplied() throws {
        let (cv, source) = makeView(6)
        source.ids.remove(at: 1)
        source.ids.insert("new", at: 3)
        try cv.performBatchUpdates([.delete([ItemPath(item: 1)]), .insert([ItemPath(item: 3)])])
        XCTAssertEqual(cv.itemCounts, [6])
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 3)), "new")
    }

    func testMovesKeepSelectionOnTheirItem() throws {
        let (cv, source) = makeView(6)
        cv.selectItem(ItemPath(item: 0))
        source.ids.insert(source.ids.remove(at: 0), at: 4)
        try cv.performBatchUpdates([.move(ItemPath(item: 0), ItemPath(item: 4))])
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 4)])
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 4)), "0")
    }

    func testUpdatesThatDoNotAddUpThrowAndLeaveTheViewAsItWas() {
        let cases: [(mutate: (ArraySource) -> Void, updates: [CollectionUpdate], message: String)] = [
            ({ $0.ids.append("x") }, [], "should have 6, but the data source has 7"),
            ({ $0.ids.removeLast() }, [.delete([ItemPath(item: 9)])], "out of range"),
            ({ $0.ids.removeLast(2) }, [.delete([ItemPath(item: 1), ItemPath(item: 1)])], "deleted twice"),
            ({ $0.ids.append("3") }, [.insert([ItemPath(item: 6)])], "identifier 3 appears twice"),
            ({ _ in }, [.move(ItemPath(item: 0), ItemPath(item: 9))], "out of range"),
            ({ _ in }, [.insert([ItemPath(item: 0, section: 2)])], "no such section"),
        ]
        for c in cases {
            let (cv, source) = makeView(6)
            cv.selectItem(ItemPath(item: 2))
            let before = (cv.itemCounts, cv.visibleCells.mapValues { ObjectIdentifier($0) }, cv.selectedItems, cv.contentSize)
            c.mutate(source)
            XCTAssertThrowsError(try cv.performBatchUpdates(c.updates)) { error in
                XCTAssertTrue("\(error)".contains(c.message), "'\(error)' should say '\(c.message)'")
            }
            XCTAssertEqual(cv.itemCounts, before.0)
            XCTAssertEqual(cv.visibleCells.mapValues { ObjectIdentifier($0) }, before.1)
            XCTAssertEqual(cv.selectedItems, before.2)
            XCTAssertEqual(cv.contentSize, before.3)
        }
    }

    func testIndexMappingThroughUpdates() {
        let updates: [CollectionUpdate] = [.delete([ItemPath(item: 1)]), .insert([ItemPath(item: 0)])]
        XCTAssertEqual(CollectionView.indexAfterUpdates(ItemPath(item: 0), updates: updates), ItemPath(item: 1))
        XCTAssertNil(CollectionView.indexAfterUpdates(ItemPath(item: 1), updates: updates))
        XCTAssertEqual(CollectionView.indexAfterUpdates(ItemPath(item: 2), updates: updates), ItemPath(item: 2))
        XCTAssertEqual(CollectionView.indexAfterUpdates(ItemPath(item: 5), updates: [.move(ItemPath(item: 5), ItemPath(item: 0))]),
                       ItemPath(item: 0))
        XCTAssertEqual(CollectionView.indexAfterUpdates(ItemPath(item: 0), updates: [.move(ItemPath(item: 5), ItemPath(item: 0))]),
                       ItemPath(item: 1))
    }

    func testAnimatedUpdateGlidesFromTheOldFrame() throws {
        let (cv, source) = makeView(6)
        source.ids.insert(source.ids.remove(at: 0), at: 3)
        try cv.performBatchUpdates([.move(ItemPath(item: 0), ItemPath(item: 3))], animated: true)
        XCTAssertTrue(cv.isAnimatingUpdates)
        var list = DrawList()
        cv.draw(into: &list)
        // Item "1" moved from (100, 0) to (0, 0); at the start of the animation it is still drawn at its old place.
        let fills = list.commands.compactMap { c -> Rect? in if case let .fill(r, _, _) = c { return r }; return nil }
        XCTAssertTrue(fills.contains(Rect(100, 0, 100, 50)))
        cv.update(now: 1)
        XCTAssertFalse(cv.isAnimatingUpdates)
    }

    func testRetainedItemsKeepTheirCellOutOfView() {
        let (cv, source) = makeView(1000)
        let cell = cv.cellForItem(at: ItemPath(item: 1))
        cv.retainItem(ItemPath(item: 1))
        cv.physics.jump(to: Point(0, 5000))
        cv.update(now: 1)
        XCTAssertTrue(cv.cellForItem(at: ItemPath(item: 1)) === cell, "a retained cell is never recycled")
        cv.releaseItem(ItemPath(item: 1))
        withExtendedLifetime(source) {}
        XCTAssertNil(cv.cellForItem(at: ItemPath(item: 1)))
    }

    func testResizeKeepsTheFirstVisibleItemInPlace() {
        let (cv, source) = makeView(1000)
        cv.physics.jump(to: Point(0, 1000))   // row 20 at the top
        cv.update(now: 0)
        cv.setFrame(Rect(0, 0, 300, 100))     // three per line now: item 40 is in row 13
        cv.update(now: 0)
        let first = cv.visibleAttributes.filter { $0.kind == .cell }.map(\.indexPath).min()
        XCTAssertEqual(first, ItemPath(item: 39))
        XCTAssertEqual(cv.contentOffset.y, 650)
        withExtendedLifetime(source) {}
    }
}
