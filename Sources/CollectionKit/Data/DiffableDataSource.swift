/// UIKit's diffable data source: the data is described as snapshots of section and item
/// identifiers, and applying a snapshot works out the updates (Heckel's diff, Diffing.swift),
/// checks them and hands them to `performBatchUpdates`, animated.

/// A data source that owns a snapshot and keeps a collection view in step with it.
///
/// Keep a strong reference: the collection view holds its data source weakly.
public final class DiffableDataSource<SectionID: Hashable, ItemID: Hashable>: CollectionDataSource {
    /// Dequeues and configures the cell for an item.
    public typealias CellProvider = (CollectionView, ItemPath, ItemID) -> CollectionCell
    /// Draws a header (kind, index path, frame) into a list.
    public typealias SupplementaryDrawer = (CollectionView, String, ItemPath, Rect, inout DrawList) -> Void

    /// The view this source feeds (held weakly, as the view holds its source weakly).
    public private(set) weak var collectionView: CollectionView?
    /// The snapshot shown now.
    public var snapshot: DiffableSnapshot<SectionID, ItemID> { current }
    @usableFromInline var current = DiffableSnapshot<SectionID, ItemID>()
    private let cellProvider: CellProvider
    /// Draws headers; nil draws none.
    public var supplementaryDrawer: SupplementaryDrawer?
    /// Whether an item may be moved interactively (nil: none may).
    public var canMoveItem: ((ItemID) -> Bool)?
    /// Told after an interactive movement moved an item (the snapshot already reflects it).
    public var didMoveItem: ((ItemID, ItemPath, ItemPath) -> Void)?
    /// The name assistive technology reads for an item (see `CollectionAccessibilityDataSource`);
    /// nil, or no closure, names it by position.
    public var accessibilityLabel: ((ItemID) -> String?)?

    /// Becomes `collectionView`'s data source; cells come from `cellProvider`.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// The identifier shown at a data index path, or nil out of range.
    public func itemIdentifier(at ip: ItemPath) -> ItemID? {
        guard current.items.count > ip.section, ip.section >= 0 else { return nil }
        let list = current.items[ip.section]
        return list.indices.contains(ip.item) ? list[ip.item] : nil
    }

    /// What applying a snapshot did.
    public struct ApplyResult: Equatable {
        /// The difference applied (empty for a reload). Applied by its changed part (see
        /// `changedPartLimit`), its `oldIndexForNew` is empty.
        public var diff: Diff
        /// True when the sections changed (or the view was empty), so it was reloaded instead of animated.
        public var reloaded: Bool
        @inlinable public init(diff: Diff, reloaded: Bool) { self.diff = diff; self.reloaded = reloaded }
    }

    /// Makes `newSnapshot` current and updates the view: inserts, deletes, moves and reconfigures
    /// worked out by Heckel's diff (O(n)) and applied through `performBatchUpdates`, animated when
    /// asked. Section changes reload the view (the engine's batch updates are per item).
    ///
    /// Throws `DuplicateIdentifierError` for a snapshot with repeated identifiers, and rethrows a
    /// refused batch update; either way the data source and the view stay as they were.
    /// Inlinable, so the diff and the checks are specialised for the caller's identifier types.
    ///
    /// A snapshot of more than `changedPartLimit` items (old and new together) that changes only
    /// one section, and keeps the sections, is checked and diffed only where that section
    /// changed: the diff of its changed part is the diff of the whole (the equal head and tail
    /// neither move nor change), so an item inserted or deleted among ten million costs their
    /// comparison, not hashing every identifier.
    @inlinable @discardableResult
    public func apply(_ newSnapshot: DiffableSnapshot<SectionID, ItemID>, animated: Bool = true) throws -> ApplyResult {
        let old = current
        if old.numberOfItems > 0, old.numberOfItems + newSnapshot.numberOfItems > Self.changedPartLimit,
           old.sectionIdentifiers == newSnapshot.sectionIdentifiers, let cv = collectionView,
           let changed = Self.onlyChangedSection(old, newSnapshot) {
            return try applyChangedPart(of: changed, newSnapshot, old: old, cv: cv, animated: animated)
        }
        // The same sections and items as the snapshot shown (valid already): only reconfigures.
        if !(old.numberOfItems > 0 && old.sectionIdentifiers == newSnapshot.sectionIdentifiers && old.items == newSnapshot.items) {
            try newSnapshot.validate()
        }
        var next = newSnapshot
        next.clearReconfigured()
        // Section changes, and a first snapshot (nothing on screen to animate from), reload.
        guard old.sectionIdentifiers == newSnapshot.sectionIdentifiers, old.numberOfItems > 0, let cv = collectionView else {
            current = next
            collectionView?.reloadData()
            return ApplyResult(diff: Diff(), reloaded: true)
        }
        let reconfigured = newSnapshot.reconfiguredItems
        // The same items in the same order: only reconfigures, found in one pass with no diff
        // and no moves to check (a style change in a million items stays cheap).
        if old.items == newSnapshot.items {
            var reloads: [ItemPath] = []
            var diff = Diff()
            if !reconfigured.isEmpty {
                var flat = 0
                for (s, list) in newSnapshot.items.enumerated() {
                    for i in list.indices {
                        if reconfigured.contains(list[i]) { reloads.append(ItemPath(item: i, section: s)); diff.updates.append(flat) }
                        flat += 1
                    }
                }
            }
            current = next
            do {
                try cv.performBatchUpdates(reloads.isEmpty ? [] : [.reload(reloads)], animated: animated, identifiersKnownUnique: true)
            } catch {
                current = old
                throw error
            }
            return ApplyResult(diff: diff, reloaded: false)
        }
        let oldPaths = Self.indexPaths(old), newPaths = Self.indexPaths(newSnapshot)
        let diff = try Diffing.diff(old: old.itemIdentifiers, new: newSnapshot.itemIdentifiers, identifier: { $0 },
                                    contentEqual: { _, new in !reconfigured.contains(new) })
        var updates: [CollectionUpdate] = []
        if !diff.deletes.isEmpty { updates.append(.delete(diff.deletes.map { oldPaths[$0] })) }
        if !diff.inserts.isEmpty { updates.append(.insert(diff.inserts.map { newPaths[$0] })) }
        var moved = Set<Int>()
        for m in diff.moves {
            updates.append(.move(oldPaths[m.from], newPaths[m.to]))
            moved.insert(m.from)
        }
        let reloads = diff.updates.filter { !moved.contains($0) }.map { oldPaths[$0] }
        if !reloads.isEmpty { updates.append(.reload(reloads)) }
        current = next
        // New index path → old one, so items coming into view glide in from their old places.
        var sectionStart: [Int] = [], total = 0
        for sec in 0..<newSnapshot.numberOfSections { sectionStart.append(total); total += newSnapshot.numberOfItems(inSectionAt: sec) }
        let previous: (ItemPath) -> ItemPath? = { ip in
            guard sectionStart.indices.contains(ip.section) else { return nil }
            let flat = sectionStart[ip.section] + ip.item
            guard diff.oldIndexForNew.indices.contains(flat), let old = diff.oldIndexForNew[flat] else { return nil }
            return oldPaths[old]
        }
        do {
            // The snapshot was validated above: the view need not scan every identifier again.
            try cv.performBatchUpdates(updates, animated: animated, previousIndexPath: previous, identifiersKnownUnique: true)
        } catch {
            current = old
            throw error
        }
        return ApplyResult(diff: diff, reloaded: false)
    }

    /// Snapshots of more items than this (old and new together) are checked and diffed only in the
    /// part of the one section that changed, when only one did (see `apply`).
    public static var changedPartLimit: Int { 100_000 }

    /// The one section whose items differ between `a` and `b` (same sections), or nil when none
    /// or several do.
    @usableFromInline static func onlyChangedSection(_ a: DiffableSnapshot<SectionID, ItemID>,
                                                     _ b: DiffableSnapshot<SectionID, ItemID>) -> Int? {
        var found: Int?
        for s in 0..<a.numberOfSections where a.items[s] != b.items[s] {
            guard found == nil else { return nil }
            found = s
        }
        return found
    }

    /// When `b` is `a` with one item of the `count` from `start` moved from one end of them to the
    /// other, and they are many (more than 1,000; fewer are left to the diff), where it moved
    /// (offsets from `start`). O(count) comparisons.
    @inlinable static func rotationByOne(_ a: DiffableSnapshot<SectionID, ItemID>.SectionItems,
                                         _ b: DiffableSnapshot<SectionID, ItemID>.SectionItems,
                                         from start: Int, count m: Int) -> (from: Int, to: Int)? {
        guard m > 1_000, a.count - start >= m, b.count - start >= m else { return nil }
        if b[start] == a[start + m - 1] {
            var k = 1
            while k < m, b[start + k] == a[start + k - 1] { k += 1 }
            if k == m { return (m - 1, 0) }
        }
        if b[start + m - 1] == a[start] {
            var k = 0
            while k < m - 1, b[start + k] == a[start + k + 1] { k += 1 }
            if k == m - 1 { return (0, m - 1) }
        }
        return nil
    }

    /// `apply` for a snapshot whose section `s` alone changed: the section's equal head and tail
    /// are skipped, its changed part is diffed (and checked for identifiers twice, the inserted
    /// ones against the rest of the old snapshot, which `current` holds valid).
    @inlinable
    func applyChangedPart(of s: Int, _ newSnapshot: DiffableSnapshot<SectionID, ItemID>, old: DiffableSnapshot<SectionID, ItemID>,
                          cv: CollectionView, animated: Bool) throws -> ApplyResult {
        let a = old.items[s], b = newSnapshot.items[s]
        let limit = min(a.count, b.count)
        var head = 0
        while head < limit, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < limit - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let reconfigured = newSnapshot.reconfiguredItems
        let m = a.count - tail - head
        var d = Diff()
        // For new item k of the changed part, the old one it was (nil: inserted).
        let oldIndexInPart: (Int) -> Int?
        if let rotation = Self.rotationByOne(a, b, from: head, count: m) {
            // One item moved across a long stretch (Move to top from far down): one move; the
            // items between close up behind it. (The whole diff lists each of them as a move.)
            d.moves = [Diff.Move(from: rotation.from, to: rotation.to)]
            if !reconfigured.isEmpty { d.updates = (0..<m).filter { reconfigured.contains(a[head + $0]) } }
            oldIndexInPart = rotation.from > rotation.to
                ? { k in k == 0 ? m - 1 : k - 1 }
                : { k in k == m - 1 ? 0 : k + 1 }
        } else {
            let oldPart = (head..<(a.count - tail)).map { a[$0] }, newPart = (head..<(b.count - tail)).map { b[$0] }
            d = try Diffing.diff(old: oldPart, new: newPart, identifier: { $0 }, contentEqual: { _, new in !reconfigured.contains(new) })
            let found = d.oldIndexForNew
            oldIndexInPart = { found[$0] }
        }
        // An identifier inserted must not be held anywhere else in the snapshot.
        if !d.inserts.isEmpty {
            let inserted = Set(d.inserts.map { b[head + $0] })
            for (t, list) in old.items.enumerated() {
                for r in t == s ? [0..<head, (a.count - tail)..<a.count] : [list.indices] {
                    for i in r where inserted.contains(list[i]) {
                        throw DuplicateIdentifierError("item identifier \(list[i]) occurs twice in the snapshot (again at [\(t), \(i)])")
                    }
                }
            }
        }
        let oldPath = { (k: Int) in ItemPath(item: head + k, section: s) }
        var updates: [CollectionUpdate] = []
        if !d.deletes.isEmpty { updates.append(.delete(d.deletes.map(oldPath))) }
        if !d.inserts.isEmpty { updates.append(.insert(d.inserts.map(oldPath))) }
        var moved = Set<Int>()
        for m in d.moves {
            updates.append(.move(oldPath(m.from), oldPath(m.to)))
            moved.insert(m.from)
        }
        // Reconfigured items in the part that did not change are reloaded too.
        var reloadItems = d.updates.filter { !moved.contains($0) }.map { head + $0 }
        var reloadOthers: [ItemPath] = []
        if !reconfigured.isEmpty {
            for (t, list) in newSnapshot.items.enumerated() {
                for i in list.indices where (t != s || i < head || i >= b.count - tail) && reconfigured.contains(list[i]) {
                    if t == s { reloadItems.append(i < head ? i : i - b.count + a.count) } else { reloadOthers.append(ItemPath(item: i, section: t)) }
                }
            }
        }
        reloadItems.sort()
        let reloads = reloadOthers.filter { $0.section < s } + reloadItems.map { ItemPath(item: $0, section: s) }
            + reloadOthers.filter { $0.section > s }
        if !reloads.isEmpty { updates.append(.reload(reloads)) }
        // Flat indices for the result, as a whole diff gives them (without `oldIndexForNew`).
        var start = 0
        for t in 0..<s { start += old.items[t].count }
        var flatStarts: [Int] = [], total = 0
        for t in 0..<old.numberOfSections { flatStarts.append(total); total += old.items[t].count }
        var diff = Diff()
        diff.deletes = d.deletes.map { start + head + $0 }
        diff.inserts = d.inserts.map { start + head + $0 }
        diff.moves = d.moves.map { Diff.Move(from: start + head + $0.from, to: start + head + $0.to) }
        diff.updates = (d.updates.map { start + head + $0 }
            + reloadOthers.map { flatStarts[$0.section] + $0.item }
            + reloadItems.filter { $0 < head || $0 >= a.count - tail }.map { start + $0 }).sorted()
        let previous: (ItemPath) -> ItemPath? = { ip in
            guard ip.section >= 0, ip.section < newSnapshot.numberOfSections, ip.item >= 0,
                  ip.item < newSnapshot.items[ip.section].count else { return nil }
            guard ip.section == s, ip.item >= head else { return ip }
            if ip.item >= b.count - tail { return ItemPath(item: ip.item - b.count + a.count, section: s) }
            return oldIndexInPart(ip.item - head).map(oldPath)
        }
        var next = newSnapshot
        next.clearReconfigured()
        current = next
        do {
            try cv.performBatchUpdates(updates, animated: animated, previousIndexPath: previous, identifiersKnownUnique: true)
        } catch {
            current = old
            throw error
        }
        return ApplyResult(diff: diff, reloaded: false)
    }

    /// The index path of each flat position, in order.
    @usableFromInline static func indexPaths(_ s: DiffableSnapshot<SectionID, ItemID>) -> [ItemPath] {
        var paths: [ItemPath] = []
        paths.reserveCapacity(s.numberOfItems)
        for sec in 0..<s.numberOfSections {
            for i in 0..<s.numberOfItems(inSectionAt: sec) { paths.append(ItemPath(item: i, section: sec)) }
        }
        return paths
    }

    // MARK: CollectionDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { current.items.count }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section < current.items.count ? current.items[section].count : 0
    }
    public func collectionView(_ collectionView: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable {
        AnyHashable(current.items[ip.section][ip.item])
    }
    public func collectionView(_ collectionView: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        cellProvider(collectionView, ip, current.items[ip.section][ip.item])
    }
    public func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at ip: ItemPath,
                               in frame: Rect, into list: inout DrawList) {
        supplementaryDrawer?(collectionView, kind, ip, frame, &list)
    }
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt ip: ItemPath) -> Bool {
        guard let id = itemIdentifier(at: ip), let canMoveItem else { return false }
        return canMoveItem(id)
    }
    public func collectionView(_ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
        guard let id = itemIdentifier(at: source) else { return }
        let canMove = canMoveItem
        current.moveItem(inSection: source.section, from: source.item, to: destination.item) { !(canMove?($0) ?? false) }
        didMoveItem?(id, source, destination)
    }
}
