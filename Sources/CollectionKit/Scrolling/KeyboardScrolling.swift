/// Scrolling a collection view from the keyboard, as desktop lists do: Home and End go to the
/// ends, Page Up and Page Down (and Space) move by most of a viewport, and the arrows of the
/// scroll axis move by a line. The arrows go the way they point on screen; in right to left
/// (``CollectionView/layoutDirection``) horizontal content starts at its right end, so Home goes
/// there and Page Down moves left, and Left is the forward cross-axis arrow. Every scroll is animated and retargets a scroll already running,
/// so a held key (repeats) keeps going smoothly.
///
/// ```swift
/// var keys = KeyboardScrolling()
/// // in handle(_:now:):
/// if case let .key(key, []) = event, keys.scroll(for: key, in: collectionView, now: now) { return }
/// ```
public struct KeyboardScrolling: Sendable {
    /// How far an arrow key scrolls, in points.
    public var lineStep: Double = 80
    /// The share of the viewport a page key (and Space) scrolls.
    public var pageFraction: Double = 0.9
    /// When true, the arrows across the scroll axis scroll too (Right and Down forward, Left and Up
    /// back), for a view whose arrows have no other use; when false (the default) they are left
    /// to the owner, which may move a focus or page a row with them.
    public var crossAxisArrowsScroll = false
    /// How far into its motion a scroll from rest starts, in seconds (``ScrollPhysics/setOffset(_:animated:now:lead:)``):
    /// one 60 Hz frame, so the frame that handles the key already shows the content moving.
    public var firstFrameLead: Double = 1.0 / 60

    /// Keyboard scrolling by `lineStep` points a line and `pageFraction` of the viewport a page.
    public init(lineStep: Double = 80, pageFraction: Double = 0.9, crossAxisArrowsScroll: Bool = false) {
        self.lineStep = lineStep; self.pageFraction = pageFraction; self.crossAxisArrowsScroll = crossAxisArrowsScroll
    }

    /// Scrolls `cv` for `key` and returns true, or returns false for a key it does not use. The
    /// target is measured from where the content is heading (a second Page Down during the first
    /// goes a page further), and the physics clamps it to the content. A scroll from rest starts
    /// ``firstFrameLead`` into its motion. O(1).
    @discardableResult
    public func scroll(for key: Key, in cv: CollectionView, now: Double) -> Bool {
        let axis = cv.layout.scrollAxis
        guard let target = target(for: key, axis: axis, from: cv.physics.restingOffset, viewport: cv.frame.size,
                                  content: cv.contentSize, direction: cv.layoutDirection) else { return false }
        cv.physics.setOffset(target, animated: true, now: now, lead: firstFrameLead)
        return true
    }

    /// Where `key` sends content resting at `offset`; nil for a key that does not scroll.
    func target(for key: Key, axis: Axis, from offset: Point, viewport: Size, content: Size,
                direction: LayoutDirection = .leftToRight) -> Point? {
        let rtl = direction.isRightToLeft
        let forward: Key = axis == .vertical ? .down : .right
        let back: Key = axis == .vertical ? .up : .left
        let crossForward: Key = axis == .vertical ? (rtl ? .left : .right) : .down
        let crossBack: Key = axis == .vertical ? (rtl ? .right : .left) : .up
        // Reading order along the axis: right to left, horizontal content reads toward offset 0.
        let reading: Double = rtl && axis == .horizontal ? -1 : 1
        let end = max(0, content[axis] - viewport[axis])
        var target = offset
        switch key {
        case .home: target[axis] = reading > 0 ? 0 : end
        case .end: target[axis] = reading > 0 ? content[axis] : 0
        case .pageDown, .space: target[axis] += reading * viewport[axis] * pageFraction
        case .pageUp: target[axis] -= reading * viewport[axis] * pageFraction
        case forward: target[axis] += lineStep
        case back: target[axis] -= lineStep
        case crossForward where crossAxisArrowsScroll: target[axis] += lineStep
        case crossBack where crossAxisArrowsScroll: target[axis] -= lineStep
        default: return nil
        }
        return target
    }
}
