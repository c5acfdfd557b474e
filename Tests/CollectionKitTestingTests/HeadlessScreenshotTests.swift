import CollectionKit
import CollectionKitTesting
import XCTest

/// A root with nothing to show.
private final class Blank: InteractiveRoot {
    var size = Size(100, 100)
    func handle(_ event: InputEvent, now: Double) {}
    func update(now: Double) {}
    func draw() -> DrawList { DrawList() }
}

final class HeadlessScreenshotTests: XCTestCase {
    /// A script's screenshot with nothing to take it with stops the run and says why, instead of
    /// writing nothing without a word.
    func testAScreenshotWithoutARendererSaysSo() throws {
        let driver = HeadlessDriver(root: Blank(), fps: 60)
        XCTAssertThrowsError(try driver.play(ScriptTimeline(InputScript.parse("wait 10\nscreenshot out/a.png\nwait 10"), fps: 60))) { error in
            XCTAssertEqual(error as? HeadlessDriverError, .noScreenshots("out/a.png"))
            XCTAssertTrue("\(error)".contains("HeadlessCanvas"), "the message names what to set: \(error)")
        }
    }

    /// With a screenshot closure set, the script's path reaches it after a frame at that moment.
    func testAScreenshotReachesTheClosureSet() throws {
        let driver = HeadlessDriver(root: Blank(), fps: 60)
        var taken: [(String, Int)] = []
        driver.screenshot = { taken.append(($0, driver.frameCount)) }
        try driver.play(ScriptTimeline(InputScript.parse("wait 10\nscreenshot b.png"), fps: 60))
        XCTAssertEqual(taken.map(\.0), ["b.png"])
        XCTAssertGreaterThan(taken.first?.1 ?? 0, 0, "a frame was drawn before the screenshot")
    }
}
