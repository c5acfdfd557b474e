@testable import CollectionKit
import CollectionKitTesting
import XCTest

private final class SectionsSource: CollectionDataSource {
    let counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in cv: CollectionView) -> Int { counts.count }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ip.item)
        return cell
    }
}

/// One section whose items can be moved; heights follow the item, wherever it goes.
private final class MovableSource: CollectionDataSource {
    var order: [Int]
    init(_ counts: [Int]) { order = Array(0..<counts[0]) }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { order.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { order[ip.item] }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: order[ip.item])
        return cell
    }
    func collectionView(_ cv: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool { true }
    func collectionView(_ cv: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
        order.insert(order.remove(at: source.item), at: destination.item)
    }
}

/// A compositional layout whose estimated rows are measured near the view
/// (`measuresNearTheView`), as UIKit's estimated dimensions: no item far from the view is
/// measured, corrections never move what is shown, and `End` lands on the last item.
final class CompositionalEstimatesTests: XCTestCase {
    /// The views hold their data sources weakly.
    private var sources: [SectionsSource] = []

    /// A real height far from the 50-point estimate: 20 to 200 points, fixed per item.
    static func realHeight(_ ip: ItemPath) -> Double {
        Double(20 + Int(truncatingIfNeeded: (UInt64(ip.item &+ 7919 &* ip.section) &* 0x9E37_79B9_7F4A_7C15) >> 40) % 180)
    }

    /// Rows of two items side by side, each row as tall as its taller item, in sections with a header.
    private func makeLayout() -> CompositionalLayout {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.5), height: .estimated(50)))
        let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(50)), repeating: item, count: 2)
        var layout = CompositionalLayout(interSectionSpacing: 16) { _, _ in
            LayoutSection(group: row, interGroupSpacing: 6, contentInsets: EdgeInsets(all: 10),
                          header: BoundarySupplementaryItem(kind: "header", height: .absolute(30)))
        }
        layout.measure = { ip, _ in Self.realHeight(ip) }
        layout.measuresNearTheView = true
        return layout
    }

    private func makeView(_ counts: [Int]) -> CollectionView {
        let source = SectionsSource(counts)
        sources.append(source)
        let cv = CollectionView(name: "estimates", layout: makeLayout())
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(origin: .zero, size: Size(width: 400, height: 600)))
        cv.reloadData()
        cv.update(now: 0)
        return cv
    }

    private func compositional(_ cv: CollectionView) -> CompositionalLayout { cv.layout as! CompositionalLayout }

    private func screenTops(_ cv: CollectionView) -> [ItemPath: Double] {
        var out: [ItemPath: Double] = [:]
        for a in cv.layout.attributesForElements(in: cv.bounds) where a.kind == .cell { out[a.indexPath] = a.frame.minY - cv.bounds.minY }
        return out
    }

    /// The number of groups measured so far, across sections.
    private func measuredGroups(_ cv: CollectionView) -> Int { compositional(cv).sections.reduce(0) { $0 + $1.groups.measured.count } }

    /// A row's height: its taller item's.
    static func rowHeight(_ ip: ItemPath) -> Double {
        max(realHeight(ItemPath(item: ip.item & ~1, section: ip.section)), realHeight(ItemPath(item: ip.item | 1, section: ip.section)))
    }

    func testOnlyRowsNearTheViewAreMeasuredAndTakeTheirTallerItem() {
        let cv = makeView([100_000, 50])
        XCTAssertGreaterThan(measuredGroups(cv), 0)
        XCTAssertLessThan(measuredGroups(cv), 40, "no measuring of rows far from the view")
        for a in cv.layout.attributesForElements(in: cv.bounds) where a.kind == .cell {
            XCTAssertEqual(a.frame.height, Self.realHeight(a.indexPath), "\(a.indexPath)")
        }
        // Rows stack with their spacing, each as tall as its taller item.
        let first = cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame
        let third = cv.layout.attributesForItem(at: ItemPath(item: 2))!.frame
        XCTAssertEqual(third.minY, first.minY + Self.rowHeight(ItemPath(item: 0)) + 6)
        XCTAssertEqual(first.minY, 30 + 10, "below the header and the inset")
    }

    func testCorrectionsAboveNeverMoveWhatIsShown() {
        var generator = SeededGenerator(seed: 41)
        for round in 0..<30 {
            let cv = makeView([30_000, 40, 30_000])
            let target = Double.random(in: 0..<cv.contentSize.height - 600, using: &generator)
            cv.physics.jump(to: Point(x: 0, y: target))
            let before = screenTops(cv)
            let firstShown = before.filter { $0.value >= 0 }.min { $0.value < $1.value }
            cv.update(now: 1)
            let after = screenTops(cv)
            if let firstShown {
                XCTAssertEqual(after[firstShown.key] ?? .nan, firstShown.value, accuracy: 0.001, "round \(round): \(firstShown.key) at \(target)")
            }
            var now = 1.0
            for step in 0..<60 {
                let previous = screenTops(cv)
                let dy = (step < 30 ? -1.0 : 1.0) * Double.random(in: 5...90, using: &generator)
                cv.physics.jump(to: Point(x: 0, y: cv.physics.offset.y + dy))
                now += 1.0 / 60
                cv.update(now: now)
                let current = screenTops(cv)
                var deltas: [Double] = []
                for (key, y) in previous { if let y2 = current[key] { deltas.append(y2 - y) } }
                if let lo = deltas.min(), let hi = deltas.max() {
                    XCTAssertLessThanOrEqual(hi - lo, 0.5, "round \(round) step \(step): shown items moved apart")
                }
            }
        }
    }

    func testACorrectionMovesTheSectionsBelow() {
        let cv = makeView([10, 10])
        let layout = compositional(cv)
        // Everything fits in two screens: scroll through it so that every row is measured.
        cv.physics.jump(to: Point(x: 0, y: 10_000))
        cv.update(now: 1)
        cv.physics.jump(to: Point(x: 0, y: 0))
        cv.update(now: 2)
        XCTAssertEqual(measuredGroups(cv), 10)
        let last = compositional(cv).sections[0].frame.maxY
        let header = compositional(cv).headerAttributes(section: 1)!.frame
        XCTAssertEqual(header.minY, last + 16, "the second section follows the first's measured height")
        var bottom = 30.0 + 10
        for row in 0..<5 {
            let h = Self.rowHeight(ItemPath(item: 2 * row))
            XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 2 * row))!.frame.minY, bottom, "row \(row)")
            bottom += h + 6
        }
        XCTAssertEqual(compositional(cv).contentSize.height, compositional(cv).sections[1].frame.maxY)
        _ = layout
    }

    func testEndLandsExactlyOnTheLastItem() {
        let cv = makeView([1_000, 500_000])
        var interaction = CollectionInteraction()
        _ = interaction.handle(.key(.end, []), in: cv, now: 0)
        var now = 0.0
        while now < 5, cv.physics.nextDeadline(after: now) != nil {
            now += 1.0 / 60
            cv.update(now: now)
        }
        let lastItem = ItemPath(item: 499_999, section: 1)
        let last = cv.layout.attributesForItem(at: lastItem)!.frame
        XCTAssertEqual(last.height, Self.realHeight(lastItem))
        XCTAssertEqual(cv.bounds.maxY, last.minY + Self.rowHeight(lastItem) + 10, accuracy: 0.01,
                       "the last row ends at the bottom of the view, inset kept")
        XCTAssertEqual(cv.physics.offset.y, cv.physics.maxOffset.y, accuracy: 0.01)
        _ = interaction.handle(.key(.home, []), in: cv, now: now)
        while now < 10, cv.physics.nextDeadline(after: now) != nil {
            now += 1.0 / 60
            cv.update(now: now)
        }
        XCTAssertEqual(cv.physics.offset.y, 0)
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame.minY, 40)
        XCTAssertLessThan(measuredGroups(cv), 10_000, "no full relayout")
    }

    func testAMovementInASectionOfEstimatesKeepsTheShownHeights() {
        let source = MovableSource([2_000])
        var layout = makeLayout()
        // Heights belong to the items, wherever the data source has moved them.
        layout.measure = { [unowned source] ip, _ in Self.realHeight(ItemPath(item: source.order[ip.item])) }
        let cv = CollectionView(name: "estimates", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(origin: .zero, size: Size(width: 400, height: 600)))
        cv.reloadData()
        cv.update(now: 0)
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 1)))
        let target = cv.layout.attributesForItem(at: ItemPath(item: 6))!.frame
        cv.updateInteractiveMovementTargetPosition(Point(x: target.midX, y: target.midY))
        cv.update(now: 1)
        // Every shown item has a measured height (the moved one shows in its new slot with its own).
        for a in cv.layout.attributesForElements(in: cv.bounds) where a.kind == .cell && a.frame.maxY < 500 {
            let data = cv.dataIndexPath(forDisplayed: a.indexPath)
            XCTAssertEqual(a.frame.height, Self.realHeight(data), "\(a.indexPath) shows \(data)")
        }
        XCTAssertEqual(cv.endInteractiveMovement(), ItemPath(item: 6))
        cv.update(now: 2)
        XCTAssertEqual(source.order[6], 1)
        for a in cv.layout.attributesForElements(in: cv.bounds) where a.kind == .cell {
            XCTAssertEqual(a.frame.height, Self.realHeight(ItemPath(item: source.order[a.indexPath.item])), "\(a.indexPath) after the drop")
        }
    }

    func testWithoutTheFlagEveryEstimateIsMeasuredInPrepare() {
        var layout = makeLayout()
        layout.measuresNearTheView = false
        layout.prepare(LayoutContext(boundsSize: Size(width: 400, height: 600), itemCounts: [200]))
        XCTAssertEqual(layout.sections[0].groups.measured.count, 100)
        XCTAssertEqual(layout.settleSizes(around: Rect(0, 0, 400, 600), margin: 600, anchoredAtEnd: false), 0)
    }
}
