import CollectionKit
import XCTest

final class ScrollPanTests: XCTestCase {
    private func physics() -> ScrollPhysics {
        var p = ScrollPhysics()
        p.boundsSize = Size(200, 200)
        p.contentSize = Size(200, 10_000)
        return p
    }

    func testAPressThatStaysWithinToleranceIsAClick() {
        var physics = physics()
        var pan = ScrollPan(tolerance: 4)
        pan.down(at: Point(50, 50), now: 0, physics: &physics)
        pan.moved(to: Point(53, 50), now: 0.05, physics: &physics)
        XCTAssertFalse(pan.isPanning)
        XCTAssertTrue(pan.up(at: Point(53, 50), now: 0.1, physics: &physics))
        XCTAssertEqual(physics.offset, .zero)
        XCTAssertFalse(pan.isActive)
    }

    func testLeavingTheToleranceDragsTheContentFromThePressPoint() {
        var physics = physics()
        var pan = ScrollPan(tolerance: 4)
        pan.down(at: Point(50, 150), now: 0, physics: &physics)
        pan.moved(to: Point(50, 100), now: 0.5, physics: &physics)
        XCTAssertTrue(pan.isPanning)
        XCTAssertEqual(physics.offset.y, 50, "the content follows from where the press went down, not from the slop edge")
        XCTAssertFalse(pan.up(at: Point(50, 100), now: 1.0, physics: &physics), "a pan is not a click")
    }

    func testCancelEndsAPanWithoutAFling() {
        var physics = physics()
        var pan = ScrollPan(tolerance: 4)
        pan.down(at: Point(50, 150), now: 0, physics: &physics)
        pan.moved(to: Point(50, 140), now: 0.01, physics: &physics)
        pan.moved(to: Point(50, 50), now: 0.02, physics: &physics)
        pan.cancel(now: 0.02, physics: &physics)
        physics.update(now: 2)
        XCTAssertEqual(physics.offset.y, 100, accuracy: 1e-9, "no momentum after a cancel")
    }


}

