import Foundation
import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo

/// The quickest of three timed runs of `run`, each on a fresh `prepare()` (not timed), in seconds
/// of this thread's CPU time (which a loaded machine stretches far less than the wall clock's):
/// for a test that shows how cost grows by a ratio of two sizes measured in one run, never by a
/// bound in seconds.
func quickestOfThree<T>(_ prepare: () throws -> T, _ run: (T) throws -> Void) rethrows -> Double {
    func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    var best = Double.infinity
    for _ in 0..<3 {
        let value = try prepare()
        let start = cpuSeconds()
        try run(value)
        best = min(best, cpuSeconds() - start)
    }
    return best
}

extension HeadlessDriver {
    /// `play(script:)` with looks on the way: each check runs once the virtual clock reaches its
    /// time (seconds from now), between the script's events, as a test looks at a window mid-gesture.
    func play(script: String, checks: [(Double, () -> Void)]) throws {
        let timeline = ScriptTimeline(try InputScript.parse(script), fps: fps)
        let t0 = now
        var pending = checks.sorted { $0.0 < $1.0 }
        func look(before time: Double) {
            while let c = pending.first, c.0 < time {
                advance(to: t0 + c.0); c.1(); pending.removeFirst()
            }
        }
        for e in timeline.entries {
            look(before: e.time)
            if case let .input(event) = e.action { send(event, at: t0 + e.time) }
        }
        look(before: timeline.endTime)
        advance(to: t0 + timeline.endTime)
        frame()
        for c in pending { advance(to: t0 + c.0); c.1() }
    }
}
