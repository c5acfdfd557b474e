@testable import CollectionKit
import XCTest

/// A last section of more than `CompositionalLayout.lazyFormingThreshold` items forms only its
/// first screens in `prepare`; its height is estimated, and becomes exact once the view reaches
/// the end. Checked against the same section prepared whole (followed by an empty section, so it
/// is not the last and forms every group).
final class CompositionalLazyFormingTests: XCTestCase {
    private let n = CompositionalLayout.lazyFormingThreshold + 300_000
    private let bounds = Size(width: 1280, height: 800)

    private static func width(_ i: Int) -> PairedRows.ItemWidth { i % 3 == 0 || i % 7 == 0 ? .full : .half }

    private static func section() -> LayoutSection {
        PairedRows.section(columns: 4, contentWidth: 1248, spacing: 16, contentInsets: EdgeInsets(all: 16),
                           header: BoundarySupplementaryItem(height: .absolute(44), pinToVisibleBounds: true), width: width)
    }

    private func layouts() -> (lazy: CompositionalLayout, whole: CompositionalLayout) {
        var lazy = CompositionalLayout { _, _ in Self.section() }
        lazy.prepare(LayoutContext(boundsSize: bounds, itemCounts: [n]))
        var whole = CompositionalLayout { s, _ in
            s == 0 ? Self.section() : LayoutSection(group: .horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(10)), subitems: []))
        }
        whole.prepare(LayoutContext(boundsSize: bounds, itemCounts: [n, 0]))
        return (lazy, whole)
    }

    func testTheFirstScreensFormAndTheHeightIsEstimatedClosely() {
        let (lazy, whole) = layouts()
        XCTAssertLessThan(lazy.formedGroupCount, 100, "a couple of screens of groups, not all \(whole.formedGroupCount)")
        let exact = whole.sections[0].frame.height
        XCTAssertEqual(lazy.contentSize.height, exact, accuracy: exact * 0.01, "the estimate is within 1%")
        let top = Rect(x: 0, y: 0, width: 1280, height: 800)
        XCTAssertEqual(lazy.attributesForElements(in: top), whole.attributesForElements(in: top))
        for item in [0, 1, 57, 400] {
            XCTAssertEqual(lazy.attributesForItem(at: ItemPath(item: item, section: 0)), whole.attributesForItem(at: ItemPath(item: item, section: 0)))
        }
    }

    func testScrollingFormsAsFarAsAskedAndKeepsTheHeightUntilTheEnd() {
        var (lazy, whole) = layouts()
        let estimate = lazy.contentSize.height
        let middle = Rect(x: 0, y: 3_000_000, width: 1280, height: 800)
        XCTAssertEqual(lazy.settleSizes(around: middle, margin: 800, anchoredAtEnd: false), 0)
        XCTAssertEqual(lazy.attributesForElements(in: middle), whole.attributesForElements(in: middle))
        XCTAssertLessThan(lazy.formedGroupCount, whole.formedGroupCount, "nothing past the view formed")
        XCTAssertEqual(lazy.contentSize.height, estimate, "the height stays while the groups formed fit in it")
    }

    func testTheViewAtTheEndMakesTheHeightExactAndKeepsToTheEnd() {
        var (lazy, whole) = layouts()
        let estimate = lazy.contentSize.height
        let exact = whole.sections[0].frame.height
        let end = Rect(x: 0, y: estimate - 800, width: 1280, height: 800)
        let shift = lazy.settleSizes(around: end, margin: 800, anchoredAtEnd: true)
        XCTAssertEqual(lazy.contentSize.height, exact)
        XCTAssertEqual(shift, exact - estimate, accuracy: 1e-6, "the view follows the end")
        XCTAssertEqual(lazy.formedGroupCount, whole.formedGroupCount)
        let last = ItemPath(item: n - 1, section: 0)
        XCTAssertEqual(lazy.attributesForItem(at: last), whole.attributesForItem(at: last))
        // Settled, it stays.
        XCTAssertEqual(lazy.settleSizes(around: end.offsetBy(dx: 0, dy: shift), margin: 800, anchoredAtEnd: true), 0)
    }

    func testAMillionItemsOrFewerStillFormWhole() {
        var l = CompositionalLayout { _, _ in Self.section() }
        l.prepare(LayoutContext(boundsSize: bounds, itemCounts: [CompositionalLayout.lazyFormingThreshold]))
        XCTAssertTrue(l.sections[0].groups.isComplete)
        XCTAssertNil(l.sections[0].groups.extentPerItem)
    }
}
