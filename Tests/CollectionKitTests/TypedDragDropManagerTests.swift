@testable import CollectionKit
import XCTest

/// A manager typed by the app's identifier: what it tells and takes is `CardID`, never
/// `AnyHashable`, and code that works with any manager holds its coordinator.
final class TypedDragDropManagerTests: XCTestCase {
    struct CardID: Hashable { var number: Int }

    private func column(_ name: String, _ numbers: [Int], x: Double) -> DragDropCollection<CardID> {
        let view = CollectionView(name: name, layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40), interitemSpacing: 0,
                                                                 lineSpacing: 0, insets: EdgeInsets(all: 0)))
        view.register(reuseIdentifier: "row") { DragDropManagerTests.RowCell(reuseIdentifier: $0) }
        let c = DragDropCollection<CardID>(view: view, title: name, items: [numbers.map(CardID.init)],
                                           cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "row", for: ip) },
                                           drawItem: { _, r, list in list.fill(r, .white) })
        view.setFrame(Rect(x, 0, 200, 400))
        return c
    }

    private func makeManager() throws -> (DragDropManager<CardID>, DragDropCollection<CardID>, DragDropCollection<CardID>, DropZone) {
        let manager = DragDropManager<CardID>()
        let todo = column("todo", [1, 2, 3], x: 0), done = column("done", [7], x: 220)
        try manager.add(todo)
        try manager.add(done)
        let trash = DropZone(name: "trash", title: "Trash")
        trash.dropFrame = Rect(440, 0, 200, 100)
        manager.add(trash)
        return (manager, todo, done, trash)
    }

    func testSelectionAndFocusComeTyped() throws {
        let (manager, _, _, _) = try makeManager()
        manager.pointerDown(at: Point(100, 60), button: .left, modifiers: [], now: 0)
        manager.pointerUp(at: Point(100, 60), now: 0.05)
        let focus = try XCTUnwrap(manager.focus)
        XCTAssertEqual(focus.id, CardID(number: 2), "the clicked card, as the app's own identifier")
        XCTAssertEqual(focus.collection, "todo")
        XCTAssertEqual(manager.focusedCollection, "todo")
        manager.pointerDown(at: Point(300, 20), button: .left, modifiers: .ctrl, now: 1)
        manager.pointerUp(at: Point(300, 20), now: 1.05)
        XCTAssertEqual(manager.selection, [CardID(number: 2), CardID(number: 7)], "Ctrl+click adds to the clicked card")
    }

    func testEditsTakeTypedIdentifiers() throws {
        let (manager, todo, done, trash) = try makeManager()
        try manager.insert([CardID(number: 9)], into: "done", at: ItemPath(item: .max, section: 0), summary: "add")
        XCTAssertEqual(done.identifiers.map(Array.init), [[CardID(number: 7), CardID(number: 9)]])
        XCTAssertEqual(manager.location(of: CardID(number: 9)), ItemLocation(collection: "done", indexPath: ItemPath(item: 1)))
        XCTAssertThrowsError(try manager.insert([CardID(number: 1)], into: "done", at: ItemPath(item: 0), summary: "again"),
                             "an identifier held elsewhere is refused")
        try manager.remove([CardID(number: 1)], intoZone: trash.dropName, summary: "delete")
        XCTAssertEqual(todo.identifiers.map(Array.init), [[CardID(number: 2), CardID(number: 3)]])
        XCTAssertEqual(manager.itemsInZones, [CardID(number: 1)])
        manager.focusItem(CardID(number: 3), in: "todo", showingRing: true)
        XCTAssertEqual(manager.focus?.id, CardID(number: 3))
        var renamed = false
        manager.recordEdit(of: CardID(number: 3), summary: "rename") { undoing in renamed = !undoing }
        XCTAssertTrue(renamed)
        manager.undo(now: 2)
        XCTAssertFalse(renamed, "the rename is on the same history")
    }

    func testKeyboardLiftCarriesTheTypedItem() throws {
        let (manager, _, _, _) = try makeManager()
        manager.focusItem(CardID(number: 2), in: "todo", showingRing: true)
        XCTAssertEqual(manager.handle(.key(.space, []), now: 0), .handled)
        XCTAssertEqual(manager.draggedItems, [CardID(number: 2)])
        XCTAssertEqual(manager.handle(.key(.escape, []), now: 0.1), .handled)
        XCTAssertEqual(manager.draggedItems, [])
    }

    func testAnyManagerIsACoordinator() throws {
        let (manager, todo, done, _) = try makeManager()
        let composition = Composition([manager])
        XCTAssertEqual(composition.views.map(\.name), [todo.view.name, done.view.name], "the composition finds the typed manager's views")
        let watcher = AccessibilityWatcher(events: AccessibilityEventQueue())
        watcher.watch(manager)
        XCTAssertTrue(watcher.manager === manager)
    }
}
