/// Changes an app makes by command rather than by a drag: an item added, deleted into a zone, or
/// edited in place. Each is checked like a drop, applied to the collections all or nothing, put
/// on the same undo history, and told to ``DragDropCoordinator/onChange`` with the cause `.edit`.
/// Apps call the typed forms on ``DragDropManager``.
extension DragDropCoordinator {
    /// Where `id` is in the collections' data, if anywhere.
    func locateItem(_ id: AnyHashable) -> ItemLocation? {
        for c in collections {
            for (s, section) in c.items.enumerated() {
                if let i = section.firstIndex(of: id) { return ItemLocation(collection: c.dropName, indexPath: ItemPath(item: i, section: s)) }
            }
        }
        return nil
    }

    /// Adds new items (see ``DragDropManager/insert(_:into:at:summary:)``).
    func insertItems(_ ids: [AnyHashable], into collection: String, at position: ItemPath, summary: String) throws {
        guard session == nil else { throw CollectionUpdateError(message: strings.cannotEditDuringDrag) }
        guard let c = self.collection(named: collection), !c.items.isEmpty else {
            throw CollectionUpdateError(message: "no collection named \(collection)")
        }
        for id in ids where locateItem(id) != nil || zones.contains(where: { $0.items.contains(id) }) {
            throw CollectionUpdateError(message: strings.dropWouldDuplicate("\(id.base)", 2))
        }
        var items = c.items
        let s = min(max(0, position.section), items.count - 1)
        items[s].insert(contentsOf: ids, at: min(max(0, position.item), items[s].count))
        if let capacity = c.capacity, items.reduce(0, { $0 + $1.count }) > capacity {
            throw CollectionUpdateError(message: strings.holdsAtMost(c.title, capacity))
        }
        let patches = c.items.indices.compactMap { SectionPatch.between(c.items[$0], items[$0], section: $0) }
        try commitEdit(DropRecord(patches: [c.dropName: patches], zone: nil, zoneBefore: [], zoneAfter: [], movedItems: ids, summary: summary))
    }

    /// Deletes items into a zone (see ``DragDropManager/remove(_:intoZone:summary:)``).
    func removeItems(_ ids: [AnyHashable], intoZone zone: String, summary: String) throws {
        guard session == nil else { throw CollectionUpdateError(message: strings.cannotEditDuringDrag) }
        guard let z = self.zone(named: zone) else { throw CollectionUpdateError(message: "no drop zone named \(zone)") }
        var patches: [String: [SectionPatch]] = [:]
        let gone = Set(ids)
        for c in collections {
            let mine = ids.filter { id in c.items.contains { $0.contains(id) } }
            guard !mine.isEmpty else { continue }
            if let locked = mine.first(where: { c.isLocked($0) }) {
                throw CollectionUpdateError(message: strings.lockedTo(c.describe(locked), c.title))
            }
            let items = c.items.map { list in ItemList(Array(list).filter { !gone.contains($0) }) }
            patches[c.dropName] = c.items.indices.compactMap { SectionPatch.between(c.items[$0], items[$0], section: $0) }
        }
        let present = ids.filter { locateItem($0) != nil }
        guard !present.isEmpty else { return }
        try commitEdit(DropRecord(patches: patches, zone: z.dropName, zoneBefore: z.items, zoneAfter: z.items + present,
                                  movedItems: present, summary: summary))
    }

    /// Records a change to an item's content (see ``DragDropManager/recordEdit(of:summary:apply:)``).
    func recordItemEdit(of id: AnyHashable, summary: String, apply: @escaping (_ undoing: Bool) -> Void) {
        func tell(_ cause: DragDropChange.Cause) {
            guard let at = locateItem(id) else { return }
            notify(DragDropChange(cause: cause, edits: [.changed(id: id, at: at)], zone: nil, collections: [at.collection]))
        }
        apply(false)
        tell(.edit)
        history.push(summary, undo: { apply(true); tell(.undo) }, redo: { apply(false); tell(.redo) })
    }

    private func commitEdit(_ record: DropRecord) throws {
        landAll()
        notify(try apply(record, reversed: false, cause: .edit))
        remember(record)
        pruneTrash()
    }
}
