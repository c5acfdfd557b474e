/// A vertical waterfall (seed 002): equal-width columns, each item goes to the shortest column and
/// keeps its own height. Sections stack, each starting below the previous one's tallest column.
///
/// `prepare` is O(n · columns); queries binary-search each column, so `attributesForElements(in:)`
/// is O(columns · log n + k). During an interactive movement heights are looked up through the
/// displayed-to-data mapping, so a moving item keeps its height in whichever slot it takes.
///
/// ```swift
/// // Photos keep their aspect ratio in columns at least 180 points wide.
/// let ratios: [Double] = [1.5, 0.75, 1, 1.33]           // height / width, from your model
/// let wall = CollectionView(name: "wall", layout: WaterfallLayout(minimumColumnWidth: 180) { indexPath, width in
///     width * ratios[indexPath.item % ratios.count]
/// })
/// ```
public struct WaterfallLayout: CollectionLayout {
    /// Always vertical.
    public var scrollAxis: Axis { .vertical }
    /// Columns are at least this wide; there are as many as fit across the viewport, at least one.
    public var minimumColumnWidth: Double
    /// The gap between columns, between items in a column, and between sections.
    public var spacing: Double
    /// Space between the content's edges and the items.
    public var insets: EdgeInsets
    /// The height of the item at a data index path, for a column of the given width.
    ///
    /// Called once per item in ``prepare(_:)`` (heights below 1 point become 1), never by queries.
    public var itemHeight: (IndexPath, Double) -> Double

    /// Creates a waterfall. Only `itemHeight` has no default. Changes take effect at the next
    /// ``prepare(_:)``.
    public init(minimumColumnWidth: Double = 160, spacing: Double = 10, insets: EdgeInsets = EdgeInsets(all: 12),
                itemHeight: @escaping (IndexPath, Double) -> Double) {
        self.minimumColumnWidth = minimumColumnWidth; self.spacing = spacing; self.insets = insets
        self.itemHeight = itemHeight
    }

    private struct SectionModel {
        var frames: [Rect] = []
        /// Per column, its items in top-to-bottom order.
        var columns: [[Int]] = []
        var top = 0.0, bottom = 0.0
    }

    private var context = LayoutContext(boundsSize: .zero, itemCounts: [])
    private var sections: [SectionModel] = []
    /// The number of columns, as of the last ``prepare(_:)``.
    public private(set) var columnCount = 1
    /// Every column's width, as of the last ``prepare(_:)``.
    public private(set) var columnWidth = 0.0
    /// The content's size as of the last ``prepare(_:)``; as wide as the viewport.
    public private(set) var contentSize: Size = .zero

    /// Places every item in turn in the shortest column, asking ``itemHeight`` for each, and stores the
    /// frames and each column's item list. O(n · columns) time, O(n) memory.
    public mutating func prepare(_ context: LayoutContext) {
        self.context = context
        let width = max(0, context.boundsSize.width - insets.left - insets.right)
        columnCount = max(1, Int((width + spacing) / (minimumColumnWidth + spacing)))
        columnWidth = max(1, (width - Double(columnCount - 1) * spacing) / Double(columnCount))
        sections = []
        var y = insets.top
        for (s, count) in context.itemCounts.enumerated() {
            var model = SectionModel(frames: [], columns: Array(repeating: [], count: columnCount), top: y, bottom: y)
            model.frames.reserveCapacity(count)
            var heights = Array(repeating: y, count: columnCount)
            for item in 0..<count {
                // The shortest column; the leftmost on ties, so equal heights fill left to right.
                var column = 0
                for c in 1..<columnCount where heights[c] < heights[column] { column = c }
                let h = max(1, itemHeight(context.dataIndexPath(forDisplayed: IndexPath(item: item, section: s)), columnWidth))
                let x = insets.left + Double(column) * (columnWidth + spacing)
                model.frames.append(Rect(x: x, y: heights[column], width: columnWidth, height: h))
                model.columns[column].append(item)
                heights[column] += h + spacing
            }
            let tallest = heights.max() ?? y
            model.bottom = count == 0 ? y : tallest - spacing
            y = model.bottom + (count == 0 ? 0 : spacing)
            sections.append(model)
        }
        contentSize = Size(width: context.boundsSize.width, height: max(y - spacing, insets.top) + insets.bottom)
    }

    /// The stored frame of an item. O(1).
    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].frames.indices.contains(indexPath.item) else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: sections[indexPath.section].frames[indexPath.item])
    }

    /// The items meeting `rect`: binary search for the first section, then per column for its first
    /// item in the rect. O(sections in view · columns · log n + k) for k results.
    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let first = Search.partition(sections.count) { sections[$0].bottom > rect.minY }
        for s in first..<sections.count {
            let model = sections[s]
            if model.top >= rect.maxY { break }
            for column in model.columns {
                var i = Search.partition(column.count) { model.frames[column[$0]].maxY > rect.minY }
                while i < column.count {
                    let f = model.frames[column[i]]
                    if f.minY >= rect.maxY { break }
                    if f.intersects(rect) { result.append(LayoutAttributes(indexPath: IndexPath(item: column[i], section: s), frame: f)) }
                    i += 1
                }
            }
        }
        return result
    }

    /// The item under the position, or else the nearest one around it (in a gap between tiles, or
    /// below a short column), so the pointer always picks a slot near where it is.
    ///
    /// The search is limited to a square one column and gap wide around the position, in the item's
    /// section, so it costs O(columns · log n + k) like a visible-rect query.
    public func targetIndexPath(forMoving indexPath: IndexPath, at position: Point) -> IndexPath? {
        let reach = columnWidth + spacing
        let probe = Rect(x: position.x - reach, y: position.y - reach, width: 2 * reach, height: 2 * reach)
        let candidates = attributesForElements(in: probe).filter { $0.indexPath.section == indexPath.section }
        if let hit = candidates.first(where: { $0.frame.contains(position) }) { return hit.indexPath }
        func distance(_ f: Rect) -> Double {
            let dx = max(f.minX - position.x, 0, position.x - f.maxX)
            let dy = max(f.minY - position.y, 0, position.y - f.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        return candidates.min { (distance($0.frame), $0.indexPath) < (distance($1.frame), $1.indexPath) }?.indexPath
    }
}
