import CollectionKit
import Glibc

/// The platform's clocks, which the core never reads.
public enum Clock {
    /// Monotonic wall-clock seconds.
    public static func wallSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds used by the calling thread: time the machine gave to other processes is not
    /// counted, so frame figures mean the same on a busy machine and a quiet one.
    public static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Times frames for `--stats` and the benchmark: `cpu` holds the CPU time of each frame (the
/// figure `--stats` reports), `wall` the elapsed time.
public final class FrameTimes: FrameTimer {
    public private(set) var cpu = FrameStats()
    public private(set) var wall = FrameStats()
    private var cpu0 = 0.0, wall0 = 0.0
    public init() {}
    public func frameBegan() {
        wall0 = Clock.wallSeconds()
        cpu0 = Clock.threadCPUSeconds()
    }
    public func frameEnded(liveCells: Int) {
        cpu.record(ms: (Clock.threadCPUSeconds() - cpu0) * 1000, liveCells: liveCells)
        wall.record(ms: (Clock.wallSeconds() - wall0) * 1000, liveCells: liveCells)
    }
    public func framesSkipped(_ count: Int) {
        cpu.framesSkipped += count
        wall.framesSkipped += count
    }
}
