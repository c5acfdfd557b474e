@testable import CollectionKit
import Foundation
import XCTest

extension XCTestCase {
    /// Updates `pipeline` (its clock held at `now`) until `done`, polling its workers' results
    /// every millisecond for at most ten seconds of wall time: a loaded machine makes the test
    /// slower, not red.
    func waitUntil(_ pipeline: ImagePipeline, now: Double, _ done: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let end = Date().addingTimeInterval(10)
        while !done() && Date() < end {
            usleep(1000)
            pipeline.update(now: now)
        }
        XCTAssertTrue(done(), "timed out waiting for the workers", file: file, line: line)
    }
}
