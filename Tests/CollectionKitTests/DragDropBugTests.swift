@testable import CollectionKit
import XCTest

/// Bugs an app built on the drag machinery ran into, each pinned by a test.
final class DragDropBugTests: XCTestCase {
    // MARK: The keyboard focus follows a drop

    func testAfterAMouseDropSpacePicksUpTheDroppedItemWhereItLanded() {
        let board = DragDropManagerTests.makeBoard()
        board.drag(from: Point(100, 20), to: Point(320, 90))
        XCTAssertEqual(board.ids(board.b), [10, 11, 0, 12])
        board.manager.update(now: 2)
        XCTAssertEqual(board.manager.focus?.collection, "b", "the focus names the item where it is now")
        XCTAssertTrue(board.manager.handleKey(.space, modifiers: [], now: 2.1), "Space picks the dropped item up")
        XCTAssertEqual(board.manager.session?.items.first?.source, "b")
        XCTAssertEqual(board.manager.session?.ids, [0])
    }

    func testAfterADeleteTheFocusMovesToTheItemNowInItsPlace() {
        let board = DragDropManagerTests.makeBoard()
        board.drag(from: Point(100, 60), to: Point(760, 250))       // row 1 into the trash
        XCTAssertEqual(board.ids(board.a), [0, 2, 3, 4])
        XCTAssertEqual(board.manager.focus?.collection, "a")
        XCTAssertEqual(board.manager.focus?.id, AnyHashable(2), "the item that took its place")
        board.manager.handleKey(.down, modifiers: [], now: 2)
        XCTAssertEqual(board.manager.focus?.id, AnyHashable(3), "the arrows work at once")
        // Undo brings the item back; the focus stays on an item that exists.
        board.manager.undo(now: 3)
        XCTAssertEqual(board.manager.focus?.id, AnyHashable(3))
    }

    // MARK: Two collections cannot share an identifier

    func testACollectionSharingAnIdentifierWithAnotherIsRefusedWhenAdded() throws {
        let manager = DragDropManager<AnyHashable>()
        try manager.add(DragDropManagerTests.collection("a", [0, 1, 2], frame: Rect(0, 0, 200, 400)))
        XCTAssertThrowsError(try manager.add(DragDropManagerTests.collection("b", [5, 2], frame: Rect(220, 0, 200, 400)))) { error in
            XCTAssertEqual("\(error)", "b holds item 2, which a already holds: every item may be in one collection only")
        }
        XCTAssertEqual(manager.collections.count, 1, "the refused collection is not added")
        XCTAssertThrowsError(try manager.add(DragDropManagerTests.collection("c", [7, 7], frame: Rect(440, 0, 200, 400)))) { error in
            XCTAssertEqual("\(error)", "c holds item 7 twice: every item may be in one collection only")
        }
        XCTAssertThrowsError(try manager.add(DragDropManagerTests.collection("a", [9], frame: Rect(660, 0, 200, 400)))) { error in
            XCTAssertEqual("\(error)", "a participant named a is already added: names must be unique")
        }
        XCTAssertNoThrow(try manager.add(DragDropManagerTests.collection("d", [3, 4], frame: Rect(660, 0, 200, 400))))
    }

    // MARK: A resize during an update animation

    func testAResizeDuringAnAnimatedDeleteMovesTheRunningAnimationsTarget() throws {
        let view = CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 100, itemLength: .fixed(40), interitemSpacing: 0,
                                                                   lineSpacing: 0, insets: EdgeInsets(all: 0)))
        view.register(reuseIdentifier: "row") { DragDropManagerTests.RowCell(reuseIdentifier: $0) }
        let c = DragDropCollection<AnyHashable>(view: view, title: "Grid", items: [Array(0..<12).map { AnyHashable($0) }],
                                   cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "row", for: ip) },
                                   drawItem: { _, _, _ in })
        view.setFrame(Rect(0, 0, 400, 400))     // four a line
        view.update(now: 0)
        try c.setItems([Array(1..<12).map { AnyHashable($0) }], animated: true)     // item 0 goes: the rest glide
        view.update(now: 0.05)
        view.setFrame(Rect(0, 0, 200, 400))     // two a line
        view.update(now: 0.2)
        // Item 5 is shown at index 4: in the new layout at (0, 80), in the old one it was going to (0, 40).
        let ip = ItemPath(item: 4)
        let target = try XCTUnwrap(view.layout.attributesForItem(at: ip)?.frame)
        XCTAssertEqual(target.origin, Point(0, 80))
        let shown = try XCTUnwrap(view.presentedFrameForItem(at: ip))
        XCTAssertLessThan(shown.origin.distance(to: target.origin), shown.origin.distance(to: Point(0, 40)),
                          "the running animation heads for the new layout, not the old one (shown at \(shown.origin))")
        view.update(now: 1)
        XCTAssertEqual(view.presentedFrameForItem(at: ip), target)
    }
}

/// Edge auto-scroll moves the gap often; items must not be drawn over it meanwhile.
final class DragDropAutoScrollGapTests: XCTestCase {
    func testDuringEdgeAutoScrollNoItemIsDrawnOverTheGap() throws {
        let manager = DragDropManager<AnyHashable>()
        let c = DragDropManagerTests.collection("long", Array(0..<200), frame: Rect(0, 0, 200, 400))
        try manager.add(c)
        // Lift row 1 and hold it near the bottom edge: the view scrolls under it.
        manager.pointerDown(at: Point(100, 60), button: .left, modifiers: [], now: 0)
        manager.pointerMoved(to: Point(100, 70), now: 0.02)
        manager.pointerMoved(to: Point(100, 390), now: 0.05)
        var overlaps: [String] = [], gapMoves = 0
        var lastGap = c.gap
        for frame in 0..<180 {
            let now = 0.1 + Double(frame) / 60
            manager.update(now: now)
            c.view.update(now: now)
            if c.gap != lastGap { gapMoves += 1; lastGap = c.gap }
            guard let gap = c.gapWindowFrame else { continue }
            for a in c.view.visibleAttributes where a.kind == .cell && a.indexPath != c.gap {
                guard let f = c.view.presentedFrameForItem(at: a.indexPath) else { continue }
                let shown = c.view.windowRect(fromContent: f)
                if shown.overlapArea(with: gap) > 40 { overlaps.append("frame \(frame): item \(a.indexPath.item) over the gap") }
            }
        }
        XCTAssertGreaterThan(c.view.contentOffset.y, 200, "the view auto-scrolled")
        XCTAssertGreaterThan(gapMoves, 5, "the gap followed the scroll")
        XCTAssertEqual(overlaps, [], "\(overlaps.count) overlaps")
    }
}
