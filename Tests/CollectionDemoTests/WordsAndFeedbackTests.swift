import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// Issue 39: the app speaks to its user, not its developer. Every shown word is something the user
/// can do (no cheat sheets, no flags), the keys live in a shortcuts window made from the table the
/// key handling uses, cards are named by their own titles, notices sit off content, and a modal
/// sheet blocks the whole window.
final class WordsAndFeedbackTests: XCTestCase {
    private func start(_ scene: String, size: Size = Size(1280, 800)) throws -> (App, HeadlessDriver<App>) {
        let app = try App(scene: scene, size: size, config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (app, driver)
    }

    private func texts(_ app: App) -> [String] {
        app.draw().commands.compactMap { if case let .text(run) = $0 { return run.text }; return nil }
    }

    private func rect(_ j: JSON?) -> Rect? {
        guard let v = j?.arrayValue?.compactMap(\.doubleValue), v.count == 4 else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private func click(_ p: Point) -> String { "move \(Int(p.x)) \(Int(p.y)) 30\ndown \(Int(p.x)) \(Int(p.y))\nup \(Int(p.x)) \(Int(p.y))\nwait 300\n" }

    // MARK: Shortcuts window (issue 42 point 4)

    /// F1 and Ctrl+? open a window listing the scene's keys and the app's; Escape closes it; while
    /// it is open no key reaches the scene.
    func testF1AndCtrlQuestionMarkOpenTheShortcutsWindowOfTheShownScene() throws {
        for (scene, expected) in [("carousel", "Open the focused card"), ("boards", "Rename the focused card"),
                                  ("mosaic", "Shuffle the cards"), ("rearrange", "Switch the layout")] {
            let (app, driver) = try start(scene)
            for open in ["key F1", "key ctrl+shift+/"] {
                try driver.play(script: open + "\nwait 50")
                let window = try XCTUnwrap(app.dumpState()["shortcutsWindow"])
                XCTAssertEqual(window["open"], .bool(true), "\(open) on \(scene)")
                let titles = (window["sections"]?.arrayValue ?? []).flatMap { $0["shortcuts"]?.arrayValue ?? [] }.compactMap { $0["title"]?.stringValue }
                XCTAssertTrue(titles.contains(expected), "\(scene) lists '\(expected)': \(titles)")
                XCTAssertTrue(titles.contains("Show keyboard shortcuts"), "and the app's own keys")
                XCTAssertTrue(texts(app).contains(ShortcutsWindow.title), "the window is drawn")
                let before = app.currentName
                try driver.play(script: "key 1\nwait 50")
                XCTAssertEqual(app.currentName, before, "a digit does not switch views behind the window")
                try driver.play(script: "key Escape\nwait 50")
                XCTAssertEqual(app.dumpState()["shortcutsWindow"]?["open"], .bool(false))
            }
        }
    }

    /// Every shortcut a scene lists with an action is taken by the scene when pressed: the window
    /// and the key handling are one table, so a key the window names always works.
    func testEveryListedShortcutWithAnActionIsTakenByItsScene() throws {
        let (app, _) = try start("carousel")
        let carousel = try XCTUnwrap(app.currentScene as? CarouselScene)
        for s in carousel.shortcutSections.flatMap(\.shortcuts) where s.run != nil {
            let key = [Key.left, .right, .home, .end, .enter, .escape, Key("a")].first { s.matches($0, []) }
            XCTAssertNotNil(key, "'\(s.title)' is a plain key")
        }
        XCTAssertTrue(ShortcutSection.run(carousel.shortcutSections, key: Key("a"), mods: [], now: 1))
        XCTAssertEqual(carousel.alignment, .edges, "A from the table switched the alignment")
    }

    /// No shown word names a command-line flag (the calendar's read-only refusal did).
    func testNoShownSentenceNamesAFlag() {
        for strings in [CalendarStrings.english, CalendarStrings.forLocale(Locale(identifier: "de_DE")), CalendarStrings.forLocale(Locale(identifier: "fr_FR"))] {
            XCTAssertFalse(strings.sampleReadOnly.contains("--"), strings.sampleReadOnly)
        }
    }

    // MARK: Carousel (point 7)

    func testCarouselTextIsAtLeastTwelvePointsAndNamesNoKeys() throws {
        for size in [Size(1280, 800), Size(800, 600), Size(2560, 1440)] {
            let (app, _) = try start("carousel", size: size)
            for case let .text(run) in app.draw().commands {
                XCTAssertGreaterThanOrEqual(run.size, 12, "'\(run.text)' at \(size)")
                XCTAssertFalse(run.text.contains("←") || run.text.contains("Enter:"), "no key cheat sheet: '\(run.text)'")
            }
        }
        let story = CarouselScene.story(.sample(0, of: 12))
        XCTAssertFalse(story.contains("Escape"), "the sheet's text is the story, not instructions")
    }

    /// The reading sheet dims the tab bar too and takes its presses: a click on a tab closes the
    /// sheet (a click outside it) without switching views; digits do not switch either.
    func testTheReadingSheetIsModalOverTheWholeWindow() throws {
        let (app, driver) = try start("carousel")
        XCTAssertEqual(app.dumpState()["modal"], .bool(false))
        try driver.play(script: "key Tab\nkey Return\nwait 100")
        let carousel = try XCTUnwrap(app.currentScene as? CarouselScene)
        if carousel.openedCard == nil { carousel.open(0) }
        XCTAssertEqual(app.dumpState()["modal"], .bool(true))
        XCTAssertEqual(app.dumpState()["collections"]?[0]?["sheet"]?["modal"], .bool(true))
        try driver.play(script: "key 4\nwait 50")
        XCTAssertEqual(app.currentName, "carousel", "a digit goes to the sheet")
        // The dimming covers the tab bar: a translucent fill over it after the tabs are drawn.
        let commands = app.draw().commands
        let lastTabText = try XCTUnwrap(commands.lastIndex { if case let .text(r) = $0 { return r.text.hasSuffix("Mosaic") }; return false })
        XCTAssertTrue(commands[lastTabText...].contains { c in
            if case let .fill(r, color, _) = c { return r.minY <= 0 && r.maxY >= app.tabBarHeight && color.a < 255 && color.a > 127 }
            return false
        }, "the tab bar is dimmed behind the sheet")
        let tab = app.tabRects()[5].center
        try driver.play(script: click(tab))
        XCTAssertEqual(app.currentName, "carousel", "a click on a dimmed tab does not switch views")
        XCTAssertNil(carousel.openedCard, "it closes the sheet, as a click outside it does")
    }

    // MARK: Boards (point 2)

    /// Cards are named by their own words in the status line, the delete notice and for
    /// assistive technology, never "Card 1020".
    func testBoardsNameCardsByTheirTitles() throws {
        let (app, driver) = try start("boards")
        let scene = try XCTUnwrap(app.currentScene as? BoardsScene)
        let today = try XCTUnwrap(scene.board("today"))
        let first = try XCTUnwrap(today.identifiers.first?.first)
        let c = try XCTUnwrap(today.windowFrame(of: AnyHashable(first))).center
        try driver.play(script: "down \(Int(c.x)) \(Int(c.y))\nup \(Int(c.x)) \(Int(c.y))\nkey Space\nkey Right\nwait 300")
        let status = try XCTUnwrap(app.dumpState()["status"]?.stringValue)
        XCTAssertFalse(status.contains("Card "), status)
        XCTAssertTrue(status.hasPrefix(scene.card(first).name), status)
        XCTAssertTrue(status.contains("swaps with \(scene.card(try XCTUnwrap(scene.board("focus")?.identifiers.first?.first)).name)"), status)
        try driver.play(script: "key Escape\nwait 600\nkey Delete\nwait 300")
        let notice = try XCTUnwrap(app.dumpState()["deletedNotice"]?.stringValue)
        XCTAssertEqual(notice, "“\(scene.card(first).title)” deleted", "the whole title, quoted")
        XCTAssertFalse(notice.contains("Card "))
        let node = scene.accessibilityNodes()[0].child(at: 0)
        XCTAssertEqual(node?.name, scene.card(0).name)
        XCTAssertEqual(BoardCard(id: 1, title: "Draft the migration plan for the billing database, including a rollback").name,
                       "Draft the migration plan for the…")
    }

    /// The delete notice is a toast at the bottom edge, clear of every board; a click elsewhere
    /// leaves it; its Undo and Close are focus stops.
    func testTheDeleteNoticeIsAToastOffTheBoardsWithFocusableButtons() throws {
        let (app, driver) = try start("boards")
        let scene = try XCTUnwrap(app.currentScene as? BoardsScene)
        let trash = scene.trash.dropFrame.center
        let from = try XCTUnwrap(scene.board("today")).view.windowRect(fromContent: try XCTUnwrap(
            scene.board("today")?.view.layout.attributesForItem(at: ItemPath(item: 0))?.frame)).center
        try driver.play(script: "down \(Int(from.x)) \(Int(from.y))\nmove \(Int(trash.x)) \(Int(trash.y)) 300\nwait 100\nup \(Int(trash.x)) \(Int(trash.y))\nwait 800")
        let frame = try XCTUnwrap(rect(app.dumpState()["deletedNoticeFrame"]))
        for b in scene.boards { XCTAssertFalse(frame.intersects(b.view.frame), "the toast is off \(b.name)") }
        XCTAssertGreaterThan(frame.maxY, app.size.height - 40, "at the bottom edge")
        // A click on the board just above the toast leaves it.
        let done = scene.board("done")!.view.frame
        try driver.play(script: click(Point(x: frame.midX, y: done.maxY - 18)))
        XCTAssertNotEqual(app.dumpState()["deletedNotice"], .null, "a click elsewhere keeps the notice")
        // Tab reaches Undo and Close.
        var names: [String] = []
        for _ in 0..<12 {
            try driver.play(script: "key Tab")
            if let stop = app.dumpState()["keyboardFocus"]?["stop"]?.stringValue { names.append(stop) }
        }
        XCTAssertTrue(names.contains("notice-undo") && names.contains("notice-close"), "\(names)")
        while app.dumpState()["keyboardFocus"]?["stop"]?.stringValue != "notice-close" { try driver.play(script: "key Tab") }
        try driver.play(script: "key Return\nwait 50")
        XCTAssertEqual(app.dumpState()["deletedNotice"], .null, "Close from the keyboard")
        XCTAssertEqual(scene.manager.itemsInZones.count, 1, "closing does not undo")
    }
}

/// Point 1 and 8: the mosaic's and the rearrange scene's commands are buttons in a header, the
/// rearrange hint shows once above the tiles, and a layout switch keeps the tile in view.
final class HeaderControlsTests: XCTestCase {
    private func start(_ scene: String, items: Int? = nil, size: Size = Size(1280, 800)) throws -> (App, HeadlessDriver<App>) {
        let app = try App(scene: scene, size: size, config: SceneConfig(items: items))
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (app, driver)
    }

    private func controls(_ app: App) -> [String: Rect] {
        var out: [String: Rect] = [:]
        for c in app.dumpState()["headerControls"]?.arrayValue ?? [] {
            guard let name = c["name"]?.stringValue, let v = c["frame"]?.arrayValue?.compactMap(\.doubleValue), v.count == 4 else { continue }
            out[name] = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        return out
    }

    private func click(_ p: Point) -> String { "move \(Int(p.x)) \(Int(p.y)) 30\ndown \(Int(p.x)) \(Int(p.y))\nup \(Int(p.x)) \(Int(p.y))\nwait 600\n" }

    func testTheMosaicHeaderHasShuffleResetAndUndoButtons() throws {
        let (app, driver) = try start("mosaic")
        let scene = try XCTUnwrap(app.currentScene as? MosaicScene)
        let buttons = controls(app)
        XCTAssertEqual(Set(buttons.keys), ["shuffle", "reset", "undo"])
        let texts = app.draw().commands.compactMap { c -> String? in if case let .text(r) = c { return r.text }; return nil }
        XCTAssertFalse(texts.contains { $0.contains("right click") || $0.contains("Ctrl+Z") || $0.contains("← →") }, "no cheat sheet in the headers")
        let before = scene.model.order
        try driver.play(script: click(try XCTUnwrap(buttons["shuffle"]).center))
        XCTAssertNotEqual(scene.model.order, before, "Shuffle shuffles")
        try driver.play(script: click(try XCTUnwrap(controls(app)["undo"]).center))
        XCTAssertEqual(scene.model.order, before, "Undo undoes")
        // Each button is a focus stop (Undo once there is something to undo): Tab reaches them
        // in reading order, and Enter presses the focused one.
        try driver.play(script: "key s\nwait 600")
        var stops: [String] = []
        for _ in 0..<4 { try driver.play(script: "key Tab"); stops.append(app.dumpState()["keyboardFocus"]?["stop"]?.stringValue ?? "") }
        XCTAssertEqual(stops.filter { ["shuffle", "reset", "undo"].contains($0) }, ["shuffle", "reset", "undo"], "\(stops)")
        let shuffled = scene.model.order
        while app.dumpState()["keyboardFocus"]?["stop"]?.stringValue != "undo" { try driver.play(script: "key shift+Tab") }
        try driver.play(script: "key Return\nwait 600")
        XCTAssertNotEqual(scene.model.order, shuffled, "Enter on the focused Undo undid the shuffle")
    }

    func testTheRearrangeHeaderSwitchesLayoutsAndItsHintShowsOnceAboveTheTiles() throws {
        let (app, driver) = try start("rearrange")
        let scene = try XCTUnwrap(app.currentScene as? RearrangeScene)
        let buttons = controls(app)
        XCTAssertEqual(Set(buttons.keys), ["grid", "horizontal", "waterfall", "undo"])
        for r in buttons.values { XCTAssertFalse(r.intersects(scene.collection.frame), "the controls are above the tiles") }
        let hint = try XCTUnwrap(app.dumpState()["hint"]?.stringValue)
        XCTAssertFalse(hint.contains("L:") || hint.contains("Ctrl"), hint)
        let hintRun = app.draw().commands.compactMap { c -> Rect? in if case let .text(r) = c, r.text == hint { return r.rect }; return nil }.first
        XCTAssertFalse(try XCTUnwrap(hintRun).intersects(scene.collection.frame), "the hint never covers a tile")
        try driver.play(script: "wait 9000")
        XCTAssertEqual(app.dumpState()["hint"], .null, "the hint hides itself")
        try driver.play(script: click(try XCTUnwrap(buttons["horizontal"]).center))
        XCTAssertEqual(scene.layoutKind, .horizontal)
        let (again, againDriver) = try start("rearrange")
        try againDriver.play(script: "move 600 400\ndown 600 400\nup 600 400\nwait 50")
        XCTAssertEqual(again.dumpState()["hint"], .null, "the first press retires it")
        try driver.play(script: "key l\nwait 600\nkey l\nwait 600")
        XCTAssertEqual(app.dumpState()["hint"], .null, "and does not come back")
    }

    /// L keeps the tile the user looked at in view: at the top, after scrolling, and with a focused tile.
    func testSwitchingLayoutsKeepsTheFocusedOrFirstVisibleTileInView() throws {
        // A click focuses a tile quietly (no ring): the tile kept in view is still the first one in view.
        for script in ["wait 50", "move 300 300\ndown 300 300\nup 300 300\nwait 100", "wheel 0 -30\nwait 1500",
                       "key Tab\nkey Down\nkey Down\nkey Down\nkey Down\nwait 800"] {
            let (_, driver) = try start("rearrange")
            try driver.play(script: script)
            let cv = (driver.root.currentScene as! RearrangeScene).collection
            let anchor = try XCTUnwrap(cv.showsFocusRing ? cv.focusedItem : cv.firstItemInView)
            for kind in ["horizontal", "waterfall", "grid"] {
                try driver.play(script: "key l\nwait 800")
                let f = try XCTUnwrap(cv.layout.attributesForItem(at: anchor)?.frame)
                let viewport = Rect(origin: cv.contentOffset, size: cv.frame.size)
                XCTAssertTrue(viewport.intersects(f), "tile \(anchor.item) in view in \(kind) after '\(script)' (viewport \(viewport), tile \(f))")
                let shown = cv.visibleAttributes.filter { $0.kind == .cell && viewport.contains($0.frame) }.map(\.indexPath.item)
                XCTAssertTrue(shown.contains(anchor.item) || viewport.intersects(f), "\(shown)")
            }
        }
    }
}

/// Point 3: a copy looks like a copy, and a swap shows what leaves.
final class DragFeedbackTests: XCTestCase {
    private func start() throws -> (App, HeadlessDriver<App>, BoardsScene) {
        let app = try App(scene: "boards", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (app, driver, app.currentScene as! BoardsScene)
    }

    private func centre(_ scene: BoardsScene, _ board: String, _ i: Int) throws -> Point {
        let b = try XCTUnwrap(scene.board(board))
        return b.view.windowRect(fromContent: try XCTUnwrap(b.view.layout.attributesForItem(at: ItemPath(item: i))?.frame)).center
    }

    func testACopyFromThePaletteShowsAPlusBadgeAndTheCopyCursor() throws {
        let (app, driver, scene) = try start()
        let from = try centre(scene, "palette", 0), to = try XCTUnwrap(scene.board("later")).view.frame.center
        try driver.play(script: "down \(Int(from.x)) \(Int(from.y))\nmove \(Int(to.x)) \(Int(to.y)) 300\nwait 100")
        XCTAssertEqual(app.cursor, .copy, "the copy cursor over a board that takes the copy")
        let badge = app.draw().commands.contains { if case let .fill(_, c, _) = $0 { return c == scene.manager.style.copyBadgeFill }; return false }
        XCTAssertTrue(badge, "the ghost wears the '+' badge")
        // A move from a board is not a copy.
        try driver.play(script: "up \(Int(to.x)) \(Int(to.y))\nwait 800")
        let card = try centre(scene, "today", 0)
        try driver.play(script: "down \(Int(card.x)) \(Int(card.y))\nmove \(Int(to.x)) \(Int(to.y)) 300\nwait 100")
        XCTAssertEqual(app.cursor, .grabbing)
        XCTAssertFalse(app.draw().commands.contains { if case let .fill(_, c, _) = $0 { return c == scene.manager.style.copyBadgeFill }; return false })
    }

    /// Over the full Focus slot a wide backlog card shrinks toward the pointer and the card that
    /// would swap out is veiled and outlined, in sight. The ghost stays readable: it stops
    /// shrinking at 36 points high (a 463×52 card once became a 162×18 sliver), and what is still
    /// wider than half the slot is cut around the pointer, the card's words at their shrunk size.
    func testADropOnTheFullFocusSlotShowsTheCardThatWillSwapOut() throws {
        let (_, driver, scene) = try start()
        let focus = try XCTUnwrap(scene.board("focus"))
        let occupant = try XCTUnwrap(focus.identifiers.first?.first)
        let occupantFrame = try XCTUnwrap(focus.windowFrame(of: AnyHashable(occupant)))
        let from = try centre(scene, "backlog", 0), to = occupantFrame.center
        try driver.play(script: "down \(Int(from.x)) \(Int(from.y))\nmove \(Int(to.x)) \(Int(to.y)) 300\nwait 300")
        XCTAssertEqual(scene.manager.session?.over, "focus")
        XCTAssertEqual(scene.manager.session?.swapsWith, AnyHashable(occupant))
        let ghost = try XCTUnwrap(scene.manager.liftedFrame)
        XCTAssertLessThanOrEqual(ghost.width, focus.view.frame.width * 0.5 + 1, "the ghost is small over the slot")
        XCTAssertGreaterThanOrEqual(ghost.height, 35.5, "readable, not a sliver (backlog cards are over 36 points high): \(ghost)")
        XCTAssertTrue(ghost.contains(to), "the pointer stays on the ghost")
        let covered = ghost.intersection(occupantFrame)
        XCTAssertLessThan(covered.width * covered.height, 0.5 * occupantFrame.width * occupantFrame.height, "the leaving card stays mostly in sight")
        var list = DrawList()
        scene.draw(into: &list)
        XCTAssertTrue(list.commands.contains { if case let .fill(r, c, _) = $0 { return c == scene.manager.style.swapVeil && r == occupantFrame }; return false },
                      "the card that will swap out is veiled")
    }
}

/// Point 8: the lifted tile is drawn from a texture recorded at its lifted size, so the backend
/// copies it pixel for pixel (sharp at 2×) instead of stretching the tile's texture by 6%.
final class SharpSnapshotTests: XCTestCase {
    func testTheLiftedTileIsDrawnAtTheSizeOfItsTexture() throws {
        let app = try App(scene: "rearrange", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50\ndown 300 300\nwait 500\nmove 500 400 200\nwait 400")
        XCTAssertTrue(app.currentScene.isDragging)
        var list = DrawList()
        app.currentScene.draw(into: &list)
        let drawn = list.commands.compactMap { c -> (String, Rect)? in if case let .texture(key, r) = c { return (key, r) }; return nil }
        let (key, rect) = try XCTUnwrap(drawn.last)
        let texture = try XCTUnwrap(list.textures.first { $0.key == key })
        XCTAssertEqual(rect.width, texture.size.width, accuracy: 0.01, "drawn at the texture's own width")
        XCTAssertEqual(rect.height, texture.size.height, accuracy: 0.01, "and height")
    }
}

/// Point 2: the app's notices are off content and their close buttons are in the focus chain.
final class NoticeFocusTests: XCTestCase {
    func testTabReachesANoticesCloseButtonAndEnterClosesIt() throws {
        let app = try App(scene: "grid", size: Size(1000, 700), config: SceneConfig())
        app.addNotice("The calendar file could not be read")
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        let button = try XCTUnwrap(app.dumpState()["noticeCloseButtons"]?[0]?.arrayValue?.compactMap(\.doubleValue))
        XCTAssertGreaterThanOrEqual(button[1], app.sceneFrame.maxY, "the notice is below the scene, off its content")
        var stops: [String] = []
        for _ in 0..<4 {
            try driver.play(script: "key Tab")
            stops.append(app.dumpState()["keyboardFocus"]?["stop"]?.stringValue ?? "")
            if stops.last == "notice" { break }
        }
        XCTAssertEqual(stops.last, "notice", "Tab reaches the notice's close button: \(stops)")
        try driver.play(script: "key Return\nwait 50")
        XCTAssertEqual(app.shownNotices, [], "Enter closes it")
        XCTAssertNotEqual(app.dumpState()["keyboardFocus"]?["stop"]?.stringValue, "notice")
    }

    /// The app's notices are a band of the window, not a toast: edge to edge along the bottom,
    /// square, from the scene's bottom to the window's, at every size.
    func testNoticesAreABandAcrossTheWholeWindow() throws {
        for size in [Size(1000, 700), Size(200, 200), Size(2560, 1440)] {
            let app = try App(scene: "grid", size: size, config: SceneConfig())
            app.addNotice("The calendar file could not be read")
            let driver = HeadlessDriver(root: app, fps: 60)
            try driver.play(script: "wait 50")
            let band = Rect(x: 0, y: app.sceneFrame.maxY, width: size.width, height: size.height - app.sceneFrame.maxY)
            XCTAssertGreaterThan(band.height, 0)
            let dumped = try XCTUnwrap(app.dumpState()["noticeBand"]?.arrayValue?.compactMap(\.doubleValue))
            XCTAssertEqual(dumped, [band.minX, band.minY, band.width, band.height], "at \(size)")
            let fills = app.draw().commands.compactMap { c -> (Rect, Double)? in
                if case let .fill(r, color, radius) = c, color == Theme.noticeFill { return (r, radius) }
                return nil
            }
            XCTAssertEqual(fills.map(\.0), [band], "one fill, the whole band, at \(size)")
            XCTAssertEqual(fills.first?.1, 0, "square corners: a band, not a floating box")
        }
        let quiet = try App(scene: "grid", size: Size(1000, 700), config: SceneConfig())
        XCTAssertEqual(quiet.dumpState()["noticeBand"], .null)
    }
}
