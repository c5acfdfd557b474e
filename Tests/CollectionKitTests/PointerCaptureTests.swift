import CollectionKit
import XCTest

/// The region a press lands on holds the pointer until the release, as Dear ImGui's active item.
final class PointerCaptureTests: XCTestCase {
    private enum Region { case bar, content }
    private func hit(_ p: Point) -> Region? { p.y < 0 ? nil : p.y < 40 ? .bar : .content }

    func testWithNothingPressedEventsGoToTheRegionUnderThePointer() {
        var c = PointerCapture<Region>()
        XCTAssertNil(c.position)
        XCTAssertEqual(c.route(.pointerMove(Point(10, 10), []), hitTest: hit), .bar)
        XCTAssertEqual(c.route(.pointerMove(Point(10, 100), []), hitTest: hit), .content)
        XCTAssertNil(c.route(.pointerMove(Point(10, -5), []), hitTest: hit), "nothing there")
        XCTAssertFalse(c.isHeld)
        XCTAssertEqual(c.position, Point(10, -5))
    }

    func testThePressedRegionKeepsMovesAndTheReleaseWhereverThePointerGoes() {
        var c = PointerCapture<Region>()
        XCTAssertEqual(c.route(.pointerDown(Point(10, 100), .left, []), hitTest: hit), .content)
        XCTAssertEqual(c.holder, .content)
        XCTAssertEqual(c.route(.pointerMove(Point(10, 10), []), hitTest: hit), .content, "over the bar, still the content's")
        XCTAssertEqual(c.route(.pointerMove(Point(10, -300), []), hitTest: hit), .content, "outside the window too")
        XCTAssertEqual(c.route(.pointerDown(Point(10, 10), .right, []), hitTest: hit), .content, "a second button joins the hold")
        XCTAssertEqual(c.route(.pointerUp(Point(10, 10), .left, []), hitTest: hit), .content, "the release ends there")
        XCTAssertFalse(c.isHeld)
        XCTAssertEqual(c.route(.pointerMove(Point(10, 12), []), hitTest: hit), .bar, "and then the pointer is free")
    }

    func testTheHitTestRunsOnlyWhenNothingHolds() {
        var c = PointerCapture<Region>()
        var tests = 0
        let counting: (Point) -> Region? = { tests += 1; return self.hit($0) }
        _ = c.route(.pointerDown(Point(10, 10), .left, []), hitTest: counting)
        for y in stride(from: 0.0, to: 500, by: 50) { _ = c.route(.pointerMove(Point(10, y), []), hitTest: counting) }
        _ = c.route(.pointerUp(Point(10, 450), .left, []), hitTest: counting)
        XCTAssertEqual(tests, 1)
    }

    func testLeavingTheWindowAndLosingFocus() {
        var c = PointerCapture<Region>()
        _ = c.route(.pointerMove(Point(10, 100), []), hitTest: hit)
        XCTAssertNil(c.route(.pointerExited, hitTest: hit), "nothing is under a pointer that left")
        XCTAssertNil(c.position)
        _ = c.route(.pointerDown(Point(10, 100), .left, []), hitTest: hit)
        XCTAssertEqual(c.route(.pointerExited, hitTest: hit), .content, "a held pointer stays its holder's")
        XCTAssertEqual(c.position, Point(10, 100))
        XCTAssertNil(c.route(.focus(gained: false), hitTest: hit))
        XCTAssertFalse(c.isHeld, "the release may never come: focus loss ends the hold")
        XCTAssertNil(c.route(.wheel(dx: 0, dy: 1), hitTest: hit), "wheel and keys are not the capture's")
        XCTAssertNil(c.route(.key(.escape, []), hitTest: hit))
    }
}
