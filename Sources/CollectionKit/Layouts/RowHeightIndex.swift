/// Heights of a sequence of rows with prefix sums that stay cheap while heights change: a
/// Fenwick (binary indexed) tree. Setting one row's height, the top of a row and the row at an
/// offset are each O(log n); building from n heights is O(n). 8 bytes per row.
///
/// ```swift
/// var rows = RowHeightIndex([10, 20, 30])
/// rows.top(of: 2)          // 30
/// rows.set(1, to: 5)       // a correction: rows after it move up by 15
/// rows.row(at: 16)         // 2 (rows span 0..<10, 10..<15, 15..<45)
/// ```
struct RowHeightIndex: Sendable {
    private var tree: [Double]
    private var heights: [Double]

    /// Rows with these heights.
    init(_ heights: [Double]) {
        self.heights = heights
        tree = [0] + heights
        let n = heights.count
        // Linear-time build: each node passes its sum on to its parent.
        for i in 1...max(1, n) where i <= n {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
        }
    }

    /// The number of rows.
    var count: Int { heights.count }
    /// The height of row `i`.
    func height(of i: Int) -> Double { heights[i] }
    /// The sum of all heights.
    var total: Double { top(of: count) }

    /// The sum of the heights of the rows before `i` (0 for the first; the total for `count`).
    func top(of i: Int) -> Double {
        var sum = 0.0, k = i
        while k > 0 { sum += tree[k]; k -= k & -k }
        return sum
    }

    /// Changes row `i`'s height.
    mutating func set(_ i: Int, to h: Double) {
        let delta = h - heights[i]
        guard delta != 0 else { return }
        heights[i] = h
        var k = i + 1
        while k < tree.count { tree[k] += delta; k += k & -k }
    }

    /// The row that spans `offset` (its top ≤ offset < its bottom): 0 before the first row and
    /// `count - 1` past the last; nil when there are no rows.
    func row(at offset: Double) -> Int? {
        guard count > 0 else { return nil }
        // The most rows whose heights sum to at most `offset`.
        var position = 0, remaining = offset
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(position, count - 1)
    }
}
