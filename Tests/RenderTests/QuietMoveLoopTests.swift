import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// The window loop's share of a move that changes nothing: with nothing moving, a move the root
/// absorbs reaches neither `update` nor `handle`, and the frame is not drawn (no draw list, no
/// survey, no present). Counted on the drag list of `drag-list-bench` over the bench's 180 moves.
final class QuietMoveLoopTests: XCTestCase {
    /// A root that counts what the loop asks of the root it wraps.
    final class Counting<Inner: InteractiveRoot>: InteractiveRoot {
        let inner: Inner
        var updates = 0, handled = 0, draws = 0
        init(_ inner: Inner) { self.inner = inner }
        var size: Size { inner.size }
        func handle(_ event: InputEvent, now: Double) { handled += 1; inner.handle(event, now: now) }
        func update(now: Double) { updates += 1; inner.update(now: now) }
        func draw() -> DrawList { draws += 1; return inner.draw() }
        func absorbs(_ event: InputEvent, now: Double) -> Bool { inner.absorbs(event, now: now) }
        func nextDeadline(after now: Double) -> Double? { inner.nextDeadline(after: now) }
        var cursor: Cursor { inner.cursor }
    }

    /// Plays moves (with `pressed`, a press on card 2 first and the moves dragging it) through
    /// the loop's delivery, one event a frame at 60 Hz, a frame drawn unless every event of it
    /// was absorbed with nothing due, as `WindowLoop.run` does.
    private func play(pressed: Bool) -> (root: Counting<GestureFrameWorkTests.DragList>, frames: Int) {
        let root = Counting(GestureFrameWorkTests.DragList())
        var reached = 0.0, due = true, frames = 0
        var events: [InputEvent] = pressed ? [.pointerDown(Point(x: 200, y: 112), .left, [])] : [.pointerMove(Point(x: 200, y: 112), [])]
        for i in 0..<180 {
            events.append(.pointerMove(Point(x: 200, y: Double(112 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8)), []))
        }
        // A first frame, as the window's first.
        root.update(now: 0); _ = root.draw()
        root.updates = 0; root.draws = 0
        due = root.nextDeadline(after: 0).map { $0 <= 0 } ?? false
        for (n, event) in events.enumerated() {
            let now = Double(n + 1) / 60
            if WindowLoop<Counting<GestureFrameWorkTests.DragList>>.deliver([(event, nil)], to: root, now: now, start: 0,
                                                                             reached: &reached, quiet: !due, didReceive: nil) {
                continue
            }
            root.update(now: now)
            _ = root.draw()
            frames += 1
            due = root.nextDeadline(after: now).map { $0 <= now } ?? false
        }
        return (root, frames)
    }

    func testBareMovesOverTheDragListAreNeitherUpdatedNorDrawn() {
        let (root, frames) = play(pressed: false)
        XCTAssertEqual(frames, 0, "no frame for 181 moves that change nothing")
        XCTAssertEqual(root.draws, 0, "no draw list")
        XCTAssertEqual(root.updates, 0, "no update of the views over their visible items")
        XCTAssertEqual(root.handled, 0, "absorbed, not handled")
        XCTAssertEqual(root.inner.manager.pointer, Point(x: 200, y: 120), "the pointer noted where the last move left it")
    }

    func testTheSameMovesDraggingACardAreAllHandledAndDrawn() {
        let (root, frames) = play(pressed: true)
        XCTAssertEqual(root.handled, 181, "the press and every move of the drag")
        XCTAssertEqual(frames, 181)
        XCTAssertEqual(root.draws, 181)
    }

    /// With something moving (a frame due) the loop offers nothing to absorb: every event is handled.
    func testNothingIsAbsorbedWhileSomethingMoves() {
        let root = Counting(GestureFrameWorkTests.DragList())
        var reached = 0.0
        let absorbed = WindowLoop<Counting<GestureFrameWorkTests.DragList>>.deliver(
            [(.pointerMove(Point(x: 200, y: 112), []), nil), (.pointerMove(Point(x: 200, y: 120), []), nil)],
            to: root, now: 0.1, start: 0, reached: &reached, quiet: false, didReceive: nil)
        XCTAssertFalse(absorbed)
        XCTAssertEqual(root.handled, 2)
        XCTAssertEqual(root.updates, 2, "each event at its moment")
    }
}
