import CollectionKit

extension GridScene: CollectionAccessibilityDataSource {
    public func accessibilityNodes() -> [AccessibleNode] { [collection.accessibilityNode(name: tr("Tiles"))] }

    /// The number the tile shows: tile `i` is numbered `i`.
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        filled(tr("Tile %@"), "\(ip.item)")
    }
}
