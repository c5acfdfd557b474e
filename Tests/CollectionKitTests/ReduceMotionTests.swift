@testable import CollectionKit
import XCTest

/// `Appearance.reducesMotion`: every animation reaches its end in the frame that starts it, and
/// ends where it would have ended with motion.
final class ReduceMotionTests: XCTestCase {
    override func tearDown() {
        Appearance.reducesMotion = false
        super.tearDown()
    }

    /// A 400x400 scroller over 400 x 100,000 points, paged every 400 points.
    private func pagedPhysics() -> ScrollPhysics {
        var p = ScrollPhysics()
        p.boundsSize = Size(400, 400)
        p.contentSize = Size(400, 100_000)
        p.jump(to: Point(0, 4000))
        p.targetDecision = { proposed, _, _ in Point(0, (proposed.y / 400).rounded() * 400) }
        return p
    }

    /// A flick of 150 points in 50 ms, released at 0.05 s; the offset one frame later.
    private func pageFlick(_ p: inout ScrollPhysics) -> Double {
        p.beginPan(at: Point(200, 300), now: 0)
        for i in 1...5 { p.panMoved(to: Point(200, 300 - 30 * Double(i)), now: Double(i) * 0.01) }
        _ = p.endPan(at: Point(200, 150), now: 0.05)
        p.update(now: 0.05 + 1.0 / 60)
        return p.offset.y
    }

    func testAPageChangeLandsInTheNextFrameOnThePageItWouldHaveReached() {
        var animated = pagedPhysics()
        let firstFrame = pageFlick(&animated)
        XCTAssertNotEqual(firstFrame.truncatingRemainder(dividingBy: 400), 0, "with motion, the page is still moving a frame later")
        animated.update(now: 10)
        let animatedEnd = animated.offset.y

        Appearance.reducesMotion = true
        var reduced = pagedPhysics()
        XCTAssertEqual(pageFlick(&reduced), animatedEnd, "the same page, in the next frame")
        XCTAssertNil(reduced.nextDeadline(after: 0.05 + 1.0 / 60), "nothing left to animate")
    }

    func testAnAnimatedScrollAndABounceEndAtOnce() {
        Appearance.reducesMotion = true
        var p = pagedPhysics()
        p.targetDecision = nil
        p.setOffset(Point(0, 9000), animated: true, now: 1)
        XCTAssertEqual(p.offset.y, 9000)
        XCTAssertNil(p.nextDeadline(after: 1))
        // A spring (the bounce back from past the top) is at rest on its target at once.
        let bounce = SpringMotion(spring: .standard, from: -80, velocity: -500, target: 0)
        XCTAssertEqual(bounce.state(at: 0).position, 0)
        XCTAssertTrue(bounce.isSettled(at: 0))
    }

    func testALandingFlightAndTheLiftAreAtTheirEndAtOnce() {
        let snapshot = TextureRecording(key: "item", size: Size(100, 50), commands: [])
        let flight = SnapshotFlight(itemID: "a", snapshot: snapshot, from: Rect(0, 0, 100, 50), start: 2)
        let slot = Rect(300, 200, 100, 50)
        XCTAssertNotEqual(flight.frame(at: 2, to: slot), slot, "with motion, the flight starts where it was let go")
        let session = DragSession(itemID: "a", snapshot: snapshot, liftFrame: Rect(0, 0, 100, 50),
                                  grabPoint: Point(10, 10), pointer: Point(10, 10), now: 2)
        XCTAssertEqual(session.scale(at: 2), 1)

        Appearance.reducesMotion = true
        XCTAssertEqual(flight.frame(at: 2, to: slot), slot)
        XCTAssertTrue(flight.isFinished(at: 2))
        XCTAssertNil(flight.nextDeadline(after: 2))
        XCTAssertEqual(session.scale(at: 2), DragSession.liftScale)
        XCTAssertNil(session.nextDeadline(after: 2))
    }

    func testARectAnimationIsAtItsEndAtItsStart() {
        let a = RectAnimation(from: Rect(0, 0, 10, 10), to: Rect(100, 0, 10, 10), start: 5)
        XCTAssertEqual(a.value(at: 5), Rect(0, 0, 10, 10))
        Appearance.reducesMotion = true
        XCTAssertEqual(a.value(at: 5), Rect(100, 0, 10, 10))
        XCTAssertTrue(a.isFinished(at: 5))
    }

    func testARefusalDoesNotShake() {
        XCTAssertNotEqual(ItemFeedback.shakeOffset(start: 0, now: 0.05), 0)
        Appearance.reducesMotion = true
        XCTAssertEqual(ItemFeedback.shakeOffset(start: 0, now: 0.05), 0)
    }

    func testTheColorSchemeIsDarkUntilAnAppSetsIt() {
        XCTAssertEqual(Appearance.colorScheme, .dark)
        Appearance.colorScheme = .light
        XCTAssertEqual(Appearance.colorScheme, .light)
        Appearance.colorScheme = .dark
        XCTAssertEqual(Appearance.colorScheme, .dark)
    }
}
