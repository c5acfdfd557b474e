import Foundation

/// Estimates pointer velocity from the samples of the last `window` seconds by least squares,
/// so the estimate does not depend on how many samples a frame rate produced.
///
/// Old samples are dropped as new ones arrive, and at most ``sampleLimit`` are kept however many
/// arrive at once (a script can deliver thousands of wheel events in one instant), so memory is
/// bounded and each sample costs O(1) amortised.
struct VelocityTracker: Sendable {
    /// The span of recent samples the estimate uses, in seconds.
    var window: Double = 0.1
    /// The most samples kept: the newest ones. A pointer reporting 1,000 times a second gives
    /// 200 in the two windows kept, so only a burst beyond any device reaches it.
    static let sampleLimit = 1024
    /// Samples before `head` are dropped; the array is compacted once they are the larger half.
    private var samples: [(t: Double, p: Point)] = []
    private var head = 0
    /// An empty tracker with a 0.1-second window.
    init() {}

    /// Forgets every sample (a new gesture).
    mutating func reset() { samples.removeAll(keepingCapacity: true); head = 0 }
    /// Records that the pointer was at `p` at time `t` (seconds), and drops samples older than two
    /// windows and any past ``sampleLimit``. Amortised O(1).
    mutating func add(_ p: Point, at t: Double) {
        samples.append((t, p))
        while head < samples.count - 1, samples[head].t < t - window * 2 { head += 1 }
        head = max(head, samples.count - VelocityTracker.sampleLimit)
        if head > 0, head * 2 >= samples.count {
            samples.removeFirst(head)
            head = 0
        }
    }
    /// Velocity in points per second at time `t` (the latest sample's time, usually the release).
    ///
    /// Zero with fewer than two samples in the window or when they span under 2 ms, so a click that
    /// did not move never flings. O(samples), at most ``sampleLimit``.
    func velocity(at t: Double) -> Point {
        let recent = samples[head...].filter { $0.t >= t - window - 1e-9 && $0.t <= t + 1e-9 }
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
    var count: Int { samples.count - head }
}
