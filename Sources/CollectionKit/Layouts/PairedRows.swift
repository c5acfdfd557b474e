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
