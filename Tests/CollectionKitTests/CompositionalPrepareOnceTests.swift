@testable import CollectionKit
import XCTest

/// A compositional layout in a view that has no frame yet forms no group: the data applied before
/// the window is laid out costs nothing, and the first real size forms every group once.
final class CompositionalPrepareOnceTests: XCTestCase {
    /// Counts the chooser's calls: one per group formed.
    private final class Calls { var count = 0 }

    private func layout(counting calls: Calls) -> CompositionalLayout {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let one = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(80)), subitems: [.item(item)])
        let two = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
                                         repeating: item, count: 2, spacing: 4)
        return CompositionalLayout { _, _ in
            LayoutSection(groups: [one, two], chooser: { first, count, _ in
                calls.count += 1
                return first % 3 == 0 || first + 1 == count ? 0 : 1
            }, interGroupSpacing: 6)
        }
    }

    private func makeView(items: Int, calls: Calls) -> (CollectionView, DiffableDataSource<Int, Int>) {
        let cv = CollectionView(name: "mosaic-like", layout: layout(counting: calls))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        let source = DiffableDataSource<Int, Int>(collectionView: cv) { cv, ip, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
            cell.configure(number: id)
            return cell
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<items))
        XCTAssertNoThrow(try source.apply(snapshot, animated: false))
        return (cv, source)
    }

    func testDataAppliedBeforeTheFrameFormsEachGroupOnce() {
        let calls = Calls()
        let (cv, _) = makeView(items: 3_000, calls: calls)
        XCTAssertEqual(calls.count, 0, "no frame yet: nothing formed")
        cv.setFrame(Rect(0, 0, 320, 480))
        let groups = (cv.layout as! CompositionalLayout).formedGroupCount
        XCTAssertGreaterThan(groups, 1_000)
        XCTAssertEqual(calls.count, groups, "every group formed once, for the real size")

        // The same frames and height as a layout prepared at that size straight away.
        var direct = layout(counting: Calls())
        direct.prepare(LayoutContext(boundsSize: Size(width: 320, height: 480), itemCounts: [3_000]))
        XCTAssertEqual(cv.layout.contentSize, direct.contentSize)
        for item in [0, 1, 2, 3, 1_500, 2_999] {
            XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: item, section: 0)), direct.attributesForItem(at: ItemPath(item: item, section: 0)))
        }
    }

    func testAFramelessLayoutStillAnswersQueries() {
        let calls = Calls()
        let (cv, _) = makeView(items: 500, calls: calls)
        // Asked before any frame, it forms the groups the question needs, placed as a layout
        // that formed every group at that width would place them.
        let asked = cv.layout.attributesForItem(at: ItemPath(item: 40, section: 0))
        var full = layout(counting: Calls())
        full.prepare(LayoutContext(boundsSize: Size(width: 0, height: 1), itemCounts: [500]))
        XCTAssertNotNil(asked)
        XCTAssertEqual(asked, full.attributesForItem(at: ItemPath(item: 40, section: 0)))
        XCTAssertLessThan(calls.count, 40, "only the groups up to item 40")
    }
}
