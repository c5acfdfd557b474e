@testable import CollectionKit
import XCTest

final class AutoScrollerTests: XCTestCase {
    let viewport = Rect(0, 44, 1280, 756)

    func testSpeedGrowsWithDepthAndTimeHeldThenLevelsOff() {
        let a = AutoScroller()
        XCTAssertEqual(a.speed(depth: 0, held: 0), a.minSpeed)
        XCTAssertEqual(a.speed(depth: 1, held: 0), a.maxSpeed)
        var last = 0.0
        for d in stride(from: 0.0, through: 1.0, by: 0.1) {
            let s = a.speed(depth: d, held: 0)
            XCTAssertGreaterThan(s, last, "deeper is faster")
            last = s
        }
        XCTAssertEqual(a.speed(depth: 0.5, held: a.rampTime), a.speed(depth: 0.5, held: 0) * (1 + a.rampFactor), accuracy: 1e-9)
        XCTAssertEqual(a.speed(depth: 0.5, held: 10), a.speed(depth: 0.5, held: a.rampTime), "the ramp levels off")
        XCTAssertGreaterThan(a.speed(depth: 0.5, held: 0.75), a.speed(depth: 0.5, held: 0.25))
        XCTAssertEqual(a.speed(depth: 3, held: 0), a.maxSpeed, "past the edge counts as full depth")
    }

    func testDistanceIsTheIntegralOfTheSpeedWhateverTheStep() {
        let a = AutoScroller()
        // A fine Riemann sum of the speed curve agrees with the closed form across the ramp's knee.
        var sum = 0.0
        let dt = 1e-4
        var t = 0.0
        while t < 3 { sum += a.speed(depth: 0.7, held: t + dt / 2) * dt; t += dt }
        XCTAssertEqual(a.distance(depth: 0.7, from: 0, to: 3), sum, accuracy: 0.01)
        // Split at any points, the pieces add up to the whole.
        for steps in [1, 7, 30, 144, 433] {
            var total = 0.0
            for i in 0..<steps { total += a.distance(depth: 0.7, from: 3 * Double(i) / Double(steps), to: 3 * Double(i + 1) / Double(steps)) }
            XCTAssertEqual(total, sum, accuracy: 0.01, "\(steps) steps")
        }
    }

    func testZonesAtBothEdgesOfEitherAxis() {
        var a = AutoScroller()
        let zone = a.zoneLength(viewport: viewport, axis: .vertical)
        XCTAssertEqual(zone, 90, "15% of 756 clamped to 90")
        a.track(pointer: Point(600, 400), viewport: viewport, axis: .vertical, now: 0)
        XCTAssertEqual(a.direction, 0)
        a.track(pointer: Point(600, 800 - 45), viewport: viewport, axis: .vertical, now: 0)
        XCTAssertEqual(a.direction, 1); XCTAssertEqual(a.depth, 0.5, accuracy: 1e-9)
        a.track(pointer: Point(600, 44 + 9), viewport: viewport, axis: .vertical, now: 0)
        XCTAssertEqual(a.direction, -1); XCTAssertEqual(a.depth, 0.9, accuracy: 1e-9)
        a.track(pointer: Point(600, 20), viewport: viewport, axis: .vertical, now: 0)
        XCTAssertEqual(a.depth, 1, "above the viewport is full depth")
        a.track(pointer: Point(1279, 400), viewport: viewport, axis: .horizontal, now: 0)
        XCTAssertEqual(a.direction, 1)
        a.track(pointer: Point(3, 400), viewport: viewport, axis: .horizontal, now: 0)
        XCTAssertEqual(a.direction, -1)
        a.track(pointer: Point(600, 799), viewport: viewport, axis: .horizontal, now: 0)
        XCTAssertEqual(a.direction, 0, "the vertical edges do nothing for a horizontal scroll")
    }

    func testAdvanceKeepsGoingAndStopsAtTheEnds() {
        var a = AutoScroller()
        a.track(pointer: Point(600, 400), viewport: viewport, axis: .vertical, now: 0)
        a.track(pointer: Point(600, 799), viewport: viewport, axis: .vertical, now: 0)
        var offset = 0.0
        var t = 0.0
        while t < 10 { t += 1.0 / 60; offset = a.advance(offset: offset, range: 0...5000, to: t) }
        XCTAssertEqual(offset, 5000, "held long enough it reaches the end and stays there")
        a.track(pointer: Point(600, 45), viewport: viewport, axis: .vertical, now: t)
        let back = a.advance(offset: offset, range: 0...5000, to: t + 0.5)
        XCTAssertLessThan(back, 5000, "the top zone scrolls back")
        XCTAssertEqual(a.advance(offset: 3, range: 0...5000, to: t + 5), 0, "and stops at the start")
    }

    func testEnteringAnotherZoneRestartsTheRamp() {
        var a = AutoScroller()
        a.track(pointer: Point(600, 400), viewport: viewport, axis: .vertical, now: 0)
        a.track(pointer: Point(600, 799), viewport: viewport, axis: .vertical, now: 0)
        _ = a.advance(offset: 1000, range: 0...5000, to: 2)
        a.track(pointer: Point(600, 45), viewport: viewport, axis: .vertical, now: 2)
        XCTAssertEqual(a.zoneEntered, 2)
        a.track(pointer: Point(600, 400), viewport: viewport, axis: .vertical, now: 3)
        XCTAssertFalse(a.isActive)
        XCTAssertEqual(a.advance(offset: 1000, range: 0...5000, to: 4), 1000, "outside the zones nothing moves")
    }

    func testADragThatBeginsInAZoneWaitsForThePointerToMove() {
        var a = AutoScroller()
        a.track(pointer: Point(600, 780), viewport: viewport, axis: .vertical, now: 0)
        XCTAssertFalse(a.isActive, "lifted inside the bottom zone: nothing scrolls yet")
        XCTAssertEqual(a.advance(offset: 100, range: 0...5000, to: 1), 100)
        a.track(pointer: Point(600, 775), viewport: viewport, axis: .vertical, now: 1)
        XCTAssertFalse(a.isActive, "five points of jitter do not arm it")
        a.track(pointer: Point(600, 795), viewport: viewport, axis: .vertical, now: 2)
        XCTAssertTrue(a.isActive, "moving on, deeper into the zone, does")
        XCTAssertEqual(a.zoneEntered, 2, "and the ramp starts from then")
        XCTAssertGreaterThan(a.advance(offset: 100, range: 0...5000, to: 2.5), 100)
        a.reset()
        a.track(pointer: Point(600, 790), viewport: viewport, axis: .vertical, now: 3)
        XCTAssertFalse(a.isActive, "a new drag must move again")
    }
}
