import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The boards look and behave finished: a palette copy is the card the palette showed, the trash
/// shows the destructive colour, a delete leaves a "“Title” deleted · Undo" toast whose Undo brings the
/// card back, and one kind of card shows one type size.
final class BoardsPolishTests: XCTestCase {
    private func start() throws -> (App, HeadlessDriver<App>, BoardsScene) {
        let app = try App(scene: "boards", size: Size(1280, 800), config: SceneConfig())
        return (app, HeadlessDriver(root: app, fps: 60), app.currentScene as! BoardsScene)
    }

    /// The window centre of item `i` of board `name`.
    private func centre(_ scene: BoardsScene, _ name: String, _ i: Int) throws -> Point {
        let board = try XCTUnwrap(scene.board(name))
        let frame = try XCTUnwrap(board.view.layout.attributesForItem(at: ItemPath(item: i))?.frame)
        return board.view.windowRect(fromContent: frame).center
    }

    private func drag(_ from: Point, _ to: Point) -> String {
        "down \(Int(from.x)) \(Int(from.y))\nmove \(Int(to.x)) \(Int(to.y)) 300\nwait 100\n"
    }

    func testAPaletteCopyKeepsItsTitleAndColour() throws {
        let (_, driver, scene) = try start()
        try driver.play(script: "wait 50")
        let template = scene.card(try XCTUnwrap(scene.board("palette")?.identifiers.first?.first))
        XCTAssertEqual(template.title, "New task")
        let later = try XCTUnwrap(scene.board("later")).view.frame.center
        try driver.play(script: drag(try centre(scene, "palette", 0), later) + "up \(Int(later.x)) \(Int(later.y))\nwait 800")
        let copyID = try XCTUnwrap(scene.board("later")?.identifiers.first?.first)
        let copy = scene.card(copyID)
        XCTAssertNotEqual(copy.id, template.id, "a new card")
        XCTAssertEqual(copy.title, "New task", "the copy keeps the palette's title")
        XCTAssertEqual(copy.color, template.color, "and its colour")
    }

    func testATrashDropHighlightsRedAndLeavesAnUndoNoticeThatBringsTheCardBack() throws {
        let (app, driver, scene) = try start()
        try driver.play(script: "wait 50")
        let card = try XCTUnwrap(scene.board("today")?.identifiers.first?.first)
        let trash = scene.trash.dropFrame.center
        try driver.play(script: drag(try centre(scene, "today", 0), trash))
        var list = DrawList()
        scene.draw(into: &list)
        let strokes = list.commands.compactMap { c -> Color? in if case let .stroke(_, color, _, _) = c { return color }; return nil }
        XCTAssertTrue(strokes.contains(Theme.danger), "the accepting trash is outlined in the theme's destructive colour")
        XCTAssertFalse(strokes.contains(Theme.accent), "not in the accent blue")
        XCTAssertEqual(app.dumpState()["deletedNotice"], .null)
        try driver.play(script: "up \(Int(trash.x)) \(Int(trash.y))\nwait 800")
        XCTAssertFalse(scene.board("today")!.identifiers.joined().contains(card))
        XCTAssertEqual(app.dumpState()["deletedNotice"]?.stringValue, "“\(scene.card(card).title)” deleted")
        // The toast's Undo, as the dump places it.
        let undo = try XCTUnwrap(scene.toastButtons().first { $0.name == "undo" }).rect.center
        try driver.play(script: "move \(Int(undo.x)) \(Int(undo.y)) 50\ndown \(Int(undo.x)) \(Int(undo.y))\nup \(Int(undo.x)) \(Int(undo.y))\nwait 800")
        XCTAssertTrue(scene.board("today")!.items.joined().contains(card), "Undo brings the card back")
        XCTAssertEqual(app.dumpState()["deletedNotice"], .null, "and retires the notice")
        XCTAssertTrue(scene.manager.itemsInZones.isEmpty)
    }

    /// A real keyboard sends Shift alone before Shift+Tab: with the toast's Undo focused, that bare
    /// press leaves the focus where it is, and Shift+Tab goes to the stop before it.
    func testABareShiftPressOnTheToastKeepsTheFocus() throws {
        let (app, driver, scene) = try start()
        try driver.play(script: "wait 50\nkey Down\nwait 50")
        XCTAssertNotNil(scene.manager.focus, "a board's card has the focus")
        try driver.play(script: "key Delete\nwait 300")
        XCTAssertNotEqual(app.dumpState()["deletedNotice"], .null)
        var tabs = 0
        while app.dumpState()["keyboardFocus"]?["stop"]?.stringValue != "notice-undo", tabs < 12 {
            try driver.play(script: "key Tab\nwait 30"); tabs += 1
        }
        XCTAssertEqual(app.dumpState()["keyboardFocus"]?["stop"]?.stringValue, "notice-undo")
        try driver.play(script: "key LeftShift\nwait 30\nkey LeftCtrl\nwait 30")
        XCTAssertEqual(app.dumpState()["keyboardFocus"]?["stop"]?.stringValue, "notice-undo", "a bare modifier press moves no focus")
        try driver.play(script: "key shift+Tab\nwait 30")
        let back = app.dumpState()["keyboardFocus"]?["stop"]?.stringValue
        XCTAssertNotEqual(back, "notice-undo")
        XCTAssertNotEqual(back, "notice-close", "Shift+Tab went back, not on")
    }

    /// One delete pattern: the engine's toast quotes the card's whole title (not the two words a
    /// card shows), a click elsewhere leaves it, the next delete replaces it, and Escape on one of
    /// its buttons closes it without undoing; its words are in the dump's texts, uncut.
    func testTheDeleteToastQuotesTheWholeTitleAndOnlyItsOwnWaysCloseIt() throws {
        let (app, driver, scene) = try start()
        try driver.play(script: "wait 50\nkey Down\nwait 50")
        // Down the backlog to a card whose title is longer than the card shows.
        var first = try XCTUnwrap(scene.manager.focus?.id)
        for _ in 0..<20 where scene.card(first).name == scene.card(first).title || scene.card(first).lockedTo != nil {
            try driver.play(script: "key Down\nwait 50")
            first = try XCTUnwrap(scene.manager.focus?.id)
        }
        try driver.play(script: "key Delete\nwait 300")
        let title = scene.card(first).title
        XCTAssertNotEqual(scene.card(first).name, title, "a backlog card shows its title cut")
        XCTAssertEqual(app.dumpState()["deletedNotice"]?.stringValue, "“\(title)” deleted")
        let texts = try XCTUnwrap(app.dumpState()["texts"]?.arrayValue)
        let toastLines = texts.filter { ($0["text"]?.stringValue ?? "").contains("deleted") }
        XCTAssertFalse(toastLines.isEmpty, "the toast's words are among the texts")
        XCTAssertTrue(toastLines.allSatisfy { $0["shortened"]?.boolValue == false }, "and none is cut: \(toastLines)")
        // A click on a board leaves it.
        let today = try XCTUnwrap(scene.board("today")).view.frame
        try driver.play(script: "move \(Int(today.midX)) \(Int(today.maxY - 4)) 30\ndown \(Int(today.midX)) \(Int(today.maxY - 4))\nup \(Int(today.midX)) \(Int(today.maxY - 4))\nwait 300")
        XCTAssertEqual(app.dumpState()["deletedNotice"]?.stringValue, "“\(title)” deleted", "a click elsewhere leaves the toast")
        // The next delete replaces it.
        try driver.play(script: "key Down\nwait 50")
        let second = try XCTUnwrap(scene.manager.focus?.id)
        try driver.play(script: "key Delete\nwait 300")
        XCTAssertEqual(app.dumpState()["deletedNotice"]?.stringValue, "“\(scene.card(second).title)” deleted")
        // Escape on its Undo closes it and undoes nothing.
        var tabs = 0
        while app.dumpState()["keyboardFocus"]?["stop"]?.stringValue != "notice-undo", tabs < 12 {
            try driver.play(script: "key Tab\nwait 30"); tabs += 1
        }
        XCTAssertEqual(app.dumpState()["keyboardFocus"]?["stop"]?.stringValue, "notice-undo")
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertEqual(app.dumpState()["deletedNotice"], .null, "Escape with the focus on it closes it")
        XCTAssertEqual(scene.manager.itemsInZones.count, 2, "and undoes nothing")
    }

    func testTheDeleteNoticeGoesAwayByItself() throws {
        let (app, driver, scene) = try start()
        try driver.play(script: "wait 50")
        let trash = scene.trash.dropFrame.center
        try driver.play(script: drag(try centre(scene, "today", 0), trash) + "up \(Int(trash.x)) \(Int(trash.y))\nwait 800")
        XCTAssertNotEqual(app.dumpState()["deletedNotice"], .null)
        try driver.play(script: "wait 6500")
        XCTAssertEqual(app.dumpState()["deletedNotice"], .null)
    }

    /// A short card and a tall one in the same board show their text at one size.
    func testOneKindOfCardShowsOneTypeSize() throws {
        let metrics = BoardCardMetrics(measurer: EstimatedTextMeasurer())
        let short = BoardCard(id: 0, title: "Card 0", text: "Fix login")
        let tall = BoardCard(id: 1, title: "Card 1", text: String(repeating: "A long task that wraps. ", count: 6))
        for width in [120.0, 200, 320] {
            let a = metrics.textPlacement(short, cardFrame: Rect(x: 0, y: 0, width: width, height: 48)).style.text.size
            let b = metrics.textPlacement(tall, cardFrame: Rect(x: 0, y: 0, width: width, height: metrics.height(tall, width: width))).style.text.size
            XCTAssertEqual(a, b, "\(width)-point cards")
        }
    }
}

/// Narrow cards (the smallest window's) break lines between words: a word is cut inside only
/// when it is wider than the card's line even at the smallest type ("Translate", not "Transla/te").
final class BoardsCardWordTests: XCTestCase {
    func testNarrowCardsKeepTheirWordsWhole() {
        let metrics = BoardCardMetrics(measurer: EstimatedTextMeasurer())
        let texts = ["Translate the settings page into Portuguese", "Investigate why exports time out", "Update the onboarding screenshots"]
        for text in texts {
            let card = BoardCard(id: 0, title: "Card", text: text)
            let words = Set(text.split(separator: " ").map(String.init))
            for width in stride(from: 56.0, through: 140, by: 4) {
                let frame = Rect(x: 0, y: 0, width: width, height: metrics.height(card, width: width))
                let placed = metrics.textPlacement(card, cardFrame: frame)
                var style = placed.style
                style.maximumLines = 0
                let lines = metrics.measurer.lines(of: text, style: style, width: placed.rect.width).lines
                let shown = Set(lines.flatMap { $0.text.split(separator: " ").map(String.init) })
                for word in words where !shown.contains(word) {
                    // Only a word wider than the line at the smallest type may be cut.
                    XCTAssertEqual(placed.style.text.size, 8, "\"\(word)\" cut in a \(width)-point card above the smallest type")
                    XCTAssertGreaterThan(metrics.measurer.width(of: word, style: TextStyle(size: 8, weight: .bold)), placed.rect.width,
                                         "\"\(word)\" cut in a \(width)-point card though it fits its line")
                }
                XCTAssertGreaterThanOrEqual(placed.style.text.size, 8, "legible at \(width)")
            }
        }
    }
}

/// A drop on the one-card Focus slot swaps its card out without the slot ever scrolling or
/// showing a sliver of a second card: at every frame from the hover to the landing, the slot's
/// content is its viewport and every card drawn there lies inside it.
final class BoardsFocusSlotTests: XCTestCase {
    func testASwapIntoTheFocusSlotNeverScrollsOrShowsASliver() throws {
        let app = try App(scene: "boards", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = app.currentScene as! BoardsScene
        let focus = try XCTUnwrap(scene.board("focus")).view
        var frames = 0, bad: [String] = []
        driver.afterFrame = {
            frames += 1
            if focus.contentSize.height > focus.frame.height + 0.5 { bad.append("frame \(frames): content \(focus.contentSize.height) > \(focus.frame.height)") }
            for a in focus.visibleAttributes where a.kind == .cell {
                guard let f = focus.presentedFrameForItem(at: a.indexPath) else { continue }
                let w = focus.windowRect(fromContent: f)
                if w.maxY > focus.frame.maxY + 0.5 || w.minY < focus.frame.minY - 0.5 { bad.append("frame \(frames): a card at \(w) outside \(focus.frame)") }
            }
        }
        let today = try XCTUnwrap(scene.board("today")).view
        let from = today.windowRect(fromContent: try XCTUnwrap(today.layout.attributesForItem(at: ItemPath(item: 0))?.frame)).center
        let to = focus.frame.center
        let script = "wait 50\ndown \(Int(from.x)) \(Int(from.y))\nmove \(Int(to.x)) \(Int(to.y)) 300\nwait 300\nup \(Int(to.x)) \(Int(to.y))\nwait 800"
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
        XCTAssertEqual(scene.board("focus")?.items.joined().count, 1, "the swap happened")
        XCTAssertGreaterThan(frames, 20, "frames were drawn through the swap")
        XCTAssertEqual(bad, [], "the slot scrolled or showed a second card")
    }
}
