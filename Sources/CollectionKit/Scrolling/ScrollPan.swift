/// A press on scrolling content, handled as a scroll view does: it catches motion in flight,
/// turns into a pan of the content once it leaves the press tolerance, and counts as a click when
/// released without panning. The pan's first velocity sample is dated at the press, so a fling
/// does not depend on the frame rate. With `longPressDuration` finite, a long press fires through
/// `advance(to:)` and is the owner's to act on.
///
/// ```swift
/// var pan = ScrollPan()
/// // pointerDown inside the view:
/// pan.down(at: p, now: now, physics: &collectionView.physics)
/// // pointerMove:
/// pan.moved(to: p, now: now, physics: &collectionView.physics)
/// // pointerUp: a click when it never panned.
/// if pan.up(at: p, now: now, physics: &collectionView.physics),
///    let ip = collectionView.indexPathForItem(atWindowPoint: p) {
///     collectionView.selectItem(ip)
/// }
/// ```
public struct ScrollPan: Sendable {
    /// The underlying press, pan and long-press state.
    public private(set) var recognizer: PressRecognizer

    /// Creates a pan recogniser: a press becomes a pan after moving `tolerance` points, and with a
    /// finite `longPressDuration` a held press fires a long press.
    public init(tolerance: Double = 4, longPressDuration: Double = .infinity) {
        recognizer = PressRecognizer(minimumDuration: longPressDuration, tolerance: tolerance)
    }

    /// True while the content follows the pointer.
    public var isPanning: Bool { recognizer.isPanning }
    /// Down and not yet released or cancelled.
    public var isActive: Bool { recognizer.phase != .idle }

    /// A press. A press still active (a second button mid-pan, a release that never came) ends
    /// first, as a cancel would.
    public mutating func down(at p: Point, now: Double, physics: inout ScrollPhysics) {
        if isActive { cancel(now: now, physics: &physics) }
        physics.touchDown(now: now)
        recognizer.down(at: p, now: now)
    }

    /// Fires a due long press (never, unless a duration was given).
    public mutating func advance(to now: Double) -> PressRecognizer.Recognition { recognizer.advance(to: now) }

    /// When a pending long press fires (nil without one); see `PressRecognizer.nextDeadline`.
    public var nextDeadline: Double? { recognizer.nextDeadline }

    /// The owner could not use the long press: the press may still become a pan.
    public mutating func refuseLongPress() { recognizer.refuseLongPress() }

    /// The pointer moved: once it leaves the tolerance the content starts following it, and then keeps
    /// following.
    public mutating func moved(to p: Point, now: Double, physics: inout ScrollPhysics) {
        if case let .pan(start) = recognizer.moved(to: p, now: now) {
            physics.beginPan(at: start, now: now, pressedAt: recognizer.pressTime)
        }
        if recognizer.isPanning { physics.panMoved(to: p, now: now) }
    }

    /// Released: true when it was a click (it never panned and no long press fired).
    @discardableResult
    public mutating func up(at p: Point, now: Double, physics: inout ScrollPhysics) -> Bool {
        defer { recognizer.reset() }
        if recognizer.isPanning {
            physics.endPan(at: p, now: now)
            return false
        }
        guard recognizer.isPressed else {
            // A long press that fired (and was perhaps dropped as a drag): the content it held settles.
            if isActive { physics.releaseHold(now: now) }
            return false
        }
        physics.touchUp(now: now)
        return true
    }

    /// Ends the press without a fling (focus lost, a scene switch, a drag taking over or ending):
    /// a pan stops where it is and content held past its bounds springs back.
    public mutating func cancel(now: Double, physics: inout ScrollPhysics) {
        if isActive { physics.releaseHold(now: now) }
        recognizer.reset()
    }
}
