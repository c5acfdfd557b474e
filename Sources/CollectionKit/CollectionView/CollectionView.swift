/// A scroll view whose items come from a data source, are placed by a layout and drawn by reused
/// cells. Only visible cells exist; they are kept in `visibleCells`.
///
/// The view is driven from outside: pass input to ``physics`` (``CollectionInteraction`` does this),
/// call ``update(now:)`` once a frame and then ``draw(into:)``. Each frame costs one
/// ``CollectionLayout/attributesForElements(in:)`` query for the visible rect plus O(k log k) for
/// the k elements in view, whatever the number of items: cells are created only for what comes into
/// view and recycled when it leaves. Items can be reordered with the pointer through the interactive
/// movement API, starting at ``beginInteractiveMovementForItem(at:)``.
///
/// ```swift
/// final class NumberCell: CollectionCell {
///     var number = 0
///     override func draw(in frame: Rect, into list: inout DrawList) {
///         list.fill(frame, isSelected ? Color(hex: 0x3478F6) : Color(hex: 0x2B2D31), radius: 8)
///         list.text("\(number)", in: frame, size: 20, color: .white, alignment: .center)
///     }
/// }
///
/// final class Numbers: CollectionDataSource {
///     var items = Array(1...1000)
///     func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
///     func collectionView(_ cv: CollectionView, identifierForItemAt indexPath: ItemPath) -> AnyHashable {
///         items[indexPath.item]
///     }
///     func collectionView(_ cv: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionCell {
///         let cell = cv.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
///         cell.number = items[indexPath.item]
///         return cell
///     }
/// }
///
/// let numbers = Numbers()
/// let grid = CollectionView(name: "numbers", layout: GridLayout(minimumCrossSize: 100))
/// grid.register(reuseIdentifier: "number") { NumberCell(reuseIdentifier: $0) }
/// grid.dataSource = numbers                      // held weakly
/// grid.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
/// grid.reloadData()
///
/// // Every frame:
/// grid.update(now: now)
/// var list = DrawList()
/// grid.draw(into: &list)
///
/// // Change the data first, then tell the view; items glide to their new places.
/// numbers.items.remove(at: 3)
/// numbers.items.insert(0, at: 0)
/// try grid.performBatchUpdates([.delete([ItemPath(item: 3)]), .insert([ItemPath(item: 0)])])
/// ```
public final class CollectionView {
    /// A name for error messages and the state dump.
    public var name: String
    /// The viewport in window points.
    public internal(set) var frame: Rect = .zero
    /// The layout that places the items. Replace it with ``setLayout(_:)`` or change its parameters
    /// with ``updateLayout(_:)``.
    public internal(set) var layout: any CollectionLayout
    /// Where items and cells come from. Held weakly, so keep it alive; call ``reloadData()`` after
    /// setting it.
    public weak var dataSource: (any CollectionDataSource)?
    /// The scroll state: pass input to it and read the position through ``contentOffset``. The view
    /// keeps its sizes in step with the layout and the viewport, and its axes with the layout's scroll
    /// axis.
    public var physics = ScrollPhysics()
    /// Told which items are about to appear, from the scroll velocity (see ``Prefetching``).
    public weak var prefetchDataSource: (any CollectionPrefetchingDataSource)?
    /// How far ahead items are prefetched, and which are now.
    public var prefetching = Prefetching()
    /// When set, filled across the viewport behind the items.
    public var backgroundColor: Color? = nil
    /// Shown centred in the viewport while the collection has no items; nil shows nothing.
    public var emptyMessage: String? = TextDomain.collectionKit("No items")
    /// The colour of `emptyMessage`.
    public var emptyMessageColor = Color(hex: 0x9AA1B0)

    /// Items per section as the view knows them: the data source's counts as of the last
    /// ``reloadData()`` or ``performBatchUpdates(_:animated:previousIndexPath:identifiersKnownUnique:)``.
    /// As an array, or a rule when the data source gives one (``CollectionDataSource/sectionCounts(in:)``).
    public internal(set) var sectionCounts: SectionCounts = [] { didSet { totalItemCount = sectionCounts.total } }
    /// `sectionCounts` as an array: made anew, O(sections), each time it is asked for when the
    /// data source gives a rule. Read ``sectionCounts`` instead (it reads the same).
    public var itemCounts: [Int] { sectionCounts.array }
    /// The sum of `sectionCounts`, kept with them: asked every frame (a calendar has thousands of
    /// sections).
    private(set) var totalItemCount = 0
    private var factories: [String: (String) -> CollectionCell] = [:]
    private var reusePool: [String: [CollectionCell]] = [:]
    /// The live cells by displayed index path: the items in view, retained items and a moving item.
    public internal(set) var visibleCells: [ItemPath: CollectionCell] = [:]
    /// The elements in view, finalized for the current bounds, sorted by z-order.
    public private(set) var visibleAttributes: [LayoutAttributes] = []
    /// Identifiers of the visible items as of the last refresh: an update needs the identity of
    /// what was on screen after the data source has already changed.
    var visibleIdentifiers: [ItemPath: AnyHashable] = [:]
    /// Items whose cells must stay alive and configured even out of view (a dragged item).
    public internal(set) var retainedItems: Set<ItemPath> = []
    /// Items drawn as a gap: their cells exist but are not drawn.
    public var hiddenItems: Set<ItemPath> = []
    /// Items drawn as a gap wherever they are, by identifier: hiding follows an item through
    /// moves and cell reuse (a dragged or landing item).
    public var hiddenIdentifiers: Set<AnyHashable> = []
    /// The interactive movement in progress (see CollectionView+InteractiveMovement.swift): while it lasts the
    /// view shows the items in the order it implies and the data source keeps its own order.
    public internal(set) var interactiveMove: InteractiveMove?
    /// The selected items. Selection follows items through batch updates and interactive moves.
    public internal(set) var selectedItems: Set<ItemPath> = []
    /// When false, ``selectItem(_:)`` deselects the other items first.
    public var allowsMultipleSelection = false
    /// Where a Shift+click range starts: the item last clicked or Ctrl+clicked (see CollectionView+Selection.swift).
    public internal(set) var selectionAnchor: ItemPath?
    /// The item keyboard commands act on (see CollectionView+Focus.swift). It follows its item
    /// through batch updates and interactive moves, as the selection does.
    public internal(set) var focusedItem: ItemPath?
    /// Whether the focused item shows its ring: only after the keyboard was used, not after a
    /// click (as browsers' `:focus-visible`). Cells see `isFocused` only while it is true.
    public internal(set) var showsFocusRing = false
    /// The overlay scroll bars' state (see CollectionView+ScrollBars.swift).
    var scrollBars = ScrollBars()
    /// Whether the view has overlay scroll bars that draw and take presses (default true). A view
    /// that shows its position otherwise (a carousel's page dots) turns them off.
    public var showsScrollBars = true
    /// Per-item feedback drawn over the layout: hover, a press growing toward a lift, a refusal shake
    /// (see CollectionView+Feedback.swift).
    public internal(set) var feedback = ItemFeedback()
    /// The pointer and rule of the last `updateHover` with a pointer: hover is checked again every
    /// frame, so it follows content that scrolls or animates under a still pointer.
    var hoverTracking: (pointer: Point, reacts: (ItemPath) -> Bool)?
    /// Frames animating to their layout positions after an update, by item identifier.
    var frameAnimations: [AnyHashable: RectAnimation] = [:]
    /// Inserted items fading in, by identifier, with their start time; deleted items fading out
    /// (see CollectionView+UpdateTransitions.swift).
    var appearingItems: [AnyHashable: Double] = [:]
    var vanishingItems: [VanishingItem] = []
    /// The most cell objects alive at once so far (in use and pooled), for statistics.
    public private(set) var peakLiveCells = 0
    /// The time of the last `update(now:)`, for calls that take no time of their own.
    public private(set) var now: Double = 0
    /// The direction items run in, handed to the layout (see ``LayoutDirection``); right to left
    /// mirrors the layout, and horizontal content starts at its right end. Changing it keeps what
    /// is in view, mirrored (see CollectionView+LayoutDirection.swift).
    public var layoutDirection: LayoutDirection = .leftToRight {
        didSet { if layoutDirection != oldValue { layoutDirectionChanged() } }
    }

    /// Creates an empty view with a zero frame. Then register cells, set the data source and the
    /// frame, and call ``reloadData()``.
    public init(name: String, layout: any CollectionLayout) {
        self.name = name
        self.layout = layout
        physics.axes = [layout.scrollAxis]
    }

    // MARK: Cells

    /// Registers how to make cells for `reuseIdentifier`. The closure receives the identifier and runs
    /// only when the pool has no spare cell; registering again replaces the factory.
    public func register(reuseIdentifier: String, _ make: @escaping (String) -> CollectionCell) {
        factories[reuseIdentifier] = make
    }

    /// A pooled cell for `reuseIdentifier`, or a new one. Data sources call this from `cellForItemAt`.
    ///
    /// Stops the program when no factory is registered for `id`. O(1).
    public func dequeueReusableCell(withReuseIdentifier id: String, for indexPath: ItemPath) -> CollectionCell {
        let cell: CollectionCell
        if var pool = reusePool[id], let reused = pool.popLast() {
            reusePool[id] = pool
            reused.prepareForReuse()
            cell = reused
        } else {
            guard let make = factories[id] else { preconditionFailure("no cell registered for reuse identifier '\(id)'") }
            cell = make(id)
        }
        cell.indexPath = indexPath
        cell.isSelected = selectedItems.contains(indexPath)
        cell.isFocused = showsFocusRing && focusedItem == indexPath
        cell.isHovered = feedback.hovered == indexPath
        return cell
    }

    /// Cell objects alive now: on screen, retained, and pooled.
    public var liveCellCount: Int { visibleCells.count + reusePool.values.reduce(0) { $0 + $1.count } }

    /// The live cell for the item displayed at `indexPath`, or nil when it has none (it is out of view).
    public func cellForItem(at indexPath: ItemPath) -> CollectionCell? { visibleCells[indexPath] }

    func recycle(_ cell: CollectionCell) {
        cell.indexPath = nil
        var pool = reusePool[cell.reuseIdentifier, default: []]
        // A pool larger than a screenful only holds memory.
        if pool.count < max(8, visibleCells.count) { pool.append(cell) }
        reusePool[cell.reuseIdentifier] = pool
    }

    // MARK: Per frame

    /// Advances scrolling and animations to `now` and brings the visible cells up to date.
    ///
    /// Call it once a frame before ``draw(into:)``. It costs one
    /// ``CollectionLayout/attributesForElements(in:)`` query plus O(k log k) for the k elements in view.
    /// The data source is asked for cells only for items coming into view, and for the identifiers of
    /// the visible items.
    public func update(now: Double) {
        self.now = now
        physics.update(now: now)
        updateScrollBars(now: now)
        updateFeedback(now: now)
        frameAnimations = frameAnimations.filter { !$0.value.isFinished(at: now) }
        pruneTransitions(now: now)
        refreshVisible(reconfigureAll: false)
        updatePrefetching(now: now)
        recheckHover()
    }

    /// Keeps `indexPath`'s cell alive and configured while it is out of view.
    ///
    /// Retained index paths follow their items through batch updates and interactive moves.
    public func retainItem(_ indexPath: ItemPath) { retainedItems.insert(indexPath); refreshVisible(reconfigureAll: false) }
    /// Lets a retained item's cell go when it is out of view.
    public func releaseItem(_ indexPath: ItemPath) { retainedItems.remove(indexPath); refreshVisible(reconfigureAll: false) }

    func refreshVisible(reconfigureAll: Bool) {
        guard let ds = dataSource, !frame.isEmpty else {
            for (_, c) in visibleCells { recycle(c) }
            visibleCells.removeAll(); visibleAttributes.removeAll(); visibleIdentifiers.removeAll()
            return
        }
        settleSelfSizing()
        let visible = bounds
        var attrs = layout.attributesForElements(in: visible)
        for i in attrs.indices { layout.finalize(&attrs[i], visibleBounds: visible) }
        attrs.sort { ($0.zIndex, $0.indexPath) < ($1.zIndex, $1.indexPath) }
        visibleAttributes = attrs
        var wanted = Set(attrs.lazy.filter { $0.kind == .cell && !$0.isHidden }.map(\.indexPath))
        wanted.formUnion(retainedItems)
        // The moving item's cell lives as long as the movement, in view or not.
        if let move = interactiveMove { wanted.insert(move.target) }
        if reconfigureAll {
            for (_, c) in visibleCells { recycle(c) }
            visibleCells.removeAll()
        } else {
            for (ip, c) in visibleCells where !wanted.contains(ip) {
                recycle(c)
                visibleCells[ip] = nil
            }
        }
        visibleIdentifiers.removeAll(keepingCapacity: true)
        for ip in wanted.sorted() {
            // The data source may have changed ahead of an update the view has not been told of.
            guard sectionCounts.indices.contains(ip.section), ip.item < sectionCounts[ip.section],
                  ip.item < ds.collectionView(self, numberOfItemsInSection: ip.section) else { continue }
            if visibleCells[ip] == nil {
                let cell = ds.collectionView(self, cellForItemAt: dataIndexPath(forDisplayed: ip))
                cell.indexPath = ip
                visibleCells[ip] = cell
            }
            visibleIdentifiers[ip] = ds.collectionView(self, identifierForItemAt: dataIndexPath(forDisplayed: ip))
        }
        peakLiveCells = max(peakLiveCells, liveCellCount)
    }

    /// Lets a self-sizing layout measure the items around the viewport, then moves the content
    /// by how far the first item in view (or the end, when the view rests there) moved.
    private func settleSelfSizing() {
        guard var sizing = layout as? any SelfSizingLayout else { return }
        let axis = layout.scrollAxis
        let oldEnd = physics.maxOffset[axis]
        let atEnd = physics.offset[axis] >= oldEnd - 0.5 && oldEnd > 0
        let shift = sizing.settleSizes(around: bounds, margin: frame.size[axis], anchoredAtEnd: atEnd)
        layout = sizing
        physics.contentSize = layout.contentSize
        let endDelta = physics.maxOffset[axis] - oldEnd
        guard shift != 0 || endDelta != 0 else { return }
        physics.shiftContent(by: shift, along: axis, oldEnd: oldEnd, endDelta: endDelta)
    }

    /// The frame an element is drawn at now: its layout frame, or where its update animation has got to.
    func presentedFrame(for a: LayoutAttributes, id: AnyHashable?) -> Rect {
        if let id, let anim = frameAnimations[id] { return anim.value(at: now) }
        return a.frame
    }

    /// True while items are still gliding, fading in or fading out after an update or an interactive move.
    public var isAnimatingUpdates: Bool { !frameAnimations.isEmpty || isAnimatingTransitions }

    /// When the view next changes without input: `now` while it scrolls or items glide after an
    /// update, the end of a wheel burst's quiet delay, or nil at rest (see
    /// `InteractiveRoot.nextDeadline(after:)`). O(1).
    public func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(physics.nextDeadline(after: now), isAnimatingUpdates ? now : nil,
                          scrollBars.nextDeadline(after: now), feedback.nextDeadline(after: now))
    }
}
