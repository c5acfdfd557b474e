@testable import CollectionDemo
import Glibc
import XCTest

/// SIGTERM while SDL starts: the demo's handler must stay in place on every thread. A moment at
/// which the signal had its default action (blocked on the main thread only) let a SIGTERM that
/// another thread took end the process with status 143.
final class EarlyStopTests: XCTestCase {
    func testNoSignalHasItsDefaultActionWhileSDLStarts() {
        EarlyStop.install()
        // Each handler as a number: 0 is the default action.
        let inside: [Int] = EarlyStop.handOver {
            [SIGTERM, SIGINT].map { sig in
                var action = sigaction()
                sigaction(sig, nil, &action)
                return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
            }
        }
        for h in inside { XCTAssertNotEqual(h, 0, "a signal had its default action while SDL started") }
    }
}
