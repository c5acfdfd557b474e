@testable import CollectionKit
import XCTest

/// Hover follows the content under a still pointer: a scroll (wheel, keys, a fling) or an
/// animation moves other items under it, and the highlight goes with them.
final class HoverFollowsScrollingTests: XCTestCase {
    private func makeView() -> CollectionView {
        let ds = MovableNumbers(count: 200)
        let cv = CollectionView(name: "grid", layout: GridLayout(itemsPerLine: 4, itemLength: .fixed(100), interitemSpacing: 0,
                                                               lineSpacing: 0, insets: EdgeInsets(all: 0)))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        keep(ds)
        cv.setFrame(Rect(0, 0, 400, 300))
        cv.reloadData()
        return cv
    }

    /// The data source is held weakly by the view: keep it alive for the test.
    private var kept: [AnyObject] = []
    private func keep(_ object: AnyObject) { kept.append(object) }

    func testAScrollUnderAStillPointerMovesTheHover() {
        let cv = makeView()
        let pointer = Point(150, 150)
        cv.updateHover(at: pointer)
        XCTAssertEqual(cv.feedback.hovered, ItemPath(item: 5))
        cv.physics.setOffset(Point(0, 1000), animated: false, now: 0)
        cv.update(now: 1)
        XCTAssertEqual(cv.feedback.hovered, ItemPath(item: 45), "the item now under the pointer")
        XCTAssertEqual(cv.visibleCells[ItemPath(item: 45)]?.isHovered, true)
        XCTAssertNotEqual(cv.visibleCells[ItemPath(item: 5)]?.isHovered, true)
    }

    func testAPointerThatLeftKeepsNoHover() {
        let cv = makeView()
        cv.updateHover(at: Point(150, 150))
        cv.updateHover(at: nil)
        cv.physics.setOffset(Point(0, 1000), animated: false, now: 0)
        cv.update(now: 1)
        XCTAssertNil(cv.feedback.hovered)
    }

    func testTheReactsRuleStillApplies() {
        let cv = makeView()
        cv.updateHover(at: Point(150, 150)) { $0.item < 20 }
        XCTAssertEqual(cv.feedback.hovered, ItemPath(item: 5))
        cv.physics.setOffset(Point(0, 1000), animated: false, now: 0)
        cv.update(now: 1)
        XCTAssertNil(cv.feedback.hovered, "item 45 does not react: the rule is asked again")
    }
}
