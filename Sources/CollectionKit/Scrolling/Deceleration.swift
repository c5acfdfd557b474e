import Foundation

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
