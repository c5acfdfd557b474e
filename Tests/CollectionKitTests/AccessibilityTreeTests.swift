@testable import CollectionKit
import XCTest

/// The engine's accessibility tree and events, with no bus: a collection view seen as a node,
/// its items made on request, and the events a watcher queues.
final class AccessibilityTreeTests: XCTestCase {
    /// Counts what the view asks of it, so a test can tell which items were made.
    final class CountingSource: CollectionAccessibilityDataSource {
        var count: Int
        var labelled: Bool
        var cellsMade = 0
        var labelsAsked: [ItemPath] = []
        init(count: Int, labelled: Bool = true) { self.count = count; self.labelled = labelled }
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
        func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
            cellsMade += 1
            return cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip)
        }
        func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
            labelsAsked.append(ip)
            return labelled ? "Tile \(ip.item)" : nil
        }
        func collectionView(_ cv: CollectionView, accessibilityStatesForItemAt ip: ItemPath) -> AccessibleStates {
            ip.item == 2 ? .pinned : []
        }
    }

    /// Data sources are held weakly by their views: the test keeps them.
    private var sources: [CountingSource] = []

    func makeGrid(count: Int, labelled: Bool = true) -> (CollectionView, CountingSource) {
        let view = CollectionView(name: "numbers", layout: GridLayout(itemsPerLine: 4, itemLength: .fixed(100), interitemSpacing: 0,
                                                                     lineSpacing: 0, insets: EdgeInsets(all: 0)))
        view.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        let source = CountingSource(count: count, labelled: labelled)
        sources.append(source)
        view.dataSource = source
        view.setFrame(Rect(x: 0, y: 50, width: 400, height: 300))
        view.reloadData()
        view.update(now: 0)
        return (view, source)
    }

    func testAGridIsAGridNodeCountingEveryItem() {
        let (view, _) = makeGrid(count: 1000)
        let node = view.accessibilityNode(name: "Numbers")
        XCTAssertEqual(node.role, .grid)
        XCTAssertEqual(node.name, "Numbers")
        XCTAssertEqual(node.childCount, 1000)
        XCTAssertLessThan(view.visibleCells.count, 1000)
        XCTAssertEqual(node.child(at: 0)?.role, .gridCell)
        XCTAssertNil(node.child(at: 1000))
        XCTAssertNil(node.child(at: -1))
    }

    func testAListLayoutIsAListAndATableRoleGivesTableCells() {
        let view = CollectionView(name: "rows", layout: CarouselLayout())
        XCTAssertEqual(view.accessibilityNode().role, .list)
        XCTAssertEqual(view.accessibilityNode().name, "rows")
        let table = view.accessibilityNode(role: .table)
        XCTAssertEqual(table.items?.itemRole, .tableCell)
    }

    func testItemsHaveNamesStatesIndicesAndFrames() {
        let (view, _) = makeGrid(count: 100)
        view.setSelection([ItemPath(item: 1)])
        view.setFocus(ItemPath(item: 0), showingRing: false)   // a click's focus, no ring
        let node = view.accessibilityNode()
        let first = node.child(at: 0)!
        XCTAssertEqual(first.name, "Tile 0")
        XCTAssertEqual(first.index, 0)
        XCTAssertEqual(first.states, [.selectable, .focusable, .focused])
        XCTAssertEqual(first.frame, Rect(x: 0, y: 50, width: 100, height: 100))
        XCTAssertEqual(node.child(at: 1)!.states, [.selectable, .focusable, .selected])
        XCTAssertTrue(node.child(at: 2)!.states.contains(.pinned))
        XCTAssertEqual(node.items?.selectedIndices, [1])
        XCTAssertEqual(node.items?.focusedIndex, 0)
    }

    func testAnItemOutOfViewHasItsLayoutFrameThroughTheScrollOffsetAndIsOffscreen() {
        let (view, _) = makeGrid(count: 100)
        let far = view.accessibilityNode().child(at: 40)!   // row 10: y 1000 in content
        XCTAssertEqual(far.frame, Rect(x: 0, y: 1050, width: 100, height: 100))
        XCTAssertTrue(far.states.contains(.offscreen))
        view.physics.offset = Point(x: 0, y: 1000)
        view.update(now: 0.1)
        let near = view.accessibilityNode().child(at: 40)!
        XCTAssertEqual(near.frame, Rect(x: 0, y: 50, width: 100, height: 100))
        XCTAssertFalse(near.states.contains(.offscreen))
    }

    func testWithoutALabelAnItemIsNamedByPositionFromTheStringsTable() {
        let (view, _) = makeGrid(count: 10, labelled: false)
        XCTAssertEqual(view.accessibilityNode().child(at: 3)?.name, "Item 4")
        var words = AccessibilityStrings()
        words.unnamedItem = { "Kachel \($0)" }
        XCTAssertEqual(view.accessibilityNode(strings: words).child(at: 3)?.name, "Kachel 4")
    }

    func testItemsAreCountedAcrossSections() {
        final class Sections: CollectionDataSource {
            func numberOfSections(in cv: CollectionView) -> Int { 3 }
            func collectionView(_ cv: CollectionView, numberOfItemsInSection s: Int) -> Int { [2, 0, 3][s] }
            func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { "\(ip)" }
            func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
                cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip)
            }
        }
        let source = Sections()
        let view = CollectionView(name: "s", layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(10)))
        view.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        view.dataSource = source
        view.reloadData()
        let items = view.accessibilityNode().items!
        XCTAssertEqual(items.count, 5)
        XCTAssertEqual(items.indexPath(at: 2), ItemPath(item: 0, section: 2))
        XCTAssertEqual(items.index(of: ItemPath(item: 2, section: 2)), 4)
        XCTAssertNil(items.indexPath(at: 5))
        XCTAssertEqual(items.item(at: 4)?.name, "Item 5")
        XCTAssertNil(items.item(at: ItemPath(item: 0, section: 1)))
    }

    /// The tree is virtual: item 900,000 of a million is made alone, with no cell and no other label.
    func testItem900000OfAMillionIsReachedWithoutMakingTheOthers() {
        let (view, source) = makeGrid(count: 1_000_000)
        let cellsBefore = source.cellsMade, liveBefore = view.liveCellCount
        source.labelsAsked = []
        let node = view.accessibilityNode()
        XCTAssertEqual(node.childCount, 1_000_000)
        let item = node.child(at: 900_000)
        XCTAssertEqual(item?.name, "Tile 900000")
        XCTAssertEqual(item?.frame, Rect(x: 0, y: 50 + 225_000 * 100, width: 100, height: 100))
        XCTAssertEqual(item?.states.contains(.offscreen), true)
        XCTAssertEqual(source.labelsAsked, [ItemPath(item: 900_000)])
        XCTAssertEqual(source.cellsMade, cellsBefore)
        XCTAssertEqual(view.liveCellCount, liveBefore)
    }

    // MARK: Events

    func testNothingIsQueuedWithoutAListener() {
        let (view, _) = makeGrid(count: 10)
        let events = AccessibilityEventQueue()
        let watcher = AccessibilityWatcher(events: events)
        watcher.watch(view)
        watcher.sync()
        view.setSelection([ItemPath(item: 1)])
        watcher.sync()
        events.post(.announcement("unheard"))
        XCTAssertTrue(events.pending.isEmpty)
    }

    func testFocusSelectionAndCountChangesBecomeEvents() throws {
        let (view, source) = makeGrid(count: 10)
        let events = AccessibilityEventQueue()
        let watcher = AccessibilityWatcher(events: events)
        watcher.watch(view)
        events.attach()
        watcher.sync()          // takes note of the state a listener can read from the tree
        XCTAssertEqual(events.drain(), [])

        source.count = 11
        try view.performBatchUpdates([.insert([ItemPath(item: 10)])], animated: false)
        view.setFocus(ItemPath(item: 3), showingRing: true)
        view.click(ItemPath(item: 2), modifiers: [])
        view.click(ItemPath(item: 5), modifiers: .ctrl)
        watcher.sync()
        XCTAssertEqual(events.drain(), [
            .focusChanged(collection: "numbers", index: 3, name: "Tile 3"),
            .selectionChanged(collection: "numbers", selected: [2, 5]),
            .childrenChanged(collection: "numbers", count: 11),
        ])
        watcher.sync()
        XCTAssertEqual(events.drain(), [], "an unchanged view sends nothing")

        events.detach()
        view.clearSelection()
        watcher.sync()
        XCTAssertEqual(events.pending, [])
    }

    func testAKeyboardDragIsAnnouncedStepByStepAndItsDropChangesChildren() {
        let board = DragDropManagerTests.makeBoard()
        board.a.describeItem = { "Card \($0.base)" }
        board.b.describeItem = { "Card \($0.base)" }
        let events = AccessibilityEventQueue()
        let watcher = AccessibilityWatcher(events: events)
        var appHeard = 0
        board.manager.onChange = { _ in appHeard += 1 }
        watcher.watch(board.manager)
        for c in [board.a, board.b] { watcher.watch(c.view) }
        events.attach()
        for c in [board.a, board.b] { c.view.update(now: 0) }
        watcher.sync()

        board.manager.handleKey(.down, modifiers: [], now: 0)            // focus the first item of a
        watcher.sync()
        XCTAssertEqual(events.drain(), [.focusChanged(collection: "a", index: 0, name: "Card 0")])

        board.manager.handleKey(.space, modifiers: [], now: 0.1)          // pick it up
        watcher.sync()
        let pickedUp = events.drain()
        XCTAssertEqual(pickedUp.first, .announcement("Card 0 picked up"))
        XCTAssertTrue(pickedUp.contains(.stateChanged(collection: "a", index: 0, state: .dragged, isOn: true)))
        XCTAssertEqual(pickedUp.last, .announcement("over A, position 1 of 5"))

        board.manager.handleKey(.right, modifiers: [], now: 0.2)          // over b
        watcher.sync()
        XCTAssertEqual(events.drain().filter { if case .announcement = $0 { return true }; return false },
                       [.announcement("over B, position 1 of 4")])

        board.manager.handleKey(.space, modifiers: [], now: 0.3)          // drop
        board.manager.update(now: 2)
        watcher.sync()
        let dropped = events.drain()
        XCTAssertEqual(appHeard, 1, "the app's own change handler still runs")
        XCTAssertTrue(dropped.contains(.childrenChanged(collection: "a", count: 4)))
        XCTAssertTrue(dropped.contains(.childrenChanged(collection: "b", count: 4)))
        XCTAssertTrue(dropped.contains(.announcement("dropped")))
        XCTAssertTrue(dropped.contains(.stateChanged(collection: "b", index: 0, state: .dragged, isOn: false)))
        XCTAssertEqual(dropped.filter { $0 == .childrenChanged(collection: "b", count: 4) }.count, 1,
                       "a drop's new count is reported once")
    }

    func testACancelledDragIsAnnouncedAsCancelled() {
        let board = DragDropManagerTests.makeBoard()
        let events = AccessibilityEventQueue()
        let watcher = AccessibilityWatcher(events: events)
        watcher.watch(board.manager)
        events.attach()
        board.a.view.update(now: 0)
        watcher.sync()
        board.manager.handleKey(.down, modifiers: [], now: 0)
        board.manager.handleKey(.space, modifiers: [], now: 0.1)
        watcher.sync()
        _ = events.drain()
        board.manager.handleKey(.escape, modifiers: [], now: 0.2)
        watcher.sync()
        XCTAssertEqual(events.drain().first, .announcement("drag cancelled"))
    }

    func testALockedBoardItemIsPinnedAndNamedByItsDescription() {
        let board = DragDropManagerTests.makeBoard()
        board.a.describeItem = { "Card \($0.base)" }
        board.a.view.update(now: 0)
        let node = board.a.view.accessibilityNode(name: board.a.title)
        XCTAssertEqual(node.name, "A")
        XCTAssertEqual(node.childCount, 5)
        XCTAssertEqual(node.child(at: 3)?.name, "Card 3")
        XCTAssertTrue(node.child(at: 3)!.states.contains(.pinned))
        XCTAssertFalse(node.child(at: 2)!.states.contains(.pinned))
    }
}
