/// A collection view taking part in drag and drop: it holds the items' identifiers per section
/// (the data, which changes first) and is the view's data source, showing the data with the
/// dragged items taken out and a placeholder gap where they would land. Every change reaches the
/// view through `performBatchUpdates`, so items glide to their new places.
///
/// It adopts both `Draggable` and `Droppable`; the scene configures cells, lengths and rules.
/// `ItemID` is the app's own identifier type: every closure and ``identifiers`` carry it, as a
/// diffable snapshot carries its `ItemID`; the drag machinery holds them as `AnyHashable`.
public final class DragDropCollection<ItemID: Hashable>: CollectionDataSource, DropContainer {
    public let view: CollectionView
    public var title: String
    /// The data: item identifiers per section, in display order. A section of generated
    /// identifiers stays a run (see ``ItemList``) until the user changes it.
    public internal(set) var items: [ItemList]
    /// False for a drag-only source (a palette).
    public var acceptsDrops = true
    /// The most items it holds; nil when unlimited.
    public var capacity: Int?
    public var dragOperation: DragOperation = .move
    public var style = DragDropStyle()
    /// Shown centred in the view while it has no items ("drop items here").
    public var emptyText: String?
    /// Configures a dequeued cell for an item.
    public var cellForItem: (CollectionView, ItemPath, ItemID) -> CollectionCell
    /// Draws an item into a rect at the origin, for its snapshot.
    public var drawItem: (ItemID, Rect, inout DrawList) -> Void
    /// An item's length along the layout's scroll axis, for layouts with per-item lengths.
    public var itemLength: (ItemID) -> Double = { _ in 60 } { didSet { remeasure() } }
    /// An item's length for the size it gets across the scroll axis: a card as tall as its
    /// wrapped text at the column's width. Set it instead of `itemLength`, with a layout that
    /// reads ``lengths`` (the default of ``init(name:title:items:layout:cellForItem:drawItem:)``,
    /// or `GridLayout(itemLength: .table(lengths))`): the collection measures every item again
    /// when that size changes, before the layout places them, and the view keeps the first item
    /// in view where it was.
    public var measureItem: ((ItemID, Double) -> Double)? {
        didSet {
            lengths.measure = measureItem == nil ? nil : { [weak self] _ in
                // Until the view has a size, no width it is given is the one its items show at.
                guard let self, !view.frame.isEmpty else { return false }
                displayedLengths = displayed.map(lengths(of:))
                return true
            }
            remeasure()
        }
    }
    /// For a run of integer identifiers (see ``ItemList``): a period `p` such that `itemLength`
    /// gives `n` and `n + p` the same length for every `n` in the run (generated items that show
    /// the same kind of content), so the run's lengths are its first `p` lengths repeated, asked
    /// for once instead of once per item. Nil (the default) asks about every item.
    public var itemLengthPeriod: (Range<Int>) -> Int? = { _ in nil } { didSet { remeasure() } }
    public var drawHeader: ((Int, Rect, inout DrawList) -> Void)?
    public var lockedItem: (ItemID) -> Bool = { _ in false }
    public var copyItem: ((ItemID) -> ItemID)?
    public var describeItem: (ItemID) -> String = { "\($0)" }
    /// The whole name a screen reader reads for an item, when ``describeItem`` shortens it for
    /// the status line (a long card's title); nil, the default, reads ``describeItem``.
    public var accessibilityName: ((ItemID) -> String)?
    /// Whether it takes a drop from another program (text, files); nil refuses every one.
    public var externalDropAcceptance: ((DropPayload) -> DropAcceptance)?
    /// Takes an accepted drop from another program: the app makes items of it at the position
    /// given (data coordinates), through the manager's `insert` so the edit is undoable.
    public var onExternalDrop: ((DropPayload, ItemPath) throws -> Void)?
    /// Until when the refusal outline shows for a refused drop from another program.
    var externalRefusalUntil: Double?
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
    public let lengths: ItemLengths
    var displayedLengths: [SectionLengths] {
        get { lengths.sections }
        set { lengths.sections = newValue }
    }
    var excluded: Set<AnyHashable> = []
    /// Where the gap is, in displayed coordinates (the data without the dragged items).
    public internal(set) var gap: ItemPath?
    /// Where the source's own gap sits while the drag is elsewhere: the first dragged item's slot.
    var homeGap: ItemPath?
    var gapLength = 60.0
    /// True while an accepted drag is over it; `isRefusing` while a refused one is.
    public internal(set) var isDropTarget = false
    public internal(set) var isRefusing = false
    /// A press the drag-and-drop manager did not take pans the view (see DragDropCollection+Component.swift).
    var pan = ScrollPan(tolerance: 4)

    /// A collection showing `items`, whose sections may be runs of generated identifiers: nothing
    /// is made per item.
    public convenience init(view: CollectionView, title: String, items: [ItemList],
                            cellForItem: @escaping (CollectionView, ItemPath, ItemID) -> CollectionCell,
                            drawItem: @escaping (ItemID, Rect, inout DrawList) -> Void) {
        self.init(view: view, lengths: ItemLengths(), title: title, items: items, cellForItem: cellForItem, drawItem: drawItem)
    }

    /// A collection with a view of its own, named `name`, laid out by what `layout` makes of the
    /// collection's ``lengths``: by default one column of items as long as ``itemLength`` or
    /// ``measureItem`` says.
    ///
    /// ```swift
    /// let todo = DragDropCollection<Card.ID>(name: "todo", title: "To do", items: [cards.map(\.id)],
    ///                                        cellForItem: makeCell, drawItem: drawCard)
    /// todo.measureItem = { id, width in 20 + measurer.lines(of: title(id), style: body, width: width - 20).height }
    /// ```
    public convenience init(name: String, title: String, items: [[ItemID]],
                            layout: (ItemLengths) -> any CollectionLayout = { GridLayout(itemsPerLine: 1, itemLength: .table($0)) },
                            cellForItem: @escaping (CollectionView, ItemPath, ItemID) -> CollectionCell,
                            drawItem: @escaping (ItemID, Rect, inout DrawList) -> Void) {
        let lengths = ItemLengths()
        self.init(view: CollectionView(name: name, layout: layout(lengths)), lengths: lengths, title: title,
                  items: Self.listing(items), cellForItem: cellForItem, drawItem: drawItem)
    }

    init(view: CollectionView, lengths: ItemLengths, title: String, items: [ItemList],
         cellForItem: @escaping (CollectionView, ItemPath, ItemID) -> CollectionCell,
         drawItem: @escaping (ItemID, Rect, inout DrawList) -> Void) {
        self.view = view
        self.lengths = lengths
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
    public convenience init(view: CollectionView, title: String, items: [[ItemID]],
                            cellForItem: @escaping (CollectionView, ItemPath, ItemID) -> CollectionCell,
                            drawItem: @escaping (ItemID, Rect, inout DrawList) -> Void) {
        self.init(view: view, title: title, items: Self.listing(items),
                  cellForItem: cellForItem, drawItem: drawItem)
    }

    /// The app's identifiers as the drag machinery holds them, section by section.
    private static func listing(_ items: [[ItemID]]) -> [ItemList] {
        var sections: [[AnyHashable]] = []
        sections.reserveCapacity(items.count)
        for section in items {
            var ids: [AnyHashable] = []
            ids.reserveCapacity(section.count)
            for id in section { ids.append(AnyHashable(id)) }
            sections.append(ids)
        }
        return [ItemList](listing: sections)
    }

    /// The data as the app's identifiers, section by section, without listing runs until read.
    public var identifiers: [LazyMapSequence<ItemList, ItemID>] {
        items.map { $0.lazy.map(typedIdentifier) }
    }

    /// The item under a window point that can be dragged now, as the app's identifier.
    public func itemID(at point: Point) -> ItemID? {
        guard let id = draggableItem(at: point) else { return nil }
        return Self.typed(id)
    }

    /// An identifier the drag-and-drop manager reports (its focus, selection, a change's edits)
    /// as this collection's type; nil when it is of another type.
    public func identifier(_ id: AnyHashable) -> ItemID? { id as? ItemID }

    /// An identifier the drag machinery holds, as the app's type. Every item of the collection is
    /// one of the app's (it made them, or its `copyItem` did); another type is a programming error.
    static func typed(_ id: AnyHashable) -> ItemID { typedIdentifier(id) }

    /// Measures every shown item again (after `itemLength` changed). O(n).
    ///
    /// With ``measureItem`` and a view that has no size yet, nothing is measured now: items
    /// are measured once, when the layout first places them at a real width (an app that sets
    /// `measureItem` before its window is laid out measures each card once, not at a width of
    /// zero first).
    public func remeasure() {
        if measureItem != nil, view.frame.isEmpty {
            lengths.crossLength = nil
            return
        }
        // One gap identifier for the whole pass: making it per item was most of measuring a long list.
        displayedLengths = displayed.map(lengths(of:))
        view.updateLayout { _ in }
    }

    /// The lengths of the elements of `list`: the gap has the dragged item's length; a run with
    /// `itemLengthPeriod` stores its first period's lengths, repeated.
    /// An item's length now: measured for the items' cross size, or from `itemLength`.
    func length(of id: ItemID) -> Double {
        if let measureItem { return measureItem(id, lengths.crossLength ?? view.frame.width) }
        return itemLength(id)
    }

    private func lengths(of list: ItemList) -> SectionLengths {
        // One gap identifier for the whole pass: making it per item was most of measuring a long list.
        let gapID = AnyHashable(DropGapID())
        var parts: [SectionLengths] = []
        for segment in list.segments {
            switch segment {
            case let .run(r):
                if let period = itemLengthPeriod(r), period > 0, r.count > period {
                    let pattern = (r.lowerBound..<(r.lowerBound + period)).map { length(of: Self.typed(AnyHashable($0))) }
                    parts.append(SectionLengths(repeating: pattern, count: r.count))
                } else {
                    parts.append(SectionLengths(r.map { length(of: Self.typed(AnyHashable($0))) }))
                }
            case let .list(ids):
                parts.append(SectionLengths(ids.map { $0 == gapID ? gapLength : length(of: Self.typed($0)) }))
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
        let cell = cellForItem(cv, ip, Self.typed(id))
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
    /// Counts the changes of ``displayed`` (a gap moved, items came or went): an item's displayed
    /// position, which the view's focus follows, may have changed with it.
    private var displayedChanges = 0
    /// `displayedChanges`, the drop target state and the view's focus as the cells were last
    /// told their states: the manager tells the states every frame of a drag, and the cells need
    /// telling only when one of these or the states changed (a cell dequeued meanwhile was told
    /// when it was configured; a focus or selection the view changed itself is put right, as before).
    private var statesShown: (displayed: Int, dropTarget: Bool, focus: ItemPath?, ring: Bool, viewSelection: Set<ItemPath>)?
    /// How many cells ``showStates(selected:focused:showsRing:dragged:)`` told their states, for
    /// tests counting the work of a frame.
    private(set) var cellsMarked = 0

    /// Tells every cell in view (and every cell dequeued later) whether its item is selected,
    /// focused or dragged, and whether this collection is the drop target, as UIKit tells cells
    /// `isSelected`: an app's cell draws its own rings. O(visible cells) when anything changed
    /// since the last call, else nothing to do.
    public func showStates(selected: Set<AnyHashable>, focused: AnyHashable?, showsRing: Bool, dragged: Set<AnyHashable>) {
        if let shown = statesShown, shown.displayed == displayedChanges, shown.dropTarget == isDropTarget,
           shown.focus == view.focusedItem, shown.ring == view.showsFocusRing, shown.viewSelection == view.selectedItems,
           ringShown == showsRing, focusedID == focused, draggedIDs == dragged, selectedIDs == selected {
            return
        }
        defer { statesShown = (displayedChanges, isDropTarget, view.focusedItem, view.showsFocusRing, view.selectedItems) }
        selectedIDs = selected
        focusedID = focused
        ringShown = showsRing
        draggedIDs = dragged
        // The view's own focus follows, for its state dump and assistive technology (which hear
        // of a clicked item's focus too, with or without its ring).
        view.setFocus(focused.flatMap(displayedIndexPath(of:)), showingRing: showsRing)
        for (ip, cell) in view.visibleCells {
            if let id = displayedID(at: ip) { mark(cell, id); cellsMarked += 1 }
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
        let updates = try ItemList.updates(from: displayed, to: new)
        displayed = new
        displayedLengths = new.map(lengths(of:))
        guard !updates.isEmpty else { return }
        displayedChanges &+= 1
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
    func setGap(_ newGap: ItemPath?, animated: Bool = true) {
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

}

/// An identifier the drag machinery holds, as the app's type `T`. Every item of a collection is one
/// of the app's (it made them, or its `copyItem` did); another type is a programming error. (A free
/// function: a closure naming the collection's `Self` would capture its generic metatype.)
func typedIdentifier<T>(_ id: AnyHashable) -> T {
    if let typed = id as? T { return typed }
    preconditionFailure("DragDropCollection<\(T.self)> holds an item of another type: \(id)")
}
