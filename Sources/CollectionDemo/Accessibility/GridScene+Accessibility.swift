import CollectionKit

extension GridScene: CollectionAccessibilityDataSource {
    public func accessibilityNodes() -> [AccessibleNode] { [collection.accessibilityNode(name: "Tiles")] }

    /// The number the tile shows.
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        ids.indices.contains(ip.item) ? "Tile \(ids[ip.item])" : nil
    }
}
