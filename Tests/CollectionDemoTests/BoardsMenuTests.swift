import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// A card's menu on the boards: a right click on a card (or the Menu key, Shift+F10 on the focused
/// card) offers Rename…, Copy and Delete, each doing what its key does; a right click off the
/// cards, or mid-drag, opens nothing.
final class BoardsMenuTests: XCTestCase {
    private func start(_ direction: LayoutDirection = .leftToRight) throws -> (App, HeadlessDriver<App>, BoardsScene, MemoryClipboard) {
        let clipboard = MemoryClipboard()
        var config = SceneConfig()
        config.layoutDirection = direction
        config.textServices = TextServicesBox(TextServices(clipboard: clipboard))
        let app = try App(scene: "boards", size: Size(1280, 800), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (app, driver, app.currentScene as! BoardsScene, clipboard)
    }

    private func centre(_ scene: BoardsScene, _ name: String, _ i: Int) throws -> Point {
        let board = try XCTUnwrap(scene.board(name))
        let frame = try XCTUnwrap(board.view.layout.attributesForItem(at: ItemPath(item: i))?.frame)
        return board.view.windowRect(fromContent: frame).center
    }

    private func at(_ p: Point) -> String { "\(Int(p.x)) \(Int(p.y))" }

    private func rightClick(_ p: Point) -> String { "move \(at(p)) 30\ndown \(at(p)) right\nup \(at(p)) right\nwait 50\n" }

    /// A left click on the open menu's row titled `title`.
    private func choose(_ scene: BoardsScene, _ title: String) throws -> String {
        let m = try XCTUnwrap(scene.menu.menu, "a menu is open")
        let row = try XCTUnwrap(m.actions.firstIndex { $0.title == title }, "the menu offers \(title)")
        let p = m.rowFrame(row).center
        return "move \(at(p)) 30\ndown \(at(p))\nup \(at(p))\nwait 100\n"
    }

    private func menuDump(_ app: App) -> JSON? {
        guard let m = app.dumpState()["menu"], m != .null else { return nil }
        return m
    }

    func testARightClickOnACardOpensItsMenuThereAndDeleteTrashesIt() throws {
        let (app, driver, scene, _) = try start()
        let today = try XCTUnwrap(scene.board("today"))
        let ids = Array(today.identifiers.joined())
        let p = try centre(scene, "today", 1)
        try driver.play(script: rightClick(p))
        let menu = try XCTUnwrap(menuDump(app), "the dump shows the open menu")
        XCTAssertEqual(menu["item"]?.stringValue, "\(ids[1])")
        XCTAssertEqual(menu["board"]?.stringValue, "today")
        XCTAssertEqual(menu["actions"]?.arrayValue?.compactMap(\.stringValue), ["Rename…", "Copy", "Delete"])
        XCTAssertEqual(menu["highlighted"], .null, "a pointer's menu highlights nothing until hovered")
        let frame = try XCTUnwrap(scene.menu.menu?.frame)
        XCTAssertEqual(frame.minX, p.x, accuracy: 1, "the menu opens at the pointer")
        XCTAssertEqual(frame.minY, p.y, accuracy: 1)
        XCTAssertEqual(scene.manager.focus?.id, ids[1], "the card is the one keys now act on")

        try driver.play(script: try choose(scene, "Delete") + "wait 300")
        XCTAssertNil(scene.menu.menu, "a choice closes the menu")
        XCTAssertNil(menuDump(app))
        XCTAssertEqual(Array(today.identifiers.joined()), ids.filter { $0 != ids[1] }, "only that card went")
        XCTAssertEqual(app.dumpState()["trashed"]?.arrayValue?.compactMap(\.stringValue), ["\(ids[1])"])
        XCTAssertEqual(scene.deletedNotice?.text, "“\(scene.card(ids[1]).title)” deleted", "the delete's notice, as the key's")
        try driver.play(script: "key ctrl+z\nwait 300")
        XCTAssertEqual(Array(today.identifiers.joined()), ids, "undone as one edit")
        XCTAssertNil(scene.consistencyProblem())
    }

    func testRenameOpensTheFieldAndCopyCopiesTheSelection() throws {
        let (_, driver, scene, clipboard) = try start()
        let today = try XCTUnwrap(scene.board("today"))
        let ids = Array(today.identifiers.joined())
        try driver.play(script: rightClick(try centre(scene, "today", 0)))
        try driver.play(script: try choose(scene, "Rename…"))
        XCTAssertEqual(scene.editor.item, AnyHashable(ids[0]), "Rename… opens the card's field, as F2 does")
        try driver.play(script: "text \"Call the printer\"\nkey Return\nwait 100")
        XCTAssertEqual(scene.card(ids[0]).title, "Call the printer")

        // Two cards selected (a click, then a Ctrl+click): Copy on one of them copies both, in board order.
        let first = try centre(scene, "today", 0), third = try centre(scene, "today", 3)
        try driver.play(script: "move \(at(third)) 30\ndown \(at(third))\nup \(at(third))\nwait 50\n"
                        + "move \(at(first)) 30\ndown \(at(first)) left ctrl\nup \(at(first))\nwait 50\n")
        XCTAssertEqual(scene.manager.selection, [ids[0], ids[3]])
        try driver.play(script: rightClick(third))
        try driver.play(script: try choose(scene, "Copy"))
        XCTAssertEqual(clipboard.text, [ids[0], ids[3]].map { scene.card($0).shownText }.joined(separator: "\n"))
        XCTAssertEqual(scene.manager.selection, [ids[0], ids[3]], "the menu keeps the selection")

        // A card outside the selection: Copy copies that card alone.
        try driver.play(script: rightClick(try centre(scene, "today", 1)))
        try driver.play(script: try choose(scene, "Copy"))
        XCTAssertEqual(clipboard.text, scene.card(ids[1]).shownText)
    }

    func testTheMenuKeyOpensTheFocusedCardsMenuAndEscapeClosesIt() throws {
        let (app, driver, scene, _) = try start()
        let backlog = try XCTUnwrap(scene.board("backlog"))
        try driver.play(script: "key Down\nwait 50")
        let focused = try XCTUnwrap(scene.manager.focus)
        XCTAssertEqual(focused.collection, "backlog")
        try driver.play(script: "key shift+F10\nwait 50")
        let menu = try XCTUnwrap(menuDump(app), "Shift+F10 opens the focused card's menu")
        XCTAssertEqual(menu["item"]?.stringValue, "\(focused.id)")
        XCTAssertEqual(menu["highlighted"]?.stringValue, "Rename…", "from the keyboard, the first row is highlighted")
        let cardFrame = try XCTUnwrap(backlog.windowFrame(of: AnyHashable(focused.id)))
        XCTAssertTrue(cardFrame.contains(try XCTUnwrap(scene.menu.menu?.frame.origin)), "anchored inside the card")
        try driver.play(script: "key Down\nwait 50\nkey Down\nwait 50")
        XCTAssertEqual(menuDump(app)?["highlighted"]?.stringValue, "Delete", "the arrows move over the rows, the separator skipped")
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertNil(menuDump(app), "Escape closes it")
        XCTAssertEqual(Array(backlog.identifiers.joined()).contains(focused.id), true, "nothing done")
        XCTAssertEqual(app.dumpState()["drag"], .null, "the Escape went to the menu, not to a drag")
        try driver.play(script: "key menu\nwait 50\nkey Return\nwait 50")
        XCTAssertEqual(scene.editor.item, AnyHashable(focused.id), "the Menu key, then Enter on Rename…")
    }

    func testNothingOpensOffTheCardsOrWhileACardIsCarried() throws {
        let (app, driver, scene, _) = try start()
        // The trash and the empty Later board hold no card.
        try driver.play(script: rightClick(scene.trash.dropFrame.center) + rightClick(try XCTUnwrap(scene.board("later")).view.frame.center))
        XCTAssertNil(menuDump(app))
        // A card carried by the pointer: a right press mid-drag puts it back (as before there
        // was a menu) and opens nothing.
        let today = try XCTUnwrap(scene.board("today"))
        let ids = Array(today.identifiers.joined())
        let p = try centre(scene, "today", 0)
        let q = Point(x: p.x + 60, y: p.y + 70)
        try driver.play(script: "move \(at(p)) 30\ndown \(at(p))\nmove \(Int(p.x) + 10) \(Int(p.y) + 4) 50\nmove \(at(q)) 300\nwait 200")
        XCTAssertNotEqual(app.dumpState()["drag"], .null, "dragging")
        try driver.play(script: "down \(at(q)) right\nup \(at(q)) right\nwait 700")
        XCTAssertEqual(app.dumpState()["drag"], .null, "the right press ended the drag")
        XCTAssertNil(menuDump(app))
        try driver.play(script: "up \(at(q))\nwait 600")
        XCTAssertEqual(Array(today.identifiers.joined()), ids, "the card went home")
        XCTAssertNil(scene.consistencyProblem())
    }

    /// Right to left the menu opens leftwards: its right edge at the pointer, or, from the
    /// keyboard, inside the card at its right (leading) corner.
    func testRightToLeftTheMenuOpensLeftwardsFromTheCardsLeadingSide() throws {
        let (_, driver, scene, _) = try start(.rightToLeft)
        let p = try centre(scene, "today", 1)
        try driver.play(script: rightClick(p))
        let frame = try XCTUnwrap(scene.menu.menu?.frame)
        XCTAssertEqual(frame.maxX, p.x, accuracy: 1, "its right edge at the pointer")
        XCTAssertEqual(frame.minY, p.y, accuracy: 1)
        try driver.play(script: "key Escape\nwait 50\nkey shift+F10\nwait 50")
        let card = try XCTUnwrap(scene.board("today")?.windowFrame(of: AnyHashable(try XCTUnwrap(scene.manager.focus?.id))))
        let keyed = try XCTUnwrap(scene.menu.menu?.frame)
        XCTAssertEqual(keyed.maxX, card.maxX - 12, accuracy: 1, "anchored at the card's right corner")
    }

    func testTheOpenMenuIsAMenuNamedAsItsCardForAssistiveTechnology() throws {
        let (app, driver, scene, _) = try start()
        func menus() -> [AccessibleNode] { scene.accessibilityNodes().filter { $0.role == .menu } }
        XCTAssertTrue(menus().isEmpty, "no menu while none is open")
        let today = try XCTUnwrap(scene.board("today"))
        let id = try XCTUnwrap(today.identifiers.first?.first)
        try driver.play(script: rightClick(try centre(scene, "today", 0)))
        let menu = try XCTUnwrap(menus().first)
        XCTAssertEqual(menu.name, scene.card(id).name)
        XCTAssertEqual(menu.children.map(\.name), ["Rename…", "Copy", "Delete"])
        XCTAssertEqual(Set(menu.children.map(\.role)), [.menuItem])
        XCTAssertNotNil(app.dumpState()["menu"])
    }
}
