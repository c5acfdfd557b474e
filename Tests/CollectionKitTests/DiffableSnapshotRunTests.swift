@testable import CollectionKit
import XCTest

/// A snapshot section of `Int` identifiers held as a run: nothing listed until an edit, the same
/// answers as the listed identifiers, and a first apply that lists nothing.
final class DiffableSnapshotRunTests: XCTestCase {
    /// A 400x300 grid view of plain cells and a data source of `Int` identifiers for it.
    private func makeView() -> (CollectionView, DiffableDataSource<Int, Int>) {
        let cv = CollectionView(name: "runs", layout: GridLayout(itemsPerLine: 4, itemLength: .fixed(50)))
        cv.register(reuseIdentifier: "c") { CollectionCell(reuseIdentifier: $0) }
        let source = DiffableDataSource<Int, Int>(collectionView: cv) { cv, ip, _ in
            cv.dequeueReusableCell(withReuseIdentifier: "c", for: ip)
        }
        cv.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        return (cv, source)
    }

    func testARunAnswersAsItsListedIdentifiersWould() throws {
        var run = DiffableSnapshot<String, Int>()
        run.appendSections(["a", "b"])
        run.appendItems([-1, -2], toSection: "a")
        run.appendItems(identifiersIn: 0..<10_000_000, toSection: "b")
        XCTAssertNotNil(run.items[1].run, "nothing listed")
        XCTAssertEqual(run.numberOfItems, 10_000_002)
        XCTAssertEqual(run.numberOfItems(inSectionAt: 1), 10_000_000)
        XCTAssertEqual(run.itemIdentifier(9_999_999, inSectionAt: 1), 9_999_999)
        XCTAssertEqual(run.index(of: 1234, inSectionAt: 1), 1234)
        XCTAssertNil(run.index(of: -1, inSectionAt: 1))
        XCTAssertEqual(run.indexPath(of: 42), ItemPath(item: 42, section: 1))
        XCTAssertNoThrow(try run.validate())

        var small = DiffableSnapshot<String, Int>()
        small.appendSections(["a"])
        small.appendItems(identifiersIn: 3..<8)
        var listed = DiffableSnapshot<String, Int>()
        listed.appendSections(["a"])
        listed.appendItems([3, 4, 5, 6, 7])
        XCTAssertEqual(small.items, listed.items, "a run equals the same identifiers listed")
        XCTAssertEqual(small.itemIdentifiers, [3, 4, 5, 6, 7])
        small.appendItems(identifiersIn: 8..<10, toSection: "a")
        XCTAssertEqual(small.itemIdentifiers, [3, 4, 5, 6, 7, 8, 9])
        small.moveItem(inSection: 0, from: 0, to: 6) { _ in false }
        XCTAssertNil(small.items[0].run, "an edit lists the run")
        XCTAssertEqual(small.itemIdentifiers, [4, 5, 6, 7, 8, 9, 3])
        small.deleteItems([5])
        XCTAssertEqual(small.itemIdentifiers, [4, 6, 7, 8, 9, 3])

        var twice = DiffableSnapshot<String, Int>()
        twice.appendSections(["a", "b"])
        twice.appendItems(identifiersIn: 0..<10, toSection: "a")
        twice.appendItems(identifiersIn: 9..<20, toSection: "b")
        XCTAssertThrowsError(try twice.validate(), "runs that overlap hold an identifier twice")
    }

    func testAFirstApplyOfARunListsNothing() throws {
        let (cv, source) = makeView()
        var s = DiffableSnapshot<Int, Int>()
        s.appendSections([0])
        s.appendItems(identifiersIn: 0..<5_000_000)
        try source.apply(s, animated: false)
        XCTAssertNotNil(source.snapshot.items[0].run)
        XCTAssertEqual(cv.itemCounts, [5_000_000])
        XCTAssertEqual(source.itemIdentifier(at: ItemPath(item: 4_999_999, section: 0)), 4_999_999)
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 3, section: 0)), AnyHashable(3))
    }

    /// Above `changedPartLimit`, an edit of one section is diffed in its changed part only: the
    /// same deletes, inserts, moves and updates as the whole diff, and a duplicate still refused.
    func testALargeSnapshotIsDiffedWhereItChanged() throws {
        let n = DiffableDataSource<Int, Int>.changedPartLimit
        let (cv, source) = makeView()
        func snapshot(_ ids: [Int], head: [Int] = [-1, -2], reconfiguring: [Int] = []) -> DiffableSnapshot<Int, Int> {
            var s = DiffableSnapshot<Int, Int>()
            s.appendSections([0, 1])
            s.appendItems(head, toSection: 0)
            s.appendItems(ids, toSection: 1)
            s.reconfigureItems(reconfiguring)
            return s
        }
        var first = DiffableSnapshot<Int, Int>()
        first.appendSections([0, 1])
        first.appendItems([-1, -2], toSection: 0)
        first.appendItems(identifiersIn: 0..<n, toSection: 1)
        try source.apply(first, animated: false)
        var ids = Array(0..<n)
        var edits: [[Int]] = []
        ids.insert(n, at: 5); edits.append(ids)              // a duplicate
        ids.remove(at: 9); edits.append(ids)                 // a delete
        ids.insert(ids.remove(at: 40), at: 3); edits.append(ids)   // a move
        ids.swapAt(n - 10, n - 20); edits.append(ids)        // near the end
        var shown = Array(0..<n)
        for (k, edit) in edits.enumerated() {
            let result = try source.apply(snapshot(edit, reconfiguring: k == 3 ? [7, n - 1] : []), animated: true)
            var whole = try Diffing.diff(old: [-1, -2] + shown, new: [-1, -2] + edit, identifier: { $0 },
                                         contentEqual: { _, new in !(k == 3 && [7, n - 1].contains(new)) })
            whole.oldIndexForNew = []
            XCTAssertEqual(result.diff, whole, "edit \(k)")
            XCTAssertFalse(result.reloaded)
            XCTAssertEqual(source.snapshot.items(inSectionAt: 1), edit)
            shown = edit
            cv.update(now: Double(k + 1))
        }
        XCTAssertEqual(cv.itemCounts, [2, n])
        // An identifier inserted that the untouched part already holds is refused; nothing changes.
        var bad = shown
        bad.insert(n - 3, at: 2)
        XCTAssertThrowsError(try source.apply(snapshot(bad))) { XCTAssertTrue($0 is DuplicateIdentifierError) }
        XCTAssertEqual(source.snapshot.items(inSectionAt: 1), shown)
        bad = shown
        bad.insert(-2, at: 2)
        XCTAssertThrowsError(try source.apply(snapshot(bad)), "held by another section")
        XCTAssertEqual(cv.itemCounts, [2, n])
    }

    /// One item moved from one end of a long stretch to the other (Move to top from far down) is
    /// one move, not a move for every item between; undone, one move back.
    func testAnItemMovedAcrossALongStretchIsOneMove() throws {
        let n = DiffableDataSource<Int, Int>.changedPartLimit
        let (cv, source) = makeView()
        func snapshot(_ ids: [Int]) -> DiffableSnapshot<Int, Int> {
            var s = DiffableSnapshot<Int, Int>()
            s.appendSections([0, 1])
            s.appendItems([-1], toSection: 0)
            s.appendItems(ids, toSection: 1)
            return s
        }
        try source.apply(snapshot(Array(0..<n)), animated: false)
        var top = Array(0..<n)
        top.insert(top.remove(at: n - 7), at: 2)
        let up = try source.apply(snapshot(top))
        XCTAssertEqual(up.diff.moves, [Diff.Move(from: 1 + n - 7, to: 1 + 2)])
        XCTAssertTrue(up.diff.deletes.isEmpty && up.diff.inserts.isEmpty)
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 2, section: 1)), AnyHashable(n - 7))
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 3, section: 1)), AnyHashable(2))
        cv.update(now: 1)
        let back = try source.apply(snapshot(Array(0..<n)))
        XCTAssertEqual(back.diff.moves, [Diff.Move(from: 1 + 2, to: 1 + n - 7)])
        XCTAssertEqual(source.snapshot.items(inSectionAt: 1), Array(0..<n))
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 2, section: 1)), AnyHashable(2))
        XCTAssertEqual(cv.itemCounts, [1, n])
    }
}
