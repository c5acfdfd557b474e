import XCTest
@testable import CollectionKit

/// The auto-scroll speed cap: one viewport length a second, lifted only by holding at the very edge.
final class AutoScrollCapTests: XCTestCase {
    /// 700 points tall: the zone is 90 points (15% clamped), a page is 700 points.
    let viewport = Rect(0, 0, 400, 700)

    /// Arms the scroller (the pointer moves away from where the drag began), then holds at `y`.
    private func held(at y: Double) -> AutoScroller {
        var a = AutoScroller()
        a.track(pointer: Point(200, 300), viewport: viewport, axis: .vertical, now: 0)
        a.track(pointer: Point(200, y), viewport: viewport, axis: .vertical, now: 0)
        return a
    }

    /// Offset after holding for `seconds` at `fps` frames a second.
    private func offset(_ a: AutoScroller, seconds: Double, fps: Double) -> Double {
        var a = a
        var offset = 0.0
        for i in 1...Int(seconds * fps) { offset = a.advance(offset: offset, range: 0...1e9, to: Double(i) / fps) }
        return offset
    }

    func testHalfwayIntoTheZoneIsCappedAtAPageASecond() {
        let a = held(at: 655)   // depth 0.5
        XCTAssertEqual(a.depth, 0.5)
        // 487.5 points/s growing with the ramp until it meets the 700 points/s cap at 0.327 s.
        for fps in [30.0, 60, 144] {
            XCTAssertEqual(offset(a, seconds: 1, fps: fps), 665.264, accuracy: 0.01, "\(fps) fps")
        }
        XCTAssertEqual(a.speed(depth: 0.5, held: 5), 700, "no faster than a page a second however long it is held")
        XCTAssertEqual(a.rawSpeed(depth: 0.5, held: 5), 1462.5, "the uncapped curve would be twice that")
    }

    func testTheVeryEdgeLiftsTheCapAfterAWhile() {
        let a = held(at: 760)   // past the bottom edge: a captured pointer outside the window
        XCTAssertEqual(a.depth, 1)
        XCTAssertEqual(a.edgeEntered, 0)
        // 700 points/s for the first 1.5 s (1050), rising to 2100 over the next 1.5 s (2100), then 2100 points/s.
        for fps in [30.0, 60, 144] {
            XCTAssertEqual(offset(a, seconds: 1.5, fps: fps), 1050, accuracy: 0.01, "\(fps) fps")
            XCTAssertEqual(offset(a, seconds: 3, fps: fps), 3150, accuracy: 0.01, "\(fps) fps")
            XCTAssertEqual(offset(a, seconds: 5, fps: fps), 7350, accuracy: 0.01, "\(fps) fps")
        }
    }

    func testJustShortOfTheEdgeNeverBoosts() {
        let a = held(at: 699)   // depth 0.989
        XCTAssertNil(a.edgeEntered)
        XCTAssertEqual(offset(a, seconds: 10, fps: 60), 7000, accuracy: 0.01, "ten seconds at a page a second")
    }

    func testLeavingTheEdgeRestartsTheBoostWait() {
        var a = held(at: 760)
        var offset = a.advance(offset: 0, range: 0...1e9, to: 2)        // 1.5 s capped, 0.5 s boosting
        XCTAssertEqual(offset, 1050 + 0.5 * (700 + 700 + 1400.0 / 3) / 2 * 1, accuracy: 0.01)
        a.track(pointer: Point(200, 680), viewport: viewport, axis: .vertical, now: 2)
        XCTAssertNil(a.edgeEntered)
        let before = offset
        offset = a.advance(offset: offset, range: 0...1e9, to: 3)
        XCTAssertEqual(offset - before, 700, accuracy: 0.01, "back to a page a second off the very edge")
        a.track(pointer: Point(200, 800), viewport: viewport, axis: .vertical, now: 3)
        XCTAssertEqual(a.edgeEntered, 3)
        let again = a.advance(offset: offset, range: 0...1e9, to: 4.5)
        XCTAssertEqual(again - offset, 1050, accuracy: 0.01, "the boost waits its 1.5 s again")
    }
}
