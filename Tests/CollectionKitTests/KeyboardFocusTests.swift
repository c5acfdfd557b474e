@testable import CollectionKit
import XCTest

private final class FocusSource: CollectionDataSource {
    var ids: [Int]
    init(_ count: Int) { ids = Array(0..<count) }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        cv.dequeueReusableCell(withReuseIdentifier: "cell", for: ip)
    }
}

/// A collection view's keyboard focus: the arrows move it to the nearest item that way by the
/// layout's geometry, its ring shows only after keyboard use, it follows its item through updates,
/// and a layout switch can animate.
final class KeyboardFocusTests: XCTestCase {
    private var sources: [FocusSource] = []

    /// Four 100-point columns of 100-point rows in a 400x300 viewport (or one horizontal row).
    private func makeView(_ count: Int, horizontal: Bool = false) -> (CollectionView, FocusSource) {
        let source = FocusSource(count)
        sources.append(source)
        let layout = horizontal
            ? GridLayout(scrollAxis: .horizontal, itemsPerLine: 1, itemLength: .fixed(100), interitemSpacing: 0, lineSpacing: 0, insets: EdgeInsets())
            : GridLayout(minimumCrossSize: 100, itemLength: .fixed(100), interitemSpacing: 0, lineSpacing: 0, insets: EdgeInsets())
        let cv = CollectionView(name: "test", layout: layout)
        cv.register(reuseIdentifier: "cell") { CollectionCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(0, 0, 400, 300))
        cv.reloadData()
        cv.update(now: 0)
        return (cv, source)
    }

    func testNeighboursFollowTheGeometryAndStopAtTheEdges() {
        let (cv, _) = makeView(10)
        let at = { (i: Int, k: Key) in cv.item(from: ItemPath(item: i), toward: k)?.item }
        XCTAssertEqual(at(5, .right), 6)
        XCTAssertEqual(at(5, .left), 4)
        XCTAssertEqual(at(5, .up), 1)
        XCTAssertEqual(at(5, .down), 9)
        XCTAssertNil(at(0, .left), "the first column has nothing to its left")
        XCTAssertNil(at(3, .right), "nor the last to its right: no wrap")
        XCTAssertNil(at(1, .up))
        XCTAssertEqual(at(7, .down), 9, "the last row is short: the nearest item in it")
        XCTAssertNil(at(9, .down), "nothing below the last row")
        XCTAssertEqual(at(8, .up), 4)
        let (row, _) = makeView(10, horizontal: true)
        XCTAssertEqual(row.item(from: ItemPath(item: 2), toward: .right)?.item, 3)
        XCTAssertNil(row.item(from: ItemPath(item: 2), toward: .down))
    }

    func testTheFirstArrowShowsTheRingThenMovesItAndTheViewScrollsToIt() {
        let (cv, _) = makeView(40)
        XCTAssertNil(cv.focusedItem)
        XCTAssertEqual(cv.moveFocus(.down, now: 0)?.item, 0, "no focus: the first item in view, without moving")
        XCTAssertTrue(cv.showsFocusRing)
        XCTAssertEqual(cv.cellForItem(at: ItemPath(item: 0))?.isFocused, true)
        for _ in 0..<5 { cv.moveFocus(.down, now: 0) }
        XCTAssertEqual(cv.focusedItem?.item, 20)
        XCTAssertEqual(cv.cellForItem(at: ItemPath(item: 0))?.isFocused, false)
        for t in 1...60 { cv.update(now: Double(t) / 60) }
        XCTAssertGreaterThanOrEqual(cv.contentOffset.y + 300, 600, "row 5 (y 500-600) scrolled into view")
        XCTAssertEqual(cv.cellForItem(at: ItemPath(item: 20))?.isFocused, true, "a cell dequeued later shows the ring")
    }

    func testAPressMovesTheFocusQuietlyAndTheNextArrowShowsItThere() {
        let (cv, _) = makeView(20)
        var interaction = CollectionInteraction()
        interaction.movesFocus = true
        interaction.handle(.key(.right, []), in: cv, now: 0)
        XCTAssertTrue(cv.showsFocusRing)
        interaction.handle(.pointerDown(Point(250, 150), .left, []), in: cv, now: 0.1)
        interaction.handle(.pointerUp(Point(250, 150), .left, []), in: cv, now: 0.15)
        XCTAssertEqual(cv.focusedItem?.item, 6)
        XCTAssertFalse(cv.showsFocusRing, "the pointer is in use")
        XCTAssertEqual(cv.cellForItem(at: ItemPath(item: 6))?.isFocused, false)
        interaction.handle(.key(.left, []), in: cv, now: 0.2)
        XCTAssertEqual(cv.focusedItem?.item, 6, "the first arrow after a press shows the ring where the focus is")
        XCTAssertTrue(cv.showsFocusRing)
        interaction.handle(.key(.enter, []), in: cv, now: 0.3)
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 6)])
        interaction.handle(.key(.escape, []), in: cv, now: 0.4)
        XCTAssertEqual(cv.selectedItems, [])
    }

    func testTheFocusFollowsItsItemThroughABatchUpdate() throws {
        let (cv, source) = makeView(10)
        cv.setFocus(ItemPath(item: 5), showingRing: true)
        source.ids.remove(at: 1)
        try cv.performBatchUpdates([.delete([ItemPath(item: 1)])], animated: false)
        XCTAssertEqual(cv.focusedItem?.item, 4, "item 5 is now at 4")
        source.ids.remove(at: 4)
        try cv.performBatchUpdates([.delete([ItemPath(item: 4)])], animated: false)
        XCTAssertNil(cv.focusedItem, "a deleted item takes the focus with it")
    }

    func testAnAnimatedLayoutSwitchGlidesAndKeepsTheFocusedItemInView() {
        let (cv, _) = makeView(200)
        cv.physics.jump(to: Point(0, 2000))
        cv.update(now: 0)
        cv.setFocus(ItemPath(item: 85), showingRing: true)
        cv.setLayout(GridLayout(scrollAxis: .horizontal, minimumCrossSize: 100, itemLength: .fixed(100), interitemSpacing: 0,
                                lineSpacing: 0, insets: EdgeInsets()), animated: true, duration: 0.3)
        cv.update(now: 0.05)
        let f = cv.layout.attributesForItem(at: ItemPath(item: 85))!.frame
        XCTAssertTrue(cv.windowRect(fromContent: f).intersects(cv.frame), "the focused item is in view in the new layout")
        XCTAssertTrue(cv.isAnimatingUpdates)
        XCTAssertNotEqual(cv.presentedFrameForItem(at: ItemPath(item: 85)), f, "on its way")
        cv.update(now: 0.4)
        XCTAssertFalse(cv.isAnimatingUpdates)
        XCTAssertEqual(cv.presentedFrameForItem(at: ItemPath(item: 85)), f, "and there")
    }
}
