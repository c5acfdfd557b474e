@testable import CollectionKit
import XCTest

/// The reorder interaction an app turns on: a hold of 0.3 s within a few points lifts, earlier
/// movement pans, items that cannot move refuse, and a drop reorders the data once.
final class ReorderInteractionTests: XCTestCase {
    private var sources: [MovableNumbers] = []

    /// Four 100-point columns, 100-point rows, 40 items (10 rows) in a 400x300 viewport; item 5 pinned.
    private func make() -> (ReorderInteraction, CollectionView, MovableNumbers) {
        let (r, cv, ds) = ReorderFixture.make()
        sources.append(ds)
        return (r, cv, ds)
    }

    private func step(_ r: ReorderInteraction, _ cv: CollectionView, to now: Double) {
        r.update(now: now)
        r.manager.update(now: now)
        cv.update(now: now)
    }

    func testAHoldOf300msLiftsAndADropMovesTheItemOnce() {
        let (r, cv, ds) = make()
        XCTAssertEqual(r.handle(.pointerDown(Point(50, 50), .left, []), now: 1), .handled)
        XCTAssertEqual(r.nextDeadline(after: 1), 1.3, "the long press is due 0.3 s after the press")
        XCTAssertNotNil(cv.feedback.press, "the item starts to rise while the press is pending")
        step(r, cv, to: 1.29)
        XCTAssertFalse(r.isDragging, "not before 300 ms")
        step(r, cv, to: 1.31)
        XCTAssertTrue(r.isDragging, "lifted once the hold completed")
        XCTAssertNil(cv.feedback.press)
        XCTAssertEqual(r.cursor(at: Point(50, 50)), .grabbing)
        var now = 1.31
        for x in stride(from: 60.0, through: 250, by: 10) {
            now += 1.0 / 60
            XCTAssertEqual(r.handle(.pointerMove(Point(x, 50), []), now: now), .handled)
            step(r, cv, to: now)
        }
        XCTAssertEqual(r.handle(.pointerUp(Point(250, 50), .left, []), now: now), .handled)
        step(r, cv, to: now + 1)
        XCTAssertFalse(r.isDragging)
        XCTAssertEqual(ds.moves.count, 1, "the data source hears of the drop once")
        XCTAssertEqual(ds.moves.first?.0, ItemPath(item: 0))
        XCTAssertEqual(Array(ds.ids.prefix(3)), [1, 2, 0])
    }

    func testMovingBeyondTheToleranceFirstPansAndNeverLifts() {
        let (r, cv, ds) = make()
        r.handle(.pointerDown(Point(50, 250), .left, []), now: 1)
        step(r, cv, to: 1.05)
        XCTAssertEqual(r.handle(.pointerMove(Point(50, 243), []), now: 1.1), .handled, "7 points is past the 6-point tolerance")
        XCTAssertTrue(r.isPanning)
        XCTAssertNil(r.nextDeadline(after: 1.1), "a pan cancels the pending long press")
        var now = 1.1
        for y in stride(from: 230.0, through: 100, by: -10) {
            now += 1.0 / 60
            r.handle(.pointerMove(Point(50, y), []), now: now)
            step(r, cv, to: now)
        }
        step(r, cv, to: 2)
        XCTAssertFalse(r.isDragging, "held long, but it was a pan")
        XCTAssertGreaterThan(cv.contentOffset.y, 100, "the content followed the pointer")
        r.handle(.pointerUp(Point(50, 100), .left, []), now: 2)
        XCTAssertTrue(ds.moves.isEmpty)
    }

    func testASmallWobbleWithinTheToleranceStillLifts() {
        let (r, cv, _) = make()
        r.handle(.pointerDown(Point(150, 50), .left, []), now: 0)
        r.handle(.pointerMove(Point(154, 53), []), now: 0.1)
        XCTAssertFalse(r.isPanning)
        step(r, cv, to: 0.31)
        XCTAssertTrue(r.isDragging)
    }

    func testAQuickReleaseIsAClick() {
        let (r, cv, _) = make()
        r.handle(.pointerDown(Point(150, 50), .left, []), now: 0)
        step(r, cv, to: 0.1)
        XCTAssertEqual(r.handle(.pointerUp(Point(151, 50), .left, []), now: 0.12), .click(Point(151, 50)))
        XCTAssertNil(cv.feedback.press)
        XCTAssertFalse(r.isDragging)
    }

    func testAnItemThatCannotMoveShakesAndTheHeldPressDoesNothingUntilRelease() {
        let (r, cv, ds) = make()
        // Item 5 (second row, second column) is pinned.
        r.handle(.pointerDown(Point(150, 150), .left, []), now: 0)
        XCTAssertNil(cv.feedback.press, "a pinned item does not rise")
        step(r, cv, to: 0.31)
        XCTAssertFalse(r.isDragging)
        XCTAssertTrue(cv.isShaking)
        XCTAssertTrue(r.isRefusingPress)
        XCTAssertEqual(r.cursor(at: Point(150, 150)), .notAllowed)
        r.handle(.pointerMove(Point(150, 60), []), now: 0.4)
        XCTAssertEqual(cv.contentOffset.y, 0, "the refused press does not pan")
        XCTAssertEqual(r.handle(.pointerUp(Point(150, 60), .left, []), now: 0.5), .handled, "nor click")
        XCTAssertFalse(r.isRefusingPress)
        XCTAssertTrue(ds.moves.isEmpty)
    }

    func testWithoutShakingARefusedLongPressMayStillPan() {
        let (r, cv, _) = make()
        r.shakesItemsThatCannotMove = false
        r.handle(.pointerDown(Point(150, 150), .left, []), now: 0)
        step(r, cv, to: 0.31)
        XCTAssertFalse(r.isDragging)
        XCTAssertFalse(cv.isShaking)
        r.handle(.pointerMove(Point(150, 100), []), now: 0.4)
        XCTAssertTrue(r.isPanning)
    }

    func testAHitTestOfTheAppsOwnKeepsPressesOffWhatIsDrawnOverItems() {
        let (r, cv, _) = make()
        r.itemHitTest = { p in p.y < 40 ? nil : cv.indexPathForItem(atWindowPoint: p) }   // a header over the top 40 points
        r.handle(.pointerDown(Point(50, 20), .left, []), now: 0)
        XCTAssertNil(cv.feedback.press)
        step(r, cv, to: 0.4)
        XCTAssertFalse(r.isDragging, "nothing lifts under the header")
    }

    func testEscapeARightClickAndLostFocusCancelTheDrag() {
        for cancel: InputEvent in [.key(.escape, []), .pointerDown(Point(300, 200), .right, []), .focus(gained: false)] {
            let (r, cv, ds) = make()
            var lifted: AnyHashable?
            r.didLift = { lifted = $0 }
            r.handle(.pointerDown(Point(50, 50), .left, []), now: 0)
            step(r, cv, to: 0.31)
            XCTAssertEqual(lifted, AnyHashable(0))
            r.handle(.pointerMove(Point(250, 50), []), now: 0.4)
            step(r, cv, to: 0.4)
            XCTAssertEqual(r.handle(.key(Key("a"), []), now: 0.41), .handled, "keys are swallowed during a drag")
            r.handle(cancel, now: 0.45)
            step(r, cv, to: 1.5)
            XCTAssertFalse(r.isDragging, "\(cancel)")
            XCTAssertTrue(ds.moves.isEmpty, "\(cancel) puts everything back")
            XCTAssertEqual(Array(ds.ids.prefix(3)), [0, 1, 2])
            XCTAssertEqual(r.handle(.key(Key("a"), []), now: 1.6), .ignored, "after the drag, keys are the owner's")
        }
    }

    func testTheLongPressIsDatedAtItsDeadlineWhateverFrameNoticesIt() {
        let (r, cv, _) = make()
        r.handle(.pointerDown(Point(50, 50), .left, []), now: 0)
        // One late frame at 0.5 s: the lift is dated 0.3 s, the hold's real end.
        step(r, cv, to: 0.5)
        XCTAssertEqual(r.manager.session?.lift.liftTime, 0.3)
    }
}

/// A reorderable grid for the interaction's tests: four 100-point columns and rows, 40 items in a
/// 400x300 viewport, item 5 pinned, under a manager of its own. The caller keeps the data source
/// (the view holds it weakly).
enum ReorderFixture {
    static func make(name: String = "test") -> (ReorderInteraction, CollectionView, MovableNumbers) {
        let ds = MovableNumbers(count: 40, pinned: [5])
        let cv = CollectionView(name: name, layout: GridLayout(itemsPerLine: 4, itemLength: .fixed(100), interitemSpacing: 0,
                                                               lineSpacing: 0, insets: EdgeInsets(all: 0)))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        cv.setFrame(Rect(0, 0, 400, 300))
        cv.reloadData()
        cv.update(now: 0)
        let manager = DragDropManager<AnyHashable>()
        manager.bounds = cv.frame
        let reorderable = ReorderableCollection<AnyHashable>(view: cv, title: "Numbers") { _, rect, list in list.fill(rect, .white) }
        manager.add(reorderable)
        return (ReorderInteraction(manager: manager, reorderable: reorderable), cv, ds)
    }
}
