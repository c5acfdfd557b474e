import CalendarModel

/// The chosen days: single days and short ranges as dates, long ranges as ranges. Shift+click
/// from 1583 to 9999 chooses three million days; kept as dates they cost hundreds of megabytes
/// and every frame that looked at them. Here nothing a frame asks (is a day chosen, how many, the
/// first few in order) depends on how many days a range holds.
struct CalendarSelection: Equatable {
    /// Days chosen one by one or in ranges of at most `rangeLimit` days; never inside `ranges`.
    private(set) var dates: Set<CalendarDate> = []
    /// Ranges longer than `rangeLimit` days, sorted, neither overlapping nor touching.
    private(set) var ranges: [ClosedRange<CalendarDate>] = []

    /// Ranges up to this many days are kept as dates (the state dump lists them one by one).
    static let rangeLimit = 366

    var isEmpty: Bool { dates.isEmpty && ranges.isEmpty }

    /// How many days are chosen.
    var count: Int { dates.count + ranges.reduce(0) { $0 + $1.lowerBound.days(until: $1.upperBound) + 1 } }

    func contains(_ d: CalendarDate) -> Bool {
        dates.contains(d) || range(containing: d) != nil
    }

    private func range(containing d: CalendarDate) -> Int? {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < d { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(d) ? lo : nil
    }

    mutating func insert(_ d: CalendarDate) {
        if !contains(d) { dates.insert(d) }
    }

    mutating func remove(_ d: CalendarDate) {
        dates.remove(d)
        guard let i = range(containing: d) else { return }
        let r = ranges.remove(at: i)
        // The pieces either side stay chosen: as ranges when long, else as dates.
        if r.lowerBound < d { add(r.lowerBound...d.adding(days: -1)) }
        if d < r.upperBound { add(d.adding(days: 1)...r.upperBound) }
    }

    /// Chooses every day of `r` (the caller leaves out disabled days).
    mutating func add(_ r: ClosedRange<CalendarDate>) {
        let days = r.lowerBound.days(until: r.upperBound) + 1
        if days <= CalendarSelection.rangeLimit {
            var d = r.lowerBound
            while d <= r.upperBound { insert(d); d = d.adding(days: 1) }
            return
        }
        // Merge with every range it overlaps or touches; dates inside it are now the range's.
        var merged = r
        ranges.removeAll { other in
            let touches = other.lowerBound <= merged.upperBound.adding(days: 1) && merged.lowerBound <= other.upperBound.adding(days: 1)
            if touches { merged = min(merged.lowerBound, other.lowerBound)...max(merged.upperBound, other.upperBound) }
            return touches
        }
        if dates.count <= days {
            dates = dates.filter { !merged.contains($0) }
        } else {
            var d = merged.lowerBound
            while d <= merged.upperBound { dates.remove(d); d = d.adding(days: 1) }
        }
        let at = ranges.firstIndex { $0.lowerBound > merged.upperBound } ?? ranges.count
        ranges.insert(merged, at: at)
    }

    /// The first `limit` chosen days in date order.
    func first(_ limit: Int) -> [CalendarDate] {
        var out: [CalendarDate] = []
        let singles = dates.sorted()
        var i = 0, j = 0
        var inRange: CalendarDate? = ranges.first?.lowerBound
        while out.count < limit {
            let nextSingle = i < singles.count ? singles[i] : nil
            if let s = nextSingle, inRange.map({ s < $0 }) ?? true {
                out.append(s); i += 1
            } else if let r = inRange {
                out.append(r)
                if r < ranges[j].upperBound { inRange = r.adding(days: 1) } else {
                    j += 1
                    inRange = j < ranges.count ? ranges[j].lowerBound : nil
                }
            } else {
                return out
            }
        }
        return out
    }
}
