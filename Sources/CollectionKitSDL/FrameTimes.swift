import CollectionKit
import Glibc

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
    public func framePresented(_ shown: Bool) {
        cpu.recordPresent(shown)
        wall.recordPresent(shown)
    }
}
