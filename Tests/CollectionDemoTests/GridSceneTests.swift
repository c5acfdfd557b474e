import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

final class GridSceneTests: XCTestCase {
    func testGridSceneDrawsOnlyVisibleTiles() throws {
        let app = try App(scene: "grid", size: Size(640, 480), config: SceneConfig(items: 100_000))
        app.update(now: 0)
        let list = app.draw()
        XCTAssertTrue(list.isBalanced)
        let numbers = list.commands.compactMap { c -> String? in
            if case let .text(run) = c, Int(run.text) != nil { return run.text }; return nil
        }
        // 436 points of 110-point rows plus gaps show four rows of four tiles.
        XCTAssertEqual(numbers, (0..<16).map(String.init))
    }

    /// The tile under a free pointer is hovered until the pointer leaves the window, in every scene
    /// that highlights hover.
    func testHoverEndsWhenThePointerLeavesTheWindow() throws {
        for (scene, point) in [("grid", "85 111"), ("carousel", "640 400"), ("rearrange", "80 120"), ("calendar", "300 300")] {
            let app = try App(scene: scene, size: Size(1280, 800), config: SceneConfig(items: 100))
            let driver = HeadlessDriver(root: app, fps: 60)
            func hovered() -> JSON? {
                let dump = app.dumpState()
                return scene == "calendar" ? dump["calendar"]?["hoveredDate"] : dump["collections"]?.arrayValue?.first?["hovered"]
            }
            try driver.play(ScriptTimeline(InputScript.parse("wait 600\nmove \(point)\nwait 50\n"), fps: 60))
            XCTAssertNotNil(hovered()?.stringValue, "\(scene): the item under the pointer is hovered")
            try driver.play(ScriptTimeline(InputScript.parse("leave\nwait 50\n"), fps: 60))
            XCTAssertEqual(hovered(), .null, "\(scene): leaving the window ends hover")
        }
    }
}
