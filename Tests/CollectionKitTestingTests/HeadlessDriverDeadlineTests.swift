import CollectionKit
import CollectionKitTesting
import XCTest

/// The headless driver follows the deadlines a root names.
final class HeadlessDriverDeadlineTests: XCTestCase {
    /// A root with one timer: it records every update and draw, and asks for frames while `busy`.
    final class TimerRoot: InteractiveRoot {
        var size = Size(100, 100)
        var timer: Double?
        var firedAt: Double?
        var busyUntil: Double?
        var updates: [Double] = []
        var draws = 0
        func handle(_ event: InputEvent, now: Double) {
            if case .key = event { timer = now + 0.31 }
        }
        func update(now: Double) {
            updates.append(now)
            if let t = timer, now >= t { firedAt = now; timer = nil; busyUntil = now + 0.1 }
            if let b = busyUntil, now >= b { busyUntil = nil }
        }
        func draw() -> DrawList { draws += 1; return DrawList() }
        func nextDeadline(after now: Double) -> Double? { busyUntil != nil ? now : timer }
    }

    func testATimerActsAtItsOwnTimeWhateverTheFrameRate() throws {
        for fps in [30.0, 60, 144] {
            let root = TimerRoot()
            let driver = HeadlessDriver(root: root, fps: fps)
            try driver.play(ScriptTimeline(InputScript.parse("wait 100\nkey a\nwait 1000"), fps: fps))
            XCTAssertEqual(try XCTUnwrap(root.firedAt), 0.41, accuracy: 1e-9, "fired at its deadline at \(fps) fps")
        }
    }

    func testTicksWithNothingPendingAreSkippedAndCounted() throws {
        let root = TimerRoot()
        let driver = HeadlessDriver(root: root, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("wait 100\nkey a\nwait 1000"), fps: 60))
        // Drawn: the first tick, the tick after the key, the ticks of the 100 ms busy stretch, and
        // the final frame; everything else is skipped.
        XCTAssertLessThan(driver.frameCount, 14)
        XCTAssertEqual(driver.frameCount, root.draws)
        XCTAssertEqual(driver.frameCount + driver.framesSkipped, 66 + 1 + 1, "every tick once, plus the final frame")
    }

    func testSkippedTicksAreHandedOnAsIdleTimeAndDrawnOnesAsFramesEnd() throws {
        let root = TimerRoot()
        let driver = HeadlessDriver(root: root, fps: 60)
        var idle = 0.0, calls = 0, afterFrames = 0
        driver.whileIdle = { seconds in idle += seconds; calls += 1 }
        driver.afterFrame = { afterFrames += 1 }
        try driver.play(ScriptTimeline(InputScript.parse("wait 100\nkey a\nwait 1000"), fps: 60))
        XCTAssertGreaterThan(calls, 0)
        XCTAssertEqual(idle, Double(driver.framesSkipped) / 60, accuracy: 1e-9, "the idle time is the skipped ticks'")
        XCTAssertEqual(afterFrames, driver.frameCount, "once after every frame drawn")
    }

    func testARootThatNamesNoDeadlineIsDrawnEveryFrame() throws {
        final class Plain: InteractiveRoot {
            var size = Size(10, 10)
            var draws = 0
            func handle(_ event: InputEvent, now: Double) {}
            func update(now: Double) {}
            func draw() -> DrawList { draws += 1; return DrawList() }
        }
        let root = Plain()
        let driver = HeadlessDriver(root: root, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("wait 1000"), fps: 60))
        XCTAssertEqual(driver.framesSkipped, 0)
        XCTAssertEqual(root.draws, 62, "61 ticks from 0 to 1 s, and the final frame")
    }
}
