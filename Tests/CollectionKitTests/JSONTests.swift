import CollectionKit
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

    /// A dump of ten million cards is tens of millions of scalars: each is kept inline in its
    /// array (a boxed one cost a heap block each, 3 GB in all), and the file's text is built once.
    func testScalarsAreInlineAndALineIsBuiltInOneString() {
        XCTAssertLessThanOrEqual(MemoryLayout<JSON>.stride, 24)
        let dump: JSON = .object([("items", .strings(["1", "2"])), ("values", .array([.int(3), .number(0.5), .null, .bool(true)]))])
        XCTAssertEqual(dump.serializedLine(), dump.serialized() + "\n")
        XCTAssertEqual(dump.serializedLine(pretty: false), "{\"items\":[\"1\",\"2\"],\"values\":[3,0.5,null,true]}\n")
    }
}
