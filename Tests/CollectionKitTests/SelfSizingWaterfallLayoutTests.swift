@testable import CollectionKit
import CollectionKitTesting
import XCTest

/// A waterfall of items that size themselves: corrections never move what is shown while the
/// view stands still, columns stay in line at the top, `End` lands on the content's end, and a
/// million items are never measured or placed again all at once.
final class SelfSizingWaterfallLayoutTests: XCTestCase {
    /// The views hold their data sources weakly.
    private var sources: [NumberedTiles] = []

    /// A real height far from the 100-point estimate: 20 to 320 points, fixed per item.
    static func realHeight(_ item: Int) -> Double {
        Double(20 + Int(truncatingIfNeeded: (UInt64(item) &* 0x9E37_79B9_7F4A_7C15) >> 40) % 300)
    }

    private func makeView(_ count: Int, size: Size = Size(width: 700, height: 600)) -> CollectionView {
        let source = NumberedTiles(count)
        sources.append(source)
        let layout = SelfSizingWaterfallLayout(minimumColumnWidth: 150, spacing: 10, insets: EdgeInsets(all: 12),
                                               estimatedHeight: { _, _ in 100 }, measure: { ip, _ in Self.realHeight(ip.item) })
        let cv = CollectionView(name: "notes", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(origin: .zero, size: size))
        cv.reloadData()
        cv.update(now: 0)
        return cv
    }

    private func waterfall(_ cv: CollectionView) -> SelfSizingWaterfallLayout { cv.layout as! SelfSizingWaterfallLayout }

    /// Where each shown item is on screen.
    private func screenFrames(_ cv: CollectionView) -> [Int: Rect] {
        var out: [Int: Rect] = [:]
        for a in cv.layout.attributesForElements(in: cv.bounds) { out[a.indexPath.item] = a.frame.offsetBy(dx: 0, dy: -cv.bounds.minY) }
        return out
    }

    func testItemsAreDealtToTheShortestColumnByTheirEstimates() {
        let cv = makeView(9)
        let layout = waterfall(cv)
        XCTAssertEqual(layout.columnCount, 4, "(676 + 10) / (150 + 10) columns")
        // Equal estimates deal left to right, row by row.
        XCTAssertEqual((0..<9).map { layout.column(ofItemAt: ItemPath(item: $0)) }, [0, 1, 2, 3, 0, 1, 2, 3, 0])
        // Shown items have their real heights, and each column is a stack of them.
        for item in 0..<9 {
            let f = layout.attributesForItem(at: ItemPath(item: item))!.frame
            XCTAssertEqual(f.height, Self.realHeight(item), "item \(item)")
            if item >= 4 {
                let above = layout.attributesForItem(at: ItemPath(item: item - 4))!.frame
                XCTAssertEqual(f.minY, above.maxY + 10, "item \(item) sits below item \(item - 4)")
                XCTAssertEqual(f.minX, above.minX)
            } else {
                XCTAssertEqual(f.minY, 12)
            }
        }
        let tallest = (0..<4).map { c in (0..<9).filter { $0 % 4 == c }.map { layout.attributesForItem(at: ItemPath(item: $0))!.frame.maxY }.max()! }.max()!
        XCTAssertEqual(cv.contentSize.height, tallest + 12)
    }

    func testOnlyItemsNearTheViewAreMeasured() {
        let cv = makeView(1_000_000)
        for a in cv.layout.attributesForElements(in: cv.bounds) {
            XCTAssertEqual(a.frame.height, Self.realHeight(a.indexPath.item), "item \(a.indexPath.item)")
        }
        XCTAssertLessThan(waterfall(cv).measuredCount, 60)
    }

    func testCorrectionsNeverMoveWhatIsShownWhileTheViewStandsStill() {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<20 {
            let cv = makeView(100_000)
            let target = Double.random(in: 2000..<cv.contentSize.height - 2000, using: &generator)
            cv.physics.jump(to: Point(x: 0, y: target))
            let before = screenFrames(cv)
            cv.update(now: 1)
            let after = screenFrames(cv)
            // In every column, the first item starting in view stays exactly where it was.
            let layout = waterfall(cv)
            for c in 0..<layout.columnCount {
                let inColumn = before.filter { layout.column(ofItemAt: ItemPath(item: $0.key)) == c && $0.value.minY >= 0 }
                guard let first = inColumn.min(by: { $0.value.minY < $1.value.minY }) else { continue }
                XCTAssertEqual(after[first.key]?.minY ?? .nan, first.value.minY, accuracy: 0.001,
                               "round \(round): item \(first.key), the first shown in column \(c)")
            }
            // Scrolling in small steps with pauses: in a frame where the view does not move, nothing
            // shown moves; in one where it does, items of a column move together, and columns by at
            // most half the scroll against each other.
            var now = 1.0
            for step in 0..<80 {
                let previous = screenFrames(cv)
                let dy = step % 2 == 1 ? 0 : (step < 40 ? -1.0 : 1.0) * Double.random(in: 5...120, using: &generator)
                cv.physics.jump(to: Point(x: 0, y: cv.physics.offset.y + dy))
                now += 1.0 / 60
                cv.update(now: now)
                let current = screenFrames(cv)
                var byColumn: [Int: [Double]] = [:]
                for (key, f) in previous {
                    guard let g = current[key] else { continue }
                    XCTAssertEqual(g.height, f.height, "round \(round) step \(step): a shown item changed size")
                    byColumn[layout.column(ofItemAt: ItemPath(item: key))!, default: []].append(g.minY - f.minY)
                }
                let all = byColumn.values.flatMap { $0 }
                guard let lo = all.min(), let hi = all.max() else { continue }
                if dy == 0 {
                    XCTAssertLessThanOrEqual(hi - lo, 0.001, "round \(round) step \(step): shown items moved with the view still")
                } else {
                    for (c, deltas) in byColumn { XCTAssertLessThanOrEqual(deltas.max()! - deltas.min()!, 0.001, "column \(c) came apart") }
                    XCTAssertLessThanOrEqual(hi - lo, SelfSizingWaterfallLayout.realignRate * abs(dy) + 0.001,
                                             "round \(round) step \(step): columns slid more than half the scroll")
                }
            }
        }
    }

    func testColumnsStartTogetherOnceTheViewIsBackAtTheTop() {
        let cv = makeView(100_000)
        cv.physics.jump(to: Point(x: 0, y: 20_000))
        var now = 0.0
        // Scroll back up a screen at a time, measuring everything above on the way.
        while cv.physics.offset.y > 0 {
            cv.physics.jump(to: Point(x: 0, y: max(0, cv.physics.offset.y - 300)))
            now += 1.0 / 60
            cv.update(now: now)
        }
        now += 1.0 / 60
        cv.update(now: now)
        let layout = waterfall(cv)
        for c in 0..<layout.columnCount {
            let first = (0..<20).first { layout.column(ofItemAt: ItemPath(item: $0)) == c }!
            XCTAssertEqual(layout.attributesForItem(at: ItemPath(item: first))!.frame.minY, 12, "column \(c) starts at the inset")
        }
        XCTAssertEqual(cv.physics.offset.y, 0)
    }

    func testEndLandsExactlyOnTheEnd() {
        let cv = makeView(1_000_000)
        var interaction = CollectionInteraction()
        _ = interaction.handle(.key(.end, []), in: cv, now: 0)
        var now = 0.0
        while now < 5, cv.physics.nextDeadline(after: now) != nil {
            now += 1.0 / 60
            cv.update(now: now)
        }
        let shown = cv.layout.attributesForElements(in: cv.bounds)
        for a in shown { XCTAssertEqual(a.frame.height, Self.realHeight(a.indexPath.item), "item \(a.indexPath.item) measured") }
        let lowest = shown.map(\.frame.maxY).max()!
        XCTAssertEqual(cv.bounds.maxY, lowest + 12, accuracy: 0.01, "the lowest item ends at the bottom of the view, inset kept")
        XCTAssertEqual(cv.physics.offset.y, cv.physics.maxOffset.y, accuracy: 0.01)
        // Every column ends at or above the view's bottom: the lowest end is the content's end.
        let layout = waterfall(cv)
        for c in 0..<layout.columnCount {
            let last = (999_900..<1_000_000).last { layout.column(ofItemAt: ItemPath(item: $0)) == c }!
            XCTAssertLessThanOrEqual(cv.layout.attributesForItem(at: ItemPath(item: last))!.frame.maxY, lowest, "column \(c)")
        }
        XCTAssertEqual(cv.contentSize.height, lowest + 12, accuracy: 0.01)
        // Home comes back to the first, with every column at the top.
        _ = interaction.handle(.key(.home, []), in: cv, now: now)
        while now < 10, cv.physics.nextDeadline(after: now) != nil {
            now += 1.0 / 60
            cv.update(now: now)
        }
        XCTAssertEqual(cv.physics.offset.y, 0)
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame.minY, 12)
        XCTAssertLessThan(waterfall(cv).measuredCount, 20_000, "no full relayout")
    }

    func testAResizeDealsAgainForTheNewColumns() {
        let cv = makeView(500)
        XCTAssertEqual(waterfall(cv).columnCount, 4)
        cv.setFrame(Rect(origin: .zero, size: Size(width: 360, height: 600)))
        cv.update(now: 1)
        XCTAssertEqual(waterfall(cv).columnCount, 2)
        for a in cv.layout.attributesForElements(in: cv.bounds) {
            XCTAssertEqual(a.frame.height, Self.realHeight(a.indexPath.item))
            XCTAssertLessThanOrEqual(a.frame.maxX, 360 - 12 + 0.001)
        }
    }
}
