/// The difference between two lists of identified elements, by Paul Heckel's algorithm ("A
/// technique for isolating differences between files", CACM 1978), as IGListKit uses it: O(n)
/// time and memory for n = old + new elements.
///
/// Identity is kept apart from content. Two elements are "the same item" when their identifiers
/// are equal; an item whose identifier stayed but whose content changed is an *update* (a
/// reconfigure), not a delete plus an insert, so its cell stays and its frame can glide.
///
/// The passes, each one linear:
///
/// 1. **New list → symbol table.** Every new element gets an entry keyed by its identifier,
///    recording where it occurs in the new list (a second occurrence is refused).
/// 2. **Old list → symbol table.** Each old element looks its identifier up and records that it
///    occurs in the old list too, and where.
/// 3. **Unique pairs.** An identifier that occurs exactly once in each list links the two
///    positions: the new element points at its old index and the old element at its new index.
///    Heckel's passes 4 and 5 grow matches from these anchors across runs of elements that are
///    not unique (lines of text repeat); identifiers here must be unique, so every element that
///    survives is linked by pass 3 and those passes have nothing to do. Duplicates are refused
///    before any pass runs.
/// 4. **Deletes.** Old elements without a link were deleted. A running count of them gives, for
///    each old index, how many deletes come before it.
/// 5. **Inserts, moves and updates.** New elements without a link were inserted (with a running
///    count too). A linked element whose position, corrected for the deletes before its old
///    index and the inserts before its new index, is not where it would have drifted to has
///    moved; a linked element whose content differs is updated.
///
/// The result uses UIKit's batch-update convention: deletes and moves' sources are old indices,
/// inserts and moves' destinations are new indices, updates are old indices.
public struct Diff: Equatable, Sendable {
    /// An element kept but moved: old index, new index.
    public struct Move: Equatable, Hashable, Sendable {
        public var from: Int
        public var to: Int
        public init(from: Int, to: Int) { self.from = from; self.to = to }
    }
    /// Old indices of deleted elements, ascending.
    public var deletes: [Int] = []
    /// New indices of inserted elements, ascending.
    public var inserts: [Int] = []
    /// Elements kept whose position changed beyond the drift that deletes and inserts cause.
    public var moves: [Move] = []
    /// Old indices of elements kept with changed content, ascending.
    public var updates: [Int] = []
    /// For each new index, the old index of the same element, or nil for an insert.
    public var oldIndexForNew: [Int?] = []

    /// An empty difference.
    public init() {}
    /// True when nothing changed.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty }
    /// Deletes, inserts, moves and updates together.
    public var changeCount: Int { deletes.count + inserts.count + moves.count + updates.count }
}

/// An identifier occurring more than once in a list to diff or a snapshot to apply.
public struct DuplicateIdentifierError: Error, Equatable, CustomStringConvertible {
    /// What was duplicated, and where.
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Heckel's diff; see the file's introduction for the passes.
public enum Diffing {
    /// The difference from `old` to `new`, by identifier, with `contentEqual` telling updates
    /// apart. Throws `DuplicateIdentifierError` if an identifier occurs twice in either list.
    /// O(old + new), plus one `contentEqual` call per kept element. Inlinable, so callers get a
    /// version specialised for their identifier type (hashing through a generic witness is
    /// several times slower).
    ///
    /// Heckel's symbol table counts occurrences per identifier. Since any count above one is
    /// refused, an entry here only needs to say where the identifier was seen: a new index
    /// (0 or more), or, for an identifier seen only in the old list, `-2 - oldIndex`. One table
    /// serves both lists, and each element costs one hash lookup or insert.
    @inlinable
    public static func diff<Element, ID: Hashable>(old: [Element], new: [Element], identifier: (Element) -> ID,
                                                   contentEqual: (Element, Element) -> Bool) throws -> Diff {
        // Pass 1: the new list fills the symbol table.
        var table: [ID: Int] = [:]
        table.reserveCapacity(old.count + new.count)
        for i in new.indices {
            let id = identifier(new[i])
            guard table.updateValue(i, forKey: id) == nil else {
                throw DuplicateIdentifierError("identifier \(id) occurs twice in the new list (index \(i))")
            }
        }
        // Passes 2 and 3: the old list looks itself up. An identifier seen once on each side links
        // the two positions; a second sighting on the old side is a duplicate.
        var newToOld = [Int](repeating: -1, count: new.count)
        var oldToNew = [Int](repeating: -1, count: old.count)
        for j in old.indices {
            let id = identifier(old[j])
            if let seen = table[id] {
                guard seen >= 0, newToOld[seen] < 0 else {
                    throw DuplicateIdentifierError("identifier \(id) occurs twice in the old list (index \(j))")
                }
                newToOld[seen] = j
                oldToNew[j] = seen
            } else {
                table[id] = -2 - j
            }
        }
        // (Passes 4 and 5 of the paper only extend matches over repeated identifiers; there are none.)
        var diff = Diff()
        // Deletes: unlinked old elements, with how many come before each old index.
        var deletesBefore = [Int](repeating: 0, count: old.count)
        var running = 0
        for j in old.indices {
            deletesBefore[j] = running
            if oldToNew[j] < 0 { diff.deletes.append(j); running += 1 }
        }
        // Inserts, moves and updates, walking the new list.
        diff.oldIndexForNew.reserveCapacity(new.count)
        var insertsBefore = 0
        for i in new.indices {
            let j = newToOld[i]
            guard j >= 0 else {
                diff.inserts.append(i)
                diff.oldIndexForNew.append(nil)
                insertsBefore += 1
                continue
            }
            diff.oldIndexForNew.append(j)
            // Where the element would be if only the deletes and inserts around it had happened.
            let drifted = j - deletesBefore[j] + insertsBefore
            if drifted != i { diff.moves.append(Diff.Move(from: j, to: i)) }
            if !contentEqual(old[j], new[i]) { diff.updates.append(j) }
        }
        diff.updates.sort()
        return diff
    }

    /// The difference between two lists of identifiers (no content of their own).
    @inlinable
    public static func diff<ID: Hashable>(old: [ID], new: [ID]) throws -> Diff {
        try diff(old: old, new: new, identifier: { $0 }, contentEqual: { _, _ in true })
    }
}
