/// One section's element lengths along the scroll axis, stored as pieces: lengths listed one by
/// one, or one period of lengths repeated (a run of generated items whose lengths repeat, see
/// ``DragDropCollection/itemLengthPeriod``), so a run of ten million items stores one period.
///
/// Reading a length and the sum of the lengths before an element are O(log p) for p pieces;
/// inserting or removing one is O(p) plus the period or listed lengths it copies.
///
/// ```swift
/// var lengths = SectionLengths(repeating: [48, 64, 80], count: 9_000_000)
/// lengths[4]                    // 64
/// lengths.sum(before: 5)        // 48 + 64 + 80 + 48 + 64
/// lengths.insert(120, at: 1)    // a gap: [48], [120], then the period from 64 on
/// ```
public struct SectionLengths: RandomAccessCollection, Equatable, Sendable {
    /// `period` repeated to `count` lengths (a listed piece has `count == period.count`), with
    /// the period's running sums.
    struct Piece: Equatable, Sendable {
        var period: [Double]
        /// `sums[j]`: the first `j` lengths of the period together; `period.count + 1` entries.
        var sums: [Double]
        var count: Int

        init(period: [Double], count: Int) {
            self.period = period
            self.count = count
            var sums = [0.0]
            sums.reserveCapacity(period.count + 1)
            for l in period { sums.append(sums[sums.count - 1] + l) }
            self.sums = sums
        }

        var isListed: Bool { count == period.count }
        subscript(j: Int) -> Double { period[j % period.count] }
        /// The first `j` lengths together.
        func sum(before j: Int) -> Double { Double(j / period.count) * sums[period.count] + sums[j % period.count] }

        /// The lengths at offsets `lo..<hi`: the period turned to start at `lo`.
        func part(_ lo: Int, _ hi: Int) -> Piece {
            if lo == 0 && hi == count { return self }
            let p = period.count, start = lo % p
            let turned = Array(period[start...] + period[..<start])
            return hi - lo <= p ? Piece(period: Array(turned[..<(hi - lo)]), count: hi - lo) : Piece(period: turned, count: hi - lo)
        }
    }

    private(set) var pieces: [Piece] = []
    /// `ends[k]`: how many lengths pieces 0 through k hold; `totals[k]`: their sum.
    private var ends: [Int] = []
    private var totals: [Double] = []

    /// No lengths.
    public init() {}

    /// These lengths, listed.
    public init(_ lengths: [Double]) {
        set([Piece(period: lengths, count: lengths.count)])
    }

    /// `period` repeated until there are `count` lengths.
    public init(repeating period: [Double], count: Int) {
        precondition(!period.isEmpty || count == 0, "a repeated period needs at least one length")
        set(count == 0 ? [] : [Piece(period: period, count: count)])
    }

    /// Pieces one after another, as given.
    init(joining parts: [SectionLengths]) {
        set(parts.flatMap(\.pieces))
    }

    private mutating func set(_ new: [Piece]) {
        // Empty pieces go; neighbouring listed pieces become one.
        var out: [Piece] = []
        for piece in new where piece.count > 0 {
            if let last = out.last, last.isListed, piece.isListed {
                out[out.count - 1] = Piece(period: last.period + piece.period, count: last.count + piece.count)
            } else {
                out.append(piece)
            }
        }
        pieces = out
        ends = []; totals = []
        var n = 0, total = 0.0
        for piece in out {
            n += piece.count
            total += piece.sum(before: piece.count)
            ends.append(n); totals.append(total)
        }
    }

    /// True when some lengths are a repeated period rather than listed.
    public var hasRepeatedPeriod: Bool { pieces.contains { !$0.isListed } }
    /// The lengths, when they are all listed (nil when a period repeats).
    public var listed: [Double]? { hasRepeatedPeriod ? nil : (pieces.first?.period ?? []) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.last ?? 0 }

    /// The piece holding `position`, and where it starts.
    private func piece(holding position: Int) -> (index: Int, start: Int) {
        let k = Search.partition(ends.count) { ends[$0] > position }
        return (k, k == 0 ? 0 : ends[k - 1])
    }

    public subscript(position: Int) -> Double {
        let (k, start) = piece(holding: position)
        return pieces[k][position - start]
    }

    /// The lengths of the first `i` elements together. O(log p).
    public func sum(before i: Int) -> Double {
        guard i > 0 else { return 0 }
        guard i < endIndex else { return totals.last ?? 0 }
        let (k, start) = piece(holding: i)
        return (k == 0 ? 0 : totals[k - 1]) + pieces[k].sum(before: i - start)
    }

    /// Inserts `length` at `i`.
    public mutating func insert(_ length: Double, at i: Int) {
        set(parts(0, i) + [Piece(period: [length], count: 1)] + parts(i, endIndex))
    }

    /// Removes the length at `i`.
    @discardableResult
    public mutating func remove(at i: Int) -> Double {
        let removed = self[i]
        set(parts(0, i) + parts(i + 1, endIndex))
        return removed
    }

    /// The pieces covering positions `lo..<hi`, the ones at the ends cut to it.
    private func parts(_ lo: Int, _ hi: Int) -> [Piece] {
        guard lo < hi else { return [] }
        var out: [Piece] = []
        var (k, start) = piece(holding: lo)
        while k < pieces.count, start < hi {
            let p = pieces[k]
            out.append(p.part(Swift.max(0, lo - start), Swift.min(p.count, hi - start)))
            start += p.count
            k += 1
        }
        return out
    }
}
