@testable import CollectionKit
import XCTest

/// Drops from other programs through the drag-and-drop manager: the participant under the point
/// decides, a refusal shows as a drag's would, an accepted drop lands at the position a drag
/// released there would have taken, and it is undone as one edit.
final class ExternalDropTests: XCTestCase {
    typealias Board = DragDropManagerTests.Board

    /// Column `a` takes dropped text as new rows numbered from 100, one per line, at the drop position.
    func takingText(_ board: Board) -> () -> Int {
        var next = 100
        board.a.externalDropAcceptance = { $0.lines.isEmpty ? .refuse("a takes only text") : .accept }
        board.a.onExternalDrop = { payload, position in
            let ids = payload.lines.map { _ -> AnyHashable in next += 1; return AnyHashable(next) }
            try board.manager.insert(ids, into: "a", at: position, summary: "drop")
        }
        return { next }
    }

    func testTextBecomesRowsAtTheDropPosition() {
        let board = DragDropManagerTests.makeBoard()
        _ = takingText(board)
        // Row 2 spans y 80-120: a drop at y 85 (its upper half) lands before it.
        let result = board.manager.dropExternal(DropPayload(text: "one\n\n  two  \n"), at: Point(x: 100, y: 85), now: 1)
        XCTAssertEqual(result, .handled)
        XCTAssertEqual(board.ids(board.a), [0, 1, 101, 102, 2, 3, 4])
        XCTAssertNil(board.manager.feedback)
        board.manager.undo(now: 2)
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4], "one undo takes the whole drop back")
    }

    func testADropPastTheLastRowAppends() {
        let board = DragDropManagerTests.makeBoard()
        _ = takingText(board)
        board.manager.dropExternal(DropPayload(text: "end"), at: Point(x: 100, y: 390), now: 1)
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4, 101])
    }

    func testRefusalsShowTheirReasonAndChangeNothing() {
        let board = DragDropManagerTests.makeBoard()
        _ = takingText(board)
        // Files where only text is taken: the target's own reason.
        XCTAssertEqual(board.manager.dropExternal(DropPayload(files: ["/tmp/a.png"]), at: Point(x: 100, y: 50), now: 1), .handled)
        XCTAssertEqual(board.manager.feedback?.text, "a takes only text")
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        // A collection with no acceptance set takes nothing from other programs.
        board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 300, y: 50), now: 2)
        XCTAssertEqual(board.manager.feedback?.text, "B takes nothing dropped from another program")
        XCTAssertEqual(board.ids(board.b), [10, 11, 12])
        // A drag-only collection says so, as it does for a drag; a zone takes nothing.
        board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 900, y: 50), now: 3)
        XCTAssertEqual(board.manager.feedback?.text, "nothing can be dropped on Palette")
        board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 700, y: 250), now: 4)
        XCTAssertEqual(board.manager.feedback?.text, "Trash takes nothing dropped from another program")
        // An empty payload is refused before the target is asked.
        board.manager.dropExternal(DropPayload(), at: Point(x: 100, y: 50), now: 5)
        XCTAssertEqual(board.manager.feedback?.text, board.manager.strings.droppedNothingReadable)
        XCTAssertEqual(board.manager.history.undoCount, 0)
        // Over no participant the manager leaves the drop to the app.
        XCTAssertEqual(board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 100, y: 900), now: 6), .ignored)
    }

    func testARefusedCollectionShowsTheRefusalOutlineAsLongAsTheLine() {
        let board = DragDropManagerTests.makeBoard()
        _ = takingText(board)
        func outlined(at now: Double) -> Bool {
            board.a.update(now: now)
            var list = DrawList()
            board.a.draw(into: &list)
            return list.commands.contains { if case let .stroke(_, color, _, _) = $0 { return color == board.a.style.refusing }; return false }
        }
        XCTAssertFalse(outlined(at: 0.5))
        board.manager.dropExternal(DropPayload(files: ["/tmp/a.png"]), at: Point(x: 100, y: 50), now: 1)
        XCTAssertTrue(outlined(at: 1.1))
        XCTAssertTrue(outlined(at: 3.4))
        XCTAssertFalse(outlined(at: 3.6), "gone with the refusal line")
        XCTAssertEqual(board.manager.nextDeadline(after: 3.4), 3.5, "a frame is due when it goes")
    }

    func testAnAreaIsAskedBeforeTheCollectionsUnderIt() {
        let board = DragDropManagerTests.makeBoard()
        _ = takingText(board)
        var opened: [String] = []
        let area = ExternalDropArea(name: "files", title: "Files", acceptance: { payload, words in
            payload.files(withExtensions: ["ics"]).isEmpty ? .refuse(words.takesOnly("Files", "calendars")) : .accept
        }, take: { payload, _ in opened += payload.files })
        area.dropFrame = Rect(0, 0, 200, 40)
        board.manager.add(area)
        board.manager.dropExternal(DropPayload(files: ["/home/u/Party.ICS"]), at: Point(x: 50, y: 20), now: 1)
        XCTAssertEqual(opened, ["/home/u/Party.ICS"])
        board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 50, y: 20), now: 2)
        XCTAssertEqual(board.manager.feedback?.text, "Files takes only calendars")
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
    }

    func testAnErrorWhileTakingIsANoticeAndTheDataStays() {
        let board = DragDropManagerTests.makeBoard()
        board.focus.externalDropAcceptance = { _ in .accept }
        board.focus.onExternalDrop = { _, position in
            try board.manager.insert([500], into: "focus", at: position, summary: "drop")
        }
        board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 700, y: 20), now: 1)
        XCTAssertEqual(board.manager.notices, ["Focus holds 1 item"])
        XCTAssertEqual(board.ids(board.focus), [20])
    }

    func testPayloadLinesAndExtensions() {
        let p = DropPayload(text: "  a \r\n\n\tb\n", files: ["/x/photo.JPG", "/x/notes.txt", "/x/.hidden", "/x.y/noext"])
        XCTAssertEqual(p.lines, ["a", "b"])
        XCTAssertEqual(p.files(withExtensions: ["jpg"]), ["/x/photo.JPG"])
        XCTAssertEqual(p.files(withoutExtensions: ["jpg", "txt"]), ["/x/.hidden", "/x.y/noext"])
        XCTAssertEqual(DropPayload.fileExtension("/x.y/noext"), "")
        XCTAssertEqual(DropPayload.fileName("/x/notes.txt"), "notes.txt")
        XCTAssertTrue(DropPayload().isEmpty)
        XCTAssertTrue(DropPayload(text: "").isEmpty)
        XCTAssertFalse(DropPayload(files: ["/a"]).isEmpty)
    }
}
