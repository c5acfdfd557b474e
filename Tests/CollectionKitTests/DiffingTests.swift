@testable import CollectionKit
import XCTest

/// Heckel's diff against a brute-force oracle on seeded random list pairs, plus the rules: identity
/// apart from content, duplicates refused.
final class DiffingTests: XCTestCase {
    /// Replays a diff on `old` the way a batch update is read (deletes and move sources leave;
    /// inserts and move destinations land at their new indices; everything else keeps its order)
    /// and returns the list it produces.
    private func replay(_ d: Diff, old: [Int], new: [Int]) -> [Int?] {
        let leaving = Set(d.deletes).union(d.moves.map(\.from))
        var remaining = old.indices.filter { !leaving.contains($0) }.map { old[$0] }[...]
        var landing: [Int: Int] = [:]
        for i in d.inserts { landing[i] = new[i] }
        for m in d.moves { landing[m.to] = old[m.from] }
        return new.indices.map { i in landing[i] ?? remaining.popFirst() }
    }

    private func randomPair(_ rng: inout SplitMix) -> (old: [Int], new: [Int]) {
        let pool = rng.next(40) + 1
        let old = (0..<pool).filter { _ in rng.next(4) != 0 }.shuffledDeterministically(&rng)
        var new = old.filter { _ in rng.next(5) != 0 }
        for id in pool..<(pool + rng.next(6)) { new.insert(id, at: rng.next(new.count + 1)) }
        // Move a few.
        for _ in 0..<rng.next(4) where !new.isEmpty {
            let x = new.remove(at: rng.next(new.count))
            new.insert(x, at: rng.next(new.count + 1))
        }
        return (old, new)
    }

    func testRandomPairsAgainstABruteForceOracle() throws {
        var rng = SplitMix(seed: 2024)
        for round in 0..<500 {
            let (old, new) = randomPair(&rng)
            let d = try Diffing.diff(old: old, new: new)
            // The oracle: quadratic membership tests.
            let deleted = old.indices.filter { !new.contains(old[$0]) }
            let inserted = new.indices.filter { !old.contains(new[$0]) }
            XCTAssertEqual(d.deletes, deleted, "round \(round)")
            XCTAssertEqual(d.inserts, inserted, "round \(round)")
            XCTAssertEqual(d.updates, [], "identifiers only: no content changes")
            for m in d.moves { XCTAssertEqual(old[m.from], new[m.to], "a move links the same item (round \(round))") }
            XCTAssertEqual(replay(d, old: old, new: new), new.map { $0 }, "round \(round): \(old) → \(new)")
            for (i, j) in d.oldIndexForNew.enumerated() { XCTAssertEqual(j.map { old[$0] } ?? -1, old.contains(new[i]) ? new[i] : -1) }
            // A pair with no relative reordering needs no moves.
            let keptOld = old.filter { new.contains($0) }, keptNew = new.filter { old.contains($0) }
            if keptOld == keptNew { XCTAssertEqual(d.moves, [], "round \(round)") }
        }
    }

    func testKnownSmallCases() throws {
        XCTAssertTrue(try Diffing.diff(old: [1, 2, 3], new: [1, 2, 3]).isEmpty)
        let swap = try Diffing.diff(old: [1, 2], new: [2, 1])
        XCTAssertEqual(swap.deletes + swap.inserts, [])
        XCTAssertEqual(Set(swap.moves), [Diff.Move(from: 1, to: 0), Diff.Move(from: 0, to: 1)])
        let edit = try Diffing.diff(old: [1, 2, 3, 4], new: [0, 1, 3, 4, 5])
        XCTAssertEqual(edit.deletes, [1])
        XCTAssertEqual(edit.inserts, [0, 4])
        XCTAssertEqual(edit.moves, [], "deletes and inserts alone explain the shift")
    }

    private struct Card: Equatable { var id: Int; var text: String }

    func testIdentityIsKeptApartFromContent() throws {
        let old = [Card(id: 1, text: "a"), Card(id: 2, text: "b"), Card(id: 3, text: "c")]
        let new = [Card(id: 3, text: "c"), Card(id: 2, text: "B"), Card(id: 1, text: "a")]
        let d = try Diffing.diff(old: old, new: new, identifier: \.id, contentEqual: ==)
        XCTAssertEqual(d.updates, [1], "card 2 changed its text: an update, not a delete and an insert")
        XCTAssertEqual(d.deletes, [])
        XCTAssertEqual(d.inserts, [])
        XCTAssertEqual(Set(d.moves.map(\.from)), [0, 2])
    }

    func testDuplicatesAreRefused() {
        XCTAssertThrowsError(try Diffing.diff(old: [1, 2, 1], new: [1])) { e in
            XCTAssertTrue("\(e)".contains("occurs twice in the old list"), "\(e)")
        }
        XCTAssertThrowsError(try Diffing.diff(old: [1], new: [4, 4])) { e in
            XCTAssertTrue("\(e)".contains("occurs twice in the new list"), "\(e)")
        }
    }
}

extension Array {
    /// A Fisher–Yates shuffle driven by the seeded generator.
    func shuffledDeterministically(_ rng: inout SplitMix) -> [Element] {
        var a = self
        guard a.count > 1 else { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, rng.next(i + 1)) }
        return a
    }
}
