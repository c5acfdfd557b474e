@testable import CollectionKit
import Foundation
import Glibc
import Synchronization
import XCTest

/// SIGINT and SIGTERM as a request to quit: the process lives on, the request is seen, and an
/// observer (a window loop's wake-up) is called off the signal handler.
final class QuitSignalsTests: XCTestCase {
    override func tearDown() { QuitSignals.resetForTesting() }

    /// The signal's handler as a number: 0 is the default action, 1 ignoring it.
    private func handler(of sig: Int32) -> Int {
        var action = sigaction()
        sigaction(sig, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    func testBothSignalsAreTakenAndNeverLeftAtTheirDefault() {
        QuitSignals.install()
        QuitSignals.install()
        for sig in [SIGINT, SIGTERM] {
            XCTAssertGreaterThan(handler(of: sig), 1, "signal \(sig) is not the engine's")
        }
    }

    func testASignalIsARequestAndWakesTheObservers() {
        for sig in [SIGINT, SIGTERM] {
            QuitSignals.resetForTesting()
            let calls = Atomic<Int>(0)
            QuitSignals.onRequest { calls.add(1, ordering: .relaxed) }
            XCTAssertFalse(QuitSignals.isRequested)
            XCTAssertEqual(calls.load(ordering: .relaxed), 0)
            raise(sig)
            XCTAssertTrue(QuitSignals.isRequested, "signal \(sig)")
            // The observer runs on the watcher thread: wait for it, with a generous deadline.
            waitUntil("the observer of signal \(sig)") { calls.load(ordering: .relaxed) > 0 }
            XCTAssertGreaterThanOrEqual(calls.load(ordering: .relaxed), 1, "signal \(sig)")
        }
    }

    func testAnObserverAddedAfterTheRequestIsCalledAtOnce() {
        QuitSignals.install()
        raise(SIGTERM)
        let called = Atomic<Bool>(false)
        QuitSignals.onRequest { called.store(true, ordering: .relaxed) }
        XCTAssertTrue(called.load(ordering: .relaxed))
    }
}
