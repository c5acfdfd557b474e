@testable import CollectionKit
import XCTest

private final class CountSource: CollectionDataSource {
    var count: Int
    init(_ count: Int) { self.count = count }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip)
    }
    func collectionView(_ cv: CollectionView, canMoveItemAt ip: ItemPath) -> Bool { true }
}

/// Selection conventions, scroll bars, feedback and slot animations, driven as a user would.
final class CollectionInteractionTests: XCTestCase {
    /// The view holds its data source weakly: the test keeps them alive.
    private var sources: [CountSource] = []
    /// Four 100-point columns of 100-point rows in a 400x300 viewport.
    private func makeView(_ count: Int) -> (CollectionView, CountSource) {
        let source = CountSource(count)
        sources.append(source)
        let cv = CollectionView(name: "test", layout: GridLayout(minimumCrossSize: 100, itemLength: .fixed(100), interitemSpacing: 0,
                                                                lineSpacing: 0, insets: EdgeInsets()))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(0, 0, 400, 300))
        cv.reloadData()
        cv.update(now: 0)
        return (cv, source)
    }

    private func click(_ i: CollectionInteraction, _ cv: CollectionView, _ p: Point, _ mods: Modifiers = [], at t: Double) -> CollectionInteraction {
        var i = i
        i.handle(.pointerDown(p, .left, mods), in: cv, now: t)
        i.handle(.pointerUp(p, .left, mods), in: cv, now: t + 0.05)
        return i
    }

    func testClickSelectsAloneCtrlTogglesShiftExtendsFromTheAnchor() {
        let (cv, _) = makeView(40)
        var i = CollectionInteraction()
        i = click(i, cv, Point(50, 50), at: 0)                       // item 0
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 0)])
        i = click(i, cv, Point(150, 150), at: 1)                     // item 5 alone
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 5)])
        i = click(i, cv, Point(150, 150), at: 2)                     // clicking it again keeps it
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 5)], "a click never leaves nothing selected")
        i = click(i, cv, Point(350, 50), .ctrl, at: 3)               // Ctrl adds item 3, the new anchor
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 5), ItemPath(item: 3)])
        i = click(i, cv, Point(150, 150), .ctrl, at: 4)              // Ctrl removes item 5 (and anchors there, as GTK does)
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 3)])
        i = click(i, cv, Point(250, 250), .shift, at: 5)             // Shift: 5 through 10, replacing
        XCTAssertEqual(cv.selectedItems, Set((5...10).map { ItemPath(item: $0) }))
        i = click(i, cv, Point(50, 50), .shift, at: 6)               // same anchor, other way: 0 through 5
        XCTAssertEqual(cv.selectedItems, Set((0...5).map { ItemPath(item: $0) }))
        XCTAssertEqual(cv.selectionAnchor, ItemPath(item: 5))
        i = click(i, cv, Point(350, 250), [.ctrl, .shift], at: 6.5)   // Ctrl+Shift adds 5 through 11
        XCTAssertEqual(cv.selectedItems, Set((0...11).map { ItemPath(item: $0) }))
        // A double click (two clicks in a row) on an item leaves it selected.
        i = click(i, cv, Point(250, 50), at: 7)
        i = click(i, cv, Point(250, 50), at: 7.2)
        XCTAssertEqual(cv.selectedItems, [ItemPath(item: 2)])
        XCTAssertTrue(cv.cellForItem(at: ItemPath(item: 2))!.isSelected)
        XCTAssertFalse(cv.cellForItem(at: ItemPath(item: 0))!.isSelected)
    }

    func testThumbDragScrollsWithThePointerAndReachesBothEnds() {
        let (cv, _) = makeView(1_000_000)   // 250,000 rows of 100 points
        let i = Composition([CollectionController(view: cv)])   // the bars are routed by the composition
        let g = cv.scrollBarGeometry(.vertical)!
        XCTAssertEqual(g.thumb.height, 36, "a million items still give a grabbable thumb")
        XCTAssertEqual(g.track, Rect(388, 4, 10, 292))
        let grab = Point(393, 20)
        XCTAssertTrue(i.handle(.pointerDown(grab, .left, []), now: 0).isHandled)
        XCTAssertTrue(cv.scrollBars.isTracking, "the bar holds the press; nothing pans")
        _ = i.handle(.pointerMove(Point(393, 148), []), now: 0.1).isHandled     // halfway along the 256-point travel
        XCTAssertEqual(cv.contentOffset.y, 0.5 * (25_000_000 - 300), accuracy: 1)
        _ = i.handle(.pointerMove(Point(393, 900), []), now: 0.2).isHandled     // far past the end
        XCTAssertEqual(cv.contentOffset.y, 25_000_000 - 300, "the last item is reached")
        // Shift scrolls finely: a pointer point per content point, so every row can be reached.
        _ = i.handle(.pointerMove(Point(393, 900), .shift), now: 0.3).isHandled
        _ = i.handle(.pointerMove(Point(393, 850), .shift), now: 0.4).isHandled
        XCTAssertEqual(cv.contentOffset.y, 25_000_000 - 350)
        _ = i.handle(.pointerUp(Point(393, 850), .left, .shift), now: 0.5).isHandled
        XCTAssertFalse(cv.scrollBars.isTracking)
        XCTAssertTrue(cv.selectedItems.isEmpty, "a thumb drag selects nothing")
    }

    func testATrackPressPagesTowardThePressAndRepeatsWhileHeld() {
        let (cv, _) = makeView(400)   // 10,000 points of content
        let i = Composition([CollectionController(view: cv)])   // the bars are routed by the composition
        XCTAssertTrue(i.handle(.pointerDown(Point(393, 280), .left, []), now: 0).isHandled)
        cv.update(now: 0.3)
        XCTAssertEqual(cv.physics.restingOffset.y, 270, accuracy: 0.01, "one page (90% of 300) toward the press")
        cv.update(now: 0.5)
        XCTAssertEqual(cv.physics.restingOffset.y, 270 * 3, accuracy: 0.01, "held: repeats at 0.35 s and 0.45 s")
        _ = i.handle(.pointerUp(Point(393, 280), .left, []), now: 0.5).isHandled
        cv.update(now: 3)
        XCTAssertEqual(cv.contentOffset.y, 810, accuracy: 0.01, "letting go stops the paging")
        // Above the thumb it pages back.
        _ = i.handle(.pointerDown(Point(393, 6), .left, []), now: 3).isHandled
        _ = i.handle(.pointerUp(Point(393, 6), .left, []), now: 3.1).isHandled
        cv.update(now: 5)
        XCTAssertEqual(cv.contentOffset.y, 540, accuracy: 0.01)
    }

    func testBarsShowWhileScrollingAndFadeByTimeAtAnyFrameRate() {
        for fps in [30.0, 60, 144] {
            let (cv, _) = makeView(400)
            XCTAssertEqual(cv.scrollBars.opacity(at: 0), 0, "hidden until something happens")
            cv.physics.setOffset(Point(0, 500), animated: true, now: 0)
            var t = 0.0
            var opacityAt: [Double: Double] = [:]
            while t < 4 { t += 1 / fps; cv.update(now: t); for probe in [0.5, 2.2, 3.5] where abs(t - probe) < 0.5 / fps { opacityAt[probe] = cv.scrollBars.opacity(at: t) } }
            XCTAssertEqual(opacityAt[0.5], 1, "\(fps) fps: shown while scrolling")
            XCTAssertEqual(opacityAt[3.5], 0, "\(fps) fps: faded out")
            // The spring comes within a quarter point of 500 at about 0.71 s, the last frame of
            // the motion; the bars hold 1 s from there, then fade over 0.3 s.
            XCTAssertEqual(cv.scrollBars.lastActivity, 0.71, accuracy: 0.04, "\(fps) fps")
        }
    }

    func testShakeAndPressFeedbackAreTimed() {
        let (cv, _) = makeView(40)
        cv.shakeItem(at: ItemPath(item: 1), now: 0)
        XCTAssertEqual(ItemFeedback.shakeOffset(start: 0, now: 0), 0)
        XCTAssertEqual(ItemFeedback.shakeOffset(start: 0, now: 0.03), 7 * (1 - 0.03 / 0.36) * sin(2 * .pi * 3 * 0.03 / 0.36), accuracy: 1e-9)
        XCTAssertEqual(ItemFeedback.shakeOffset(start: 0, now: 0.4), 0)
        XCTAssertTrue(cv.isShaking)
        cv.update(now: 0.5)
        XCTAssertFalse(cv.isShaking)
        cv.beginPressFeedback(on: ItemPath(item: 0), now: 1, duration: 0.3)
        XCTAssertEqual(cv.feedback.pressProgress(at: 1), 0)
        XCTAssertEqual(cv.feedback.pressProgress(at: 1.15), 0.5, accuracy: 1e-9)
        XCTAssertEqual(cv.feedback.pressProgress(at: 1.3), 1)
        // Drawn: the pressed cell is scaled toward the lift.
        cv.update(now: 1.15)
        var list = DrawList()
        cv.draw(into: &list)
        XCTAssertTrue(list.commands.contains(.pushTransform(.scale(1.02, about: Point(50, 50)))))
    }

    func testHoverFollowsThePointerOverItemsThatReact() {
        let (cv, _) = makeView(40)
        var i = CollectionInteraction()
        i.selectable = { $0.item != 1 }
        i.handle(.pointerMove(Point(50, 50), []), in: cv, now: 0)
        XCTAssertEqual(cv.feedback.hovered, ItemPath(item: 0))
        XCTAssertTrue(cv.cellForItem(at: ItemPath(item: 0))!.isHovered)
        i.handle(.pointerMove(Point(150, 50), []), in: cv, now: 0.1)
        XCTAssertNil(cv.feedback.hovered, "item 1 does not react")
        XCTAssertFalse(cv.cellForItem(at: ItemPath(item: 0))!.isHovered)
    }

    func testAMoveOntoAnotherLineWrapsAroundTheLineEndsInsteadOfCrossingIt() {
        let (cv, _) = makeView(40)
        XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 2)))
        cv.updateInteractiveMovementTargetPosition(Point(150, 150))   // slot 5: item 4 moves back to slot 3, item 5 to slot 4
        let anim = cv.frameAnimations[AnyHashable(4)]!
        XCTAssertEqual(anim.from, Rect(0, 100, 100, 100))
        XCTAssertEqual(anim.to, Rect(300, 0, 100, 100))
        XCTAssertEqual(anim.wrap?.crossAxis, .horizontal)
        XCTAssertEqual(anim.wrap?.exit ?? 0, -110, accuracy: 1e-9, "leaves toward the row's start, a tile and a tenth")
        XCTAssertEqual(anim.wrap?.entry ?? 0, 110, accuracy: 1e-9, "and enters from past the row's end")
        // Its path never enters the slots between: first leftward off its row, then in from the right.
        for k in 0...20 {
            let r = anim.value(at: Double(k) / 20 * anim.duration)
            XCTAssertTrue(r.maxX <= 100.001 || r.minX >= 299.999, "step \(k): \(r)")
        }
        XCTAssertNil(cv.frameAnimations[AnyHashable(5)]!.wrap, "a move along its row slides straight")
    }

    func testAnEmptyCollectionSaysSo() {
        let (cv, source) = makeView(0)
        var list = DrawList()
        cv.draw(into: &list)
        XCTAssertTrue(list.commands.contains { if case let .text(t) = $0 { return t.text == "No items" }; return false })
        source.count = 3
        cv.reloadData()
        list = DrawList()
        cv.draw(into: &list)
        XCTAssertFalse(list.commands.contains { if case let .text(t) = $0 { return t.text == "No items" }; return false })
    }
}
