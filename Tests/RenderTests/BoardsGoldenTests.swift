import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
import XCTest

/// The boards scene as pictures: a card in flight between two boards (the lifted snapshot, the
/// gap it would fill in Today, the source's own gap in the backlog) and the empty Later board with
/// its "drop cards here" placeholder.
final class BoardsGoldenTests: XCTestCase {
    func testCrossBoardDragInFlight() throws {
        // Backlog card 1 (centre 233,183) carried over Today's second row, held still.
        let script = """
            wait 50
            down 233 183
            move 245 188 50
            move 700 235 400
            wait 500
            """
        let (image, app) = try Golden.render(scene: "boards", script: script)
        let dump = app.dumpState()
        XCTAssertEqual(dump["drag"]?["over"]?.stringValue, "today")
        XCTAssertEqual(dump["drag"]?["index"]?.doubleValue, 4)
        try Golden.assertMatches(image, named: "boards-drag-in-flight")
    }

    /// A wide backlog card held over the full Focus slot: the card that would swap out veiled and
    /// outlined, the ghost shrunk toward the pointer no further than its words stay readable, cut
    /// to half the slot's width around the pointer.
    func testSwapGhostOverTheFullFocusSlot() throws {
        let (_, probe) = try Golden.render(scene: "boards", script: "wait 50")
        let focus = probe.dumpState()["collections"]?.arrayValue?.first { $0["name"]?.stringValue == "focus" }
        let v = try XCTUnwrap(focus?["viewport"]?.arrayValue?.compactMap(\.doubleValue))
        let to = Point(x: (v[0] + v[2] / 2).rounded(), y: (v[1] + 36).rounded())
        let script = "wait 50\ndown 233 183\nmove 245 188 50\nmove \(Int(to.x)) \(Int(to.y)) 400\nwait 500"
        let (image, app) = try Golden.render(scene: "boards", script: script)
        XCTAssertEqual(app.dumpState()["drag"]?["over"]?.stringValue, "focus")
        try Golden.assertMatches(image, named: "boards-swap-ghost")
    }

    func testEmptyBoardPlaceholder() throws {
        let (image, app) = try Golden.render(scene: "boards", size: Size(width: 900, height: 600), script: "wait 100")
        let later = app.dumpState()["collections"]?.arrayValue?.first { $0["name"]?.stringValue == "later" }
        XCTAssertEqual(later?["items"]?.arrayValue?.count, 0)
        try Golden.assertMatches(image, named: "boards-empty-placeholder")
    }
}
