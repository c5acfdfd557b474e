@testable import CollectionKit
import XCTest

/// What the drag-and-drop manager does without being asked: a refusal is drawn (no app has to
/// remember to show ``DragDropManager/feedback``), and a collection added after the focus stops
/// were taken either joins the chain or is refused, never left out without a word.
final class DragDropDefaultsTests: XCTestCase {
    private func texts(_ list: DrawList) -> [String] {
        list.commands.compactMap { if case let .text(run) = $0 { return run.text }; return nil }
    }

    private func refusedDrop() -> DragDropManagerTests.Board {
        let board = DragDropManagerTests.makeBoard()
        // Column b takes nothing from other programs: the drop is refused with a reason.
        board.manager.dropExternal(DropPayload(text: "x"), at: Point(x: 300, y: 50), now: 1)
        XCTAssertEqual(board.manager.feedback?.text, "B takes nothing dropped from another program")
        return board
    }

    func testARefusalIsDrawnByDefault() {
        let board = refusedDrop()
        var list = DrawList()
        board.manager.draw(into: &list, now: 1.1)
        XCTAssertEqual(texts(list), ["B takes nothing dropped from another program"])
        // At the bottom of the collections together (y 0-400), inside them.
        let line = board.manager.resolvedFeedbackFrame
        XCTAssertNotNil(line)
        XCTAssertEqual(line?.maxY ?? 0, 394, accuracy: 0.001)
        XCTAssertEqual(line?.minX ?? 0, 12, accuracy: 0.001)
        // Gone once the feedback expires.
        board.manager.update(now: 60)
        var later = DrawList()
        board.manager.draw(into: &later, now: 60)
        XCTAssertEqual(texts(later), [])
    }

    func testAnAppThatShowsTheFeedbackItselfTurnsTheLineOff() {
        let board = refusedDrop()
        board.manager.drawsFeedback = false
        board.manager.feedbackFrame = Rect(0, 0, 100, 20)
        var list = DrawList()
        board.manager.draw(into: &list, now: 1.1)
        XCTAssertEqual(texts(list), [])
        board.manager.drawsFeedback = true
        var drawn = DrawList()
        board.manager.draw(into: &drawn, now: 1.1)
        XCTAssertEqual(texts(drawn).count, 1)
        XCTAssertEqual(board.manager.resolvedFeedbackFrame, Rect(0, 0, 100, 20))
    }

    func testAddingACollectionAfterTheStopsWereTakenIsAnError() {
        let manager = DragDropManager<AnyHashable>()
        try! manager.add(DragDropManagerTests.collection("a", [0, 1], frame: Rect(0, 0, 200, 400)))
        let chain = FocusChain(manager.focusStops())
        XCTAssertEqual(chain.stops.count, 1)
        XCTAssertThrowsError(try manager.add(DragDropManagerTests.collection("b", [10], frame: Rect(220, 0, 200, 400)))) { error in
            XCTAssertTrue("\(error)".contains("after focusStops() was taken"), "\(error)")
        }
        XCTAssertEqual(manager.collections.map(\.dropName), ["a"], "nothing was added")
    }

    func testACollectionAddedLaterJoinsTheChainAfterTheManagersStops() {
        let manager = DragDropManager<AnyHashable>()
        try! manager.add(DragDropManagerTests.collection("a", [0, 1], frame: Rect(0, 0, 200, 400)))
        let button = Button(name: "add", title: "Add")
        let chain = FocusChain(manager.focusStops() + [button])
        try! manager.add(DragDropManagerTests.collection("b", [10], frame: Rect(220, 0, 200, 400)), updating: chain, now: 0)
        XCTAssertEqual(manager.collections.map(\.dropName), ["a", "b"])
        XCTAssertEqual(chain.stops.map { ($0 as? ContainerFocusStop)?.focusName ?? "button" }, ["a", "b", "button"])
        // Tab from a reaches b.
        XCTAssertEqual((chain.focused as? ContainerFocusStop)?.focusName, "a")
        _ = chain.advance(forward: true, now: 1)
        XCTAssertEqual((chain.focused as? ContainerFocusStop)?.focusName, "b")
        // A taken name is still refused, and the chain is left as it was.
        XCTAssertThrowsError(try manager.add(DragDropManagerTests.collection("b", [11], frame: Rect(0, 0, 1, 1)), updating: chain, now: 2))
        XCTAssertEqual(chain.stops.count, 3)
    }
}
