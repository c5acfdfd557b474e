@testable import CollectionKit
import XCTest

/// The drag-and-drop manager on its own: collections of 40-point rows side by side, driven by
/// pointer and key calls with literal coordinates and times.
final class DragDropManagerTests: XCTestCase {
    final class RowCell: CollectionCell {}

    /// Columns 200 wide at x 0 (a), 220 (b), 440 (c, empty), 660 (focus, capacity 1, y 0-100)
    /// and a trash at 660, 200. Rows are 40 high with no spacing: row i spans y 40i..40i+40.
    struct Board {
        let manager = DragDropManager<AnyHashable>()
        var a, b, c, focus, palette: DragDropCollection<AnyHashable>
        let trash = DropZone(name: "trash", title: "Trash")
        var copies = 0

        func ids(_ coll: DragDropCollection<AnyHashable>) -> [Int] { coll.items.joined().map { $0.base as! Int } }

        func drag(from: Point, to: Point, t0: Double = 0, release: Bool = true) {
            manager.pointerDown(at: from, button: .left, modifiers: [], now: t0)
            manager.pointerMoved(to: Point(x: from.x + 3, y: from.y + 3), now: t0 + 0.02)
            manager.pointerMoved(to: Point(x: from.x + 8, y: from.y + 8), now: t0 + 0.04)
            manager.pointerMoved(to: to, now: t0 + 0.1)
            manager.update(now: t0 + 0.2)
            if release { manager.pointerUp(at: to, now: t0 + 0.3) }
        }
    }

    static func collection(_ name: String, _ ids: [Int], frame: Rect) -> DragDropCollection<AnyHashable> {
        let view = CollectionView(name: name, layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40), interitemSpacing: 0,
                                                                 lineSpacing: 0, insets: EdgeInsets(all: 0)))
        view.register(reuseIdentifier: "row") { RowCell(reuseIdentifier: $0) }
        let c = DragDropCollection<AnyHashable>(view: view, title: name.capitalized, items: [ids.map { AnyHashable($0) }],
                                   cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "row", for: ip) },
                                   drawItem: { _, r, list in list.fill(r, .white) })
        view.setFrame(frame)
        return c
    }

    func makeBoard() -> Board { Self.makeBoard() }

    static func makeBoard() -> Board {
        let board = Board(a: Self.collection("a", [0, 1, 2, 3, 4], frame: Rect(0, 0, 200, 400)),
                          b: Self.collection("b", [10, 11, 12], frame: Rect(220, 0, 200, 400)),
                          c: Self.collection("c", [], frame: Rect(440, 0, 200, 400)),
                          focus: Self.collection("focus", [20], frame: Rect(660, 0, 200, 100)),
                          palette: Self.collection("palette", [30], frame: Rect(880, 0, 200, 100)))
        board.focus.capacity = 1
        board.palette.acceptsDrops = false
        board.palette.dragOperation = .copy
        var next = 100
        board.palette.copyItem = { _ in next += 1; return AnyHashable(next) }
        board.a.lockedItem = { $0 == AnyHashable(3) }
        board.trash.dropFrame = Rect(660, 200, 200, 100)
        for c in [board.a, board.b, board.c, board.focus, board.palette] { try! board.manager.add(c) }
        board.manager.add(board.trash)
        return board
    }

    // MARK: Target choice

    func testTheLargestOverlapWins() {
        let frames = [(name: "left", frame: Rect(0, 0, 200, 400)), (name: "right", frame: Rect(200, 0, 200, 400))]
        // 100×40 snapshot at x 130: 70×40 over left, 30×40 over right.
        XCTAssertEqual(DragDropCoordinator.chooseTarget(snapshot: Rect(130, 10, 100, 40), candidates: frames, current: nil, hysteresis: 1.3), "left")
        // At x 160: 40×40 left, 60×40 right.
        XCTAssertEqual(DragDropCoordinator.chooseTarget(snapshot: Rect(160, 10, 100, 40), candidates: frames, current: nil, hysteresis: 1.3), "right")
        // Outside both.
        XCTAssertNil(DragDropCoordinator.chooseTarget(snapshot: Rect(500, 10, 100, 40), candidates: frames, current: "left", hysteresis: 1.3))
    }

    func testHysteresisKeepsTheCurrentTargetOnABoundary() {
        let frames = [(name: "left", frame: Rect(0, 0, 200, 400)), (name: "right", frame: Rect(200, 0, 200, 400))]
        // 45 vs 55: right overlaps more, but not 1.3 times as much as left: left keeps it.
        XCTAssertEqual(DragDropCoordinator.chooseTarget(snapshot: Rect(155, 0, 100, 40), candidates: frames, current: "left", hysteresis: 1.3), "left")
        // 40 vs 60 is 1.5 times: right takes over.
        XCTAssertEqual(DragDropCoordinator.chooseTarget(snapshot: Rect(160, 0, 100, 40), candidates: frames, current: "left", hysteresis: 1.3), "right")
        // Exactly half and half with no current target: the first listed.
        XCTAssertEqual(DragDropCoordinator.chooseTarget(snapshot: Rect(150, 0, 100, 40), candidates: frames, current: nil, hysteresis: 1.3), "left")
    }

    func testWobblingOnABoundaryDoesNotFlip() {
        let board = makeBoard()
        // Grab a's row 0 at its centre (100, 20): the snapshot is 200 wide, so at pointer x 210
        // it spans 110..310, 90 over a and 110 over b (ratio 1.22 < 1.3).
        board.drag(from: Point(100, 20), to: Point(205, 100), release: false)
        XCTAssertEqual(board.manager.session?.over, "a")
        for (k, x) in [212.0, 198, 214, 196, 213, 200].enumerated() {
            board.manager.pointerMoved(to: Point(x, 100), now: 0.4 + Double(k) * 0.016)
        }
        XCTAssertEqual(board.manager.session?.over, "a")
        XCTAssertEqual(board.manager.session?.overChanges, 1, "only the first arrival counts")
        board.manager.pointerMoved(to: Point(300, 100), now: 0.6)
        XCTAssertEqual(board.manager.session?.over, "b")
        XCTAssertEqual(board.manager.session?.overChanges, 2)
    }

    // MARK: Moving between collections

    func testAMoveGoesToTheIndexUnderTheSnapshot() {
        var board = makeBoard()
        // The snapshot of a's row 0 centred at (320, 90) sits over b's row 2 (y 80-120), above its middle.
        board.drag(from: Point(100, 20), to: Point(320, 90))
        XCTAssertEqual(board.ids(board.a), [1, 2, 3, 4])
        XCTAssertEqual(board.ids(board.b), [10, 11, 0, 12])
        XCTAssertEqual(board.manager.history.undoCount, 1)
        // The landed row stays hidden while its snapshot flies in, then shows.
        XCTAssertTrue(board.b.view.hiddenIdentifiers.contains(AnyHashable(0)))
        board.manager.update(now: 1)
        XCTAssertTrue(board.b.view.hiddenIdentifiers.isEmpty)
        board.copies = 0
    }

    func testTheHoveredCollectionShowsAGapAndTheSourceKeepsItsOwn() {
        let board = makeBoard()
        board.drag(from: Point(100, 60), to: Point(320, 50), release: false)
        XCTAssertEqual(board.manager.session?.over, "b")
        // b shows the gap at 1 (between 10 and 11); a shows its own where row 1 was.
        XCTAssertEqual(board.b.gap, ItemPath(item: 1))
        XCTAssertEqual(board.b.displayed[0].count, 4)
        XCTAssertEqual(board.a.gap, ItemPath(item: 1))
        XCTAssertFalse(board.a.displayed[0].contains(AnyHashable(1)))
        // Leaving b closes its gap; the data never changed.
        board.manager.pointerMoved(to: Point(100, 300), now: 0.5)
        XCTAssertNil(board.b.gap)
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertEqual(board.manager.session?.over, "a")
    }

    func testDropIntoAnEmptyCollection() {
        let board = makeBoard()
        board.drag(from: Point(100, 100), to: Point(540, 300))
        XCTAssertEqual(board.ids(board.c), [2])
        XCTAssertEqual(board.ids(board.a), [0, 1, 3, 4])
    }

    func testReorderWithinACollection() {
        let board = makeBoard()
        // Row 0 dropped with its centre in row 3's slot.
        board.drag(from: Point(100, 20), to: Point(100, 140))
        XCTAssertEqual(board.ids(board.a), [1, 2, 3, 0, 4])
    }

    func testDropOutsideEveryTargetChangesNothing() {
        let board = makeBoard()
        board.drag(from: Point(100, 20), to: Point(500, 900))
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.manager.history.undoCount, 0)
        XCTAssertTrue(board.manager.isLanding, "the snapshot flies home")
        board.manager.update(now: 2)
        XCTAssertFalse(board.manager.isLanding)
        XCTAssertTrue(board.a.view.hiddenIdentifiers.isEmpty)
    }

    func testEscapeAndRightClickCancel() {
        let board = makeBoard()
        board.drag(from: Point(100, 20), to: Point(320, 90), release: false)
        board.manager.handleKey(.escape, modifiers: [], now: 0.5)
        XCTAssertNil(board.manager.session)
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertNil(board.a.gap)
        XCTAssertNil(board.b.gap)
        board.drag(from: Point(100, 20), to: Point(320, 90), t0: 3, release: false)
        XCTAssertTrue(board.manager.pointerDown(at: Point(320, 90), button: .right, modifiers: [], now: 3.5))
        XCTAssertNil(board.manager.session)
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
    }

    // MARK: Rules

    func testLockedItemsReorderButDoNotLeave() {
        let board = makeBoard()
        board.drag(from: Point(100, 140), to: Point(320, 50))    // row 3 is locked
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertEqual(board.manager.feedback?.text, "3 is locked to A")
        board.drag(from: Point(100, 140), to: Point(100, 20), t0: 5)
        XCTAssertEqual(board.ids(board.a), [3, 0, 1, 2, 4])
    }

    func testNothingIsDroppedOnADragOnlySource() {
        let board = makeBoard()
        board.drag(from: Point(100, 20), to: Point(980, 40))
        XCTAssertEqual(board.ids(board.palette), [30])
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.manager.feedback?.text, "nothing can be dropped on Palette")
    }

    func testDraggingFromADragOnlySourceCopies() {
        let board = makeBoard()
        board.drag(from: Point(980, 20), to: Point(320, 10))
        XCTAssertEqual(board.ids(board.palette), [30], "the palette keeps its item")
        XCTAssertEqual(board.ids(board.b), [101, 10, 11, 12], "a new item with a new identifier")
        board.drag(from: Point(980, 20), to: Point(540, 20), t0: 5)
        XCTAssertEqual(board.ids(board.c), [102])
    }

    func testAFullCollectionSwapsWithASingleItem() {
        let board = makeBoard()
        // a's row 1 onto the focus slot (capacity 1, holding 20): 20 goes to a's row 1.
        board.drag(from: Point(100, 60), to: Point(760, 20))
        XCTAssertEqual(board.ids(board.focus), [1])
        XCTAssertEqual(board.ids(board.a), [0, 20, 2, 3, 4])
        board.manager.undo(now: 5)
        XCTAssertEqual(board.ids(board.focus), [20])
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
    }

    func testAFullCollectionRefusesAStackAndCopies() {
        let board = makeBoard()
        board.manager.pointerDown(at: Point(100, 20), button: .left, modifiers: .ctrl, now: 0)
        board.manager.pointerUp(at: Point(100, 20), now: 0.05)
        board.manager.pointerDown(at: Point(100, 60), button: .left, modifiers: .ctrl, now: 0.1)
        board.manager.pointerUp(at: Point(100, 60), now: 0.15)
        board.drag(from: Point(100, 60), to: Point(760, 20), t0: 1)
        XCTAssertEqual(board.ids(board.focus), [20])
        XCTAssertEqual(board.manager.feedback?.text, "Focus holds 1 item")
        board.drag(from: Point(980, 20), to: Point(760, 20), t0: 5)
        XCTAssertEqual(board.ids(board.focus), [20], "a copy has nowhere to send the card it would replace")
    }

    func testTheTrashDeletesAndUndoBringsBack() {
        let board = makeBoard()
        board.drag(from: Point(100, 20), to: Point(760, 250))
        XCTAssertEqual(board.ids(board.a), [1, 2, 3, 4])
        XCTAssertEqual(board.manager.itemsInZones, [AnyHashable(0)])
        board.manager.handleKey(Key("z"), modifiers: .ctrl, now: 2)
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.manager.itemsInZones, [])
        board.manager.handleKey(Key("z"), modifiers: [.ctrl, .shift], now: 3)
        XCTAssertEqual(board.ids(board.a), [1, 2, 3, 4])
        XCTAssertEqual(board.manager.itemsInZones, [AnyHashable(0)])
        // A palette copy is not something to delete.
        board.drag(from: Point(980, 20), to: Point(760, 250), t0: 5)
        XCTAssertEqual(board.manager.itemsInZones, [AnyHashable(0)])
    }

    func testARefusedUpdateChangesNothingAndSaysSo() {
        let board = makeBoard()
        board.b.validateChange = { _, _ in throw CollectionUpdateError(message: "b is read-only today") }
        board.drag(from: Point(100, 20), to: Point(320, 90))
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4], "the source did not change either")
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertEqual(board.manager.notices, ["b is read-only today"])
        XCTAssertEqual(board.manager.history.undoCount, 0)
        XCTAssertEqual(board.a.view.numberOfItems, 5, "the view shows the data as it is")
    }

    // MARK: Several items, keyboard, undo

    func testSelectedItemsFromTwoCollectionsLandTogetherInOrder() {
        let board = makeBoard()
        for (k, p) in [Point(100, 20), Point(100, 100), Point(320, 60)].enumerated() {
            board.manager.pointerDown(at: p, button: .left, modifiers: .ctrl, now: Double(k) * 0.1)
            board.manager.pointerUp(at: p, now: Double(k) * 0.1 + 0.05)
        }
        XCTAssertEqual(board.manager.selection.count, 3)
        board.drag(from: Point(100, 100), to: Point(540, 100), t0: 1)
        XCTAssertEqual(board.ids(board.c), [0, 2, 11])
        XCTAssertEqual(board.ids(board.a), [1, 3, 4])
        XCTAssertEqual(board.ids(board.b), [10, 12])
        board.manager.undo(now: 3)
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertEqual(board.ids(board.c), [])
    }

    func testKeyboardPickUpMoveAndDrop() {
        let board = makeBoard()
        board.manager.pointerDown(at: Point(100, 20), button: .left, modifiers: [], now: 0)
        board.manager.pointerUp(at: Point(100, 20), now: 0.05)
        board.manager.handleKey(.down, modifiers: [], now: 0.1)      // focus row 1
        board.manager.handleKey(.space, modifiers: [], now: 0.2)     // pick it up
        XCTAssertEqual(board.manager.statusLine, "1 picked up, over A, position 2 of 5")
        board.manager.handleKey(.right, modifiers: [], now: 0.3)     // over b, same position
        board.manager.handleKey(.down, modifiers: [], now: 0.4)
        XCTAssertEqual(board.manager.statusLine, "1 picked up, over B, position 3 of 4")
        board.manager.handleKey(.enter, modifiers: [], now: 0.5)
        XCTAssertEqual(board.ids(board.b), [10, 11, 1, 12])
        XCTAssertEqual(board.ids(board.a), [0, 2, 3, 4])
        // Escape puts a keyboard drag back.
        board.manager.handleKey(.space, modifiers: [], now: 1)
        board.manager.handleKey(.right, modifiers: [], now: 1.1)
        board.manager.handleKey(.escape, modifiers: [], now: 1.2)
        XCTAssertEqual(board.ids(board.b), [10, 11, 1, 12])
        XCTAssertNil(board.manager.session)
    }

    func testUndoAndRedoAcrossCollections() {
        let board = makeBoard()
        board.drag(from: Point(100, 20), to: Point(320, 90))
        board.drag(from: Point(320, 20), to: Point(540, 20), t0: 2)
        XCTAssertEqual(board.ids(board.c), [10])
        board.manager.undo(now: 4)
        board.manager.undo(now: 4.1)
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertEqual(board.ids(board.c), [])
        XCTAssertEqual(board.manager.history.redoCount, 2)
        board.manager.redo(now: 5)
        board.manager.redo(now: 5.1)
        XCTAssertEqual(board.ids(board.b), [11, 0, 12])
        XCTAssertEqual(board.ids(board.c), [10])
    }

    func testSectionPatchesAreSmallAndReversible() {
        let a: [AnyHashable] = [1, 2, 3, 4, 5], b: [AnyHashable] = [1, 3, 9, 4, 5]
        let patch = SectionPatch.between(a, b, section: 0)!
        XCTAssertEqual(patch.start, 1)
        XCTAssertEqual(patch.old, [2, 3])
        XCTAssertEqual(patch.new, [3, 9])
        XCTAssertEqual(patch.applied(to: [a]), [b])
        XCTAssertEqual(patch.applied(to: [b], reversed: true), [a])
        XCTAssertNil(patch.applied(to: [a], reversed: true), "the data is not what the patch left")
        XCTAssertNil(SectionPatch.between(a, a, section: 0))
    }
}
