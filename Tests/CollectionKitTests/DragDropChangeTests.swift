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

    func testTwoZonesAreToldApartAndAnArchiveKeepsWhatATrashForgets() {
        let (board, heard) = board()
        let archive = DropZone(name: "archive", title: "Archive", keepsItems: true)
        archive.dropFrame = Rect(660, 320, 200, 100)
        board.manager.add(archive)
        board.manager.undoLimit = 1
        board.drag(from: Point(100, 20), to: Point(760, 250))              // 0 into the trash
        board.drag(from: Point(100, 20), to: Point(760, 370), t0: 2)       // 1 into the archive
        XCTAssertEqual(heard.changes.map(\.zone), ["trash", "archive"])
        XCTAssertEqual(heard.changes.map(\.edits), [[.removed(id: 0, from: at("a", 0))], [.removed(id: 1, from: at("a", 0))]])
        XCTAssertEqual(board.trash.items, [], "the trash forgets a delete that can no longer be undone")
        XCTAssertEqual(archive.items, [AnyHashable(1)])
        board.drag(from: Point(100, 20), to: Point(320, 20), t0: 4)        // any other drop
        XCTAssertEqual(archive.items, [AnyHashable(1)], "the archive keeps it")
        XCTAssertEqual(board.manager.itemsInZones, [AnyHashable(1)], "itemsInZones lists every zone's items")
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
        XCTAssertEqual(try ItemList.updates(from: old, to: new), [.move(ItemPath(item: 1, section: 0), ItemPath(item: 0, section: 1))])
    }

    func testDeletesInsertsAndMoves() throws {
        let old: [[AnyHashable]] = [[1, 2, 3, 4]], new: [[AnyHashable]] = [[4, 1, 3, 9]]
        let updates = try ItemList.updates(from: old, to: new)
        XCTAssertTrue(updates.contains(.delete([ItemPath(item: 1)])))
        XCTAssertTrue(updates.contains(.insert([ItemPath(item: 3)])))
        XCTAssertTrue(updates.contains(.move(ItemPath(item: 3), ItemPath(item: 0))))
        XCTAssertThrowsError(try ItemList.updates(from: [[1, 2, 1, 3]], to: [[3]]))
    }
}

/// The drag-and-drop sentences come from a table the app replaces.
final class DragDropStringsTests: XCTestCase {
    func testTheDefaultsSpeakOfItemsAndAnAppsTableReplacesThem() {
        let board = DragDropManagerTests.makeBoard()
        for (k, p) in [Point(100, 20), Point(100, 100)].enumerated() {
            board.manager.pointerDown(at: p, button: .left, modifiers: .ctrl, now: Double(k) * 0.1)
            board.manager.pointerUp(at: p, now: Double(k) * 0.1 + 0.05)
        }
        board.drag(from: Point(100, 100), to: Point(500, 900), t0: 1, release: false)
        XCTAssertEqual(board.manager.statusLine, "2 items picked up, over nothing")
        var words = DragDropStrings()
        words.pickedUpSeveral = { "\($0) Karten aufgenommen" }
        words.overNothing = "über keiner Liste"
        board.manager.strings = words
        XCTAssertEqual(board.manager.statusLine, "2 Karten aufgenommen, über keiner Liste")
        words.holdsAtMost = { "\($0) fasst \($1)" }
        board.manager.strings = words
        board.manager.pointerMoved(to: Point(760, 20), now: 1.5)        // the full focus slot refuses a stack
        XCTAssertEqual(board.manager.statusLine, "2 Karten aufgenommen, over Focus: Focus fasst 1")
    }

    func testAZoneWordsItsRefusalFromTheTable() {
        let board = DragDropManagerTests.makeBoard()
        board.drag(from: Point(980, 20), to: Point(760, 250))        // a palette copy onto the trash
        XCTAssertEqual(board.manager.feedback?.text, "Trash takes only items moved out of a collection")
    }
}

/// A reorder in place is a change like any other: heard once, with where from and where to.
final class ReorderChangeTests: XCTestCase {
    final class Rows: CollectionDataSource {
        var ids = Array(0..<10)
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
        func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
        func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
            cv.dequeueReusableCell(withReuseIdentifier: "row", for: ip)
        }
        func collectionView(_ cv: CollectionView, canMoveItemAt ip: ItemPath) -> Bool { true }
        func collectionView(_ cv: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
            ids.insert(ids.remove(at: source.item), at: destination.item)
        }
    }

    func testALiftedItemDroppedElsewhereIsHeardAsAMoveAndACancelIsNot() throws {
        let rows = Rows()
        let view = CollectionView(name: "rows", layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40), interitemSpacing: 0,
                                                                   lineSpacing: 0, insets: EdgeInsets(all: 0)))
        view.register(reuseIdentifier: "row") { DragDropManagerTests.RowCell(reuseIdentifier: $0) }
        view.dataSource = rows
        view.reloadData()
        view.setFrame(Rect(0, 0, 200, 400))
        let reorder = ReorderableCollection<AnyHashable>(view: view, title: "Rows") { _, r, list in list.fill(r, .white) }
        let manager = DragDropManager<AnyHashable>()
        manager.add(reorder)
        var heard: [DragDropChange] = []
        manager.onChange = { heard.append($0) }
        // Lift row 0 and let go with it over row 3.
        XCTAssertTrue(manager.lift(AnyHashable(0), from: reorder, grabPoint: Point(100, 20), pointer: Point(100, 20), time: 0, now: 0))
        XCTAssertTrue(view.hiddenIdentifiers.contains(AnyHashable(0)), "the lifted row's slot shows as a gap")
        manager.pointerMoved(to: Point(100, 140), now: 0.1)
        manager.update(now: 0.2)
        manager.pointerUp(at: Point(100, 140), now: 0.3)
        XCTAssertEqual(rows.ids, [1, 2, 3, 0, 4, 5, 6, 7, 8, 9])
        let from = ItemLocation(collection: "rows", indexPath: ItemPath(item: 0)), to = ItemLocation(collection: "rows", indexPath: ItemPath(item: 3))
        XCTAssertEqual(heard, [DragDropChange(cause: .drop, edits: [.moved(id: 0, from: from, to: to)], zone: nil, collections: ["rows"])])
        manager.update(now: 2)
        XCTAssertTrue(view.hiddenIdentifiers.isEmpty)
        // A cancelled lift is not heard.
        XCTAssertTrue(manager.lift(AnyHashable(5), from: reorder, grabPoint: Point(100, 220), pointer: Point(100, 220), time: 3, now: 3))
        manager.pointerMoved(to: Point(100, 60), now: 3.1)
        manager.cancel(now: 3.2)
        manager.update(now: 5)
        XCTAssertEqual(heard.count, 1)
        XCTAssertEqual(rows.ids, [1, 2, 3, 0, 4, 5, 6, 7, 8, 9])
        XCTAssertTrue(view.hiddenIdentifiers.isEmpty)
    }
}
