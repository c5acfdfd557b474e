@testable import CollectionKit
import XCTest

final class PressRecognizerTests: XCTestCase {
    func testHoldingStillFiresAtTheDeadlineNotAtTheFrameThatNoticed() {
        var r = PressRecognizer()
        r.down(at: Point(100, 100), now: 1.0)
        XCTAssertEqual(r.advance(to: 1.29), .none, "too early")
        XCTAssertTrue(r.isPressed)
        XCTAssertEqual(r.advance(to: 1.333), .longPress(at: Point(100, 100), time: 1.3))
        XCTAssertTrue(r.isLongPressed)
        XCTAssertEqual(r.advance(to: 2), .none, "fires once")
    }

    func testWanderingWithinToleranceStillLongPresses() {
        var r = PressRecognizer(minimumDuration: 0.3, tolerance: 6)
        r.down(at: Point(100, 100), now: 0)
        XCTAssertEqual(r.moved(to: Point(104, 104), now: 0.1), .none, "5.7 points is within 6")
        XCTAssertEqual(r.moved(to: Point(100, 94), now: 0.2), .none, "exactly 6 is still within")
        XCTAssertEqual(r.advance(to: 0.3), .longPress(at: Point(100, 100), time: 0.3))
        XCTAssertEqual(r.moved(to: Point(300, 300), now: 0.4), .none, "after a long press, moving is the drag's business")
    }

    func testMovingEarlierIsAPanFromWhereThePressStarted() {
        var r = PressRecognizer()
        r.down(at: Point(50, 50), now: 0)
        XCTAssertEqual(r.moved(to: Point(50, 57), now: 0.29), .pan(start: Point(50, 50)))
        XCTAssertTrue(r.isPanning)
        XCTAssertEqual(r.advance(to: 1), .none, "a pan never becomes a long press")
    }

    func testAMoveDueAfterTheDeadlineLosesToTheLongPressWhenAdvancedFirst() {
        var r = PressRecognizer()
        r.down(at: Point(0, 0), now: 0)
        // The caller advances before handling a move: a move arriving late still finds the long press.
        XCTAssertEqual(r.advance(to: 0.5), .longPress(at: .zero, time: 0.3))
        XCTAssertEqual(r.moved(to: Point(40, 0), now: 0.5), .none)
    }

    func testRefusedLongPressCanStillPanAndDoesNotRefire() {
        var r = PressRecognizer()
        r.down(at: Point(10, 10), now: 0)
        XCTAssertEqual(r.advance(to: 0.3), .longPress(at: Point(10, 10), time: 0.3))
        r.refuseLongPress()
        XCTAssertEqual(r.advance(to: 5), .none)
        XCTAssertEqual(r.moved(to: Point(10, 30), now: 5.1), .pan(start: Point(10, 10)))
    }

    func testResetForgetsThePress() {
        var r = PressRecognizer()
        r.down(at: Point(10, 10), now: 0)
        r.reset()
        XCTAssertEqual(r.advance(to: 1), .none)
        XCTAssertEqual(r.moved(to: Point(100, 100), now: 1), .none)
        XCTAssertEqual(r.phase, .idle)
    }
}
