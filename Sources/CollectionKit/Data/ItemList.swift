/// A section's item identifiers, in order, stored as segments: a *run* of consecutive integer
/// identifiers (`lower..<upper`, each an `Int` in an `AnyHashable`) costs the same whatever its
/// length and is never listed, while identifiers given one by one are kept in arrays.
///
/// A board that starts with ten million generated cards is one run, and stays mostly runs as the
/// user edits it: taking a card out splits its run around the card, putting cards in adds a short
/// list between runs, and a card put back where it was joins its neighbours into one run again.
///
/// Reading an identifier by position is O(log s) for s segments; iterating is O(1) per
/// identifier; `count` is O(1). `firstIndex(of:)`, `contains(_:)` and ``removingAll(_:)`` look at
/// each run once instead of at each identifier in it. Editing (`replaceSubrange` and everything
/// `RangeReplaceableCollection` builds on it) is O(s) plus the listed identifiers it copies.
///
/// ```swift
/// var backlog = ItemList(identifiers: 0..<10_000_000)   // nothing listed
/// backlog.remove(at: 5)                                 // runs 0..<5 and 6..<10_000_000
/// backlog.insert(AnyHashable(5), at: 5)                 // one run again
/// backlog.insert(AnyHashable("new"), at: 0)             // a list of one, then the run
/// ```
public struct ItemList: RandomAccessCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral,
    Equatable, CustomStringConvertible {
    /// Consecutive integer identifiers, or identifiers listed one by one.
    enum Segment: Equatable {
        case run(Range<Int>)
        case list([AnyHashable])

        var count: Int {
            switch self {
            case let .run(r): return r.count
            case let .list(l): return l.count
            }
        }

        /// The identifiers at offsets `r` of this segment.
        func part(_ r: Range<Int>) -> Segment {
            switch self {
            case let .run(run): return .run((run.lowerBound + r.lowerBound)..<(run.lowerBound + r.upperBound))
            case let .list(l): return .list(Array(l[r]))
            }
        }
    }

    private(set) var segments: [Segment] = []
    /// `ends[k]`: how many identifiers segments 0 through k hold together.
    private(set) var ends: [Int] = []

    /// No identifiers.
    public init() {}

    /// The integers `identifiers` as identifiers, in order, without listing them.
    public init(identifiers: Range<Int>) {
        self.init(segments: [.run(identifiers)])
    }

    /// These identifiers, in order.
    public init(_ ids: [AnyHashable]) {
        self.init(segments: [.list(ids)])
    }

    public init(arrayLiteral elements: AnyHashable...) {
        self.init(elements)
    }

    public init<S: Sequence>(_ elements: S) where S.Element == AnyHashable {
        if let list = elements as? ItemList { self = list } else { self.init(Array(elements)) }
    }

    private init(segments: [Segment]) {
        set(ItemList.normalised(segments))
    }

    private mutating func set(_ new: [Segment]) {
        segments = new
        ends.removeAll(keepingCapacity: true)
        var total = 0
        for s in new {
            total += s.count
            ends.append(total)
        }
    }

    /// Drops empty segments, turns short lists of consecutive integers into runs, and joins
    /// neighbours that continue each other, so the same identifiers in the same order end up
    /// stored the same way however they were edited (and compare without listing runs).
    private static func normalised(_ input: [Segment]) -> [Segment] {
        var out: [Segment] = []
        out.reserveCapacity(input.count)
        for var s in input where s.count > 0 {
            if case let .list(l) = s, l.count <= 16, let run = consecutiveRun(l) { s = .run(run) }
            switch (out.last, s) {
            case let (.run(a)?, .run(b)) where a.upperBound == b.lowerBound:
                out[out.count - 1] = .run(a.lowerBound..<b.upperBound)
            case let (.list(a)?, .list(b)):
                out[out.count - 1] = .list(a + b)
            default:
                out.append(s)
            }
        }
        return out
    }

    /// `l` as a run, when it is consecutive integers.
    private static func consecutiveRun(_ l: [AnyHashable]) -> Range<Int>? {
        guard let first = l.first.flatMap(integer) else { return nil }
        for (k, id) in l.enumerated() where id != AnyHashable(first + k) { return nil }
        return first..<(first + l.count)
    }

    /// The `Int` an identifier equals (integers of any width compare equal in an `AnyHashable`).
    static func integer(_ id: AnyHashable) -> Int? {
        if let i = id.base as? Int { return i }
        guard let other = id.base as? any BinaryInteger else { return nil }
        return Int(exactly: other)
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.last ?? 0 }
    public var count: Int { endIndex }
    public var isEmpty: Bool { endIndex == 0 }
    /// How many identifiers are stored one by one; the others are in runs and cost nothing each.
    public var listedCount: Int {
        segments.reduce(0) { total, s in if case let .list(l) = s { return total + l.count } else { return total } }
    }

    /// The segment holding `position`, and where that segment starts.
    func segment(holding position: Int) -> (index: Int, start: Int) {
        let ends = ends
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] > position { hi = mid } else { lo = mid + 1 }
        }
        return (lo, lo == 0 ? 0 : ends[lo - 1])
    }

    public subscript(position: Int) -> AnyHashable {
        precondition(position >= 0 && position < count, "ItemList index \(position) out of range 0..<\(count)")
        let (k, start) = segment(holding: position)
        switch segments[k] {
        case let .run(r): return AnyHashable(r.lowerBound + position - start)
        case let .list(l): return l[position - start]
        }
    }

    /// Walks the segments: O(1) per identifier.
    public struct Iterator: IteratorProtocol {
        let segments: [Segment]
        var k = 0, offset = 0

        public mutating func next() -> AnyHashable? {
            while k < segments.count {
                switch segments[k] {
                case let .run(r) where offset < r.count:
                    offset += 1
                    return AnyHashable(r.lowerBound + offset - 1)
                case let .list(l) where offset < l.count:
                    offset += 1
                    return l[offset - 1]
                default:
                    k += 1
                    offset = 0
                }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(segments: segments) }

    // MARK: Editing

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == AnyHashable {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "ItemList range \(subrange) out of 0..<\(count)")
        var out = pieces(0..<subrange.lowerBound)
        if let list = newElements as? ItemList {
            out += list.segments
        } else if !newElements.isEmpty {
            out.append(.list(Array(newElements)))
        }
        out += pieces(subrange.upperBound..<count)
        set(ItemList.normalised(out))
    }

    public mutating func reserveCapacity(_ n: Int) {}

    /// One edit for the whole sequence (the default appends one identifier at a time).
    public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == AnyHashable {
        let added = newElements as? ItemList ?? ItemList(Array(newElements))
        replaceSubrange(endIndex..<endIndex, with: added)
    }

    /// The identifiers `isIncluded` keeps, in order. A run stays runs (cut where identifiers
    /// were left out), so filtering a run of millions lists nothing, though it asks about each.
    public func filter(_ isIncluded: (AnyHashable) throws -> Bool) rethrows -> ItemList {
        var out: [Segment] = []
        for s in segments {
            switch s {
            case let .run(r):
                var from = r.lowerBound
                for n in r where try !isIncluded(AnyHashable(n)) {
                    out.append(.run(from..<n))
                    from = n + 1
                }
                out.append(.run(from..<r.upperBound))
            case let .list(l):
                out.append(.list(try l.filter(isIncluded)))
            }
        }
        return ItemList(segments: out)
    }

    /// The segments covering positions `r`, the ones at its ends cut to it.
    private func pieces(_ r: Range<Int>) -> [Segment] {
        guard !r.isEmpty else { return [] }
        var out: [Segment] = []
        var (k, start) = segment(holding: r.lowerBound)
        while k < segments.count, start < r.upperBound {
            let s = segments[k]
            let lo = Swift.max(0, r.lowerBound - start), hi = Swift.min(s.count, r.upperBound - start)
            out.append(lo == 0 && hi == s.count ? s : s.part(lo..<hi))
            start += s.count
            k += 1
        }
        return out
    }

    // MARK: Searching

    /// The position of `id`: O(s) over runs, plus the listed identifiers.
    public func firstIndex(of id: AnyHashable) -> Int? {
        let n = ItemList.integer(id)
        var start = 0
        for s in segments {
            switch s {
            case let .run(r):
                if let n, r.contains(n) { return start + n - r.lowerBound }
            case let .list(l):
                if let i = l.firstIndex(of: id) { return start + i }
            }
            start += s.count
        }
        return nil
    }

    /// True when `id` is here: O(s) over runs, plus the listed identifiers.
    public func contains(_ id: AnyHashable) -> Bool { firstIndex(of: id) != nil }

    public func _customContainsEquatableElement(_ element: AnyHashable) -> Bool? { contains(element) }

    public func _customIndexOfEquatableElement(_ element: AnyHashable) -> Int?? { .some(firstIndex(of: element)) }

    /// These identifiers without any of `ids`: each run is cut around the identifiers of `ids`
    /// it holds (O(|ids|) per run), lists are filtered.
    public func removingAll(_ ids: Set<AnyHashable>) -> ItemList {
        guard !ids.isEmpty else { return self }
        let integers = ids.compactMap(ItemList.integer).sorted()
        var out: [Segment] = []
        for s in segments {
            switch s {
            case let .run(r):
                var from = r.lowerBound
                let first = Search.partition(integers.count) { integers[$0] >= r.lowerBound }
                for n in integers[first...] {
                    guard n < r.upperBound else { break }
                    out.append(.run(from..<n))
                    from = n + 1
                }
                out.append(.run(from..<r.upperBound))
            case let .list(l):
                out.append(.list(l.filter { !ids.contains($0) }))
            }
        }
        return ItemList(segments: out)
    }

    /// These identifiers without `id`.
    public func removing(_ id: AnyHashable) -> ItemList { removingAll([id]) }

    // MARK: Comparing

    /// How many identifiers `a` and `b` share at their start (`head`) and, after that, at their
    /// end (`tail`). Stretches where both are runs of the same integers are skipped whole, so two
    /// versions of a list of millions that differ by a card compare in a few steps.
    public static func commonEnds(_ a: ItemList, _ b: ItemList) -> (head: Int, tail: Int) {
        let limit = Swift.min(a.count, b.count)
        var head = 0
        while head < limit {
            let (ka, sa) = a.segment(holding: head), (kb, sb) = b.segment(holding: head)
            if case let .run(ra) = a.segments[ka], case let .run(rb) = b.segments[kb] {
                guard ra.lowerBound + head - sa == rb.lowerBound + head - sb else { break }
                head += Swift.min(ra.count - (head - sa), rb.count - (head - sb))
            } else {
                guard a[head] == b[head] else { break }
                head += 1
            }
        }
        head = Swift.min(head, limit)
        var tail = 0
        while tail < limit - head {
            let pa = a.count - 1 - tail, pb = b.count - 1 - tail
            let (ka, sa) = a.segment(holding: pa), (kb, sb) = b.segment(holding: pb)
            if case let .run(ra) = a.segments[ka], case let .run(rb) = b.segments[kb] {
                guard ra.lowerBound + pa - sa == rb.lowerBound + pb - sb else { break }
                tail += Swift.min(pa - sa, pb - sb) + 1
            } else {
                guard a[pa] == b[pb] else { break }
                tail += 1
            }
        }
        return (head, Swift.min(tail, limit - head))
    }

    // MARK: Equality and description

    /// Equal when they hold the same identifiers in the same order. Stored the same way (the
    /// usual case, see `normalised`), they compare segment by segment without listing runs.
    public static func == (a: ItemList, b: ItemList) -> Bool {
        if a.segments == b.segments { return true }
        guard a.count == b.count else { return false }
        return a.elementsEqual(b)
    }

    public var description: String {
        "[" + segments.map { s -> String in
            switch s {
            case let .run(r): return "\(r.lowerBound)..<\(r.upperBound)"
            case let .list(l): return l.map { "\($0.base)" }.joined(separator: ", ")
            }
        }.joined(separator: ", ") + "]"
    }
}

extension Array where Element == ItemList {
    /// Sections of identifiers listed one by one.
    public init(listing sections: [[AnyHashable]]) {
        self = sections.map(ItemList.init(_:))
    }
}

/// Who holds each identifier of several item lists, to find one held twice without listing
/// runs: runs are kept as ranges, identifiers listed one by one in a table. Adding a list costs
/// its listed identifiers times the runs held, plus its runs times the runs and listed ones held.
struct ItemOwners {
    private var listed: [AnyHashable: String] = [:]
    private var runs: [(range: Range<Int>, owner: String)] = []

    /// Adds `list` as held by `owner`; returns the first of its identifiers that was already held
    /// (by another list, or earlier in this one), and by whom.
    mutating func add(_ list: ItemList, owner: String) -> (id: AnyHashable, holder: String)? {
        var clash: (id: AnyHashable, holder: String)?
        for segment in list.segments {
            switch segment {
            case let .run(r):
                if clash == nil {
                    if let other = runs.first(where: { $0.range.overlaps(r) }) {
                        clash = (AnyHashable(Swift.max(r.lowerBound, other.range.lowerBound)), other.owner)
                    } else if let held = listed.first(where: { ItemList.integer($0.key).map(r.contains) == true }) {
                        clash = (held.key, held.value)
                    }
                }
                runs.append((r, owner))
            case let .list(ids):
                for id in ids {
                    if clash == nil {
                        if let holder = listed[id] {
                            clash = (id, holder)
                        } else if let n = ItemList.integer(id), let run = runs.first(where: { $0.range.contains(n) }) {
                            clash = (id, run.owner)
                        }
                    }
                    listed[id] = owner
                }
            }
        }
        return clash
    }
}
