/// Binary search helpers shared by layouts.
enum Search {
    /// The first index `i` in `0..<count` for which `isAfter(i)` is true (or `count`), with
    /// `isAfter` monotone (false...false true...true).
    static func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAfter(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
