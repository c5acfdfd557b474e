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
struct Spring: Equatable, Sendable {
    /// Natural angular frequency (rad/s) and damping ratio (1 = critically damped).
    ///
    /// A higher frequency moves and settles quicker.
    var omega: Double
    /// Damping ratio: 1 is critically damped (no overshoot), below 1 overshoots and oscillates, above
    /// 1 creeps in more slowly.
    var dampingRatio: Double
    /// Creates a spring; the defaults are critically damped and settle in about a third of a second.
    init(omega: Double = 14, dampingRatio: Double = 1) { self.omega = omega; self.dampingRatio = dampingRatio }
    /// Settles in about `duration` seconds without overshoot (from rest).
    init(settlingIn duration: Double) { self.init(omega: 5 / max(0.01, duration), dampingRatio: 1) }
    /// The engine's default: critically damped, ω = 14.
    static let standard = Spring()
    /// A lively spring that overshoots a little (ω = 16, damping ratio 0.72).
    static let bouncy = Spring(omega: 16, dampingRatio: 0.72)
}

/// One run of a spring from a position and velocity toward a target.
///
/// A value with no clock of its own: ask it for its state at any elapsed time.
struct SpringMotion: Equatable, Sendable {
    /// The spring's tuning.
    var spring: Spring
    /// The starting position.
    var from: Double
    /// The starting velocity, in units per second.
    var velocity: Double
    /// The position the spring pulls toward.
    var target: Double
    /// Creates a motion from `from` at `velocity` toward `target`.
    init(spring: Spring, from: Double, velocity: Double, target: Double) {
        self.spring = spring; self.from = from; self.velocity = velocity; self.target = target
    }

    /// Position and velocity `t` seconds after the start.
    ///
    /// Negative times are treated as 0. O(1) for every damping ratio. At rest on the target at
    /// once when motion is reduced (``Appearance/reducesMotion``).
    func state(at t: Double) -> (position: Double, velocity: Double) {
        if Appearance.reducesMotion { return (target, 0) }
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
    func isSettled(at t: Double, within distance: Double = 0.01, speed: Double = 0.5) -> Bool {
        let s = state(at: t)
        return abs(s.position - target) < distance && abs(s.velocity) < speed
    }
}
