import Foundation

/// What a collection shows about the pointer over its items, drawn by the collection view for
/// every cell alike: the hovered item (cells draw `isHovered` as a subtle highlight), a press
/// growing toward a lift while a long press is pending (the cell rises: it scales up and a shadow
/// grows under it), and a short horizontal shake for an item that refused a gesture (a pinned tile
/// that cannot move). All of it is dated by `now`, so it plays the same at any frame rate.
public struct ItemFeedback: Equatable {
    /// The item under the pointer that reacts to it, if any.
    public var hovered: ItemPath?
    /// A press on `item` that lifts it at `start + duration` if held.
    public var press: Press?
    /// Shakes in progress: item identifier → start time.
    public var shakes: [AnyHashable: Double] = [:]

    public struct Press: Equatable, Sendable {
        public var item: ItemPath
        public var start: Double
        public var duration: Double
    }

    /// How far a pending press has grown at most: the lift's own scale is 1.06.
    public static let pressScale = 1.04
    public static let shakeDuration = 0.36
    public static let shakeAmplitude = 7.0
    public static let shakeCycles = 3.0

    public init() {}

    /// 0...1: how far the press has grown toward the lift at `now` (eased, so it starts gently).
    public func pressProgress(at now: Double) -> Double {
        guard let p = press, p.duration > 0 else { return 0 }
        return TimingCurve.easeInOut.value((now - p.start) / p.duration)
    }

    /// Now while a press grows toward its lift or an item shakes; nil when nothing moves.
    public func nextDeadline(after now: Double) -> Double? {
        if let p = press, now < p.start + p.duration { return now }
        if !Appearance.reducesMotion, shakes.values.contains(where: { now < $0 + ItemFeedback.shakeDuration }) { return now }
        return nil
    }

    /// The horizontal displacement of a shake started at `start`, `now`: a decaying sine (none
    /// when motion is reduced; the refusal still shows in the target's outline).
    public static func shakeOffset(start: Double, now: Double) -> Double {
        let t = now - start
        guard t >= 0, t < shakeDuration, !Appearance.reducesMotion else { return 0 }
        let f = t / shakeDuration
        return shakeAmplitude * (1 - f) * sin(2 * Double.pi * shakeCycles * f)
    }
}

extension CollectionView {
    /// Sets the hovered item: the item at `p` if `reacts` says it responds to the pointer, else none.
    /// The pointer and rule are kept: every ``update(now:)`` checks again, so the highlight follows
    /// a scroll (wheel, keys, a fling) or an animation under a pointer that did not move.
    public func updateHover(at p: Point?, reacts: @escaping (ItemPath) -> Bool = { _ in true }) {
        hoverTracking = p.map { ($0, reacts) }
        setHovered(p.flatMap { indexPathForItem(atWindowPoint: $0) }.flatMap { reacts($0) ? $0 : nil })
    }

    /// Checks the hovered item again at the pointer of the last ``updateHover(at:reacts:)``.
    func recheckHover() {
        guard let (p, reacts) = hoverTracking else { return }
        setHovered(indexPathForItem(atWindowPoint: p).flatMap { reacts($0) ? $0 : nil })
    }

    private func setHovered(_ ip: ItemPath?) {
        guard ip != feedback.hovered else { return }
        if let old = feedback.hovered { visibleCells[old]?.isHovered = false }
        feedback.hovered = ip
        if let ip { visibleCells[ip]?.isHovered = true }
    }

    /// Starts showing a press on `ip` that will lift it after `duration` seconds if held.
    public func beginPressFeedback(on ip: ItemPath, now: Double, duration: Double) {
        feedback.press = ItemFeedback.Press(item: ip, start: now, duration: duration)
    }

    /// The press ended (released, became a pan, or lifted): the item drops back at once.
    public func endPressFeedback() { feedback.press = nil }

    /// Shakes the item at `ip` once: "this cannot be done".
    public func shakeItem(at ip: ItemPath, now: Double) {
        guard let id = identifier(at: ip) else { return }
        feedback.shakes[id] = now
    }

    /// True while a shake plays.
    public var isShaking: Bool { !feedback.shakes.isEmpty }

    func updateFeedback(now: Double) {
        if !feedback.shakes.isEmpty {
            feedback.shakes = feedback.shakes.filter { now - $0.value < ItemFeedback.shakeDuration }
        }
    }

    /// The extra transform the feedback gives the cell of `a` drawn at `f` (content coordinates):
    /// a shake's displacement and a pending press's growth.
    func feedbackTransform(for a: LayoutAttributes, frame f: Rect, id: AnyHashable?) -> (Transform, lift: Double) {
        var t = Transform.identity
        var lift = 0.0
        if let id, let start = feedback.shakes[id] {
            t = .translate(ItemFeedback.shakeOffset(start: start, now: now), 0)
        }
        if let p = feedback.press, p.item == a.indexPath {
            lift = feedback.pressProgress(at: now)
            let s = 1 + (ItemFeedback.pressScale - 1) * lift
            t = t.concatenating(.scale(s, about: f.center))
        }
        return (t, lift)
    }
}
