import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// One focus model in every scene: the arrows move a focus ring, Enter acts on the focused item,
/// Escape clears the selection, the ring shows only after keyboard use (a click hides it), and
/// after a keyboard drop the focus stays on the card that moved.
final class FocusModelTests: XCTestCase {
    private func start(_ scene: String, size: Size = Size(1280, 800), items: Int? = nil) throws -> (App, HeadlessDriver<App>) {
        let app = try App(scene: scene, size: size, config: SceneConfig(items: items))
        return (app, HeadlessDriver(root: app, fps: 60))
    }

    private func collection(_ app: App, _ i: Int = 0) -> JSON { app.dumpState()["collections"]![i]! }
    private func focus(_ app: App, _ i: Int = 0) -> (item: String?, ring: Bool?) {
        (collection(app, i)["focusedItem"]?.stringValue, collection(app, i)["focusRing"]?.boolValue)
    }

    func testGridArrowsMoveTheRingEnterSelectsEscapeClearsAndAClickHidesTheRing() throws {
        let (app, driver) = try start("grid")
        XCTAssertEqual(focus(app).ring, false, "no ring before the keyboard is used")
        try driver.play(script: "key Right\nwait 50")
        XCTAssertEqual(focus(app).item, "0", "the first arrow shows the ring on the first tile in view")
        XCTAssertEqual(focus(app).ring, true)
        // 1280 points: nine columns, so Down goes nine tiles on.
        try driver.play(script: "key Right\nwait 50\nkey Down\nwait 400")
        XCTAssertEqual(focus(app).item, "10")
        XCTAssertEqual((app.currentScene as! GridScene).collection.cellForItem(at: ItemPath(item: 10))?.isFocused, true)
        try driver.play(script: "key Return\nwait 50")
        XCTAssertEqual(collection(app)["selected"]?.arrayValue?.compactMap(\.stringValue), ["10"], "Enter selects the focused tile")
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertEqual(collection(app)["selected"]?.arrayValue?.count, 0, "Escape clears the selection")
        // A click on tile 2 (third column of the first row) moves the focus there without a ring.
        try driver.play(script: "down 360 110\nup 360 110\nwait 300")
        XCTAssertEqual(focus(app).item, "2")
        XCTAssertEqual(focus(app).ring, false, "the pointer is in use: no ring")
        try driver.play(script: "key Left\nwait 50")
        XCTAssertEqual(focus(app).item, "2", "the first arrow after a click shows the ring where the focus is")
        XCTAssertEqual(focus(app).ring, true)
    }

    func testAFocusedTileOutOfViewIsScrolledTo() throws {
        let (app, driver) = try start("grid", size: Size(640, 480))
        try driver.play(script: "key Down\n" + String(repeating: "key Down\nwait 30\n", count: 8) + "wait 600")
        let grid = (app.currentScene as! GridScene).collection
        let ip = try XCTUnwrap(grid.focusedItem)
        let frame = try XCTUnwrap(grid.layout.attributesForItem(at: ip)?.frame)
        XCTAssertGreaterThan(grid.contentOffset.y, 0)
        XCTAssertLessThanOrEqual(frame.maxY, grid.contentOffset.y + grid.frame.height + 0.5, "the focused tile is in view")
    }

    func testCarouselArrowsFocusTheCentredCardEnterOpensItAndEscapeCloses() throws {
        let (app, driver) = try start("carousel")
        try driver.play(script: "key Right\nwait 800")
        XCTAssertEqual(focus(app).item, "1")
        XCTAssertEqual(focus(app).ring, true)
        XCTAssertEqual(collection(app)["centeredIndex"]?.doubleValue, 1)
        XCTAssertEqual(collection(app)["opened"], .null)
        try driver.play(script: "key Return\nwait 50")
        XCTAssertEqual(collection(app)["opened"]?.stringValue, "1", "Enter opens the focused card")
        try driver.play(script: "key Right\nwait 300")
        XCTAssertEqual(collection(app)["centeredIndex"]?.doubleValue, 1, "the open sheet takes the keys")
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertEqual(collection(app)["opened"], .null, "Escape closes the sheet")
    }

    /// The Open button is a real button: lighter under the pointer, darker while held, and a
    /// release on it opens the card; a release off it opens nothing.
    func testTheOpenButtonHasHoverAndPressFeedbackAndOpensTheCard() throws {
        let (app, driver) = try start("carousel")
        try driver.play(script: "wait 100")
        let scene = app.currentScene as! CarouselScene
        let cv = scene.collection
        let card = cv.windowRect(fromContent: try XCTUnwrap(cv.presentedFrameForItem(at: ItemPath(item: 0))))
        let b = CarouselCardCell.openButtonFrame(in: card)
        let (x, y) = (Int(b.midX), Int(b.midY))
        let cell = { cv.cellForItem(at: ItemPath(item: 0)) as? CarouselCardCell }
        XCTAssertEqual(cell()?.buttonState, .normal)
        try driver.play(script: "move \(x) \(y) 50\nwait 50")
        XCTAssertEqual(cell()?.buttonState, .hovered)
        try driver.play(script: "down \(x) \(y)\nwait 50")
        XCTAssertEqual(cell()?.buttonState, .pressed)
        XCTAssertEqual(collection(app)["opened"], .null, "a press alone opens nothing")
        try driver.play(script: "move \(x) \(y - 200) 50\nwait 20")
        XCTAssertEqual(cell()?.buttonState, .hovered, "dragged off, the button lets go of its pressed look")
        try driver.play(script: "up \(x) \(y - 200)\nwait 50")
        XCTAssertEqual(collection(app)["opened"], .null, "released off the button: nothing opens")
        try driver.play(script: "move \(x) \(y) 50\ndown \(x) \(y)\nup \(x) \(y)\nwait 50")
        XCTAssertEqual(collection(app)["opened"]?.stringValue, "0", "a click on Open opens the card")
        XCTAssertEqual(collection(app)["centeredIndex"]?.doubleValue, 0)
    }

    func testRearrangeArrowsMoveTheRingAndAClickHidesIt() throws {
        let (app, driver) = try start("rearrange")
        try driver.play(script: "key Down\nwait 50")
        XCTAssertEqual(focus(app).item, "0")
        XCTAssertEqual(focus(app).ring, true)
        try driver.play(script: "key Right\nwait 50")
        XCTAssertEqual(focus(app).item, "1")
        try driver.play(script: "down 400 300\nup 400 300\nwait 300")
        XCTAssertEqual(focus(app).ring, false)
    }

    func testMosaicRingShowsAfterKeysOnlyAndArrowsMoveIt() throws {
        let (app, driver) = try start("mosaic")
        let scene = app.currentScene as! MosaicScene
        try driver.play(script: "key Down\nwait 400")
        let first = try XCTUnwrap(scene.focusedCard)
        XCTAssertTrue(scene.showsFocusRing)
        try driver.play(script: "key Down\nwait 400")
        XCTAssertNotEqual(scene.focusedCard, first, "Down moves the focus to the card below")
        XCTAssertEqual(scene.collection.focusedItem?.section, MosaicScene.mosaicSection)
        try driver.play(script: "down 640 500\nup 640 500\nwait 300")
        XCTAssertFalse(scene.showsFocusRing, "a click hides the ring")
    }

    /// Boards: a click focuses a card without a ring, an arrow shows it, and after a keyboard
    /// drop into Today the ring stays on the card that moved.
    func testBoardsRingAfterKeysOnlyAndItStaysOnTheCardAfterAKeyboardDrop() throws {
        let (app, driver) = try start("boards")
        let scene = app.currentScene as! BoardsScene
        try driver.play(script: "down 100 110\nup 100 110\nwait 100")
        let clicked = try XCTUnwrap(scene.manager.focus?.id)
        XCTAssertFalse(scene.manager.showsFocusRing, "a click: no ring")
        try driver.play(script: "key Space\nwait 100\nkey Right\nwait 100\nkey Space\nwait 800")
        XCTAssertTrue(scene.manager.showsFocusRing)
        XCTAssertEqual(scene.manager.focus?.id, clicked, "the focus stays on the dropped card")
        XCTAssertEqual(scene.manager.focus?.collection, "today")
        let dump = app.dumpState()
        XCTAssertEqual(dump["focus"]?["collection"]?.stringValue, "today")
        XCTAssertEqual(dump["focus"]?["id"]?.stringValue, "\(clicked)")
        XCTAssertEqual(dump["focusRing"]?.boolValue, true)
    }
}

/// The carousel's focus: one ring on screen at any time; the reading sheet takes the focus, keeps
/// Tab inside, and gives it back to Open.
final class CarouselFocusOwnershipTests: XCTestCase {
    private func state(_ app: App) -> (stop: String?, rings: Double?, opened: Bool) {
        let c = app.dumpState()["collections"]![0]!
        return (app.dumpState()["keyboardFocus"]?["stop"]?.stringValue, c["rings"]?.doubleValue, c["opened"] != .null)
    }

    func testTabThenRightShowsExactlyOneRing() throws {
        let app = try App(scene: "carousel", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "key Tab\nwait 100")
        XCTAssertEqual(state(app).stop, "open", "Tab from the cards goes to the centred card's Open button")
        XCTAssertEqual(state(app).rings, 1)
        try driver.play(script: "key Right\nwait 600")
        XCTAssertEqual(state(app).stop, "open")
        XCTAssertEqual(state(app).rings, 1, "the ring moved with the Open button to the next card; the card has none")
        XCTAssertEqual(app.dumpState()["collections"]![0]!["centeredIndex"]?.doubleValue, 1, "Right still turned the page")
    }

    func testTheSheetTakesTheFocusKeepsTabInsideAndEscapeGivesItBackToOpen() throws {
        let app = try App(scene: "carousel", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "key Tab\nwait 50")
        XCTAssertEqual(state(app).stop, "open")
        try driver.play(script: "key Return\nwait 100")
        XCTAssertTrue(state(app).opened)
        XCTAssertEqual(state(app).stop, "close", "the sheet's Close has the focus")
        try driver.play(script: "key Tab\nwait 50\nkey Tab\nwait 50\nkey shift+Tab\nwait 50")
        XCTAssertEqual(state(app).stop, "close", "Tab and Shift+Tab stay inside the sheet")
        XCTAssertTrue(state(app).opened)
        XCTAssertEqual(state(app).rings, 1)
        try driver.play(script: "key Escape\nwait 100")
        XCTAssertFalse(state(app).opened)
        XCTAssertEqual(state(app).stop, "open", "Escape gives the focus back to Open")
        XCTAssertEqual(state(app).rings, 1)
    }
}

/// Tab runs in reading order in every scene: from the tab bar into the scene's header controls,
/// then its content; a scene still opens with the focus on its content.
final class ReadingOrderTests: XCTestCase {
    /// The stops Tab visits from the tab bar until it comes back to it.
    private func tabCycle(_ scene: String) throws -> (start: String?, cycle: [String]) {
        let app = try App(scene: scene, size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        let start = app.dumpState()["keyboardFocus"]?["stop"]?.stringValue
        var seen: [String] = []
        for _ in 0..<20 {
            try driver.play(script: "key Tab\nwait 30")
            let stop = app.dumpState()["keyboardFocus"]?["stop"]?.stringValue ?? "?"
            if stop == "tabs", !seen.isEmpty, seen.contains("tabs") { break }
            seen.append(stop)
        }
        // From the tab bar on: the order a user reads the window in.
        let fromTabs = seen.firstIndex(of: "tabs").map { Array(seen[$0...]) } ?? seen
        return (start, fromTabs)
    }

    private func assertBefore(_ headers: [String], _ content: String, in scene: String) throws {
        let (start, cycle) = try tabCycle(scene)
        XCTAssertEqual(start, content, "\(scene) opens with the focus on its content")
        guard let c = cycle.firstIndex(of: content) else { return XCTFail("\(scene): \(content) not reached by Tab: \(cycle)") }
        for h in headers {
            guard let i = cycle.firstIndex(of: h) else { XCTFail("\(scene): \(h) not reached by Tab: \(cycle)"); continue }
            XCTAssertLessThan(i, c, "\(scene): \(h) comes before \(content) (\(cycle))")
        }
        XCTAssertEqual(cycle.first, "tabs")
    }

    func testRearrangeHeaderBeforeTiles() throws { try assertBefore(["grid", "horizontal", "waterfall"], "rearrange", in: "rearrange") } // Undo, disabled until a move, is no Tab stop
    func testMosaicHeaderBeforeCards() throws { try assertBefore(["featured", "shuffle"], "mosaic", in: "mosaic") } // Reset and Undo: disabled until a change
    func testCalendarHeaderBeforeDays() throws { try assertBefore(["previous", "next"], "days", in: "calendar") }
}

/// A keyboard drag captures its keys; when it carries a card to another board and drops it there,
/// the focus chain follows, so the next Tab starts from the board the card is on.
final class KeyboardDropFocusTests: XCTestCase {
    func testTabAfterAKeyboardDropStartsFromTheBoardTheCardIsOn() throws {
        let app = try App(scene: "boards", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        func stop() -> String? { app.dumpState()["keyboardFocus"]?["stop"]?.stringValue }
        try driver.play(script: "wait 50\nkey Down\nwait 50")
        XCTAssertEqual(stop(), "backlog")
        try driver.play(script: "key space\nwait 100\nkey Right\nwait 300\nkey space\nwait 800")
        XCTAssertEqual(stop(), "today", "the chain follows the card to the board it was dropped on")
        // The next board after Today that can take the focus (an empty one cannot).
        let stops = app.currentScene.composition.focus.stops
        let today = try XCTUnwrap(stops.firstIndex { $0.focusName == "today" })
        let next = try XCTUnwrap(stops[(today + 1)...].first { $0.canTakeFocus }).focusName
        try driver.play(script: "key Tab\nwait 50")
        XCTAssertEqual(stop(), next, "Tab goes on from there")
    }
}
