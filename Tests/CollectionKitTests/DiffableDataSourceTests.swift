@testable import CollectionKit
import XCTest

/// Snapshots applied to a real collection view: the view ends up showing the snapshot, kept items
/// glide, reconfigures reach the cells, and a bad snapshot changes nothing.
final class DiffableDataSourceTests: XCTestCase {
    private typealias Source = DiffableDataSource<String, Int>
    private typealias Snap = DiffableSnapshot<String, Int>

    private func makeView(_ ids: [Int]) -> (CollectionView, Source) {
        let cv = CollectionView(name: "diffable", layout: GridLayout(minimumCrossSize: 100, itemLength: .fixed(50), interitemSpacing: 0,
                                                                    lineSpacing: 0, insets: EdgeInsets()))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        let source = Source(collectionView: cv) { cv, ip, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
            cell.configure(number: id)
            return cell
        }
        cv.setFrame(Rect(0, 0, 200, 300))
        var s = Snap()
        s.appendSections(["main"])
        s.appendItems(ids)
        XCTAssertNoThrow(try source.apply(s, animated: false))
        cv.update(now: 0)
        return (cv, source)
    }

    private func shown(_ cv: CollectionView) -> [Int] {
        (0..<cv.numberOfItems).map { cv.identifier(at: ItemPath(item: $0))!.base as! Int }
    }

    func testApplyingRandomSnapshotsShowsThemExactly() throws {
        var rng = SplitMix(seed: 99)
        let (cv, source) = makeView(Array(0..<12))
        var nextID = 100
        for round in 0..<60 {
            var ids = source.snapshot.itemIdentifiers.filter { _ in rng.next(6) != 0 }.shuffledDeterministically(&rng)
            if rng.next(2) == 0 { ids = source.snapshot.itemIdentifiers.filter { ids.contains($0) } }
            for _ in 0..<rng.next(4) { ids.insert(nextID, at: rng.next(ids.count + 1)); nextID += 1 }
            var s = Snap()
            s.appendSections(["main"])
            s.appendItems(ids)
            let wasEmpty = source.snapshot.numberOfItems == 0
            let result = try source.apply(s, animated: true)
            XCTAssertEqual(result.reloaded, wasEmpty, "only an empty view reloads")
            XCTAssertEqual(shown(cv), ids, "round \(round)")
            cv.update(now: Double(round) * 0.05)
            for (ip, cell) in cv.visibleCells { XCTAssertEqual((cell as! TileCell).number, ids[ip.item], "round \(round)") }
        }
    }

    func testKeptItemsGlideToTheirNewPlaces() throws {
        let (cv, source) = makeView([1, 2, 3, 4])
        var s = source.snapshot
        s.setItems([4, 1, 2, 3], inSection: "main")
        try source.apply(s, animated: true)
        XCTAssertTrue(cv.isAnimatingUpdates)
        // Item 4 was at slot 3 (100, 50) and is going to slot 0 (0, 0): a quarter of the way it is in between.
        cv.update(now: 0.05)
        let f = cv.presentedFrameForItem(at: ItemPath(item: 0))!
        XCTAssertTrue(f.minX > 0 && f.minX < 100 && f.minY > 0 && f.minY < 50, "mid-glide: \(f)")
        cv.update(now: 1)
        XCTAssertFalse(cv.isAnimatingUpdates)
        XCTAssertEqual(cv.presentedFrameForItem(at: ItemPath(item: 0)), Rect(0, 0, 100, 50))
    }

    func testReconfigureReachesTheCellAndKeepsIdentity() throws {
        let (cv, source) = makeView([1, 2, 3])
        var s = source.snapshot
        s.reconfigureItems([2])
        let result = try source.apply(s)
        XCTAssertEqual(result.diff.updates, [1])
        XCTAssertEqual(result.diff.moves + [], [])
        XCTAssertTrue(source.snapshot.reconfiguredItems.isEmpty, "a reconfigure is a one-off")
        XCTAssertEqual(shown(cv), [1, 2, 3])
    }

    func testDuplicateIdentifiersAreAClearErrorAndChangeNothing() {
        let (cv, source) = makeView([1, 2, 3])
        var s = Snap()
        s.appendSections(["main"])
        s.appendItems([5, 6, 5])
        XCTAssertThrowsError(try source.apply(s)) { e in
            XCTAssertEqual("\(e)", "item identifier 5 occurs twice in the snapshot (again at [0, 2])")
        }
        XCTAssertEqual(source.snapshot.itemIdentifiers, [1, 2, 3])
        XCTAssertEqual(shown(cv), [1, 2, 3])
        var twoSections = Snap()
        twoSections.appendSections(["a", "a"])
        XCTAssertThrowsError(try source.apply(twoSections))
        XCTAssertEqual(source.snapshot.sectionIdentifiers, ["main"])
    }

    func testARefusedBatchUpdateLeavesTheSnapshot() throws {
        let (cv, source) = makeView([1, 2, 3])
        // An interactive movement in progress refuses updates.
        source.canMoveItem = { _ in true }
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 0)))
        var s = source.snapshot
        s.deleteItems([2])
        XCTAssertThrowsError(try source.apply(s))
        XCTAssertEqual(source.snapshot.itemIdentifiers, [1, 2, 3])
        cv.cancelInteractiveMovement()
    }

    func testInteractiveMovesUpdateTheSnapshot() {
        let (cv, source) = makeView([1, 2, 3, 4])
        source.canMoveItem = { $0 != 3 }
        var told: [(Int, Int)] = []
        source.didMoveItem = { _, from, to in told.append((from.item, to.item)) }
        XCTAssertTrue(cv.moveItemInteractively(from: ItemPath(item: 0), to: ItemPath(item: 3)))
        XCTAssertEqual(source.snapshot.itemIdentifiers, [2, 4, 3, 1], "item 3 cannot move and keeps its slot")
        XCTAssertEqual(told.map(\.0), [0])
        XCTAssertEqual(shown(cv), [2, 4, 3, 1])
    }

    func testSectionChangesReload() throws {
        let (cv, source) = makeView([1, 2])
        var s = source.snapshot
        s.appendSections(["more"])
        s.appendItems([7], toSection: "more")
        XCTAssertTrue(try source.apply(s).reloaded)
        XCTAssertEqual(cv.itemCounts, [2, 1])
    }

    func testInsertsFadeInAndDeletesFadeOut() throws {
        let (cv, source) = makeView([1, 2, 3])
        var s = source.snapshot
        s.deleteItems([2])
        s.insertItems([9], at: 0, inSection: "main")
        try source.apply(s, animated: true)
        XCTAssertEqual(cv.vanishingItems.count, 1, "the deleted tile was in view")
        XCTAssertEqual(cv.appearance(of: AnyHashable(9)).alpha, 0, accuracy: 0.001, "the inserted tile starts invisible")
        func drawsText(_ text: String) -> Bool {
            var list = DrawList()
            cv.draw(into: &list)
            return list.commands.contains { if case let .text(run) = $0 { return run.text == text }; return false }
        }
        cv.update(now: 0.1)
        let mid = cv.appearance(of: AnyHashable(9))
        XCTAssertTrue(mid.alpha > 0 && mid.alpha < 1 && mid.scale < 1, "mid fade-in: \(mid)")
        XCTAssertTrue(drawsText("2"), "the deleted tile is still drawn, fading out")
        cv.update(now: 1)
        XCTAssertFalse(cv.isAnimatingUpdates)
        XCTAssertFalse(drawsText("2"), "and gone once its fade ends")
        XCTAssertEqual(cv.appearance(of: AnyHashable(9)).alpha, 1)
    }

    /// The ease-out's tail changes nothing a pixel shows: once a fade's opacity is within 1/255 of
    /// its end, the inserted tile is whole, the deleted one gone, and no frame is asked for them
    /// (0.22 s of the 0.25 s fade: 1 - 0.12³ of the way).
    func testAFadeEndsWhereItsOpacityStopsChangingAPixel() throws {
        let (cv, source) = makeView([1, 2, 3])
        var s = source.snapshot
        s.deleteItems([2])
        s.insertItems([9], at: 0, inSection: "main")
        try source.apply(s, animated: true)
        func drawsText(_ text: String) -> Bool {
            var list = DrawList()
            cv.draw(into: &list)
            return list.commands.contains { if case let .text(run) = $0 { return run.text == text }; return false }
        }
        cv.update(now: 0.2)
        XCTAssertTrue(cv.isAnimatingTransitions, "at 0.2 s the fade still shows: \(cv.appearance(of: AnyHashable(9)))")
        XCTAssertTrue(drawsText("2"))
        cv.update(now: 0.22)
        XCTAssertFalse(cv.isAnimatingTransitions, "within 1/255 of its end")
        XCTAssertEqual(cv.appearance(of: AnyHashable(9)).alpha, 1)
        XCTAssertEqual(cv.appearance(of: AnyHashable(9)).scale, 1)
        XCTAssertFalse(drawsText("2"), "an item at an opacity under 1/255 is not drawn")
    }

    /// A glide lands on its place once every edge is within a quarter point of it: the last frames
    /// of an ease-out (moving hundredths of a point) are neither drawn nor asked for.
    func testAGlideLandsWithinAQuarterPointOfItsPlace() {
        let a = RectAnimation(from: Rect(20, 148, 360, 56), to: Rect(20, 84, 360, 56), start: 1)
        XCTAssertEqual(a.value(at: 1).minY, 148, "it starts where it was")
        XCTAssertGreaterThan(a.value(at: 1.2).minY, 84.25, "0.2 s in, more than a quarter point to go")
        XCTAssertFalse(a.isFinished(at: 1.2))
        // 0.215 s in: 64 × 0.14³ = 0.18 points to go.
        XCTAssertEqual(a.value(at: 1.215), Rect(20, 84, 360, 56), "landed")
        XCTAssertTrue(a.isFinished(at: 1.215))
        XCTAssertNil(a.nextDeadline(after: 1.215), "no frame is asked for the rest")
        var wrapping = a
        wrapping.wrap = RectAnimation.WrapPath(crossAxis: .horizontal, exit: 100, entry: 100)
        XCTAssertFalse(wrapping.isFinished(at: 1.215), "a move between lines keeps its own path to the end")
    }
}
