/// Combines the deadlines of the parts of a root (see `InteractiveRoot.nextDeadline(after:)`).
public enum Deadline {
    /// The earliest of `deadlines`, ignoring nils; nil when none is pending. O(n).
    public static func earliest(_ deadlines: Double?...) -> Double? { earliest(of: deadlines) }

    /// The earliest of a sequence of deadlines, ignoring nils.
    public static func earliest<S: Sequence>(of deadlines: S) -> Double? where S.Element == Double? {
        var best: Double?
        for d in deadlines { if let d, best.map({ d < $0 }) ?? true { best = d } }
        return best
    }
}
