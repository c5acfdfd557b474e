/// A change of one section's identifiers: `old` replaced by `new` starting at `start`. Kept
/// instead of whole arrays so undoing a drop in a 100,000-item collection stores a few items.
struct SectionPatch: Equatable {
    var section: Int
    var start: Int
    var old: [AnyHashable]
    var new: [AnyHashable]

    /// The patch from `a` to `b` that leaves out the common head and tail (the identifiers
    /// that stayed at the same index from either end). Nil when equal. A changed part holding an
    /// identifier twice (which no collection accepts) makes the patch the whole list.
    static func between(_ a: [AnyHashable], _ b: [AnyHashable], section: Int) -> SectionPatch? {
        between(ItemList(a), ItemList(b), section: section)
    }

    /// The same for sections stored as runs: the common head and tail are found run by run
    /// (``ItemList/commonEnds(_:_:)``) and only the part between them is diffed and kept.
    static func between(_ a: ItemList, _ b: ItemList, section: Int) -> SectionPatch? {
        guard a != b else { return nil }
        let (head, tail) = ItemList.commonEnds(a, b)
        let old = Array(a[head..<(a.count - tail)]), new = Array(b[head..<(b.count - tail)])
        guard (try? Diffing.diff(old: old, new: new)) != nil else {
            return SectionPatch(section: section, start: 0, old: Array(a), new: Array(b))
        }
        return SectionPatch(section: section, start: head, old: old, new: new)
    }

    /// Applies the patch forward (`reversed` false) or backward to `items`; nil when `items` does
    /// not hold what the patch expects there (the data changed another way since).
    func applied(to items: [ItemList], reversed: Bool = false) -> [ItemList]? {
        let expected = reversed ? new : old, replacement = reversed ? old : new
        guard items.indices.contains(section), start + expected.count <= items[section].count,
              Array(items[section][start..<(start + expected.count)]) == expected else { return nil }
        var result = items
        result[section].replaceSubrange(start..<(start + expected.count), with: replacement)
        return result
    }

    /// The same for sections listed as arrays.
    func applied(to items: [[AnyHashable]], reversed: Bool = false) -> [[AnyHashable]]? {
        applied(to: [ItemList](listing: items), reversed: reversed)?.map(Array.init)
    }
}

/// One completed drop as undo sees it: the patches per collection, what the drop zone it used
/// held before and after, and the items the user moved (for the change notification).
struct DropRecord: Equatable {
    var patches: [String: [SectionPatch]]
    /// The drop zone the items went into, if any.
    var zone: String?
    var zoneBefore: [AnyHashable]
    var zoneAfter: [AnyHashable]
    /// The items dragged, copied or swapped out, in drag order.
    var movedItems: [AnyHashable]
    /// What the user did, for notices ("moved Task 3 to Today").
    var summary: String
}
