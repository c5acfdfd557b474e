/// A two-column compositional section where each item takes half a row or a whole row, and the
/// groups follow the items: two consecutive half-width items share a row, a half-width item with
/// no half-width item after it sits alone in the left half, and a full-width item fills its row.
/// Every row is half the section's width tall. (A mosaic of small and large cards, as in Apple's
/// compositional-layout samples.)
///
/// Groups are chosen greedily from the left: the chooser is only ever asked about the first item
/// not yet placed, so a half-width item whose next item is half-width always opens a pair, and
/// runs of any length pair up with at most one lone item at the end. No item is ever dropped
/// (a table keyed on the previous item, taken literally, answers nothing for the third of a run).
///
/// ```swift
/// let widths: [PairedRows.ItemWidth] = [.full, .half, .half, .half]
/// PairedRows.rows(for: widths)      // [.full, .pair, .halfAlone]
/// let layout = CompositionalLayout { _, _ in PairedRows.section(spacing: 16) { widths[$0] } }
/// ```
public enum PairedRows {
    /// How much of a row an item takes.
    public enum ItemWidth: String, CaseIterable, Hashable, Sendable {
        case half, full
    }

    /// The three kinds of row, in the order ``groups(spacing:)`` lists their groups.
    public enum Row: String, CaseIterable, Hashable, Sendable {
        /// Two half-width items side by side.
        case pair
        /// One half-width item in the left half; the right half stays empty.
        case halfAlone
        /// One full-width item.
        case full

        /// How many items the row takes.
        public var itemCount: Int { self == .pair ? 2 : 1 }
    }

    /// The row that starts at an item of width `current`, given the next item's width (nil at the
    /// end). Never nil: every item is placed.
    public static func row(current: ItemWidth, next: ItemWidth?) -> Row {
        switch (current, next) {
        case (.full, _): return .full
        case (.half, .half?): return .pair
        case (.half, _): return .halfAlone
        }
    }

    /// The rows a sequence of widths forms, in order: O(n).
    public static func rows(for widths: [ItemWidth]) -> [Row] {
        var result: [Row] = []
        var i = 0
        while i < widths.count {
            let kind = row(current: widths[i], next: i + 1 < widths.count ? widths[i + 1] : nil)
            result.append(kind)
            i += kind.itemCount
        }
        return result
    }

    /// The three groups for a section `spacing` apart, indexed as `Row.allCases`. A pair's items
    /// are each half the width less half the spacing; a lone item is the same size as a pair's
    /// left item, so columns line up; rows are half the width tall.
    public static func groups(spacing: Double) -> [LayoutGroup] {
        let whole = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let rowSize = LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(0.5))
        let pair = LayoutGroup.horizontal(size: rowSize, repeating: whole, count: 2, spacing: spacing)
        let half = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)),
                              contentInsets: EdgeInsets(right: spacing / 2))
        let alone = LayoutGroup.horizontal(size: rowSize, subitems: [.item(half)])
        let full = LayoutGroup.horizontal(size: rowSize, repeating: whole, count: 1)
        return Row.allCases.map { kind in
            switch kind {
            case .pair: return pair
            case .halfAlone: return alone
            case .full: return full
            }
        }
    }

    /// A section whose rows follow `width(dataItem)` (the width of an item by its data index, so
    /// rows re-form around an item being moved), `spacing` apart between items and rows.
    public static func section(spacing: Double, contentInsets: EdgeInsets = EdgeInsets(),
                               header: BoundarySupplementaryItem? = nil,
                               width: @escaping (Int) -> ItemWidth) -> LayoutSection {
        let kinds = Row.allCases
        return LayoutSection(groups: groups(spacing: spacing), chooser: { first, count, dataItem in
            let current = width(dataItem(first))
            let next = first + 1 < count ? width(dataItem(first + 1)) : nil
            return kinds.firstIndex(of: row(current: current, next: next))!
        }, interGroupSpacing: spacing, contentInsets: contentInsets, header: header)
    }
}

/// The general form: rows of `columns` equal columns, as a section provider builds them from the
/// layout environment (more columns as the container widens). A half-width item spans one
/// column, a full-width item half the row (at least two columns), so with two columns this is the
/// two-column mosaic above, with four a row holds four compact items or two regular ones, with six
/// six compact or two regular items spanning three columns each.
///
/// Rows fill greedily in item order. A row the next item does not fit in widens its last items
/// by whole columns until it fills the row (`[1, 1, 1, 1]` before a three-column item in six
/// columns becomes `[1, 1, 2, 2]`), so every edge stays on the column grid and no row has a hole;
/// this keeps the reading order of the data, which re-forming the row around a later card would
/// not (a drag or a shuffle would then move cards the user did not touch). The last row, where
/// the items run out, keeps its items' own widths from the leading edge, as a grid's last row
/// does. Every row is one column width tall.
///
/// ```swift
/// PairedRows.rowSpans(for: [.half, .half, .full, .half], columns: 4)   // [[1, 1, 2], [1]]
/// PairedRows.filledSpans([1, 1, 1, 1], columns: 6)                     // [1, 1, 2, 2]
/// ```
extension PairedRows {
    /// How many columns an item of width `width` spans in a row of `columns`.
    public static func span(of width: ItemWidth, columns: Int) -> Int {
        width == .half ? 1 : min(max(1, columns), max(2, columns / 2))
    }

    /// The spans of each row a sequence of widths forms in rows of `columns`, in order: O(n).
    public static func rowSpans(for widths: [ItemWidth], columns: Int) -> [[Int]] {
        var result: [[Int]] = []
        var i = 0
        while i < widths.count {
            let row = rowSpans(from: i, count: widths.count, columns: columns) { widths[$0] }
            result.append(row)
            i += row.count
        }
        return result
    }

    /// The spans of the row that starts at item `first`: items are taken while they fit.
    static func rowSpans(from first: Int, count: Int, columns: Int, width: (Int) -> ItemWidth) -> [Int] {
        var spans: [Int] = []
        var used = 0
        var i = first
        while i < count {
            let s = span(of: width(i), columns: columns)
            if !spans.isEmpty && used + s > columns { break }
            spans.append(s)
            used += s
            i += 1
        }
        return spans
    }

    /// Every row a greedy fill can form: each sequence of spans (one column, or a full item's)
    /// adding up to at most `columns`. Few: 3 for two columns, 11 for four, 17 for six.
    static func allRowSpans(columns: Int) -> [[Int]] {
        let spans = Array(Set([span(of: .half, columns: columns), span(of: .full, columns: columns)])).sorted()
        var result: [[Int]] = []
        func extend(_ row: [Int], _ used: Int) {
            if !row.isEmpty { result.append(row) }
            for s in spans where used + s <= columns { extend(row + [s], used + s) }
        }
        extend([], 0)
        return result
    }

    /// The spans of a short row the next item does not fit in, widened by whole columns to fill
    /// `columns`: one more column to each one-column item from the last backwards, round after
    /// round (a row of full items only widens those), so compact items grow before regular ones
    /// do. A full row comes back as it is. O(columns).
    public static func filledSpans(_ spans: [Int], columns: Int) -> [Int] {
        var result = spans
        let narrow = spans.indices.filter { spans[$0] == 1 }
        let growing = Array((narrow.isEmpty ? Array(spans.indices) : narrow).reversed())
        guard !growing.isEmpty else { return result }
        var free = columns - result.reduce(0, +), k = 0
        while free > 0 {
            result[growing[k % growing.count]] += 1; free -= 1; k += 1
        }
        return result
    }

    /// A row's group: its items `spacing` apart, each `span` columns wide, from the leading edge;
    /// one column width tall. A row whose spans fall short of `columns` (the last row) leaves the
    /// rest of the row empty.
    static func group(spans: [Int], columns: Int, contentWidth: Double, spacing: Double) -> LayoutGroup {
        let unit = max(0, (contentWidth - Double(columns - 1) * spacing) / Double(columns))
        let rowHeight = unit
        let items: [LayoutGroup.Subitem] = spans.map { s in
            .item(LayoutItem(size: LayoutSize(width: .absolute(Double(s) * unit + Double(s - 1) * spacing), height: .fractionalHeight(1))))
        }
        return LayoutGroup.horizontal(size: LayoutSize(width: .absolute(contentWidth), height: .absolute(rowHeight)),
                                      subitems: items, spacing: spacing)
    }

    /// A section of rows of `columns` across `contentWidth` (the container's width less the side
    /// insets), following `width(dataItem)` as ``section(spacing:contentInsets:header:width:)`` does.
    /// At least two columns.
    public static func section(columns: Int, contentWidth: Double, spacing: Double, contentInsets: EdgeInsets = EdgeInsets(),
                               header: BoundarySupplementaryItem? = nil,
                               width: @escaping (Int) -> ItemWidth) -> LayoutSection {
        let columns = max(2, columns)
        let rows = allRowSpans(columns: columns)
        let half = span(of: .half, columns: columns)
        // A row's code: a leading 1 bit, then a bit per item (1 for a full item), then a bit for
        // the last row (which keeps its widths; any other short row fills up), so the chooser,
        // asked once per row (a million cards are a lot of rows), allocates nothing.
        func code(_ row: [Int], last: Bool) -> Int { row.reduce(1) { $0 * 2 + ($1 == half ? 0 : 1) } * 2 + (last ? 1 : 0) }
        var index: [Int: Int] = [:]
        var groups: [LayoutGroup] = []
        for row in rows {
            for last in [false, true] {
                index[code(row, last: last)] = groups.count
                let spans = last ? row : filledSpans(row, columns: columns)
                groups.append(group(spans: spans, columns: columns, contentWidth: contentWidth, spacing: spacing))
            }
        }
        // A row holds at most `columns` items, so its code is below 2^(columns + 2): up to a dozen
        // columns the codes index an array, which a million rows look up faster than a table.
        let table: [Int]? = columns <= 12 ? (0..<(1 << (columns + 2))).map { index[$0] ?? 0 } : nil
        return LayoutSection(groups: groups, chooser: { first, count, dataItem in
            var code = 1, used = 0, i = first
            while i < count {
                let w = width(dataItem(i))
                let s = span(of: w, columns: columns)
                if i > first && used + s > columns { break }
                code = code * 2 + (w == .half ? 0 : 1)
                used += s
                i += 1
            }
            code = code * 2 + (i == count ? 1 : 0)
            if let table { return table[code] }
            return index[code]!
        }, interGroupSpacing: spacing, contentInsets: contentInsets, header: header)
    }
}
