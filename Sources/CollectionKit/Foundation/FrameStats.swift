/// Times frames with a clock the core does not own, and keeps the figures `--stats` reports.
public protocol FrameTimer: AnyObject {
    func frameBegan()
    func frameEnded(liveCells: Int)
    /// `count` frame ticks passed without drawing, because nothing could change in them.
    func framesSkipped(_ count: Int)
}

extension FrameTimer {
    public func framesSkipped(_ count: Int) {}
}

/// Frame-time figures: percentiles of the per-frame CPU times.
public struct FrameStats: Sendable {
    public var frameMS: [Double] = []
    public var liveCellsMax = 0
    /// Frame ticks not drawn because nothing could change in them (not in `frameMS`).
    public var framesSkipped = 0
    public init() {}

    public mutating func record(ms: Double, liveCells: Int) {
        frameMS.append(ms)
        liveCellsMax = max(liveCellsMax, liveCells)
    }

    /// The `p`-th percentile (0...100), nearest rank.
    public func percentile(_ p: Double) -> Double {
        guard !frameMS.isEmpty else { return 0 }
        let sorted = frameMS.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    public var json: JSON {
        func ms(_ v: Double) -> JSON { .number((v * 1000).rounded() / 1000) }
        return .object([
            ("frames", .int(frameMS.count)),
            ("frame_ms_p50", ms(percentile(50))),
            ("frame_ms_p99", ms(percentile(99))),
            ("frame_ms_max", ms(frameMS.max() ?? 0)),
            ("live_cells_max", .int(liveCellsMax)),
            ("frames_skipped", .int(framesSkipped)),
        ])
    }
}
