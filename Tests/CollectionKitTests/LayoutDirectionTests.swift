@testable import CollectionKit
import XCTest

private final class NumberSource: CollectionDataSource {
    var ids: [Int]
    init(_ count: Int) { ids = Array(0..<count) }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        cv.dequeueReusableCell(withReuseIdentifier: "cell", for: ip)
    }
    func collectionView(_ cv: CollectionView, canMoveItemAt ip: ItemPath) -> Bool { true }
    func collectionView(_ cv: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
        ids.insert(ids.remove(at: source.item), at: destination.item)
    }
}

/// Right to left: every layout places the same items as the horizontal mirror of left to right
/// (x' = width − x − w), horizontal content starts at its right end, a carousel pages the other way,
/// and arrows, keyboard scrolling and move targets follow what is on screen.
final class LayoutDirectionTests: XCTestCase {
    private let bounds = Size(width: 1000, height: 600)
    private var sources: [NumberSource] = []

    /// Odd heights so waterfalls deal unevenly.
    private static func height(_ ip: ItemPath, _ width: Double) -> Double { Double(60 + (ip.item * 37) % 110) }

    private static var layouts: [(String, any CollectionLayout)] {
        [
            ("vertical grid", GridLayout(minimumCrossSize: 150, insets: EdgeInsets(top: 8, left: 20, bottom: 8, right: 4))),
            ("horizontal grid", GridLayout(scrollAxis: .horizontal, minimumCrossSize: 150, itemLength: .fixed(180), headerLength: 30)),
            ("list columns", SelfSizingListLayout(minimumColumnWidth: 300, insets: EdgeInsets(top: 12, left: 30, bottom: 12, right: 6),
                                                  estimatedHeight: height, measure: height)),
            ("waterfall", WaterfallLayout(minimumColumnWidth: 200, itemHeight: height)),
            ("self-sizing waterfall", SelfSizingWaterfallLayout(minimumColumnWidth: 200, estimatedHeight: height, measure: height)),
            ("carousel", CarouselLayout(alignment: .edges)),
        ]
    }

    private func prepared(_ layout: any CollectionLayout, _ direction: LayoutDirection, counts: [Int] = [40],
                          size: Size? = nil) -> any CollectionLayout {
        var l = layout
        l.prepare(LayoutContext(boundsSize: size ?? bounds, itemCounts: counts, layoutDirection: direction))
        return l
    }

    // MARK: Direction from a locale

    func testLocaleIdentifiersGiveTheirScriptsDirection() {
        for rtl in ["ar_EG.UTF-8", "he_IL.UTF-8", "fa_IR", "ur-PK", "ar", "iw_IL", "ku_Arab_IQ", "pa-Arab-PK", "yi@euro"] {
            XCTAssertEqual(LayoutDirection(localeIdentifier: rtl), .rightToLeft, rtl)
        }
        for ltr in ["en_US.UTF-8", "de_DE", "ja_JP.UTF-8", "C", "POSIX", "", "az-Latn-AZ", "ku_Latn_TR", "fr"] {
            XCTAssertEqual(LayoutDirection(localeIdentifier: ltr), .leftToRight, ltr)
        }
    }

    // MARK: Every layout mirrors

    func testEveryLayoutIsTheMirrorOfLeftToRight() {
        for (name, layout) in Self.layouts {
            let ltr = prepared(layout, .leftToRight), rtl = prepared(layout, .rightToLeft)
            XCTAssertEqual(ltr.contentSize, rtl.contentSize, name)
            let width = max(ltr.contentSize.width, bounds.width)
            func mirrored(_ r: Rect) -> Rect { Rect(width - r.minX - r.width, r.minY, r.width, r.height) }
            var mirroredCount = 0
            for item in 0..<40 {
                let ip = ItemPath(item: item)
                guard let a = ltr.attributesForItem(at: ip)?.frame, let b = rtl.attributesForItem(at: ip)?.frame else {
                    XCTFail("\(name): item \(item) missing"); continue
                }
                XCTAssertEqual(b, mirrored(a), "\(name): item \(item)")
                if a != b { mirroredCount += 1 }
            }
            XCTAssertGreaterThan(mirroredCount, 20, "\(name): most items change sides")
            // A rect query finds the same items at the mirrored rect, with mirrored frames.
            for rect in [Rect(0, 0, 1000, 600), Rect(130, 200, 420, 500), Rect(900, 0, 700, 300)] {
                let a = ltr.attributesForElements(in: rect).sorted { ($0.kind == .cell ? 0 : 1, $0.indexPath) < ($1.kind == .cell ? 0 : 1, $1.indexPath) }
                let b = rtl.attributesForElements(in: mirrored(rect)).sorted { ($0.kind == .cell ? 0 : 1, $0.indexPath) < ($1.kind == .cell ? 0 : 1, $1.indexPath) }
                XCTAssertEqual(b.map(\.indexPath), a.map(\.indexPath), "\(name) in \(rect)")
                XCTAssertEqual(b.map(\.frame), a.map { mirrored($0.frame) }, "\(name) in \(rect)")
                XCTAssertFalse(a.isEmpty, "\(name) in \(rect)")
            }
        }
    }

    func testAVerticalGridFillsFromTheRight() {
        let grid = GridLayout(minimumCrossSize: 100, itemLength: .fixed(100), interitemSpacing: 0, lineSpacing: 0, insets: EdgeInsets())
        var l = grid
        l.prepare(LayoutContext(boundsSize: Size(400, 300), itemCounts: [6], layoutDirection: .rightToLeft))
        XCTAssertEqual((0..<6).map { l.attributesForItem(at: ItemPath(item: $0))!.frame.minX }, [300, 200, 100, 0, 300, 200])
        XCTAssertEqual(l.targetIndexPath(forMoving: ItemPath(item: 0), at: Point(350, 150)), ItemPath(item: 4))
    }

    // MARK: Carousel paging

    func testACarouselFlickGoesForwardTowardTheLeft() {
        let carousel = CarouselLayout()   // 1000 wide: cards 700 wide, 724 apart
        let ltr = prepared(carousel, .leftToRight, counts: [5]) as! CarouselLayout
        let rtl = prepared(carousel, .rightToLeft, counts: [5]) as! CarouselLayout
        XCTAssertEqual((0..<5).map { ltr.restingOffset(forItem: $0) }, [0, 724, 1448, 2172, 2896])
        XCTAssertEqual((0..<5).map { rtl.restingOffset(forItem: $0) }, [2896, 2172, 1448, 724, 0],
                       "the first card rests at the right end")
        func flick(_ l: CarouselLayout, from item: Int, velocity: Double) -> Int {
            let start = l.restingOffset(forItem: item)
            let current = start + (velocity > 0 ? 60 : -60)
            let decision = ScrollDecision(startOffset: Point(start, 0), currentOffset: Point(current, 0), boundsSize: bounds)
            let proposed = Point(current + velocity * 0.4, 0)
            let target = l.targetContentOffset(proposed: proposed, velocity: Point(velocity, 0), decision: decision)
            XCTAssertEqual(target.x, l.restingOffset(forItem: l.nearestItem(toOffset: target.x)))
            return l.nearestItem(toOffset: target.x)
        }
        XCTAssertEqual(flick(ltr, from: 2, velocity: 2000), 3, "LTR: scrolling right (a left swipe) goes forward")
        XCTAssertEqual(flick(ltr, from: 2, velocity: -2000), 1)
        XCTAssertEqual(flick(rtl, from: 2, velocity: -2000), 3, "RTL: scrolling left goes forward")
        XCTAssertEqual(flick(rtl, from: 2, velocity: 2000), 1)
        XCTAssertEqual(flick(rtl, from: 0, velocity: 2000), 0, "nothing before the first card")
        XCTAssertEqual(rtl.targetItem(proposed: Point(1448 - 300, 0), velocity: .zero,
                                      decision: ScrollDecision(startOffset: Point(1448, 0), currentOffset: Point(1148, 0), boundsSize: bounds)),
                       2, "a slow drag under half a card stays")
    }

    // MARK: Collection view

    private func makeView(_ layout: any CollectionLayout, count: Int, direction: LayoutDirection,
                          size: Size = Size(400, 300)) -> CollectionView {
        let source = NumberSource(count)
        sources.append(source)
        let cv = CollectionView(name: "test", layout: layout)
        cv.layoutDirection = direction
        cv.register(reuseIdentifier: "cell") { CollectionCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(origin: .zero, size: size))
        cv.reloadData()
        cv.update(now: 0)
        return cv
    }

    private static var row: GridLayout { GridLayout(scrollAxis: .horizontal, itemsPerLine: 1, itemLength: .fixed(100),
                                        interitemSpacing: 0, lineSpacing: 0, insets: EdgeInsets()) }
    private static var squares: GridLayout { GridLayout(minimumCrossSize: 100, itemLength: .fixed(100), interitemSpacing: 0,
                                            lineSpacing: 0, insets: EdgeInsets()) }

    func testHorizontalContentStartsAtItsRightEnd() {
        let cv = makeView(Self.row, count: 10, direction: .rightToLeft)
        XCTAssertEqual(cv.contentOffset.x, 600, "1000 of content in a 400 viewport: scrolled to the right end")
        XCTAssertEqual(cv.firstItemInView, ItemPath(item: 0))
        XCTAssertEqual(cv.layout.attributesForItem(at: ItemPath(item: 0))?.frame, Rect(900, 0, 100, 300))
        // Growing content keeps what is in view where it is: its right end.
        (cv.dataSource as! NumberSource).ids.append(contentsOf: [10, 11])
        try! cv.performBatchUpdates([.insert([ItemPath(item: 10), ItemPath(item: 11)])], animated: false)
        XCTAssertEqual(cv.contentOffset.x, 800)
        XCTAssertEqual(cv.windowRect(fromContent: cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame).minX, 300)
        // Switching back mirrors the view: item 0 on the left, still in view.
        cv.layoutDirection = .leftToRight
        XCTAssertEqual(cv.contentOffset.x, 0)
        XCTAssertEqual(cv.windowRect(fromContent: cv.layout.attributesForItem(at: ItemPath(item: 0))!.frame).minX, 0)
        cv.setLayout(Self.row)
        cv.physics.jump(to: Point(100, 0))
        cv.layoutDirection = .rightToLeft
        XCTAssertEqual(cv.contentOffset.x, 700, "the same content in view, mirrored")
        cv.setLayout(Self.row)
        XCTAssertEqual(cv.contentOffset.x, 800, "a new layout starts at the right end")
    }

    func testAResizeKeepsTheItemReadFromTheRight() {
        let cv = makeView(Self.row, count: 10, direction: .rightToLeft)
        cv.physics.jump(to: Point(300, 0))   // items 6…3 in view, item 3 against the right edge
        cv.update(now: 0)
        XCTAssertEqual(cv.windowRect(fromContent: cv.layout.attributesForItem(at: ItemPath(item: 3))!.frame).maxX, 400)
        cv.setFrame(Rect(0, 0, 500, 300))
        XCTAssertEqual(cv.windowRect(fromContent: cv.layout.attributesForItem(at: ItemPath(item: 3))!.frame).maxX, 500,
                       "the item read first stays against the leading (right) edge")
    }

    func testKeyboardScrollingReadsFromTheRight() {
        let keys = KeyboardScrolling()
        let viewport = Size(400, 300), content = Size(1000, 300)
        func target(_ key: Key, from x: Double, _ direction: LayoutDirection) -> Double? {
            keys.target(for: key, axis: .horizontal, from: Point(x, 0), viewport: viewport, content: content, direction: direction)?.x
        }
        XCTAssertEqual(target(.home, from: 300, .rightToLeft), 600)
        XCTAssertEqual(target(.end, from: 300, .rightToLeft), 0)
        XCTAssertEqual(target(.pageDown, from: 600, .rightToLeft), 600 - 360)
        XCTAssertEqual(target(.right, from: 300, .rightToLeft), 380, "Right scrolls right, as it points")
        XCTAssertEqual(target(.home, from: 300, .leftToRight), 0)
        XCTAssertEqual(target(.pageDown, from: 0, .leftToRight), 360)
        let vertical = KeyboardScrolling(crossAxisArrowsScroll: true)
        XCTAssertEqual(vertical.target(for: .left, axis: .vertical, from: .zero, viewport: viewport,
                                       content: Size(400, 2000), direction: .rightToLeft)?.y, 80, "Left is forward across")
    }

    func testArrowKeysFollowTheScreen() {
        let grid = makeView(Self.squares, count: 10, direction: .rightToLeft)
        let at = { (i: Int, k: Key) in grid.item(from: ItemPath(item: i), toward: k)?.item }
        XCTAssertEqual(at(5, .right), 4, "the item on the right of 5 is 4 in right to left")
        XCTAssertEqual(at(5, .left), 6)
        XCTAssertNil(at(0, .right), "item 0 is the rightmost")
        XCTAssertNil(at(3, .left))
        XCTAssertEqual(at(5, .down), 9)
        let row = makeView(Self.row, count: 10, direction: .rightToLeft)
        row.moveFocus(.left, now: 0)
        XCTAssertEqual(row.focusedItem, ItemPath(item: 0), "the first arrow focuses the first item in view")
        for _ in 0..<5 { row.moveFocus(.left, now: 0) }
        XCTAssertEqual(row.focusedItem, ItemPath(item: 5), "Left moves forward")
        row.physics.update(now: 5)
        row.update(now: 5)
        let f = row.windowRect(fromContent: row.layout.attributesForItem(at: ItemPath(item: 5))!.frame)
        XCTAssertTrue(row.frame.contains(Point(f.midX, f.midY)), "the focused item was scrolled into view: \(f)")
        row.moveFocus(.right, now: 5)
        XCTAssertEqual(row.focusedItem, ItemPath(item: 4))
    }

    func testAnItemWrappingToTheNextLineLeavesAtTheLinesLeftEnd() {
        for direction in LayoutDirection.allCases {
            let cv = makeView(Self.squares, count: 10, direction: direction)
            let from = cv.layout.attributesForItem(at: ItemPath(item: 3))!.frame
            let to = cv.layout.attributesForItem(at: ItemPath(item: 4))!.frame
            let wrap = cv.slotAnimation(from: from, to: to).wrap
            XCTAssertEqual(wrap?.crossAxis, .horizontal)
            // Item 3 ends the first line: it leaves past the line's end and enters the next at its start.
            XCTAssertEqual(wrap.map { $0.exit > 0 }, direction == .leftToRight, "\(direction)")
            XCTAssertEqual(wrap.map { $0.entry < 0 }, direction == .leftToRight, "\(direction)")
        }
    }

    func testEdgeAutoScrollIsTheMirrorOfLeftToRight() {
        // A drag held near the trailing edge (right in LTR, left in RTL) scrolls toward later items.
        var shown: [LayoutDirection: (offset: Double, firstInView: Int?, lastInView: Int?)] = [:]
        for direction in LayoutDirection.allCases {
            let cv = makeView(Self.row, count: 30, direction: direction)
            var scroller = AutoScroller()
            scroller.reset()
            let start = Point(200, 150), held = Point(direction == .leftToRight ? 395 : 5, 150)
            cv.autoScroll(with: &scroller, pointer: start, now: 0)
            for step in 1...60 { cv.autoScroll(with: &scroller, pointer: held, now: Double(step) / 60) }
            cv.update(now: 1)
            let inView = cv.visibleAttributes.filter { $0.kind == .cell && cv.bounds.contains($0.frame.center) }.map(\.indexPath.item)
            shown[direction] = (cv.contentOffset.x, inView.min(), inView.max())
        }
        let ltr = shown[.leftToRight]!, rtl = shown[.rightToLeft]!
        XCTAssertGreaterThan(ltr.offset, 100, "it scrolled")
        XCTAssertEqual(rtl.offset, 3000 - 400 - ltr.offset, accuracy: 0.001, "the mirrored offset")
        XCTAssertEqual(rtl.firstInView, ltr.firstInView)
        XCTAssertEqual(rtl.lastInView, ltr.lastInView)
    }

    func testADropEnteringAtAMirroredPointOpensTheSameGap() {
        var gaps: [LayoutDirection: [ItemPath]] = [:]
        for direction in LayoutDirection.allCases {
            let view = CollectionView(name: "grid", layout: Self.squares)
            view.layoutDirection = direction
            view.register(reuseIdentifier: "cell") { CollectionCell(reuseIdentifier: $0) }
            let c = DragDropCollection<AnyHashable>(view: view, title: "Grid", items: [Array(0..<10).map { AnyHashable($0) }],
                                                    cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "cell", for: ip) },
                                                    drawItem: { _, _, _ in })
            view.setFrame(Rect(0, 0, 400, 300))
            view.update(now: 0)
            // Left to right: over item 5 (x 100…200, y 100…200) before and past its middle, and over
            // item 9 in the short last line before its middle.
            let points = [Point(120, 150), Point(180, 150), Point(130, 250)]
            gaps[direction] = points.map { p in c.proposedGap(at: direction == .leftToRight ? p : Point(400 - p.x, p.y)) }
        }
        XCTAssertEqual(gaps[.leftToRight], [ItemPath(item: 5), ItemPath(item: 6), ItemPath(item: 9)])
        XCTAssertEqual(gaps[.rightToLeft], gaps[.leftToRight])
    }

    func testAMoveToAMirroredPointLandsTheSameItemInTheSameIndex() {
        var keeping = WaterfallLayout(minimumColumnWidth: 120, itemHeight: Self.height)
        keeping.keepsColumns = true
        for layout in [Self.squares as any CollectionLayout, WaterfallLayout(minimumColumnWidth: 120, itemHeight: Self.height), keeping] {
            var landed: [LayoutDirection: [Int]] = [:]
            var placed: [LayoutDirection: [Rect]] = [:]
            for direction in LayoutDirection.allCases {
                let cv = makeView(layout, count: 12, direction: direction)
                // Where item 6 is shown left to right, reflected for right to left.
                let ltr = prepared(layout, .leftToRight, counts: [12], size: Size(400, 300))
                var layoutAim = ltr.attributesForItem(at: ItemPath(item: 6))!.frame.center
                if direction == .rightToLeft { layoutAim.x = 400 - layoutAim.x }
                XCTAssertTrue(cv.beginInteractiveMovementForItem(at: ItemPath(item: 1)))
                cv.updateInteractiveMovementTargetPosition(layoutAim)
                XCTAssertEqual(cv.interactiveMove?.target, ItemPath(item: 6), "\(direction)")
                cv.endInteractiveMovement()
                landed[direction] = (cv.dataSource as! NumberSource).ids
                placed[direction] = (0..<12).map { cv.layout.attributesForItem(at: ItemPath(item: $0))!.frame }
            }
            XCTAssertEqual(landed[.rightToLeft], landed[.leftToRight])
            XCTAssertEqual(placed[.rightToLeft], placed[.leftToRight]?.map { Rect(400 - $0.maxX, $0.minY, $0.width, $0.height) },
                           "after the drop the places are mirrored too")
            XCTAssertEqual(landed[.leftToRight]?[6], 1, "item 1 took index 6")
        }
    }
}
