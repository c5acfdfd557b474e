import CollectionKit

extension CarouselScene: CollectionAccessibilityDataSource {
    public func accessibilityNodes() -> [AccessibleNode] { [collection.accessibilityNode(name: tr("Stories"))] }

    /// The card's title, as drawn.
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        ids.indices.contains(ip.item) ? CarouselCardCell.Content.sample(ids[ip.item], of: ids.count).title : nil
    }
}
