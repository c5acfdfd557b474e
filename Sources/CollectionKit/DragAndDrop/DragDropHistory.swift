/// A change of one section's identifiers: `old` replaced by `new` starting at `start`. Kept
/// instead of whole arrays so undoing a drop in a 100,000-item collection stores a few items.
public struct SectionPatch: Equatable {
    public var section: Int
    public var start: Int
    public var old: [AnyHashable]
    public var new: [AnyHashable]

    /// The patch from `a` to `b` that leaves out the common head and tail, found with the
    /// engine's one diff (`Diffing`): the head ends at the first item that did not come from the
    /// same index, the tail likewise from the end. Nil when equal. A list holding an identifier
    /// twice (which no collection accepts) is patched whole.
    public static func between(_ a: [AnyHashable], _ b: [AnyHashable], section: Int) -> SectionPatch? {
        guard a != b else { return nil }
        guard let diff = try? Diffing.diff(old: a, new: b) else {
            return SectionPatch(section: section, start: 0, old: a, new: b)
        }
        let from = diff.oldIndexForNew
        var prefix = 0
        while prefix < a.count, prefix < b.count, from[prefix] == prefix { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, from[b.count - 1 - suffix] == a.count - 1 - suffix { suffix += 1 }
        return SectionPatch(section: section, start: prefix, old: Array(a[prefix..<(a.count - suffix)]),
                            new: Array(b[prefix..<(b.count - suffix)]))
    }

    /// Applies the patch forward (`reversed` false) or backward to `items`; nil when `items` does
    /// not hold what the patch expects there (the data changed another way since).
    public func applied(to items: [[AnyHashable]], reversed: Bool = false) -> [[AnyHashable]]? {
        let expected = reversed ? new : old, replacement = reversed ? old : new
        guard items.indices.contains(section), start + expected.count <= items[section].count,
              Array(items[section][start..<(start + expected.count)]) == expected else { return nil }
        var result = items
        result[section].replaceSubrange(start..<(start + expected.count), with: replacement)
        return result
    }
}

/// One completed drop as undo sees it: the patches per collection, what the drop zone it used
/// held before and after, and the items the user moved (for the change notification).
public struct DropRecord: Equatable {
    public var patches: [String: [SectionPatch]]
    /// The drop zone the items went into, if any.
    public var zone: String?
    public var zoneBefore: [AnyHashable]
    public var zoneAfter: [AnyHashable]
    /// The items dragged, copied or swapped out, in drag order.
    public var movedItems: [AnyHashable]
    /// What the user did, for notices ("moved Task 3 to Today").
    public var summary: String
}
