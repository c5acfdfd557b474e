/// UIKit's compositional layout, rebuilt: a layout assembled from items, groups and sections.
///
/// - An *item* has a size and content insets and shows one data item.
/// - A *group* lays subitems (items or nested groups) horizontally or vertically; a group with a
///   repeat count shares its extent equally among that many copies of one subitem.
/// - A *section* repeats one group (or lets a chooser pick among several, see PairedRows.swift)
///   until its items run out, with spacing between groups, content insets, an optional header
///   (pinned while its section scrolls, if asked) and optionally orthogonal scrolling: its groups
///   form one row that scrolls horizontally inside the vertical list.
///
/// Sizes are fractions of the container, absolute, or estimated (measured through `measure`: all
/// in `prepare`, or with `measuresNearTheView` only near the viewport, corrected in O(log n)).
///
/// Cost: `prepare` is O(n) for n items with one call of the group chooser per group; each
/// distinct group is resolved once, so a million items prepare in tens of milliseconds. Queries
/// binary-search the prepared group offsets: `attributesForElements(in:)` is O(log n + k) for k
/// results, `attributesForItem(at:)` is O(log n). During an interactive movement in the last
/// section, `prepare` keeps the groups before the first changed item and the rest form only as
/// far as queries ask, so a drag costs a screenful of groups per change of target, not n. A last
/// section of more than `lazyFormingThreshold` items forms only its first screens in `prepare`
/// and the rest as queries reach them, its height estimated until then.

/// The layout itself: sections stacked vertically, built by `sectionProvider`.
public struct CompositionalLayout: CollectionLayout {
    /// Builds section `index`'s description; called once per section per `prepare`.
    public typealias SectionProvider = (_ index: Int, _ environment: LayoutEnvironment) -> LayoutSection

    /// Builds each section at prepare time (sizes may depend on the container).
    public var sectionProvider: SectionProvider
    /// Space between consecutive sections.
    public var interSectionSpacing: Double
    /// The horizontal scroll offset of an orthogonal section, read at query time (see
    /// `OrthogonalScrolling`); nil keeps every row at its start.
    public var orthogonalOffset: ((Int) -> Double)?
    /// Self-sizing: the height of the item at a data index path for a width, for items whose
    /// height is estimated. Nil keeps the estimates.
    public var measure: ((ItemPath, Double) -> Double?)?
    /// When true, groups of estimated height keep their estimates in `prepare` and are measured
    /// (through `measure`) only when they come near the viewport, as UIKit's estimated sizes are:
    /// a correction costs O(log n) and the view keeps the first group in view where it was (see
    /// ``SelfSizingLayout``). When false (the default) every estimated group is measured in
    /// `prepare`. Vertically stacked sections only; a row that scrolls across, and the section of
    /// an interactive movement while it lasts, measure their groups as they form. Measurements
    /// last until the next full `prepare` (a resize, a data change, a new section description).
    public var measuresNearTheView = false
    /// How many groups outside the viewport (within a screen of it) one settle measures ahead of
    /// scrolling, when ``measuresNearTheView`` is on.
    public var marginBudget = 6

    /// A layout whose sections `sectionProvider` describes.
    public init(interSectionSpacing: Double = 0, sectionProvider: @escaping SectionProvider) {
        self.interSectionSpacing = interSectionSpacing
        self.sectionProvider = sectionProvider
    }

    /// One section's prepared geometry. Group arrays are parallel, indexed by group number.
    public struct PreparedSection {
        /// The section's index and its orthogonal scrolling behaviour.
        public var index: Int
        public var behavior: OrthogonalScrollingBehavior
        /// The whole section in content coordinates, header and insets included.
        public var frame: Rect
        /// The header description and its natural (unpinned) frame.
        public var header: BoundarySupplementaryItem?
        public var headerFrame: Rect?
        /// Where the first group starts (content coordinates; for an orthogonal row, at scroll offset 0).
        public var groupsOrigin: Point
        /// Items in the section, and its content insets.
        public var itemCount: Int
        public var insets: EdgeInsets
        /// The resolved forms of the section's groups, by template index.
        var templates: [ResolvedGroup]
        /// The groups formed so far (all of them, except during an interactive movement).
        var groups: GroupTable
        /// For an orthogonal row: the scrollable width (insets included).
        public var rowContentWidth: Double = 0

        /// True when the section is a row scrolling across the list.
        public var isOrthogonal: Bool { behavior != .none }
        /// How many groups the section has formed: all of them, except during an interactive
        /// movement, when groups past what queries have asked for are formed later.
        public var groupCount: Int { groups.firstItem.count }
        var axis: Axis { isOrthogonal ? .horizontal : .vertical }

        func resolved(_ g: Int) -> ResolvedGroup { groups.measured[g] ?? templates[Int(groups.template[g])] }
        /// The items of a formed group.
        func itemsInGroup(_ g: Int) -> Range<Int> {
            groups.firstItem[g]..<(g + 1 < groups.firstItem.count ? groups.firstItem[g + 1] : min(groups.nextItem, itemCount))
        }
        /// The group holding `item` (formed first if need be): O(log groups).
        func group(ofItem item: Int) -> Int {
            if item >= groups.nextItem { groups.form(coveringItem: item) }
            let firstItem = groups.firstItem
            return Search.partition(firstItem.count) { firstItem[$0] > item } - 1
        }
    }

    /// A section's groups in item order, and what forming more of them needs. A reference, so that
    /// queries can go on forming the groups an interactive movement's `prepare` left unformed;
    /// `prepare` copies it before changing it when a copy of the layout shares it.
    final class GroupTable {
        var firstItem: [Int] = []
        /// Offset of each group from the section's `groupsOrigin` along its stacking axis.
        var offset: [Double] = []
        var template: [Int32] = []
        /// Groups measured one by one (estimated sizes), by group number.
        var measured: [Int: ResolvedGroup] = [:]
        /// With estimates measured near the view: per group, how much its measured extent differs
        /// from its estimate; group `g` starts at `offset[g]` plus the sum of those before it.
        /// Nil when groups are measured as they form.
        var corrections: RowHeightIndex?
        /// True when estimated groups keep their estimates as they form, to be measured later.
        let measuresLater: Bool
        /// The first item not in a formed group, where its group would start, and the largest
        /// cross extent of the groups formed.
        var nextItem = 0
        var nextOffset = 0.0
        var crossExtent = 0.0
        /// For a section formed only as far as queries ask from the start (more than
        /// `lazyFormingThreshold` items): the average extent an item adds along the stacking axis
        /// (spacing included), sampled in `prepare`, from which the height of the groups not
        /// formed yet is estimated. Nil when every group forms in `prepare`.
        var extentPerItem: Double?

        var section: LayoutSection
        /// The context the groups are formed for (its interactive movement maps displayed items to data).
        var context: LayoutContext
        let index: Int, count: Int
        let container: Size
        let axis: Axis
        let templates: [ResolvedGroup]
        let estimated: [Bool]
        let groupItems: [Int]
        let measure: ((ItemPath, Double) -> Double?)?

        init(section: LayoutSection, context: LayoutContext, index: Int, count: Int, container: Size, axis: Axis,
             templates: [ResolvedGroup], measure: ((ItemPath, Double) -> Double?)?, measuresLater: Bool = false) {
            self.section = section; self.context = context; self.index = index; self.count = count
            self.container = container; self.axis = axis; self.templates = templates; self.measure = measure
            self.measuresLater = measuresLater
            estimated = section.groups.map { measure != nil && $0.hasEstimatedSize }
            groupItems = section.groups.map { max(1, $0.itemCount) }
        }

        init(copying o: GroupTable) {
            firstItem = o.firstItem; offset = o.offset; template = o.template; measured = o.measured
            corrections = o.corrections; measuresLater = o.measuresLater
            nextItem = o.nextItem; nextOffset = o.nextOffset; crossExtent = o.crossExtent; extentPerItem = o.extentPerItem
            section = o.section; context = o.context; index = o.index; count = o.count; container = o.container
            axis = o.axis; templates = o.templates; estimated = o.estimated; groupItems = o.groupItems; measure = o.measure
        }

        /// A copy holding only the groups before the one that holds `item`.
        convenience init(copying o: GroupTable, upToGroupOf item: Int) {
            precondition(o.corrections == nil, "corrections are folded into the offsets before a movement")
            self.init(section: o.section, context: o.context, index: o.index, count: o.count, container: o.container,
                      axis: o.axis, templates: o.templates, measure: o.measure)
            let g = item < o.nextItem ? max(0, Search.partition(o.firstItem.count) { o.firstItem[$0] > item } - 1) : o.firstItem.count
            firstItem = Array(o.firstItem[..<g])
            offset = Array(o.offset[..<g])
            template = Array(o.template[..<g])
            measured = o.measured.filter { $0.key < g }
            nextItem = g < o.firstItem.count ? o.firstItem[g] : o.nextItem
            nextOffset = g < o.offset.count ? o.offset[g] : o.nextOffset
            crossExtent = o.crossExtent
            extentPerItem = o.extentPerItem
        }

        /// Appends `other`'s groups from group `k` on (which must start at `nextItem`), moved to
        /// follow the groups formed here, and whatever `other` had left to form.
        func adopt(from other: GroupTable, startingAtGroup k: Int) {
            precondition(other.firstItem[k] == nextItem, "adopted groups must start where these end")
            let shift = nextOffset - other.offset[k]
            let base = firstItem.count
            firstItem.append(contentsOf: other.firstItem[k...])
            offset.reserveCapacity(offset.count + other.offset.count - k)
            for o in other.offset[k...] { offset.append(o + shift) }
            template.append(contentsOf: other.template[k...])
            for (g, r) in other.measured where g >= k { measured[base + g - k] = r }
            nextItem = other.nextItem
            nextOffset = other.nextOffset + shift
            crossExtent = max(crossExtent, other.crossExtent)
        }

        var isComplete: Bool { nextItem >= count }

        /// Where group `g` starts along the stacking axis, from the section's `groupsOrigin`.
        /// O(1), or O(log n) with corrections.
        func offset(of g: Int) -> Double {
            guard let corrections else { return offset[g] }
            return offset[g] + corrections.top(of: g)
        }

        /// True when group `g` still has its estimated size.
        func isEstimate(_ g: Int) -> Bool { estimated[Int(template[g])] && measured[g] == nil }

        /// Starts keeping corrections: every group is formed, none corrected yet.
        func startCorrections() {
            guard measuresLater, corrections == nil, estimated.contains(true) else { return }
            corrections = RowHeightIndex([Double](repeating: 0, count: firstItem.count))
        }

        /// Measures group `g` (estimated, not measured yet); returns how much longer it became
        /// along the stacking axis.
        func measureGroup(_ g: Int) -> Double {
            guard let measure, var corrections else { return 0 }
            let t = Int(template[g]), s = index, context = context
            let first = firstItem[g]
            let resolved = section.groups[t].resolve(in: container) { k, width in
                measure(context.dataIndexPath(forDisplayed: ItemPath(item: first + k, section: s)), width)
            }
            measured[g] = resolved
            let delta = resolved.size[axis] - templates[t].size[axis]
            self.corrections = nil
            corrections.set(g, to: delta)
            self.corrections = corrections
            return delta
        }

        /// Folds the corrections into the offsets (before a movement reorders the groups). O(n).
        func foldCorrections() {
            guard let corrections else { return }
            for g in offset.indices { offset[g] += corrections.top(of: g) }
            nextOffset += corrections.total
            self.corrections = nil
        }

        /// Forms groups in item order, one call of the section's chooser per group, until the
        /// formed groups cover `item` and reach `limit` along the stacking axis (or the items run
        /// out). The defaults form every group.
        func form(coveringItem item: Int = .max, reaching limit: Double = .infinity) {
            guard nextItem < count, nextItem <= item, nextOffset < limit else { return }
            let s = index, context = context, count = count, section = section, container = container
            let templates = templates, estimated = estimated, groupItems = groupItems, measure = measure
            // Estimates stay estimates until the view comes near, except while a movement reorders.
            let measuresNow = !measuresLater || context.interactiveMove != nil
            let dataItem: (Int) -> Int = { context.dataIndexPath(forDisplayed: ItemPath(item: $0, section: s)).item }
            let spacing = section.interGroupSpacing, last = section.groups.count - 1
            let axis = axis, cross: Axis = axis == .horizontal ? .vertical : .horizontal
            // The arrays are taken out while groups are added, so appending never copies them.
            var firstItem = self.firstItem, offset = self.offset, template = self.template
            self.firstItem = []; self.offset = []; self.template = []
            var next = nextItem, nextOffset = nextOffset, crossExtent = crossExtent
            while next < count, next <= item, nextOffset < limit {
                let first = next
                let t = section.chooser.map { min(max(0, $0(first, count, dataItem)), last) } ?? 0
                let g = firstItem.count
                firstItem.append(first)
                offset.append(nextOffset)
                template.append(Int32(t))
                var resolved = templates[t]
                if estimated[t], measuresNow, let measure {
                    resolved = section.groups[t].resolve(in: container) { k, width in
                        measure(context.dataIndexPath(forDisplayed: ItemPath(item: first + k, section: s)), width)
                    }
                    measured[g] = resolved
                }
                next += groupItems[t]
                nextOffset += resolved.size[axis] + spacing
                crossExtent = max(crossExtent, resolved.size[cross])
            }
            self.firstItem = firstItem; self.offset = offset; self.template = template
            self.nextItem = next; self.nextOffset = nextOffset; self.crossExtent = crossExtent
        }

        /// The average extent an item adds along the stacking axis (its group's extent and the
        /// spacing after it, shared among the group's items), from groups formed, without keeping
        /// them, in `windows` stretches spread evenly over the items, `groupsPerWindow` groups
        /// each. A stretch starts at an arbitrary item rather than at a group boundary; over
        /// thousands of groups that makes no measurable difference to the average.
        func sampledExtentPerItem(windows: Int = 64, groupsPerWindow: Int = 256) -> Double {
            let s = index, context = context, count = count, section = section
            let templates = templates, groupItems = groupItems, axis = axis
            let dataItem: (Int) -> Int = { context.dataIndexPath(forDisplayed: ItemPath(item: $0, section: s)).item }
            let spacing = section.interGroupSpacing, last = section.groups.count - 1
            var extent = 0.0, items = 0
            for w in 0..<max(1, windows) {
                var next = count / max(1, windows) * w
                for _ in 0..<groupsPerWindow where next < count {
                    let first = next
                    let t = section.chooser.map { min(max(0, $0(first, count, dataItem)), last) } ?? 0
                    let n = min(groupItems[t], count - first)
                    extent += templates[t].size[axis] + spacing
                    items += n
                    next += n
                }
            }
            return items > 0 ? extent / Double(items) : 0
        }

        /// The section's groups' extent along the stacking axis: exact once every group is
        /// formed; before that, the groups formed plus the estimate for the items left.
        var estimatedUsedExtent: Double {
            if firstItem.isEmpty && count == 0 { return 0 }
            let rest = isComplete ? 0 : Double(count - nextItem) * (extentPerItem ?? 0)
            return max(0, nextOffset + rest - section.interGroupSpacing)
        }

        /// Forgets the group holding `item` and every group after it, so they form again.
        func truncate(fromGroupOf item: Int) {
            guard item < nextItem, !firstItem.isEmpty else { return }
            let g = max(0, Search.partition(firstItem.count) { firstItem[$0] > item } - 1)
            nextItem = firstItem[g]
            nextOffset = offset[g]
            firstItem.removeSubrange(g...)
            offset.removeSubrange(g...)
            template.removeSubrange(g...)
            if !measured.isEmpty { measured = measured.filter { $0.key < g } }
        }
    }

    /// Every section as prepared, in order.
    public private(set) var sections: [PreparedSection] = []
    public private(set) var contentSize: Size = .zero
    /// The viewport size the layout was prepared for.
    public private(set) var boundsSize: Size = .zero
    public var scrollAxis: Axis { .vertical }
    /// The context of the last `prepare`.
    private var context = LayoutContext(boundsSize: .zero, itemCounts: [])
    /// During an interactive movement: the moving section's groups as they were before it, so the
    /// drop can take the unchanged groups after the moved items back instead of forming them again.
    private var groupsBeforeMove: GroupTable?
    /// During an interactive movement, groups left to form for at most this many items are formed
    /// in `prepare` (about a millisecond), so smaller collections keep an exact height.
    public static let eagerFormingLimit = 10_000
    /// A last section with more items than this (stacked vertically, without estimated sizes)
    /// forms in `prepare` only the groups of its first screens; the rest form as queries reach
    /// them, as during an interactive movement. Its height is the groups formed plus an estimate
    /// for the items left (the average extent per item over a sample of groups spread over the
    /// whole section, about a millisecond); `settleSizes` makes it exact once every group has
    /// formed, and grows it should the groups formed outgrow it. A million items or fewer form
    /// every group in `prepare` (about 60 ms for a million) and their height is exact.
    public static let lazyFormingThreshold = 1_000_000

    /// Forms every group of every section (except the groups past the first screens of a last
    /// section of more than `lazyFormingThreshold` items), except during an interactive movement in the last
    /// section (a vertically stacked one): then the groups before the first item the movement
    /// changed are kept, and the rest form only as far as queries ask (a drag near the top of a
    /// million items forms a screenful of groups, not every group after it). A chooser may read
    /// the items of its own group and the items just before and just after it; the group holding
    /// the item before the first changed one is formed again for that reason. When at most
    /// `eagerFormingLimit` items are left to form, they are formed at once and the section's
    /// height is exact; otherwise the section keeps its height from before the movement (the same
    /// items in another order, so it differs by a few rows at most). The section descriptions are
    /// the ones from before the movement.
    public mutating func prepare(_ context: LayoutContext) {
        let previous = self.context
        self.context = context
        if let move = context.interactiveMove, previous.boundsSize == context.boundsSize,
           previous.itemCounts == context.itemCounts, sections.count == context.itemCounts.count,
           move.source.section == sections.count - 1, !sections[move.source.section].isOrthogonal {
            let s = move.source.section
            // Only the slots between the ends of the old and the new movement change order; for
            // the same item moving on, only those between its old and new target.
            var first = min(move.source.item, move.target.item)
            if let old = previous.interactiveMove {
                first = old.source == move.source ? min(old.target.item, move.target.item)
                    : min(first, old.source.item, old.target.item)
            }
            if previous.interactiveMove == nil {
                // The movement starts: its groups are a copy of the ones before the changed items,
                // and the table from before it is kept for the drop.
                sections[s].groups.foldCorrections()
                groupsBeforeMove = sections[s].groups
                sections[s].groups = GroupTable(copying: sections[s].groups, upToGroupOf: max(0, first - 1))
            } else if !isKnownUniquelyReferenced(&sections[s].groups) {
                sections[s].groups = GroupTable(copying: sections[s].groups)
            }
            let groups = sections[s].groups
            groups.truncate(fromGroupOf: max(0, first - 1))
            groups.context = context
            if groups.count - groups.nextItem <= Self.eagerFormingLimit {
                groups.form()
                fitHeight(ofSection: s)
            }
            return
        }
        let before = groupsBeforeMove
        groupsBeforeMove = nil
        if let done = context.completedMove, let movedOn = previous.interactiveMove, movedOn == done,
           let before, previous.boundsSize == context.boundsSize, previous.itemCounts == context.itemCounts,
           sections.count == context.itemCounts.count, done.source.section == sections.count - 1,
           finishMove(done, section: done.source.section, before: before, context: context) {
            return
        }
        boundsSize = context.boundsSize
        sections.removeAll(keepingCapacity: true)
        var y = 0.0
        for (s, count) in context.itemCounts.enumerated() {
            if s > 0 { y += interSectionSpacing }
            let section = sectionProvider(s, LayoutEnvironment(containerSize: boundsSize, itemCount: count))
            let prepared = prepareSection(section, index: s, count: count, top: y, context: context,
                                          isLast: s == context.itemCounts.count - 1)
            sections.append(prepared)
            y = prepared.frame.maxY
        }
        contentSize = Size(width: boundsSize.width, height: max(y, 0))
    }

    /// The section's height from its groups, once every one is formed.
    private mutating func fitHeight(ofSection s: Int) {
        let groups = sections[s].groups
        guard groups.isComplete else { return }
        let used = groups.firstItem.isEmpty ? 0 : groups.nextOffset - groups.section.interGroupSpacing
        let bottom = sections[s].groupsOrigin.y + used + sections[s].insets.bottom
        sections[s].frame.size.height = bottom - sections[s].frame.minY
        contentSize = Size(width: boundsSize.width, height: max(sections[s].frame.maxY, 0))
    }

    /// The drop (or cancel) of a movement in section `s`: the data now reads in the order the
    /// movement showed, so the groups it formed stand. Past the moved items the items are the same
    /// as before the movement; once forming reaches a group boundary there that the groups from
    /// before the movement share (and whose chooser sees no moved item), every later group is
    /// theirs, shifted by the difference in height. Costs the groups between the first changed
    /// item and that boundary, plus one pass adding the shift, instead of forming every group.
    /// False, changing nothing, when the section provider now describes the section differently
    /// (other groups, spacing, insets or header) or sizes are measured: a full prepare follows.
    private mutating func finishMove(_ move: InteractiveMove, section s: Int, before: GroupTable, context: LayoutContext) -> Bool {
        let old = sections[s].groups
        // The provider is asked again, as a full prepare would: its chooser may read the data as it now is.
        let fresh = sectionProvider(s, LayoutEnvironment(containerSize: boundsSize, itemCount: context.itemCounts[s]))
        guard !old.estimated.contains(true), fresh.orthogonalScrolling == .none,
              fresh.interGroupSpacing == old.section.interGroupSpacing, fresh.contentInsets == old.section.contentInsets,
              fresh.header == old.section.header,
              fresh.supplementariesFollowContentInsets == old.section.supplementariesFollowContentInsets,
              fresh.groups.map({ $0.resolve(in: old.container) }) == old.templates else { return false }
        if !isKnownUniquelyReferenced(&sections[s].groups) { sections[s].groups = GroupTable(copying: sections[s].groups) }
        let groups = sections[s].groups
        groups.context = context
        groups.section = fresh
        // A chooser may look one item back: the first group that can match starts two past the last moved item.
        var resume = max(move.source.item, move.target.item) + 2
        while resume < groups.count {
            groups.form(coveringItem: resume - 1)
            resume = groups.nextItem
            guard resume < groups.count, resume < before.nextItem else { break }
            let k = Search.partition(before.firstItem.count) { before.firstItem[$0] > resume } - 1
            if k >= 0, before.firstItem[k] == resume {
                groups.adopt(from: before, startingAtGroup: k)
                break
            }
            resume += 1
        }
        if groups.nextItem < groups.count, groups.count - groups.nextItem <= Self.eagerFormingLimit { groups.form() }
        fitHeight(ofSection: s)
        return true
    }

    /// Groups formed so far across sections (all of them, except during an interactive movement).
    var formedGroupCount: Int { sections.reduce(0) { $0 + $1.groupCount } }

    private func prepareSection(_ section: LayoutSection, index s: Int, count: Int, top: Double,
                                context: LayoutContext, isLast: Bool = false) -> PreparedSection {
        let insets = section.contentInsets
        let container = Size(width: max(0, boundsSize.width - insets.left - insets.right), height: boundsSize.height)
        var headerFrame: Rect? = nil
        var y = top
        if let h = section.header {
            let height = h.height.resolve(in: container)
            headerFrame = section.supplementariesFollowContentInsets
                ? Rect(x: insets.left, y: y, width: container.width, height: height)
                : Rect(x: 0, y: y, width: boundsSize.width, height: height)
            y += height
        }
        y += insets.top
        let templates = section.groups.map { $0.resolve(in: container) }
        let axis: Axis = section.orthogonalScrolling != .none ? .horizontal : .vertical
        let table = GroupTable(section: section, context: context, index: s, count: count, container: container, axis: axis,
                               templates: templates, measure: measure,
                               measuresLater: measuresNearTheView && axis == .vertical && context.interactiveMove == nil)
        // A view without a frame yet (a data source applied before the window is laid out) shows
        // nothing: its groups form when first asked for, and the prepare for the real size forms
        // them once, instead of every group being formed twice.
        if context.boundsSize != .zero, isLast, count > Self.lazyFormingThreshold, axis == .vertical,
           context.interactiveMove == nil, !table.estimated.contains(true) {
            // Only the first screens now; the rest as queries reach them (see `lazyFormingThreshold`).
            table.form(reaching: 2 * context.boundsSize.height)
            if !table.isComplete { table.extentPerItem = table.sampledExtentPerItem() }
        } else if context.boundsSize != .zero {
            // Most groups hold one or two items; reserve for the common case.
            let capacity = count / max(1, table.groupItems.min() ?? 1) + 1
            table.firstItem.reserveCapacity(capacity)
            table.offset.reserveCapacity(capacity)
            table.template.reserveCapacity(capacity)
            table.form()
            table.startCorrections()
        }
        var p = PreparedSection(index: s, behavior: section.orthogonalScrolling, frame: .zero, header: section.header,
                                headerFrame: headerFrame, groupsOrigin: Point(x: insets.left, y: y), itemCount: count,
                                insets: insets, templates: templates, groups: table)
        let used = table.extentPerItem != nil ? table.estimatedUsedExtent
            : table.firstItem.isEmpty ? 0 : table.nextOffset - section.interGroupSpacing
        let bodyHeight = p.isOrthogonal ? table.crossExtent : used
        p.rowContentWidth = p.isOrthogonal ? insets.left + used + insets.right : boundsSize.width
        let bottom = y + bodyHeight + insets.bottom
        p.frame = Rect(x: 0, y: top, width: boundsSize.width, height: bottom - top)
        return p
    }

    // MARK: Queries

    /// The horizontal scroll offset of section `s` now (0 unless it scrolls orthogonally).
    public func rowOffset(_ s: Int) -> Double {
        guard sections.indices.contains(s), sections[s].isOrthogonal else { return 0 }
        return orthogonalOffset?(s) ?? 0
    }

    /// The origin of group `g` of section `sec`, scroll offset applied.
    private func origin(ofGroup g: Int, in sec: PreparedSection) -> Point {
        if sec.isOrthogonal {
            return Point(x: sec.groupsOrigin.x + sec.groups.offset(of: g) - rowOffset(sec.index), y: sec.groupsOrigin.y)
        }
        return Point(x: sec.groupsOrigin.x, y: sec.groupsOrigin.y + sec.groups.offset(of: g))
    }

    public func attributesForItem(at ip: ItemPath) -> LayoutAttributes? {
        guard sections.indices.contains(ip.section) else { return nil }
        let sec = sections[ip.section]
        guard ip.item >= 0, ip.item < sec.itemCount else { return nil }
        let g = sec.group(ofItem: ip.item)
        let frames = sec.resolved(g).itemFrames
        let k = ip.item - sec.groups.firstItem[g]
        guard k < frames.count else { return nil }
        return LayoutAttributes(indexPath: ip, frame: frames[k].offset(by: origin(ofGroup: g, in: sec)))
    }

    /// The header of section `s` at its natural (unpinned) place.
    public func headerAttributes(section s: Int) -> LayoutAttributes? {
        guard sections.indices.contains(s), let h = sections[s].header, let f = sections[s].headerFrame else { return nil }
        var a = LayoutAttributes(indexPath: ItemPath(item: 0, section: s), kind: .supplementary(h.kind), frame: f)
        a.zIndex = h.pinToVisibleBounds ? 100 : 0
        return a
    }

    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        // Sections are stacked: binary search the first one that reaches into the rect.
        var s = Search.partition(sections.count) { sections[$0].frame.maxY > rect.minY }
        while s < sections.count, sections[s].frame.minY < rect.maxY {
            let sec = sections[s]
            if let h = headerAttributes(section: s), sec.header?.pinToVisibleBounds == true || h.frame.intersects(rect) {
                result.append(h)
            }
            appendItems(of: sec, in: rect, to: &result)
            s += 1
        }
        return result
    }

    /// Items of one section meeting `rect`: binary search for the first group that reaches the
    /// rect along the stacking axis, then walk groups until they start past it.
    private func appendItems(of sec: PreparedSection, in rect: Rect, to result: inout [LayoutAttributes]) {
        let axis = sec.axis
        let shift = sec.isOrthogonal ? rowOffset(sec.index) : 0
        let lo = rect[minOf: axis] - sec.groupsOrigin[axis] + shift
        let hi = rect[maxOf: axis] - sec.groupsOrigin[axis] + shift
        // Groups not formed yet (during an interactive movement) all start at or past `nextOffset`.
        sec.groups.form(reaching: hi)
        guard sec.groupCount > 0 else { return }
        let groups = sec.groups
        var g = Search.partition(groups.offset.count) { groups.offset(of: $0) + sec.resolved($0).size[axis] > lo }
        while g < groups.offset.count, groups.offset(of: g) < hi {
            let origin = origin(ofGroup: g, in: sec)
            let frames = sec.resolved(g).itemFrames
            for (k, item) in sec.itemsInGroup(g).enumerated() where k < frames.count {
                let f = frames[k].offset(by: origin)
                if f.intersects(rect) { result.append(LayoutAttributes(indexPath: ItemPath(item: item, section: sec.index), frame: f)) }
            }
            g += 1
        }
    }

    /// Pins headers that ask for it: at the top of the visible bounds while their section is in
    /// view, pushed up by the section's end so two headers never overlap.
    public func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect) {
        guard case .supplementary = attributes.kind, sections.indices.contains(attributes.indexPath.section) else { return }
        let sec = sections[attributes.indexPath.section]
        guard sec.header?.pinToVisibleBounds == true, let natural = sec.headerFrame else { return }
        attributes.frame.origin.y = Self.pinnedHeaderY(natural: natural, sectionMaxY: sec.frame.maxY, visibleMinY: visibleBounds.minY)
    }

    /// Where a pinned header of natural frame `natural` sits for a viewport starting at `visibleMinY`.
    public static func pinnedHeaderY(natural: Rect, sectionMaxY: Double, visibleMinY: Double) -> Double {
        max(natural.minY, min(visibleMinY, sectionMaxY - natural.height))
    }

    // MARK: Orthogonal rows

    /// The group of orthogonal section `s` that rests nearest `offset`, and where groups rest.
    public func restingOffset(section s: Int, group g: Int) -> Double {
        let sec = sections[s]
        let maxOffset = max(0, sec.rowContentWidth - boundsSize.width)
        guard sec.groupCount > 0 else { return 0 }
        let i = min(max(0, g), sec.groupCount - 1)
        let start = sec.groupsOrigin.x + sec.groups.offset(of: i)
        let width = sec.resolved(i).size.width
        let raw: Double
        switch sec.behavior {
        case .groupPagingCentered: raw = start + width / 2 - boundsSize.width / 2
        case .paging: raw = Double(i) * boundsSize.width
        default: raw = start - sec.insets.left
        }
        return min(max(0, raw), maxOffset)
    }

    /// How many resting places orthogonal section `s` has (groups, or viewport-wide pages).
    public func restingPlaceCount(section s: Int) -> Int {
        let sec = sections[s]
        if sec.behavior == .paging {
            return max(1, Int((sec.rowContentWidth / max(1, boundsSize.width)).rounded(.up)))
        }
        return sec.groupCount
    }

    /// The resting place nearest `offset` (binary search; resting offsets only grow).
    public func nearestRestingPlace(section s: Int, toOffset offset: Double) -> Int {
        let n = restingPlaceCount(section: s)
        guard n > 0 else { return 0 }
        let after = Search.partition(n) { restingOffset(section: s, group: $0) >= offset }
        var best = min(after, n - 1)
        if after > 0, abs(restingOffset(section: s, group: after - 1) - offset) <= abs(restingOffset(section: s, group: best) - offset) {
            best = after - 1
        }
        return best
    }

    /// Where a released orthogonal row comes to rest, by its behaviour: continuous keeps the
    /// proposal; paging behaviours use the carousel's rule (one place per flick).
    public func orthogonalTargetOffset(section s: Int, proposed: Double, velocity: Double, decision: ScrollDecision,
                                       flickVelocity: Double = 300) -> Double {
        guard sections.indices.contains(s), sections[s].isOrthogonal, sections[s].behavior != .continuous else { return proposed }
        let place = PagingDecision.targetPage(
            count: restingPlaceCount(section: s), proposed: proposed, velocity: velocity,
            startOffset: decision.startOffset.x, currentOffset: decision.currentOffset.x, isWheel: decision.isWheel,
            flickVelocity: flickVelocity, restingOffset: { restingOffset(section: s, group: $0) },
            nearestPage: { nearestRestingPlace(section: s, toOffset: $0) })
        return restingOffset(section: s, group: place)
    }

    /// The section whose band (groups, not header) contains the content point, if it scrolls orthogonally.
    public func orthogonalSection(at p: Point) -> Int? {
        sections.first { sec in
            sec.isOrthogonal && p.y >= sec.groupsOrigin.y && p.y < sec.frame.maxY - sec.insets.bottom
        }?.index
    }
}

// MARK: Estimates measured near the view

extension CompositionalLayout: SelfSizingLayout {
    /// With ``measuresNearTheView``: measures the estimated groups meeting `visible`, then up to
    /// ``marginBudget`` within `margin` of it (below first), and moves the later groups and
    /// sections by each correction. Returns how far the first group starting in view moved (or the
    /// content's end, when `anchoredAtEnd`), for the view to follow. O(log n) a correction plus
    /// O(sections) to move the sections after it.
    public mutating func settleSizes(around visible: Rect, margin: Double, anchoredAtEnd: Bool) -> Double {
        if let last = sections.indices.last, sections[last].groups.extentPerItem != nil {
            let fit = fitEstimatedHeight(ofSection: last, toShow: visible)
            if fit.delta != 0, anchoredAtEnd || fit.atEnd, !sections.contains(where: { $0.groups.corrections != nil }) {
                return fit.delta
            }
        }
        guard sections.contains(where: { $0.groups.corrections != nil }) else { return 0 }
        let anchor = anchoredAtEnd ? nil : firstGroupStarting(atOrBelow: visible.minY)
        func anchorY() -> Double {
            guard let anchor else { return contentSize.height }
            return sections[anchor.section].groupsOrigin.y + sections[anchor.section].groups.offset(of: anchor.group)
        }
        let before = anchorY()
        // Measuring moves the view with the anchor, which can bring estimated groups into it.
        for _ in 0..<4 {
            let shifted = visible.offsetBy(dx: 0, dy: anchorY() - before)
            guard measureGroups(in: shifted.minY..<shifted.maxY, budget: .max) > 0 else { break }
        }
        let shifted = visible.offsetBy(dx: 0, dy: anchorY() - before)
        let budget = marginBudget - measureGroups(in: shifted.maxY..<(shifted.maxY + margin), budget: marginBudget)
        if budget > 0 { _ = measureGroups(in: (shifted.minY - margin)..<shifted.minY, budget: budget, nearestLast: true) }
        return anchorY() - before
    }

    /// A section formed as queries reach it (see `lazyFormingThreshold`): once every group has
    /// formed, its height becomes exact; before that, it grows when the groups formed reach past
    /// the estimate. Returns how much the section grew, and whether the view was at its end
    /// (it reached the estimated end, or lies past the real one), so that it keeps to the end:
    /// a jump to the end (the End key's spring crosses a million points a frame) lands on the
    /// real end, not where the estimate put it. O(1), plus forming the groups down to the
    /// bottom of `visible` that the view's query would form (all of them when `visible` reaches
    /// the estimated end).
    private mutating func fitEstimatedHeight(ofSection s: Int, toShow visible: Rect) -> (delta: Double, atEnd: Bool) {
        let groups = sections[s].groups
        guard groups.extentPerItem != nil, groups.context.interactiveMove == nil else { return (0, false) }
        let origin = sections[s].groupsOrigin.y
        let current = sections[s].frame.maxY - sections[s].insets.bottom - origin
        // The groups the view is about to ask for; when it reaches the estimated end, all of
        // them, so that the end shown is the real one (the items past an estimate too short
        // would otherwise stay out of reach).
        let reach = visible.maxY - origin
        groups.form(reaching: reach >= current ? .infinity : reach)
        let formed = groups.firstItem.isEmpty ? 0 : groups.nextOffset - groups.section.interGroupSpacing
        let wanted: Double
        if groups.isComplete {
            wanted = formed
        } else if formed > current {
            wanted = groups.estimatedUsedExtent
        } else {
            return (0, false)
        }
        let delta = wanted - current
        guard delta != 0 else { return (0, false) }
        correct(section: s, by: delta)
        return (delta, reach >= current || visible.maxY - origin > wanted)
    }

    /// The first group of a vertically stacked section that starts at or below `y`.
    private func firstGroupStarting(atOrBelow y: Double) -> (section: Int, group: Int)? {
        var s = Search.partition(sections.count) { sections[$0].frame.maxY > y }
        while s < sections.count {
            let sec = sections[s]
            if !sec.isOrthogonal, sec.groupCount > 0 {
                let groups = sec.groups
                let g = Search.partition(groups.offset.count) { sec.groupsOrigin.y + groups.offset(of: $0) >= y }
                if g < groups.offset.count { return (s, g) }
            }
            s += 1
        }
        return nil
    }

    /// Measures up to `budget` estimated groups meeting the content band `band` (from its far end
    /// when `nearestLast`, for a band above the view); returns how many it measured.
    private mutating func measureGroups(in band: Range<Double>, budget: Int, nearestLast: Bool = false) -> Int {
        var found: [(section: Int, group: Int)] = []
        var s = Search.partition(sections.count) { sections[$0].frame.maxY > band.lowerBound }
        while s < sections.count, sections[s].frame.minY < band.upperBound {
            let sec = sections[s], groups = sec.groups
            if groups.corrections != nil {
                let lo = band.lowerBound - sec.groupsOrigin.y, hi = band.upperBound - sec.groupsOrigin.y
                var g = Search.partition(groups.offset.count) { groups.offset(of: $0) + sec.resolved($0).size.height > lo }
                while g < groups.offset.count, groups.offset(of: g) < hi {
                    if groups.isEstimate(g) { found.append((s, g)) }
                    g += 1
                }
            }
            s += 1
        }
        if nearestLast { found.reverse() }
        let chosen = found.prefix(budget)
        // From the last up, so that measuring one does not move the ones still to measure.
        for (s, g) in chosen.reversed() { correct(section: s, by: sections[s].groups.measureGroup(g)) }
        return chosen.count
    }

    /// Section `s` grew by `delta` (a group in it was measured): it and the sections after it move.
    private mutating func correct(section s: Int, by delta: Double) {
        guard delta != 0 else { return }
        sections[s].frame.size.height += delta
        for later in (s + 1)..<sections.count {
            sections[later].frame.origin.y += delta
            sections[later].groupsOrigin.y += delta
            sections[later].headerFrame?.origin.y += delta
        }
        contentSize.height += delta
    }
}
