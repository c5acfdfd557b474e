import CollectionKit
/// A paging carousel of preview cards (seeds 000 and 003): drag, flick, wheel and keys move it one
/// card at a time, a click on a side card centres it, and page dots show where it is.
public final class CarouselScene: Scene, CollectionDataSource {
    public let name = "carousel"
    public let collection: CollectionView
    private(set) var ids: [Int]
    private var press = ScrollPan(tolerance: CarouselScene.panSlop)
    static let panSlop = 4.0
    /// With more cards than this, a counter replaces the dots.
    static let maximumDots = 30
    static let dotSpacing = 18.0

    public init(itemCount: Int, alignment: CarouselLayout.Alignment = .center) {
        ids = Array(0..<max(0, itemCount))
        collection = CollectionView(name: "carousel", layout: CarouselLayout(alignment: alignment))
        // No background fill of its own: the app has just filled the window with the same colour,
        // and a second full-screen fill is a large share of a software-rendered frame.
        collection.register(reuseIdentifier: "card") { CarouselCardCell(reuseIdentifier: $0) }
        collection.dataSource = self
        // Paging wants a brisk settle, as carousels on iOS use the fast rate; the projection for
        // the paging decision then also uses it, so it predicts where this carousel would stop.
        collection.physics.decelerationRate = Deceleration.fastRate
        collection.physics.targetDecision = { [unowned collection] proposed, velocity, decision in
            collection.layout.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision)
        }
        collection.reloadData()
    }

    public var layout: CarouselLayout { collection.layout as! CarouselLayout }
    public var alignment: CarouselLayout.Alignment { layout.alignment }

    /// The card centred (or edge-aligned) once the carousel comes to rest.
    public var centeredIndex: Int { layout.nearestItem(toOffset: collection.physics.restingOffset.x) }

    public func setFrame(_ frame: Rect) {
        let index = centeredIndex
        collection.setFrame(frame)
        // The centred card stays centred through a resize.
        collection.physics.jump(to: Point(x: layout.restingOffset(forItem: index), y: 0))
        collection.update(now: collection.now)
    }

    /// Scrolls so card `index` rests in place, with a spring.
    public func scrollToCard(_ index: Int, now: Double) {
        guard !ids.isEmpty else { return }
        let i = min(max(0, index), ids.count - 1)
        collection.physics.setOffset(Point(x: layout.restingOffset(forItem: i), y: 0), animated: true, now: now)
    }

    public func setAlignment(_ alignment: CarouselLayout.Alignment, now: Double) {
        let index = centeredIndex
        collection.updateLayout { layout in
            guard var carousel = layout as? CarouselLayout else { return }
            carousel.alignment = alignment
            layout = carousel
        }
        scrollToCard(index, now: now)
    }

    public func handle(_ event: InputEvent, now: Double) {
        // With page dots the dots are the bar; a long carousel without them gets a scroll bar.
        if !showsDots, collection.handleScrollBarEvent(event, now: now) { return }
        switch event {
        case let .pointerDown(p, .left, _) where collection.frame.contains(p):
            press.down(at: p, now: now, physics: &collection.physics)
        case let .pointerMove(p, _):
            press.moved(to: p, now: now, physics: &collection.physics)
            collection.updateHover(at: press.isPanning ? nil : p)
        case let .pointerUp(p, .left, mods):
            if press.up(at: p, now: now, physics: &collection.physics) { click(at: p, modifiers: mods, now: now) }
        case let .wheel(dx, dy):
            if !press.isPanning { collection.physics.wheel(dx: dx, dy: dy, now: now) }
        case let .key(key, mods) where mods.isEmpty:
            switch key {
            case .left: scrollToCard(centeredIndex - 1, now: now)
            case .right: scrollToCard(centeredIndex + 1, now: now)
            case .home: scrollToCard(0, now: now)
            case .end: scrollToCard(ids.count - 1, now: now)
            case Key("a"): setAlignment(alignment == .center ? .edges : .center, now: now)
            default: break
            }
        case .focus(gained: false):
            cancelPress(now: now)
        case .pointerExited:
            collection.updateHover(at: nil)
        default: break
        }
    }

    /// A click centres a side card, selects the centred one, or jumps to a page dot.
    private func click(at p: Point, modifiers: Modifiers, now: Double) {
        if let dot = dotIndex(at: p) {
            scrollToCard(dot, now: now)
        } else if let ip = collection.indexPathForItem(atWindowPoint: p) {
            if ip.item == centeredIndex {
                collection.click(ip, modifiers: modifiers)
            } else {
                scrollToCard(ip.item, now: now)
            }
        }
    }

    private func cancelPress(now: Double) {
        // A pan cut short settles on the nearest card rather than stopping between two.
        press.cancel(now: now, physics: &collection.physics)
    }

    public func didDeactivate(now: Double) { cancelPress(now: now) }

    public func update(now: Double) { collection.update(now: now) }
    public func nextDeadline(after now: Double) -> Double? { collection.nextDeadline(after: now) }

    /// What the last draw-ahead list was made for: a new one is due when the page, the size or
    /// the alignment changes.
    private var drawnAheadFor: (page: Int, frame: Rect, alignment: CarouselLayout.Alignment)?
    /// Samples per page turn: the side scale changes by well under a pixel of text between two.
    static let drawAheadSteps = 48

    /// The cards as they look at every step of a turn to either neighbouring page. Each card
    /// changes size on the way, so its text meets pixel sizes no frame has drawn yet; made while
    /// the window is idle, they cost the first flick nothing.
    public func drawAhead() -> DrawList? {
        guard !ids.isEmpty, !collection.frame.isEmpty else { return nil }
        let page = centeredIndex
        if let last = drawnAheadFor, last.page == page, last.frame == collection.frame, last.alignment == alignment { return nil }
        drawnAheadFor = (page, collection.frame, alignment)
        let here = layout.restingOffset(forItem: page)
        var offsets: [Point] = []
        for neighbour in [page - 1, page + 1] where ids.indices.contains(neighbour) {
            let there = layout.restingOffset(forItem: neighbour)
            let steps = CarouselScene.drawAheadSteps
            offsets += (1...steps).map { Point(x: here + (there - here) * Double($0) / Double(steps), y: 0) }
        }
        var list = DrawList()
        collection.drawAhead(atOffsets: offsets, into: &list)
        return list
    }

    public func draw(into list: inout DrawList) {
        collection.draw(into: &list)
        if !showsDots { ScrollIndicator.draw(for: collection, into: &list) }
        drawPageIndicator(into: &list)
    }

    // MARK: Page dots

    /// Dots while there are few cards and they fit across the window; else the counter.
    private var showsDots: Bool {
        ids.count > 1 && ids.count <= CarouselScene.maximumDots
            && Double(ids.count - 1) * CarouselScene.dotSpacing + 2 * CarouselScene.dotSpacing <= collection.frame.width
    }
    private var dotsCentreY: Double { collection.frame.maxY - layout.bottomMargin / 2 }

    /// Centre of dot `i`, in window points.
    private func dotCentre(_ i: Int) -> Point {
        let width = Double(ids.count - 1) * CarouselScene.dotSpacing
        return Point(x: collection.frame.midX - width / 2 + Double(i) * CarouselScene.dotSpacing, y: dotsCentreY)
    }

    private func dotIndex(at p: Point) -> Int? {
        guard showsDots, abs(p.y - dotsCentreY) <= 12 else { return nil }
        let first = dotCentre(0).x
        let i = Int(((p.x - first) / CarouselScene.dotSpacing).rounded())
        guard (0..<ids.count).contains(i), abs(p.x - dotCentre(i).x) <= CarouselScene.dotSpacing / 2 else { return nil }
        return i
    }

    private func drawPageIndicator(into list: inout DrawList) {
        let current = centeredIndex
        if showsDots {
            for i in ids.indices {
                let c = dotCentre(i)
                let r = i == current ? 5.0 : 3.5
                list.fill(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r),
                          i == current ? Theme.accent : Theme.border, radius: r)
            }
        } else if !ids.isEmpty {
            list.text("\(current + 1) / \(ids.count)", in: Rect(x: collection.frame.midX - 80, y: dotsCentreY - 12, width: 160, height: 24),
                      size: 14, color: Theme.textDim, alignment: .center, weight: .bold)
        }
        // The key hint sits right of the page indicator, and only where it fits beside it.
        let indicatorEnd = showsDots ? dotCentre(ids.count - 1).x + 8 : collection.frame.midX + 80
        let hintRect = Rect(x: collection.frame.maxX - 336, y: dotsCentreY - 11, width: 320, height: 22)
        if hintRect.minX >= indicatorEnd + 16 {
            let hint = "← → Home End  ·  A: alignment (\(alignment.rawValue))"
            list.text(hint, in: hintRect, size: 12, color: Theme.textDim, alignment: .trailing)
        }
    }

    public func cursor(at p: Point) -> Cursor {
        if press.isPanning { return .grabbing }
        if !showsDots, let bar = collection.scrollBarCursor(at: p) { return bar }
        if dotIndex(at: p) != nil { return .hand }
        return collection.indexPathForItem(atWindowPoint: p) != nil ? .hand : .arrow
    }

    public var liveCellCount: Int { collection.liveCellCount }

    public func dumpState() -> [(String, JSON)] {
        [("collections", .array([collection.dumpState(extra: [
            ("centeredIndex", .int(centeredIndex)),
            ("alignment", .string(alignment.rawValue)),
            ("selected", .array(collection.selectedItems.sorted().map { .string("\(ids[$0.item])") })),
        ])]))]
    }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! CarouselCardCell
        cell.content = .sample(ids[ip.item], of: ids.count)
        return cell
    }
}

extension CarouselScene {
    /// The scene as the command line configures it: `--items` (default 12) and `--carousel-align`.
    public convenience init(config: SceneConfig) throws {
        guard let alignment = CarouselLayout.Alignment(rawValue: config.carouselAlignment) else {
            throw AppError("unknown carousel alignment '\(config.carouselAlignment)' (center or edges)")
        }
        self.init(itemCount: config.items ?? 12, alignment: alignment)
    }
}
