/// Reloading and batch updates: the data source changes first, then the view is told, checks that
/// the changes add up and applies them.
extension CollectionView {
    private func queryCounts() -> SectionCounts {
        guard let ds = dataSource else { return [] }
        if let rule = ds.sectionCounts(in: self) { return rule }
        return SectionCounts((0..<ds.numberOfSections(in: self)).map { ds.collectionView(self, numberOfItemsInSection: $0) })
    }

    /// Forgets everything and asks the data source again.
    ///
    /// Selection, retained and hidden items and update animations are cleared; the scroll position is
    /// kept. O(sections) data source queries (none for counts given as a rule) plus one
    /// ``CollectionLayout/prepare(_:)``.
    public func reloadData() {
        sectionCounts = queryCounts()
        interactiveMove = nil
        selectedItems.removeAll()
        selectionAnchor = nil
        focusedItem = focusedItem.flatMap { $0.section < sectionCounts.count && $0.item < sectionCounts[$0.section] ? $0 : nil }
        retainedItems.removeAll()
        hiddenItems.removeAll()
        frameAnimations.removeAll()
        appearingItems.removeAll(); vanishingItems.removeAll()
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: true)
    }

    /// The number of items in all sections. O(1): kept as the counts change.
    public var numberOfItems: Int { totalItemCount }

    /// The data source's identifier for the item displayed at `indexPath`, or nil out of range.
    public func identifier(at indexPath: ItemPath) -> AnyHashable? {
        guard let ds = dataSource, sectionCounts.indices.contains(indexPath.section),
              (0..<sectionCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        return ds.collectionView(self, identifierForItemAt: dataIndexPath(forDisplayed: indexPath))
    }

    /// Applies changes the data source has already made. Checks that they add up (counts, ranges,
    /// identifiers) and throws without touching the view when they do not. Moved items keep their
    /// identity; with `animated`, items glide from their old frames to their new ones.
    ///
    /// Cost: O(u) to check u updates, one identifier lookup per item in every section the updates
    /// touch (to check identifiers stay unique), one ``CollectionLayout/prepare(_:)``, and remapping
    /// the selected, retained and hidden items, each O(u log u).
    ///
    /// ```swift
    /// items.swapAt(2, 5)                                    // the data source changes first
    /// try collectionView.performBatchUpdates([
    ///     .move(ItemPath(item: 2), ItemPath(item: 5)),
    ///     .move(ItemPath(item: 5), ItemPath(item: 2)),
    /// ])
    /// ```
    /// `previousIndexPath` (new → old index path, nil for an insert) lets items that come into view
    /// glide in from where the old layout had them (a diffable data source knows it); one that was
    /// far off screen starts just outside the viewport, on its side (see `enteringFrame`).
    /// `identifiersKnownUnique` skips the O(n) scan for duplicate identifiers (counts and ranges
    /// are still checked): for a caller that changed only identifiers it knows to be unique, such
    /// as a drag-and-drop collection moving its placeholder gap through 100,000 items.
    public func performBatchUpdates(_ updates: [CollectionUpdate], animated: Bool = true,
                                    previousIndexPath: ((ItemPath) -> ItemPath?)? = nil,
                                    identifiersKnownUnique: Bool = false) throws {
        guard interactiveMove == nil else {
            throw CollectionUpdateError(message: "\(name): an interactive movement is in progress; end or cancel it before updating")
        }
        let old = sectionCounts
        let new = queryCounts()
        guard old.count == new.count else {
            throw CollectionUpdateError(message: "\(name): the data source has \(new.count) sections, the view has \(old.count); section changes need reloadData()")
        }
        // By section touched: a view's sections can be a rule of 100,000 (no array of them).
        var delta: [Int: Int] = [:]
        var deleted = Set<ItemPath>(), inserted = Set<ItemPath>()
        let changes = updates.reduce(0) { n, u in
            switch u { case let .delete(d): return n + d.count; case let .insert(i): return n + i.count; case .move: return n + 1; case .reload: return n }
        }
        deleted.reserveCapacity(changes); inserted.reserveCapacity(changes)
        func check(_ ip: ItemPath, in counts: SectionCounts, _ what: String) throws {
            guard counts.indices.contains(ip.section), ip.item >= 0, ip.item < counts[ip.section] else {
                let count = counts.indices.contains(ip.section) ? "\(counts[ip.section]) items" : "no such section"
                throw CollectionUpdateError(message: "\(name): \(what) index path \(ip) is out of range (\(count))")
            }
        }
        for u in updates {
            switch u {
            case let .delete(ips):
                for ip in ips {
                    try check(ip, in: old, "deleted")
                    guard deleted.insert(ip).inserted else { throw CollectionUpdateError(message: "\(name): item \(ip) deleted twice") }
                    delta[ip.section, default: 0] -= 1
                }
            case let .insert(ips):
                for ip in ips {
                    try check(ip, in: new, "inserted")
                    guard inserted.insert(ip).inserted else { throw CollectionUpdateError(message: "\(name): item \(ip) inserted twice") }
                    delta[ip.section, default: 0] += 1
                }
            case let .move(from, to):
                try check(from, in: old, "moved-from")
                try check(to, in: new, "moved-to")
                guard deleted.insert(from).inserted, inserted.insert(to).inserted else {
                    throw CollectionUpdateError(message: "\(name): move \(from) → \(to) touches an item another update also changes")
                }
                delta[from.section, default: 0] -= 1
                delta[to.section, default: 0] += 1
            case let .reload(ips):
                for ip in ips { try check(ip, in: old, "reloaded") }
            }
        }
        for s in old.indices where old[s] + delta[s, default: 0] != new[s] {
            let added = delta[s, default: 0]
            throw CollectionUpdateError(message: "\(name): section \(s) had \(old[s]) items and the updates add \(added), so it should have \(old[s] + added), but the data source has \(new[s])")
        }
        // Identifiers must stay unique: check the sections the updates touched.
        if let ds = dataSource, !identifiersKnownUnique {
            let touched = Set(deleted.map(\.section) + inserted.map(\.section))
            var seen = Set<AnyHashable>()
            for s in touched.sorted() {
                for i in 0..<new[s] {
                    let id = ds.collectionView(self, identifierForItemAt: ItemPath(item: i, section: s))
                    guard seen.insert(id).inserted else {
                        throw CollectionUpdateError(message: "\(name): identifier \(id) appears twice after the update (item [\(s), \(i)])")
                    }
                }
            }
        }

        // It adds up: remember where visible items were drawn, then apply.
        var oldFrames: [AnyHashable: Rect] = [:]
        if animated {
            for a in visibleAttributes where a.kind == .cell {
                if let id = visibleIdentifiers[a.indexPath] { oldFrames[id] = presentedFrame(for: a, id: id) }
            }
        }
        let vanishing = animated ? recordVanishing(updates) : []
        // Selection, retention and hiding follow their items.
        let remap: (ItemPath) -> ItemPath? = { ip in
            CollectionView.indexAfterUpdates(ip, updates: updates)
        }
        selectedItems = Set(selectedItems.compactMap(remap))
        selectionAnchor = selectionAnchor.flatMap(remap)
        focusedItem = focusedItem.flatMap(remap)
        retainedItems = Set(retainedItems.compactMap(remap))
        hiddenItems = Set(hiddenItems.compactMap(remap))
        sectionCounts = new
        let oldLayout = layout
        let oldViewport = Rect(origin: physics.offset, size: frame.size)
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: true)
        if animated {
            for a in visibleAttributes where a.kind == .cell {
                guard let id = identifier(at: a.indexPath) else { continue }
                let from = oldFrames[id] ?? previousIndexPath?(a.indexPath).flatMap { oldLayout.attributesForItem(at: $0)?.frame }
                    .map { CollectionView.enteringFrame($0, viewport: oldViewport) }
                guard let from, from != a.frame else { continue }
                frameAnimations[id] = RectAnimation(from: from, to: a.frame, start: now)
            }
            startTransitions(vanishing: vanishing, updates: updates)
        }
    }

    /// Where an item that was out of view starts its glide into view: from its old frame moved
    /// to just outside the viewport (half of it showing) on the side it comes from, so an update
    /// that brings in far-away items (a shuffle) shows them arriving at once instead of an empty
    /// view while they travel the distance. A frame already near the viewport is kept. O(1).
    static func enteringFrame(_ old: Rect, viewport: Rect) -> Rect {
        guard viewport.width > 0, viewport.height > 0 else { return old }
        var r = old
        r.origin.x = min(max(r.origin.x, viewport.minX - r.width / 2), viewport.maxX - r.width / 2)
        r.origin.y = min(max(r.origin.y, viewport.minY - r.height / 2), viewport.maxY - r.height / 2)
        return r
    }

    /// Where an old index path lands after `updates` (nil if deleted). Deletes apply before inserts.
    ///
    /// O(u log u) for u index paths in the updates.
    public static func indexAfterUpdates(_ ip: ItemPath, updates: [CollectionUpdate]) -> ItemPath? {
        var deletes: [ItemPath] = [], inserts: [ItemPath] = []
        var moves: [(ItemPath, ItemPath)] = []
        for u in updates {
            switch u {
            case let .delete(d): deletes += d
            case let .insert(i): inserts += i
            case let .move(a, b): moves.append((a, b))
            case .reload: break
            }
        }
        if deletes.contains(ip) { return nil }
        if let m = moves.first(where: { $0.0 == ip }) { return m.1 }
        let removed = deletes + moves.map(\.0)
        var item = ip.item - removed.filter { $0.section == ip.section && $0.item < ip.item }.count
        let added = (inserts + moves.map(\.1)).filter { $0.section == ip.section }.map(\.item).sorted()
        for a in added where a <= item { item += 1 }
        return ItemPath(item: item, section: ip.section)
    }
}
