@testable import CollectionKit
import XCTest

/// During an interactive movement the waterfall re-places only from the first changed slot, and
/// only as far as queries look; what it answers must be exactly what a full layout would.
final class WaterfallLazyReflowTests: XCTestCase {
    private func height(_ data: IndexPath, _ width: Double) -> Double {
        let h = (UInt64(truncatingIfNeeded: data.item) &* 0x9E37_79B9_7F4A_7C15) >> 40
        return (width * (0.6 + Double(h % 1000) / 1000)).rounded()
    }

    private func layout() -> WaterfallLayout {
        WaterfallLayout(minimumColumnWidth: 150, spacing: 10, insets: EdgeInsets(all: 12)) { [unowned self] ip, w in height(ip, w) }
    }

    private func context(_ count: Int, _ move: InteractiveMove?) -> LayoutContext {
        var c = LayoutContext(boundsSize: Size(1280, 800), itemCounts: [count])
        c.interactiveMove = move
        return c
    }

    func testEveryQueryDuringAMovementMatchesAFullLayout() {
        let count = 3000
        let anchored: (IndexPath) -> Bool = { $0.item % 7 == 6 }
        var lazy = layout()
        lazy.prepare(context(count, nil))
        var generator = SystemRandomNumberGenerator()
        var source = 100
        while anchored(IndexPath(item: source)) { source += 1 }
        var target = source
        for step in 0..<120 {
            if step == 60 {
                // A second movement of another item, as if the first had been cancelled.
                source = 2500
                while anchored(IndexPath(item: source)) { source += 1 }
                target = source
            }
            // Targets wander, mostly by a few slots, sometimes far; never onto an anchored slot.
            target = step % 10 == 9 ? Int.random(in: 0..<count, using: &generator)
                : min(count - 1, max(0, target + Int.random(in: -4...4, using: &generator)))
            while anchored(IndexPath(item: target)) { target = (target + 1) % count }
            let move = InteractiveMove(source: IndexPath(item: source), target: IndexPath(item: target), isAnchored: anchored)
            lazy.prepare(context(count, move))
            var full = layout()
            full.prepare(context(count, move))
            // A viewport somewhere along the content, then single items anywhere.
            let y = Double.random(in: 0...max(0, full.contentSize.height - 800), using: &generator)
            let viewport = Rect(x: 0, y: y, width: 1280, height: 800)
            XCTAssertEqual(lazy.attributesForElements(in: viewport).map(\.frame).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) },
                           full.attributesForElements(in: viewport).map(\.frame).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) },
                           "visible items at step \(step)")
            for _ in 0..<5 {
                let ip = IndexPath(item: Int.random(in: 0..<count, using: &generator))
                XCTAssertEqual(lazy.attributesForItem(at: ip)?.frame, full.attributesForItem(at: ip)?.frame, "item \(ip) at step \(step)")
            }
            XCTAssertEqual(lazy.contentSize.height, full.contentSize.height, accuracy: 400, "the content height is close")
        }
        // After the movement ends (the data now in the displayed order), a full layout again.
        lazy.prepare(context(count, nil))
        var full = layout()
        full.prepare(context(count, nil))
        XCTAssertEqual(lazy.contentSize, full.contentSize)
        for i in stride(from: 0, to: count, by: 97) {
            XCTAssertEqual(lazy.attributesForItem(at: IndexPath(item: i))?.frame, full.attributesForItem(at: IndexPath(item: i))?.frame)
        }
    }

    func testADragNearTheTopOfAMillionTilesPlacesOnlyWhatIsLookedAt() {
        var w = layout()
        w.prepare(context(1_000_000, nil))
        let before = w.contentSize
        XCTAssertEqual(w.placedItemCount, 1_000_000, "without a movement every tile is placed")
        for target in 1...40 {
            let move = InteractiveMove(source: IndexPath(item: 1), target: IndexPath(item: target))
            let placedBefore = w.placedItemCount
            w.prepare(context(1_000_000, move))
            // The first movement keeps the tile before the moved one; each further target keeps
            // what was placed before the old target.
            XCTAssertEqual(w.placedItemCount, target == 1 ? 1 : min(placedBefore, target - 1),
                           "only the tiles before the first changed slot stay placed")
            _ = w.attributesForElements(in: Rect(x: 0, y: 0, width: 1280, height: 800))
            XCTAssertLessThan(w.placedItemCount, 200, "a screenful is placed, not a million tiles")
        }
        XCTAssertEqual(w.contentSize, before, "the content height is kept during the movement")
    }
}
