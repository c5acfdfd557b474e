/// One item being moved interactively within a section: it is taken out at `source` and shown at
/// `target`. The items between shift by one slot, except anchored ones (items that cannot move):
/// they keep their index and the others flow around them. The data source keeps its own order
/// until the movement ends, so meanwhile the view translates between displayed and data index
/// paths, in O(1) per lookup plus the length of any run of anchored items crossed.
public struct InteractiveMove: Equatable, @unchecked Sendable {
    public var source: IndexPath
    public var target: IndexPath
    /// True for an item (by data index path) that keeps its index; nil when every item shifts.
    /// Anchored items never move, so their data and displayed index paths are the same.
    public var isAnchored: ((IndexPath) -> Bool)?

    public init(source: IndexPath, target: IndexPath, isAnchored: ((IndexPath) -> Bool)? = nil) {
        self.source = source; self.target = target; self.isAnchored = isAnchored
    }

    public static func == (a: InteractiveMove, b: InteractiveMove) -> Bool { a.source == b.source && a.target == b.target }

    private func anchored(_ ip: IndexPath) -> Bool { isAnchored?(ip) ?? false }

    /// The nearest index path after (`step` 1) or before (`step` -1) `ip` that is not anchored.
    private func movable(from ip: IndexPath, step: Int) -> IndexPath {
        var i = IndexPath(item: ip.item + step, section: ip.section)
        while anchored(i) { i.item += step }
        return i
    }

    /// The data index path of the item displayed at `ip`.
    public func dataIndexPath(forDisplayed ip: IndexPath) -> IndexPath {
        guard ip.section == source.section, source != target else { return ip }
        if ip == target { return source }
        let lo = min(source.item, target.item), hi = max(source.item, target.item)
        guard ip.item >= lo, ip.item <= hi, !anchored(ip) else { return ip }
        return movable(from: ip, step: source.item < target.item ? 1 : -1)
    }

    /// Where the item at data index path `ip` is displayed; the inverse of `dataIndexPath`.
    public func displayedIndexPath(forData ip: IndexPath) -> IndexPath {
        guard ip.section == source.section, source != target else { return ip }
        if ip == source { return target }
        let lo = min(source.item, target.item), hi = max(source.item, target.item)
        guard ip.item >= lo, ip.item <= hi, !anchored(ip) else { return ip }
        return movable(from: ip, step: source.item < target.item ? -1 : 1)
    }
}

extension Array {
    /// Moves the element at `source` to `destination` as an interactive movement does: anchored
    /// elements keep their indices and the others shift around them. O(distance).
    public mutating func moveKeepingAnchors(from source: Int, to destination: Int, isAnchored: (Element) -> Bool) {
        guard source != destination else { return }
        let step = source < destination ? 1 : -1
        var hole = source
        let moving = self[source]
        var i = source + step
        while true {
            if !isAnchored(self[i]) {
                self[hole] = self[i]
                hole = i
            }
            if i == destination { break }
            i += step
        }
        self[hole] = moving
    }
}

extension LayoutContext {
    /// The data index path of the item a layout places at `ip` (the same path outside a movement).
    /// Layouts with per-item sizes look sizes up through this, so a moving item keeps its size.
    public func dataIndexPath(forDisplayed ip: IndexPath) -> IndexPath {
        interactiveMove?.dataIndexPath(forDisplayed: ip) ?? ip
    }
}

/// UIKit's interactive movement API: begin for an item, update the target position as the pointer
/// moves, then end (the data source is told once) or cancel (everything goes back).
extension CollectionView {
    /// The data index path of the item shown at `ip`; differs from `ip` only during a movement.
    public func dataIndexPath(forDisplayed ip: IndexPath) -> IndexPath {
        interactiveMove?.dataIndexPath(forDisplayed: ip) ?? ip
    }

    public func displayedIndexPath(forData ip: IndexPath) -> IndexPath {
        interactiveMove?.displayedIndexPath(forData: ip) ?? ip
    }

    /// Where the moving item is shown now (its gap), or nil outside a movement.
    public var movingItemIndexPath: IndexPath? { interactiveMove?.target }

    /// Starts moving the item at `indexPath`. Returns false, changing nothing, when the data source
    /// says it cannot move, the path is out of range, or another movement is in progress.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard interactiveMove == nil, let ds = dataSource, itemCounts.indices.contains(indexPath.section),
              (0..<itemCounts[indexPath.section]).contains(indexPath.item),
              ds.collectionView(self, canMoveItemAt: indexPath) else { return false }
        // Items that cannot move stay where they are while the others make way.
        interactiveMove = InteractiveMove(source: indexPath, target: indexPath) { [unowned self] ip in
            guard let ds = self.dataSource, (0..<self.itemCounts[ip.section]).contains(ip.item) else { return false }
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
              itemCounts.indices.contains(proposed.section),
              (0..<itemCounts[proposed.section]).contains(proposed.item) else { return }
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
    public func endInteractiveMovement() -> IndexPath? {
        guard let move = interactiveMove else { return nil }
        if move.source != move.target {
            dataSource?.collectionView(self, moveItemAt: move.source, to: move.target)
        }
        interactiveMove = nil
        // Sets keyed by data index path follow the move; cells are already keyed by what they show.
        let remap: (IndexPath) -> IndexPath? = { move.displayedIndexPath(forData: $0) }
        selectedItems = Set(selectedItems.compactMap(remap))
        retainedItems = Set(retainedItems.compactMap(remap))
        hiddenItems = Set(hiddenItems.compactMap(remap))
        prepareLayout()
        refreshVisible(reconfigureAll: false)
        return move.target
    }

    /// Moves an item as a completed interactive movement would (undo uses it): the data source is
    /// told once and the other items glide to their new slots. False when the item cannot move or
    /// `destination` is an anchored slot.
    @discardableResult
    public func moveItemInteractively(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard destination.section == source.section, itemCounts.indices.contains(destination.section),
              (0..<itemCounts[destination.section]).contains(destination.item),
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
        prepareLayout()
        refreshVisible(reconfigureAll: false)
    }

    /// Shows the moving item at `target`. Cells follow their items (none is recycled for moving),
    /// and items whose slot changed glide from where they are drawn now.
    private func retarget(to target: IndexPath) {
        guard var move = interactiveMove else { return }
        var oldFrames: [AnyHashable: Rect] = [:]
        for a in visibleAttributes where a.kind == .cell {
            if let id = identifier(at: a.indexPath) { oldFrames[id] = presentedFrame(for: a, id: id) }
        }
        var cellsByData: [IndexPath: CollectionCell] = [:]
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
        for a in visibleAttributes where a.kind == .cell {
            guard let id = identifier(at: a.indexPath), let from = oldFrames[id], from != a.frame else { continue }
            frameAnimations[id] = RectAnimation(from: from, to: a.frame, start: now)
        }
    }

    /// The frame the item shown at `ip` is drawn at now (content coordinates), mid-animation
    /// included; nil when out of range.
    public func presentedFrameForItem(at ip: IndexPath) -> Rect? {
        guard let a = layout.attributesForItem(at: ip) else { return nil }
        return frameAnimations.isEmpty ? a.frame : presentedFrame(for: a, id: identifier(at: ip))
    }
}
