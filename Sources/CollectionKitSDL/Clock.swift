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
