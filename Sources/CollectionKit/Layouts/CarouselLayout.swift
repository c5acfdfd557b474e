/// A horizontal row of large cards, one centred at a time, with the previous and next cards peeking
/// in at the sides, smaller and fainter the further they are from the viewport's centre.
///
/// Every frame is arithmetic (no per-item storage, `prepare` is O(1)), so
/// `attributesForElements(in:)` is O(k) for k results. Only section 0 is laid out.
///
/// Paging (`targetContentOffset`): a release with little velocity rests on the card nearest to
/// where scrolling would naturally stop; a flick moves exactly one card from the card the gesture
/// began on, however fast it was.
///
/// The collection view does not page by itself: install the layout's decision in the physics, so
/// that every release (pointer or wheel burst) asks the layout where to rest.
///
/// ```swift
/// let pages = CollectionView(name: "pages", layout: CarouselLayout(widthFraction: 0.7, spacing: 24))
/// pages.physics.targetDecision = { [unowned pages] proposed, velocity, decision in
///     pages.layout.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision)
/// }
/// // Keys and buttons can page too: rest on item 3.
/// if let carousel = pages.layout as? CarouselLayout {
///     pages.physics.setOffset(Point(x: carousel.restingOffset(forItem: 3), y: 0), animated: true, now: pages.now)
/// }
/// ```
public struct CarouselLayout: CollectionLayout {
    /// Where the first and last cards rest.
    public enum Alignment: String, CaseIterable, Sendable {
        /// Every card, the first and last too, rests centred.
        case center
        /// The first and last cards rest against the leading and trailing edges, the rest centred.
        case edges
    }

    /// Where the first and last cards rest; the others always rest centred.
    public var alignment: Alignment
    /// Card width as a share of the collection's width.
    public var widthFraction: Double
    /// The widest a card gets, in points (nil: no limit). A wide window then shows more of the
    /// neighbouring cards instead of one giant card. Set it after creating the layout.
    public var maximumWidth: Double?
    /// Gap between neighbouring cards.
    public var spacing: Double
    /// Gap between the first (last) card and the edge with `.edges` alignment.
    public var edgeInset: Double
    /// Room above and below the cards (page dots go below).
    ///
    /// The cards are centred vertically in what the margins leave.
    public var topMargin: Double
    /// Room below the cards, for page dots or a caption.
    public var bottomMargin: Double
    /// Cards are never taller than width × this (4:3 portrait at most).
    public var maximumHeightRatio: Double
    /// Scale and opacity of a card one card-stride away from the centre; nearer cards interpolate.
    ///
    /// The scale is interpolated linearly up to one stride away and stays at this value beyond.
    public var sideScale: Double
    /// The opacity of a card one stride from its resting place. Farther cards keep fading, down to
    /// half this value at two strides.
    public var sideAlpha: Double
    /// Release speeds (points per second) at or above this are flicks.
    public var flickVelocity: Double

    /// Creates a carousel; every parameter has a default. Changes take effect at the next
    /// ``prepare(_:)``.
    public init(alignment: Alignment = .center, widthFraction: Double = 0.7, spacing: Double = 24, edgeInset: Double = 24,
                topMargin: Double = 28, bottomMargin: Double = 60, maximumHeightRatio: Double = 4.0 / 3.0,
                sideScale: Double = 0.86, sideAlpha: Double = 0.55, flickVelocity: Double = 300) {
        self.alignment = alignment; self.widthFraction = widthFraction; self.spacing = spacing; self.edgeInset = edgeInset
        self.topMargin = topMargin; self.bottomMargin = bottomMargin; self.maximumHeightRatio = maximumHeightRatio
        self.sideScale = sideScale; self.sideAlpha = sideAlpha; self.flickVelocity = flickVelocity
    }

    /// Always horizontal.
    public var scrollAxis: Axis { .horizontal }

    // Prepared state.
    /// The number of cards (items in section 0) as of the last ``prepare(_:)``.
    public private(set) var count = 0
    /// The viewport size as of the last ``prepare(_:)``.
    public private(set) var boundsSize: Size = .zero
    /// Every card's size, as of the last ``prepare(_:)``: ``widthFraction`` of the viewport wide, and
    /// as tall as the margins and ``maximumHeightRatio`` allow.
    public private(set) var cardSize: Size = .zero
    /// x of the first card's frame.
    public private(set) var leadingInset: Double = 0
    /// The content's size as of the last ``prepare(_:)``: the cards plus ``leadingInset`` at both ends,
    /// so the first and last cards can rest centred (or at the edges).
    public private(set) var contentSize: Size = .zero
    private var cardY: Double = 0
    /// Cards run right to left in right to left: the first at the right end, the next to its left.
    private var mirror = LayoutMirror()

    /// Distance between the origins of neighbouring cards.
    public var stride: Double { cardSize.width + spacing }

    /// Sizes the cards and the content from the viewport. O(1).
    public mutating func prepare(_ context: LayoutContext) {
        boundsSize = context.boundsSize
        count = context.sectionCounts.first ?? 0
        let width = min(boundsSize.width * widthFraction, maximumWidth ?? .infinity).rounded()
        let available = max(0, boundsSize.height - topMargin - bottomMargin)
        cardSize = Size(width: max(0, width), height: max(0, min(available, (width * maximumHeightRatio).rounded())))
        cardY = (topMargin + (available - cardSize.height) / 2).rounded()
        switch alignment {
        case .center: leadingInset = ((boundsSize.width - cardSize.width) / 2).rounded()
        case .edges: leadingInset = edgeInset
        }
        let cards = count == 0 ? 0 : Double(count) * cardSize.width + Double(count - 1) * spacing
        contentSize = Size(width: count == 0 ? boundsSize.width : 2 * leadingInset + cards, height: boundsSize.height)
        mirror = context.mirror(contentWidth: contentSize.width)
    }

    /// The frame of card `item` in content coordinates, before any scale (in right to left the
    /// first card is at the right end). O(1).
    public func frame(ofItem item: Int) -> Rect { mirror.rect(placedFrame(ofItem: item)) }

    /// The frame left to right.
    private func placedFrame(ofItem item: Int) -> Rect {
        Rect(x: leadingInset + Double(item) * stride, y: cardY, width: cardSize.width, height: cardSize.height)
    }

    /// The attributes of a card in section 0, or nil. O(1).
    public func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: frame(ofItem: indexPath.item))
    }

    /// The cards meeting `rect`, found by arithmetic: O(k) for k results.
    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard count > 0, stride > 0, rect.maxY > cardY, rect.minY < cardY + cardSize.height else { return [] }
        // Card i spans [inset + i·stride, inset + i·stride + width), left to right.
        let ltr = mirror.rect(rect)
        let first = max(0, Int(((ltr.minX - leadingInset - cardSize.width) / stride).rounded(.down)) + 1)
        let last = min(count - 1, Int(((ltr.maxX - leadingInset) / stride).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).compactMap { i in
            let f = frame(ofItem: i)
            return f.intersects(rect) ? LayoutAttributes(indexPath: ItemPath(item: i), frame: f) : nil
        }
    }

    /// Scales and fades a card by how far the viewport is from the card's resting place, in card
    /// strides, and puts nearer cards on top. With `.center` alignment that is the card's distance
    /// from the viewport's centre; with `.edges` the first and last cards are full size at rest too.
    public func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect) {
        guard attributes.kind == .cell, stride > 0 else { return }
        let distance = min(2, abs(visibleBounds.minX - restingOffset(forItem: attributes.indexPath.item)) / stride)
        let t = min(1, distance)
        attributes.scale = 1 - (1 - sideScale) * t
        attributes.alpha = 1 - (1 - sideAlpha) * t - (distance > 1 ? (distance - 1) * sideAlpha * 0.5 : 0)
        attributes.zIndex = -Int((distance * 1000).rounded())
    }

    // MARK: Paging

    private var maxOffset: Double { max(0, contentSize.width - boundsSize.width) }

    /// The content offset (x) at which card `item` rests: centred, or against an edge for the
    /// first and last cards with `.edges` alignment (the clamp does that).
    ///
    /// O(1). Out-of-range items are clamped to the first or last card. In right to left the first
    /// card rests at the right end of the content.
    public func restingOffset(forItem item: Int) -> Double {
        guard count > 0 else { return 0 }
        return mirror.offset(Point(x: placedRestingOffset(forItem: item), y: 0), viewport: boundsSize).x
    }

    /// The resting offset left to right.
    private func placedRestingOffset(forItem item: Int) -> Double {
        guard count > 0 else { return 0 }
        let i = min(max(0, item), count - 1)
        let centred = placedFrame(ofItem: i).midX - boundsSize.width / 2
        return min(max(0, centred), maxOffset)
    }

    /// The card whose resting offset is nearest `offset`. With `.center` alignment that is the card
    /// whose centre is nearest the viewport's centre; with `.edges` it also treats the edge cards
    /// fairly (half-way to their resting offsets, not to their centres).
    ///
    /// O(1): an arithmetic guess, corrected by looking at its two neighbours.
    public func nearestItem(toOffset offset: Double) -> Int {
        placedNearestItem(toOffset: mirror.offset(Point(x: offset, y: 0), viewport: boundsSize).x)
    }

    /// The nearest card to an offset left to right.
    private func placedNearestItem(toOffset offset: Double) -> Int {
        guard count > 0, stride > 0 else { return 0 }
        let guess = Int(((offset + boundsSize.width / 2 - leadingInset - cardSize.width / 2) / stride).rounded())
        var best = min(max(0, guess), count - 1)
        // Clamping can make the arithmetic guess off by one near the ends; look at the neighbours.
        for i in [best - 1, best + 1] where (0..<count).contains(i) {
            if abs(placedRestingOffset(forItem: i) - offset) < abs(placedRestingOffset(forItem: best) - offset) { best = i }
        }
        return best
    }

    /// The card a release should rest on.
    ///
    /// - A wheel burst or a release at or above `flickVelocity` is a swipe: it moves one card in its
    ///   direction from the card the gesture began on, however fast the flick, except that a swipe
    ///   back toward that card after dragging away from it only returns to it.
    /// - Otherwise the card nearest the offset where the scroll would come to rest if it decelerated
    ///   freely from the release (the projected resting offset); a slow drag past half a card
    ///   therefore moves one card.
    ///
    /// In right to left the next card lies to the left: a scroll toward the left (content moving
    /// right under a swipe to the right) goes forward, decided as the mirror of left to right.
    ///
    /// O(1).
    public func targetItem(proposed: Point, velocity: Point, decision: ScrollDecision) -> Int {
        func ltr(_ offset: Point) -> Double { mirror.offset(offset, viewport: boundsSize).x }
        return PagingDecision.targetPage(count: count, proposed: ltr(proposed), velocity: mirror.velocity(velocity).x,
                                         startOffset: ltr(decision.startOffset), currentOffset: ltr(decision.currentOffset),
                                         isWheel: decision.isWheel, flickVelocity: flickVelocity,
                                         restingOffset: placedRestingOffset(forItem:), nearestPage: placedNearestItem(toOffset:))
    }

    /// The resting offset of ``targetItem(proposed:velocity:decision:)``: every release ends on a card.
    public func targetContentOffset(proposed: Point, velocity: Point, decision: ScrollDecision) -> Point {
        guard count > 0 else { return proposed }
        let item = targetItem(proposed: proposed, velocity: velocity, decision: decision)
        return Point(x: restingOffset(forItem: item), y: 0)
    }
}
