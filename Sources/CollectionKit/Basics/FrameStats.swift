/// Frame-time figures: percentiles of the per-frame CPU times.
///
/// Frames are kept individually, so percentiles are exact; memory grows by one `Double` a frame.
public struct FrameStats: Sendable {
    /// Every recorded frame's time in milliseconds, in recording order.
    public var frameMS: [Double] = []
    /// The largest live-cell count any recorded frame reported.
    public var liveCellsMax = 0
    /// Frame ticks not drawn because nothing could change in them (not in `frameMS`).
    public var framesSkipped = 0
    /// Frames a window loop ran (`FrameTimer.framePresented(_:)`), whether or not they reached the
    /// screen; 0 where no loop reports presenting (a headless run).
    public var framesAsked = 0
    /// Of `framesAsked`, the frames that put pixels on the screen: the rest changed nothing visible.
    public var framesPresented = 0
    /// Empty statistics.
    public init() {}

    /// Counts one frame a window loop ran, and whether it reached the screen.
    public mutating func recordPresent(_ shown: Bool) {
        framesAsked += 1
        if shown { framesPresented += 1 }
    }

    /// Records one frame that took `ms` milliseconds with `liveCells` cell objects alive. O(1) amortised.
    public mutating func record(ms: Double, liveCells: Int) {
        frameMS.append(ms)
        liveCellsMax = max(liveCellsMax, liveCells)
    }

    /// The `p`-th percentile (0...100), nearest rank.
    ///
    /// Zero when nothing has been recorded. Sorts a copy of the samples, so each call is O(n log n).
    public func percentile(_ p: Double) -> Double {
        guard !frameMS.isEmpty else { return 0 }
        let sorted = frameMS.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    /// The figures as a JSON object, in this order: `frames`, `frame_ms_p50`, `frame_ms_p99`,
    /// `frame_ms_max` (milliseconds rounded to three decimals), `live_cells_max`, `frames_skipped`,
    /// and where a window loop reported its frames, `frames_asked` and `frames_presented`.
    public var json: JSON {
        func ms(_ v: Double) -> JSON { .number((v * 1000).rounded() / 1000) }
        return .object([
            ("frames", .int(frameMS.count)),
            ("frame_ms_p50", ms(percentile(50))),
            ("frame_ms_p99", ms(percentile(99))),
            ("frame_ms_max", ms(frameMS.max() ?? 0)),
            ("live_cells_max", .int(liveCellsMax)),
            ("frames_skipped", .int(framesSkipped)),
        ] + (framesAsked > 0 ? [("frames_asked", .int(framesAsked)), ("frames_presented", .int(framesPresented))] : []))
    }
}
