/// Seed 004's two-column mosaic as a compositional section whose groups follow the items' styles.
///
/// Items are `compact` or `regular`. Two consecutive compact items share a row (a *compact
/// pair*); a compact item with no compact partner after it is a *compact orphan* (left half); a
/// regular item fills the width. Every row is half the width tall.
///
/// The seed's provider, taken literally, answers `nil` for the third compact of a run (`(.compact,
/// .compact, .compact) → nil`) and so drops items. Here groups are chosen greedily from the left:
/// the chooser is only ever asked about the first item not yet placed, so a compact item whose
/// next item is compact always opens a pair, whatever came before; runs of any length pair up with
/// at most one orphan at the end.

/// How an item wants to be shown in the mosaic.
public enum ItemStyle: String, CaseIterable, Hashable, Sendable {
    case compact, regular
}

/// The three groups of the mosaic, in the order `DynamicGroups.groups` lists them.
public enum DynamicGroupKind: String, CaseIterable, Hashable, Sendable {
    case compactPair, compactOrphan, regular

    /// How many items the group takes.
    public var itemCount: Int { self == .compactPair ? 2 : 1 }
}

/// Group choice and the groups themselves for the compact/regular mosaic.
public enum DynamicGroups {
    /// The group that starts at an item of style `current`, given its neighbours' styles. Never
    /// nil: every item is placed. `previous` never changes the answer, because with greedy
    /// pairing the item before a group's first item always belongs to an earlier group.
    public static func choose(previous: ItemStyle?, current: ItemStyle, next: ItemStyle?) -> DynamicGroupKind {
        switch (current, next) {
        case (.regular, _): return .regular
        case (.compact, .compact?): return .compactPair
        case (.compact, _): return .compactOrphan
        }
    }

    /// The groups a style sequence forms, in order: O(n).
    public static func kinds(for styles: [ItemStyle]) -> [DynamicGroupKind] {
        var result: [DynamicGroupKind] = []
        var i = 0
        while i < styles.count {
            let kind = choose(previous: i > 0 ? styles[i - 1] : nil, current: styles[i],
                              next: i + 1 < styles.count ? styles[i + 1] : nil)
            result.append(kind)
            i += kind.itemCount
        }
        return result
    }

    /// The three groups for a section `spacing` apart, indexed as `DynamicGroupKind.allCases`.
    /// A pair's items are each half the width less half the spacing; an orphan is the same size
    /// as a pair's left item, so columns line up; rows are half the width tall.
    public static func groups(spacing: Double) -> [LayoutGroup] {
        let full = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let rowSize = LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(0.5))
        let pair = LayoutGroup.horizontal(size: rowSize, repeating: full, count: 2, spacing: spacing)
        let half = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)),
                              contentInsets: EdgeInsets(right: spacing / 2))
        let orphan = LayoutGroup.horizontal(size: rowSize, subitems: [.item(half)])
        let regular = LayoutGroup.horizontal(size: rowSize, repeating: full, count: 1)
        return DynamicGroupKind.allCases.map { kind in
            switch kind {
            case .compactPair: return pair
            case .compactOrphan: return orphan
            case .regular: return regular
            }
        }
    }

    /// A section whose groups follow `style(dataItem)` (the style of an item by its data index),
    /// `spacing` apart between items and rows.
    public static func section(spacing: Double, contentInsets: EdgeInsets = EdgeInsets(),
                               header: BoundarySupplementaryItem? = nil,
                               style: @escaping (Int) -> ItemStyle) -> LayoutSection {
        let kinds = DynamicGroupKind.allCases
        return LayoutSection(groups: groups(spacing: spacing), chooser: { first, count, dataItem in
            let current = style(dataItem(first))
            let next = first + 1 < count ? style(dataItem(first + 1)) : nil
            let previous = first > 0 ? style(dataItem(first - 1)) : nil
            return kinds.firstIndex(of: choose(previous: previous, current: current, next: next))!
        }, interGroupSpacing: spacing, contentInsets: contentInsets, header: header)
    }
}
