/// The data side of a drop: what it changes, checked before anything changes (an item lost or
/// duplicated is refused), applied to every collection all or nothing, put on the undo history,
/// and told to the app once.
extension DragDropCoordinator {

    /// What a drop changes, computed before anything changes: the patches per collection and the
    /// trash. Throws when the result would not add up (an item lost or duplicated).
    func plan(_ s: Session, over: any Droppable) throws -> DropRecord {
        var newItems: [String: [ItemList]] = [:]
        func items(_ c: any DropContainer) -> [ItemList] { newItems[c.dropName] ?? c.items }
        var dropped = s.ids
        if s.operation == .move {
            for item in s.items {
                guard let c = collection(named: item.source) else { continue }
                newItems[c.dropName] = items(c).map { $0.removing(item.id) }
            }
        } else {
            dropped = s.items.map { collection(named: $0.source)?.makeCopy(of: $0.id) ?? $0.id }
            // A copy must be new: one already held anywhere (not only where this drop changes
            // things) would appear twice. Runs answer without a scan.
            for id in dropped {
                let holders = collections.filter { $0.items.contains { $0.contains(id) } }.count + zones.filter { $0.items.contains(id) }.count
                if holders > 0 { throw CollectionUpdateError(message: strings.dropWouldDuplicate("\(id.base)", holders + 1)) }
            }
        }
        plannedDrop = dropped
        let zone = zone(named: over.dropName)
        let zoneBefore = zone?.items ?? []
        var zoneAfter = zoneBefore
        var summary = ""
        var movedItems = dropped
        if let target = collection(named: over.dropName) {
            var t = items(target)
            if let occupant = s.swapsWith, let source = collection(named: s.items[0].source) {
                movedItems.append(occupant)
                t = t.map { $0.removing(occupant) }
                newItems[target.dropName] = t
                var back = items(source)
                let origin = s.items[0].origin
                let section = min(origin.section, back.count - 1)
                back[section].insert(occupant, at: min(origin.item, back[section].count))
                newItems[source.dropName] = back
                t = newItems[target.dropName]!
            }
            guard !t.isEmpty else { throw CollectionUpdateError(message: strings.targetHasNoSections(target.title)) }
            let gap = target.gap ?? ItemPath(item: t.last?.count ?? 0, section: max(0, t.count - 1))
            let section = min(gap.section, t.count - 1)
            t[section].insert(contentsOf: dropped, at: min(gap.item, t[section].count))
            newItems[target.dropName] = t
            summary = strings.dropSummary(dropped.count == 1 ? target.describe(dropped[0]) : strings.severalItems(dropped.count), target.title)
        } else {
            zoneAfter += dropped
            summary = strings.dropSummary(strings.severalItems(dropped.count), over.dropTitle)
        }
        // The whole change must add up: every identifier before is somewhere after, once. The
        // head and tail each section keeps hold the same identifiers before and after, so only
        // the changed parts are counted; duplicates are looked for everywhere, runs as ranges.
        let touched = newItems.keys.sorted()
        /// The refusal for an identifier the drop would show more than once (counted only then).
        func duplicate(_ id: AnyHashable) -> CollectionUpdateError {
            let times = touched.reduce(zoneAfter.filter { $0 == id }.count) { n, name in
                newItems[name]!.reduce(n) { $0 + $1.filter { $0 == id }.count }
            }
            return CollectionUpdateError(message: strings.dropWouldDuplicate("\(id.base)", times))
        }
        var before: [AnyHashable: Int] = [:], after: [AnyHashable: Int] = [:]
        var owners = ItemOwners()
        for name in touched {
            let old = collection(named: name)!.items, new = newItems[name]!
            for (k, list) in new.enumerated() {
                let (head, tail) = k < old.count ? ItemList.commonEnds(old[k], list) : (0, 0)
                if k < old.count { for id in old[k][head..<(old[k].count - tail)] { before[id, default: 0] += 1 } }
                for id in list[head..<(list.count - tail)] { after[id, default: 0] += 1 }
                if let twice = owners.add(list, owner: name) { throw duplicate(twice.id) }
            }
        }
        for id in zoneBefore { before[id, default: 0] += 1 }
        for id in zoneAfter { after[id, default: 0] += 1 }
        if let twice = owners.add(ItemList(zoneAfter), owner: over.dropName) { throw duplicate(twice.id) }
        if s.operation == .copy { for id in dropped { before[id, default: 0] += 1 } }
        if let dup = after.first(where: { $0.value > 1 }) {
            throw CollectionUpdateError(message: strings.dropWouldDuplicate("\(dup.key.base)", dup.value))
        }
        guard before == after else {
            throw CollectionUpdateError(message: strings.dropDoesNotAddUp)
        }
        var patches: [String: [SectionPatch]] = [:]
        for name in touched {
            let old = collection(named: name)!.items, new = newItems[name]!
            patches[name] = old.indices.compactMap { SectionPatch.between(old[$0], new[$0], section: $0) }
        }
        return DropRecord(patches: patches, zone: zone?.dropName, zoneBefore: zoneBefore, zoneAfter: zoneAfter,
                          movedItems: movedItems, summary: summary)
    }

    /// Applies a record forward or backward, all or nothing: every collection's new data is
    /// computed and validated first; only then does any collection change (data, then view).
    /// Returns the change for ``onChange``.
    func apply(_ record: DropRecord, reversed: Bool, cause: DragDropChange.Cause) throws -> DragDropChange {
        var staged: [(any DropContainer, [ItemList])] = []
        for name in record.patches.keys.sorted() {
            guard let c = collection(named: name) else { throw CollectionUpdateError(message: "no collection named \(name)") }
            var items = c.items
            for patch in (reversed ? record.patches[name]!.reversed() : record.patches[name]!) {
                guard let next = patch.applied(to: items, reversed: reversed) else {
                    throw CollectionUpdateError(message: (reversed ? strings.cannotUndo : strings.cannotRedo)(c.title, record.summary))
                }
                items = next
            }
            try c.validateChange?(c.items, items)
            staged.append((c, items))
        }
        var before: [String: [ItemList]] = [:], after: [String: [ItemList]] = [:]
        for (c, items) in staged {
            before[c.dropName] = c.items
            after[c.dropName] = items
            try c.setItems(items, animated: true)
        }
        if let zone = zone(named: record.zone) {
            zone.items = reversed ? record.zoneBefore : record.zoneAfter
        }
        marks.repair(in: collections, before: before)
        return DragDropChange.between(before: before, after: after, ids: record.movedItems, cause: cause, zone: record.zone)
    }

    /// Adds an observer of committed changes, told after ``onChange``; `onChange` set later does
    /// not remove it.
    public func addChangeObserver(_ observer: @escaping (DragDropChange) -> Void) { changeObservers.append(observer) }

    /// Tells the app about a committed change.
    func notify(_ change: DragDropChange) {
        guard !change.edits.isEmpty || !change.collections.isEmpty else { return }
        onChange?(change)
        for observer in changeObservers { observer(change) }
    }

    /// Puts a committed drop on the history: undoing and redoing it apply its patches and tell
    /// the app; forgetting it lets a trash forget the items only it could bring back.
    func remember(_ record: DropRecord) {
        recordsMade += 1
        let key = recordsMade
        liveRecords[key] = record
        history.push(record.summary, undo: { [unowned self] in
            notify(try apply(record, reversed: true, cause: .undo))
        }, redo: { [unowned self] in
            notify(try apply(record, reversed: false, cause: .redo))
        }, discard: { [weak self] in
            self?.liveRecords[key] = nil
            self?.pruneTrash()
        })
    }

    /// Items a zone that does not keep them (a trash) holds but no drop left on the history can
    /// bring back are forgotten.
    func pruneTrash() {
        for zone in zones where !zone.keepsItems {
            let undoable = Set(liveRecords.values.filter { $0.zone == zone.dropName }.flatMap(\.zoneAfter))
            zone.items = zone.items.filter { undoable.contains($0) }
        }
    }

    /// Undoes the last edit on the history (a drop, or an edit the app pushed); nothing during a
    /// drag. A change that cannot be undone (the data changed another way since) stays on the
    /// history and is reported in ``notices``.
    public func undo(now: Double) {
        guard session == nil, history.canUndo else { return }
        landAll()
        do { try history.undo() } catch { messages.post(error, now: now, flashing: false) }
    }

    /// Redoes the last undone edit; as ``undo(now:)``.
    public func redo(now: Double) {
        guard session == nil, history.canRedo else { return }
        landAll()
        do { try history.redo() } catch { messages.post(error, now: now, flashing: false) }
    }
}
