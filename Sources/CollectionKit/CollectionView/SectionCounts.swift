/// The number of items in each section: an array, or a rule that computes a section's count from
/// its index. A calendar's 101,004 months of 42 days each are one rule of two numbers where an
/// array holds 800 KB; the view keeps the counts as its data source gives them
/// (``CollectionDataSource/sectionCounts(in:)``) and hands them to its layout the same way
/// (``LayoutContext/sectionCounts``).
///
/// It reads like `[Int]` (`count`, `indices`, subscripts, `first`, `enumerated()`, `==`);
/// ``array`` makes the array when one is needed.
///
/// ```swift
/// SectionCounts([3, 0, 5])                               // three sections
/// SectionCounts(sections: 101_004, itemsInEach: 42)      // every section alike
/// SectionCounts(sections: 12) { month in month == 1 ? 28 : 31 }
/// ```
public struct SectionCounts: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    private enum Storage: Sendable {
        case array([Int])
        case uniform(count: Int, sections: Int)
        case rule(sections: Int, count: @Sendable (Int) -> Int)
    }
    private let storage: Storage

    /// Counts kept as they are given.
    public init(_ counts: [Int]) { storage = .array(counts) }
    public init(arrayLiteral elements: Int...) { storage = .array(elements) }
    /// `sections` sections of `count` items each, kept as the two numbers.
    public init(sections: Int, itemsInEach count: Int) {
        storage = .uniform(count: Swift.max(0, count), sections: Swift.max(0, sections))
    }
    /// `sections` sections, the count of each computed by `count` from its index whenever it is
    /// asked for (it must give the same answer each time until the data source reports a change).
    public init(sections: Int, count: @escaping @Sendable (Int) -> Int) {
        storage = .rule(sections: Swift.max(0, sections), count: count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case let .array(a): return a.count
        case let .uniform(_, sections), let .rule(sections, _): return sections
        }
    }
    public subscript(section: Int) -> Int {
        switch storage {
        case let .array(a): return a[section]
        case let .uniform(count, sections):
            precondition(section >= 0 && section < sections, "section \(section) out of range 0..<\(sections)")
            return count
        case let .rule(sections, count):
            precondition(section >= 0 && section < sections, "section \(section) out of range 0..<\(sections)")
            return count(section)
        }
    }

    /// The counts as an array: O(1) for counts given as one, else O(sections), made anew each time.
    public var array: [Int] {
        if case let .array(a) = storage { return a }
        return Array(self)
    }

    /// The number of items in all sections: O(1) for sections alike, else O(sections).
    public var total: Int {
        if case let .uniform(count, sections) = storage { return count * sections }
        return reduce(0, +)
    }

    /// True when the counts are not held as an array (a rule or sections alike).
    public var isComputed: Bool {
        if case .array = storage { return false }
        return true
    }

    public static func == (a: SectionCounts, b: SectionCounts) -> Bool {
        switch (a.storage, b.storage) {
        case let (.array(x), .array(y)): return x == y
        case let (.uniform(c1, s1), .uniform(c2, s2)): return s1 == s2 && (c1 == c2 || s1 == 0)
        default: return a.count == b.count && a.elementsEqual(b)
        }
    }

    public var description: String {
        switch storage {
        case let .array(a): return a.description
        case let .uniform(count, sections): return "\(sections) sections of \(count)"
        case let .rule(sections, _): return "\(sections) sections by rule"
        }
    }
}
