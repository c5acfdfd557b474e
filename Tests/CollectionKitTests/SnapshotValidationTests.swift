@testable import CollectionKit
import XCTest

/// A snapshot's duplicate check: identifiers in order are checked by comparisons alone (no table,
/// no hashing); anything else by a table, and a duplicate is found either way.
final class SnapshotValidationTests: XCTestCase {
    /// An identifier that counts how often it is hashed.
    private struct Counted: Hashable, Comparable {
        nonisolated(unsafe) static var hashes = 0
        var value: Int
        func hash(into hasher: inout Hasher) { Counted.hashes += 1; hasher.combine(value) }
        static func < (a: Counted, b: Counted) -> Bool { a.value < b.value }
    }

    private func snapshot(_ sections: [[Int]]) -> DiffableSnapshot<Int, Counted> {
        var s = DiffableSnapshot<Int, Counted>()
        s.appendSections(Array(sections.indices))
        for (k, ids) in sections.enumerated() { s.appendItems(ids.map(Counted.init), toSection: k) }
        return s
    }

    private func hashes(validating sections: [[Int]]) throws -> Int {
        Counted.hashes = 0
        try snapshot(sections).validate()
        return Counted.hashes
    }

    func testIdentifiersInOrderAreCheckedWithoutHashing() throws {
        XCTAssertEqual(try hashes(validating: [Array(0..<100_000)]), 0)
        XCTAssertEqual(try hashes(validating: [(-8 ... -1).reversed(), Array(0..<1_000), [5_000, 7_000]]), 0,
                       "decreasing and increasing sections in separate ranges")
        XCTAssertEqual(try hashes(validating: [[], [3], []]), 0)
    }

    func testOtherOrdersFallBackToTheTable() throws {
        XCTAssertGreaterThan(try hashes(validating: [[3, 1, 2]]), 0, "not monotonic")
        XCTAssertGreaterThan(try hashes(validating: [[0, 5], [2, 3]]), 0, "sections in order whose ranges overlap")
    }

    func testDuplicatesAreFoundWhateverTheOrder() {
        for sections in [[[1, 2, 2, 3]], [[0, 1], [1, 2]], [[5, 4], [4]], [[3, 1, 3]], [[0, 9], [4, 9]], [[7], [7]]] {
            XCTAssertThrowsError(try snapshot(sections).validate(), "\(sections)") { error in
                XCTAssertTrue(error is DuplicateIdentifierError)
            }
        }
        XCTAssertNoThrow(try snapshot([[0, 9], [4, 5]]).validate(), "overlapping ranges, distinct items")
    }
}
