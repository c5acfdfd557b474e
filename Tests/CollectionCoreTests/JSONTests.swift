import CollectionCore
import XCTest

final class JSONTests: XCTestCase {
    func testSerialisesInOrderAndParsesBack() throws {
        let value: JSON = .object([
            ("scene", .string("grid")),
            ("size", .size(Size(1280, 800))),
            ("dragging", .bool(false)),
            ("list", .array([.number(1.5), .null, .string("a\"b\\c\n")])),
        ])
        let text = value.serialized()
        XCTAssertLessThan(text.range(of: "scene")!.lowerBound, text.range(of: "size")!.lowerBound)
        XCTAssertTrue(text.contains("\"width\": 1280"), "whole numbers print without a fraction")
        let back = try JSON.parse(text)
        XCTAssertEqual(back["list"]?[2]?.stringValue, "a\"b\\c\n")
        XCTAssertEqual(back["size"]?["height"]?.doubleValue, 800)
        XCTAssertEqual(back["dragging"]?.boolValue, false)
        XCTAssertEqual(back["list"]?[1], .null)
    }

    func testMalformedTextThrows() {
        for bad in ["{", "[1,]", "{\"a\" 1}", "tru", "\"open", "[1] 2"] {
            XCTAssertThrowsError(try JSON.parse(bad), bad)
        }
    }
}

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
