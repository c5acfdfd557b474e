@testable import CollectionKit
import CollectionKitTesting
import XCTest

/// During an interactive movement the waterfall re-places only from the first changed slot, and
/// only as far as queries look; what it answers must be exactly what a full layout would.
final class WaterfallLazyReflowTests: XCTestCase {
    private func height(_ data: ItemPath, _ width: Double) -> Double {
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
        let anchored: (ItemPath) -> Bool = { $0.item % 7 == 6 }
        var lazy = layout()
        lazy.prepare(context(count, nil))
        var generator = SeededGenerator(seed: 11)
        var source = 100
        while anchored(ItemPath(item: source)) { source += 1 }
        var target = source
        for step in 0..<120 {
            if step == 60 {
                // A second movement of another item, as if the first had been cancelled.
                source = 2500
                while anchored(ItemPath(item: source)) { source += 1 }
                target = source
            }
            // Targets wander, mostly by a few slots, sometimes far; never onto an anchored slot.
            target = step % 10 == 9 ? Int.random(in: 0..<count, using: &generator)
                : min(count - 1, max(0, target + Int.random(in: -4...4, using: &generator)))
            while anchored(ItemPath(item: target)) { target = (target + 1) % count }
            let move = InteractiveMove(source: ItemPath(item: source), target: ItemPath(item: target), isAnchored: anchored)
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
                let ip = ItemPath(item: Int.random(in: 0..<count, using: &generator))
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
            XCTAssertEqual(lazy.attributesForItem(at: ItemPath(item: i))?.frame, full.attributesForItem(at: ItemPath(item: i))?.frame)
        }
    }

    func testADragNearTheTopOfAMillionTilesPlacesOnlyWhatIsLookedAt() {
        var w = layout()
        w.prepare(context(1_000_000, nil))
        let before = w.contentSize
        XCTAssertEqual(w.placedItemCount, 1_000_000, "without a movement every tile is placed")
        for target in 1...40 {
            let move = InteractiveMove(source: ItemPath(item: 1), target: ItemPath(item: target))
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

    // MARK: The end of a movement

    /// Tiles by identifier, in data order; the height of a tile follows its identifier.
    private final class Tiles {
        var ids: [Int]
        var heightCalls = 0
        let whole: Bool
        init(count: Int, whole: Bool) { ids = Array(0..<count); self.whole = whole }
        func height(_ id: Int, _ width: Double) -> Double {
            heightCalls += 1
            let h = (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 40
            let exact = width * (0.6 + Double(h % 1000) / 1000)
            return whole ? exact.rounded() : exact
        }
        /// The data source's move: the data now reads in the order the movement showed.
        func apply(_ move: InteractiveMove) {
            let before = ids
            ids = before.indices.map { before[move.dataIndexPath(forDisplayed: ItemPath(item: $0)).item] }
        }
    }

    private func layout(_ tiles: Tiles, minimumColumnWidth: Double = 150) -> WaterfallLayout {
        WaterfallLayout(minimumColumnWidth: minimumColumnWidth, spacing: 10, insets: EdgeInsets(all: 12)) { ip, w in tiles.height(tiles.ids[ip.item], w) }
    }

    private func assertSameAsFullLayout(_ lazy: WaterfallLayout, _ tiles: Tiles, _ context: LayoutContext, _ what: String,
                                        file: StaticString = #filePath, line: UInt = #line) {
        var full = layout(tiles)
        full.prepare(context)
        XCTAssertEqual(lazy.contentSize, full.contentSize, "content size, \(what)", file: file, line: line)
        let count = context.itemCounts[0]
        let differing = (0..<count).filter { lazy.attributesForItem(at: ItemPath(item: $0))?.frame != full.attributesForItem(at: ItemPath(item: $0))?.frame }
        XCTAssertEqual(differing.prefix(5), [], "frames, \(what)", file: file, line: line)
        for y in stride(from: 0.0, to: full.contentSize.height, by: full.contentSize.height / 7) {
            let rect = Rect(x: 0, y: y, width: context.boundsSize.width, height: 800)
            XCTAssertEqual(Set(lazy.attributesForElements(in: rect).map(\.indexPath)), Set(full.attributesForElements(in: rect).map(\.indexPath)),
                           "items in \(rect), \(what)", file: file, line: line)
        }
    }

    /// Movements that end by a drop or a cancel, with targets wandering, queries, probe copies and a
    /// resize mid-movement: after each end every frame is the one a full layout gives, bit for bit.
    func testAfterADropOrACancelEveryFrameIsAFullLayouts() {
        for seed in 1...12 {
            for whole in [true, false] { checkDropsAndCancels(seed: UInt64(seed), wholeHeights: whole) }
        }
    }

    private func checkDropsAndCancels(seed: UInt64, wholeHeights whole: Bool) {
        do {
            let count = 2500
            let tiles = Tiles(count: count, whole: whole)
            let pinned: (Int) -> Bool = { $0 % 7 == 6 }
            var lazy = layout(tiles)
            var size = Size(1280, 800)
            func context(_ move: InteractiveMove?, completed: InteractiveMove? = nil) -> LayoutContext {
                var c = LayoutContext(boundsSize: size, itemCounts: [count])
                c.interactiveMove = move
                c.completedMove = completed
                return c
            }
            lazy.prepare(context(nil))
            var generator = SeededGenerator(seed: seed)
            for round in 0..<24 {
                let anchored: (ItemPath) -> Bool = { pinned(tiles.ids[$0.item]) }
                var source = round % 3 == 0 ? Int.random(in: 0..<40, using: &generator) : Int.random(in: 0..<count, using: &generator)
                while anchored(ItemPath(item: source)) { source = (source + 1) % count }
                var move = InteractiveMove(source: ItemPath(item: source), target: ItemPath(item: source), isAnchored: anchored)
                lazy.prepare(context(move))
                var probes: [(layout: WaterfallLayout, frames: [Rect?])] = []
                for step in 0..<Int.random(in: 1...12, using: &generator) {
                    var target = step % 4 == 3 ? Int.random(in: 0..<count, using: &generator)
                        : min(count - 1, max(0, move.target.item + Int.random(in: -30...30, using: &generator)))
                    while anchored(ItemPath(item: target)) { target = (target + 1) % count }
                    move.target = ItemPath(item: target)
                    if round % 8 == 5, step == 1 {
                        // The window is resized mid-movement: everything is placed in the movement's order.
                        size = size.width == 1280 ? Size(1000, 700) : Size(1280, 800)
                    }
                    lazy.prepare(context(move))
                    _ = lazy.attributesForElements(in: Rect(x: 0, y: Double(target / 5) * 40, width: size.width, height: 800))
                    if step % 3 == 1 {
                        // Someone holds a copy, as a stable-target probe does, and moves it elsewhere.
                        var probe = lazy
                        var other = move
                        other.target = ItemPath(item: max(0, target - 7))
                        if !anchored(other.target) { probe.prepare(context(other)) }
                        let frames = (0..<600).map { probe.attributesForItem(at: ItemPath(item: $0))?.frame }
                        probes.append((probe, frames))
                    }
                }
                let cancel = round % 4 == 2
                if cancel {
                    move.target = move.source
                    lazy.prepare(context(move))
                    lazy.prepare(context(nil, completed: move))
                } else {
                    tiles.apply(move)
                    lazy.prepare(context(nil, completed: move))
                }
                assertSameAsFullLayout(lazy, tiles, context(nil), "seed \(seed), heights \(whole ? "whole" : "fractional"), round \(round), "
                                       + "\(cancel ? "cancelled" : "dropped") \(move.source.item) → \(move.target.item)")
                // The copies taken mid-movement still answer as they did, whatever the original did since.
                for (k, probe) in probes.enumerated() {
                    XCTAssertEqual((0..<600).map { probe.layout.attributesForItem(at: ItemPath(item: $0))?.frame }, probe.frames,
                                   "seed \(seed), copy \(k) of round \(round)")
                }
            }
        }
    }

    func testADropNearTheTopOfAMillionTilesPlacesAFewThousand() {
        let count = 1_000_000
        let tiles = Tiles(count: count, whole: true)
        var w = layout(tiles)
        let bounds = Size(1280, 800)
        w.prepare(LayoutContext(boundsSize: bounds, itemCounts: [count]))
        let before = w.contentSize
        for (source, target) in [(3, 40), (120, 2), (0, 0), (9, 10)] {
            var during = LayoutContext(boundsSize: bounds, itemCounts: [count])
            let move = InteractiveMove(source: ItemPath(item: source), target: ItemPath(item: target))
            during.interactiveMove = move
            w.prepare(during)
            _ = w.attributesForElements(in: Rect(x: 0, y: 0, width: 1280, height: 800))
            tiles.heightCalls = 0
            tiles.apply(move)
            var done = LayoutContext(boundsSize: bounds, itemCounts: [count])
            done.completedMove = move
            w.prepare(done)
            XCTAssertLessThan(tiles.heightCalls, 20_000, "the drop \(source) → \(target) placed a few thousand tiles, not a million")
            XCTAssertEqual(w.placedItemCount, count)
            XCTAssertEqual(w.contentSize, before, "the same tiles in the same columns below the moved ones")
        }
        // Spot checks against a full layout of the final order.
        var full = layout(tiles)
        full.prepare(LayoutContext(boundsSize: bounds, itemCounts: [count]))
        for i in Array(0..<300) + Array(stride(from: 300, to: count, by: 997)) + [count - 1] {
            XCTAssertEqual(w.attributesForItem(at: ItemPath(item: i))?.frame, full.attributesForItem(at: ItemPath(item: i))?.frame, "item \(i)")
        }
    }

    /// A resumed placement computes a column's next position from a frame exactly as a single pass
    /// does. With fractional heights and spacing, `y + (h + s)` and `(y + h) + s` often differ in
    /// the last bit; one column, small fractions and many movements make any such slip show.
    func testResumedPlacementsMatchASinglePassBitForBit() {
        let tiles = Tiles(count: 300, whole: false)
        let fractions = [0.1, 0.2, 0.7, 0.3, 1.1, 0.6, 2.9]
        let makeLayout = {
            WaterfallLayout(minimumColumnWidth: 2000, spacing: 0.3, insets: EdgeInsets(all: 0.1)) { ip, _ in fractions[tiles.ids[ip.item] % fractions.count] }
        }
        var lazy = makeLayout()
        let bounds = Size(1280, 800)
        lazy.prepare(LayoutContext(boundsSize: bounds, itemCounts: [300]))
        var rng = SeededGenerator(seed: 3)
        for round in 0..<40 {
            let move = InteractiveMove(source: ItemPath(item: Int.random(in: 0..<300, using: &rng)),
                                       target: ItemPath(item: Int.random(in: 0..<300, using: &rng)))
            var during = LayoutContext(boundsSize: bounds, itemCounts: [300])
            during.interactiveMove = move
            lazy.prepare(during)
            var full = makeLayout()
            full.prepare(during)
            XCTAssertEqual((0..<300).map { lazy.attributesForItem(at: ItemPath(item: $0))?.frame },
                           (0..<300).map { full.attributesForItem(at: ItemPath(item: $0))?.frame }, "during round \(round)")
            tiles.apply(move)
            var done = LayoutContext(boundsSize: bounds, itemCounts: [300])
            done.completedMove = move
            lazy.prepare(done)
            full = makeLayout()
            full.prepare(LayoutContext(boundsSize: bounds, itemCounts: [300]))
            XCTAssertEqual((0..<300).map { lazy.attributesForItem(at: ItemPath(item: $0))?.frame },
                           (0..<300).map { full.attributesForItem(at: ItemPath(item: $0))?.frame }, "after the drop of round \(round)")
            XCTAssertEqual(lazy.contentSize, full.contentSize, "round \(round)")
        }
    }
}
