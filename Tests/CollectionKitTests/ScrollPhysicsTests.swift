@testable import CollectionKit
import Foundation
import XCTest

/// Scroll physics on the virtual clock: deceleration, rubber band, bounce, and the same end state
/// at any frame rate.
final class ScrollPhysicsTests: XCTestCase {
    /// A vertical scroll view 400 tall over 100,000 points of content.
    private func physics(offsetY: Double = 5000) -> ScrollPhysics {
        var p = ScrollPhysics()
        p.boundsSize = Size(400, 400)
        p.contentSize = Size(400, 100_000)
        p.jump(to: Point(0, offsetY))
        return p
    }

    /// Drags the pointer from y0 to y1 over `ms` with a sample every 10 ms, and releases.
    private func drag(_ p: inout ScrollPhysics, from y0: Double, to y1: Double, ms: Double, start: Double = 0) -> Point {
        p.beginPan(at: Point(200, y0), now: start)
        let steps = Int(ms / 10)
        for i in 1...steps {
            p.panMoved(to: Point(200, lerp(y0, y1, Double(i) / Double(steps))), now: start + Double(i) * 0.01)
        }
        return p.endPan(at: Point(200, y1), now: start + ms / 1000)
    }

    func testReleaseVelocityIsThePointersOverTheLastSamples() {
        var p = physics()
        let v = drag(&p, from: 300, to: 100, ms: 100)
        XCTAssertEqual(v.y, 2000, accuracy: 1, "200 points in 100 ms, content moving down the page")
        XCTAssertEqual(v.x, 0)
        XCTAssertEqual(p.offset.y, 5200, accuracy: 1e-9, "the content followed the pointer")
    }

    func testDecelerationLosesTwoTenthsOfAPercentOfItsSpeedEveryMillisecond() {
        var p = physics()
        let release = 0.1
        let v = drag(&p, from: 300, to: 100, ms: 100).y
        let k = 1000 * log(0.998)
        for t in [0.001, 0.05, 0.25, 1.0] {
            p.update(now: release + t)
            let expected = 5200 + v / k * (exp(k * t) - 1)
            XCTAssertEqual(p.offset.y, expected, accuracy: 1e-6, "offset \(t) s after release")
            let speedNow = p.currentVelocity(now: release + t).y
            let speedLater = p.currentVelocity(now: release + t + 0.001).y
            XCTAssertEqual(speedLater / speedNow, 0.998, accuracy: 1e-9, "speed ratio per millisecond")
        }
        // It comes to rest where the projection said: v / |k| beyond the release point.
        p.update(now: 10)
        XCTAssertFalse(p.isMoving)
        XCTAssertEqual(p.offset.y, 5200 + v / -k, accuracy: 3, "rests near 5200 + 999")
        XCTAssertEqual(p.offset.y, Deceleration.project(5200, velocity: v), accuracy: 3)
    }

    func testFastRateStopsSooner() {
        var normal = physics(), fast = physics()
        fast.decelerationRate = Deceleration.fastRate
        _ = drag(&normal, from: 300, to: 100, ms: 100)
        _ = drag(&fast, from: 300, to: 100, ms: 100)
        normal.update(now: 10); fast.update(now: 10)
        XCTAssertEqual(fast.offset.y - 5200, 2000 / -(1000 * log(0.99)), accuracy: 3)
        XCTAssertLessThan(fast.offset.y, normal.offset.y - 700)
    }

    func testRubberBandWhileDraggingPastTheTopAndBounceBack() {
        var p = physics(offsetY: 0)
        p.beginPan(at: Point(200, 100), now: 0)
        var previous = 0.0
        for i in 1...20 {
            // Pull the content down by 10 points a step: 200 points past the top in all.
            p.panMoved(to: Point(200, 100 + Double(i) * 10), now: Double(i) * 0.01)
            XCTAssertLessThan(p.offset.y, previous, "keeps following, less and less")
            XCTAssertGreaterThan(p.offset.y, -Double(i) * 10 * 0.55, "moves at most 0.55 as far as the pointer")
            previous = p.offset.y
        }
        // iOS's formula: (1 − 1 / (x · 0.55 / d + 1)) · d for x = 200 past the edge of a 400 view.
        XCTAssertEqual(p.offset.y, -(1 - 1 / (200 * 0.55 / 400 + 1)) * 400, accuracy: 1e-9)
        // Held still, then released: it springs back to the top and stays there.
        p.panMoved(to: Point(200, 300), now: 0.5)
        p.endPan(at: Point(200, 300), now: 0.5)
        p.update(now: 0.6)
        XCTAssertLessThan(p.offset.y, 0)
        XCTAssertGreaterThan(p.offset.y, -86, "on its way back")
        p.update(now: 3)
        XCTAssertEqual(p.offset.y, 0)
        XCTAssertTrue(p.isIdle)
    }

    func testRubberBandPastTheBottomToo() {
        var p = physics(offsetY: 99_600)
        p.beginPan(at: Point(200, 300), now: 0)
        p.panMoved(to: Point(200, 100), now: 0.1)
        XCTAssertEqual(p.offset.y - 99_600, (1 - 1 / (200 * 0.55 / 400 + 1)) * 400, accuracy: 1e-9)
    }

    func testAFlingIntoTheTopOvershootsThenSettlesThere() {
        var p = physics(offsetY: 300)
        // Content moving toward the top at 3000 points per second.
        _ = drag(&p, from: 100, to: 400, ms: 100)
        XCTAssertEqual(p.offset.y, 0, accuracy: 1e-9)
        var lowest = 0.0
        for i in 1...200 {
            p.update(now: 0.1 + Double(i) * 0.01)
            lowest = min(lowest, p.offset.y)
        }
        XCTAssertLessThan(lowest, -5, "it carries past the top")
        XCTAssertEqual(p.offset.y, 0, "and comes back to rest exactly on it")
    }

    func testWheelMovesAtOnceAndCoastsAfterAFastStream() {
        var p = physics(offsetY: 1000)
        p.wheel(dx: 0, dy: -1, now: 0)
        XCTAssertEqual(p.offset.y, 1048, "one notch scrolls one line down at once")
        p.update(now: 1)
        XCTAssertEqual(p.offset.y, 1048, "a single notch does not coast")
        for i in 0..<10 { p.wheel(dx: 0, dy: -0.5, now: 2 + Double(i) * 0.01) }
        XCTAssertEqual(p.offset.y, 1048 + 240, accuracy: 1e-9)
        p.update(now: 2.09 + ScrollPhysics.wheelIdleDelay + 0.2)
        XCTAssertGreaterThan(p.offset.y, 1300, "a fast stream coasts once the wheel goes quiet")
    }

    func testAFastSpunMouseWheelStopsWhereItsNotchesPutTheContent() {
        var p = physics(offsetY: 1000)
        for i in 0..<6 { p.wheel(dx: 0, dy: -1, now: Double(i) * 0.02) }
        XCTAssertEqual(p.offset.y, 1000 + 6 * 48)
        p.update(now: 2)
        XCTAssertEqual(p.offset.y, 1000 + 6 * 48, "whole notches never coast")
    }


}

/// A wheel turned while a pan holds the content.
final class ScrollPhysicsPanWheelTests: XCTestCase {
    private func physics() -> ScrollPhysics {
        var p = ScrollPhysics()
        p.boundsSize = Size(400, 400)
        p.contentSize = Size(400, 10_000)
        p.jump(to: Point(0, 1000))
        return p
    }

    func testTheWheelMovesTheHeldContentAndThePanCarriesOnFromThere() {
        var p = physics()
        p.beginPan(at: Point(200, 300), now: 0)
        p.panMoved(to: Point(200, 200), now: 0.1)
        p.wheel(dx: 0, dy: -2, now: 0.1)
        XCTAssertEqual(p.offset.y, 1196, "100 points of pan and two lines of wheel")
        XCTAssertNil(p.nextDeadline(after: 0.1), "no wheel burst waits to end: the pan holds the content")
        p.panMoved(to: Point(200, 190), now: 0.2)
        XCTAssertEqual(p.offset.y, 1206, "the pan goes on from where the wheel put the content")
        p.endPan(at: Point(200, 190), now: 0.3)
        p.update(now: 5)
        XCTAssertTrue(p.isIdle)
        XCTAssertEqual(p.offset.y, 1206, accuracy: 0.5, "a slow release does not coast, and no burst starts later")
    }

    func testTheEndOfAFlingIsTheSameWhateverTheFramesAfterAWheelMidPan() {
        func end(frameStep: Double) -> Double {
            var p = physics()
            p.beginPan(at: Point(200, 300), now: 0)
            for i in 1...10 { p.panMoved(to: Point(200, 300 - 10 * Double(i)), now: 0.01 * Double(i)) }
            p.wheel(dx: 0, dy: -2.5, now: 0.1)
            p.endPan(at: Point(200, 200), now: 0.1)
            var t = 0.1
            while t < 4 { t += frameStep; p.update(now: t) }
            return p.offset.y
        }
        let at30 = end(frameStep: 1 / 30.0)
        XCTAssertEqual(end(frameStep: 1 / 60.0), at30, accuracy: 1)
        XCTAssertEqual(end(frameStep: 1 / 144.0), at30, accuracy: 1)
        XCTAssertGreaterThan(at30, 1100 + 120 + 100, "the fling coasts on from the wheel's place")
    }

    func testAWheelTowardTheStartStopsAtTheTopOrWhereThePanPulledPastIt() {
        var p = physics()
        p.jump(to: Point(0, 50))
        p.beginPan(at: Point(200, 100), now: 0)
        p.panMoved(to: Point(200, 130), now: 0.1)
        p.wheel(dx: 0, dy: 3, now: 0.1)
        XCTAssertEqual(p.offset.y, 0, "two lines would go past the top: the wheel stops there")
        p.panMoved(to: Point(200, 200), now: 0.2)
        XCTAssertLessThan(p.offset.y, 0, "pulled past the top, rubber-banded")
        let pulled = p.offset.y
        p.wheel(dx: 0, dy: 3, now: 0.2)
        XCTAssertEqual(p.offset.y, pulled, "already past the top: the wheel pulls it no further")
    }
}

/// The velocity tracker's memory and cost per sample are bounded whatever arrives at once.
final class VelocityTrackerBoundTests: XCTestCase {
    func testSamplesAtOneMomentAreBoundedAndCostConstantTime() {
        var tracker = VelocityTracker()
        for i in 0..<200_000 { tracker.add(Point(x: 0, y: Double(i)), at: 1) }
        // The work is counted, not timed: an estimate looks at most at the samples kept, and those
        // are bounded however many arrive.
        XCTAssertEqual(tracker.count, VelocityTracker.sampleLimit, "the newest samples only")
        XCTAssertEqual(tracker.velocity(at: 1), .zero, "no time between them: no velocity")
    }

    func testTheEstimateIsTheSameAfterOldSamplesAreDropped() {
        // A steady 300 points a second at 120 samples a second, for ten seconds: old samples go,
        // the estimate stays the slope.
        var tracker = VelocityTracker()
        for i in 0...1200 { tracker.add(Point(x: 0, y: 300 * Double(i) / 120), at: Double(i) / 120) }
        XCTAssertLessThanOrEqual(tracker.count, 26)
        XCTAssertEqual(tracker.velocity(at: 10).y, 300, accuracy: 1e-6)
        tracker.reset()
        XCTAssertEqual(tracker.count, 0)
    }
}
