import CollectionKit
import CollectionKitTesting
import Foundation
import KanbanBoard
import XCTest

/// Cards added, renamed and deleted by typing, through input scripts: each change saved once,
/// each undoable, and the change notification saying what happened.
final class KanbanEditingTests: XCTestCase {
    final class Heard { var files: [KanbanFile] = []; var causes: [DragDropChange.Cause] = [] }

    func makeRun() throws -> (HeadlessDriver<Kanban>, Heard) {
        let heard = Heard()
        let board = try Kanban(file: .sample, save: { heard.files.append($0) })
        let save = board.manager.onChange
        board.manager.onChange = { change in heard.causes.append(change.cause); save?(change) }
        let driver = HeadlessDriver(root: board, fps: 60)
        driver.send(.resize(Size(width: 900, height: 600)), at: 0)
        driver.advance(to: 0.1)
        return (driver, heard)
    }

    func play(_ driver: HeadlessDriver<Kanban>, _ script: String) throws {
        try driver.play(script: script)
    }

    func titles(_ file: KanbanFile?, _ column: Int) -> [String] { file?.columns[column].cards.map(\.title) ?? [] }

    func testAddRenameUndoAndDeleteAreSavedAndUndoable() throws {
        let (driver, heard) = try makeRun()
        let add = driver.root.addButtons[2].center
        // "+ Add a card" in the empty Done column, a title typed with a composition on the way.
        try play(driver, """
            down \(add.x) \(add.y)
            up \(add.x) \(add.y)
            text Ship
            text " it"
            compose "です" 2
            commit
            key Return
            wait 300
            """)
        XCTAssertEqual(titles(heard.files.last, 2), ["Ship itです"])
        XCTAssertEqual(heard.causes, [.edit])
        // Rename it with F2 after focusing it by keyboard: Tab to the Done column.
        let card = try XCTUnwrap(driver.root.columns[2].windowFrame(of: driver.root.columns[2].items[0][0])).center
        try play(driver, """
            down \(card.x) \(card.y)
            up \(card.x) \(card.y)
            wait 100
            down \(card.x) \(card.y)
            up \(card.x) \(card.y)
            text Released
            key Return
            wait 300
            """)
        XCTAssertEqual(titles(heard.files.last, 2), ["Released"], "a double-click renames in place")
        XCTAssertEqual(heard.causes, [.edit, .edit])
        try play(driver, "key ctrl+z\nwait 300")
        XCTAssertEqual(titles(heard.files.last, 2), ["Ship itです"], "Ctrl+Z takes the rename back")
        try play(driver, "key ctrl+z\nwait 300")
        XCTAssertEqual(titles(heard.files.last, 2), [], "and then the new card")
        XCTAssertEqual(heard.causes, [.edit, .edit, .undo, .undo])
        XCTAssertEqual(heard.files.count, 4, "every change saved once")
    }

    func testEscapeLeavesTheBoardAsItWasAndDigitsAreTyped() throws {
        let (driver, heard) = try makeRun()
        try play(driver, "key ctrl+n\ntext 123\nkey Escape\nwait 200")
        XCTAssertTrue(heard.files.isEmpty)
        XCTAssertFalse(driver.root.editor.isEditing)
        try play(driver, "key ctrl+n\ntext 42\nkey Return\nwait 200")
        XCTAssertEqual(titles(heard.files.last, 0).last, "42", "Ctrl+N adds to the focused (first) column")
    }

    func testDeleteKeyPutsTheFocusedCardInTheTrash() throws {
        let (driver, heard) = try makeRun()
        // Tab goes to the first column's add button, then to the second column.
        try play(driver, "key Tab\nkey Tab\nkey Down\nkey Delete\nwait 300")
        func onBoard() -> Int { (0..<3).reduce(0) { $0 + titles(heard.files.last, $1).count } }
        XCTAssertEqual(heard.files.last?.trash.count, 1)
        XCTAssertEqual(onBoard(), 6)
        XCTAssertEqual(heard.causes, [.edit])
        try play(driver, "key ctrl+z\nwait 300")
        XCTAssertEqual(heard.files.last?.trash.count, 0)
        XCTAssertEqual(onBoard(), 7)
    }

    /// The add buttons are Tab stops after their columns; Ctrl+N on one adds to its column, and
    /// the new card then has the focus.
    func testCtrlNOnAnAddButtonAddsThereAndTheNewCardHasTheFocus() throws {
        let (driver, heard) = try makeRun()
        func focused() -> String? { driver.root.composition.focus.focused?.focusName }
        try play(driver, "key Tab\nkey Tab\nkey Tab\nkey Tab\nwait 50")
        XCTAssertEqual(focused(), "add2", "the empty third column is no stop; its button is")
        try play(driver, "key ctrl+n\ntext Third\nkey Return")
        XCTAssertEqual(titles(heard.files.last, 2), ["Third"])
        XCTAssertEqual(focused(), "column2", "the new card's column has the focus")
        XCTAssertEqual(driver.root.manager.focus?.id, driver.root.columns[2].identifiers.first?.first)
        try play(driver, "key Tab\nwait 30\nkey shift+Tab\nwait 30\nkey shift+Tab\nwait 30")
        XCTAssertEqual(focused(), "add1", "Shift+Tab goes back stop by stop")
        // Enter on the button adds to its column; it does not rename the card focused before.
        try play(driver, "key Return\ntext Second\nkey Return\nwait 300")
        XCTAssertEqual(titles(heard.files.last, 1).last, "Second")
        XCTAssertEqual(titles(heard.files.last, 2), ["Third"])
    }
}
