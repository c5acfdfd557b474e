/// Scrolls a view while a dragged item is held near an edge of its scroll axis.
///
/// The speed grows with the depth into the edge zone (0 at the zone's inner border, 1 at the edge
/// or beyond) and with the time held in the zone (up to `rampFactor` + 1 times faster after
/// `rampTime`). Between two calls the pointer does not move, so the distance travelled is the
/// exact integral of the speed over that time: the same hold gives the same offset at any frame rate.
///
/// The scroller only computes offsets; the owner of the drag calls it and applies the result, so it
/// works for any scrolling surface. All methods are O(1).
///
/// ```swift
/// var autoScroller = AutoScroller()
///
/// // When a drag starts:
/// autoScroller.reset()
///
/// // On every pointer move and every frame while the drag lasts (window points):
/// autoScroller.track(pointer: pointer, viewport: collectionView.frame, axis: .vertical, now: now)
/// if autoScroller.isActive {
///     var offset = collectionView.physics.offset
///     let range = 0...collectionView.physics.maxOffset.y
///     offset.y = autoScroller.advance(offset: offset.y, range: range, to: now)
///     collectionView.physics.jump(to: offset)
/// }
/// ```
///
/// The speed is capped at `maxPagesPerSecond` viewport lengths a second, so content stays
/// readable and an item can be dropped where the user means. Only a pointer held at the very edge
/// (full depth, or past the edge with the pointer captured) for `edgeBoostDelay` seconds lifts the
/// cap, over `edgeBoostTime` seconds, to `edgeBoostPagesPerSecond`, for long trips.
public struct AutoScroller: Equatable, Sendable {
    /// Zone length along the axis: this share of the viewport, clamped to `zoneLimits`.
    public var zoneShare = 0.15
    /// The shortest and longest an edge zone may be, in points.
    public var zoneLimits: ClosedRange<Double> = 40...90
    /// Points per second at the zone's inner border and at full depth, before the time ramp.
    public var minSpeed = 150.0
    /// Points per second at full depth before the time ramp.
    public var maxSpeed = 1500.0
    /// Seconds in a zone after which the speed stops growing.
    public var rampTime = 1.5
    /// How much faster scrolling gets after ``rampTime``: 2 means three times the initial speed.
    public var rampFactor = 2.0
    /// A drag does not scroll until the pointer has moved this far from where the drag began:
    /// lifting an item that sits near an edge must not send the content away under it.
    public var armingDistance = 12.0
    /// The speed cap in viewport lengths per second, and the boosted cap at the very edge.
    public var maxPagesPerSecond = 1.0
    public var edgeBoostDelay = 1.5
    public var edgeBoostTime = 1.5
    public var edgeBoostPagesPerSecond = 3.0
    /// The viewport's length along the axis as of the last `track`: one page.
    public private(set) var pageLength = 0.0
    /// When the pointer reached the very edge (full depth), nil while it is not there.
    public private(set) var edgeEntered: Double?

    /// -1 scrolls toward the start, +1 toward the end, 0 outside the zones.
    public private(set) var direction = 0
    /// How deep the pointer is in the current zone: 0 at its inner border, 1 at the edge or beyond.
    public private(set) var depth = 0.0
    /// When the pointer entered the current zone.
    public private(set) var zoneEntered = 0.0
    /// Time up to which the offset has been advanced.
    public private(set) var lastTime: Double?
    /// Where the drag began, and whether the pointer has since moved far enough to scroll.
    public private(set) var origin: Point?
    /// True once the pointer has moved ``armingDistance`` from where the drag began; until then the
    /// scroller stays still.
    public private(set) var isArmed = false

    /// The offset the last ``advance(offset:range:to:)`` left and the range it clamped to; nil
    /// before the first one of a drag.
    public private(set) var lastOffset: Double?
    public private(set) var lastRange: ClosedRange<Double>?

    /// A scroller with the default tuning, outside any zone.
    public init() {}

    /// True while the pointer is in an edge zone and the scroller is armed, so offsets advance.
    public var isActive: Bool { direction != 0 }

    /// True while the pointer is in a zone and the content can still move that way as of the last
    /// advance. At the end of the content a held drag changes nothing until input comes, so the
    /// window may sleep (the owner's `nextDeadline` asks this, not ``isActive``).
    public var canScroll: Bool {
        guard direction != 0 else { return false }
        guard let offset = lastOffset, let range = lastRange else { return true }
        return direction < 0 ? offset > range.lowerBound : offset < range.upperBound
    }

    /// The length of each edge zone for `viewport` along `axis`: ``zoneShare`` of the viewport,
    /// clamped to ``zoneLimits``.
    public func zoneLength(viewport: Rect, axis: Axis) -> Double {
        min(max(viewport.size[axis] * zoneShare, zoneLimits.lowerBound), zoneLimits.upperBound)
    }

    /// The uncapped speed curve: points per second at `depth` (0...1) after `held` seconds in the zone.
    public func rawSpeed(depth: Double, held: Double) -> Double {
        let d = min(max(depth, 0), 1)
        return (minSpeed + (maxSpeed - minSpeed) * d * d) * (1 + rampFactor * min(max(held, 0), rampTime) / rampTime)
    }

    /// The cap at `held` seconds in the zone; `edgeSince` is when (in zone time) the pointer reached
    /// the very edge, nil when it is not there. Unlimited when no page length is known yet.
    public func cap(held: Double, edgeSince: Double?) -> Double {
        guard pageLength > 0 else { return .infinity }
        let page = pageLength * maxPagesPerSecond
        guard let e = edgeSince else { return page }
        let f = min(max((held - e - edgeBoostDelay) / edgeBoostTime, 0), 1)
        return page + (pageLength * edgeBoostPagesPerSecond - page) * f
    }

    /// The speed: points per second at `depth` after `held` seconds in the zone, capped.
    public func speed(depth: Double, held: Double, edgeSince: Double? = nil) -> Double {
        min(rawSpeed(depth: depth, held: held), cap(held: held, edgeSince: edgeSince))
    }

    /// Distance covered at `depth` between `held0` and `held1` seconds in the zone: the exact
    /// integral of the capped speed. Both the curve and the cap are linear between their
    /// breakpoints (the ramp's end, the boost's start and end), so each piece is integrated in
    /// closed form, split where the two cross.
    public func distance(depth: Double, from held0: Double, to held1: Double, edgeSince: Double? = nil) -> Double {
        guard held1 > held0 else { return 0 }
        var cuts = [held0, held1, rampTime]
        if let e = edgeSince { cuts += [e, e + edgeBoostDelay, e + edgeBoostDelay + edgeBoostTime] }
        let points = Set(cuts.filter { $0 >= held0 && $0 <= held1 }).sorted()
        var total = 0.0
        for (a, b) in zip(points, points.dropFirst()) where b > a {
            let ra = rawSpeed(depth: depth, held: a), rb = rawSpeed(depth: depth, held: b)
            let ca = cap(held: a, edgeSince: edgeSince), cb = cap(held: b, edgeSince: edgeSince)
            total += AutoScroller.integralOfMin(a: a, b: b, f: (ra, rb), g: (ca, cb))
        }
        return total
    }

    /// ∫ min(f, g) over [a, b] for f and g linear there, given by their end values.
    static func integralOfMin(a: Double, b: Double, f: (Double, Double), g: (Double, Double)) -> Double {
        let w = b - a
        if g.0 == .infinity || g.1 == .infinity { return (f.0 + f.1) / 2 * w }
        let d0 = f.0 - g.0, d1 = f.1 - g.1
        if d0 <= 0 && d1 <= 0 { return (f.0 + f.1) / 2 * w }
        if d0 >= 0 && d1 >= 0 { return (g.0 + g.1) / 2 * w }
        // They cross at x (share of the way): the lower one on each side.
        let x = d0 / (d0 - d1)
        let mid = f.0 + (f.1 - f.0) * x
        let first = (d0 < 0 ? f.0 : g.0), second = (d1 < 0 ? f.1 : g.1)
        return (first + mid) / 2 * w * x + (mid + second) / 2 * w * (1 - x)
    }

    /// Takes the pointer's position (window points) relative to the scrolling viewport. Entering a
    /// zone, or switching to the other one, restarts the time ramp. The first call after `reset`
    /// marks where the drag began.
    public mutating func track(pointer: Point, viewport: Rect, axis: Axis, now: Double) {
        let zone = zoneLength(viewport: viewport, axis: axis)
        let p = pointer[axis]
        let lo = viewport[minOf: axis], hi = viewport[maxOf: axis]
        if origin == nil { origin = pointer }
        if !isArmed, let origin, pointer.distance(to: origin) >= armingDistance { isArmed = true }
        var newDirection = 0, newDepth = 0.0
        if !isArmed {
            // Not yet: stay still wherever the pointer is.
        } else if p < lo + zone {
            newDirection = -1; newDepth = min(1, (lo + zone - p) / zone)
        } else if p > hi - zone {
            newDirection = 1; newDepth = min(1, (p - (hi - zone)) / zone)
        }
        if newDirection != direction { zoneEntered = now }
        let atEdge = newDirection != 0 && newDepth >= 1
        if !atEdge { edgeEntered = nil } else if edgeEntered == nil || newDirection != direction { edgeEntered = now }
        direction = newDirection
        depth = newDepth
        pageLength = viewport.size[axis]
        if lastTime == nil { lastTime = now }
    }

    /// Advances `offset` (along the axis) from the last call to `now`, clamped to `range`:
    /// scrolling stops at the ends of the content.
    ///
    /// Returns `offset` unchanged when the pointer is outside the zones or no time has passed. Call it
    /// every frame, not only on pointer moves: the content keeps scrolling while the pointer is still.
    public mutating func advance(offset: Double, range: ClosedRange<Double>, to now: Double) -> Double {
        defer { lastTime = now }
        var moved = offset
        if let last = lastTime, now > last, direction != 0 {
            let d = distance(depth: depth, from: last - zoneEntered, to: now - zoneEntered,
                             edgeSince: edgeEntered.map { $0 - zoneEntered })
            moved = min(max(offset + Double(direction) * d, range.lowerBound), range.upperBound)
        }
        lastOffset = moved
        lastRange = range
        return moved
    }

    /// `now` while the pointer sits in a zone and the offset can still move that way (the content
    /// scrolls every frame), nil otherwise: at the end of the content nothing changes until input.
    public func nextDeadline(after now: Double, offset: Double, range: ClosedRange<Double>) -> Double? {
        guard direction != 0 else { return nil }
        let blocked = direction < 0 ? offset <= range.lowerBound : offset >= range.upperBound
        return blocked ? nil : now
    }

    /// Forgets the zone and the clock (a new drag), keeping the tuning.
    public mutating func reset() {
        direction = 0; depth = 0; zoneEntered = 0; lastTime = nil; origin = nil; isArmed = false; edgeEntered = nil
        lastOffset = nil; lastRange = nil
    }
}
