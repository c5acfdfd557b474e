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

    /// Every section as prepared, in order.
    public internal(set) var sections: [PreparedSection] = []
    public internal(set) var contentSize: Size = .zero
    /// The viewport size the layout was prepared for.
    public internal(set) var boundsSize: Size = .zero
    public var scrollAxis: Axis { .vertical }
    /// The context of the last `prepare`.
    private(set) var context = LayoutContext(boundsSize: .zero, sectionCounts: [])
    /// Right to left, every place is the mirror of left to right about the width of the view
    /// (sections stack vertically, so content is as wide as the view); a row that scrolls across
    /// starts at its right end (see CompositionalLayout+Queries.swift).
    var mirror: LayoutMirror { LayoutMirror(direction: context.layoutDirection, width: boundsSize.width) }
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
           previous.sectionCounts == context.sectionCounts, sections.count == context.sectionCounts.count,
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
           let before, previous.boundsSize == context.boundsSize, previous.sectionCounts == context.sectionCounts,
           sections.count == context.sectionCounts.count, done.source.section == sections.count - 1,
           finishMove(done, section: done.source.section, before: before, context: context) {
            return
        }
        boundsSize = context.boundsSize
        sections.removeAll(keepingCapacity: true)
        var y = 0.0
        for (s, count) in context.sectionCounts.enumerated() {
            if s > 0 { y += interSectionSpacing }
            let section = sectionProvider(s, LayoutEnvironment(containerSize: boundsSize, itemCount: count))
            let prepared = prepareSection(section, index: s, count: count, top: y, context: context,
                                          isLast: s == context.sectionCounts.count - 1)
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
        let fresh = sectionProvider(s, LayoutEnvironment(containerSize: boundsSize, itemCount: context.sectionCounts[s]))
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
}
