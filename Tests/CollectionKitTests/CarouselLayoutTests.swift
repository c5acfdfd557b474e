@testable import CollectionKit
import XCTest

/// CarouselLayout against literal frames, and its paging decisions as a table.
///
/// With bounds 1000×600: cards are 700 wide (70%), 512 tall (600 − 28 − 60 of margins), at y 28,
/// 724 apart (24 spacing). Centred: the first card starts at 150 and card i rests at i × 724.
/// Edges: the first card starts at 24; card i rests at 24 + 724 i + 350 − 500, clamped to the ends.
final class CarouselLayoutTests: XCTestCase {
    private func layout(_ alignment: CarouselLayout.Alignment = .center, items: Int = 5,
                        size: Size = Size(width: 1000, height: 600)) -> CarouselLayout {
        var l = CarouselLayout(alignment: alignment)
        l.prepare(LayoutContext(boundsSize: size, itemCounts: [items]))
        return l
    }

    private func frames(_ l: CarouselLayout) -> [Rect] { (0..<l.count).map { l.attributesForItem(at: ItemPath(item: $0))!.frame } }

    func testCentredFramesAndContentSize() {
        let l = layout(.center)
        XCTAssertEqual(frames(l), [
            Rect(150, 28, 700, 512), Rect(874, 28, 700, 512), Rect(1598, 28, 700, 512),
            Rect(2322, 28, 700, 512), Rect(3046, 28, 700, 512),
        ])
        XCTAssertEqual(l.contentSize, Size(width: 3896, height: 600))
        XCTAssertEqual((0..<5).map { l.restingOffset(forItem: $0) }, [0, 724, 1448, 2172, 2896])
        XCTAssertNil(l.attributesForItem(at: ItemPath(item: 5)))
        XCTAssertNil(l.attributesForItem(at: ItemPath(item: 0, section: 1)))
    }

    func testEdgeAlignedFramesAndRestingOffsets() {
        let l = layout(.edges)
        XCTAssertEqual(frames(l).map(\.minX), [24, 748, 1472, 2196, 2920])
        XCTAssertEqual(l.contentSize, Size(width: 3644, height: 600))
        // The first card rests against the leading edge, the last against the trailing one.
        XCTAssertEqual((0..<5).map { l.restingOffset(forItem: $0) }, [0, 598, 1322, 2046, 2644])
        XCTAssertEqual(frames(l)[4].maxX - 2644, 1000 - 24, "the last card ends 24 before the trailing edge")
    }

    func testCardHeightFollowsTheWindow() {
        // A tall narrow window: the card is as tall as 4:3 portrait allows, centred in the free height.
        let l = layout(.center, items: 3, size: Size(width: 400, height: 900))
        XCTAssertEqual(l.cardSize, Size(width: 280, height: 373))
        XCTAssertEqual(frames(l)[0], Rect(60, 28 + ((812 - 373) / 2.0).rounded(), 280, 373))
    }

    func testEmptyAndSingleCard() {
        let empty = layout(items: 0)
        XCTAssertEqual(empty.attributesForElements(in: Rect(0, 0, 1000, 600)), [])
        XCTAssertEqual(empty.contentSize.width, 1000)
        for alignment in CarouselLayout.Alignment.allCases {
            let one = layout(alignment, items: 1)
            XCTAssertEqual(one.restingOffset(forItem: 0), 0)
            XCTAssertEqual(one.attributesForElements(in: Rect(0, 0, 1000, 600)).map(\.indexPath), [ItemPath(item: 0)])
            let d = ScrollDecision(startOffset: .zero, currentOffset: Point(30, 0), boundsSize: Size(1000, 600))
            XCTAssertEqual(one.targetContentOffset(proposed: Point(200, 0), velocity: Point(3000, 0), decision: d), .zero)
        }
    }

    func testRectQueriesMatchEveryFrameThatMeetsTheRect() {
        for alignment in CarouselLayout.Alignment.allCases {
            for n in [0, 1, 2, 3, 50] {
                let l = layout(alignment, items: n)
                let all = frames(l)
                for x in Swift.stride(from: -800.0, through: l.contentSize.width + 200, by: 37) {
                    for (w, y, h) in [(1000.0, 0.0, 600.0), (10, 0, 600), (300, 500, 100), (1000, 560, 40)] {
                        let rect = Rect(x, y, w, h)
                        let expected = all.indices.filter { all[$0].intersects(rect) }
                        let got = l.attributesForElements(in: rect).map(\.indexPath.item).sorted()
                        XCTAssertEqual(got, expected, "\(alignment) n=\(n) rect \(rect)")
                    }
                }
            }
        }
        // The gap between two cards holds nothing.
        XCTAssertEqual(layout().attributesForElements(in: Rect(851, 0, 22, 600)), [])
    }

    func testSideCardsAreSmallerFainterAndBelow() {
        let l = layout()
        func finalized(_ item: Int, viewportX: Double) -> LayoutAttributes {
            var a = l.attributesForItem(at: ItemPath(item: item))!
            l.finalize(&a, visibleBounds: Rect(viewportX, 0, 1000, 600))
            return a
        }
        let centre = finalized(0, viewportX: 0), side = finalized(1, viewportX: 0)
        XCTAssertEqual(centre.scale, 1); XCTAssertEqual(centre.alpha, 1); XCTAssertEqual(centre.zIndex, 0)
        XCTAssertEqual(side.scale, 0.86, accuracy: 1e-9)
        XCTAssertEqual(side.alpha, 0.55, accuracy: 1e-9)
        XCTAssertEqual(side.zIndex, -1000)
        // Half-way between two cards, both are half-way scaled and faded.
        let half = finalized(0, viewportX: 362)
        XCTAssertEqual(half.scale, 0.93, accuracy: 1e-9)
        XCTAssertEqual(half.alpha, 0.775, accuracy: 1e-9)
        // Two cards away, fainter still.
        XCTAssertLessThan(finalized(2, viewportX: 0).alpha, side.alpha)
        XCTAssertLessThan(finalized(2, viewportX: 0).zIndex, side.zIndex)
    }

    func testEdgeCardsAtRestAreFullSize() {
        let l = layout(.edges)
        func finalized(_ item: Int, viewportX: Double) -> LayoutAttributes {
            var a = l.attributesForItem(at: ItemPath(item: item))!
            l.finalize(&a, visibleBounds: Rect(viewportX, 0, 1000, 600))
            return a
        }
        XCTAssertEqual(finalized(0, viewportX: 0).scale, 1, "the first card resting against the leading edge")
        XCTAssertEqual(finalized(4, viewportX: 2644).scale, 1, "the last card resting against the trailing edge")
        XCTAssertEqual(finalized(1, viewportX: 598).alpha, 1)
        // The second card, 598 points from its resting place while the first rests.
        XCTAssertEqual(finalized(1, viewportX: 0).scale, 1 - 0.14 * 598 / 724, accuracy: 1e-9)
    }

    func testNearestItemToAnOffset() {
        let c = layout(.center)
        XCTAssertEqual([-500, 0, 361, 363, 724, 2600, 9000].map { c.nearestItem(toOffset: $0) }, [0, 0, 0, 1, 1, 4, 4])
        let e = layout(.edges)
        // Half-way between resting offsets 0 and 598 is 299; between 2046 and 2644, 2345.
        XCTAssertEqual([0, 298, 300, 598, 2344, 2346, 2644].map { e.nearestItem(toOffset: $0) }, [0, 0, 1, 1, 3, 4, 4])
    }

    struct PagingCase {
        var name: String
        var alignment: CarouselLayout.Alignment = .center
        var start: Double
        var current: Double
        var velocity: Double
        /// Where free scrolling would stop; the current offset plus what the velocity would add.
        var proposed: Double? = nil
        var wheel = false
        var expected: Int
    }

    func testPagingDecisions() {
        let cases: [PagingCase] = [
            // Little velocity: the card nearest the projected rest (seed 000).
            PagingCase(name: "released where it started", start: 0, current: 0, velocity: 0, expected: 0),
            PagingCase(name: "slow drag short of half a card", start: 0, current: 300, velocity: 0, expected: 0),
            PagingCase(name: "slow drag past half a card", start: 0, current: 400, velocity: 0, expected: 1),
            PagingCase(name: "slow drag past two cards", start: 0, current: 1500, velocity: 50, expected: 2),
            PagingCase(name: "slow release projected past half", start: 0, current: 300, velocity: 250, proposed: 380, expected: 1),
            PagingCase(name: "slow drag back", start: 1448, current: 1000, velocity: -100, expected: 1),
            // Flicks: exactly one card from where the drag began, however fast (seed 003).
            PagingCase(name: "short flick forward", start: 0, current: 50, velocity: 1000, expected: 1),
            PagingCase(name: "very fast flick forward", start: 0, current: 200, velocity: 20000, proposed: 10200, expected: 1),
            PagingCase(name: "very fast flick back", start: 1448, current: 1300, velocity: -20000, proposed: -8700, expected: 1),
            PagingCase(name: "flick after dragging past two cards", start: 0, current: 1600, velocity: 4000, expected: 1),
            PagingCase(name: "flick at the flick threshold", start: 724, current: 724, velocity: 300, expected: 2),
            PagingCase(name: "just under the threshold stays", start: 724, current: 724, velocity: 299, proposed: 800, expected: 1),
            PagingCase(name: "flick back toward the start card returns to it", start: 724, current: 1100, velocity: -800, expected: 1),
            PagingCase(name: "flick forward after dragging back returns", start: 724, current: 500, velocity: 800, expected: 1),
            PagingCase(name: "flick past the first card", start: 0, current: -40, velocity: -3000, expected: 0),
            PagingCase(name: "flick past the last card", start: 2896, current: 2950, velocity: 3000, expected: 4),
            PagingCase(name: "flick onto the last card", start: 2172, current: 2300, velocity: 3000, expected: 4),
            // Wheel bursts: a burst that moved at all moves one card that way.
            PagingCase(name: "one wheel notch forward", start: 0, current: 48, velocity: 0, wheel: true, expected: 1),
            PagingCase(name: "one wheel notch back", start: 1448, current: 1400, velocity: 0, wheel: true, expected: 1),
            PagingCase(name: "wheel burst that did not move", start: 724, current: 724, velocity: 0, wheel: true, expected: 1),
            PagingCase(name: "wheel at the end", start: 2896, current: 2896, velocity: 0, wheel: true, expected: 4),
            // Edge alignment: the first and last cards rest against the edges.
            PagingCase(name: "edges: short of half to card 1", alignment: .edges, start: 0, current: 290, velocity: 0, expected: 0),
            PagingCase(name: "edges: past half to card 1", alignment: .edges, start: 0, current: 310, velocity: 0, expected: 1),
            PagingCase(name: "edges: flick from the first card", alignment: .edges, start: 0, current: 40, velocity: 1500, expected: 1),
            PagingCase(name: "edges: flick onto the last card", alignment: .edges, start: 2046, current: 2100, velocity: 1500, expected: 4),
            PagingCase(name: "edges: flick back to the first card", alignment: .edges, start: 598, current: 500, velocity: -1500, expected: 0),
            PagingCase(name: "edges: slow near the end", alignment: .edges, start: 2046, current: 2400, velocity: 0, expected: 4),
            PagingCase(name: "edges: wheel notch from the last card", alignment: .edges, start: 2644, current: 2596, velocity: 0,
                       wheel: true, expected: 3),
        ]
        for c in cases {
            let l = layout(c.alignment)
            let proposed = Point(c.proposed ?? Deceleration.project(c.current, velocity: c.velocity, ratePerMS: Deceleration.fastRate), 0)
            let decision = ScrollDecision(startOffset: Point(c.start, 0), currentOffset: Point(c.current, 0),
                                          boundsSize: Size(1000, 600), isWheel: c.wheel)
            let velocity = Point(c.velocity, 0)
            XCTAssertEqual(l.targetItem(proposed: proposed, velocity: velocity, decision: decision), c.expected, c.name)
            XCTAssertEqual(l.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision),
                           Point(l.restingOffset(forItem: c.expected), 0), c.name)
        }
    }
}
