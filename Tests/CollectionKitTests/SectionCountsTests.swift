import CollectionKit
import XCTest

/// Section counts given as a rule (`CollectionDataSource.sectionCounts(in:)`): the view keeps the
/// rule, asks nothing section by section, hands it to its layout, and reads, checks updates and
/// answers `itemCounts` as it does with the array. (Drawing still checks the counts of the
/// sections in view with the data source.)
final class SectionCountsTests: XCTestCase {
    /// Month pages of 42 days, as a rule (or, with `rule` off, section by section).
    private final class Months: CollectionDataSource {
        var sections: Int
        var rule: SectionCounts?
        /// The sections the view asked for a count (drawing checks those of the cells in view).
        var asked: Set<Int> = []
        init(_ sections: Int) {
            self.sections = sections
            rule = SectionCounts(sections: sections, itemsInEach: 42)
        }
        func numberOfSections(in cv: CollectionView) -> Int { sections }
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int {
            asked.insert(section)
            return rule?[section] ?? 42
        }
        func sectionCounts(in cv: CollectionView) -> SectionCounts? { rule }
        func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.section * 100 + ip.item }
        func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
            cell.configure(number: ip.item)
            return cell
        }
    }

    /// One page a section, 7 columns of 6 rows: records what `prepare` was given.
    private struct Pages: CollectionLayout {
        var scrollAxis: Axis { .horizontal }
        var context = LayoutContext(boundsSize: .zero, sectionCounts: [])
        var contentSize: Size { Size(width: context.boundsSize.width * Double(context.sectionCounts.count), height: context.boundsSize.height) }
        mutating func prepare(_ context: LayoutContext) { self.context = context }
        func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
            let w = context.boundsSize.width
            guard w > 0, !context.sectionCounts.isEmpty else { return [] }
            let first = max(0, Int(rect.minX / w)), last = min(context.sectionCounts.count - 1, Int(rect.maxX / w))
            guard first <= last else { return [] }
            return (first...last).flatMap { page in
                (0..<context.sectionCounts[page]).compactMap { attributesForItem(at: ItemPath(item: $0, section: page)) }
                    .filter { $0.frame.intersects(rect) }
            }
        }
        func attributesForItem(at ip: ItemPath) -> LayoutAttributes? {
            guard context.sectionCounts.indices.contains(ip.section), (0..<context.sectionCounts[ip.section]).contains(ip.item) else { return nil }
            let cw = context.boundsSize.width / 7, ch = context.boundsSize.height / 6
            return LayoutAttributes(indexPath: ip, frame: Rect(x: Double(ip.section) * context.boundsSize.width + Double(ip.item % 7) * cw,
                                                               y: Double(ip.item / 7) * ch, width: cw, height: ch))
        }
    }

    private func makeView(_ months: Months) -> CollectionView {
        let cv = CollectionView(name: "months", layout: Pages())
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = months
        cv.setFrame(Rect(x: 0, y: 0, width: 700, height: 600))
        cv.reloadData()
        cv.update(now: 0)
        return cv
    }

    func testARuleIsKeptAsGivenAndNothingIsAskedSectionBySection() throws {
        let months = Months(101_004)
        let cv = makeView(months)
        XCTAssertLessThanOrEqual(months.asked.count, 1)
        XCTAssertTrue(cv.sectionCounts.isComputed)
        XCTAssertTrue(try XCTUnwrap(cv.layout as? Pages).context.sectionCounts.isComputed)
        XCTAssertEqual(cv.numberOfItems, 101_004 * 42)
        XCTAssertEqual(cv.sectionCounts.count, 101_004)
        XCTAssertEqual(cv.sectionCounts[101_003], 42)
        XCTAssertEqual(cv.visibleCells.count, 42)
        XCTAssertEqual(cv.identifier(at: ItemPath(item: 41, section: 101_003)), AnyHashable(10_100_341))
        XCTAssertNil(cv.identifier(at: ItemPath(item: 42, section: 0)))
        XCTAssertNil(cv.identifier(at: ItemPath(item: 0, section: 101_004)))
        cv.physics.jump(to: Point(700 * 50_000, 0))
        cv.update(now: 1)
        XCTAssertEqual(Set(cv.visibleCells.keys.map(\.section)), [50_000])
        // `itemCounts` still reads as the array it was.
        XCTAssertEqual(cv.itemCounts, Array(repeating: 42, count: 101_004))
        // Without the rule the view asks each section and keeps the same counts as an array.
        months.rule = nil
        cv.reloadData()
        XCTAssertEqual(months.asked.count, 101_004)
        XCTAssertFalse(cv.sectionCounts.isComputed)
        XCTAssertEqual(cv.sectionCounts, SectionCounts(sections: 101_004, itemsInEach: 42))
        XCTAssertEqual(cv.numberOfItems, 101_004 * 42)
    }

    func testBatchUpdatesAreCheckedAgainstARule() throws {
        let months = Months(1000)
        let cv = makeView(months)
        // A page grows by one day: the rule says so and the update adds up.
        months.rule = SectionCounts(sections: 1000) { $0 == 500 ? 43 : 42 }
        XCTAssertNoThrow(try cv.performBatchUpdates([.insert([ItemPath(item: 42, section: 500)])], animated: false))
        XCTAssertEqual(cv.numberOfItems, 1000 * 42 + 1)
        XCTAssertEqual(cv.sectionCounts[500], 43)
        XCTAssertLessThanOrEqual(months.asked.count, 1)
        // One that does not add up is refused, and the view keeps its counts.
        months.rule = SectionCounts(sections: 1000) { $0 == 500 || $0 == 7 ? 43 : 42 }
        XCTAssertThrowsError(try cv.performBatchUpdates([.reload([ItemPath(item: 0, section: 7)])], animated: false)) { error in
            XCTAssertTrue("\(error)".contains("section 7 had 42 items and the updates add 0"), "\(error)")
        }
        XCTAssertEqual(cv.sectionCounts[7], 42)
        XCTAssertEqual(cv.numberOfItems, 1000 * 42 + 1)
    }

    func testCountsCompareAndReadAlikeWhateverTheirForm() {
        let array = SectionCounts([42, 42, 42]), alike = SectionCounts(sections: 3, itemsInEach: 42)
        let rule = SectionCounts(sections: 3) { _ in 42 }
        XCTAssertEqual(array, alike)
        XCTAssertEqual(alike, rule)
        XCTAssertEqual(rule, array)
        XCTAssertNotEqual(alike, SectionCounts(sections: 4, itemsInEach: 42))
        XCTAssertNotEqual(rule, SectionCounts([42, 41, 42]))
        XCTAssertEqual(SectionCounts(sections: 0, itemsInEach: 5), SectionCounts(sections: 0, itemsInEach: 7))
        XCTAssertEqual(SectionCounts(sections: 0, itemsInEach: 5), [])
        for counts in [array, alike, rule] {
            XCTAssertEqual(counts.total, 126)
            XCTAssertEqual(counts.array, [42, 42, 42])
            XCTAssertEqual(counts.indices, 0..<3)
            XCTAssertEqual(counts.first, 42)
        }
        XCTAssertFalse(array.isComputed)
        XCTAssertTrue(alike.isComputed)
        XCTAssertEqual(SectionCounts(sections: 2) { $0 + 1 }.total, 3)
        // The layout context's array reads and writes through its counts.
        var context = LayoutContext(boundsSize: Size(10, 10), sectionCounts: alike)
        XCTAssertEqual(context.itemCounts, [42, 42, 42])
        XCTAssertEqual(context.totalItems, 126)
        context.itemCounts = [1, 2]
        XCTAssertEqual(context.sectionCounts, [1, 2])
        XCTAssertFalse(context.sectionCounts.isComputed)
    }
}
