@testable import CollectionKit
import XCTest

/// Cells are told their drag-and-drop state, so an app's cell draws it without asking the manager.
final class DragDropCellStateTests: XCTestCase {
    func cell(_ c: DragDropCollection<AnyHashable>, _ id: Int) -> CollectionCell? {
        guard let ip = c.displayedIndexPath(of: AnyHashable(id)) else { return nil }
        return c.view.cellForItem(at: ip)
    }

    func testAClickSelectsAndFocusesTheCellAndCtrlClickAddsToTheSelection() {
        let board = DragDropManagerTests.makeBoard()
        board.manager.pointerDown(at: Point(100, 20), button: .left, modifiers: [], now: 0)
        board.manager.pointerUp(at: Point(100, 20), now: 0.05)
        XCTAssertEqual(cell(board.a, 0)?.isSelected, true)
        XCTAssertEqual(board.manager.focus?.id, AnyHashable(0), "the click moves the focus")
        XCTAssertEqual(cell(board.a, 0)?.isFocused, false, "but shows no ring: the pointer is in use")
        XCTAssertEqual(cell(board.a, 1)?.isSelected, false)
        board.manager.pointerDown(at: Point(320, 60), button: .left, modifiers: .ctrl, now: 0.1)
        board.manager.pointerUp(at: Point(320, 60), now: 0.15)
        XCTAssertEqual(cell(board.b, 11)?.isSelected, true)
        XCTAssertEqual(board.manager.focus?.id, AnyHashable(11), "the focus follows the click")
        XCTAssertEqual(cell(board.b, 11)?.isFocused, false)
        board.manager.handleKey(.down, modifiers: [], now: 0.16)
        let focused = board.manager.focus?.id
        XCTAssertNotNil(focused)
        XCTAssertEqual(focused.flatMap { cell(board.b, $0.base as! Int) }?.isFocused, true, "an arrow shows the ring")
        XCTAssertEqual(cell(board.a, 0)?.isFocused, false, "one focus across the collections")
        board.manager.pointerDown(at: Point(100, 20), button: .left, modifiers: .ctrl, now: 0.17)
        board.manager.pointerUp(at: Point(100, 20), now: 0.18)
        XCTAssertEqual(focused.flatMap { cell(board.b, $0.base as! Int) }?.isFocused, false, "a press hides it again")
        board.manager.pointerDown(at: Point(100, 20), button: .left, modifiers: .ctrl, now: 0.19)
        board.manager.pointerUp(at: Point(100, 20), now: 0.2)
        XCTAssertEqual(cell(board.a, 0)?.isSelected, true)
        board.manager.handleKey(.escape, modifiers: [], now: 0.2)
        XCTAssertEqual(cell(board.a, 0)?.isSelected, false, "Escape clears the selection")
        XCTAssertEqual(cell(board.b, 11)?.isSelected, false)
    }

    func testDuringADragTheTargetsCellsKnowAndACopiedOriginalIsMarkedDragged() {
        let board = DragDropManagerTests.makeBoard()
        board.drag(from: Point(980, 20), to: Point(320, 90), release: false)
        XCTAssertEqual(cell(board.palette, 30)?.isDragged, true, "the palette keeps its original in view, marked")
        XCTAssertEqual(cell(board.b, 10)?.isDropTarget, true)
        XCTAssertEqual(cell(board.a, 0)?.isDropTarget, false)
        board.manager.pointerUp(at: Point(320, 90), now: 0.5)
        XCTAssertEqual(cell(board.palette, 30)?.isDragged, false)
        XCTAssertEqual(cell(board.b, 10)?.isDropTarget, false)
    }
    /// The manager tells the cells their states on every frame of a drag; a frame that changed
    /// none of them (the held card moved within one slot) tells no cell, and one that changed
    /// them (a new target, a gap moved) tells them all again, correctly.
    func testAHeldDragTellsTheCellsOnlyWhatChanged() {
        let board = DragDropManagerTests.makeBoard()
        board.drag(from: Point(100, 20), to: Point(320, 90), release: false)
        XCTAssertEqual(board.manager.session?.over, "b")
        func marked() -> Int { [board.a, board.b, board.c, board.focus, board.palette].reduce(0) { $0 + $1.cellsMarked } }
        var t = 0.3
        for _ in 0..<3 { t += 0.016; board.manager.update(now: t) }
        let before = marked()
        // Sixty frames of the card held within one slot of b: a point to and fro, updated each frame.
        for i in 0..<60 {
            t += 0.016
            board.manager.pointerMoved(to: Point(320 + Double(i % 2), 90), now: t)
            board.manager.update(now: t)
        }
        XCTAssertEqual(marked(), before, "no cell is told anything while nothing changes")
        XCTAssertEqual(cell(board.b, 10)?.isDropTarget, true)
        XCTAssertEqual(cell(board.a, 1)?.isDropTarget, false)
        // Back over a: both collections' cells hear of it.
        board.manager.pointerMoved(to: Point(100, 150), now: t + 0.016)
        board.manager.update(now: t + 0.032)
        XCTAssertGreaterThan(marked(), before)
        XCTAssertEqual(board.manager.session?.over, "a")
        XCTAssertEqual(cell(board.b, 10)?.isDropTarget, false)
        XCTAssertEqual(cell(board.a, 1)?.isDropTarget, true)
        XCTAssertEqual(cell(board.a, 0)?.isDragged ?? true, true, "the dragged item, if shown, is marked")
    }
}
