import Foundation

/// A damped spring solved in closed form, so its position at any time does not depend on how
/// often it is sampled. Units: points and seconds.
///
/// A spring is only the tuning; ``SpringMotion`` runs it from a position and velocity to a target.
/// ``ScrollPhysics`` uses ``standard`` for bounces, snapping and animated scrolls.
///
/// ```swift
/// let motion = SpringMotion(spring: .standard, from: 0, velocity: 0, target: 100)
/// motion.state(at: 0.1).position   // about 41
/// motion.isSettled(at: 1.0)        // true
/// ```
public struct Spring: Equatable, Sendable {
    /// Natural angular frequency (rad/s) and damping ratio (1 = critically damped).
    ///
    /// A higher frequency moves and settles quicker.
    public var omega: Double
    /// Damping ratio: 1 is critically damped (no overshoot), below 1 overshoots and oscillates, above
    /// 1 creeps in more slowly.
    public var dampingRatio: Double
    /// Creates a spring; the defaults are critically damped and settle in about a third of a second.
    public init(omega: Double = 14, dampingRatio: Double = 1) { self.omega = omega; self.dampingRatio = dampingRatio }
    /// Settles in about `duration` seconds without overshoot (from rest).
    public init(settlingIn duration: Double) { self.init(omega: 5 / max(0.01, duration), dampingRatio: 1) }
    /// The engine's default: critically damped, ω = 14.
    public static let standard = Spring()
    /// A lively spring that overshoots a little (ω = 16, damping ratio 0.72).
    public static let bouncy = Spring(omega: 16, dampingRatio: 0.72)
}

/// One run of a spring from a position and velocity toward a target.
///
/// A value with no clock of its own: ask it for its state at any elapsed time.
public struct SpringMotion: Equatable, Sendable {
    /// The spring's tuning.
    public var spring: Spring
    /// The starting position.
    public var from: Double
    /// The starting velocity, in units per second.
    public var velocity: Double
    /// The position the spring pulls toward.
    public var target: Double
    /// Creates a motion from `from` at `velocity` toward `target`.
    public init(spring: Spring, from: Double, velocity: Double, target: Double) {
        self.spring = spring; self.from = from; self.velocity = velocity; self.target = target
    }

    /// Position and velocity `t` seconds after the start.
    ///
    /// Negative times are treated as 0. O(1) for every damping ratio.
    public func state(at t: Double) -> (position: Double, velocity: Double) {
        let a = from - target, w = spring.omega, z = spring.dampingRatio
        let t = max(0, t)
        if abs(z - 1) < 1e-6 {
            let b = velocity + w * a
            let e = exp(-w * t)
            return (target + (a + b * t) * e, (b - w * (a + b * t)) * e)
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (velocity + z * w * a) / wd
            let e = exp(-z * w * t)
            let c = cos(wd * t), s = sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((-z * w) * (a * c + b * s) + (-a * wd * s + b * wd * c))
            return (target + x, v)
        } else {
            let r = (z * z - 1).squareRoot()
            let r1 = -w * (z - r), r2 = -w * (z + r)
            let c2 = (velocity - r1 * a) / (r2 - r1), c1 = a - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (target + c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// True once the motion is within `distance` of its target (a hundredth of a unit by default)
    /// and slower than `speed` units a second.
    public func isSettled(at t: Double, within distance: Double = 0.01, speed: Double = 0.5) -> Bool {
        let s = state(at: t)
        return abs(s.position - target) < distance && abs(s.velocity) < speed
    }
}

/// Exponential deceleration as iOS scroll views do it: the velocity falls by `rate` every
/// millisecond. Closed form, so frame rate does not matter.
///
/// ```swift
/// let fling = Deceleration(from: 0, velocity: 2000)   // 2,000 points per second
/// fling.projectedEnd                                    // about 999: where it stops
/// fling.duration                                        // about 3 seconds
/// fling.state(at: 0.5).position                         // about 632
/// ```
public struct Deceleration: Equatable, Sendable {
    /// 0.998 per ms is the normal rate, 0.99 the fast one.
    public static let normalRate = 0.998
    /// A quicker stop: 0.99 per millisecond.
    public static let fastRate = 0.99
    /// Below this speed (points per second) the motion stops.
    public static let stopSpeed = 5.0

    /// The starting position.
    public var from: Double
    /// The starting velocity, in points per second.
    public var velocity: Double
    /// Decay constant per second (negative): 1000 × ln(rate).
    public var k: Double

    /// Creates a deceleration that keeps `ratePerMS` of its velocity every millisecond.
    public init(from: Double, velocity: Double, ratePerMS: Double = Deceleration.normalRate) {
        self.from = from; self.velocity = velocity; self.k = 1000 * log(ratePerMS)
    }
    /// A deceleration with its own constant, chosen to come to rest at `target`.
    public init(from: Double, velocity: Double, k: Double) { self.from = from; self.velocity = velocity; self.k = k }

    /// Where the motion would come to rest if nothing stopped it.
    public var projectedEnd: Double { from - velocity / k }
    /// Where a deceleration from `from` at `velocity` would come to rest.
    public static func project(_ from: Double, velocity: Double, ratePerMS: Double = normalRate) -> Double {
        Deceleration(from: from, velocity: velocity, ratePerMS: ratePerMS).projectedEnd
    }

    /// Seconds until the speed drops below `stopSpeed`.
    ///
    /// Zero when it starts below that speed.
    public var duration: Double {
        abs(velocity) <= Deceleration.stopSpeed ? 0 : log(Deceleration.stopSpeed / abs(velocity)) / k
    }

    /// Position and velocity `t` seconds after the start; times past ``duration`` give the state at
    /// ``duration``.
    public func state(at t: Double) -> (position: Double, velocity: Double) {
        let t = min(max(0, t), duration)
        let e = exp(k * t)
        return (from + velocity / k * (e - 1), velocity * e)
    }

    /// Seconds until the position reaches `edge`, if it does before stopping.
    public func timeToReach(_ edge: Double) -> Double? {
        let d = edge - from
        guard velocity != 0, d * velocity > 0 else { return d == 0 ? 0 : nil }
        let x = 1 + d * k / velocity          // e^{kt} at the crossing
        guard x > 0 else { return nil }
        let t = log(x) / k
        return t <= duration ? t : nil
    }
}

/// Timing curves for animations with a fixed duration.
///
/// Each maps linear progress (0...1) to eased progress.
public enum TimingCurve: Equatable, Sendable {
    /// `linear` is constant speed; `easeOut` is cubic, fast at first and slowing to a stop; `easeInOut`
    /// is cubic, slow at both ends.
    case linear, easeOut, easeInOut

    /// Eased progress for linear progress `t`, which is clamped to 0...1.
    public func value(_ t: Double) -> Double {
        let t = min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeOut: return 1 - pow(1 - t, 3)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }
}

/// An interruptible animation of a rect: retargeting mid-flight continues from where it is.
///
/// A collection view uses it to glide items from their old frames to their new ones after an update
/// or during an interactive movement. It holds no clock: pass the time to ``value(at:)``.
public struct RectAnimation: Equatable, Sendable {
    /// The frame at the start.
    public var from: Rect
    /// The frame at the end.
    public var to: Rect
    /// When the animation starts, in seconds on the caller's timeline.
    public var start: Double
    /// How long it lasts, in seconds.
    public var duration: Double
    /// How progress is eased.
    public var curve: TimingCurve
    /// Creates an animation; it lasts a quarter of a second and eases out unless told otherwise.
    public init(from: Rect, to: Rect, start: Double, duration: Double = 0.25, curve: TimingCurve = .easeOut) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }
    /// Set for a move between two lines of a grid: the rect slides off the end of its old line and
    /// in from the other end of its new line, so it never crosses the items in between.
    public var wrap: WrapPath?
    /// Set for a move that would pass over an item that stays put (a pinned one): the rect shrinks
    /// away into its centre during the first half and grows out of its new slot's centre in the
    /// second, so it never covers anything on the way.
    public var popsAcross = false

    /// The path of a wrapping move: along `crossAxis`, the first half of the (eased) progress
    /// slides `from` by `exit`, the second half slides `to` in from `entry` away.
    public struct WrapPath: Equatable, Sendable {
        public var crossAxis: Axis
        public var exit: Double
        public var entry: Double
        public init(crossAxis: Axis, exit: Double, entry: Double) { self.crossAxis = crossAxis; self.exit = exit; self.entry = entry }
    }

    /// The frame at `now`: `from` before the start, `to` after the end.
    public func value(at now: Double) -> Rect {
        guard duration > 0 else { return to }
        let e = curve.value((now - start) / duration)
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
    /// True once `duration` has passed since `start`.
    public func isFinished(at now: Double) -> Bool { now - start >= duration }
    /// `now` while the animation runs (every frame differs), nil once it has finished.
    public func nextDeadline(after now: Double) -> Double? { isFinished(at: now) ? nil : now }
}
