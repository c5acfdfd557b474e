@testable import CollectionKit
import CollectionKitTesting
import XCTest

/// Items that size themselves: estimates corrected near the viewport never move what is shown,
/// `End` lands on the last item, and a million items cost no full relayout.
final class SelfSizingListLayoutTests: XCTestCase {
    /// The views hold their data sources weakly.
    private var sources: [NumberedTiles] = []

    /// A real height far from the 60-point estimate: 20 to 220 points, fixed per item.
    static func realHeight(_ item: Int) -> Double {
        Double(20 + Int(truncatingIfNeeded: (UInt64(item) &* 0x9E37_79B9_7F4A_7C15) >> 40) % 200)
    }

    private func makeView(_ count: Int, columns: Double? = nil, size: Size = Size(width: 400, height: 600)) -> (CollectionView, NumberedTiles) {
        let source = NumberedTiles(count)
        sources.append(source)
        let layout = SelfSizingListLayout(minimumColumnWidth: columns, spacing: 8, insets: EdgeInsets(all: 10),
                                          estimatedHeight: { _, _ in 60 }, measure: { ip, _ in Self.realHeight(ip.item) })
        let cv = CollectionView(name: "list", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(origin: .zero, size: size))
        cv.reloadData()
        cv.update(now: 0)
        return (cv, source)
    }

    private func screenTops(_ cv: CollectionView) -> [Int: Double] {
        var out: [Int: Double] = [:]
        for a in cv.layout.attributesForElements(in: cv.bounds) { out[a.indexPath.item] = a.frame.minY - cv.bounds.minY }
        return out
    }

    func testRowIndexSumsAndFinds() {
        var rows = RowHeightIndex([10, 20, 30])
        XCTAssertEqual(rows.top(of: 0), 0)
        XCTAssertEqual(rows.top(of: 2), 30)
        XCTAssertEqual(rows.total, 60)
        XCTAssertEqual(rows.row(at: 0), 0)
        XCTAssertEqual(rows.row(at: 29.9), 1)
        XCTAssertEqual(rows.row(at: 30), 2)
        XCTAssertEqual(rows.row(at: 1000), 2)
        rows.set(1, to: 5)
        XCTAssertEqual(rows.top(of: 2), 15)
        XCTAssertEqual(rows.row(at: 16), 2)
        XCTAssertNil(RowHeightIndex([]).row(at: 0))
        // A sweep against plain sums.
        var generator = SeededGenerator(seed: 3)
        var plain = (0..<257).map { _ in Double(Int.random(in: 1...50, using: &generator)) }
        var index = RowHeightIndex(plain)
        for _ in 0..<200 {
            let i = Int.random(in: 0..<plain.count, using: &generator)
            plain[i] = Double(Int.random(in: 1...50, using: &generator))
            index.set(i, to: plain[i])
            let k = Int.random(in: 0...plain.count, using: &generator)
            XCTAssertEqual(index.top(of: k), plain[..<k].reduce(0, +))
            let y = Double.random(in: 0..<plain.reduce(0, +), using: &generator)
            let r = index.row(at: y)!
            XCTAssertTrue(index.top(of: r) <= y && y < index.top(of: r + 1), "row \(r) spans \(y)")
        }
    }

    func testVisibleItemsHaveTheirRealHeights() {
        let (cv, _) = makeView(1000)
        let shown = cv.layout.attributesForElements(in: cv.bounds)
        XCTAssertFalse(shown.isEmpty)
        for a in shown { XCTAssertEqual(a.frame.height, Self.realHeight(a.indexPath.item), "item \(a.indexPath.item)") }
        let measured = (cv.layout as! SelfSizingListLayout).measuredCount
        XCTAssertLessThan(measured, 60, "only items near the viewport are measured")
    }

    func testCorrectionsAboveNeverMoveWhatIsShown() {
        var generator = SeededGenerator(seed: 22)
        for _ in 0..<40 {
            let (cv, _) = makeView(100_000)
            // Jump anywhere: everything there is still an estimate until the next update.
            let target = Double.random(in: 0..<cv.contentSize.height - 600, using: &generator)
            cv.physics.jump(to: Point(x: 0, y: target))
            let before = screenTops(cv)
            // The first item that starts in view (the one above may be cut off, and be measured now).
            let firstShown = before.filter { $0.value >= 0 }.min { $0.value < $1.value }!
            cv.update(now: 1)
            let after = screenTops(cv)
            // The item at the top of the view stays exactly where it was on screen.
            XCTAssertEqual(after[firstShown.key] ?? .nan, firstShown.value, accuracy: 0.5, "item \(firstShown.key) at \(target)")
            // Then scrolling up and down a few screens in small steps moves every shown item together.
            var now = 1.0
            for step in 0..<60 {
                let previous = screenTops(cv)
                let dy = (step < 30 ? -1.0 : 1.0) * Double.random(in: 5...80, using: &generator)
                cv.physics.jump(to: Point(x: 0, y: cv.physics.offset.y + dy))
                now += 1.0 / 60
                cv.update(now: now)
                let current = screenTops(cv)
                var deltas: [Double] = []
                for (key, y) in previous { if let now = current[key] { deltas.append(now - y) } }
                if let lo = deltas.min(), let hi = deltas.max() {
                    XCTAssertLessThanOrEqual(hi - lo, 0.5, "shown items moved apart at step \(step)")
                }
            }
        }
    }

    func testEndLandsExactlyOnTheLastItem() {
        let (cv, _) = makeView(1_000_000)
        var interaction = CollectionInteraction()
        _ = interaction.handle(.key(.end, []), in: cv, now: 0)
        var now = 0.0
        while now < 5, cv.physics.nextDeadline(after: now) != nil {
            now += 1.0 / 60
            cv.update(now: now)
        }
        let last = cv.layout.attributesForItem(at: ItemPath(item: 999_999))!.frame
        XCTAssertEqual(last.height, Self.realHeight(999_999))
        XCTAssertEqual(cv.bounds.maxY, last.maxY + 10, accuracy: 0.01, "the last item ends at the bottom of the view, inset kept")
        XCTAssertEqual(cv.physics.offset.y, cv.physics.maxOffset.y, accuracy: 0.01)
        // And Home comes back to the first.
        _ = interaction.handle(.key(.home, []), in: cv, now: now)
        while now < 10, cv.physics.nextDeadline(after: now) != nil {
            now += 1.0 / 60
            cv.update(now: now)
        }
        XCTAssertEqual(cv.physics.offset.y, 0)
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame.minY, 10)
        // The animation passes every screen between the ends; a screen of items is measured for each
        // frame, not the million.
        XCTAssertLessThan((cv.layout as! SelfSizingListLayout).measuredCount, 10_000, "no full relayout")
    }

    func testColumnsTakeTheTallestItemOfARow() {
        let (cv, _) = makeView(100, columns: 150)
        let a = cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame
        let b = cv.layout.attributesForItem(at: ItemPath(item: 1))!.frame
        let next = cv.layout.attributesForItem(at: ItemPath(item: 2))!.frame
        XCTAssertEqual(a.minY, b.minY)
        XCTAssertGreaterThan(b.minX, a.minX)
        XCTAssertEqual(next.minY, a.minY + max(Self.realHeight(0), Self.realHeight(1)) + 8)
    }
}
