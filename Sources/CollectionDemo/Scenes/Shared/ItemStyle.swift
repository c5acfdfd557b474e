import CollectionKit

/// How a card wants to be shown in the mosaic (seed 004's words): a compact card takes half a
/// row, a regular one the whole row.
public enum ItemStyle: String, CaseIterable, Hashable, Sendable {
    case compact, regular

    /// The width the engine's two-column section gives the card.
    public var width: PairedRows.ItemWidth { self == .compact ? .half : .full }
}

extension PairedRows.Row {
    /// The mosaic's name for a row, as the state dump's `groups` publishes it.
    public var mosaicName: String {
        switch self {
        case .pair: return "compactPair"
        case .halfAlone: return "compactOrphan"
        case .full: return "regular"
        }
    }
}
