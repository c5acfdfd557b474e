@testable import CollectionKit
import Foundation
import XCTest

extension XCTestCase {
    /// Updates `pipeline` (its clock held at `now`) until `done`, taking its workers' results each
    /// time the condition is checked, for at most ten seconds of wall time: a loaded machine makes
    /// the test slower, not red.
    func waitUntil(_ pipeline: ImagePipeline, now: Double, _ done: @escaping () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("the workers", timeout: 10, file: file, line: line) {
            pipeline.update(now: now)
            return done()
        }
    }
}
