@testable import CollectionKit
import XCTest

/// A compositional layout right to left is the mirror of left to right: the same items at
/// reflected places (x' = width − x − w), headers included; rect queries find the same items at
/// the mirrored rect; a row that scrolls across starts at its right end, rests on the mirrored
/// offsets and pages the other way (a flick to the right goes forward).
private final class Sections: CollectionDataSource {
    func numberOfSections(in cv: CollectionView) -> Int { 3 }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { [5, 30, 30][section] }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell { CollectionCell(reuseIdentifier: "cell") }
}

final class CompositionalLayoutDirectionTests: XCTestCase {
    private let bounds = Size(width: 320, height: 400)

    /// Section 0: a row of 200-wide cards scrolling across; section 1: a big tile on the left
    /// beside two stacked ones, repeated, under a header; section 2: paired rows of one or two.
    /// `rowOffset` is the row's own offset; nil: where the row starts (0, or 840 right to left).
    private func layout(_ direction: LayoutDirection, rowOffset: Double? = nil,
                        behavior: OrthogonalScrollingBehavior = .groupPagingCentered) -> CompositionalLayout {
        let fill = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let card = LayoutGroup.horizontal(size: LayoutSize(width: .absolute(200), height: .absolute(120)), subitems: [.item(fill)])
        let big = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.4), height: .fractionalHeight(1)))
        let column = LayoutGroup.vertical(size: LayoutSize(width: .absolute(170), height: .fractionalHeight(1)),
                                          repeating: fill, count: 2, spacing: 10)
        let mosaic = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(200)),
                                            subitems: [.item(big), .group(column)], spacing: 10)
        var l = CompositionalLayout(interSectionSpacing: 12) { s, _ in
            switch s {
            case 0:
                return LayoutSection(group: card, interGroupSpacing: 20, contentInsets: EdgeInsets(top: 10, left: 50, bottom: 10, right: 30),
                                     orthogonalScrolling: behavior)
            case 1:
                var section = LayoutSection(group: mosaic, interGroupSpacing: 20, contentInsets: EdgeInsets(top: 5, left: 10, bottom: 7, right: 40))
                section.header = BoundarySupplementaryItem(height: .absolute(30))
                section.supplementariesFollowContentInsets = true
                return section
            default:
                return PairedRows.section(spacing: 16, contentInsets: EdgeInsets(top: 8, left: 24, bottom: 8, right: 4)) { i in
                    i % 3 == 0 ? .full : .half
                }
            }
        }
        let offset = rowOffset ?? (direction.isRightToLeft ? 840 : 0)
        l.orthogonalOffset = { _ in offset }
        l.prepare(LayoutContext(boundsSize: bounds, itemCounts: [5, 30, 30], layoutDirection: direction))
        return l
    }

    private func mirrored(_ r: Rect) -> Rect { Rect(bounds.width - r.minX - r.width, r.minY, r.width, r.height) }

    private func sorted(_ a: [LayoutAttributes]) -> [LayoutAttributes] {
        a.sorted { ($0.kind == .cell ? 0 : 1, $0.indexPath) < ($1.kind == .cell ? 0 : 1, $1.indexPath) }
    }

    func testItemsAndHeadersAreTheMirrorOfLeftToRight() {
        let ltr = layout(.leftToRight), rtl = layout(.rightToLeft)
        XCTAssertEqual(ltr.contentSize, rtl.contentSize)
        var changedSides = 0
        for s in 0..<3 {
            for item in 0..<ltr.sections[s].itemCount {
                let ip = ItemPath(item: item, section: s)
                let a = ltr.attributesForItem(at: ip)!.frame, b = rtl.attributesForItem(at: ip)!.frame
                XCTAssertEqual(b, mirrored(a), "\(ip)")
                if a != b { changedSides += 1 }
            }
        }
        XCTAssertGreaterThan(changedSides, 50, "nearly every tile changes sides")
        XCTAssertEqual(rtl.headerAttributes(section: 1)?.frame, mirrored(ltr.headerAttributes(section: 1)!.frame),
                       "a header inside the section's insets moves with them")
        // The big tile of a mosaic group is on the right, its two small ones to its left.
        let big = rtl.attributesForItem(at: ItemPath(item: 0, section: 1))!.frame
        let small = rtl.attributesForItem(at: ItemPath(item: 1, section: 1))!.frame
        XCTAssertGreaterThan(big.minX, small.maxX)
        XCTAssertEqual(big.maxX, bounds.width - 10, "the section's left inset is now on the right")
    }

    func testRectQueriesFindTheSameItemsAtTheMirroredRect() {
        let ltr = layout(.leftToRight, rowOffset: 300), rtl = layout(.rightToLeft, rowOffset: 840 - 300)
        for rect in [Rect(0, 0, 320, 400), Rect(40, 100, 120, 500), Rect(250, 0, 70, 900), Rect(0, 600, 10, 300)] {
            let a = sorted(ltr.attributesForElements(in: rect)), b = sorted(rtl.attributesForElements(in: mirrored(rect)))
            XCTAssertEqual(b.map(\.indexPath), a.map(\.indexPath), "\(rect)")
            XCTAssertEqual(b.map(\.frame), a.map { mirrored($0.frame) }, "\(rect)")
        }
    }

    func testARowStartsAtItsRightEndAndScrollsTheOtherWay() {
        // 50 + 5 × 200 + 4 × 20 + 30 = 1160 wide in a 320-wide view: offsets run 0…840.
        let ltr = layout(.leftToRight)
        XCTAssertEqual(ltr.sections[0].rowContentWidth, 1160)
        // At its start (offset 840 right to left) the first card shows at the right, inset by 50.
        let start = layout(.rightToLeft, rowOffset: 840)
        XCTAssertEqual(start.attributesForItem(at: ItemPath(item: 0, section: 0))?.frame, Rect(70, 10, 200, 120))
        XCTAssertEqual(start.attributesForItem(at: ItemPath(item: 1, section: 0))?.frame, Rect(-150, 10, 200, 120),
                       "the next card lies to the left")
        // Scrolled 460 from its start either way, the row is the mirror image.
        let a = layout(.leftToRight, rowOffset: 460), b = layout(.rightToLeft, rowOffset: 840 - 460)
        for item in 0..<5 {
            let ip = ItemPath(item: item, section: 0)
            XCTAssertEqual(b.attributesForItem(at: ip)?.frame, a.attributesForItem(at: ip).map { mirrored($0.frame) }, "card \(item)")
        }
    }

    func testRestingPlacesAndPagingAreMirrored() {
        for behavior in [OrthogonalScrollingBehavior.groupPagingCentered, .groupPaging, .paging] {
            let ltr = layout(.leftToRight, behavior: behavior), rtl = layout(.rightToLeft, behavior: behavior)
            let n = ltr.restingPlaceCount(section: 0)
            XCTAssertEqual(rtl.restingPlaceCount(section: 0), n)
            let ltrRests = (0..<n).map { ltr.restingOffset(section: 0, group: $0) }
            let rtlRests = (0..<n).map { rtl.restingOffset(section: 0, group: $0) }
            XCTAssertEqual(rtlRests, ltrRests.map { 840 - $0 }, "\(behavior)")
            for g in 0..<n {
                XCTAssertEqual(rtl.nearestRestingPlace(section: 0, toOffset: rtlRests[g] + 3), g, "\(behavior) place \(g)")
            }
        }
        // Centred, card g rests at 220 g − 10 from the start (the first and last at the ends):
        // right to left at 840 minus that. Resting on the second card (630), a fast flick to the
        // right (the offset falling) goes forward exactly one card; a slow release stays.
        let rtl = layout(.rightToLeft)
        XCTAssertEqual((0..<5).map { rtl.restingOffset(section: 0, group: $0) }, [840, 630, 410, 190, 0])
        let fromSecond = ScrollDecision(startOffset: Point(630, 0), currentOffset: Point(590, 0), boundsSize: Size(width: 320, height: 140))
        XCTAssertEqual(rtl.orthogonalTargetOffset(section: 0, proposed: -1000, velocity: -4000, decision: fromSecond), 410)
        XCTAssertEqual(rtl.orthogonalTargetOffset(section: 0, proposed: 600, velocity: -20, decision: fromSecond), 630)
        let back = ScrollDecision(startOffset: Point(630, 0), currentOffset: Point(650, 0), boundsSize: Size(width: 320, height: 140))
        XCTAssertEqual(rtl.orthogonalTargetOffset(section: 0, proposed: 900, velocity: 900, decision: back), 840,
                       "a flick to the left goes back to the first card")
    }

    func testAViewsRowStartsAtItsRightEndAndTurnsRound() {
        let cv = CollectionView(name: "mosaic", layout: layout(.leftToRight))
        let source = Sections()
        cv.dataSource = source
        cv.layoutDirection = .rightToLeft
        cv.setFrame(Rect(0, 0, bounds.width, bounds.height))
        cv.reloadData()
        let rows = OrthogonalScrolling()
        rows.sync(with: cv)
        XCTAssertEqual(rows.offset(section: 0), 840, "a new row right to left starts at its right end")
        cv.layoutDirection = .leftToRight
        rows.sync(with: cv)
        XCTAssertEqual(rows.offset(section: 0), 0, "turned round, the mirror image: the left end")
    }
}
