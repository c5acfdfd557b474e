/// A vertical list (or a grid of equal-width columns) whose items size themselves: each starts at
/// an estimated height and is measured once, when it first comes into view or, a few a frame
/// (``marginBudget``), within a screen of it.
/// A row is as tall as its tallest item.
///
/// Built for very long lists: `prepare` is O(n) in estimates the first time and O(1) when neither
/// the item count nor the column width changed (measured heights are kept); a correction updates
/// a prefix-sum tree in O(log n), never the whole layout; queries are O(log n + k). Memory: 4
/// bytes per item and 8 per row. Only the first section is placed.
///
/// The collection view keeps the first item in view where it was when items above it are
/// corrected (see ``SelfSizingLayout``), and keeps a view at the end at the end, so `End`
/// lands on the last item whatever the estimates were.
///
/// ```swift
/// let list = SelfSizingListLayout(estimatedHeight: { _, _ in 60 }) { ip, width in
///     24 + measurer.lines(of: messages[ip.item], style: bodyStyle, width: width - 24).height
/// }
/// collectionView.setLayout(list)
/// ```
public struct SelfSizingListLayout: SelfSizingLayout {
    public var scrollAxis: Axis { .vertical }
    /// Columns are at least this wide; nil: one column (a list).
    public var minimumColumnWidth: Double?
    /// The gap between rows and between columns.
    public var spacing: Double
    /// Space between the content's edges and the items.
    public var insets: EdgeInsets
    /// The height an item is given until it is measured, for a column of the given width. Called
    /// for every item in the `prepare` that first sees it, and again for the other items of a row
    /// being measured; keep it cheap (a constant, or a guess from the item's kind).
    public var estimatedHeight: (ItemPath, Double) -> Double
    /// The item's real height for a column of the given width. Called once per item, when it
    /// first comes near the viewport (and again after the column width changes).
    public var measure: (ItemPath, Double) -> Double
    /// How many items outside the viewport (within a screen of it, nearest first) one settle
    /// measures ahead of scrolling. Items in view are always measured, whatever their number.
    public var marginBudget = 6

    public init(minimumColumnWidth: Double? = nil, spacing: Double = 8, insets: EdgeInsets = EdgeInsets(all: 12),
                estimatedHeight: @escaping (ItemPath, Double) -> Double, measure: @escaping (ItemPath, Double) -> Double) {
        self.minimumColumnWidth = minimumColumnWidth; self.spacing = spacing; self.insets = insets
        self.estimatedHeight = estimatedHeight; self.measure = measure
    }

    /// What has been measured, shared by copies of the layout (the view holds one copy, queries
    /// see the same corrections).
    private final class Sizes {
        var count = -1
        var columns = 0
        var columnWidth = 0.0
        /// Per item, its measured height; NaN while it is estimated.
        var measured: [Float] = []
        /// Per row, its height plus the spacing after it.
        var rows = RowHeightIndex([])
        var measuredCount = 0
    }
    private var sizes = Sizes()
    private var width = 0.0
    /// Columns fill from the right in right to left: frames are reflected about the width.
    private var direction = LayoutDirection.leftToRight

    /// Forgets every measurement (items changed while their count did not): all are estimates
    /// again from the next `prepare`.
    public mutating func invalidateMeasurements() { sizes = Sizes() }

    /// Items measured so far (for tests and benchmarks).
    public var measuredCount: Int { sizes.measuredCount }

    public mutating func prepare(_ context: LayoutContext) {
        width = context.boundsSize.width
        direction = context.layoutDirection
        let count = context.sectionCounts.first ?? 0
        let available = max(1, width - insets.left - insets.right)
        var columns = 1
        if let minimum = minimumColumnWidth, minimum > 0 {
            columns = max(1, Int((available + spacing) / (minimum + spacing)))
        }
        let columnWidth = max(1, (available - Double(columns - 1) * spacing) / Double(columns))
        if count == sizes.count && columns == sizes.columns && columnWidth == sizes.columnWidth { return }
        // A new width or a new count: everything is an estimate again (the items near the
        // viewport are measured at the next settle, with the view anchored on what it shows).
        let s = Sizes()
        s.count = count; s.columns = columns; s.columnWidth = columnWidth
        s.measured = [Float](repeating: .nan, count: count)
        let rowCount = (count + columns - 1) / columns
        var heights = [Double](repeating: 0, count: rowCount)
        for r in 0..<rowCount { heights[r] = rowHeight(r, in: s) + spacing }
        s.rows = RowHeightIndex(heights)
        sizes = s
    }

    private func rowHeight(_ row: Int, in s: Sizes) -> Double {
        var h = 1.0
        let first = row * s.columns
        for i in first..<min(s.count, first + s.columns) {
            let m = s.measured[i]
            h = max(h, m.isNaN ? estimatedHeight(ItemPath(item: i), s.columnWidth) : Double(m))
        }
        return h
    }

    public var contentSize: Size {
        let rows = sizes.rows
        let body = rows.count > 0 ? rows.total - spacing : 0
        return Size(width: width, height: insets.top + body + insets.bottom)
    }

    private func frame(of item: Int) -> Rect {
        let s = sizes
        let row = item / s.columns, column = item % s.columns
        let m = s.measured[item]
        let h = m.isNaN ? s.rows.height(of: row) - spacing : Double(m)
        let placed = Rect(x: insets.left + Double(column) * (s.columnWidth + spacing), y: insets.top + s.rows.top(of: row),
                          width: s.columnWidth, height: h)
        return LayoutMirror(direction: direction, width: width).rect(placed)
    }

    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let s = sizes
        guard s.count > 0, rect.maxY >= insets.top, let first = s.rows.row(at: rect.minY - insets.top) else { return [] }
        var out: [LayoutAttributes] = []
        var row = first, top = insets.top + s.rows.top(of: row)
        while row < s.rows.count && top < rect.maxY {
            for i in row * s.columns..<min(s.count, (row + 1) * s.columns) {
                let f = frame(of: i)
                if f.intersects(rect) { out.append(LayoutAttributes(indexPath: ItemPath(item: i), frame: f)) }
            }
            top += s.rows.height(of: row)
            row += 1
        }
        return out
    }

    public func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < sizes.count else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: frame(of: indexPath.item))
    }

    public mutating func settleSizes(around visible: Rect, margin: Double, anchoredAtEnd: Bool) -> Double {
        let s = sizes
        guard s.count > 0, let spanning = s.rows.row(at: visible.minY - insets.top) else { return 0 }
        // The anchor is the first row that starts in view (the one above may be cut off at the
        // top, and may itself be measured now); a row taller than the view anchors itself.
        let startsInView = insets.top + s.rows.top(of: spanning) >= visible.minY || spanning + 1 >= s.rows.count
        let firstVisible = startsInView ? spanning : spanning + 1
        let anchorBefore = anchoredAtEnd ? s.rows.total : s.rows.top(of: firstVisible)
        func anchor() -> Double { anchoredAtEnd ? s.rows.total : s.rows.top(of: firstVisible) }
        // Measuring moves the view with the anchor, which can bring unmeasured rows into the
        // moved view: measure again where it now is, until everything in it is measured.
        for _ in 0..<4 {
            let shifted = visible.offsetBy(dx: 0, dy: anchor() - anchorBefore)
            guard measureRows(from: shifted.minY, to: shifted.maxY, budget: .max, in: s) > 0 else { break }
        }
        // Then a few rows on each side, nearest first, so that scrolling finds them measured; the
        // rest of the margin waits for later frames (a jump across the list measures a screen,
        // not three).
        let shifted = visible.offsetBy(dx: 0, dy: anchor() - anchorBefore)
        var budget = marginBudget
        var below = shifted.maxY, above = shifted.minY
        while budget > 0 && (below < shifted.maxY + margin || above > shifted.minY - margin) {
            if below < shifted.maxY + margin {
                let end = below + 1
                budget -= measureRows(from: below, to: end, budget: budget, in: s)
                below = nextRowTop(after: below, in: s)
            }
            if budget > 0 && above > shifted.minY - margin && above > insets.top {
                let start = above - 1
                budget -= measureRows(from: start, to: above, budget: budget, in: s)
                above = rowTop(at: start, in: s)
            } else {
                above = -.infinity
            }
        }
        return anchor() - anchorBefore
    }

    /// The top of the row at content offset `y`.
    private func rowTop(at y: Double, in s: Sizes) -> Double {
        guard let row = s.rows.row(at: y - insets.top) else { return insets.top }
        return insets.top + s.rows.top(of: row)
    }

    /// The top of the row after the one at content offset `y` (past the end: infinity).
    private func nextRowTop(after y: Double, in s: Sizes) -> Double {
        guard let row = s.rows.row(at: y - insets.top), row + 1 < s.rows.count else { return .infinity }
        return insets.top + s.rows.top(of: row + 1)
    }

    /// Measures up to `budget` unmeasured items of the rows between content offsets `minY` and
    /// `maxY`; returns how many it measured.
    private func measureRows(from minY: Double, to maxY: Double, budget: Int, in s: Sizes) -> Int {
        guard var row = s.rows.row(at: minY - insets.top) else { return 0 }
        var top = insets.top + s.rows.top(of: row)
        var measured = 0
        while row < s.rows.count && top < maxY && measured < budget {
            var changed = false
            for i in row * s.columns..<min(s.count, (row + 1) * s.columns) where s.measured[i].isNaN && measured < budget {
                s.measured[i] = Float(max(1, measure(ItemPath(item: i), s.columnWidth)))
                s.measuredCount += 1
                measured += 1
                changed = true
            }
            if changed { s.rows.set(row, to: rowHeight(row, in: s) + spacing) }
            top += s.rows.height(of: row)
            row += 1
        }
        return measured
    }
}
