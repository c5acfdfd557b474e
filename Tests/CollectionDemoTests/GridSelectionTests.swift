import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The grid follows desktop selection conventions, through the engine's `CollectionInteraction`.
final class GridSelectionTests: XCTestCase {
    /// Centre of tile `i` in a 640x480 window: four 146.5-point columns, 110-point rows, 10-point gaps.
    private func centre(_ i: Int) -> String { "\(Int(12 + Double(i % 4) * 156.5 + 73)) \(44 + 12 + (i / 4) * 120 + 55)" }

    private func selected(after script: String) throws -> [String] {
        let app = try App(scene: "grid", size: Size(640, 480), config: SceneConfig(items: 100))
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
        let grid = app.dumpState()["collections"]?.arrayValue?.first
        return grid?["selected"]?.arrayValue?.compactMap(\.stringValue) ?? ["(no dump)"]
    }

    func testClickCtrlClickShiftClickAndDoubleClick() throws {
        let click = { (i: Int, mods: String) in "down \(self.centre(i)) left \(mods)\nup \(self.centre(i))\nwait 300\n" }
        XCTAssertEqual(try selected(after: click(1, "") + click(6, "")), ["6"], "a click selects that tile alone")
        XCTAssertEqual(try selected(after: click(1, "") + click(6, "ctrl")), ["1", "6"], "Ctrl+click adds")
        XCTAssertEqual(try selected(after: click(1, "") + click(6, "ctrl") + click(1, "ctrl")), ["6"], "Ctrl+click removes")
        XCTAssertEqual(try selected(after: click(2, "") + click(9, "shift")), ["2", "3", "4", "5", "6", "7", "8", "9"],
                       "Shift+click selects the range from the last click")
        let double = "down \(centre(5))\nup \(centre(5))\nwait 80\ndown \(centre(5))\nup \(centre(5))\nwait 300\n"
        XCTAssertEqual(try selected(after: click(3, "") + double), ["5"], "a double click leaves its tile selected")
    }
}
