/// Sections and item identifiers, in order. Identifiers are identity only: what an item shows
/// lives with its owner, and `reconfigureItems` marks items whose content changed.
///
/// With `Int` identifiers, a section can hold a run of consecutive integers
/// (`appendItems(identifiersIn:toSection:)`) without listing them: ten million generated items
/// cost nothing each until an edit of that section lists them.
public struct DiffableSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// One section's identifiers: listed one by one, or, for `Int` identifiers only, the run
    /// `run.lowerBound..<run.upperBound`, listed on the section's first edit.
    @usableFromInline struct SectionItems: Equatable {
        @usableFromInline var listed: [ItemID] = []
        @usableFromInline var run: Range<Int>?

        @inlinable init(listed: [ItemID]) { self.listed = listed }
        @inlinable init(run: Range<Int>) { self.run = run }

        @inlinable var count: Int { run?.count ?? listed.count }
        @inlinable var isEmpty: Bool { count == 0 }
        @inlinable var indices: Range<Int> { 0..<count }
        /// A run exists only when `ItemID` is `Int` (see `appendItems(identifiersIn:toSection:)`).
        @inlinable subscript(i: Int) -> ItemID {
            if let run { return unsafeBitCast(run.lowerBound + i, to: ItemID.self) }
            return listed[i]
        }
        /// The identifiers as an array: O(n) for a run.
        @inlinable var array: [ItemID] {
            guard let run else { return listed }
            return unsafeBitCast(Array(run), to: [ItemID].self)
        }
        /// Lists a run, before an edit.
        @inlinable mutating func list() {
            guard run != nil else { return }
            listed = array
            run = nil
        }
        @inlinable func firstIndex(of id: ItemID) -> Int? {
            if let run {
                guard let n = id as? Int, run.contains(n) else { return nil }
                return n - run.lowerBound
            }
            return listed.firstIndex(of: id)
        }
        @inlinable static func == (a: SectionItems, b: SectionItems) -> Bool {
            if let ra = a.run, let rb = b.run { return ra == rb || (ra.isEmpty && rb.isEmpty) }
            if a.run == nil, b.run == nil { return a.listed == b.listed }
            guard a.count == b.count else { return false }
            for i in a.indices where a[i] != b[i] { return false }
            return true
        }
    }

    /// Section identifiers, in order.
    public private(set) var sectionIdentifiers: [SectionID] = []
    @usableFromInline var items: [SectionItems] = []
    /// Items whose content changed since the snapshot currently applied (their cells reconfigure).
    public private(set) var reconfiguredItems: Set<ItemID> = []

    /// An empty snapshot: no sections.
    public init() {}

    /// How many sections there are.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// How many items there are across sections: O(sections).
    @inlinable public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    @inlinable public var itemIdentifiers: [ItemID] { items.flatMap { $0.array } }
    public func itemIdentifiers(inSection s: SectionID) -> [ItemID] { sectionIndex(s).map { items[$0].array } ?? [] }
    /// The item identifiers of the section at `index` (listed: O(n) for a run).
    @inlinable public func items(inSectionAt index: Int) -> [ItemID] { items[index].array }
    /// How many items the section at `index` holds: O(1).
    @inlinable public func numberOfItems(inSectionAt index: Int) -> Int { items[index].count }
    /// The identifier of item `item` of the section at `index`: O(1), a run listing nothing.
    @inlinable public func itemIdentifier(_ item: Int, inSectionAt index: Int) -> ItemID { items[index][item] }
    /// The position of `id` in the section at `index`: O(1) in a run, O(n) in a listed section.
    @inlinable public func index(of id: ItemID, inSectionAt index: Int) -> Int? { items[index].firstIndex(of: id) }
    public func sectionIndex(_ s: SectionID) -> Int? { sectionIdentifiers.firstIndex(of: s) }

    /// The index path of an item: O(n).
    public func indexPath(of id: ItemID) -> ItemPath? {
        for (s, list) in items.enumerated() { if let i = list.firstIndex(of: id) { return ItemPath(item: i, section: s) } }
        return nil
    }

    /// Appends empty sections.
    public mutating func appendSections(_ ids: [SectionID]) {
        sectionIdentifiers += ids
        items += ids.map { _ in SectionItems(listed: []) }
    }

    /// Appends to `section`, or to the last section when nil.
    public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) {
        guard let s = section.flatMap(sectionIndex) ?? (items.isEmpty ? nil : items.count - 1) else {
            preconditionFailure("appendItems: the snapshot has no such section")
        }
        // Appended to an empty section, the array is shared, not copied (a million identifiers
        // held once by their owner and the snapshot).
        if items[s].isEmpty { items[s] = SectionItems(listed: ids) } else { items[s].list(); items[s].listed += ids }
    }

    /// Inserts `ids` at `index` of `section`.
    public mutating func insertItems(_ ids: [ItemID], at index: Int, inSection section: SectionID) {
        guard let s = sectionIndex(section) else { return }
        items[s].list()
        items[s].listed.insert(contentsOf: ids, at: min(max(0, index), items[s].count))
    }

    /// Removes items wherever they are: O(n).
    public mutating func deleteItems(_ ids: [ItemID]) {
        let gone = Set(ids)
        for s in items.indices where items[s].indices.contains(where: { gone.contains(items[s][$0]) }) {
            items[s].list()
            items[s].listed.removeAll { gone.contains($0) }
        }
        reconfiguredItems.subtract(gone)
    }

    /// Replaces the items of `section` wholesale.
    public mutating func setItems(_ ids: [ItemID], inSection section: SectionID) {
        guard let s = sectionIndex(section) else { return }
        items[s] = SectionItems(listed: ids)
    }

    /// Marks items whose content changed: applying the snapshot reconfigures their cells.
    public mutating func reconfigureItems(_ ids: [ItemID]) { reconfiguredItems.formUnion(ids) }

    /// Moves an item within its section, as an interactive movement does.
    public mutating func moveItem(inSection s: Int, from source: Int, to destination: Int, isAnchored: (ItemID) -> Bool) {
        items[s].list()
        items[s].listed.moveKeepingAnchors(from: source, to: destination, isAnchored: isAnchored)
    }

    /// Throws when an identifier (section or item) occurs twice. O(n).
    ///
    /// With `Comparable` identifiers, sections that are each in strictly increasing or decreasing
    /// order and whose ranges do not overlap hold no identifier twice: that is checked first, by
    /// comparisons alone (a million items in order cost a few milliseconds and no memory). Any
    /// other snapshot is checked with a table of the identifiers seen.
    @inlinable
    public func validate() throws {
        var sections = Set<SectionID>()
        for s in sectionIdentifiers where !sections.insert(s).inserted {
            throw DuplicateIdentifierError("section identifier \(s) occurs twice in the snapshot")
        }
        if let comparable = ItemID.self as? any Comparable.Type, Self.areDistinctByOrder(items, as: comparable) { return }
        var seen = Set<ItemID>()
        seen.reserveCapacity(numberOfItems)
        for (s, list) in items.enumerated() {
            for i in list.indices where !seen.insert(list[i]).inserted {
                throw DuplicateIdentifierError("item identifier \(list[i]) occurs twice in the snapshot (again at [\(s), \(i)])")
            }
        }
    }

    /// True when every section is strictly monotonic and no two sections' ranges overlap, so no
    /// identifier occurs twice; false says nothing (the table check decides). `C` is `ItemID`
    /// itself, known to be `Comparable` only at run time.
    @inlinable
    static func areDistinctByOrder<C: Comparable>(_ sections: [SectionItems], as _: C.Type) -> Bool {
        precondition(C.self == ItemID.self, "areDistinctByOrder: C must be the identifier type")
        var spans: [(low: C, high: C)] = []
        for section in sections where !section.isEmpty {
            if let run = section.run {
                // A run increases strictly (C is Int here).
                spans.append((unsafeBitCast(run.lowerBound, to: C.self), unsafeBitCast(run.upperBound - 1, to: C.self)))
                continue
            }
            let list = section.listed
            let span: (low: C, high: C)? = list.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: C.self) { ids in
                    let increasing = ids.count < 2 || ids[0] < ids[1]
                    for i in 1..<ids.count where !(increasing ? ids[i - 1] < ids[i] : ids[i] < ids[i - 1]) { return nil }
                    return increasing ? (ids[0], ids[ids.count - 1]) : (ids[ids.count - 1], ids[0])
                }
            }
            guard let span else { return false }
            spans.append(span)
        }
        spans.sort { $0.low < $1.low }
        for k in spans.indices.dropFirst() where !(spans[k - 1].high < spans[k].low) { return false }
        return true
    }

    @usableFromInline mutating func clearReconfigured() { reconfiguredItems.removeAll() }
}

extension DiffableSnapshot where ItemID == Int {
    /// Appends the integers `ids` as identifiers to `section` (the last section when nil). To an
    /// empty section they are kept as a run, listing nothing until the section is edited; to
    /// one with identifiers already, they are listed.
    public mutating func appendItems(identifiersIn ids: Range<Int>, toSection section: SectionID? = nil) {
        guard let s = section.flatMap(sectionIndex) ?? (items.isEmpty ? nil : items.count - 1) else {
            preconditionFailure("appendItems: the snapshot has no such section")
        }
        if items[s].isEmpty { items[s] = SectionItems(run: ids) } else { appendItems(Array(ids), toSection: sectionIdentifiers[s]) }
    }
}
