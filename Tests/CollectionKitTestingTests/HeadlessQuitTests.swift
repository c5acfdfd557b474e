import CollectionKit
import CollectionKitTesting
import XCTest

/// A root that quits on Ctrl+Q and remembers when it was last updated.
private final class QuittingRoot: InteractiveRoot {
    var size = Size(100, 100)
    var quitRequested = false
    var lastUpdate = -1.0
    func handle(_ event: InputEvent, now: Double) { if event == .key(Key("q"), .ctrl) { quitRequested = true } }
    func update(now: Double) { lastUpdate = now }
    func draw() -> DrawList { DrawList() }
}

final class HeadlessQuitTests: XCTestCase {
    func testAQuitEndsWithAFrameAtItsOwnTimeAsTheWindowDoes() throws {
        let root = QuittingRoot()
        let driver = HeadlessDriver(root: root, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("wait 1234.5\nkey ctrl+q\nwait 5000\n"), fps: 60))
        XCTAssertEqual(root.lastUpdate, 1.2345, accuracy: 1e-9, "updated at the quit, not at the frame before it")
        XCTAssertLessThan(driver.now, 1.3, "nothing runs after the quit")
    }
}
