@testable import CollectionKitSDL
import CollectionKit
import XCTest

/// The window loop folds the hover moves of one batch into the last; moves with a button held,
/// and every other event, stay as they came.
final class HoverCoalescingTests: XCTestCase {
    private func move(_ x: Double, _ m: Modifiers = []) -> (event: InputEvent, time: Double?) {
        (.pointerMove(Point(x: x, y: 10), m), x / 1000)
    }

    private func xs(_ events: [(event: InputEvent, time: Double?)]) -> [String] {
        events.map {
            switch $0.event {
            case let .pointerMove(p, m): return m.isEmpty ? "move \(Int(p.x))" : "move \(Int(p.x)) \(m.rawValue)"
            case let .pointerDown(p, _, _): return "down \(Int(p.x))"
            case let .pointerUp(p, _, _): return "up \(Int(p.x))"
            case .wheel: return "wheel"
            default: return "other"
            }
        }
    }

    func testARunOfHoverMovesBecomesItsLast() {
        var c = HoverCoalescing()
        let out = c.coalesce([move(1), move(2), move(3), (.wheel(dx: 0, dy: -1), nil), move(4), move(5)])
        XCTAssertEqual(xs(out), ["move 3", "wheel", "move 5"])
        XCTAssertEqual(out.first?.time, 0.003, "the last move keeps its own time")
        XCTAssertEqual(xs(c.coalesce([move(6)])), ["move 6"])
        XCTAssertEqual(xs(c.coalesce([])), [])
    }

    func testMovesWithAButtonHeldAllStayAcrossBatches() {
        var c = HoverCoalescing()
        let down: (event: InputEvent, time: Double?) = (.pointerDown(Point(x: 2, y: 10), .left, []), nil)
        let up: (event: InputEvent, time: Double?) = (.pointerUp(Point(x: 9, y: 10), .left, []), nil)
        XCTAssertEqual(xs(c.coalesce([move(1), move(2), down, move(3), move(4)])), ["move 2", "down 2", "move 3", "move 4"])
        XCTAssertEqual(c.buttonsHeld, 1)
        XCTAssertEqual(xs(c.coalesce([move(5), move(6), up, move(7), move(8)])), ["move 5", "move 6", "up 9", "move 8"],
                       "held from the last batch; hovering again after the release")
        XCTAssertEqual(xs(c.coalesce([up, move(9), move(10)])), ["up 9", "move 10"], "a stray release holds nothing")
    }

    func testMovesWithOtherModifiersAreNotFoldedTogether() {
        var c = HoverCoalescing()
        XCTAssertEqual(xs(c.coalesce([move(1), move(2, .shift), move(3, .shift), move(4)])), ["move 1", "move 3 1", "move 4"])
    }
}
