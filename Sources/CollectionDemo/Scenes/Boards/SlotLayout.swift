import CollectionKit

/// The boards' one-card Focus slot: every item sits in the same frame, later ones on top, and the
/// content is exactly the viewport. A swap briefly holds two cards (the incoming one and the
/// occupant on its way out); stacked in one frame, neither scrolls nor peeks out below the other,
/// where a one-column grid grew a second row (a scroll bar flashed, a sliver of the outgoing card
/// showed).
struct SlotLayout: CollectionLayout {
    /// The card's height and its inset from the slot's edges.
    var itemHeight: Double
    var inset: Double
    var scrollAxis: Axis { .vertical }
    private(set) var contentSize: Size = .zero
    private var count = 0
    private var slot: Rect = .zero

    init(itemHeight: Double, inset: Double) { self.itemHeight = itemHeight; self.inset = inset }

    mutating func prepare(_ context: LayoutContext) {
        count = context.itemCounts.first ?? 0
        contentSize = context.boundsSize
        slot = Rect(x: inset, y: inset, width: max(0, contentSize.width - 2 * inset),
                    height: max(0, min(itemHeight, contentSize.height - 2 * inset)))
    }

    func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
        var a = LayoutAttributes(indexPath: indexPath, frame: slot)
        a.zIndex = indexPath.item
        return a
    }

    /// Every item (a slot holds one, two during a swap): O(count).
    func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard slot.intersects(rect) else { return [] }
        return (0..<count).compactMap { attributesForItem(at: ItemPath(item: $0)) }
    }
}
