import CollectionKit

extension RearrangeScene: CollectionAccessibilityDataSource {
    public var dragDropManager: DragDropCoordinator? { manager }

    /// The tiles, and the drag's status line as a live region (spoken, not drawn: the lifted
    /// tile and its gap show the move on screen).
    public func accessibilityNodes() -> [AccessibleNode] {
        // Reading order: the header's buttons, then the tiles.
        (layoutButtons + [undoButton]).flatMap { $0.accessibilityNodes() }
            + [collection.accessibilityNode(name: tr("Tiles")), AccessibleNode(role: .liveRegion, name: manager.statusLine ?? "")]
    }

    /// The tile's number, or the note's title in the waterfall of notes.
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        guard ids.indices.contains(ip.item) else { return nil }
        return layoutKind == .waterfall ? RearrangeScene.note(for: ids[ip.item]).title : filled(tr("Tile %@"), "\(ids[ip.item])")
    }

    /// A pinned tile keeps its place.
    public func collectionView(_ cv: CollectionView, accessibilityStatesForItemAt ip: ItemPath) -> AccessibleStates {
        ids.indices.contains(ip.item) && RearrangeScene.isPinned(ids[ip.item]) ? .pinned : []
    }
}
