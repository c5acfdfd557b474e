/// The interactive movement API: begin for an item, update the target position as the pointer
/// moves, then end (the data source is told once) or cancel (everything goes back).
extension CollectionView {
    /// The data index path of the item shown at `ip`; differs from `ip` only during a movement.
    public func dataIndexPath(forDisplayed ip: ItemPath) -> ItemPath {
        interactiveMove?.dataIndexPath(forDisplayed: ip) ?? ip
    }

    /// Where the item at data index path `ip` is shown; differs from `ip` only during a movement.
    public func displayedIndexPath(forData ip: ItemPath) -> ItemPath {
        interactiveMove?.displayedIndexPath(forData: ip) ?? ip
    }

    /// Where the moving item is shown now (its gap), or nil outside a movement.
    public var movingItemIndexPath: ItemPath? { interactiveMove?.target }

    /// Starts moving the item at `indexPath`. Returns false, changing nothing, when the data source
    /// says it cannot move, the path is out of range, or another movement is in progress.
    ///
    /// The item's cell is kept alive for the whole movement, in view or not. The layout is prepared
    /// again (see ``CollectionLayout/prepare(_:)`` for its cost) and the data source is not changed
    /// until ``endInteractiveMovement()``. While a movement lasts,
    /// ``performBatchUpdates(_:animated:previousIndexPath:identifiersKnownUnique:)`` refuses updates.
    ///
    /// The data source opts items in with `collectionView(_:canMoveItemAt:)` and applies the final
    /// move in `collectionView(_:moveItemAt:to:)`. A pointer-driven reorder:
    ///
    /// ```swift
    /// func liftItem(at pointer: Point) {                     // a long press, say
    ///     guard let ip = collectionView.indexPathForItem(atWindowPoint: pointer) else { return }
    ///     collectionView.beginInteractiveMovementForItem(at: ip)
    /// }
    /// func pointerMoved(to pointer: Point) {                 // the item's centre follows the pointer
    ///     collectionView.updateInteractiveMovementTargetPosition(collectionView.contentPoint(fromWindow: pointer))
    /// }
    /// func pointerReleased() {
    ///     collectionView.endInteractiveMovement()            // the data source moves the item, once
    /// }
    /// func escapePressed() {
    ///     collectionView.cancelInteractiveMovement()         // everything glides back
    /// }
    /// ```
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: ItemPath) -> Bool {
        guard interactiveMove == nil, let ds = dataSource, sectionCounts.indices.contains(indexPath.section),
              (0..<sectionCounts[indexPath.section]).contains(indexPath.item),
              ds.collectionView(self, canMoveItemAt: indexPath) else { return false }
        // Items that cannot move stay where they are while the others make way.
        interactiveMove = InteractiveMove(source: indexPath, target: indexPath) { [unowned self] ip in
            guard let ds = self.dataSource, (0..<self.sectionCounts[ip.section]).contains(ip.item) else { return false }
            return !ds.collectionView(self, canMoveItemAt: ip)
        }
        prepareLayout()
        refreshVisible(reconfigureAll: false)
        return true
    }

    /// Moves the target to follow `position` (content coordinates: where the moving item's centre
    /// is). The layout proposes the index; a proposal on an item that cannot move is refused, so
    /// nothing is ever dropped in a pinned item's place. While the position stays inside the gap
    /// the target is kept, and a proposal is checked against the reflowed layout (the stable
    /// target rule), which stops variable-size layouts from flickering between two slots.
    public func updateInteractiveMovementTargetPosition(_ position: Point) {
        guard let move = interactiveMove, let ds = dataSource else { return }
        if let gap = layout.attributesForItem(at: move.target)?.frame, gap.contains(position) { return }
        guard let proposed = layout.targetIndexPath(forMoving: move.target, at: position),
              proposed != move.target, proposed.section == move.source.section,
              sectionCounts.indices.contains(proposed.section),
              (0..<sectionCounts[proposed.section]).contains(proposed.item) else { return }
        // The item now shown at the proposed slot is the one that would be displaced into the gap.
        guard ds.collectionView(self, canMoveItemAt: dataIndexPath(forDisplayed: proposed)) else { return }
        // The stable target rule (StableTarget.swift): taken only if the reflow keeps the item
        // under the pointer, or brings it closer; never back and forth.
        guard let chosen = stableInteractiveTarget(proposed: proposed, position: position) else { return }
        retarget(to: chosen)
    }

    /// The moving item's attributes with its centre at `position` (content coordinates), as the layout gives them.
    public func attributesForMovingItem(at position: Point) -> LayoutAttributes? {
        guard let move = interactiveMove else { return nil }
        return layout.attributesForMovingItem(at: move.target, position: position)
    }

    /// Ends the movement where it stands: the data source is told once to move the item, and the
    /// view keeps showing the same order. Returns the item's final index path.
    @discardableResult
    public func endInteractiveMovement() -> ItemPath? {
        guard let move = interactiveMove else { return nil }
        let countsBeforeEnd = sectionCounts
        if move.source != move.target {
            dataSource?.collectionView(self, moveItemAt: move.source, to: move.target)
        }
        interactiveMove = nil
        // Sets keyed by data index path follow the move; cells are already keyed by what they show.
        let remap: (ItemPath) -> ItemPath? = { move.displayedIndexPath(forData: $0) }
        selectedItems = Set(selectedItems.compactMap(remap))
        selectionAnchor = selectionAnchor.flatMap(remap)
        focusedItem = focusedItem.flatMap(remap)
        retainedItems = Set(retainedItems.compactMap(remap))
        hiddenItems = Set(hiddenItems.compactMap(remap))
        // The data now reads in the order the movement showed: the layout may keep its places.
        prepareLayout(completing: sectionCounts == countsBeforeEnd ? move : nil)
        refreshVisible(reconfigureAll: false)
        return move.target
    }

    /// Moves an item as a completed interactive movement would (undo uses it): the data source is
    /// told once and the other items glide to their new slots. False when the item cannot move or
    /// `destination` is an anchored slot.
    @discardableResult
    public func moveItemInteractively(from source: ItemPath, to destination: ItemPath) -> Bool {
        guard destination.section == source.section, sectionCounts.indices.contains(destination.section),
              (0..<sectionCounts[destination.section]).contains(destination.item),
              beginInteractiveMovementForItem(at: source) else { return false }
        if destination != source, interactiveMove?.isAnchored?(destination) == true {
            cancelInteractiveMovement()
            return false
        }
        retarget(to: destination)
        endInteractiveMovement()
        return true
    }

    /// Puts every item back where it was, animated; the data source is not told anything.
    public func cancelInteractiveMovement() {
        guard let move = interactiveMove else { return }
        retarget(to: move.source)
        interactiveMove = nil
        // Shown in data order again, as the layout was just told.
        prepareLayout(completing: InteractiveMove(source: move.source, target: move.source, isAnchored: move.isAnchored))
        refreshVisible(reconfigureAll: false)
    }

    /// Shows the moving item at `target`. Cells follow their items (none is recycled for moving),
    /// and items whose slot changed glide from where they are drawn now.
    private func retarget(to target: ItemPath) {
        guard var move = interactiveMove else { return }
        // Where items are drawn now, including items just out of view: one that scrolls into view
        // mid-move must glide from its old slot too, not appear on top of a neighbour leaving it.
        var oldFrames: [AnyHashable: Rect] = [:]
        for a in layout.attributesForElements(in: slotAnimationReach) where a.kind == .cell {
            if let id = identifier(at: a.indexPath) { oldFrames[id] = presentedFrame(for: a, id: id) }
        }
        var cellsByData: [ItemPath: CollectionCell] = [:]
        for (ip, cell) in visibleCells { cellsByData[move.dataIndexPath(forDisplayed: ip)] = cell }
        move.target = target
        interactiveMove = move
        visibleCells.removeAll(keepingCapacity: true)
        for (dataIP, cell) in cellsByData {
            let shown = move.displayedIndexPath(forData: dataIP)
            cell.indexPath = shown
            visibleCells[shown] = cell
        }
        prepareLayout()
        refreshVisible(reconfigureAll: false)
        for a in layout.attributesForElements(in: slotAnimationReach) where a.kind == .cell {
            guard let id = identifier(at: a.indexPath), let from = oldFrames[id], from != a.frame else { continue }
            // An item already on its way to this slot keeps its motion: restarting it every
            // retarget would let neighbours that started later catch it up.
            if frameAnimations[id]?.to == a.frame { continue }
            frameAnimations[id] = slotAnimation(from: from, to: a.frame)
        }
    }

    /// The content area whose items animate when slots change: the visible bounds and half a
    /// viewport either side along the scroll axis (what auto-scroll can bring in before they land).
    private var slotAnimationReach: Rect {
        let axis = layout.scrollAxis
        var r = bounds
        var origin = r.origin, size = r.size
        origin[axis] -= frame.size[axis] / 2
        size[axis] += frame.size[axis]
        r.origin = origin; r.size = size
        return r
    }

    /// An item gliding from `from` to its new slot `to` (content coordinates, so scrolling moves it
    /// with everything else). In a layout of lines, a move to another line of the same size wraps
    /// around the lines' ends (`RectAnimation.WrapPath`), and a move that would pass over an item
    /// that stays put (an anchored one) pops across instead (`RectAnimation.popsAcross`): it never
    /// passes over the items between.
    func slotAnimation(from: Rect, to: Rect) -> RectAnimation {
        var anim = RectAnimation(from: from, to: to, start: now)
        let axis = layout.scrollAxis
        let cross: Axis = axis == .vertical ? .horizontal : .vertical
        guard layout.flowsInLines else { return anim }
        // Caught mid-pop (shrunk): it goes on popping, to its newest slot.
        if from.size != to.size { anim.popsAcross = true; return anim }
        let pitch = from.size[cross] * 1.1
        if abs(from.origin[axis] - to.origin[axis]) <= 0.5 {
            // Along its line: a slide, unless it is longer than a slot (it skips an anchored item).
            if abs(from.origin[cross] - to.origin[cross]) > pitch * 1.5 { anim.popsAcross = true }
            return anim
        }
        // Moving back in reading order leaves toward the line's start and enters at the next line's end;
        // right to left, a line of a vertical grid starts at the right.
        let back = to.origin[axis] < from.origin[axis]
        let reading = cross == .horizontal && layoutDirection.isRightToLeft ? -pitch : pitch
        let wrap = RectAnimation.WrapPath(crossAxis: cross, exit: back ? -reading : reading, entry: back ? reading : -reading)
        var exitEnd = from.origin, entryStart = to.origin
        exitEnd[cross] += wrap.exit
        entryStart[cross] += wrap.entry
        let exitPath = from.union(Rect(origin: exitEnd, size: from.size))
        let entryPath = to.union(Rect(origin: entryStart, size: to.size))
        if coversAnchoredItem(exitPath, besides: from) || coversAnchoredItem(entryPath, besides: to) {
            anim.popsAcross = true
        } else {
            anim.wrap = wrap
        }
        return anim
    }

    /// True when an item that keeps its slot during the movement lies in `rect` (other than at `own`).
    private func coversAnchoredItem(_ rect: Rect, besides own: Rect) -> Bool {
        guard let move = interactiveMove, let anchored = move.isAnchored else { return false }
        return layout.attributesForElements(in: rect).contains { a in
            guard a.kind == .cell, a.frame != own else { return false }
            let w = min(a.frame.maxX, rect.maxX) - max(a.frame.minX, rect.minX)
            let h = min(a.frame.maxY, rect.maxY) - max(a.frame.minY, rect.minY)
            return w > 1 && h > 1 && anchored(a.indexPath)
        }
    }

    /// The frame the item shown at `ip` is drawn at now (content coordinates), mid-animation
    /// included; nil when out of range.
    public func presentedFrameForItem(at ip: ItemPath) -> Rect? {
        guard let a = layout.attributesForItem(at: ip) else { return nil }
        return frameAnimations.isEmpty ? a.frame : presentedFrame(for: a, id: identifier(at: ip))
    }
}
