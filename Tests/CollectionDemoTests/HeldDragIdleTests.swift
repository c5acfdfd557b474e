import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// A drag held still in an edge zone scrolls until the content's end, then nothing changes until
/// the pointer moves: the window sleeps instead of drawing the same frame sixty times a second.
final class HeldDragIdleTests: XCTestCase {
    private func run(_ script: String, items: Int, skipping: Bool = true) throws -> (App, HeadlessDriver<App>) {
        let app = try App(scene: "rearrange", size: Size(1280, 800), config: SceneConfig(items: items))
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.skipsIdleFrames = skipping
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
        return (app, driver)
    }

    private func offsetY(_ app: App) -> Double { app.dumpState()["collections"]![0]!["contentOffset"]!["y"]!.doubleValue! }

    func testADragHeldAtTheTopOfTheContentLetsTheWindowSleep() throws {
        // The content is at its top already: the zone has nowhere to go for a whole minute.
        let script = "down 200 200\nwait 400\nmove 200 150\nmove 200 4\nwait 60000\nup 200 4\nwait 1000"
        let (app, driver) = try run(script, items: 200)
        XCTAssertEqual(offsetY(app), 0)
        XCTAssertLessThan(driver.frameCount, 300, "a minute held at the end of the content (\(driver.framesSkipped) skipped)")
    }

    func testADragHeldAtTheBottomScrollsThereThenLetsTheWindowSleep() throws {
        // Held at the bottom edge: the content scrolls to its end (drawn every frame), then rests.
        let script = "down 200 200\nwait 400\nmove 200 250\nmove 200 796\nwait 60000\nmove 200 790\nwait 500\nup 200 790\nwait 1000"
        let (app, driver) = try run(script, items: 200)
        let (awake, always) = try run(script, items: 200, skipping: false)
        XCTAssertGreaterThan(offsetY(app), 2000, "the held drag scrolled the content to its end")
        XCTAssertEqual(offsetY(app), offsetY(awake), "sleeping changes nothing that is shown")
        XCTAssertEqual(app.dumpState(), awake.dumpState())
        XCTAssertGreaterThan(always.frameCount, 3600)
        XCTAssertLessThan(driver.frameCount, 900, "drawn while it scrolls, not for the rest of the minute (\(driver.framesSkipped) skipped)")
    }
}
