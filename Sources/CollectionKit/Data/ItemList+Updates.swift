extension ItemList {
    /// The updates that turn `old` into `new`: the engine's diff (`Diffing`, Heckel's) over the
    /// part of each section that changed (the equal head and tail of a section need no update,
    /// so a drop into 100,000 items hashes only the items around it). The changed parts of all
    /// sections are diffed together, so an item keeps its identity (and glides) even when it
    /// changes section. Throws when an identifier occurs twice among the changed items.
    /// O(n) comparisons (runs of the same identifiers compare whole), plus hashing of the changed parts.
    public static func updates(from old: [[AnyHashable]], to new: [[AnyHashable]]) throws -> [CollectionUpdate] {
        try updates(from: [ItemList](listing: old), to: [ItemList](listing: new))
    }

    /// The same for sections stored as ``ItemList``s, whose runs compare whole.
    public static func updates(from old: [ItemList], to new: [ItemList]) throws -> [CollectionUpdate] {
        var oldIDs: [AnyHashable] = [], newIDs: [AnyHashable] = []
        var oldPaths: [ItemPath] = [], newPaths: [ItemPath] = []
        for s in 0..<Swift.max(old.count, new.count) {
            let a = s < old.count ? old[s] : [], b = s < new.count ? new[s] : []
            let (head, tail) = ItemList.commonEnds(a, b)
            for i in head..<(a.count - tail) { oldIDs.append(a[i]); oldPaths.append(ItemPath(item: i, section: s)) }
            for i in head..<(b.count - tail) { newIDs.append(b[i]); newPaths.append(ItemPath(item: i, section: s)) }
        }
        let diff = try Diffing.diff(old: oldIDs, new: newIDs)
        var updates: [CollectionUpdate] = []
        if !diff.deletes.isEmpty { updates.append(.delete(diff.deletes.map { oldPaths[$0] })) }
        if !diff.inserts.isEmpty { updates.append(.insert(diff.inserts.map { newPaths[$0] })) }
        // The diff of the joined parts does not see an item that changes section at the same
        // joined index (the last of one section becoming the first of the next): the view must.
        let moved = Set(diff.moves.map(\.to))
        for (i, j) in diff.oldIndexForNew.enumerated() {
            guard let j, moved.contains(i) || oldPaths[j].section != newPaths[i].section else { continue }
            updates.append(.move(oldPaths[j], newPaths[i]))
        }
        return updates
    }
}
