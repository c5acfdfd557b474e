/// The stable target rule for moving an item in a layout whose slots change size (a waterfall, a
/// list of varying heights): a proposed slot is taken only if, once the layout has reflowed with
/// the item there, the pointer is over the item's new frame — or, when no slot does that, only if
/// the new frame is closer to the pointer than the current one. The search looks at the proposal
/// first, then at its neighbours, so the nearest slot that ends up under the pointer is found
/// even when it is not the one the pointer is over now (in a waterfall, dropping a tile onto the
/// one below it in its column usually lands it one or two indices further).
///
/// Every change either puts the slot under the pointer (where it then stays while the pointer
/// stays inside it) or strictly reduces its distance to the pointer, so the target never
/// oscillates; and a slot whose reflowed frame contains the pointer is never refused.
enum StableTarget {
    /// Chooses the next target. `frameAfter(c)` is the moving item's frame if it took slot `c`
    /// (after the reflow); `isAllowed` excludes slots that cannot take it (anchored items).
    /// Costs up to `2 * window + 1` calls of `frameAfter`.
    static func choose(current: ItemPath, currentFrame: Rect, proposal: ItemPath, position: Point,
                              count: Int, window: Int = 8, isAllowed: (ItemPath) -> Bool,
                              frameAfter: (ItemPath) -> Rect?) -> ItemPath {
        if currentFrame.contains(position) { return current }
        var candidates = [proposal]
        for k in 1...max(1, window) {
            candidates.append(ItemPath(item: proposal.item + k, section: proposal.section))
            candidates.append(ItemPath(item: proposal.item - k, section: proposal.section))
        }
        var best: (ip: ItemPath, distance: Double)?
        for c in candidates where c.item >= 0 && c.item < count && c != current && isAllowed(c) {
            guard let f = frameAfter(c) else { continue }
            if f.contains(position) { return c }
            let d = distance(f, position)
            if d < (best?.distance ?? .infinity) { best = (c, d) }
        }
        if let best, best.distance < distance(currentFrame, position) { return best.ip }
        return current
    }

    /// Distance from a point to a rect (0 inside).
    static func distance(_ f: Rect, _ p: Point) -> Double {
        let dx = max(f.minX - p.x, 0, p.x - f.maxX), dy = max(f.minY - p.y, 0, p.y - f.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
