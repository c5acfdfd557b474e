import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Cards are made, renamed and deleted on the boards by typing, each through the drag-and-drop
/// manager: undoable with Ctrl+Z, shown in the dump, and kept in the remembered state.
final class BoardsEditingTests: XCTestCase {
    private func start() throws -> (App, HeadlessDriver<App>, BoardsScene) {
        let app = try App(scene: "boards", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (app, driver, app.currentScene as! BoardsScene)
    }

    private func click(_ p: Point) -> String {
        "move \(Int(p.x)) \(Int(p.y)) 30\ndown \(Int(p.x)) \(Int(p.y))\nup \(Int(p.x)) \(Int(p.y))\n"
    }

    /// The window centre of item `i` of board `name`.
    private func centre(_ scene: BoardsScene, _ name: String, _ i: Int) throws -> Point {
        let board = try XCTUnwrap(scene.board(name))
        let frame = try XCTUnwrap(board.view.layout.attributesForItem(at: ItemPath(item: i))?.frame)
        return board.view.windowRect(fromContent: frame).center
    }

    /// The titles board `name` shows in the state dump, in order.
    private func dumpedTitles(_ app: App, _ name: String) -> [String] {
        let boards = app.dumpState()["collections"]?.arrayValue ?? []
        let board = boards.first { $0["name"]?.stringValue == name }
        return board?["titles"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// "+ Add a card" is a Tab stop right after its board's cards: Tab from the backlog reaches
    /// the backlog's button (ring drawn), Enter opens the field at the board's end, and the title
    /// typed there is the board's new last card; Tab goes on to the next board.
    func testTheAddButtonIsATabStopAfterItsBoardAndEnterAddsACard() throws {
        let (app, driver, scene) = try start()
        func stop() -> String? { app.dumpState()["keyboardFocus"]?["stop"]?.stringValue }
        XCTAssertEqual(stop(), "backlog")
        try driver.play(script: "key Tab\nwait 50")
        XCTAssertEqual(stop(), "add-backlog", "after the backlog's cards, its + Add a card")
        XCTAssertEqual(scene.addCardButtons["backlog"]?.showsFocusRing, true)
        try driver.play(script: "key Tab\nwait 50")
        XCTAssertEqual(stop(), "today", "then the next board")
        try driver.play(script: "key shift+Tab\nwait 50")
        XCTAssertEqual(stop(), "add-backlog", "Shift+Tab comes back to it")
        let count = try XCTUnwrap(scene.board("backlog")).count
        try driver.play(script: "key Return\nwait 50")
        XCTAssertEqual(scene.adding, "backlog", "Enter types a new card on its board")
        XCTAssertTrue(scene.editor.isEditing)
        try driver.play(script: "text \"Ship it\"\nwait 50\nkey Return\nwait 800")
        let backlog = try XCTUnwrap(scene.board("backlog"))
        XCTAssertEqual(backlog.count, count + 1)
        XCTAssertEqual(dumpedTitles(app, "backlog").last, "Ship it", "the new card is the board's last")
        XCTAssertNil(scene.consistencyProblem())
    }

    func testACardIsAddedRenamedUndoneAndDeletedByTyping() throws {
        let (app, driver, scene) = try start()
        let firstNewID = scene.nextCardID
        // "+ Add a card" on the empty "later" board, a title typed, Enter.
        let add = try XCTUnwrap(scene.addButtons["later"])
        try driver.play(script: click(add.center) + "wait 50")
        XCTAssertEqual(scene.adding, "later")
        XCTAssertTrue(scene.editor.isEditing)
        try driver.play(script: "text \"Write the tests\"\nwait 50\nkey Return\nwait 800")
        XCTAssertFalse(scene.editor.isEditing)
        let later = try XCTUnwrap(scene.board("later"))
        XCTAssertEqual(Array(later.identifiers.joined()), [firstNewID], "a new card with a new id")
        XCTAssertEqual(scene.nextCardID, firstNewID + 1)
        XCTAssertEqual(scene.card(firstNewID).title, "Write the tests")
        XCTAssertEqual(dumpedTitles(app, "later"), ["Write the tests"], "the dump shows the new card's title")
        XCTAssertNil(scene.consistencyProblem())
        var remembered = RememberedState()
        remembered.take(from: scene, config: SceneConfig())
        XCTAssertEqual(remembered.boards?.items["later"], [[firstNewID]])
        XCTAssertEqual(remembered.boards?.cards.first { $0.id == firstNewID }?.title, "Write the tests")
        XCTAssertEqual(remembered.boards?.nextID, firstNewID + 1)

        // A double-click opens a field over the card holding its title, all selected: typing replaces it.
        let card = try centre(scene, "later", 0)
        try driver.play(script: click(card) + "wait 80\n" + click(card) + "wait 50")
        XCTAssertEqual(scene.editor.item, AnyHashable(firstNewID))
        try driver.play(script: "text \"Tests written\"\nkey Return\nwait 300")
        XCTAssertEqual(scene.card(firstNewID).title, "Tests written")
        XCTAssertEqual(dumpedTitles(app, "later"), ["Tests written"])

        // Ctrl+Z takes the rename back, then the add.
        try driver.play(script: "key ctrl+z\nwait 300")
        XCTAssertEqual(scene.card(firstNewID).title, "Write the tests")
        XCTAssertEqual(dumpedTitles(app, "later"), ["Write the tests"])
        try driver.play(script: "key ctrl+z\nwait 300")
        XCTAssertEqual(later.count, 0, "the add undone")
        XCTAssertNil(scene.consistencyProblem())
        try driver.play(script: "key ctrl+shift+z\nwait 300")
        XCTAssertEqual(dumpedTitles(app, "later"), ["Write the tests"], "and redone")

        // The card clicked (focused and selected), Delete puts it in the trash with a notice.
        try driver.play(script: click(try centre(scene, "later", 0)) + "wait 600\nkey Delete\nwait 300")
        XCTAssertEqual(later.count, 0)
        let trashed = app.dumpState()["trashed"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(trashed, ["\(firstNewID)"])
        XCTAssertEqual(scene.deletedNotice?.text, "“Write the tests” deleted")
        try driver.play(script: "key ctrl+z\nwait 300")
        XCTAssertEqual(dumpedTitles(app, "later"), ["Write the tests"], "the delete undone")
        XCTAssertNil(scene.consistencyProblem())
    }

    func testF2RenamesTheFocusedCardEscapeKeepsItAndCtrlNAddsToTheFocusedBoard() throws {
        let (_, driver, scene) = try start()
        let today = try XCTUnwrap(scene.board("today"))
        let first = try XCTUnwrap(today.identifiers.first?.first)
        let before = scene.card(first).title
        try driver.play(script: click(try centre(scene, "today", 0)) + "wait 600\nkey F2\nwait 50")
        XCTAssertEqual(scene.editor.item, AnyHashable(first))
        try driver.play(script: "text \"Not this\"\nkey Escape\nwait 100")
        XCTAssertFalse(scene.editor.isEditing)
        XCTAssertEqual(scene.card(first).title, before, "Escape keeps the old title")
        try driver.play(script: "key F2\ntext \"Call the printer\"\nkey Return\nwait 100")
        XCTAssertEqual(scene.card(first).title, "Call the printer")
        XCTAssertEqual(scene.card(first).shownText, "Call the printer", "the card shows its new title")

        let count = today.count
        let id = scene.nextCardID
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"  Ship it  \"\nkey Return\nwait 300")
        XCTAssertEqual(today.count, count + 1, "Ctrl+N adds to the focused board")
        XCTAssertEqual(Array(today.identifiers.joined()).last, id)
        XCTAssertEqual(scene.card(id).title, "Ship it", "white space trimmed")
        // An empty title adds nothing.
        try driver.play(script: "key ctrl+n\nwait 50\nkey Return\nwait 100")
        XCTAssertEqual(today.count, count + 1)
        XCTAssertNil(scene.consistencyProblem())
    }

    func testALockedCardRefusesTheDeleteKeyWithItsReason() throws {
        let (_, driver, scene) = try start()
        let today = try XCTUnwrap(scene.board("today"))
        let lockedIndex = try XCTUnwrap(Array(today.identifiers.joined()).firstIndex { scene.card($0).lockedTo != nil })
        try driver.play(script: click(try centre(scene, "today", lockedIndex)) + "wait 600\nkey Delete\nwait 100")
        XCTAssertEqual(today.count, 5, "nothing deleted")
        XCTAssertNotNil(scene.refusal, "the reason shown")
    }
}

/// A card title has one limit, the field's, the paste's and the state file's: a paste past it
/// keeps what fits and says so, and the title comes back whole at the next start.
extension BoardsEditingTests {
    /// A million-character title was accepted, then cut to 1,000 at the next start; a 2 MB paste
    /// into the field did nothing at all.
    func testAPasteIntoACardsFieldKeepsTheLimitAndSaysSo() throws {
        let clipboard = MemoryClipboard()
        var config = SceneConfig()
        config.textServices = TextServicesBox(TextServices(clipboard: clipboard))
        let app = try App(scene: "boards", size: Size(1280, 800), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        let scene = app.currentScene as! BoardsScene
        let add = try XCTUnwrap(scene.addButtons["later"])
        let p = add.center
        try driver.play(script: "move \(Int(p.x)) \(Int(p.y)) 30\ndown \(Int(p.x)) \(Int(p.y))\nup \(Int(p.x)) \(Int(p.y))\nwait 50")
        XCTAssertTrue(scene.editor.isEditing)
        clipboard.setText(String(repeating: "z", count: 2 << 20))
        try driver.play(script: "key ctrl+v\nwait 50")
        let field = try XCTUnwrap(scene.editor.field)
        XCTAssertEqual(field.buffer.count, TextLimits.cardTitle)
        XCTAssertEqual(field.dumpState()["limitReached"], .bool(true))
        XCTAssertTrue(scene.refusal?.text.contains(TextDomain.number(TextLimits.cardTitle)) ?? false, "\(String(describing: scene.refusal))")
        try driver.play(script: "key Return\nwait 300")
        let id = try XCTUnwrap(scene.board("later")?.identifiers.joined().first)
        XCTAssertEqual(scene.card(id).title.count, TextLimits.cardTitle)
        var remembered = RememberedState()
        remembered.take(from: scene, config: config)
        XCTAssertEqual(remembered.shortenLongTitles(), 0, "the next start keeps the title whole")
    }

    /// The add field opens after the board's last card (while it is in view), not over the
    /// board's bottom; an empty board's at its top.
    func testTheAddFieldOpensAfterTheLastCard() throws {
        let (_, driver, scene) = try start()
        try driver.play(script: "wait 50")
        let today = try XCTUnwrap(scene.board("today"))
        scene.beginAdding(to: "today", now: 0.1)
        try driver.play(script: "wait 50")
        let field = try XCTUnwrap(scene.editor.field?.frame)
        let lastPath = ItemPath(item: today.view.itemCounts[0] - 1)
        let last = today.view.windowRect(fromContent: try XCTUnwrap(today.view.layout.attributesForItem(at: lastPath)?.frame))
        XCTAssertEqual(field.minY, last.maxY + 6, accuracy: 0.5, "just after the last card")
        try driver.play(script: "key Escape\nwait 50")
        let later = try XCTUnwrap(scene.board("later"))
        scene.beginAdding(to: "later", now: 0.2)
        try driver.play(script: "wait 50")
        XCTAssertEqual(try XCTUnwrap(scene.editor.field?.frame).minY, later.view.frame.minY + 6, accuracy: 0.5, "an empty board's at its top")
    }

    /// Where a board's title leaves no room for "+ Add a card" (a 200-point window), Ctrl+N still
    /// adds a card to the focused board.
    func testCtrlNAddsWhereTheButtonGaveWay() throws {
        let app = try App(scene: "boards", size: Size(200, 200), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = try XCTUnwrap(app.currentScene as? BoardsScene)
        try driver.play(script: "wait 50")
        XCTAssertTrue(scene.takesNewCards("today"))
        scene.beginAdding(to: "today", now: 0.1)
        XCTAssertTrue(scene.editor.isEditing, "the field opens whether or not the button shows")
    }
}
