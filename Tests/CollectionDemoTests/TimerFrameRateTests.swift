import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Timers take effect at their own time, not at the frame tick after it, and input meets the
/// state of its own moment: the same script ends the same at 30, 60 and 144 fps.
final class TimerFrameRateTests: XCTestCase {
    private func run(_ script: String, scene: String = "rearrange", layout: String = "grid", items: Int,
                     size: Size = Size(1280, 800), fps: Double) throws -> (App, HeadlessDriver<App>) {
        var config = SceneConfig(items: items)
        config.rearrangeLayout = layout
        let app = try App(scene: scene, size: size, config: config)
        let driver = HeadlessDriver(root: app, fps: fps)
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: fps))
        return (app, driver)
    }

    private func collection(_ app: App) -> JSON { app.dumpState()["collections"]![0]! }
    private func items(_ app: App) -> [String] { collection(app)["items"]!.arrayValue!.map { $0.stringValue! } }
    private func offset(_ app: App) -> Point {
        let o = collection(app)["contentOffset"]!
        return Point(o["x"]!.doubleValue!, o["y"]!.doubleValue!)
    }

    func testALongPressDueBetweenTwoFramesLiftsBeforeAPressThatComesAfterIt() throws {
        // The long press is due at 1.070 s; at 30 fps the next tick is 1.100 s, after the second
        // press at 1.087 s. Timers acting at frame ticks made the tiles end 0, 1, 2 at 30 fps and
        // 2, 0, 1 at 60 and 144 fps.
        let script = """
            wait 770
            down 360 140
            wait 317
            down 630 560
            up 76 255.7
            wait 2000
            """
        let ends = try [30.0, 60, 144].map { try items(run(script, items: 3, fps: $0).0) }
        XCTAssertEqual(ends[0], ["2", "0", "1"], "the tile lifted at 300 ms was dropped at the front")
        XCTAssertEqual(ends[1], ends[0], "60 fps ends as 30 fps")
        XCTAssertEqual(ends[2], ends[0], "144 fps ends as 30 fps")
    }

    func testAResizeWhileTheContentCoastsStopsItAtTheSameOffsetAtEveryFrameRate() throws {
        // The resize stops the coast where it has got to at the resize's own moment, not at the
        // last frame tick before it.
        let script = """
            down 1000 400
            move 300 400 100
            up 300 400
            wait 137
            resize 800 600
            wait 1500
            """
        let ends = try [30.0, 60, 144].map { try offset(run(script, layout: "horizontal", items: 400, fps: $0).0) }
        XCTAssertGreaterThan(ends[0].x, 500, "the flick carried the content")
        for e in ends.dropFirst() {
            XCTAssertEqual(e.x, ends[0].x, accuracy: 0.01)
            XCTAssertEqual(e.y, ends[0].y, accuracy: 0.01)
        }
    }

    func testAWheelNotchWhileADraggedTileAutoScrollsEndsTheSameAtEveryFrameRate() throws {
        // Lift a tile, hold it at the top edge so the content scrolls up, turn the wheel once.
        // (Moves without a duration: a timed move is stepped once a frame, which is input that
        // differs with the frame rate.)
        // The content reaches the top mid-hold; the notch comes between frame ticks and the tile is
        // let go just after it. With the notch meeting the offset of the last tick, the content
        // rested at y 16.1 at 30 and 60 fps and 20.5 at 144 fps.
        let script = """
            wheel 0 -3
            wait 300
            down 200 200
            wait 400
            move 200 150
            wait 30
            move 200 70
            wait 213
            wheel 0 -1
            wait 20
            up 200 70
            wait 1500
            """
        let ends = try [30.0, 60, 144].map { try offset(run(script, items: 200, fps: $0).0) }
        let (app, _) = try run(script, items: 200, fps: 60)
        XCTAssertEqual(Set(items(app)).count, 200, "no tile lost")
        XCTAssertGreaterThan(ends[0].y, 10, "the notch scrolled the content down from the top")
        for e in ends.dropFirst() { XCTAssertEqual(e.y, ends[0].y, accuracy: 0.01) }
    }

    func testALongWaitWithNothingMovingDrawsAlmostNothing() throws {
        // Ten minutes of nothing at 144 fps: every tick is counted, almost none is drawn.
        let (_, driver) = try run("wait 200\nwait 600000", scene: "grid", items: 1000, fps: 144)
        XCTAssertLessThan(driver.frameCount, 5)
        XCTAssertGreaterThan(driver.framesSkipped, 600 * 144 - 10)
    }

    func testFramesAreDrawnWhileSomethingMovesAndSkippedOnceItRests() throws {
        // A fling coasts for about two seconds, then the grid rests.
        let (app, driver) = try run("down 600 600\nmove 600 200 100\nup 600 200\nwait 6000", scene: "grid",
                                    items: 10_000, fps: 60)
        XCTAssertGreaterThan(offset(app).y, 500)
        XCTAssertGreaterThan(driver.frameCount, 60, "the coast is drawn at full rate")
        XCTAssertGreaterThan(driver.framesSkipped, 120, "the rest is skipped")
        XCTAssertEqual(driver.frameCount + driver.framesSkipped, 60 * 6 + 6 + 1 + 1, accuracy: 2,
                       "every tick is either drawn or skipped")
    }

    func testSkippingIdleFramesChangesNothingThatIsShown() throws {
        // The same script with and without skipping ends in the same state.
        let script = "down 600 600\nmove 600 200 100\nup 600 200\nwait 3000\nkey End\nwait 2000\nwheel 0 1\nwait 900"
        func end(skipping: Bool) throws -> JSON {
            let app = try App(scene: "grid", size: Size(1280, 800), config: SceneConfig(items: 5000))
            let driver = HeadlessDriver(root: app, fps: 60)
            driver.skipsIdleFrames = skipping
            try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
            return app.dumpState()
        }
        XCTAssertEqual(try end(skipping: true), try end(skipping: false))
    }
}
