import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
import XCTest

/// Mid-drag frames of the rearrange scene: the lifted snapshot (larger, with a shadow) between
/// slots, the gap where the tile will land, the other tiles in their new places, pinned tiles put.
final class RearrangeGoldenTests: XCTestCase {
    private func midDrag(layout: String, from: Point, to: Point) throws -> (Image, App) {
        var config = SceneConfig(items: 200)
        config.rearrangeLayout = layout
        // The pointer stops between slots so the gap and the snapshot are both in view; the wait
        // lets the other tiles finish gliding.
        let script = """
            down \(from.x) \(from.y)
            wait 400
            move \(to.x) \(to.y) 400
            wait 500
            """
        return try Golden.render(scene: "rearrange", size: Size(width: 900, height: 600), config: config, script: script)
    }

    private func assertDragging(_ app: App, file: StaticString = #filePath, line: UInt = #line) {
        let dump = app.dumpState()
        XCTAssertEqual(dump["dragging"]?.boolValue, true, file: file, line: line)
        XCTAssertEqual(dump["collections"]?[0]?["hidden"]?.arrayValue?.count, 1, file: file, line: line)
    }

    func testGridMidDrag() throws {
        let (image, app) = try midDrag(layout: "grid", from: Point(x: 90, y: 120), to: Point(x: 470, y: 300))
        assertDragging(app)
        try Golden.assertMatches(image, named: "rearrange-grid-mid-drag")
    }

    func testHorizontalMidDrag() throws {
        let (image, app) = try midDrag(layout: "horizontal", from: Point(x: 90, y: 120), to: Point(x: 480, y: 330))
        assertDragging(app)
        try Golden.assertMatches(image, named: "rearrange-horizontal-mid-drag")
    }

    func testWaterfallMidDrag() throws {
        let (image, app) = try midDrag(layout: "waterfall", from: Point(x: 90, y: 120), to: Point(x: 420, y: 330))
        assertDragging(app)
        try Golden.assertMatches(image, named: "rearrange-waterfall-mid-drag")
    }
}
