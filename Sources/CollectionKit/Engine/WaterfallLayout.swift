/// A vertical waterfall (seed 002): equal-width columns, each item goes to the shortest column and
/// keeps its own height. Sections stack, each starting below the previous one's tallest column.
///
/// `prepare` is O(n · columns); queries binary-search each column, so `attributesForElements(in:)`
/// is O(columns · log n + k). During an interactive movement `prepare` re-places only from the
/// first slot the movement changed, and only as far as queries look (O(columns · (log n + k))
/// for a drag that stays in view). During an interactive movement heights are looked up through the
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

    /// One section's placement, filled in item order. Normally complete once `prepare` returns;
    /// during an interactive movement only as far as a query has asked (see `prepare`).
    private final class Placement {
        var frames: [Rect] = []
        /// Per column, its items in top-to-bottom order.
        var columns: [[Int]]
        /// Per column, where its next item would go (its bottom plus spacing).
        var heights: [Double]
        let count: Int
        let top: Double
        let section: Int

        init(section: Int, count: Int, top: Double, columnCount: Int) {
            self.section = section; self.count = count; self.top = top
            columns = Array(repeating: [], count: columnCount)
            heights = Array(repeating: top, count: columnCount)
            frames.reserveCapacity(count)
        }

        init(copying other: Placement) {
            frames = other.frames; columns = other.columns; heights = other.heights
            count = other.count; top = other.top; section = other.section
        }

        var isComplete: Bool { frames.count == count }
        /// Where the next item would be placed: every item not yet placed lies below it.
        var nextTop: Double { heights.min() ?? top }

        /// Forgets the items from `first` on, so they can be placed again. O(columns · log n) plus
        /// the items dropped.
        func truncate(to first: Int, spacing: Double) {
            guard first < frames.count else { return }
            frames.removeSubrange(first...)
            for c in columns.indices {
                let keep = Search.partition(columns[c].count) { columns[c][$0] >= first }
                columns[c].removeSubrange(keep...)
                heights[c] = columns[c].last.map { frames[$0].maxY + spacing } ?? top
            }
        }
    }

    /// What placing an item needs, kept with the placement so queries can go on placing lazily.
    private struct Placer {
        var insets: EdgeInsets
        var spacing: Double
        var columnWidth: Double
        var context: LayoutContext
        var itemHeight: (IndexPath, Double) -> Double

        /// Places items in order while `more` holds, each in the shortest column (the leftmost on
        /// ties, so equal heights fill left to right). O(columns) per item.
        func place(_ p: Placement, while more: (Placement) -> Bool) {
            while !p.isComplete, more(p) {
                let item = p.frames.count
                var column = 0
                for c in 1..<p.heights.count where p.heights[c] < p.heights[column] { column = c }
                let h = max(1, itemHeight(context.dataIndexPath(forDisplayed: IndexPath(item: item, section: p.section)), columnWidth))
                let x = insets.left + Double(column) * (columnWidth + spacing)
                p.frames.append(Rect(x: x, y: p.heights[column], width: columnWidth, height: h))
                p.columns[column].append(item)
                p.heights[column] += h + spacing
            }
        }
    }

    private var context = LayoutContext(boundsSize: .zero, itemCounts: [])
    private var sections: [Placement] = []
    private var placer: Placer?
    /// The number of columns, as of the last ``prepare(_:)``.
    public private(set) var columnCount = 1
    /// Every column's width, as of the last ``prepare(_:)``.
    public private(set) var columnWidth = 0.0
    /// The content's size as of the last ``prepare(_:)``; as wide as the viewport.
    public private(set) var contentSize: Size = .zero

    /// Lays out every item, except during an interactive movement in a single-section waterfall:
    /// then the items before the first slot the movement changed keep their places, and the rest
    /// are placed only as far as queries ask (a drag near the top of a long waterfall touches a
    /// screenful, not every item after it). Meanwhile the content height is the one from before
    /// the movement: the same items in another order, so the tallest column differs by less than
    /// an item.
    public mutating func prepare(_ context: LayoutContext) {
        let previous = self.context
        self.context = context
        let width = max(0, context.boundsSize.width - insets.left - insets.right)
        columnCount = max(1, Int((width + spacing) / (minimumColumnWidth + spacing)))
        columnWidth = max(1, (width - Double(columnCount - 1) * spacing) / Double(columnCount))
        let placer = Placer(insets: insets, spacing: spacing, columnWidth: columnWidth, context: context, itemHeight: itemHeight)
        self.placer = placer
        if let move = context.interactiveMove, context.itemCounts.count == 1, sections.count == 1,
           previous.itemCounts == context.itemCounts, previous.boundsSize.width == context.boundsSize.width,
           sections[0].columns.count == columnCount {
            // Only the slots between the ends of the old and the new movement change order; for
            // the same item moving on, only those between its old and new target.
            var first = min(move.source.item, move.target.item)
            if let old = previous.interactiveMove {
                first = old.source == move.source ? min(old.target.item, move.target.item)
                    : min(first, old.source.item, old.target.item)
            }
            if !isKnownUniquelyReferenced(&sections[0]) { sections[0] = Placement(copying: sections[0]) }
            sections[0].truncate(to: max(0, first), spacing: spacing)
            return
        }
        sections = []
        var y = insets.top
        for (s, count) in context.itemCounts.enumerated() {
            let p = Placement(section: s, count: count, top: y, columnCount: columnCount)
            placer.place(p) { _ in true }
            let bottom = count == 0 ? y : (p.heights.max() ?? y) - spacing
            y = bottom + (count == 0 ? 0 : spacing)
            sections.append(p)
        }
        contentSize = Size(width: context.boundsSize.width, height: max(y - spacing, insets.top) + insets.bottom)
    }

    /// Items placed so far across sections (all of them, except during an interactive movement).
    var placedItemCount: Int { sections.reduce(0) { $0 + $1.frames.count } }

    /// The bottom of a section (the last one may still be placing: then its content height).
    private func bottom(of s: Int) -> Double {
        let p = sections[s]
        if p.count == 0 { return p.top }
        if p.isComplete { return (p.heights.max() ?? p.top) - spacing }
        return contentSize.height - insets.bottom
    }

    public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
        let p = sections[indexPath.section]
        guard indexPath.item < p.count else { return nil }
        if indexPath.item >= p.frames.count { placer?.place(p) { $0.frames.count <= indexPath.item } }
        return LayoutAttributes(indexPath: indexPath, frame: p.frames[indexPath.item])
    }

    /// The items meeting `rect`: binary search for the first section, then per column for its first
    /// item in the rect. O(sections in view · columns · log n + k) for k results.
    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let first = Search.partition(sections.count) { bottom(of: $0) > rect.minY }
        for s in first..<sections.count {
            let model = sections[s]
            if model.top >= rect.maxY { break }
            // Every item not yet placed goes at or below `nextTop`.
            if !model.isComplete { placer?.place(model) { $0.nextTop < rect.maxY } }
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
