import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Whatever ends a gesture (a drop, a cancel, a press that became a drag, focus lost, a scene
/// switch, a second press mid-pan), the content comes to rest inside its bounds, not in the
/// rubber-band zone.
final class ScrollSettleTests: XCTestCase {
    private func play(_ script: String, scene: String, size: Size = Size(1280, 800), items: Int? = nil,
                      layout: String = "grid", fps: Double = 60) throws -> App {
        var config = SceneConfig(items: items)
        config.rearrangeLayout = layout
        config.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["UTC"]]
        let app = try App(scene: scene, size: size, config: config)
        try HeadlessDriver(root: app, fps: fps).play(script: script)
        return app
    }

    private func assertSettledInside(_ app: App, sceneNamed name: String? = nil, _ context: String,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try XCTUnwrap(name.map { n in app.currentName == n ? app.currentScene : nil } ?? app.currentScene,
                                  "the scene \(name ?? "") is not current", file: file, line: line)
        let collections = SceneInspection.collections(of: scene)
        XCTAssertFalse(collections.isEmpty, "no collection found in \(scene.name)", file: file, line: line)
        for cv in collections { XCTAssertTrue(cv.physics.isIdle, "\(cv.name) still moving: \(context)", file: file, line: line) }
        XCTAssertEqual(SceneInspection.offsetsOutOfBounds(in: scene), [], context, file: file, line: line)
    }

    /// The issue's script: a pull past the top, released; a second press catches the spring-back
    /// and is held into a lift; the drop left the content 82.7 points above the top, for good.
    func testADropAfterAPressThatCaughtTheSpringBackSettles() throws {
        let script = "down 50 180\nup 0 500\ndown 50 180\nwait 300\nup 83.5 179.7\nwait 4000"
        for fps in [30.0, 60, 144] {
            let app = try play(script, scene: "rearrange", size: Size(200, 200), items: 3, fps: fps)
            try assertSettledInside(app, "rearrange 200x200, \(fps) fps")
        }
    }

    /// The same catch, then the drag is cancelled (Escape, a right click, focus lost).
    func testACancelledLiftAfterCatchingTheSpringBackSettles() throws {
        for cancel in ["key Escape", "down 100 150 right\nup 100 150 right", "focus lost"] {
            let script = "down 50 180\nup 0 500\ndown 50 180\nwait 400\nmove 60 170 50\n\(cancel)\nup 60 170\nwait 4000"
            let app = try play(script, scene: "rearrange", size: Size(200, 200), items: 3)
            try assertSettledInside(app, "rearrange, cancelled by \(cancel)")
        }
    }

    /// A second press in the middle of a pan, released where it went down (a click).
    func testASecondPressMidPanSettles() throws {
        for scene in ["grid", "rearrange"] {
            let app = try play("down 600 300\nmove 600 700\ndown 200 400\nup 200 400\nwait 3000", scene: scene)
            try assertSettledInside(app, "\(scene): second press mid-pan")
        }
    }

    /// A press that catches the spring-back and is then cancelled by focus lost.
    func testFocusLostDuringAPressThatCaughtTheSpringBackSettles() throws {
        for scene in ["grid", "rearrange", "carousel"] {
            let script = "down 600 300\nmove 600 700 100\nup 600 700\nwait 50\ndown 600 400\nwait 100\nfocus lost\nwait 50\nup 600 400\nwait 3000"
            let app = try play(script, scene: scene)
            try assertSettledInside(app, "\(scene): focus lost while holding the spring-back")
        }
    }

    /// Leaving the scene with a number key while a press holds the content past its end, then
    /// coming back.
    func testASceneSwitchDuringAPressThatCaughtTheSpringBackSettles() throws {
        for (i, scene) in ["grid", "carousel", "rearrange"].enumerated() {
            let other = i == 0 ? 2 : 1
            let script = "down 600 300\nmove 600 700 100\nup 600 700\nwait 50\ndown 600 400\nwait 100\nkey \(other)\nup 600 400\nkey \(i + 1)\nwait 3000"
            let app = try play(script, scene: scene)
            XCTAssertEqual(app.currentName, scene)
            try assertSettledInside(app, "\(scene): a scene switch while holding the spring-back")
        }
    }

    /// The engine itself: a held press that never pans, released by a cancel, springs back.
    func testCancellingAHeldPressInTheRubberBandSpringsBack() {
        var physics = ScrollPhysics()
        physics.boundsSize = Size(200, 200)
        physics.contentSize = Size(200, 1000)
        var pan = ScrollPan()
        pan.down(at: Point(100, 100), now: 0, physics: &physics)
        pan.moved(to: Point(100, 300), now: 0.1, physics: &physics)
        pan.up(at: Point(100, 300), now: 0.1, physics: &physics)
        physics.update(now: 0.15)
        pan.down(at: Point(100, 100), now: 0.15, physics: &physics)   // catches the spring-back
        let caught = physics.offset.y
        XCTAssertLessThan(caught, -1, "the press holds the content in the rubber band")
        physics.update(now: 0.5)
        XCTAssertEqual(physics.offset.y, caught, "held while pressed")
        pan.cancel(now: 0.5, physics: &physics)
        physics.update(now: 3)
        XCTAssertEqual(physics.offset.y, 0, accuracy: 0.01)
        XCTAssertTrue(physics.isIdle)
    }
}
