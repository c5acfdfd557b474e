import Foundation

/// An interruptible animation of a rect: retargeting mid-flight continues from where it is.
///
/// A collection view uses it to glide items from their old frames to their new ones after an update
/// or during an interactive movement. It holds no clock: pass the time to ``value(at:)``.
struct RectAnimation: Equatable, Sendable {
    /// The frame at the start.
    var from: Rect
    /// The frame at the end.
    var to: Rect
    /// When the animation starts, in seconds on the caller's timeline.
    var start: Double
    /// How long it lasts, in seconds.
    var duration: Double
    /// How progress is eased.
    var curve: TimingCurve
    /// Creates an animation; it lasts a quarter of a second and eases out unless told otherwise.
    init(from: Rect, to: Rect, start: Double, duration: Double = 0.25, curve: TimingCurve = .easeOut) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }
    /// Set for a move between two lines of a grid: the rect slides off the end of its old line and
    /// in from the other end of its new line, so it never crosses the items in between.
    var wrap: WrapPath?
    /// Set for a move that would pass over an item that stays put (a pinned one): the rect shrinks
    /// away into its centre during the first half and grows out of its new slot's centre in the
    /// second, so it never covers anything on the way.
    var popsAcross = false

    /// The path of a wrapping move: along `crossAxis`, the first half of the (eased) progress
    /// slides `from` by `exit`, the second half slides `to` in from `entry` away.
    struct WrapPath: Equatable, Sendable {
        var crossAxis: Axis
        var exit: Double
        var entry: Double
        init(crossAxis: Axis, exit: Double, entry: Double) { self.crossAxis = crossAxis; self.exit = exit; self.entry = entry }
    }

    /// How close to `to` (points, on every edge) a plain glide lands on it: the last frames of an
    /// ease-out move an item by hundredths of a point, which changes no pixel worth drawing again.
    static let landingDistance = 0.25

    /// The frame at `now`: `from` before the start, `to` after the end, and `to` once a plain
    /// glide is within ``landingDistance`` of it.
    func value(at now: Double) -> Rect {
        guard duration > 0, !Appearance.reducesMotion else { return to }
        let e = curve.value((now - start) / duration)
        if !popsAcross, wrap == nil, now > start, distanceLeft(e) < RectAnimation.landingDistance { return to }
        if popsAcross {
            // Squared: it gets out of the old slot's way quickly and fills the new one late, after
            // neighbours leaving it have gone.
            let (r, s) = e < 0.5 ? (from, 1 - 2 * e) : (to, 2 * e - 1)
            return Transform.scale(s * s, about: r.center).apply(r)
        }
        guard let w = wrap else { return lerp(from, to, e) }
        var r = e < 0.5 ? from : to
        var origin = r.origin
        origin[w.crossAxis] += e < 0.5 ? w.exit * 2 * e : w.entry * (2 - 2 * e)
        r.origin = origin
        return r
    }
    /// True once `duration` has passed since `start` (at once when motion is reduced), or a plain
    /// glide has landed (within ``landingDistance``).
    func isFinished(at now: Double) -> Bool {
        if Appearance.reducesMotion || now - start >= duration { return true }
        return !popsAcross && wrap == nil && now > start && distanceLeft(curve.value((now - start) / duration)) < RectAnimation.landingDistance
    }

    /// The farthest any edge of a plain glide at eased progress `e` is from `to`.
    private func distanceLeft(_ e: Double) -> Double {
        let k = 1 - e
        return k * max(abs(from.minX - to.minX), abs(from.minY - to.minY), abs(from.maxX - to.maxX), abs(from.maxY - to.maxY))
    }
    /// `now` while the animation runs (every frame differs), nil once it has finished.
    func nextDeadline(after now: Double) -> Double? { isFinished(at: now) ? nil : now }
}
