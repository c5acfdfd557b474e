import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The rearrange scene says how it works and which layout it shows, `L` animates the switch, and a
/// drag released outside the window brings the view back to where the tile flies home.
final class RearrangePolishTests: XCTestCase {
    private func start(items: Int = 200, size: Size = Size(1280, 800)) throws -> (App, HeadlessDriver<App>, RearrangeScene) {
        let app = try App(scene: "rearrange", size: size, config: SceneConfig(items: items))
        return (app, HeadlessDriver(root: app, fps: 60), app.currentScene as! RearrangeScene)
    }

    /// The header names the layout shown (the switch's selected button) and the hint says how to
    /// pick a tile up, in words, not keys.
    func testTheHintNamesTheLayoutAndHowToPickUp() throws {
        let (app, driver, _) = try start()
        try driver.play(script: "wait 50")
        let hint = try XCTUnwrap(app.dumpState()["hint"]?.stringValue)
        XCTAssertTrue(hint.contains("Long-press"), hint)
        func selected() -> String? {
            app.dumpState()["headerControls"]?.arrayValue?.first { $0["selected"] == .bool(true) }?["title"]?.stringValue
        }
        XCTAssertEqual(selected(), "Grid")
        try driver.play(script: "key l\nwait 600")
        XCTAssertEqual(selected(), "Horizontal")
        var list = DrawList()
        app.currentScene.draw(into: &list)
        let drawn = list.commands.contains { if case let .text(run) = $0 { return run.text == "Horizontal" }; return false }
        XCTAssertTrue(drawn, "the switch is drawn")
    }

    /// L: every tile in view glides from its grid place to its place in the new layout, and the
    /// tile the user was looking at stays in view.
    func testLAnimatesTheLayoutChangeAndKeepsTheTileInView() throws {
        let (_, driver, scene) = try start()
        let cv = scene.collection
        try driver.play(script: "wait 50\nkey End\nwait 800")
        let firstInView = try XCTUnwrap(cv.visibleAttributes.filter {
            $0.kind == .cell && $0.frame.minY >= cv.contentOffset.y
        }.map(\.indexPath).min())
        XCTAssertGreaterThan(firstInView.item, 100)
        try driver.play(script: "key l\nwait 80")
        let moving = cv.visibleAttributes.filter { a in
            a.kind == .cell && cv.presentedFrameForItem(at: a.indexPath).map { $0 != a.frame } == true
        }
        XCTAssertGreaterThan(moving.count, 10, "tiles are on their way 80 ms in")
        try driver.play(script: "wait 600")
        XCTAssertFalse(cv.isAnimatingUpdates, "and arrive")
        for a in cv.visibleAttributes where a.kind == .cell { XCTAssertEqual(cv.presentedFrameForItem(at: a.indexPath), a.frame) }
        let frame = try XCTUnwrap(cv.layout.attributesForItem(at: firstInView)?.frame)
        XCTAssertTrue(cv.windowRect(fromContent: frame).intersects(cv.frame), "tile \(firstInView.item) is still in view")
    }

    /// A tile carried pages down and released below the window goes home; the view scrolls back
    /// so the user sees it land there (before, the view stayed pages away).
    func testAReleaseOutsideTheWindowBringsTheViewBackToTheTilesHome() throws {
        let (app, driver, scene) = try start(items: 2000)
        let cv = scene.collection
        let tile = cv.windowRect(fromContent: try XCTUnwrap(cv.layout.attributesForItem(at: ItemPath(item: 1))?.frame)).center
        try driver.play(script: "down \(tile.x) \(tile.y)\nwait 400\nmove 640 805\nwait 2500")
        XCTAssertGreaterThan(cv.contentOffset.y, 2 * cv.frame.height, "carried pages down")
        try driver.play(script: "move 640 900\nwait 100\nup 640 900\nwait 1200")
        let items = app.dumpState()["collections"]![0]!["items"]!.arrayValue!.compactMap(\.stringValue)
        XCTAssertEqual(items[1], "1", "the tile went home")
        let home = cv.windowRect(fromContent: try XCTUnwrap(cv.layout.attributesForItem(at: ItemPath(item: 1))?.frame))
        XCTAssertTrue(cv.frame.contains(home.center), "its home is in view")
        XCTAssertFalse(scene.isDragging)
    }

    /// Space picks up the focused tile, the arrows move its gap, Space drops it there; the focus
    /// stays on the tile that moved, and the move can be undone.
    func testSpacePicksUpTheFocusedTileAndTheArrowsMoveIt() throws {
        let (app, driver, scene) = try start()
        let cv = { app.dumpState()["collections"]![0]! }
        try driver.play(script: "key Down\nwait 50\nkey Right\nwait 50")
        XCTAssertEqual(cv()["focusedItem"]?.stringValue, "1")
        try driver.play(script: "key Space\nwait 100")
        XCTAssertTrue(scene.isDragging, "Space lifted the focused tile")
        XCTAssertEqual(cv()["moving"]?["id"]?.stringValue, "1")
        try driver.play(script: "key Right\nwait 100\nkey Right\nwait 100")
        XCTAssertEqual(cv()["moving"]?["to"]?.doubleValue, 3, "two steps right")
        try driver.play(script: "key Space\nwait 800")
        XCTAssertFalse(scene.isDragging)
        let items = cv()["items"]!.arrayValue!.compactMap(\.stringValue)
        XCTAssertEqual(Array(items.prefix(4)), ["0", "2", "3", "1"])
        XCTAssertEqual(cv()["focusedItem"]?.stringValue, "1", "the focus stays on the tile that moved")
        XCTAssertEqual(cv()["focusRing"]?.boolValue, true)
        XCTAssertEqual(cv()["undo"]?.doubleValue, 1)
        // Escape during a keyboard drag puts the tile back.
        try driver.play(script: "key Space\nwait 100\nkey Left\nwait 100\nkey Escape\nwait 800")
        XCTAssertEqual(Array(cv()["items"]!.arrayValue!.compactMap(\.stringValue).prefix(4)), ["0", "2", "3", "1"])
        XCTAssertFalse(scene.isDragging)
    }
}
