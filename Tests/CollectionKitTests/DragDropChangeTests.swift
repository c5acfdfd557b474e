@testable import CollectionKit
import XCTest

/// The change notification: every committed drop, delete, undo and redo is heard once, with
/// what moved where; a cancelled or refused drag is not heard.
final class DragDropChangeTests: XCTestCase {
    typealias Board = DragDropManagerTests.Board

    final class Recorder {
        var changes: [DragDropChange] = []
    }

    func board() -> (Board, Recorder) {
        let board = DragDropManagerTests.makeBoard()
        let recorder = Recorder()
        board.manager.onChange = { recorder.changes.append($0) }
        return (board, recorder)
    }

    func at(_ collection: String, _ item: Int, section: Int = 0) -> ItemLocation {
        ItemLocation(collection: collection, indexPath: ItemPath(item: item, section: section))
    }

    func testAMoveBetweenCollectionsIsHeardOnceWithWhereFromAndWhereTo() {
        let (board, heard) = board()
        board.drag(from: Point(100, 20), to: Point(320, 90))
        XCTAssertEqual(board.ids(board.b), [10, 11, 0, 12])
        XCTAssertEqual(heard.changes, [DragDropChange(cause: .drop, edits: [.moved(id: 0, from: at("a", 0), to: at("b", 2))],
                                                      zone: nil, collections: ["a", "b"])])
        board.manager.update(now: 2)
        XCTAssertEqual(heard.changes.count, 1, "landing flights are not changes")
    }

    func testAReorderWithinACollectionIsAMove() {
        let (board, heard) = board()
        board.drag(from: Point(100, 20), to: Point(100, 140))
        XCTAssertEqual(heard.changes.map(\.edits), [[.moved(id: 0, from: at("a", 0), to: at("a", 3))]])
        XCTAssertEqual(heard.changes.first?.collections, ["a"])
    }

    func testADeleteNamesTheZoneAndUndoRedoAreHeardEachOnce() {
        let (board, heard) = board()
        board.drag(from: Point(100, 20), to: Point(760, 250))
        XCTAssertEqual(heard.changes, [DragDropChange(cause: .drop, edits: [.removed(id: 0, from: at("a", 0))],
                                                      zone: "trash", collections: ["a"])])
        board.manager.undo(now: 2)
        XCTAssertEqual(heard.changes.count, 2)
        XCTAssertEqual(heard.changes.last, DragDropChange(cause: .undo, edits: [.inserted(id: 0, at: at("a", 0))],
                                                          zone: "trash", collections: ["a"]))
        board.manager.redo(now: 3)
        XCTAssertEqual(heard.changes.count, 3)
        XCTAssertEqual(heard.changes.last?.cause, .redo)
        XCTAssertEqual(heard.changes.last?.edits, [.removed(id: 0, from: at("a", 0))])
        // Nothing left to redo: nothing is heard.
        board.manager.redo(now: 4)
        XCTAssertEqual(heard.changes.count, 3)
    }

    func testACopyIsAnInsertAndItsUndoARemoval() {
        let (board, heard) = board()
        board.drag(from: Point(980, 20), to: Point(320, 10))
        XCTAssertEqual(heard.changes.map(\.edits), [[.inserted(id: 101, at: at("b", 0))]])
        board.manager.undo(now: 2)
        XCTAssertEqual(heard.changes.last?.edits, [.removed(id: 101, from: at("b", 0))])
        XCTAssertNil(heard.changes.last?.zone)
    }

    func testASwapReportsBothItems() {
        let (board, heard) = board()
        board.drag(from: Point(100, 60), to: Point(760, 20))
        XCTAssertEqual(heard.changes.map(\.edits), [[.moved(id: 1, from: at("a", 1), to: at("focus", 0)),
                                                     .moved(id: 20, from: at("focus", 0), to: at("a", 1))]])
    }

    func testCancelledRefusedAndMissedDragsAreNotHeard() {
        let (board, heard) = board()
        board.drag(from: Point(100, 20), to: Point(320, 90), release: false)
        board.manager.handleKey(.escape, modifiers: [], now: 0.5)
        board.drag(from: Point(100, 20), to: Point(500, 900), t0: 2)        // outside every target
        board.drag(from: Point(100, 140), to: Point(320, 50), t0: 4)        // a locked item
        board.b.validateChange = { _, _ in throw CollectionUpdateError(message: "read-only") }
        board.drag(from: Point(100, 20), to: Point(320, 90), t0: 6)          // refused by b's validator
        board.manager.update(now: 9)
        XCTAssertEqual(heard.changes, [])
    }
}

/// The container's view updates come from the engine's one diff.
final class DragDropCollectionUpdatesTests: XCTestCase {
    func testAnItemChangingSectionAtTheSameFlatIndexIsAMove() throws {
        let old: [[AnyHashable]] = [[1, 2], [3]], new: [[AnyHashable]] = [[1], [2, 3]]
        XCTAssertEqual(try DragDropCollection.updates(from: old, to: new), [.move(ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 1))])
    }

    func testDeletesInsertsAndMoves() throws {
        let old: [[AnyHashable]] = [[1, 2, 3, 4]], new: [[AnyHashable]] = [[4, 1, 3, 9]]
        let updates = try DragDropCollection.updates(from: old, to: new)
        XCTAssertTrue(updates.contains(.delete([ItemPath(item: 1)])))
        XCTAssertTrue(updates.contains(.insert([ItemPath(item: 3)])))
        XCTAssertTrue(updates.contains(.move(ItemPath(item: 3), ItemPath(item: 0))))
        XCTAssertThrowsError(try DragDropCollection.updates(from: [[1, 2, 1, 3]], to: [[3]]))
    }
}
