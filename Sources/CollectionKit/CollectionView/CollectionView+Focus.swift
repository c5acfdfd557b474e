/// The keyboard focus of a collection view, as desktop lists and grids have it: the arrows move
/// it to the nearest item that way on screen (the layout's geometry decides, so one rule serves
/// grids, carousels, waterfalls and compositional layouts), the view scrolls it into sight, and its
/// ring shows only once the keyboard is used; a click moves the focus to the clicked item and hides
/// the ring again (the `:focus-visible` rule of browsers and GTK).
///
/// `CollectionInteraction` drives it for a plain collection; an owner with gestures of its own
/// calls ``moveFocus(_:now:)``, ``focusByPointer(_:)`` and ``focusedItem`` directly. Drag and drop
/// keeps its own focus by identifier across several collections (`DragDropSelection`) and shows
/// it through the same cell state, `CollectionCell.isFocused`.
extension CollectionView {
    /// Puts the focus on `ip` (nil: nowhere) and shows or hides its ring. O(visible cells).
    public func setFocus(_ ip: ItemPath?, showingRing: Bool) {
        if let old = focusedItem { visibleCells[old]?.isFocused = false }
        focusedItem = ip.flatMap { containsItem($0) ? $0 : nil }
        showsFocusRing = showingRing && focusedItem != nil
        if let new = focusedItem { visibleCells[new]?.isFocused = showsFocusRing }
    }

    /// A press on `ip` (nil: on no item): the focus follows the pointer's choice quietly, without a
    /// ring, so a later arrow key continues from there.
    public func focusByPointer(_ ip: ItemPath?) {
        setFocus(ip ?? focusedItem, showingRing: false)
    }

    /// Moves the focus one item toward `key` (an arrow) and scrolls it into view. Without a
    /// focus it goes to the first item in view. The first arrow after a click only shows the ring
    /// where the focus already is, as GTK does. Returns the item focused now; nil for a key that is
    /// not an arrow or an empty view. O(k) for the k items within reach of the focused one.
    @discardableResult
    public func moveFocus(_ key: Key, now: Double) -> ItemPath? {
        guard key == .left || key == .right || key == .up || key == .down, numberOfItems > 0 else { return nil }
        let target: ItemPath
        if let current = focusedItem, containsItem(current) {
            target = showsFocusRing ? (item(from: current, toward: key) ?? current) : current
        } else {
            target = firstItemInView ?? ItemPath(item: 0, section: sectionCounts.firstIndex { $0 > 0 } ?? 0)
        }
        setFocus(target, showingRing: true)
        scrollToItem(target, centered: false, animated: true)
        return target
    }

    /// The item nearest `ip` on screen in the direction of `key`: its centre lies beyond the
    /// item's edge that way, and among those the one closest along the way and least offset
    /// across it wins. Nil at the edge of the content. O(k) for the k items within reach.
    public func item(from ip: ItemPath, toward key: Key) -> ItemPath? {
        guard let from = layout.attributesForItem(at: ip)?.frame else { return nil }
        let (axis, sign): (Axis, Double) = switch key {
        case .left: (.horizontal, -1)
        case .right: (.horizontal, 1)
        case .up: (.vertical, -1)
        default: (.vertical, 1)
        }
        let across: Axis = axis == .horizontal ? .vertical : .horizontal
        // Look up to two viewports (or three items) that way: far enough for any neighbour, near
        // enough to stay O(k).
        let reach = max(2 * frame.size[axis], 3 * from.size[axis], 1)
        let start = sign > 0 ? from[maxOf: axis] : from[minOf: axis] - reach
        // Across, a viewport either side of the item is plenty (the best has the least offset).
        let side = max(frame.size[across], from.size[across])
        let crossStart = from[minOf: across] - side, crossLength = from.size[across] + 2 * side
        let area = axis == .horizontal ? Rect(x: start, y: crossStart, width: reach, height: crossLength)
                                       : Rect(x: crossStart, y: start, width: crossLength, height: reach)
        var best: (ip: ItemPath, score: Double)?
        for a in layout.attributesForElements(in: area) where a.kind == .cell && a.indexPath != ip {
            let along = (a.frame.center[axis] - from.center[axis]) * sign
            guard along > from.size[axis] / 2 - 0.5 else { continue }
            let gap = max(0, max(a.frame[minOf: across], from[minOf: across]) - min(a.frame[maxOf: across], from[maxOf: across]))
            let offset = abs(a.frame.center[across] - from.center[across])
            let score = along + 4 * gap + 0.25 * offset
            if best == nil || score < best!.score || (score == best!.score && a.indexPath < best!.ip) { best = (a.indexPath, score) }
        }
        return best?.ip
    }

    /// The first item (in index order) whose frame lies in the viewport, if any.
    public var firstItemInView: ItemPath? {
        let viewport = Rect(origin: physics.offset, size: frame.size)
        return layout.attributesForElements(in: viewport).filter { $0.kind == .cell }.map(\.indexPath).min()
    }

    private func containsItem(_ ip: ItemPath) -> Bool {
        sectionCounts.indices.contains(ip.section) && ip.item >= 0 && ip.item < sectionCounts[ip.section]
    }
}
