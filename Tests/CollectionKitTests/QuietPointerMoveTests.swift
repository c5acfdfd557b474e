@testable import CollectionKit
import XCTest

/// A pointer move that changes nothing a composition shows is absorbed: every part notes the
/// pointer (a hit test) and the window loop neither updates nor draws for it. Anything a move
/// does change (another item hovered, a press, a pan, scroll bars that can show, a part that
/// takes input of its own) goes through `handle` and a frame, as before.
final class QuietPointerMoveTests: XCTestCase {
    private var kept: [AnyObject] = []

    /// 12 items in one column of 100-point rows, 400 x 1300 points of view: the content fits,
    /// so no scroll bar can show.
    private func makeView(height: Double = 1300) -> CollectionView {
        let ds = MovableNumbers(count: 12)
        let cv = CollectionView(name: "list", layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(100), interitemSpacing: 0,
                                                               lineSpacing: 0, insets: EdgeInsets(all: 0)))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        kept.append(ds)
        cv.setFrame(Rect(0, 0, 400, height))
        cv.reloadData()
        return cv
    }

    func testAMoveWithinTheHoveredItemIsAbsorbedAndOneToAnotherItemIsNot() {
        let cv = makeView()
        let root = Composition([CollectionController(view: cv), ClosureComponent(draw: { _ in })])
        _ = root.handle(.pointerMove(Point(50, 50), []), now: 0)
        XCTAssertEqual(cv.feedback.hovered, ItemPath(item: 0))
        XCTAssertTrue(root.absorbs(.pointerMove(Point(60, 90), []), now: 0.1), "still over item 0")
        XCTAssertEqual(root.pointer, Point(60, 90))
        XCTAssertEqual(cv.hoverTracking?.pointer, Point(60, 90), "the view follows the pointer for hover after a scroll")
        XCTAssertFalse(root.absorbs(.pointerMove(Point(60, 150), []), now: 0.2), "item 1 is hovered now: a frame shows it")
        _ = root.handle(.pointerMove(Point(60, 150), []), now: 0.2)
        XCTAssertEqual(cv.feedback.hovered, ItemPath(item: 1))
        XCTAssertEqual(cv.visibleCells[ItemPath(item: 1)]?.isHovered, true)
        XCTAssertNotEqual(cv.visibleCells[ItemPath(item: 0)]?.isHovered, true)
        XCTAssertFalse(root.absorbs(.pointerDown(Point(60, 150), .left, []), now: 0.3), "only moves are absorbed")
    }

    func testAPressAViewThatScrollsAndAPartWithAHandlerAreNotAbsorbed() {
        let cv = makeView()
        let root = Composition([CollectionController(view: cv)])
        _ = root.handle(.pointerMove(Point(50, 50), []), now: 0)
        _ = root.handle(.pointerDown(Point(50, 50), .left, []), now: 0.1)
        XCTAssertFalse(root.absorbs(.pointerMove(Point(52, 52), []), now: 0.2), "a press holds the pointer")
        _ = root.handle(.pointerUp(Point(52, 52), .left, []), now: 0.3)
        XCTAssertTrue(root.absorbs(.pointerMove(Point(54, 54), []), now: 0.4))

        let scrolling = makeView(height: 300)
        let scrolled = Composition([CollectionController(view: scrolling)])
        _ = scrolled.handle(.pointerMove(Point(50, 50), []), now: 0)
        XCTAssertFalse(scrolled.absorbs(.pointerMove(Point(52, 52), []), now: 0.1), "a move shows the scroll bars")

        var heard = 0
        let listening = Composition([CollectionController(view: makeView()),
                                     ClosureComponent(handle: { _, _ in heard += 1; return .ignored })])
        _ = listening.handle(.pointerMove(Point(50, 50), []), now: 0)
        XCTAssertFalse(listening.absorbs(.pointerMove(Point(52, 52), []), now: 0.1), "a handler of its own hears every move")
        XCTAssertEqual(heard, 1)
        let capturing = Composition([CollectionController(view: makeView()), ClosureComponent(role: .capture)])
        XCTAssertFalse(capturing.absorbs(.pointerMove(Point(52, 52), []), now: 0.1))
    }

    /// A drag-and-drop list (the manager, the collection, a background, the focus chain): bare
    /// moves are absorbed; a press on a card and the drag that follows are not.
    func testADragListAbsorbsBareMovesButNotADrag() {
        let manager = DragDropManager<Int>()
        let column = DragDropCollection<Int>(name: "cards", title: "Cards", items: [Array(0..<12)],
                                             layout: { _ in GridLayout(itemsPerLine: 1, itemLength: .fixed(56), interitemSpacing: 8,
                                                                       lineSpacing: 8, insets: EdgeInsets(all: 20)) },
                                             cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) },
                                             drawItem: { _, _, _ in })
        column.view.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        try? manager.add(column)
        manager.bounds = Rect(0, 0, 400, 800)
        column.view.setFrame(Rect(0, 0, 400, 800))
        let root = Composition([manager, column, ClosureComponent(draw: { _ in })])
        for i in 0..<60 {
            XCTAssertTrue(root.absorbs(.pointerMove(Point(200, Double(112 + (i % 30) * 8)), []), now: Double(i) / 60), "move \(i)")
        }
        XCTAssertEqual(manager.pointer, Point(200, 112 + 29 * 8))
        _ = root.handle(.pointerDown(Point(200, 112), .left, []), now: 1)
        XCTAssertFalse(root.absorbs(.pointerMove(Point(200, 113), []), now: 1.1), "a press on a card may become a drag")
        _ = root.handle(.pointerMove(Point(200, 140), []), now: 1.2)
        XCTAssertTrue(manager.isDragging)
        XCTAssertFalse(root.absorbs(.pointerMove(Point(200, 150), []), now: 1.3), "a drag follows the pointer")
    }
}
