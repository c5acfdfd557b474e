/// A vertical waterfall (masonry, as photo boards have it): equal-width columns, each item goes to the shortest column and
/// keeps its own height. Sections stack, each starting below the previous one's tallest column.
///
/// `prepare` is O(n · columns); queries binary-search each column, so `attributesForElements(in:)`
/// is O(columns · log n + k). During an interactive movement `prepare` re-places only from the
/// first slot the movement changed, and only as far as queries look (O(columns · (log n + k))
/// for a drag that stays in view). The `prepare` right after a drop places on only until the
/// columns stand as they did before the movement (usually a few thousand items past the moved ones;
/// O(n) when they never do), and after a cancel places nothing. During an interactive movement heights
/// are looked up through the displayed-to-data mapping, so a moving item keeps its height in
/// whichever slot it takes.
///
/// With ``keepsColumns`` on (the layout to let people rearrange by dragging), the columns are dealt
/// once and then kept: an item stays in its column until the column count or the number of items
/// changes (a resize that changes the column count, an insert or a delete deals afresh). A moving
/// item takes the column of the item whose slot it takes (the target slot's item before the
/// movement), next to it in that column: below it when moving forward, above it when moving back.
/// So a drag shifts only two columns (the one it left and the one it enters, under the pointer),
/// and the drop keeps that picture: the items' order and their kept columns lay out to it again.
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
    public var itemHeight: (ItemPath, Double) -> Double

    /// Keep each item's column (see the type's description) instead of dealing every item to the
    /// shortest column on every pass; off by default.
    public var keepsColumns = false

    /// Creates a waterfall. Only `itemHeight` has no default. Changes take effect at the next
    /// ``prepare(_:)``.
    public init(minimumColumnWidth: Double = 160, spacing: Double = 10, insets: EdgeInsets = EdgeInsets(all: 12),
                itemHeight: @escaping (ItemPath, Double) -> Double) {
        self.minimumColumnWidth = minimumColumnWidth; self.spacing = spacing; self.insets = insets
        self.itemHeight = itemHeight
    }

    /// One section's placement, filled in item order. Normally complete once `prepare` returns;
    /// during an interactive movement only as far as a query has asked (see `prepare`).
    ///
    /// During a movement the placement is an overlay: the items before `first` are shown where a
    /// complete placement from before (its `base`) has them, and only the items from `first` on are
    /// its own. The base stays whole, so a drop can take its items back (see `finishMove`).
    private final class Placement {
        /// The frames of its own items: item `first + k` at `frames[k]`.
        var frames: [Rect] = []
        /// Per column, its own items in top-to-bottom order.
        var columns: [[Int]]
        /// Per column, where its next item would go (its bottom plus spacing).
        var heights: [Double]
        let count: Int
        let top: Double
        let section: Int
        /// The first item it places itself; the ones before are `base`'s.
        let first: Int
        /// A complete placement (whose `first` is 0) showing the items before `first`; nil when
        /// `first` is 0.
        var base: Placement?
        /// Per column, how many of `base`'s items in that column come before `first`.
        let baseColumnEnds: [Int]
        /// `heights` before any own item: where `base` leaves each column at `first`.
        let startHeights: [Double]
        /// The movement whose displayed order the items were placed in; nil for the data order.
        var placedUnder: InteractiveMove?

        init(section: Int, count: Int, top: Double, columnCount: Int, placedUnder: InteractiveMove?) {
            self.section = section; self.count = count; self.top = top
            columns = Array(repeating: [], count: columnCount)
            heights = Array(repeating: top, count: columnCount)
            startHeights = heights
            first = 0; base = nil; baseColumnEnds = Array(repeating: 0, count: columnCount)
            self.placedUnder = placedUnder
            frames.reserveCapacity(count)
        }

        /// An overlay of `base` (complete, `first` 0) from item `first` on. O(columns · log n).
        init(overlaying base: Placement, from first: Int, spacing: Double) {
            section = base.section; count = base.count; top = base.top
            self.first = first; self.base = base; placedUnder = nil
            let ends = base.columns.map { column in Search.partition(column.count) { column[$0] >= first } }
            baseColumnEnds = ends
            startHeights = base.columns.indices.map { c in
                ends[c] > 0 ? Placement.below(base.frames[base.columns[c][ends[c] - 1]], spacing) : base.top
            }
            heights = startHeights
            columns = Array(repeating: [], count: base.columns.count)
        }

        init(copying other: Placement) {
            frames = other.frames; columns = other.columns; heights = other.heights
            count = other.count; top = other.top; section = other.section
            first = other.first; base = other.base; baseColumnEnds = other.baseColumnEnds
            startHeights = other.startHeights; placedUnder = other.placedUnder
        }

        /// Where a column's next item goes below `frame`, computed exactly as placing does
        /// (`y + (height + spacing)`, not `maxY + spacing`): with fractional heights the two can
        /// differ in the last bit, and a placement resumed from a frame must match one made in a
        /// single pass bit for bit.
        static func below(_ frame: Rect, _ spacing: Double) -> Double { frame.minY + (frame.height + spacing) }

        /// The item after the last one placed.
        var placedEnd: Int { first + frames.count }
        var isComplete: Bool { placedEnd == count }
        /// Where the next item would be placed: every item not yet placed lies below it.
        var nextTop: Double { heights.min() ?? top }

        /// The frame of a placed item.
        func frame(_ item: Int) -> Rect { item < first ? base!.frames[item] : frames[item - first] }

        /// Per column, where the next item would go once the items before `item` are placed, for a
        /// complete placement. O(columns · log n).
        func heights(before item: Int, spacing: Double) -> [Double] {
            columns.map { column in
                let end = Search.partition(column.count) { column[$0] >= item }
                return end > 0 ? Placement.below(frames[column[end - 1]], spacing) : top
            }
        }

        /// Forgets its own items from `item` on (`item` at least `first`), so they can be placed
        /// again. O(columns · log n) plus the items dropped.
        func truncate(to item: Int, spacing: Double) {
            guard item < placedEnd else { return }
            frames.removeSubrange((item - first)...)
            for c in columns.indices {
                let keep = Search.partition(columns[c].count) { columns[c][$0] >= item }
                columns[c].removeSubrange(keep...)
                heights[c] = columns[c].last.map { Placement.below(frames[$0 - first], spacing) } ?? startHeights[c]
            }
        }
    }

    /// What placing an item needs, kept with the placement so queries can go on placing lazily.
    private struct Placer {
        var insets: EdgeInsets
        var spacing: Double
        var columnWidth: Double
        var context: LayoutContext
        var itemHeight: (ItemPath, Double) -> Double
        /// Per section, per item in data order, its kept column; nil deals to the shortest column.
        var kept: [[Int]]?
        /// Columns count from the right in right to left: frames are stored reflected.
        var mirror: LayoutMirror { context.mirror(contentWidth: context.boundsSize.width) }

        /// The column of the item shown at `data`'s slot: its kept one, or for the moving item the
        /// kept column of the item whose slot it takes.
        func keptColumn(_ kept: [[Int]], data: ItemPath) -> Int {
            if let move = context.interactiveMove, move.source == data, move.source != move.target {
                return kept[data.section][move.target.item]
            }
            return kept[data.section][data.item]
        }

        /// How far ``place(_:until:)`` goes.
        enum Limit {
            /// Every item of the section.
            case all
            /// Up to and including this item.
            case item(Int)
            /// Until every column reaches this y, so every item still to place lies below it.
            case columnsReach(Double)
        }

        /// Places items in order, each in the shortest column (the leftmost on ties, so equal
        /// heights fill left to right), until `limit`. O(columns) per item.
        ///
        /// The placement's arrays are taken out for the loop and put back after it: working on
        /// locals spares a class property access, and its exclusivity check, per read.
        func place(_ p: Placement, until limit: Limit) {
            var frames: [Rect] = [], columns: [[Int]] = [], heights: [Double] = []
            swap(&frames, &p.frames); swap(&columns, &p.columns); swap(&heights, &p.heights)
            defer { swap(&frames, &p.frames); swap(&columns, &p.columns); swap(&heights, &p.heights) }
            let count = p.count, section = p.section, first = p.first
            let end: Int
            switch limit {
            case .all, .columnsReach: end = count
            case let .item(item): end = min(count, item + 1)
            }
            let reach: Double
            if case let .columnsReach(y) = limit { reach = y } else { reach = .infinity }
            var shortest = heights.indices.min { heights[$0] < heights[$1] } ?? 0
            while first + frames.count < end, heights[shortest] < reach {
                let item = first + frames.count
                let data = context.dataIndexPath(forDisplayed: ItemPath(item: item, section: section))
                let column = kept.map { keptColumn($0, data: data) } ?? shortest
                let h = max(1, itemHeight(data, columnWidth))
                let x = insets.left + Double(column) * (columnWidth + spacing)
                frames.append(mirror.rect(Rect(x: x, y: heights[column], width: columnWidth, height: h)))
                columns[column].append(item)
                heights[column] += h + spacing
                shortest = 0
                for c in 1..<heights.count where heights[c] < heights[shortest] { shortest = c }
            }
        }
    }

    private var context = LayoutContext(boundsSize: .zero, sectionCounts: [])
    private var sections: [Placement] = []
    private var placer: Placer?
    /// Per section, per item in data order, its column while ``keepsColumns`` holds them; empty
    /// when none are kept yet.
    private var keptColumns: [[Int]] = []
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
    ///
    /// Right after the movement ends (``LayoutContext/completedMove``) the places it showed stand.
    /// A cancel takes back the placement from before it. A drop places on from where the movement
    /// stopped, past the moved items, until the columns' heights equal those of the placement from
    /// before the movement at the same item: from there on every item lands where it was, so those
    /// places are taken back. The columns usually agree again within a few thousand items; when
    /// they never do (heights that are not whole numbers rarely add up exactly), every item is
    /// placed, as without a movement.
    public mutating func prepare(_ context: LayoutContext) {
        let previous = self.context
        self.context = context
        let width = max(0, context.boundsSize.width - insets.left - insets.right)
        columnCount = max(1, Int((width + spacing) / (minimumColumnWidth + spacing)))
        columnWidth = max(1, (width - Double(columnCount - 1) * spacing) / Double(columnCount))
        updateKeptColumns(context, previous: previous)
        let placer = Placer(insets: insets, spacing: spacing, columnWidth: columnWidth, context: context, itemHeight: itemHeight,
                            kept: keptColumns.isEmpty ? nil : keptColumns)
        self.placer = placer
        let sameShape = context.sectionCounts.count == 1 && sections.count == 1 && previous.sectionCounts == context.sectionCounts
            && previous.boundsSize.width == context.boundsSize.width && sections[0].columns.count == columnCount
            && previous.layoutDirection == context.layoutDirection
        if let move = context.interactiveMove, sameShape {
            // Only the slots between the ends of the old and the new movement change order; for
            // the same item moving on, only those between its old and new target.
            var first = min(move.source.item, move.target.item)
            if let old = previous.interactiveMove {
                first = old.source == move.source ? min(old.target.item, move.target.item)
                    : min(first, old.source.item, old.target.item)
            }
            first = max(0, first)
            let current = sections[0]
            if current.base != nil, first >= current.first {
                if !isKnownUniquelyReferenced(&sections[0]) { sections[0] = Placement(copying: current) }
                sections[0].truncate(to: first, spacing: spacing)
            } else {
                // The items before `first` show as the complete placement under it has them.
                sections[0] = Placement(overlaying: current.base ?? current, from: first, spacing: spacing)
            }
            return
        }
        // Kept columns place everything after a movement: two columns changed to the end.
        if let done = context.completedMove, previous.interactiveMove == done, context.interactiveMove == nil,
           sameShape, keptColumns.isEmpty, finishMove(done, placer: placer) {
            return
        }
        sections = []
        var y = insets.top
        let order = context.interactiveMove.flatMap { $0.source == $0.target ? nil : $0 }
        for (s, count) in context.sectionCounts.enumerated() {
            let p = Placement(section: s, count: count, top: y, columnCount: columnCount, placedUnder: order)
            placer.place(p, until: .all)
            let bottom = count == 0 ? y : (p.heights.max() ?? y) - spacing
            y = bottom + (count == 0 ? 0 : spacing)
            sections.append(p)
        }
        contentSize = Size(width: context.boundsSize.width, height: max(y - spacing, insets.top) + insets.bottom)
        // A fresh deal in data order is the one kept from now on.
        if keepsColumns, keptColumns.isEmpty, order == nil {
            keptColumns = sections.map { p in
                var columns = Array(repeating: 0, count: p.count)
                for (c, items) in p.columns.enumerated() { for item in items { columns[item] = c } }
                return columns
            }
        }
    }

    /// Forgets the kept columns when they no longer fit (another column count or item counts, or
    /// a resize mid-movement, which deals in the movement's order), and makes a finished movement's
    /// order theirs: every item keeps its column, the moved one takes the one it was shown in.
    private mutating func updateKeptColumns(_ context: LayoutContext, previous: LayoutContext) {
        guard keepsColumns else { keptColumns = []; return }
        let fits = SectionCounts(keptColumns.map(\.count)) == context.sectionCounts && keptColumnCount == columnCount
        if !fits || (context.interactiveMove != nil && previous.boundsSize.width != context.boundsSize.width) {
            keptColumns = []
        }
        keptColumnCount = columnCount
        guard let done = context.completedMove, previous.interactiveMove == done, context.interactiveMove == nil,
              done.source != done.target, keptColumns.indices.contains(done.source.section) else { return }
        let s = done.source.section
        let movedTo = keptColumns[s][done.target.item]
        var slots = Array(keptColumns[s].enumerated())
        slots.moveKeepingAnchors(from: done.source.item, to: done.target.item) { slot in
            done.isAnchored?(ItemPath(item: slot.offset, section: s)) ?? false
        }
        keptColumns[s] = slots.map(\.element)
        keptColumns[s][done.target.item] = movedTo
    }

    /// The column count the kept columns were dealt for.
    private var keptColumnCount = 0

    /// The column of the item shown at `indexPath`, as of the last ``prepare(_:)``; nil when out of range.
    public func column(ofItemAt indexPath: ItemPath) -> Int? {
        guard let f = attributesForItem(at: indexPath)?.frame else { return nil }
        return column(of: f)
    }

    /// The column of a placed frame (counted from the right in right to left, as placed).
    private func column(of frame: Rect) -> Int {
        let f = context.mirror(contentWidth: context.boundsSize.width).rect(frame)
        return Int(((f.minX - insets.left) / (columnWidth + spacing)).rounded())
    }

    /// The end of movement `done` in the only section, whose placement is an overlay of the one from
    /// before the movement. False when that placement was itself in a movement's order (a resize
    /// mid-movement placed everything): then the caller places everything.
    private mutating func finishMove(_ done: InteractiveMove, placer: Placer) -> Bool {
        guard sections[0].base != nil, sections[0].base?.placedUnder == nil else { return false }
        if done.source == done.target {
            // Cancelled (or dropped where it was): the data order is the one from before.
            sections[0] = sections[0].base!
            return true
        }
        if !isKnownUniquelyReferenced(&sections[0]) { sections[0] = Placement(copying: sections[0]) }
        let overlay = sections[0]
        // From `end` on the items are the ones from before the movement, in the same order.
        let end = max(done.source.item, done.target.item) + 1
        let item = placeUntilColumnsAgree(overlay, from: max(end, overlay.placedEnd), placer: placer)
        sections[0] = splice(overlay, at: item)
        let bottom = (sections[0].heights.max() ?? sections[0].top) - spacing
        contentSize = Size(width: context.boundsSize.width, height: max(bottom, insets.top) + insets.bottom)
        return true
    }

    /// Places the overlay's items up to `item`, then on until every column's height is the one its
    /// base has at the same item, or to the end. Returns the item after the last one placed.
    private func placeUntilColumnsAgree(_ overlay: Placement, from start: Int, placer: Placer) -> Int {
        let base = overlay.base!
        var item = start
        placer.place(overlay, until: .item(item - 1))
        var baseHeights = base.heights(before: item, spacing: spacing)
        while item < overlay.count, overlay.heights != baseHeights {
            placer.place(overlay, until: .item(item))
            let f = base.frames[item]
            baseHeights[column(of: f)] = Placement.below(f, spacing)
            item += 1
        }
        return item
    }

    /// A complete placement: the base's items before `overlay.first` and from `item` on, the
    /// overlay's in between (it has placed exactly those). Works in the base's arrays when nothing
    /// else holds them: O(columns + the overlay's items + a move of each column's tail).
    private func splice(_ overlay: Placement, at item: Int) -> Placement {
        var whole = overlay.base!
        overlay.base = nil
        if !isKnownUniquelyReferenced(&whole) { whole = Placement(copying: whole) }
        let first = overlay.first
        whole.frames.replaceSubrange(first..<item, with: overlay.frames)
        for c in whole.columns.indices {
            let from = overlay.baseColumnEnds[c]
            let to = Search.partition(whole.columns[c].count) { whole.columns[c][$0] >= item }
            whole.columns[c].replaceSubrange(from..<to, with: overlay.columns[c])
        }
        if item == overlay.count { whole.heights = overlay.heights }
        whole.placedUnder = nil
        return whole
    }

    /// Items placed so far across sections (all of them, except during an interactive movement).
    var placedItemCount: Int { sections.reduce(0) { $0 + $1.placedEnd } }

    /// The bottom of a section (the last one may still be placing: then its content height).
    private func bottom(of s: Int) -> Double {
        let p = sections[s]
        if p.count == 0 { return p.top }
        if p.isComplete { return (p.heights.max() ?? p.top) - spacing }
        return contentSize.height - insets.bottom
    }

    public func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
        let p = sections[indexPath.section]
        guard indexPath.item < p.count else { return nil }
        if indexPath.item >= p.placedEnd { placer?.place(p, until: .item(indexPath.item)) }
        return LayoutAttributes(indexPath: indexPath, frame: p.frame(indexPath.item))
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
            if !model.isComplete { placer?.place(model, until: .columnsReach(rect.maxY)) }
            // An overlay's items come after its base's items before `first`, column by column.
            if let base = model.base {
                for (c, column) in base.columns.enumerated() {
                    collect(column[..<model.baseColumnEnds[c]], frames: base.frames, first: 0, section: s, in: rect, into: &result)
                }
            }
            for column in model.columns {
                collect(column[...], frames: model.frames, first: model.first, section: s, in: rect, into: &result)
            }
        }
        return result
    }

    /// The items of one column (top to bottom) meeting `rect`; item `first + k` has `frames[k]`.
    private func collect(_ column: ArraySlice<Int>, frames: [Rect], first: Int, section: Int, in rect: Rect,
                         into result: inout [LayoutAttributes]) {
        var i = column.startIndex + Search.partition(column.count) { frames[column[column.startIndex + $0] - first].maxY > rect.minY }
        while i < column.endIndex {
            let f = frames[column[i] - first]
            if f.minY >= rect.maxY { break }
            if f.intersects(rect) { result.append(LayoutAttributes(indexPath: ItemPath(item: column[i], section: section), frame: f)) }
            i += 1
        }
    }

    /// The item under the position, or else the nearest one around it (in a gap between tiles, or
    /// below a short column), so the pointer always picks a slot near where it is.
    ///
    /// The search is limited to a square one column and gap wide around the position, in the item's
    /// section, so it costs O(columns · log n + k) like a visible-rect query.
    public func targetIndexPath(forMoving indexPath: ItemPath, at position: Point) -> ItemPath? {
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
