@testable import CollectionKit
import XCTest

/// `ItemList` against a plain array of the same identifiers: every edit and query gives the same
/// answers, while runs of generated identifiers stay runs (nothing listed per item).
final class ItemListTests: XCTestCase {
    private func ids(_ ints: [Int]) -> [AnyHashable] { ints.map { AnyHashable($0) } }

    private func assertSame(_ list: ItemList, _ model: [AnyHashable], _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(list.count, model.count, message, line: line)
        XCTAssertEqual(Array(list), model, "iteration \(message)", line: line)
        XCTAssertEqual(list.indices.map { list[$0] }, model, "subscript \(message)", line: line)
        XCTAssertEqual(list, ItemList(model), "equality with the listed form \(message)", line: line)
    }

    func testSmallSizesBehaveAsArrays() {
        for n in 0...3 {
            let list = ItemList(identifiers: 10..<(10 + n))
            assertSame(list, ids(Array(10..<(10 + n))), "n = \(n)")
            XCTAssertEqual(list.listedCount, 0)
            XCTAssertEqual(list.isEmpty, n == 0)
            for k in 0..<n {
                XCTAssertEqual(list.firstIndex(of: AnyHashable(10 + k)), k)
                XCTAssertTrue(list.contains(AnyHashable(10 + k)))
            }
            XCTAssertNil(list.firstIndex(of: AnyHashable(9)))
            XCTAssertNil(list.firstIndex(of: AnyHashable("10")))
            XCTAssertFalse(list.contains(AnyHashable(10 + n)))
        }
    }

    func testRandomEditsMatchAnArray() {
        var rng = SplitMix(seed: 28)
        for round in 0..<200 {
            let start = rng.next(50)
            var list = ItemList(identifiers: start..<(start + rng.next(40)))
            var model = ids(Array(start..<(start + list.count)))
            for step in 0..<20 {
                switch rng.next(6) {
                case 0:
                    let id: AnyHashable = rng.next(2) == 0 ? AnyHashable("x\(round).\(step)") : AnyHashable(1_000 + step)
                    let at = rng.next(model.count + 1)
                    list.insert(id, at: at); model.insert(id, at: at)
                case 1 where !model.isEmpty:
                    let at = rng.next(model.count)
                    XCTAssertEqual(list.remove(at: at), model.remove(at: at))
                case 2:
                    let lo = rng.next(model.count + 1), hi = lo + rng.next(model.count - lo + 1)
                    let new = ids((0..<rng.next(3)).map { 2_000 + round * 10 + $0 })
                    list.replaceSubrange(lo..<hi, with: new); model.replaceSubrange(lo..<hi, with: new)
                case 3:
                    let gone = Set((0..<rng.next(4)).compactMap { _ in model.isEmpty ? nil : model[rng.next(model.count)] })
                    list = list.removingAll(gone); model.removeAll { gone.contains($0) }
                case 4:
                    let odd = rng.next(2) == 0
                    list = list.filter { ($0.base as? Int).map { $0 % 2 == 1 } ?? true || !odd }
                    model = model.filter { ($0.base as? Int).map { $0 % 2 == 1 } ?? true || !odd }
                default:
                    let tail = ItemList(identifiers: 500..<(500 + rng.next(5)))
                    list.append(contentsOf: tail); model.append(contentsOf: Array(tail))
                }
                assertSame(list, model, "round \(round) step \(step)")
                if !model.isEmpty {
                    let probe = model[rng.next(model.count)]
                    XCTAssertEqual(list.firstIndex(of: probe), model.firstIndex(of: probe))
                }
            }
        }
    }

    func testTakingACardOutAndPuttingItBackKeepsOneRun() {
        var list = ItemList(identifiers: 0..<10_000_000)
        let card = list.remove(at: 4_000_000)
        XCTAssertEqual(card, AnyHashable(4_000_000))
        XCTAssertEqual(list.count, 9_999_999)
        XCTAssertEqual(list.listedCount, 0, "split into two runs, nothing listed")
        XCTAssertEqual(list[4_000_000], AnyHashable(4_000_001))
        list.insert(card, at: 4_000_000)
        XCTAssertEqual(list, ItemList(identifiers: 0..<10_000_000), "joined again, compared without listing")
        list.insert(AnyHashable("new"), at: 7)
        XCTAssertEqual(list.listedCount, 1)
        XCTAssertEqual(list.firstIndex(of: AnyHashable("new")), 7)
        XCTAssertEqual(list.firstIndex(of: AnyHashable(9_999_999)), 10_000_000)
        XCTAssertEqual(list.removingAll([AnyHashable(5), AnyHashable("new"), AnyHashable(-1)]).count, 9_999_999)
    }

    func testCommonEndsSkipRunsWhole() {
        let a = ItemList(identifiers: 0..<10_000_000)
        var b = a
        b.insert(AnyHashable("dropped"), at: 100)
        let ends = ItemList.commonEnds(a, b)
        XCTAssertEqual(ends.head, 100)
        XCTAssertEqual(ends.tail, 10_000_000 - 100)
        let patch = SectionPatch.between(a, b, section: 0)
        XCTAssertEqual(patch, SectionPatch(section: 0, start: 100, old: [], new: ["dropped"]))
        XCTAssertEqual(patch?.applied(to: [a]), [b])
        XCTAssertEqual(patch?.applied(to: [b], reversed: true), [a])
        // Lists compare element by element; the ends never overlap.
        XCTAssertEqual(ItemList.commonEnds([1, 2, 3], [1, 2, 3, 2, 3]).head, 3)
        XCTAssertEqual(ItemList.commonEnds([1, 2, 3], [1, 2, 3, 2, 3]).tail, 0)
        XCTAssertEqual(ItemList.commonEnds(["a", "b"], ["a", "c", "b"]).head, 1)
        XCTAssertEqual(ItemList.commonEnds(["a", "b"], ["a", "c", "b"]).tail, 1)
    }

    func testHugeRunsCheckedForSharedIdentifiersAsRanges() throws {
        func board(_ name: String, _ sections: [ItemList]) -> DragDropCollection<AnyHashable> {
            let view = CollectionView(name: name, layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40)))
            return DragDropCollection<AnyHashable>(view: view, title: name, items: sections,
                                      cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "dragdrop.gap", for: ip) },
                                      drawItem: { _, _, _ in })
        }
        let manager = DragDropManager<AnyHashable>()
        try manager.add(board("a", [ItemList(identifiers: 0..<5_000_000), ItemList(identifiers: 5_000_000..<10_000_000)]))
        try manager.add(board("b", [["x", 10_000_000, 20_000_000]]))
        XCTAssertThrowsError(try manager.add(board("c", [ItemList(identifiers: 9_999_990..<10_000_010)]))) { error in
            XCTAssertEqual("\(error)", "c holds item 9999990, which a already holds: every item may be in one collection only")
        }
        XCTAssertThrowsError(try manager.add(board("d", [["y", 7_777_777]]))) { error in
            XCTAssertEqual("\(error)", "d holds item 7777777, which a already holds: every item may be in one collection only")
        }
        XCTAssertThrowsError(try manager.add(board("e", [ItemList(identifiers: 19_999_999..<20_000_005)]))) { error in
            XCTAssertEqual("\(error)", "e holds item 20000000, which b already holds: every item may be in one collection only")
        }
        XCTAssertThrowsError(try manager.add(board("f", [ItemList(identifiers: 30_000_000..<30_000_100), [AnyHashable(30_000_050)]]))) { error in
            XCTAssertEqual("\(error)", "f holds item 30000050 twice: every item may be in one collection only")
        }
        XCTAssertEqual(manager.collections.map(\.dropName), ["a", "b"])
    }

    func testADropThatWouldRepeatAnIdentifierOfARunIsRefused() {
        let board = DragDropManagerTests.makeBoard()
        board.palette.copyItem = { _ in AnyHashable(2) }     // a copy that is not new: 2 is in a's run
        board.drag(from: Point(980, 20), to: Point(320, 90))
        XCTAssertEqual(board.ids(board.b), [10, 11, 12], "nothing dropped")
        XCTAssertEqual(board.ids(board.a), [0, 1, 2, 3, 4])
        XCTAssertTrue(board.manager.notices.contains("drop refused: 2 would appear 2 times"), "\(board.manager.notices)")
    }

    func testARunsLengthsRepeatByPeriodAskingOncePerPeriod() {
        var asked = 0
        let view = CollectionView(name: "list", layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40)))
        let c = DragDropCollection<AnyHashable>(view: view, title: "List", items: [ItemList(identifiers: 0..<1_000_000), ["x", "y"]],
                                   cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "dragdrop.gap", for: ip) },
                                   drawItem: { _, _, _ in })
        c.itemLengthPeriod = { run in run.upperBound <= 1_000_000 ? 7 : nil }
        c.itemLength = { id in asked += 1; return (id.base as? Int).map { Double(20 + $0 % 7) } ?? 99 }
        XCTAssertEqual(asked, 7 + 2, "one period of the run, and each listed item")
        for item in [0, 6, 7, 13, 999_999] {
            XCTAssertEqual(c.length(at: ItemPath(item: item, section: 0)), Double(20 + item % 7))
        }
        XCTAssertEqual(c.length(at: ItemPath(item: 1, section: 1)), 99)
    }
}
