/// One item being moved interactively within a section: it is taken out at `source` and shown at
/// `target`. The items between shift by one slot, except anchored ones (items that cannot move):
/// they keep their index and the others flow around them. The data source keeps its own order
/// until the movement ends, so meanwhile the view translates between displayed and data index
/// paths, in O(1) per lookup plus the length of any run of anchored items crossed.
///
/// You rarely create one: ``CollectionView/beginInteractiveMovementForItem(at:)`` does, and layouts
/// read it from ``LayoutContext/interactiveMove``. Equality compares `source` and `target` only.
///
/// ```swift
/// let move = InteractiveMove(source: ItemPath(item: 1), target: ItemPath(item: 4))
/// move.dataIndexPath(forDisplayed: ItemPath(item: 4))   // [0, 1]: the moving item
/// move.dataIndexPath(forDisplayed: ItemPath(item: 1))   // [0, 2]: the items between shift back
/// move.displayedIndexPath(forData: ItemPath(item: 4))   // [0, 3]
/// ```
public struct InteractiveMove: Equatable, @unchecked Sendable {
    /// Where the moving item is in the data source (its data index path).
    public var source: ItemPath
    /// Where the moving item is shown now: the gap the other items leave for it.
    public var target: ItemPath
    /// True for an item (by data index path) that keeps its index; nil when every item shifts.
    /// Anchored items never move, so their data and displayed index paths are the same.
    public var isAnchored: ((ItemPath) -> Bool)?

    /// Creates a movement of the item at `source`, shown at `target`; `isAnchored` nil means no item is
    /// pinned.
    public init(source: ItemPath, target: ItemPath, isAnchored: ((ItemPath) -> Bool)? = nil) {
        self.source = source; self.target = target; self.isAnchored = isAnchored
    }

    /// Compares `source` and `target`; the anchoring closure is not compared.
    public static func == (a: InteractiveMove, b: InteractiveMove) -> Bool { a.source == b.source && a.target == b.target }

    private func anchored(_ ip: ItemPath) -> Bool { isAnchored?(ip) ?? false }

    /// The nearest index path after (`step` 1) or before (`step` -1) `ip` that is not anchored.
    private func movable(from ip: ItemPath, step: Int) -> ItemPath {
        var i = ItemPath(item: ip.item + step, section: ip.section)
        while anchored(i) { i.item += step }
        return i
    }

    /// The data index path of the item displayed at `ip`.
    ///
    /// O(1), plus the length of any run of anchored items skipped.
    public func dataIndexPath(forDisplayed ip: ItemPath) -> ItemPath {
        guard ip.section == source.section, source != target else { return ip }
        if ip == target { return source }
        let lo = min(source.item, target.item), hi = max(source.item, target.item)
        guard ip.item >= lo, ip.item <= hi, !anchored(ip) else { return ip }
        return movable(from: ip, step: source.item < target.item ? 1 : -1)
    }

    /// Where the item at data index path `ip` is displayed; the inverse of `dataIndexPath`.
    ///
    /// O(1), plus the length of any run of anchored items skipped.
    public func displayedIndexPath(forData ip: ItemPath) -> ItemPath {
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
    public func dataIndexPath(forDisplayed ip: ItemPath) -> ItemPath {
        interactiveMove?.dataIndexPath(forDisplayed: ip) ?? ip
    }
}
