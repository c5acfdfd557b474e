/// Which droppable a drag is over, and whether it takes the items: the largest overlap with
/// hysteresis, and the manager's rules on top of each target's own.
extension DragDropCoordinator {
    /// The candidate whose frame overlaps `snapshot` most. The `current` target keeps the drag
    /// unless another overlaps more than `hysteresis` times as much; nil when nothing overlaps.
    /// O(candidates).
    ///
    /// Example: a 100×100 snapshot at x 150 over frames [0, 200) and [200, 400) overlaps them
    /// 50×100 and 50×100; the current target keeps it, and a first choice takes the first.
    public static func chooseTarget(snapshot: Rect, candidates: [(name: String, frame: Rect)],
                                    current: String?, hysteresis: Double) -> String? {
        var best: (name: String, area: Double)?
        var currentArea = 0.0
        for c in candidates {
            let area = snapshot.overlapArea(with: c.frame)
            if c.name == current { currentArea = area }
            if area > 0, area > (best?.area ?? 0) { best = (c.name, area) }
        }
        guard let best else { return nil }
        if let current, currentArea > 0, best.name != current, best.area < currentArea * hysteresis { return current }
        return best.name
    }

    /// Whether `target` takes the drag, with the manager's own rules on top of the target's:
    /// locked items stay in their collection, copies never go into a trash, and a full collection
    /// with a capacity swaps its item with a single dragged one (the item goes where the dragged
    /// one came from). `swap` names the item that would be swapped out.
    public func acceptance(of items: [DraggedItem], operation: DragOperation, by target: any Droppable)
        -> (acceptance: DropAcceptance, swap: AnyHashable?) {
        let context = DropContext(items: items, operation: operation, pointer: pointer, snapshotFrame: .zero, strings: strings)
        let own = target.acceptance(of: context)
        guard own.isAccepted else { return (own, nil) }
        for item in items where item.source != target.dropName {
            if let source = collection(named: item.source), source.isLocked(item.id) {
                return (.refuse(strings.lockedTo(source.describe(item.id), source.title)), nil)
            }
        }
        guard let coll = collection(named: target.dropName), let capacity = coll.capacity else { return (.accept, nil) }
        let fromHere = items.filter { $0.source == coll.dropName }.count
        let staying = coll.count - fromHere
        if staying + items.count <= capacity { return (.accept, nil) }
        if items.count == 1, staying == capacity, operation == .move,
           let source = collection(named: items[0].source),
           let occupant = coll.items.joined().first(where: { !items.map(\.id).contains($0) }),
           !coll.isLocked(occupant), source.acceptsDrops {
            return (.accept, occupant)
        }
        return (.refuse(strings.holdsAtMost(coll.title, capacity)), nil)
    }
}
