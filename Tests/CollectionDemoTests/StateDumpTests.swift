import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

final class StateDumpTests: XCTestCase {
    func testGridDumpHasTheDocumentedShape() throws {
        var config = SceneConfig(items: 30)
        config.items = 30
        let app = try App(scene: "grid", size: Size(640, 480), config: config)
        app.update(now: 0)
        let dump = try JSON.parse(app.dumpState().serialized())
        XCTAssertEqual(dump["scene"]?.stringValue, "grid")
        XCTAssertEqual(dump["size"]?["width"]?.doubleValue, 640)
        XCTAssertEqual(dump["dragging"]?.boolValue, false)
        let grid = try XCTUnwrap(dump["collections"]?[0])
        XCTAssertEqual(grid["name"]?.stringValue, "grid")
        XCTAssertEqual(grid["items"]?.arrayValue?.count, 30)
        XCTAssertEqual(grid["items"]?[29]?.stringValue, "29")
        XCTAssertEqual(grid["viewport"]?.arrayValue?.compactMap(\.doubleValue), [0, 44, 640, 436])
        XCTAssertEqual(grid["contentOffset"]?["y"]?.doubleValue, 0)
        let frames = try XCTUnwrap(grid["frames"]?.arrayValue)
        XCTAssertEqual(frames.count, 30)
        // 640 wide with 12-point insets and 10-point gaps fits four 146.5-point columns.
        XCTAssertEqual(frames[1].arrayValue?.compactMap(\.doubleValue), [168.5, 12, 146.5, 110])
    }

    func testFramesAreLeftOutPastTenThousandItems() throws {
        let app = try App(scene: "grid", size: Size(640, 480), config: SceneConfig(items: 10_001))
        let grid = app.dumpState()["collections"]?[0]
        XCTAssertNil(grid?["frames"])
        XCTAssertEqual(grid?["items"]?.arrayValue?.count, 10_001)
    }

    func testUnknownSceneIsRefusedWithTheList() {
        XCTAssertThrowsError(try App(scene: "nope", size: Size(100, 100))) { error in
            XCTAssertTrue("\(error)".contains("unknown scene 'nope'"))
            XCTAssertTrue("\(error)".contains("grid"))
        }
    }
}
