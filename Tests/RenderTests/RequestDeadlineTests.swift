@testable import CollectionKitSDL
import Foundation
import XCTest

/// A decode worker's deadline counts the worker's own time, not the time it waited for a CPU on a
/// busy machine (a good picture was marked failed, for good, when the machine was busy: its
/// worker runs at a lower priority than everything else), and never more than four times the
/// limit in all.
final class RequestDeadlineTests: XCTestCase {
    func testAWorkerThatSleepsIsDueOnTime() {
        var deadline = RequestDeadline(from: 100, seconds: 8, waited: 2.0)
        XCTAssertEqual(deadline.at, 108)
        // Asleep or blocked: it waited for no CPU meanwhile.
        XCTAssertFalse(deadline.stretch(now: 108.01, waited: 2.0))
        XCTAssertEqual(deadline.at, 108)
    }

    func testTimeWaitingForACPUDoesNotCount() {
        var deadline = RequestDeadline(from: 100, seconds: 8, waited: 2.0)
        // Runnable for 5 s of the 8 without a CPU: due 5 s later.
        XCTAssertTrue(deadline.stretch(now: 108.01, waited: 7.0))
        XCTAssertEqual(deadline.at, 113, accuracy: 1e-9)
        // It ran meanwhile and waited 1 s more: 1 s more, no more.
        XCTAssertTrue(deadline.stretch(now: 113.01, waited: 8.0))
        XCTAssertEqual(deadline.at, 114, accuracy: 1e-9)
        XCTAssertFalse(deadline.stretch(now: 114.01, waited: 8.0), "no more waiting: due")
    }

    func testNeverLaterThanFourTimesTheLimit() {
        var deadline = RequestDeadline(from: 100, seconds: 8, waited: 0)
        XCTAssertTrue(deadline.stretch(now: 108.01, waited: 50))
        XCTAssertEqual(deadline.at, 132)
        XCTAssertFalse(deadline.stretch(now: 132.01, waited: 90), "past four times the limit")
        XCTAssertEqual(deadline.at, 132)
    }

    func testWithoutTheKernelsFigureTheDeadlineStays() {
        var unknown = RequestDeadline(from: 100, seconds: 8, waited: nil)
        XCTAssertFalse(unknown.stretch(now: 108.01, waited: 5))
        var gone = RequestDeadline(from: 100, seconds: 8, waited: 1)
        XCTAssertFalse(gone.stretch(now: 108.01, waited: nil))
        XCTAssertEqual(gone.at, 108)
    }

    /// The figure the deadline reads: this process's, which grows while four threads spin on
    /// two cores' worth of time or fewer; none for a process that is not there.
    func testTheKernelSaysHowLongAProcessWaitedForACPU() throws {
        guard let first = WorkerProcess.waitedForCPU(pid: getpid()) else {
            throw XCTSkip("this kernel keeps no /proc/PID/schedstat")
        }
        XCTAssertGreaterThanOrEqual(first, 0)
        XCTAssertNil(WorkerProcess.waitedForCPU(pid: pid_t(Int32.max)), "no such process")
        // The main thread's figure only moves while it wants a CPU and cannot have one: spin it
        // beside more spinning threads than there are cores, until it has waited at all.
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let stop = NSLock()
        nonisolated(unsafe) var done = false
        var threads: [Thread] = []
        for _ in 0..<(cores + 1) {
            let t = Thread { while true { stop.lock(); let d = done; stop.unlock(); if d { return } } }
            t.start()
            threads.append(t)
        }
        defer { stop.lock(); done = true; stop.unlock() }
        let until = ProcessInfo.processInfo.systemUptime + 30
        var now = first
        while ProcessInfo.processInfo.systemUptime < until, let w = WorkerProcess.waitedForCPU(pid: getpid()), w <= first {
            now = w
            var x = 0
            for i in 0..<100_000 { x &+= i }
            _ = x
        }
        now = WorkerProcess.waitedForCPU(pid: getpid()) ?? now
        XCTAssertGreaterThan(now, first, "the main thread waited for a CPU beside \(cores + 1) spinning threads")
    }
}
