/// The identifier of the placeholder gap a collection shows where dragged items would land.
public struct DropGapID: Hashable, Sendable {
    public init() {}
}

/// Colours of the drag-and-drop decorations the engine draws (gap, empty placeholder, outlines,
/// the lifted stack and its count badge). A collection's ``DragDropCollection/style`` colours
/// its gap and outlines; the manager's ``DragDropManager/style`` the stack, badge and refusal.
public struct DragDropStyle: Sendable {
    public var gapFill = Color(hex: 0x262A33)
    public var gapStroke = Color(hex: 0x4C8DFF).withAlpha(0.7)
    public var placeholderText = Color(hex: 0x9AA1B0)
    public var placeholderStroke = Color(hex: 0x3D4350)
    public var accepting = Color(hex: 0x4C8DFF)
    public var refusing = Color(hex: 0xE5534B)
    /// The items under the top one of a lifted stack, drawn as plain cards behind it.
    public var stackFill = Color(hex: 0x3A4050)
    public var stackStroke = Color(hex: 0x5A6070)
    public var stackShadow = Color.black.withAlpha(0.4)
    /// The count badge on a stack of several items.
    public var badgeFill = Color(hex: 0x4C8DFF)
    public var badgeText = Color.white
    public init() {}
}

/// The lengths of a collection's shown elements along its scroll axis, for a layout with
/// per-item lengths to read on every reflow: capture this object (not the collection) in the
/// layout's closure, so a 100,000-item reflow is array reads, not calls into the collection.
/// A run of generated items stores one period of lengths (see ``SectionLengths``).
public final class ItemLengths {
    /// Each section's lengths.
    public internal(set) var sections: [SectionLengths] = []
    /// Each section's lengths, listed one by one: O(n).
    public var values: [[Double]] { sections.map(Array.init) }
    /// The length of the element at `ip`; `fallback` past the end.
    public func length(at ip: ItemPath, fallback: Double = 60) -> Double {
        guard ip.section < sections.count, ip.item < sections[ip.section].count else { return fallback }
        return sections[ip.section][ip.item]
    }
}

/// The gap's cell: an empty slot with an outline.
final class DropGapCell: CollectionCell {
    var style = DragDropStyle()
    override func draw(in frame: Rect, into list: inout DrawList) {
        let r = frame.insetBy(dx: 2, dy: 2)
        let radius = min(10, r.width / 8, r.height / 3)
        list.fill(r, style.gapFill, radius: radius)
        list.stroke(r, style.gapStroke, width: 2, radius: radius)
    }
}

/// A collection view taking part in drag and drop: it holds the items' identifiers per section
/// (the data, which changes first) and is the view's data source, showing the data with the
/// dragged items taken out and a placeholder gap where they would land. Every change reaches the
/// view through `performBatchUpdates`, so items glide to their new places.
///
/// It adopts both `Draggable` and `Droppable`; the scene configures cells, lengths and rules.
public final class DragDropCollection: CollectionDataSource, DropContainer {
    public let view: CollectionView
    public var title: String
    /// The data: item identifiers per section, in display order. A section of generated
    /// identifiers stays a run (see ``ItemList``) until the user changes it.
    public private(set) var items: [ItemList]
    /// False for a drag-only source (a palette).
    public var acceptsDrops = true
    /// The most items it holds; nil when unlimited.
    public var capacity: Int?
    public var dragOperation: DragOperation = .move
    public var style = DragDropStyle()
    /// Shown centred in the view while it has no items ("drop items here").
    public var emptyText: String?
    /// Configures a dequeued cell for an item.
    public var cellForItem: (CollectionView, ItemPath, AnyHashable) -> CollectionCell
    /// Draws an item into a rect at the origin, for its snapshot.
    public var drawItem: (AnyHashable, Rect, inout DrawList) -> Void
    /// An item's length along the layout's scroll axis, for layouts with per-item lengths.
    public var itemLength: (AnyHashable) -> Double = { _ in 60 } { didSet { remeasure() } }
    /// For a run of integer identifiers (see ``ItemList``): a period `p` such that `itemLength`
    /// gives `n` and `n + p` the same length for every `n` in the run (generated items that show
    /// the same kind of content), so the run's lengths are its first `p` lengths repeated, asked
    /// for once instead of once per item. Nil (the default) asks about every item.
    public var itemLengthPeriod: (Range<Int>) -> Int? = { _ in nil } { didSet { remeasure() } }
    public var drawHeader: ((Int, Rect, inout DrawList) -> Void)?
    public var lockedItem: (AnyHashable) -> Bool = { _ in false }
    public var copyItem: ((AnyHashable) -> AnyHashable)?
    public var describeItem: (AnyHashable) -> String = { "\($0.base)" }
    /// Checks a change of the data before it is made; throwing refuses it (nothing changes).
    public var validateChange: (([ItemList], [ItemList]) throws -> Void)?
    /// Up to this many items, a proposed gap position is checked against a reflowed copy of the
    /// layout (O(n) per proposal): the stable target rule. Larger collections take proposals as
    /// they come, which for lists and uniform grids is the same.
    public var exactReflowLimit = 20_000

    /// What the view shows: the data without the dragged items, with the gap if one is open.
    public private(set) var displayed: [ItemList]
    /// The lengths of what is shown, parallel to `displayed`, so a layout with per-item lengths
    /// reads an array instead of asking about each item on every reflow.
    public let lengths = ItemLengths()
    private var displayedLengths: [SectionLengths] {
        get { lengths.sections }
        set { lengths.sections = newValue }
    }
    private var excluded: Set<AnyHashable> = []
    /// Where the gap is, in displayed coordinates (the data without the dragged items).
    public private(set) var gap: ItemPath?
    /// Where the source's own gap sits while the drag is elsewhere: the first dragged item's slot.
    private var homeGap: ItemPath?
    private var gapLength = 60.0
    /// True while an accepted drag is over it; `isRefusing` while a refused one is.
    public private(set) var isDropTarget = false
    public private(set) var isRefusing = false
    /// A press the drag-and-drop manager did not take pans the view (see DragDropCollection+Component.swift).
    var pan = ScrollPan(tolerance: 4)

    /// A collection showing `items`, whose sections may be runs of generated identifiers: nothing
    /// is made per item.
    public init(view: CollectionView, title: String, items: [ItemList],
                cellForItem: @escaping (CollectionView, ItemPath, AnyHashable) -> CollectionCell,
                drawItem: @escaping (AnyHashable, Rect, inout DrawList) -> Void) {
        self.view = view
        self.title = title
        self.items = items
        self.displayed = items
        self.cellForItem = cellForItem
        self.drawItem = drawItem
        view.register(reuseIdentifier: "dragdrop.gap") { DropGapCell(reuseIdentifier: $0) }
        // The adapter draws its own empty state (`emptyText` in a drop outline); the view's
        // generic message would stand on top of it.
        view.emptyMessage = nil
        view.dataSource = self
        displayedLengths = items.map { SectionLengths(repeating: [60], count: $0.count) }
        view.reloadData()
    }

    /// A collection showing `items`, listed one by one.
    public convenience init(view: CollectionView, title: String, items: [[AnyHashable]],
                            cellForItem: @escaping (CollectionView, ItemPath, AnyHashable) -> CollectionCell,
                            drawItem: @escaping (AnyHashable, Rect, inout DrawList) -> Void) {
        self.init(view: view, title: title, items: [ItemList](listing: items), cellForItem: cellForItem, drawItem: drawItem)
    }

    /// Measures every shown item again (after `itemLength` changed). O(n).
    public func remeasure() {
        // One gap identifier for the whole pass: making it per item was most of measuring a long list.
        displayedLengths = displayed.map(lengths(of:))
        view.updateLayout { _ in }
    }

    /// The lengths of the elements of `list`: the gap has the dragged item's length; a run with
    /// `itemLengthPeriod` stores its first period's lengths, repeated.
    private func lengths(of list: ItemList) -> SectionLengths {
        // One gap identifier for the whole pass: making it per item was most of measuring a long list.
        let gapID = AnyHashable(DropGapID())
        var parts: [SectionLengths] = []
        for segment in list.segments {
            switch segment {
            case let .run(r):
                if let period = itemLengthPeriod(r), period > 0, r.count > period {
                    let pattern = (r.lowerBound..<(r.lowerBound + period)).map { itemLength(AnyHashable($0)) }
                    parts.append(SectionLengths(repeating: pattern, count: r.count))
                } else {
                    parts.append(SectionLengths(r.map { itemLength(AnyHashable($0)) }))
                }
            case let .list(ids):
                parts.append(SectionLengths(ids.map { $0 == gapID ? gapLength : itemLength($0) }))
            }
        }
        return SectionLengths(joining: parts)
    }

    public var name: String { view.name }
    public var dragName: String { view.name }
    public var dropName: String { view.name }
    public var dropTitle: String { title }
    public var dragFrame: Rect { view.frame }
    public var dropFrame: Rect { view.frame }
    public var sectionCounts: [Int] { items.map(\.count) }

    // MARK: Data source

    public func numberOfSections(in cv: CollectionView) -> Int { displayed.count }
    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { displayed[section].count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { displayed[ip.section][ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let id = displayed[ip.section][ip.item]
        if id == AnyHashable(DropGapID()) {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "dragdrop.gap", for: ip) as! DropGapCell
            cell.style = style
            return cell
        }
        let cell = cellForItem(cv, ip, id)
        mark(cell, id)
        return cell
    }
    public func collectionView(_ cv: CollectionView, drawSupplementary kind: String, at ip: ItemPath,
                               in frame: Rect, into list: inout DrawList) {
        drawHeader?(ip.section, frame, &list)
    }

    /// The length of the element shown at `ip` (the gap has the dragged item's length). Layouts
    /// with per-item lengths call this.
    public func length(at ip: ItemPath) -> Double {
        guard displayedLengths.indices.contains(ip.section), displayedLengths[ip.section].indices.contains(ip.item) else {
            return gapLength
        }
        return displayedLengths[ip.section][ip.item]
    }

    /// The identifier shown at `ip`: an item's, or `DropGapID` for the gap.
    public func displayedID(at ip: ItemPath) -> AnyHashable? {
        guard displayed.indices.contains(ip.section), displayed[ip.section].indices.contains(ip.item) else { return nil }
        return displayed[ip.section][ip.item]
    }

    // MARK: Cell states

    private var selectedIDs: Set<AnyHashable> = []
    private var focusedID: AnyHashable?
    private var ringShown = false
    private var draggedIDs: Set<AnyHashable> = []

    /// Tells every cell in view (and every cell dequeued later) whether its item is selected,
    /// focused or dragged, and whether this collection is the drop target, as UIKit tells cells
    /// `isSelected`: an app's cell draws its own rings. O(visible cells).
    public func showStates(selected: Set<AnyHashable>, focused: AnyHashable?, showsRing: Bool, dragged: Set<AnyHashable>) {
        selectedIDs = selected
        focusedID = focused
        ringShown = showsRing
        draggedIDs = dragged
        // The view's own focus follows, for its state dump and assistive technology (which hear
        // of a clicked item's focus too, with or without its ring).
        view.setFocus(focused.flatMap(displayedIndexPath(of:)), showingRing: showsRing)
        for (ip, cell) in view.visibleCells {
            if let id = displayedID(at: ip) { mark(cell, id) }
        }
    }

    private func mark(_ cell: CollectionCell, _ id: AnyHashable) {
        cell.isSelected = selectedIDs.contains(id)
        cell.isFocused = ringShown && focusedID == id
        cell.isDragged = draggedIDs.contains(id)
        cell.isDropTarget = isDropTarget
    }

    // MARK: Changing the data

    /// Replaces the data (data first), then brings the view there through a validated batch
    /// update. A refused change (the validator throws) leaves data and view as they were.
    public func setItems(_ newItems: [ItemList], animated: Bool = true) throws {
        guard newItems.count == items.count else {
            throw CollectionUpdateError(message: "\(name): \(newItems.count) sections given, the collection has \(items.count)")
        }
        try validateChange?(items, newItems)
        items = newItems
        try resync(animated: animated)
    }

    /// Replaces the data with identifiers listed one by one.
    public func setItems(_ newItems: [[AnyHashable]], animated: Bool = true) throws {
        try setItems([ItemList](listing: newItems), animated: animated)
    }

    /// Recomputes what the view shows and applies the difference as one batch update.
    func resync(animated: Bool) throws {
        let new = computeDisplayed()
        let updates = try DragDropCollection.updates(from: displayed, to: new)
        displayed = new
        displayedLengths = new.map(lengths(of:))
        guard !updates.isEmpty else { return }
        do {
            // Identifiers must stay unique: checked here run by run (see `ItemOwners`), so the
            // view need not look up every identifier of a section of millions.
            var owners = ItemOwners()
            for (s, list) in new.enumerated() {
                if let twice = owners.add(list, owner: "\(s)") {
                    throw CollectionUpdateError(message: "\(name): identifier \(twice.id.base) occurs twice")
                }
            }
            try view.performBatchUpdates(updates, animated: animated, identifiersKnownUnique: true)
        } catch {
            // The view refused; show the data as it stands rather than a view out of step.
            view.reloadData()
            throw error
        }
    }

    /// Moves the gap (opens it from nil, closes it to nil) when nothing else changes: O(1)
    /// updates and array shifts, no scan of the items, so dragging over 100,000 items stays fast.
    /// Not `animated` (under auto-scroll), the items jump to their places and any glide still
    /// running ends, so none is drawn over the gap.
    private func setGap(_ newGap: ItemPath?, animated: Bool = true) {
        guard newGap != gap else { return }
        var updates: [CollectionUpdate] = []
        if let old = gap, displayed.indices.contains(old.section), displayed[old.section].indices.contains(old.item) {
            displayed[old.section].remove(at: old.item)
            displayedLengths[old.section].remove(at: old.item)
            updates.append(.delete([old]))
        }
        var placed: ItemPath?
        if let g = newGap, displayed.indices.contains(g.section) {
            let at = ItemPath(item: min(max(0, g.item), displayed[g.section].count), section: g.section)
            displayed[at.section].insert(AnyHashable(DropGapID()), at: at.item)
            displayedLengths[at.section].insert(gapLength, at: at.item)
            updates.append(.insert([at]))
            placed = at
        }
        gap = placed
        guard !updates.isEmpty else { return }
        do {
            try view.performBatchUpdates(updates, animated: animated, identifiersKnownUnique: true)
            if !animated { view.endUpdateAnimations() }
        } catch {
            view.reloadData()
        }
    }

    private func computeDisplayed() -> [ItemList] {
        var result = excluded.isEmpty ? items : items.map { $0.removingAll(excluded) }
        if let g = gap, result.indices.contains(g.section) {
            result[g.section].insert(AnyHashable(DropGapID()), at: min(g.item, result[g.section].count))
        }
        return result
    }

    /// The updates that turn `old` into `new`: the engine's diff (`Diffing`, Heckel's) over the
    /// part of each section that changed (the equal head and tail of a section need no update,
    /// so a drop into 100,000 items hashes only the items around it). The changed parts of all
    /// sections are diffed together, so an item keeps its identity (and glides) even when it
    /// changes section. Throws when an identifier occurs twice among the changed items.
    /// O(n) comparisons (runs of the same identifiers compare whole), plus hashing of the changed parts.
    public static func updates(from old: [[AnyHashable]], to new: [[AnyHashable]]) throws -> [CollectionUpdate] {
        try updates(from: [ItemList](listing: old), to: [ItemList](listing: new))
    }

    /// The same for sections stored as ``ItemList``s, whose runs compare whole.
    public static func updates(from old: [ItemList], to new: [ItemList]) throws -> [CollectionUpdate] {
        var oldIDs: [AnyHashable] = [], newIDs: [AnyHashable] = []
        var oldPaths: [ItemPath] = [], newPaths: [ItemPath] = []
        for s in 0..<max(old.count, new.count) {
            let a = s < old.count ? old[s] : [], b = s < new.count ? new[s] : []
            let (head, tail) = ItemList.commonEnds(a, b)
            for i in head..<(a.count - tail) { oldIDs.append(a[i]); oldPaths.append(ItemPath(item: i, section: s)) }
            for i in head..<(b.count - tail) { newIDs.append(b[i]); newPaths.append(ItemPath(item: i, section: s)) }
        }
        let diff = try Diffing.diff(old: oldIDs, new: newIDs)
        var updates: [CollectionUpdate] = []
        if !diff.deletes.isEmpty { updates.append(.delete(diff.deletes.map { oldPaths[$0] })) }
        if !diff.inserts.isEmpty { updates.append(.insert(diff.inserts.map { newPaths[$0] })) }
        // The diff of the joined parts does not see an item that changes section at the same
        // joined index (the last of one section becoming the first of the next): the view must.
        let moved = Set(diff.moves.map(\.to))
        for (i, j) in diff.oldIndexForNew.enumerated() {
            guard let j, moved.contains(i) || oldPaths[j].section != newPaths[i].section else { continue }
            updates.append(.move(oldPaths[j], newPaths[i]))
        }
        return updates
    }

    // MARK: Draggable

    public func draggableItem(at point: Point) -> AnyHashable? {
        guard let ip = view.indexPathForItem(atWindowPoint: point), let id = displayedID(at: ip),
              id != AnyHashable(DropGapID()) else { return nil }
        return id
    }

    public func indexPath(of id: AnyHashable) -> ItemPath? {
        for (s, section) in items.enumerated() {
            if let i = section.firstIndex(of: id) { return ItemPath(item: i, section: s) }
        }
        return nil
    }

    /// Where the item is shown (O(visible), or O(n) when it is out of view).
    public func displayedIndexPath(of id: AnyHashable) -> ItemPath? {
        for a in view.visibleAttributes where a.kind == .cell {
            if displayedID(at: a.indexPath) == id { return a.indexPath }
        }
        for (s, section) in displayed.enumerated() {
            if let i = section.firstIndex(of: id) { return ItemPath(item: i, section: s) }
        }
        return nil
    }

    public func windowFrame(of id: AnyHashable) -> Rect? {
        guard let ip = displayedIndexPath(of: id), let f = view.presentedFrameForItem(at: ip) else { return nil }
        return view.windowRect(fromContent: f)
    }

    /// The gap's frame as drawn now, in window points.
    public var gapWindowFrame: Rect? {
        guard let g = gap, let f = view.presentedFrameForItem(at: g) else { return nil }
        return view.windowRect(fromContent: f)
    }

    public func snapshot(of id: AnyHashable, key: String) -> TextureRecording? {
        guard let frame = windowFrame(of: id) else { return nil }
        return snapshot(of: id, key: key, size: frame.size)
    }

    /// The item drawn once at `size` (a keyboard drag shows it at the size of the gap it is over).
    public func snapshot(of id: AnyHashable, key: String, size: Size) -> TextureRecording? {
        var scratch = DrawList()
        scratch.recordTexture(key: key, size: size) { list in
            drawItem(id, Rect(origin: .zero, size: size), &list)
        }
        return scratch.textures.last
    }

    public func dragDidBegin(_ ids: [AnyHashable], now: Double) {
        guard let first = ids.first, let origin = indexPath(of: first) else { return }
        excluded = Set(ids)
        // The home slot counts the items before it that stay (found by position, not by a scan).
        let section = items[origin.section]
        let before = origin.item - excluded.filter { (section.firstIndex(of: $0) ?? .max) < origin.item }.count
        homeGap = ItemPath(item: before, section: origin.section)
        gap = homeGap
        gapLength = itemLength(first)
        try? resync(animated: true)
    }

    public func isLocked(_ id: AnyHashable) -> Bool { lockedItem(id) }
    public func makeCopy(of id: AnyHashable) -> AnyHashable { copyItem?(id) ?? id }
    public func describe(_ id: AnyHashable) -> String { describeItem(id) }

    // MARK: Droppable

    public func acceptance(of drag: DropContext) -> DropAcceptance {
        acceptsDrops ? .accept : .refuse(drag.strings.takesNoDrops(title))
    }

    public func dragEntered(_ drag: DropContext, accepted: Bool, now: Double) {
        isDropTarget = accepted
        isRefusing = !accepted
        guard accepted else { return }
        if let first = drag.items.first, gap == nil { gapLength = itemLength(first.id) }
        _ = dragMoved(drag, now: now)
    }

    public func dragMoved(_ drag: DropContext, now: Double) -> ItemPath? {
        guard isDropTarget else { return nil }
        setGap(proposedGap(at: view.contentPoint(fromWindow: drag.snapshotFrame.center)), animated: !drag.isAutoScrolling)
        return gap
    }

    public func dragExited(now: Double) {
        let wasTarget = isDropTarget
        isDropTarget = false
        isRefusing = false
        guard wasTarget else { return }
        // The source keeps its own gap until the drop; any other collection closes it.
        setGap(homeGap)
    }

    /// Moves the gap (keyboard drags): clamps to the section's range.
    public func moveGap(to ip: ItemPath) {
        guard isDropTarget, displayed.indices.contains(ip.section) else { return }
        let countWithoutGap = displayed[ip.section].count - (gap?.section == ip.section ? 1 : 0)
        setGap(ItemPath(item: min(max(0, ip.item), countWithoutGap), section: ip.section))
    }

    /// The drag is over: forget the dragged items and the gap, then set `newItems` if given (data
    /// first), and bring the view there in one batch update.
    public func endDrag(newItems: [ItemList]?) throws {
        excluded = []
        gap = nil
        homeGap = nil
        isDropTarget = false
        isRefusing = false
        if let newItems { items = newItems }
        try resync(animated: true)
    }

    /// The gap position a drag centred at `c` (content coordinates) asks for. Over the gap, or
    /// nowhere better, it stays. Over another slot, the gap moves there only if, once the layout
    /// has reflowed, the gap would be closer to `c` than it is now: the stable target rule that
    /// keeps variable-size layouts from flipping between two slots, while any slot whose reflowed
    /// frame contains the pointer is always taken.
    func proposedGap(at c: Point) -> ItemPath {
        let layout = view.layout
        let reach = 400.0
        let probe = Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)
        let cells = layout.attributesForElements(in: probe).filter { $0.kind == .cell }
        func distance(_ f: Rect) -> Double {
            let dx = max(f.minX - c.x, 0, c.x - f.maxX), dy = max(f.minY - c.y, 0, c.y - f.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        let hit = cells.first { $0.frame.contains(c) }
            ?? cells.min { (distance($0.frame), $0.indexPath) < (distance($1.frame), $1.indexPath) }
        guard let gap else {
            // Entering: before the item under the pointer, or after it past its middle.
            guard let hit else { return endPosition(near: c) }
            var ip = hit.indexPath
            let next = layout.attributesForItem(at: ItemPath(item: ip.item + 1, section: ip.section))?.frame
            let axis = layout.scrollAxis
            let sameLine = next.map { $0[minOf: axis] < hit.frame[maxOf: axis] && $0[maxOf: axis] > hit.frame[minOf: axis] } ?? false
            let flow: Axis = sameLine ? (axis == .vertical ? .horizontal : .vertical) : axis
            if c[flow] > hit.frame.center[flow] { ip.item += 1 }
            return ip
        }
        guard let hit, hit.indexPath != gap else { return gap }
        let proposal = hit.indexPath
        // The reflow is a full prepare of a copy of the layout; past `exactReflowLimit` items the
        // proposal is taken as it is (the gap still holds while the pointer is inside it).
        guard proposal.section == gap.section, displayedLengths.reduce(0, { $0 + $1.count }) <= exactReflowLimit,
              let now = layout.attributesForItem(at: gap)?.frame else {
            return proposal
        }
        // Where the reflow leaves the slot as it is (uniform grids), the proposal stands.
        if reflowedGapFrame(moving: gap, to: proposal) == hit.frame { return proposal }
        return StableTarget.choose(current: gap, currentFrame: now, proposal: proposal, position: c,
                                   count: displayed[gap.section].count, isAllowed: { _ in true },
                                   frameAfter: { reflowedGapFrame(moving: gap, to: $0) })
    }

    /// Where the gap would be drawn if it moved from `from` to `to`, after the layout reflows.
    private func reflowedGapFrame(moving from: ItemPath, to: ItemPath) -> Rect? {
        // Only lengths matter to a layout: move the gap's length, not the identifiers.
        var hypothetical = displayedLengths
        let length = hypothetical[from.section].remove(at: from.item)
        hypothetical[to.section].insert(length, at: min(to.item, hypothetical[to.section].count))
        let saved = displayedLengths
        displayedLengths = hypothetical
        defer { displayedLengths = saved }
        var probe = view.layout
        probe.prepare(LayoutContext(boundsSize: view.frame.size, itemCounts: hypothetical.map(\.count)))
        return probe.attributesForItem(at: to)?.frame
    }

    /// With nothing near the pointer: the end of the section whose header is above it, else the
    /// end of the last section.
    private func endPosition(near c: Point) -> ItemPath {
        // Only elements near the pointer: nothing was found within the first probe, so this one
        // reaches a screenful further, never the whole content.
        let reach = 2_000.0
        let near = Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)
        let headers = view.layout.attributesForElements(in: near)
            .filter { $0.kind != .cell && $0.frame[minOf: view.layout.scrollAxis] <= c[view.layout.scrollAxis] }
        let section = headers.map(\.indexPath.section).max() ?? max(0, displayed.count - 1)
        return ItemPath(item: displayed.indices.contains(section) ? displayed[section].count : 0, section: section)
    }

    // MARK: Scrolling during a drag

    public func autoScroll(_ scroller: inout AutoScroller, pointer: Point, now: Double) {
        view.autoScroll(with: &scroller, pointer: pointer, now: now)
    }

    public func scrollByWheel(dx: Double, dy: Double, now: Double) { view.physics.wheel(dx: dx, dy: dy, now: now) }
}
