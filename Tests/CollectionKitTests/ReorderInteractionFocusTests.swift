@testable import CollectionKit
import XCTest

/// The reorder interaction as its collection's focus stop: the keyboard reorders as the pointer
/// does, through the focus chain only, with the view owning the focused item.
final class ReorderInteractionFocusTests: XCTestCase {
    private var sources: [MovableNumbers] = []

    /// Four 100-point columns in a 400x300 viewport, 40 items; item 5 pinned. The interaction is
    /// the chain's only stop unless `inChain` is false.
    private func make(inChain: Bool = true) -> (Composition, ReorderInteraction, CollectionView, MovableNumbers) {
        let (r, cv, ds) = ReorderFixture.make(name: "numbers")
        sources.append(ds)
        let focus = FocusChain(inChain ? [r] : [])
        return (Composition([r, focus], focus: focus), r, cv, ds)
    }

    private func key(_ root: Composition, _ k: Key, _ mods: Modifiers = [], at now: Double) {
        _ = root.handle(.key(k, mods), now: now)
        root.update(now: now)
    }

    func testTheArrowsMoveTheViewsFocusedItemWithItsRing() {
        let (root, r, cv, _) = make()
        XCTAssertEqual(r.focusName, "numbers")
        key(root, .right, at: 1)
        XCTAssertEqual(cv.focusedItem, ItemPath(item: 0), "the first arrow shows the ring on the first item in view")
        XCTAssertTrue(cv.showsFocusRing)
        key(root, .right, at: 1.1)
        key(root, .down, at: 1.2)
        XCTAssertEqual(cv.focusedItem, ItemPath(item: 5))
    }

    func testSpaceLiftsTheFocusedItemAndSpaceAgainPutsItDownWhereTheArrowsMovedIt() {
        let (root, r, cv, ds) = make()
        key(root, .right, at: 1)
        key(root, .right, at: 1.1)
        XCTAssertEqual(cv.focusedItem, ItemPath(item: 1))
        key(root, .space, at: 1.2)
        XCTAssertTrue(r.isDragging, "Space picked the focused item up")
        XCTAssertTrue(r.inputRole == .capture, "the keyboard drag captures the keys")
        key(root, .right, at: 1.3)
        key(root, .right, at: 1.4)
        key(root, .space, at: 1.5)
        var now = 1.5
        while r.isDragging || cv.interactiveMove != nil, now < 5 { now += 0.1; r.manager.update(now: now); cv.update(now: now) }
        XCTAssertFalse(r.isDragging)
        XCTAssertEqual(ds.moves.count, 1)
        XCTAssertEqual(Array(ds.ids.prefix(4)), [0, 2, 3, 1])
    }

    func testSpaceOnAnItemThatCannotMoveShakesItAndLiftsNothing() {
        let (root, r, cv, ds) = make()
        key(root, .down, at: 1)            // ring on item 0
        key(root, .down, at: 1.1)          // item 4
        key(root, .right, at: 1.2)         // item 5, pinned
        XCTAssertEqual(cv.focusedItem, ItemPath(item: 5))
        key(root, .space, at: 1.3)
        XCTAssertFalse(r.isDragging)
        XCTAssertFalse(cv.feedback.shakes.isEmpty, "the pinned item shakes")
        XCTAssertTrue(ds.moves.isEmpty)
    }

    func testABareModifierOrAKeyWithAModifierIsLeftToTheRoot() {
        let (root, _, cv, _) = make()
        key(root, .right, at: 1)
        let before = cv.focusedItem
        XCTAssertEqual(root.handle(.key(.leftShift, .shift), now: 1.1), .ignored, "a bare Shift is not the stop's")
        XCTAssertEqual(root.handle(.key(.right, .ctrl), now: 1.2), .ignored)
        XCTAssertEqual(cv.focusedItem, before)
    }

    func testThePageKeysScrollTheView() {
        let (root, _, cv, _) = make()
        key(root, .pageDown, at: 1)
        var now = 1.0
        for _ in 0..<60 { now += 1.0 / 60; cv.update(now: now) }
        XCTAssertGreaterThan(cv.contentOffset.y, 200, "Page Down scrolled about a page")
    }

    func testAnInteractionNoChainGaveTheFocusTakesNoKeys() {
        let (root, r, cv, _) = make(inChain: false)
        XCTAssertEqual(root.handle(.key(.right, []), now: 1), .ignored)
        XCTAssertEqual(root.handle(.key(.space, []), now: 1.1), .ignored)
        XCTAssertNil(cv.focusedItem)
        XCTAssertFalse(r.isDragging)
    }
}
