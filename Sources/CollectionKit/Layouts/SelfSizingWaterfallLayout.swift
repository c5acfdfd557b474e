/// A waterfall (equal-width columns, each item in the shortest column when dealt) whose items
/// size themselves: each starts at an estimated height and is measured once, when it first comes
/// into view or, a few a frame (``marginBudget``), within a screen of it. Only the first section
/// is placed.
///
/// Columns are dealt once, from the estimates, and then kept: a correction moves only the items
/// of its own column, never deals the items after it afresh, so it costs O(log n) (a prefix-sum
/// tree per column) instead of placing a million items again.
///
/// What the user looks at never moves when an item is corrected:
/// - an item that starts above the view's top grows or shrinks upwards (the items above it in
///   its column move, the ones in view stay); while the view rests at the end every correction
///   does, so the columns' ends stay put and `End` lands exactly on the content's end;
/// - a change that moves every column alike is taken up by the view's offset (the collection
///   view adds what ``settleSizes(around:margin:anchoredAtEnd:)`` returns), like the list's;
/// - what differs between columns (a column whose items above the view came out shorter than
///   their estimates starts lower than the others) is made up while the user scrolls, by at
///   most half of each frame's scroll, and at the latest when the view reaches the top.
///
/// Cost: `prepare` is O(n · columns) the first time and O(1) when neither the item count nor the
/// column width changed; queries are O(columns · log n + k). Memory: about 32 bytes per item.
///
/// ```swift
/// let notes = SelfSizingWaterfallLayout(minimumColumnWidth: 180, estimatedHeight: { _, _ in 120 }) { ip, width in
///     24 + measurer.lines(of: bodies[ip.item], style: bodyStyle, width: width - 24).height
/// }
/// collectionView.setLayout(notes)
/// ```
public struct SelfSizingWaterfallLayout: SelfSizingLayout {
    public var scrollAxis: Axis { .vertical }
    /// Columns are at least this wide; there are as many as fit across the viewport, at least one.
    public var minimumColumnWidth: Double
    /// The gap between columns and between items in a column.
    public var spacing: Double
    /// Space between the content's edges and the items.
    public var insets: EdgeInsets
    /// The height an item is given until it is measured, for a column of the given width. Called
    /// for every item in the `prepare` that first sees it; keep it cheap.
    public var estimatedHeight: (ItemPath, Double) -> Double
    /// The item's real height for a column of the given width. Called once per item, when it
    /// first comes near the viewport (and again after the column width changes).
    public var measure: (ItemPath, Double) -> Double
    /// How many items outside the viewport (within a screen of it, nearest first) one settle
    /// measures ahead of scrolling. Items in view are always measured, whatever their number.
    public var marginBudget = 6
    /// How much of a frame's scroll may go to bringing a column that starts too low back into
    /// line with the others (the columns then scroll at slightly different speeds for a moment).
    public static let realignRate = 0.5

    public init(minimumColumnWidth: Double = 160, spacing: Double = 10, insets: EdgeInsets = EdgeInsets(all: 12),
                estimatedHeight: @escaping (ItemPath, Double) -> Double, measure: @escaping (ItemPath, Double) -> Double) {
        self.minimumColumnWidth = minimumColumnWidth; self.spacing = spacing; self.insets = insets
        self.estimatedHeight = estimatedHeight; self.measure = measure
    }

    /// The columns as dealt and corrected so far, shared by copies of the layout (the view holds
    /// one copy, queries see the same corrections).
    private final class Columns {
        var count = -1
        var columnWidth = 0.0
        /// Per item, its column and its place in that column.
        var column: [Int32] = []
        var slot: [Int32] = []
        /// Per column, its items top to bottom.
        var items: [[Int32]] = []
        /// Per column, each item's height plus the spacing after it.
        var heights: [RowHeightIndex] = []
        /// Per column, where its first item starts.
        var tops: [Double] = []
        /// Per item, its measured height; NaN while it is estimated.
        var measured: [Float] = []
        var measuredCount = 0
        /// The view's top after the last settle, to tell how far the user scrolled since.
        var lastViewTop: Double?
    }
    private var columns = Columns()
    private var width = 0.0
    /// Columns count from the right in right to left: frames are reflected about the width.
    private var direction = LayoutDirection.leftToRight

    /// Forgets every measurement: all items are estimates again, dealt afresh, from the next `prepare`.
    public mutating func invalidateMeasurements() { columns = Columns() }

    /// Items measured so far (for tests and benchmarks).
    public var measuredCount: Int { columns.measuredCount }
    /// The number of columns, as of the last ``prepare(_:)``.
    public var columnCount: Int { columns.items.count }

    public mutating func prepare(_ context: LayoutContext) {
        width = context.boundsSize.width
        direction = context.layoutDirection
        let count = context.sectionCounts.first ?? 0
        let available = max(1, width - insets.left - insets.right)
        let columnCount = max(1, Int((available + spacing) / (minimumColumnWidth + spacing)))
        let columnWidth = max(1, (available - Double(columnCount - 1) * spacing) / Double(columnCount))
        if count == columns.count && columnCount == columns.items.count && columnWidth == columns.columnWidth { return }
        columns = deal(count: count, columnCount: columnCount, columnWidth: columnWidth)
    }

    /// Every item to the shortest column by its estimate (the leftmost on ties).
    private func deal(count: Int, columnCount: Int, columnWidth: Double) -> Columns {
        let s = Columns()
        s.count = count; s.columnWidth = columnWidth
        s.column = [Int32](repeating: 0, count: count)
        s.slot = [Int32](repeating: 0, count: count)
        s.measured = [Float](repeating: .nan, count: count)
        var items = [[Int32]](repeating: [], count: columnCount)
        var heights = [[Double]](repeating: [], count: columnCount)
        var bottoms = [Double](repeating: 0, count: columnCount)
        for c in 0..<columnCount {
            items[c].reserveCapacity(count / columnCount + 1)
            heights[c].reserveCapacity(count / columnCount + 1)
        }
        for i in 0..<count {
            var shortest = 0
            for c in 1..<columnCount where bottoms[c] < bottoms[shortest] { shortest = c }
            let h = max(1, estimatedHeight(ItemPath(item: i), columnWidth)) + spacing
            s.column[i] = Int32(shortest)
            s.slot[i] = Int32(items[shortest].count)
            items[shortest].append(Int32(i))
            heights[shortest].append(h)
            bottoms[shortest] += h
        }
        s.items = items
        s.heights = heights.map { RowHeightIndex($0) }
        s.tops = [Double](repeating: insets.top, count: columnCount)
        return s
    }

    public var contentSize: Size {
        let s = columns
        var bottom = insets.top
        for c in s.items.indices where !s.items[c].isEmpty {
            bottom = max(bottom, s.tops[c] + s.heights[c].total - spacing)
        }
        return Size(width: width, height: bottom + insets.bottom)
    }

    private func frame(ofSlot k: Int, column c: Int, in s: Columns) -> Rect {
        let item = Int(s.items[c][k])
        let m = s.measured[item]
        let h = m.isNaN ? s.heights[c].height(of: k) - spacing : Double(m)
        let placed = Rect(x: insets.left + Double(c) * (s.columnWidth + spacing), y: s.tops[c] + s.heights[c].top(of: k),
                          width: s.columnWidth, height: h)
        return LayoutMirror(direction: direction, width: width).rect(placed)
    }

    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let s = columns
        var out: [LayoutAttributes] = []
        for c in s.items.indices {
            guard let first = s.heights[c].row(at: rect.minY - s.tops[c]) else { continue }
            var k = first
            while k < s.items[c].count {
                let f = frame(ofSlot: k, column: c, in: s)
                if f.minY >= rect.maxY { break }
                if f.intersects(rect) { out.append(LayoutAttributes(indexPath: ItemPath(item: Int(s.items[c][k])), frame: f)) }
                k += 1
            }
        }
        return out
    }

    public func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        let s = columns
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < s.count else { return nil }
        let c = Int(s.column[indexPath.item]), k = Int(s.slot[indexPath.item])
        return LayoutAttributes(indexPath: indexPath, frame: frame(ofSlot: k, column: c, in: s))
    }

    /// The column an item was dealt to, as of the last ``prepare(_:)``; nil when out of range.
    public func column(ofItemAt indexPath: ItemPath) -> Int? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < columns.count else { return nil }
        return Int(columns.column[indexPath.item])
    }

    public mutating func settleSizes(around visible: Rect, margin: Double, anchoredAtEnd: Bool) -> Double {
        let s = columns
        guard s.count > 0 else { return 0 }
        realign(s, viewTop: visible.minY)
        // Corrections of items starting above this line grow upwards; at the end, all do.
        let anchorLine = anchoredAtEnd ? Double.infinity : visible.minY
        // The view follows a shift common to every column, which can bring unmeasured items into
        // it: measure again where it now is, until everything in it is measured.
        var shift = 0.0
        for _ in 0..<4 {
            let measured = measureItems(in: visible.offsetBy(dx: 0, dy: shift), budget: .max, anchorLine: anchorLine + shift, in: s)
            shift += takeUpCommonShift(s)
            guard measured > 0 else { break }
        }
        measureMargin(around: visible.offsetBy(dx: 0, dy: shift), margin: margin, anchorLine: anchorLine + shift, in: s)
        shift += takeUpCommonShift(s)
        s.lastViewTop = visible.minY + shift
        return shift
    }

    /// Brings columns that start below the content's top back towards it, by part of the scroll
    /// since the last settle (the user is scrolling: a column may slide a little against the
    /// others), or all the way when the view is at the top.
    private func realign(_ s: Columns, viewTop: Double) {
        let scrolled = s.lastViewTop.map { abs(viewTop - $0) } ?? 0
        let atTop = viewTop <= 0
        guard scrolled > 0 || atTop else { return }
        for c in s.tops.indices where s.tops[c] > insets.top {
            s.tops[c] = atTop ? insets.top : max(insets.top, s.tops[c] - SelfSizingWaterfallLayout.realignRate * scrolled)
        }
    }

    /// Moves every column by the same amount so that the highest one starts at the content's top
    /// again; returns how far the content moved down (the view's offset follows it).
    private func takeUpCommonShift(_ s: Columns) -> Double {
        let tops = s.tops.indices.filter { !s.items[$0].isEmpty }.map { s.tops[$0] }
        guard let highest = tops.min(), highest != insets.top else { return 0 }
        let down = insets.top - highest
        for c in s.tops.indices { s.tops[c] += down }
        return down
    }

    /// Measures up to `budget` unmeasured items meeting `rect`; returns how many it measured.
    private func measureItems(in rect: Rect, budget: Int, anchorLine: Double, in s: Columns) -> Int {
        var measured = 0
        for c in s.items.indices {
            guard var k = s.heights[c].row(at: rect.minY - s.tops[c]) else { continue }
            while k < s.items[c].count && measured < budget {
                let top = s.tops[c] + s.heights[c].top(of: k)
                if top >= rect.maxY { break }
                if s.measured[Int(s.items[c][k])].isNaN {
                    measureSlot(k, column: c, anchorLine: anchorLine, in: s)
                    measured += 1
                }
                k += 1
            }
        }
        return measured
    }

    /// Measures up to ``marginBudget`` unmeasured items within `margin` of `visible`, nearest first.
    private func measureMargin(around visible: Rect, margin: Double, anchorLine: Double, in s: Columns) {
        var candidates: [(distance: Double, column: Int, slot: Int)] = []
        for c in s.items.indices {
            let count = s.items[c].count
            guard count > 0, let spanning = s.heights[c].row(at: visible.minY - s.tops[c]) else { continue }
            // Below the view, walking down.
            var k = spanning, found = 0
            while k < count && found < marginBudget {
                let top = s.tops[c] + s.heights[c].top(of: k)
                if top >= visible.maxY + margin { break }
                if top >= visible.maxY && s.measured[Int(s.items[c][k])].isNaN {
                    candidates.append((top - visible.maxY, c, k)); found += 1
                }
                k += 1
            }
            // Above it, walking up.
            k = spanning - 1; found = 0
            while k >= 0 && found < marginBudget {
                let bottom = s.tops[c] + s.heights[c].top(of: k + 1) - spacing
                if bottom <= visible.minY - margin { break }
                if s.measured[Int(s.items[c][k])].isNaN { candidates.append((visible.minY - bottom, c, k)); found += 1 }
                k -= 1
            }
        }
        candidates.sort { ($0.distance, $0.column, $0.slot) < ($1.distance, $1.column, $1.slot) }
        for candidate in candidates.prefix(marginBudget) {
            measureSlot(candidate.slot, column: candidate.column, anchorLine: anchorLine, in: s)
        }
    }

    /// Measures one item; when it starts above `anchorLine` its column's top moves by the
    /// correction the other way, so the items below it stay where they are.
    private func measureSlot(_ k: Int, column c: Int, anchorLine: Double, in s: Columns) {
        let item = Int(s.items[c][k])
        let top = s.tops[c] + s.heights[c].top(of: k)
        let h = max(1, measure(ItemPath(item: item), s.columnWidth))
        s.measured[item] = Float(h)
        s.measuredCount += 1
        // The height kept is the Float's, so that frames and the tree agree to the bit.
        let old = s.heights[c].height(of: k)
        let new = Double(Float(h)) + spacing
        s.heights[c].set(k, to: new)
        if top < anchorLine { s.tops[c] -= new - old }
    }
}
