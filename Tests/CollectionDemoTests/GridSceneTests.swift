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

    /// Scrolling with the wheel under a pointer that does not move: the highlight goes to the item
    /// now under the pointer (it used to stay on the item scrolled away). Every scroll source goes
    /// through the same per-frame check (HoverFollowsScrollingTests).
    func testHoverFollowsAScrollUnderAStillPointer() throws {
        // Points inside a tile both before and after the wheel's 480 points (in a gap, nothing is
        // hovered); tiles that cannot move (rearrange's pinned ones) are never hovered there.
        for (scene, point) in [("grid", Point(80, 120)), ("rearrange", Point(200, 120))] {
            let app = try App(scene: scene, size: Size(1280, 800), config: SceneConfig(items: 2000))
            let driver = HeadlessDriver(root: app, fps: 60)
            let cv = (app.currentScene as? GridScene)?.collection ?? (app.currentScene as! RearrangeScene).collection
            func hovered() -> String? { app.dumpState()["collections"]?.arrayValue?.first?["hovered"]?.stringValue }
            func underPointer() -> String? {
                cv.indexPathForItem(atWindowPoint: point).flatMap { cv.identifier(at: $0) }.map { "\($0.base)" }
            }
            try driver.play(ScriptTimeline(InputScript.parse("wait 600\nmove \(Int(point.x)) \(Int(point.y))\nwait 50\n"), fps: 60))
            let before = hovered()
            XCTAssertNotNil(before)
            try driver.play(ScriptTimeline(InputScript.parse("wheel 0 -10\nwait 1500\n"), fps: 60))
            XCTAssertNotEqual(hovered(), before, "\(scene): the wheel scrolled other items under the pointer")
            XCTAssertEqual(hovered(), underPointer(), "\(scene): after the wheel")
            try driver.play(ScriptTimeline(InputScript.parse("wheel 0 10\nwait 1500\n"), fps: 60))
            XCTAssertEqual(cv.contentOffset.y, 0, "\(scene): scrolled back")
            XCTAssertEqual(hovered(), before, "\(scene): after scrolling back")
        }
    }
}
