import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

final class SceneFlingTests: XCTestCase {
    /// A quick pan that only leaves the tolerance in its first frame must fling the same distance
    /// at any frame rate: its first velocity sample is the press itself.
    func testFlingsDoNotDependOnTheFrameRate() throws {
        let script = try InputScript.parse("down 640 650\nmove 640 350 60\nup 640 350\nwait 3000")
        var offsets: [Double] = []
        for (scene, fps) in [("grid", 30.0), ("grid", 60), ("grid", 144), ("rearrange", 30), ("rearrange", 144)] {
            let app = try App(scene: scene, size: Size(1280, 800), config: SceneConfig(items: 5000))
            try HeadlessDriver(root: app, fps: fps).play(ScriptTimeline(script, fps: fps))
            let y = try XCTUnwrap(app.dumpState()["collections"]?[0]?["contentOffset"]?["y"]?.doubleValue)
            offsets.append(y)
        }
        XCTAssertGreaterThan(offsets[0], 600, "the fling carried the content well past the 300-point drag")
        for y in offsets[1...2] { XCTAssertEqual(y, offsets[0], accuracy: 1) }
        XCTAssertEqual(offsets[3], offsets[4], accuracy: 1)
    }
}
