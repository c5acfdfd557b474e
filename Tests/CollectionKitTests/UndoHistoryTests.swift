@testable import CollectionKit
import XCTest

/// The engine's one undo history: drops and an app's own edits on one stack.
final class UndoHistoryTests: XCTestCase {
    struct Refused: Error {}

    func testUndoRedoInOrderAndANewEditEndsTheRedoHistory() throws {
        let history = UndoHistory()
        var value = 0, discarded: [String] = []
        for k in 1...3 {
            value = k
            history.push("set \(k)", undo: { value = k - 1 }, redo: { value = k }, discard: { discarded.append("set \(k)") })
        }
        XCTAssertTrue(try history.undo())
        XCTAssertTrue(try history.undo())
        XCTAssertEqual(value, 1)
        XCTAssertTrue(try history.redo())
        XCTAssertEqual(value, 2)
        history.push("set 9", undo: { value = 2 }, redo: { value = 9 })
        XCTAssertEqual(discarded, ["set 3"], "the cut-off redo entry is forgotten")
        XCTAssertFalse(try history.redo())
        XCTAssertEqual(history.undoCount, 3)
    }

    func testTheLimitForgetsTheOldestAndAFailedUndoStays() throws {
        let history = UndoHistory()
        history.limit = 2
        var discarded: [String] = []
        for k in 1...3 { history.push("e\(k)", undo: {}, redo: {}, discard: { discarded.append("e\(k)") }) }
        XCTAssertEqual(discarded, ["e1"])
        XCTAssertEqual(history.undoStack.map(\.summary), ["e2", "e3"])
        history.push("bad", undo: { throw Refused() }, redo: {})
        XCTAssertThrowsError(try history.undo())
        XCTAssertEqual(history.undoStack.last?.summary, "bad", "nothing changed, so the entry stays")
    }

    func testCtrlZTakesBackAnAppsEditAndTheManagersDropsInTheOrderTheyCame() {
        let board = DragDropManagerTests.makeBoard()
        var appValue = "after"
        board.drag(from: Point(100, 20), to: Point(320, 90))                      // a drop
        board.manager.history.push("rename", undo: { appValue = "before" }, redo: { appValue = "after" })
        board.manager.handleKey(Key("z"), modifiers: .ctrl, now: 2)
        XCTAssertEqual(appValue, "before", "the app's edit came last")
        XCTAssertEqual(board.ids(board.b), [10, 11, 0, 12], "the drop is still there")
        board.manager.handleKey(Key("z"), modifiers: .ctrl, now: 2.1)
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        board.manager.handleKey(Key("y"), modifiers: .ctrl, now: 2.2)
        board.manager.handleKey(Key("y"), modifiers: .ctrl, now: 2.3)
        XCTAssertEqual(board.ids(board.b), [10, 11, 0, 12])
        XCTAssertEqual(appValue, "after")
    }
}
