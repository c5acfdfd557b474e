/// A reusable cell. Subclasses draw themselves; the collection view configures them through the
/// data source when they come into view and recycles them when they leave.
///
/// Subclass it, override ``draw(in:into:)``, register the subclass with
/// ``CollectionView/register(reuseIdentifier:_:)`` and configure it in the data source's
/// `collectionView(_:cellForItemAt:)`. See ``CollectionView`` for a complete example.
open class CollectionCell {
    /// The identifier the cell was registered and is pooled under.
    public let reuseIdentifier: String
    /// The item this cell shows now; nil while it waits in the reuse pool.
    public internal(set) var indexPath: ItemPath?
    /// Whether the item is selected; the view keeps it in step with ``CollectionView/selectedItems``.
    /// Draw it.
    public internal(set) var isSelected = false
    /// Free for the owner to set (while the item is pressed, say) and for the cell to draw; cleared
    /// on reuse.
    public var isHighlighted = false
    /// The pointer is over this cell and the cell reacts to it (see `CollectionView.updateHover`).
    public internal(set) var isHovered = false
    /// The item has the keyboard focus (for drag and drop, the item Space would pick up). Draw a
    /// focus ring. `DragDropCollection` keeps it in step with its manager; an owner with a focus
    /// of its own sets it. Cleared on reuse.
    public var isFocused = false
    /// The item's collection is the accepting target of the drag over it now.
    public internal(set) var isDropTarget = false
    /// The item is part of the drag in flight. A moved item is taken out of view meanwhile, so a
    /// cell sees this while a copying source (a palette) keeps the original shown.
    public internal(set) var isDragged = false

    /// Creates a cell. The view calls the factory given to ``CollectionView/register(reuseIdentifier:_:)``
    /// when its pool has no spare cell.
    public required init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

    /// Called before the cell is handed out again: clear anything the previous item set.
    open func prepareForReuse() {
        isHighlighted = false; isSelected = false; isHovered = false
        isFocused = false; isDropTarget = false; isDragged = false
    }

    /// Draws the cell into `frame` (content coordinates; the collection view has set up the transform).
    open func draw(in frame: Rect, into list: inout DrawList) {}

    /// Draws the cell faded to `alpha`. The default fades each command on its own, so overlapping
    /// layers show through one another; a cell made of stacked layers may override this to fade as
    /// one piece.
    open func draw(in frame: Rect, alpha: Double, into list: inout DrawList) {
        list.withOpacity(alpha) { list in draw(in: frame, into: &list) }
    }
}

/// Answers the collection view's questions about the data. Updates go to the data source first,
/// then to the view (`performBatchUpdates`).
///
/// Only the item count, identifiers and cells are required; sections default to one, supplementary
/// elements draw nothing and items cannot move.
public protocol CollectionDataSource: AnyObject {
    /// The number of sections. The default is 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A stable identifier for the item: it follows the item through moves.
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: ItemPath) -> AnyHashable
    /// Dequeue a cell (`dequeueReusableCell`) and configure it for the item.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionCell
    /// Draws a supplementary element (a header) into `frame`.
    func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at indexPath: ItemPath,
                        in frame: Rect, into list: inout DrawList)
    /// Whether the item at a data index path may be moved interactively. Items that cannot move also
    /// keep their places while others move around them. The default is false.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool
    /// The data source moves its item; called once when an interactive move ends. Items that cannot
    /// move keep their indices and the others shift around them (`Array.moveKeepingAnchors`).
    func collectionView(_ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath)
}

extension CollectionDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// Draws nothing.
    public func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at indexPath: ItemPath,
                               in frame: Rect, into list: inout DrawList) {}
    /// No item can move.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool { false }
    /// Does nothing; implement it together with `canMoveItemAt`.
    public func collectionView(_ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {}
}

/// A change already made in the data source, which the view now applies.
///
/// Deletes, reloads and the source of a move name index paths before the update; inserts and the
/// destination of a move name index paths after it. Deletes apply before inserts.
public enum CollectionUpdate: Equatable, Sendable {
    /// Items that were inserted, at their index paths after the update.
    case insert([ItemPath])
    /// Items that were deleted, at their index paths before the update.
    case delete([ItemPath])
    /// An item that moved from an index path before the update to one after it. It keeps its
    /// identity, so it glides to its new place.
    case move(ItemPath, ItemPath)
    /// Items changed in place, at their index paths before the update. Every visible cell is
    /// configured afresh after a batch, so a reload only has to name valid items.
    case reload([ItemPath])
}

/// Why an update was refused. The view is left exactly as it was.
public struct CollectionUpdateError: Error, Equatable, CustomStringConvertible {
    /// What did not add up, with the view's name and the numbers involved.
    public var message: String
    /// The message.
    public var description: String { message }
}

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
    public private(set) var frame: Rect = .zero
    /// The layout that places the items. Replace it with ``setLayout(_:)`` or change its parameters
    /// with ``updateLayout(_:)``.
    public private(set) var layout: any CollectionLayout
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
    public var emptyMessage: String? = "No items"
    /// The colour of `emptyMessage`.
    public var emptyMessageColor = Color(hex: 0x9AA1B0)

    /// Items per section as the view knows them: the data source's counts as of the last
    /// ``reloadData()`` or ``performBatchUpdates(_:animated:previousIndexPath:identifiersKnownUnique:)``.
    public private(set) var itemCounts: [Int] = []
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
    /// The interactive movement in progress (see InteractiveMovement.swift): while it lasts the
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
    /// The overlay scroll bars' state (see ScrollBars.swift).
    public internal(set) var scrollBars = ScrollBars()
    /// Per-item feedback drawn over the layout: hover, a press growing toward a lift, a refusal shake
    /// (see CollectionView+Feedback.swift).
    public internal(set) var feedback = ItemFeedback()
    /// The pointer and rule of the last `updateHover` with a pointer: hover is checked again every
    /// frame, so it follows content that scrolls or animates under a still pointer.
    var hoverTracking: (pointer: Point, reacts: (ItemPath) -> Bool)?
    /// Frames animating to their layout positions after an update, by item identifier.
    var frameAnimations: [AnyHashable: RectAnimation] = [:]
    /// Inserted items fading in, by identifier, with their start time; deleted items fading out
    /// (see UpdateTransitions.swift).
    var appearingItems: [AnyHashable: Double] = [:]
    var vanishingItems: [VanishingItem] = []
    /// The most cell objects alive at once so far (in use and pooled), for statistics.
    public private(set) var peakLiveCells = 0
    /// The time of the last `update(now:)`, for calls that take no time of their own.
    public private(set) var now: Double = 0

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

    // MARK: Geometry

    /// The content point at the viewport's top-left corner.
    public var contentOffset: Point { physics.offset }
    /// The size of all content, as the layout computed it.
    public var contentSize: Size { layout.contentSize }
    /// The visible part of the content, in content coordinates: the content offset and the viewport size.
    public var bounds: Rect { Rect(origin: physics.offset, size: frame.size) }

    /// Converts a window point to content coordinates.
    ///
    /// Use it to hand pointer positions to layouts and to the interactive movement API.
    public func contentPoint(fromWindow p: Point) -> Point { p - frame.origin + physics.offset }
    /// Converts a content point to window coordinates.
    public func windowPoint(fromContent p: Point) -> Point { p + frame.origin - physics.offset }
    /// Converts a content rect to window coordinates.
    public func windowRect(fromContent r: Rect) -> Rect { r.offset(by: frame.origin - physics.offset) }

    /// Moves or resizes the viewport. The layout reflows and the first visible item stays in place.
    ///
    /// Moving without resizing only changes the frame. Resizing prepares the layout again (see its
    /// ``CollectionLayout/prepare(_:)`` for the cost) and keeps the first visible item at the same place
    /// in the viewport.
    public func setFrame(_ newFrame: Rect) {
        let resized = newFrame.size != frame.size
        let anchor = resized ? visibleAttributes.filter { $0.kind == .cell }.min { $0.indexPath < $1.indexPath } : nil
        let anchorDelta = anchor.map { $0.frame.origin - physics.offset }
        frame = newFrame
        guard resized else { return }
        prepareLayout()
        if let anchor, let delta = anchorDelta, let f = layout.attributesForItem(at: anchor.indexPath)?.frame {
            var target = physics.offset
            target[layout.scrollAxis] = (f.origin - delta)[layout.scrollAxis]
            physics.jump(to: target)
        } else {
            physics.jump(to: physics.offset)
        }
        refreshVisible(reconfigureAll: false)
        retargetFrameAnimations()
    }

    /// Ends every update animation at once: items stand at their layout frames, fades are over.
    func endUpdateAnimations() {
        frameAnimations.removeAll()
        appearingItems.removeAll()
        vanishingItems.removeAll()
    }

    /// After the layout changed under running update animations (a resize), each heads for its
    /// item's new frame instead of the old one; items out of view stop animating.
    private func retargetFrameAnimations() {
        guard !frameAnimations.isEmpty else { return }
        var retargeted: [AnyHashable: RectAnimation] = [:]
        for a in visibleAttributes where a.kind == .cell {
            guard let id = visibleIdentifiers[a.indexPath], var animation = frameAnimations[id] else { continue }
            animation.to = a.frame
            retargeted[id] = animation
        }
        frameAnimations = retargeted
    }

    /// Replaces the layout, scrolls back to the start and configures every cell again. An interactive
    /// movement in progress and update animations end. Costs one ``CollectionLayout/prepare(_:)``.
    public func setLayout(_ newLayout: any CollectionLayout) {
        interactiveMove = nil
        layout = newLayout
        physics.axes = [newLayout.scrollAxis]
        frameAnimations.removeAll()
        prepareLayout()
        physics.jump(to: .zero)
        refreshVisible(reconfigureAll: true)
    }

    /// Lets a caller change layout parameters in place (the layout is a value).
    ///
    /// The scroll position is kept (clamped to the new content). Costs one
    /// ``CollectionLayout/prepare(_:)``.
    ///
    /// ```swift
    /// collectionView.updateLayout { layout in
    ///     if var grid = layout as? GridLayout { grid.minimumCrossSize = 160; layout = grid }
    /// }
    /// ```
    public func updateLayout(_ change: (inout any CollectionLayout) -> Void) {
        change(&layout)
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: false)
    }

    func prepareLayout(completing completed: InteractiveMove? = nil) {
        var context = LayoutContext(boundsSize: frame.size, itemCounts: itemCounts)
        context.interactiveMove = interactiveMove
        context.completedMove = completed
        layout.prepare(context)
        physics.boundsSize = frame.size
        physics.contentSize = layout.contentSize
    }

    // MARK: Data

    private func queryCounts() -> [Int] {
        guard let ds = dataSource else { return [] }
        return (0..<ds.numberOfSections(in: self)).map { ds.collectionView(self, numberOfItemsInSection: $0) }
    }

    /// Forgets everything and asks the data source again.
    ///
    /// Selection, retained and hidden items and update animations are cleared; the scroll position is
    /// kept. O(sections) data source queries plus one ``CollectionLayout/prepare(_:)``.
    public func reloadData() {
        itemCounts = queryCounts()
        interactiveMove = nil
        selectedItems.removeAll()
        selectionAnchor = nil
        focusedItem = focusedItem.flatMap { $0.section < itemCounts.count && $0.item < itemCounts[$0.section] ? $0 : nil }
        retainedItems.removeAll()
        hiddenItems.removeAll()
        frameAnimations.removeAll()
        appearingItems.removeAll(); vanishingItems.removeAll()
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: true)
    }

    /// The number of items in all sections. O(sections).
    public var numberOfItems: Int { itemCounts.reduce(0, +) }

    /// The data source's identifier for the item displayed at `indexPath`, or nil out of range.
    public func identifier(at indexPath: ItemPath) -> AnyHashable? {
        guard let ds = dataSource, itemCounts.indices.contains(indexPath.section),
              (0..<itemCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        return ds.collectionView(self, identifierForItemAt: dataIndexPath(forDisplayed: indexPath))
    }

    /// Applies changes the data source has already made. Checks that they add up (counts, ranges,
    /// identifiers) and throws without touching the view when they do not. Moved items keep their
    /// identity; with `animated`, items glide from their old frames to their new ones.
    ///
    /// Cost: O(u) to check u updates, one identifier lookup per item in every section the updates
    /// touch (to check identifiers stay unique), one ``CollectionLayout/prepare(_:)``, and remapping
    /// the selected, retained and hidden items, each O(u log u).
    ///
    /// ```swift
    /// items.swapAt(2, 5)                                    // the data source changes first
    /// try collectionView.performBatchUpdates([
    ///     .move(ItemPath(item: 2), ItemPath(item: 5)),
    ///     .move(ItemPath(item: 5), ItemPath(item: 2)),
    /// ])
    /// ```
    /// `previousIndexPath` (new → old index path, nil for an insert) lets items that come into view
    /// glide in from where the old layout had them (a diffable data source knows it); one that was
    /// far off screen starts just outside the viewport, on its side (see `enteringFrame`).
    /// `identifiersKnownUnique` skips the O(n) scan for duplicate identifiers (counts and ranges
    /// are still checked): for a caller that changed only identifiers it knows to be unique, such
    /// as a drag-and-drop collection moving its placeholder gap through 100,000 items.
    public func performBatchUpdates(_ updates: [CollectionUpdate], animated: Bool = true,
                                    previousIndexPath: ((ItemPath) -> ItemPath?)? = nil,
                                    identifiersKnownUnique: Bool = false) throws {
        guard interactiveMove == nil else {
            throw CollectionUpdateError(message: "\(name): an interactive movement is in progress; end or cancel it before updating")
        }
        let old = itemCounts
        let new = queryCounts()
        guard old.count == new.count else {
            throw CollectionUpdateError(message: "\(name): the data source has \(new.count) sections, the view has \(old.count); section changes need reloadData()")
        }
        var delta = Array(repeating: 0, count: old.count)
        var deleted = Set<ItemPath>(), inserted = Set<ItemPath>()
        let changes = updates.reduce(0) { n, u in
            switch u { case let .delete(d): return n + d.count; case let .insert(i): return n + i.count; case .move: return n + 1; case .reload: return n }
        }
        deleted.reserveCapacity(changes); inserted.reserveCapacity(changes)
        func check(_ ip: ItemPath, in counts: [Int], _ what: String) throws {
            guard counts.indices.contains(ip.section), ip.item >= 0, ip.item < counts[ip.section] else {
                let count = counts.indices.contains(ip.section) ? "\(counts[ip.section]) items" : "no such section"
                throw CollectionUpdateError(message: "\(name): \(what) index path \(ip) is out of range (\(count))")
            }
        }
        for u in updates {
            switch u {
            case let .delete(ips):
                for ip in ips {
                    try check(ip, in: old, "deleted")
                    guard deleted.insert(ip).inserted else { throw CollectionUpdateError(message: "\(name): item \(ip) deleted twice") }
                    delta[ip.section] -= 1
                }
            case let .insert(ips):
                for ip in ips {
                    try check(ip, in: new, "inserted")
                    guard inserted.insert(ip).inserted else { throw CollectionUpdateError(message: "\(name): item \(ip) inserted twice") }
                    delta[ip.section] += 1
                }
            case let .move(from, to):
                try check(from, in: old, "moved-from")
                try check(to, in: new, "moved-to")
                guard deleted.insert(from).inserted, inserted.insert(to).inserted else {
                    throw CollectionUpdateError(message: "\(name): move \(from) → \(to) touches an item another update also changes")
                }
                delta[from.section] -= 1
                delta[to.section] += 1
            case let .reload(ips):
                for ip in ips { try check(ip, in: old, "reloaded") }
            }
        }
        for s in old.indices where old[s] + delta[s] != new[s] {
            throw CollectionUpdateError(message: "\(name): section \(s) had \(old[s]) items and the updates add \(delta[s]), so it should have \(old[s] + delta[s]), but the data source has \(new[s])")
        }
        // Identifiers must stay unique: check the sections the updates touched.
        if let ds = dataSource, !identifiersKnownUnique {
            let touched = Set(deleted.map(\.section) + inserted.map(\.section))
            var seen = Set<AnyHashable>()
            for s in touched.sorted() {
                for i in 0..<new[s] {
                    let id = ds.collectionView(self, identifierForItemAt: ItemPath(item: i, section: s))
                    guard seen.insert(id).inserted else {
                        throw CollectionUpdateError(message: "\(name): identifier \(id) appears twice after the update (item [\(s), \(i)])")
                    }
                }
            }
        }

        // It adds up: remember where visible items were drawn, then apply.
        var oldFrames: [AnyHashable: Rect] = [:]
        if animated {
            for a in visibleAttributes where a.kind == .cell {
                if let id = visibleIdentifiers[a.indexPath] { oldFrames[id] = presentedFrame(for: a, id: id) }
            }
        }
        let vanishing = animated ? recordVanishing(updates) : []
        // Selection, retention and hiding follow their items.
        let remap: (ItemPath) -> ItemPath? = { ip in
            CollectionView.indexAfterUpdates(ip, updates: updates)
        }
        selectedItems = Set(selectedItems.compactMap(remap))
        selectionAnchor = selectionAnchor.flatMap(remap)
        focusedItem = focusedItem.flatMap(remap)
        retainedItems = Set(retainedItems.compactMap(remap))
        hiddenItems = Set(hiddenItems.compactMap(remap))
        itemCounts = new
        let oldLayout = layout
        let oldViewport = Rect(origin: physics.offset, size: frame.size)
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: true)
        if animated {
            for a in visibleAttributes where a.kind == .cell {
                guard let id = identifier(at: a.indexPath) else { continue }
                let from = oldFrames[id] ?? previousIndexPath?(a.indexPath).flatMap { oldLayout.attributesForItem(at: $0)?.frame }
                    .map { CollectionView.enteringFrame($0, viewport: oldViewport) }
                guard let from, from != a.frame else { continue }
                frameAnimations[id] = RectAnimation(from: from, to: a.frame, start: now)
            }
            startTransitions(vanishing: vanishing, updates: updates)
        }
    }

    /// Where an item that was out of view starts its glide into view: from its old frame moved
    /// to just outside the viewport (half of it showing) on the side it comes from, so an update
    /// that brings in far-away items (a shuffle) shows them arriving at once instead of an empty
    /// view while they travel the distance. A frame already near the viewport is kept. O(1).
    static func enteringFrame(_ old: Rect, viewport: Rect) -> Rect {
        guard viewport.width > 0, viewport.height > 0 else { return old }
        var r = old
        r.origin.x = min(max(r.origin.x, viewport.minX - r.width / 2), viewport.maxX - r.width / 2)
        r.origin.y = min(max(r.origin.y, viewport.minY - r.height / 2), viewport.maxY - r.height / 2)
        return r
    }

    /// Where an old index path lands after `updates` (nil if deleted). Deletes apply before inserts.
    ///
    /// O(u log u) for u index paths in the updates.
    public static func indexAfterUpdates(_ ip: ItemPath, updates: [CollectionUpdate]) -> ItemPath? {
        var deletes: [ItemPath] = [], inserts: [ItemPath] = []
        var moves: [(ItemPath, ItemPath)] = []
        for u in updates {
            switch u {
            case let .delete(d): deletes += d
            case let .insert(i): inserts += i
            case let .move(a, b): moves.append((a, b))
            case .reload: break
            }
        }
        if deletes.contains(ip) { return nil }
        if let m = moves.first(where: { $0.0 == ip }) { return m.1 }
        let removed = deletes + moves.map(\.0)
        var item = ip.item - removed.filter { $0.section == ip.section && $0.item < ip.item }.count
        let added = (inserts + moves.map(\.1)).filter { $0.section == ip.section }.map(\.item).sorted()
        for a in added where a <= item { item += 1 }
        return ItemPath(item: item, section: ip.section)
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
            guard itemCounts.indices.contains(ip.section), ip.item < itemCounts[ip.section],
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

    // MARK: Drawing

    /// Appends the view to `list`, clipped to its frame: the background, then the visible elements in
    /// z-order. Cells draw themselves; supplementary elements are drawn by the data source. Hidden
    /// items leave a gap. Draws nothing without a data source. O(k) for k visible elements.
    public func draw(into list: inout DrawList) {
        guard let ds = dataSource else { return }
        list.clipped(to: frame) { list in
            if let bg = backgroundColor { list.fill(frame, bg) }
            if numberOfItems == 0, let message = emptyMessage {
                list.text(message, in: frame, size: 18, color: emptyMessageColor, alignment: .center)
            }
            let origin = frame.origin - physics.offset
            list.transformed(.translate(origin.x, origin.y)) { list in
                drawVanishing(into: &list)
                for a in visibleAttributes {
                    switch a.kind {
                    case let .supplementary(kind):
                        ds.collectionView(self, drawSupplementary: kind, at: a.indexPath, in: a.frame, into: &list)
                    case .cell:
                        guard !a.isHidden, !hiddenItems.contains(a.indexPath), let cell = visibleCells[a.indexPath] else { continue }
                        if !hiddenIdentifiers.isEmpty, let id = visibleIdentifiers[a.indexPath], hiddenIdentifiers.contains(id) { continue }
                        let id = visibleIdentifiers[a.indexPath]
                        let f = frameAnimations.isEmpty ? a.frame : presentedFrame(for: a, id: id)
                        let appear = appearingItems.isEmpty ? (alpha: 1.0, scale: 1.0) : appearance(of: id)
                        let scale = a.scale * appear.scale
                        let (extra, lift) = feedbackTransform(for: a, frame: f, id: id)
                        if lift > 0.01 {
                            list.shadow(f.offsetBy(dx: 0, dy: 6 * lift), Color.black.withAlpha(0.5 * lift),
                                        radius: min(12, f.width / 8), blur: 14 * lift)
                        }
                        list.transformed(extra.concatenating(scale == 1 ? .identity : .scale(scale, about: f.center))) { list in
                            cell.draw(in: f, alpha: a.alpha * appear.alpha, into: &list)
                        }
                    }
                }
            }
        }
    }

    /// Draws the cells as they would look with the view scrolled to each of `offsets` in turn,
    /// into one list that is never shown: a backend prepares what it needs from it (see
    /// `InteractiveRoot.drawAhead()`) before the view gets there. A carousel's cards change size
    /// as they scroll, so their text meets new pixel sizes on the way to the next page.
    ///
    /// The view is left as it was. Items without a live cell are drawn with a cell from the
    /// data source that goes back to the reuse pool afterwards. O(offsets × k) for k elements
    /// in view at each offset.
    public func drawAhead(atOffsets offsets: [Point], into list: inout DrawList) {
        guard let ds = dataSource, !frame.isEmpty else { return }
        var borrowed: [ItemPath: CollectionCell] = [:]
        for offset in offsets {
            let bounds = Rect(origin: offset, size: frame.size)
            var attrs = layout.attributesForElements(in: bounds)
            for i in attrs.indices { layout.finalize(&attrs[i], visibleBounds: bounds) }
            for a in attrs where a.kind == .cell && !a.isHidden {
                let ip = a.indexPath
                guard itemCounts.indices.contains(ip.section), ip.item < itemCounts[ip.section],
                      ip.item < ds.collectionView(self, numberOfItemsInSection: ip.section) else { continue }
                let cell: CollectionCell
                if let live = visibleCells[ip] ?? borrowed[ip] {
                    cell = live
                } else {
                    cell = ds.collectionView(self, cellForItemAt: dataIndexPath(forDisplayed: ip))
                    cell.indexPath = ip
                    borrowed[ip] = cell
                }
                list.transformed(a.scale == 1 ? .identity : .scale(a.scale, about: a.frame.center)) { list in
                    cell.draw(in: a.frame, alpha: a.alpha, into: &list)
                }
            }
        }
        for cell in borrowed.values { recycle(cell) }
    }

    // MARK: Hit testing and selection

    /// The topmost visible item under a window point.
    ///
    /// Hit-tests the drawn (scaled) frames from the top of the z-order down. O(k) for k visible elements.
    public func indexPathForItem(atWindowPoint p: Point) -> ItemPath? {
        guard frame.contains(p) else { return nil }
        let c = contentPoint(fromWindow: p)
        return visibleAttributes.last { $0.kind == .cell && !$0.isHidden && $0.visualFrame.contains(c) }?.indexPath
    }

    /// Selects an item, first deselecting the others unless ``allowsMultipleSelection`` is true.
    public func selectItem(_ ip: ItemPath) {
        if !allowsMultipleSelection {
            for other in selectedItems { visibleCells[other]?.isSelected = false }
            selectedItems.removeAll()
        }
        selectedItems.insert(ip)
        visibleCells[ip]?.isSelected = true
    }
    /// Deselects an item.
    public func deselectItem(_ ip: ItemPath) {
        selectedItems.remove(ip)
        visibleCells[ip]?.isSelected = false
    }

    /// Scrolls so the item is in view (centred along the scroll axis when `centered`).
    ///
    /// Otherwise it scrolls the least distance that shows the whole item, and not at all when it is
    /// already in view. The offset is clamped to the content.
    public func scrollToItem(_ ip: ItemPath, centered: Bool = true, animated: Bool) {
        guard let f = layout.attributesForItem(at: ip)?.frame else { return }
        var target = physics.offset
        let axis = layout.scrollAxis
        if centered {
            target[axis] = f.center[axis] - frame.size[axis] / 2
        } else if f[minOf: axis] < target[axis] {
            target[axis] = f[minOf: axis]
        } else if f[maxOf: axis] > target[axis] + frame.size[axis] {
            target[axis] = f[maxOf: axis] - frame.size[axis]
        }
        physics.setOffset(target, animated: animated, now: now)
    }

    // MARK: State dump

    /// The collection as the state dump shows it. Frames are listed for up to 10,000 items.
    ///
    /// `extra` pairs are appended. O(n) data source and layout lookups.
    public func dumpState(extra: [(String, JSON)] = []) -> JSON {
        var ids: [JSON] = []
        var frames: [JSON] = []
        let listFrames = numberOfItems <= 10_000
        for (s, count) in itemCounts.enumerated() {
            for i in 0..<count {
                let ip = ItemPath(item: i, section: s)
                ids.append(.string(identifier(at: ip).map { "\($0.base)" } ?? ""))
                if listFrames { frames.append(.rect(layout.attributesForItem(at: ip)?.frame ?? .zero)) }
            }
        }
        var pairs: [(String, JSON)] = [
            ("name", .string(name)),
            ("items", .array(ids)),
            ("contentOffset", .point(physics.offset)),
            ("viewport", .rect(frame)),
            // The item under a free pointer (its hover highlight), or null.
            ("hovered", feedback.hovered.flatMap { identifier(at: $0) }.map { .string("\($0.base)") } ?? .null),
            // The item with the keyboard focus (null: none) and whether its ring shows.
            ("focusedItem", focusedItem.flatMap { identifier(at: $0) }.map { .string("\($0.base)") } ?? .null),
            ("focusRing", .bool(showsFocusRing)),
        ]
        if listFrames { pairs.append(("frames", .array(frames))) }
        return .object(pairs + extra)
    }
}
