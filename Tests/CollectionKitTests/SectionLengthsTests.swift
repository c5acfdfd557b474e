@testable import CollectionKit
import XCTest

/// `SectionLengths` against a plain array, and a list laid out from repeated lengths against the
/// same lengths listed: the same frames, queries and content size, with nothing stored per line.
final class SectionLengthsTests: XCTestCase {
    func testRepeatedPeriodsReadAndEditAsAnArray() {
        var rng = SplitMix(seed: 7)
        for round in 0..<100 {
            let period = (0..<(1 + rng.next(5))).map { _ in Double(10 + rng.next(50)) }
            let count = rng.next(60)
            var lengths = SectionLengths(repeating: period, count: count)
            var model = (0..<count).map { period[$0 % period.count] }
            for step in 0..<12 {
                if rng.next(2) == 0 || model.isEmpty {
                    let at = rng.next(model.count + 1), l = Double(100 + step)
                    lengths.insert(l, at: at); model.insert(l, at: at)
                } else {
                    let at = rng.next(model.count)
                    XCTAssertEqual(lengths.remove(at: at), model.remove(at: at))
                }
                XCTAssertEqual(Array(lengths), model, "round \(round) step \(step)")
                for i in 0...model.count {
                    XCTAssertEqual(lengths.sum(before: i), model[..<i].reduce(0, +), accuracy: 1e-9)
                }
            }
        }
        XCTAssertEqual(SectionLengths(repeating: [1, 2], count: 0).count, 0)
        XCTAssertEqual(SectionLengths([3]).listed, [3])
        XCTAssertNil(SectionLengths(repeating: [1, 2], count: 5).listed)
    }

    private func list(_ lengths: SectionLengths, counts: [Int]) -> GridLayout {
        let table = ItemLengths()
        table.sections = counts.map { _ in lengths }
        var layout = GridLayout(itemsPerLine: 1, itemLength: .table(table), interitemSpacing: 6, lineSpacing: 6,
                                insets: EdgeInsets(all: 6), headerLength: 24)
        layout.prepare(LayoutContext(boundsSize: Size(width: 300, height: 500), itemCounts: counts))
        return layout
    }

    func testAListOfRepeatedLengthsLaysOutAsTheSameLengthsListed() {
        var periodic = SectionLengths(repeating: [48, 64, 80, 48, 112], count: 2_000)
        periodic.insert(60, at: 17)
        periodic.remove(at: 400)
        let listed = SectionLengths(Array(periodic))
        let a = list(periodic, counts: [1_999, 1_999]), b = list(listed, counts: [1_999, 1_999])
        XCTAssertEqual(a.contentSize, b.contentSize)
        for s in 0..<2 {
            for item in [0, 1, 16, 17, 18, 399, 400, 1_000, 1_998] {
                XCTAssertEqual(a.attributesForItem(at: ItemPath(item: item, section: s)), b.attributesForItem(at: ItemPath(item: item, section: s)))
            }
        }
        var rng = SplitMix(seed: 3)
        for _ in 0..<200 {
            let y = Double(rng.next(Int(a.contentSize.height)))
            let rect = Rect(0, y, 300, Double(rng.next(900)))
            XCTAssertEqual(a.attributesForElements(in: rect), b.attributesForElements(in: rect), "rect at \(y)")
            let p = Point(150, y)
            XCTAssertEqual(a.targetIndexPath(forMoving: ItemPath(item: 0, section: 1), at: p),
                           b.targetIndexPath(forMoving: ItemPath(item: 0, section: 1), at: p), "target at \(y)")
        }
    }
}
