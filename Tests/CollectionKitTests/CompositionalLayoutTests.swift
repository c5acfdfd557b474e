@testable import CollectionKit
import XCTest

/// CompositionalLayout against literal frame arrays (no views): nested groups, insets, spacing,
/// headers (pinned too), estimated sizes, orthogonal rows and their paging, and rect queries
/// checked against a brute-force scan.
final class CompositionalLayoutTests: XCTestCase {
    private func prepared(_ counts: [Int], size: Size = Size(width: 320, height: 400), spacing: Double = 0,
                          _ provider: @escaping CompositionalLayout.SectionProvider) -> CompositionalLayout {
        var l = CompositionalLayout(interSectionSpacing: spacing, sectionProvider: provider)
        l.prepare(LayoutContext(boundsSize: size, itemCounts: counts))
        return l
    }

    private func frames(_ l: CompositionalLayout, section: Int = 0) -> [Rect] {
        (0..<l.sections[section].itemCount).map { l.attributesForItem(at: ItemPath(item: $0, section: section))!.frame }
    }

    /// A big item on the left and two stacked items on the right, repeated: the classic nested group.
    private func nestedSection(_ env: LayoutEnvironment) -> LayoutSection {
        let big = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.4), height: .fractionalHeight(1)))
        let small = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let column = LayoutGroup.vertical(size: LayoutSize(width: .absolute(170), height: .fractionalHeight(1)),
                                          repeating: small, count: 2, spacing: 10)
        let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(200)),
                                         subitems: [.item(big), .group(column)], spacing: 10)
        return LayoutSection(group: row, interGroupSpacing: 20, contentInsets: EdgeInsets(top: 5, left: 10, bottom: 7, right: 10))
    }

    func testNestedGroupsWithInsetsAndSpacing() {
        // Container 320 less 10 + 10 of insets: the row is 300 wide; the big item 120, the column at 130.
        let l = prepared([7]) { _, env in self.nestedSection(env) }
        XCTAssertEqual(frames(l), [
            Rect(10, 5, 120, 200), Rect(140, 5, 170, 95), Rect(140, 110, 170, 95),
            Rect(10, 225, 120, 200), Rect(140, 225, 170, 95), Rect(140, 330, 170, 95),
            Rect(10, 445, 120, 200),
        ])
        // The last group is cut short by the data but keeps its full height.
        XCTAssertEqual(l.contentSize, Size(width: 320, height: 652), "5 + 3 × 200 + 2 × 20 + 7")
        XCTAssertNil(l.attributesForItem(at: ItemPath(item: 7)))
    }

    func testItemInsetsAndAbsoluteSizes() {
        let item = LayoutItem(size: LayoutSize(width: .absolute(50), height: .absolute(30)),
                              contentInsets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
        let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(30)),
                                         subitems: [.item(item), .item(item), .item(item)], spacing: 5)
        let l = prepared([4]) { _, _ in LayoutSection(group: row, interGroupSpacing: 1) }
        XCTAssertEqual(frames(l), [Rect(4, 2, 42, 26), Rect(59, 2, 42, 26), Rect(114, 2, 42, 26), Rect(4, 33, 42, 26)])
    }

    func testSectionsStackWithHeadersAndSectionSpacing() {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)))
        let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                         subitems: [.item(item), .item(item)])
        let l = prepared([3, 2], spacing: 12) { s, _ in
            LayoutSection(group: row, interGroupSpacing: 8, header: BoundarySupplementaryItem(height: .absolute(40)))
        }
        XCTAssertEqual(frames(l, section: 0), [Rect(0, 40, 160, 100), Rect(160, 40, 160, 100), Rect(0, 148, 160, 100)])
        // Section 1 starts after 248 + 12 of spacing; its header takes 40.
        XCTAssertEqual(l.headerAttributes(section: 1)?.frame, Rect(0, 260, 320, 40))
        XCTAssertEqual(frames(l, section: 1), [Rect(0, 300, 160, 100), Rect(160, 300, 160, 100)])
        XCTAssertEqual(l.contentSize.height, 400)
        let kinds = l.attributesForElements(in: Rect(0, 250, 320, 20)).map(\.kind)
        XCTAssertEqual(kinds, [.supplementary("header")], "only the second header is in that band")
    }

    func testPinnedHeaderStaysAtTheTopUntilItsSectionEnds() {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(100)), subitems: [.item(item)])
        let l = prepared([2, 10], size: Size(width: 320, height: 300)) { s, _ in
            LayoutSection(group: row, header: s == 1 ? BoundarySupplementaryItem(height: .absolute(40), pinToVisibleBounds: true) : nil)
        }
        // Section 1: header at 200, items 240...1240.
        func pinnedY(scrolledTo y: Double) -> Double? {
            let bounds = Rect(0, y, 320, 300)
            guard var h = l.attributesForElements(in: bounds).first(where: { $0.kind == .supplementary("header") }) else { return nil }
            l.finalize(&h, visibleBounds: bounds)
            XCTAssertEqual(h.zIndex, 100, "a pinned header draws above the items")
            return h.frame.minY
        }
        XCTAssertEqual(pinnedY(scrolledTo: 0), 200, "before its section reaches the top it sits in place")
        XCTAssertEqual(pinnedY(scrolledTo: 150), 200)
        XCTAssertEqual(pinnedY(scrolledTo: 201), 201, "pinned to the top of the viewport")
        XCTAssertEqual(pinnedY(scrolledTo: 900), 900, "still pinned deep into the section, though its natural frame is far above")
        XCTAssertEqual(pinnedY(scrolledTo: 940), 940)
        XCTAssertEqual(CompositionalLayout.pinnedHeaderY(natural: Rect(0, 200, 320, 40), sectionMaxY: 1240, visibleMinY: 1230), 1200,
                       "the end of its section pushes it up")
    }

    func testEstimatedHeightsAreMeasured() {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(44)))
        let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), subitems: [.item(item)])
        var l = CompositionalLayout { _, _ in LayoutSection(group: row, interGroupSpacing: 4) }
        l.measure = { ip, width in ip.item == 1 ? nil : Double(20 + 10 * ip.item) + (width == 320 ? 0 : 1000) }
        l.prepare(LayoutContext(boundsSize: Size(width: 320, height: 400), itemCounts: [3]))
        XCTAssertEqual(frames(l), [Rect(0, 0, 320, 20), Rect(0, 24, 320, 44), Rect(0, 72, 320, 40)],
                       "item 1 keeps its estimate; the others take their measured heights at the real width")
        // Without a measure the estimate is used throughout.
        let plain = prepared([2]) { _, _ in LayoutSection(group: row) }
        XCTAssertEqual(frames(plain), [Rect(0, 0, 320, 44), Rect(0, 44, 320, 44)])
    }

    // MARK: Orthogonal rows

    private func featuredLayout(offset: Double, behavior: OrthogonalScrollingBehavior = .groupPagingCentered) -> CompositionalLayout {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let card = LayoutGroup.horizontal(size: LayoutSize(width: .absolute(200), height: .absolute(120)), subitems: [.item(item)])
        let full = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(50)), subitems: [.item(item)])
        var l = CompositionalLayout { s, _ in
            s == 0 ? LayoutSection(group: card, interGroupSpacing: 20, contentInsets: EdgeInsets(top: 10, left: 50, bottom: 10, right: 50),
                                   orthogonalScrolling: behavior)
                : LayoutSection(group: full)
        }
        l.orthogonalOffset = { _ in offset }
        l.prepare(LayoutContext(boundsSize: Size(width: 300, height: 400), itemCounts: [5, 20]))
        return l
    }

    func testOrthogonalRowLaysGroupsAcrossAndScrollsByItsOffset() {
        let l = featuredLayout(offset: 0)
        XCTAssertEqual(frames(l), [Rect(50, 10, 200, 120), Rect(270, 10, 200, 120), Rect(490, 10, 200, 120),
                                   Rect(710, 10, 200, 120), Rect(930, 10, 200, 120)])
        XCTAssertEqual(l.sections[0].rowContentWidth, 1180.0, "50 + 5 × 200 + 4 × 20 + 50")
        XCTAssertEqual(l.sections[0].frame, Rect(0, 0, 300, 140), "the row is one group tall")
        XCTAssertEqual(frames(l, section: 1).first, Rect(0, 140, 300, 50), "the vertical list goes on below the row")
        let scrolled = featuredLayout(offset: 460)
        XCTAssertEqual(frames(scrolled)[2], Rect(30, 10, 200, 120))
        let visible = scrolled.attributesForElements(in: Rect(0, 0, 300, 400)).filter { $0.indexPath.section == 0 }.map(\.indexPath.item)
        XCTAssertEqual(visible.sorted(), [1, 2, 3], "the row's query follows its scroll offset")
        XCTAssertEqual(scrolled.orthogonalSection(at: Point(50, 60)), 0)
        XCTAssertNil(scrolled.orthogonalSection(at: Point(50, 150)))
    }

    func testGroupPagingCentredRestsOnCentresAndFlicksOneGroup() {
        let l = featuredLayout(offset: 0)
        // Group i's centre is 150 + 220 i; centred in a 300-wide viewport it rests at 220 i (clamped to 880).
        XCTAssertEqual((0..<5).map { l.restingOffset(section: 0, group: $0) }, [0, 220, 440, 660, 880])
        XCTAssertEqual(l.nearestRestingPlace(section: 0, toOffset: 500), 2)
        let fromSecond = ScrollDecision(startOffset: Point(220, 0), currentOffset: Point(260, 0), boundsSize: Size(width: 300, height: 140))
        XCTAssertEqual(l.orthogonalTargetOffset(section: 0, proposed: 2000, velocity: 4000, decision: fromSecond), 440,
                       "a fast flick moves exactly one card")
        XCTAssertEqual(l.orthogonalTargetOffset(section: 0, proposed: 250, velocity: 20, decision: fromSecond), 220,
                       "a slow release rests on the nearest card")
        let back = ScrollDecision(startOffset: Point(220, 0), currentOffset: Point(200, 0), boundsSize: Size(width: 300, height: 140))
        XCTAssertEqual(l.orthogonalTargetOffset(section: 0, proposed: 0, velocity: -900, decision: back), 0)
        XCTAssertEqual(featuredLayout(offset: 0, behavior: .continuous)
            .orthogonalTargetOffset(section: 0, proposed: 333, velocity: 900, decision: back), 333, "continuous keeps the proposal")
    }

    func testPagingAndGroupPagingRestingPlaces() {
        let paging = featuredLayout(offset: 0, behavior: .paging)
        XCTAssertEqual(paging.restingPlaceCount(section: 0), 4, "1180 of content in 300-wide pages")
        XCTAssertEqual((0..<4).map { paging.restingOffset(section: 0, group: $0) }, [0, 300, 600, 880])
        let groups = featuredLayout(offset: 0, behavior: .groupPaging)
        XCTAssertEqual((0..<5).map { groups.restingOffset(section: 0, group: $0) }, [0, 220, 440, 660, 880])
    }

    // MARK: Queries

    func testRectQueriesMatchABruteForceScan() {
        var rng = SplitMix(seed: 7)
        let l = prepared([3, 500, 40], size: Size(width: 320, height: 400), spacing: 9) { s, env in
            if s == 1 { return PairedRows.section(spacing: 16, contentInsets: EdgeInsets(all: 16),
                                                      header: BoundarySupplementaryItem(height: .absolute(30))) { i in i % 3 == 0 ? .full : .half } }
            return self.nestedSection(env)
        }
        let all = (0..<3).flatMap { s in (0..<l.sections[s].itemCount).map { l.attributesForItem(at: ItemPath(item: $0, section: s))! } }
        for _ in 0..<200 {
            let r = Rect(Double(rng.next(400)) - 40, Double(rng.next(Int(l.contentSize.height))) - 100,
                         Double(rng.next(300) + 1), Double(rng.next(900) + 1))
            let got = Set(l.attributesForElements(in: r).filter { $0.kind == .cell }.map(\.indexPath))
            let want = Set(all.filter { $0.frame.intersects(r) }.map(\.indexPath))
            XCTAssertEqual(got, want, "rect \(r)")
        }
    }

    func testPairedRowsReformDuringAnInteractiveMove() {
        // Widths by data index: H H F. Moving the full-width item to the front displays F H H: two rows, not three.
        let styles: [PairedRows.ItemWidth] = [.half, .half, .full]
        var l = CompositionalLayout { _, _ in PairedRows.section(spacing: 0) { styles[$0] } }
        var context = LayoutContext(boundsSize: Size(width: 200, height: 400), itemCounts: [3])
        l.prepare(context)
        XCTAssertEqual(frames(l), [Rect(0, 0, 100, 100), Rect(100, 0, 100, 100), Rect(0, 100, 200, 100)])
        context.interactiveMove = InteractiveMove(source: ItemPath(item: 2), target: ItemPath(item: 0))
        l.prepare(context)
        XCTAssertEqual(frames(l), [Rect(0, 0, 200, 100), Rect(0, 100, 100, 100), Rect(100, 100, 100, 100)])
    }

    // MARK: Incremental preparing during an interactive movement

    /// A featured-like section of nested groups, then a mosaic of `styles` (read by data index).
    private func movementLayout(styles: @escaping () -> [PairedRows.ItemWidth]) -> CompositionalLayout {
        CompositionalLayout(interSectionSpacing: 8) { s, env in
            if s == 0 { return self.nestedSection(env) }
            let current = styles()
            return PairedRows.section(spacing: 16, contentInsets: EdgeInsets(top: 8, left: 20, bottom: 16, right: 20),
                                         header: BoundarySupplementaryItem(height: .absolute(44), pinToVisibleBounds: true)) { current[$0] }
        }
    }

    /// Every item's frame, and the cells in a few rects, must be what a layout prepared from
    /// scratch for the same context gives.
    private func assertSameFrames(_ l: CompositionalLayout, _ context: LayoutContext, styles: @escaping () -> [PairedRows.ItemWidth],
                                  rects: [Rect], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var full = movementLayout(styles: styles)
        full.prepare(context)
        // Small sections form every group at once during a movement: heights are exact too.
        XCTAssertEqual(l.contentSize, full.contentSize, "\(what): content size", file: file, line: line)
        XCTAssertEqual(l.sections.map(\.frame), full.sections.map(\.frame), "\(what): section frames", file: file, line: line)
        for r in rects {
            let got = l.attributesForElements(in: r).filter { $0.kind == .cell }.sorted { $0.indexPath < $1.indexPath }
            let want = full.attributesForElements(in: r).filter { $0.kind == .cell }.sorted { $0.indexPath < $1.indexPath }
            XCTAssertEqual(got, want, "\(what): cells in \(r)", file: file, line: line)
        }
        for s in context.itemCounts.indices {
            let got = (0..<context.itemCounts[s]).map { l.attributesForItem(at: ItemPath(item: $0, section: s))?.frame }
            let want = (0..<context.itemCounts[s]).map { full.attributesForItem(at: ItemPath(item: $0, section: s))?.frame }
            XCTAssertEqual(got, want, "\(what): frames of section \(s)", file: file, line: line)
        }
    }

    func testIncrementalPrepareDuringAMovementGivesTheFramesOfAFullPrepare() {
        var rng = SplitMix(seed: 2024)
        for round in 0..<12 {
            let n = 40 + rng.next(260)
            var styles = (0..<n).map { _ in rng.next(3) == 0 ? PairedRows.ItemWidth.full : .half }
            // Some rounds have runs of half-width items only, where pairing shifts the furthest.
            if round % 4 == 3 { styles = (0..<n).map { _ in rng.next(12) == 0 ? .full : .half } }
            let read = { styles }
            var l = movementLayout(styles: read)
            let size = Size(width: 300 + Double(rng.next(400)), height: 500)
            var context = LayoutContext(boundsSize: size, itemCounts: [5, n])
            l.prepare(context)
            // Every 5th round some items keep their slots (anchored) while the others flow around them.
            let anchored: ((ItemPath) -> Bool)? = round % 5 == 4 ? { ip in ip.section == 1 && ip.item % 9 == 4 } : nil
            for movement in 0..<3 {
                var source = rng.next(n)
                while anchored?(ItemPath(item: source, section: 1)) == true { source = rng.next(n) }
                context.interactiveMove = InteractiveMove(source: ItemPath(item: source, section: 1),
                                                          target: ItemPath(item: source, section: 1), isAnchored: anchored)
                l.prepare(context)
                for step in 0..<8 {
                    var target = rng.next(n)
                    while anchored?(ItemPath(item: target, section: 1)) == true { target = rng.next(n) }
                    context.interactiveMove?.target = ItemPath(item: target, section: 1)
                    l.prepare(context)
                    // A copy prepared for another target (as the stable-target probe does) leaves this one alone.
                    var probe = l
                    var other = context
                    other.interactiveMove?.target = ItemPath(item: rng.next(n), section: 1)
                    if anchored?(other.interactiveMove!.target) == true { other.interactiveMove?.target = context.interactiveMove!.target }
                    probe.prepare(other)
                    _ = probe.attributesForElements(in: Rect(0, 0, size.width, 1e6))
                    // Queries in varying order: sometimes only a viewport (groups stay partly formed).
                    let y = Double(rng.next(Int(l.contentSize.height)))
                    let rects = [Rect(0, y, size.width, 600), Rect(0, max(0, y - 900), size.width, 300)]
                    let what = "round \(round), movement \(movement), step \(step): \(source) -> \(target)"
                    if step % 3 == 2 {
                        assertSameFrames(l, context, styles: read, rects: rects, what)
                    } else {
                        var full = movementLayout(styles: read)
                        full.prepare(context)
                        XCTAssertEqual(l.contentSize, full.contentSize, "\(what): content size")
                        for r in rects {
                            XCTAssertEqual(l.attributesForElements(in: r).filter { $0.kind == .cell }.sorted { $0.indexPath < $1.indexPath },
                                           full.attributesForElements(in: r).filter { $0.kind == .cell }.sorted { $0.indexPath < $1.indexPath },
                                           "\(what): cells in \(r)")
                        }
                    }
                }
                // The movement ends, as the collection view ends it: dropped (the data takes the
                // displayed order and the layout is told so), cancelled (the target goes back to
                // the source first), or with no word of it (a full prepare).
                var move = context.interactiveMove!
                let ending = (round + movement) % 3
                if ending == 1 {
                    move.target = move.source
                    context.interactiveMove = move
                    l.prepare(context)
                }
                styles = (0..<n).map { styles[move.dataIndexPath(forDisplayed: ItemPath(item: $0, section: 1)).item] }
                context.interactiveMove = nil
                context.completedMove = ending == 2 ? nil : move
                l.prepare(context)
                context.completedMove = nil
                assertSameFrames(l, context, styles: read, rects: [],
                                 "round \(round) after movement \(movement) (\(["dropped", "cancelled", "unannounced"][ending]))")
            }
        }
    }

    /// A drop near the top of 100,000 items forms the groups up to where the old grouping takes
    /// over again, not every group after the moved card, and ends with a full prepare's frames.
    func testADropFormsOnlyTheGroupsBeforeTheOldGroupingResumes() {
        var styles = (0..<100_000).map { $0 % 5 == 2 ? PairedRows.ItemWidth.full : .half }
        var chosen = 0
        var l = CompositionalLayout { _, _ in PairedRows.section(spacing: 10) { chosen += 1; return styles[$0] } }
        var context = LayoutContext(boundsSize: Size(width: 640, height: 800), itemCounts: [styles.count])
        l.prepare(context)
        let all = l.formedGroupCount
        context.interactiveMove = InteractiveMove(source: ItemPath(item: 3), target: ItemPath(item: 3))
        l.prepare(context)
        context.interactiveMove?.target = ItemPath(item: 11)
        l.prepare(context)
        _ = l.attributesForElements(in: Rect(0, 0, 640, 800))
        let move = context.interactiveMove!
        styles = (0..<styles.count).map { styles[move.dataIndexPath(forDisplayed: ItemPath(item: $0)).item] }
        context.interactiveMove = nil
        context.completedMove = move
        chosen = 0
        l.prepare(context)
        XCTAssertLessThan(chosen, 200, "the drop asked for a few groups, not all \(all) again")
        var full = CompositionalLayout { _, _ in PairedRows.section(spacing: 10) { styles[$0] } }
        context.completedMove = nil
        full.prepare(context)
        XCTAssertEqual(l.formedGroupCount, full.formedGroupCount, "every group is there after the drop")
        XCTAssertEqual(l.contentSize, full.contentSize)
        for item in [0, 3, 10, 11, 12, 13, 50, 99_999] {
            XCTAssertEqual(l.attributesForItem(at: ItemPath(item: item)), full.attributesForItem(at: ItemPath(item: item)), "item \(item)")
        }
    }

    func testAMovementNearTheTopFormsOnlyTheGroupsQueriesAskFor() {
        let styles = (0..<100_000).map { $0 % 5 == 2 ? PairedRows.ItemWidth.full : .half }
        var l = movementLayout { styles }
        var context = LayoutContext(boundsSize: Size(width: 640, height: 800), itemCounts: [5, styles.count])
        l.prepare(context)
        let all = l.formedGroupCount
        let height = l.contentSize.height
        context.interactiveMove = InteractiveMove(source: ItemPath(item: 3, section: 1), target: ItemPath(item: 3, section: 1))
        l.prepare(context)
        context.interactiveMove?.target = ItemPath(item: 9, section: 1)
        l.prepare(context)
        _ = l.attributesForElements(in: Rect(0, 0, 640, 800))
        XCTAssertLessThan(l.formedGroupCount, 200, "a screenful of groups, not all \(all)")
        XCTAssertEqual(l.contentSize.height, height, "the height from before the movement")
        XCTAssertEqual(l.attributesForItem(at: ItemPath(item: 50_000, section: 1)),
                       { var f = movementLayout { styles }; f.prepare(context); return f.attributesForItem(at: ItemPath(item: 50_000, section: 1)) }(),
                       "an item far down forms the groups up to it, as a full prepare places them")
    }
}

/// A small seeded generator, so random tests repeat exactly.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int { Int(next64() % UInt64(max(1, bound))) }
}
