/// Changes an app makes by command rather than by a drag: an item added, deleted into a zone, or
/// edited in place. Each is checked like a drop, applied to the collections all or nothing, put
/// on the same undo history, and told to ``DragDropManager/onChange`` with the cause `.edit`.
extension DragDropManager {
    /// Where `id` is in the collections' data, if anywhere.
    public func location(of id: AnyHashable) -> ItemLocation? {
        for c in collections {
            for (s, section) in c.items.enumerated() {
                if let i = section.firstIndex(of: id) { return ItemLocation(collection: c.dropName, indexPath: ItemPath(item: i, section: s)) }
            }
        }
        return nil
    }

    /// Adds new items to `collection` at `position` (its end when the item index is past it), as
    /// one undoable edit. Throws, changing nothing, when an identifier is already held anywhere,
    /// the collection is unknown or refuses the change.
    ///
    /// ```swift
    /// try manager.insert([AnyHashable(newID)], into: "todo", at: ItemPath(item: .max, section: 0), summary: "add item")
    /// ```
    public func insert(_ ids: [AnyHashable], into collection: String, at position: ItemPath, summary: String) throws {
        guard session == nil else { throw CollectionUpdateError(message: strings.cannotEditDuringDrag) }
        guard let c = self.collection(named: collection), !c.items.isEmpty else {
            throw CollectionUpdateError(message: "no collection named \(collection)")
        }
        for id in ids where location(of: id) != nil || zones.contains(where: { $0.items.contains(id) }) {
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

    /// Deletes items into the drop zone `zone` (a trash), as one undoable edit: what a drop on
    /// the zone does, by a key instead of a drag.
    public func remove(_ ids: [AnyHashable], intoZone zone: String, summary: String) throws {
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
        let present = ids.filter { location(of: $0) != nil }
        guard !present.isEmpty else { return }
        try commitEdit(DropRecord(patches: patches, zone: z.dropName, zoneBefore: z.items, zoneAfter: z.items + present,
                                  movedItems: present, summary: summary))
    }

    /// Records a change the app made to an item's content (a rename): `apply(false)` makes it and
    /// `apply(true)` takes it back. It is made now, goes on the undo history, and
    /// ``onChange`` hears `.changed` for the item with the cause `.edit` (then `.undo`, `.redo`).
    public func recordEdit(of id: AnyHashable, summary: String, apply: @escaping (_ undoing: Bool) -> Void) {
        func tell(_ cause: DragDropChange.Cause) {
            guard let at = location(of: id) else { return }
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
