@testable import CollectionKit
import XCTest

/// The stable target rule: a proposed slot is taken only if the reflowed layout keeps the moving
/// item under the pointer (or brings it closer); never back and forth.
final class StableTargetTests: XCTestCase {
    func testTheProposalIsTakenWhenItsReflowedFrameHoldsThePointer() {
        let frames: [Int: Rect] = [1: Rect(0, 100, 100, 100), 2: Rect(100, 0, 100, 100)]
        let chosen = StableTarget.choose(current: ItemPath(item: 0), currentFrame: Rect(0, 0, 100, 100), proposal: ItemPath(item: 1),
                                         position: Point(50, 150), count: 3, isAllowed: { _ in true },
                                         frameAfter: { frames[$0.item] })
        XCTAssertEqual(chosen, ItemPath(item: 1))
    }

    func testANeighbourThatEndsUnderThePointerWinsOverTheProposal() {
        // Slot 2 would reflow away (to x 100); slot 3 ends under the pointer.
        let frames: [Int: Rect] = [1: Rect(100, 0, 100, 100), 2: Rect(100, 100, 100, 100), 3: Rect(0, 120, 100, 100)]
        let chosen = StableTarget.choose(current: ItemPath(item: 0), currentFrame: Rect(0, 0, 100, 100), proposal: ItemPath(item: 2),
                                         position: Point(50, 150), count: 5, isAllowed: { _ in true },
                                         frameAfter: { frames[$0.item] })
        XCTAssertEqual(chosen, ItemPath(item: 3))
    }

    func testNoSlotThatIsNotCloserIsTaken() {
        // Every candidate ends 50 or more away, as far as the current slot: stay.
        let chosen = StableTarget.choose(current: ItemPath(item: 0), currentFrame: Rect(0, 0, 100, 100), proposal: ItemPath(item: 1),
                                         position: Point(50, 150), count: 3, isAllowed: { _ in true },
                                         frameAfter: { _ in Rect(100, 100, 100, 100) })
        XCTAssertEqual(chosen, ItemPath(item: 0))
        // Inside the current slot nothing moves, whatever is proposed.
        XCTAssertEqual(StableTarget.choose(current: ItemPath(item: 0), currentFrame: Rect(0, 0, 100, 200), proposal: ItemPath(item: 1),
                                           position: Point(50, 150), count: 3, isAllowed: { _ in true },
                                           frameAfter: { _ in Rect(0, 100, 100, 100) }), ItemPath(item: 0))
    }

    /// The rearrange waterfall's bug: a tile dragged down onto the tile directly below it in its
    /// own column. Two 100-point columns; tile 1 is 120 tall, the others 100, so tile 2 sits under
    /// tile 0 at y 100-200. Taking slot 2 would reflow tile 0 into the other column; slot 3 puts it
    /// at y 120-220 in its own column, under the pointer, and there it stays.
    func testWaterfallTileMovesOntoTheTileBelowItAndStays() {
        let ds = MovableNumbers(count: 12)
        let layout = WaterfallLayout(minimumColumnWidth: 100, spacing: 0, insets: EdgeInsets(all: 0)) { ip, _ in
            ds.ids[ip.item] == 1 ? 120 : 100
        }
        let cv = CollectionView(name: "waterfall", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        cv.setFrame(Rect(0, 0, 200, 400))
        cv.reloadData()
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 2))?.frame, Rect(0, 100, 100, 100))
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 0)))
        var targets: [Int] = []
        for _ in 0..<6 {
            cv.updateInteractiveMovementTargetPosition(Point(50, 150))
            targets.append(cv.movingItemIndexPath!.item)
        }
        XCTAssertEqual(targets, [3, 3, 3, 3, 3, 3], "taken at once, and never flipped back")
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 3))?.frame, Rect(0, 120, 100, 100))
        cv.endInteractiveMovement()
        XCTAssertEqual(Array(ds.ids.prefix(5)), [1, 2, 3, 0, 4])
    }
}
