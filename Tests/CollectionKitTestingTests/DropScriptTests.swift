import CollectionKit
import CollectionKitTesting
import XCTest

/// The script format's `drop` line: parsed, laid out, recorded back, and refused with the form
/// it expects when it is wrong.
final class DropScriptTests: XCTestCase {
    func testDropLinesParse() throws {
        XCTAssertEqual(try InputScript.parseLine(#"drop 10 20 text "a\nb # c""#, number: 1),
                       .drop(Point(10, 20), DropPayload(text: "a\nb # c")))
        XCTAssertEqual(try InputScript.parseLine("drop 10 20 text plain words # kept", number: 1),
                       .drop(Point(10, 20), DropPayload(text: "plain words # kept")))
        XCTAssertEqual(try InputScript.parseLine("drop 1 2 file /a/b.png c.jpg  # two", number: 1),
                       .drop(Point(1, 2), DropPayload(files: ["/a/b.png", "c.jpg"])))
    }

    func testWrongDropLinesSayTheForm() {
        for bad in ["drop", "drop 1 2", "drop 1 2 text", "drop x 2 text a", "drop 1 2 image a.png", "drop 1 2 file # none"] {
            XCTAssertThrowsError(try InputScript.parseLine(bad, number: 3), bad) { error in
                XCTAssertTrue("\(error)".hasPrefix("line 3: "), "\(error)")
                XCTAssertTrue("\(error)".contains("drop"), "\(error)")
            }
        }
    }

    func testRelativeFilesAreMadeAbsoluteAndDropsRecordBack() throws {
        let timeline = ScriptTimeline(try InputScript.parse("drop 5 6 file pic.png\n"), fps: 60)
        guard case let .input(.drop(payload, p))? = timeline.entries.first?.action else { return XCTFail("no drop") }
        XCTAssertEqual(p, Point(5, 6))
        XCTAssertEqual(payload.files, [FileManager.default.currentDirectoryPath + "/pic.png"])
        XCTAssertEqual(ScriptRecorder.line(for: .drop(DropPayload(text: "two\nlines"), at: Point(1, 2))), #"drop 1 2 text "two\nlines""#)
        XCTAssertEqual(ScriptRecorder.line(for: .drop(DropPayload(files: ["/a.png", "/b.png"]), at: Point(1, 2))), "drop 1 2 file /a.png /b.png")
        XCTAssertNil(ScriptRecorder.line(for: .drop(DropPayload(files: ["/with space.png"]), at: Point(1, 2))))
    }
}
