import Foundation
import XCTest

extension XCTestCase {
    /// Waits until `condition` holds, as an expectation XCTest checks on the run loop, for at most
    /// `timeout` seconds of wall time (a loaded machine makes the test slower, not red); fails
    /// naming `what` when the deadline passes. For what the tested code announces no other way:
    /// a thread's progress, a file another process writes. (One copy in each test module that
    /// waits so: the modules share no support target.)
    func waitUntil(_ what: @autoclosure () -> String, timeout: TimeInterval = 30,
                   file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping () -> Bool) {
        nonisolated(unsafe) let condition = condition
        let met = XCTNSPredicateExpectation(predicate: NSPredicate { _, _ in condition() }, object: nil)
        if XCTWaiter().wait(for: [met], timeout: timeout) != .completed {
            XCTFail("waited \(Int(timeout)) s for \(what())", file: file, line: line)
        }
    }
}
