import Foundation

/// Estimates pointer velocity from the samples of the last `window` seconds by least squares,
/// so the estimate does not depend on how many samples a frame rate produced.
///
/// Old samples are dropped as new ones arrive, so memory stays bounded by the sample rate.
struct VelocityTracker: Sendable {
    /// The span of recent samples the estimate uses, in seconds.
    var window: Double = 0.1
    private var samples: [(t: Double, p: Point)] = []
    /// An empty tracker with a 0.1-second window.
    init() {}

    /// Forgets every sample (a new gesture).
    mutating func reset() { samples.removeAll() }
    /// Records that the pointer was at `p` at time `t` (seconds), and drops samples older than two
    /// windows. Amortised O(samples in two windows).
    mutating func add(_ p: Point, at t: Double) {
        samples.append((t, p))
        samples.removeAll { $0.t < t - window * 2 }
    }
    /// Velocity in points per second at time `t` (the latest sample's time, usually the release).
    ///
    /// Zero with fewer than two samples in the window or when they span under 2 ms, so a click that
    /// did not move never flings. O(samples).
    func velocity(at t: Double) -> Point {
        let recent = samples.filter { $0.t >= t - window - 1e-9 && $0.t <= t + 1e-9 }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last.t - first.t > 0.002 else { return .zero }
        let n = Double(recent.count)
        let mt = recent.reduce(0) { $0 + $1.t } / n
        let mx = recent.reduce(0) { $0 + $1.p.x } / n
        let my = recent.reduce(0) { $0 + $1.p.y } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in recent {
            let dt = s.t - mt
            stt += dt * dt; stx += dt * (s.p.x - mx); sty += dt * (s.p.y - my)
        }
        return stt > 0 ? Point(x: stx / stt, y: sty / stt) : .zero
    }
    /// The number of samples held.
    var count: Int { samples.count }
}
