/// A drag-and-drop collection names its items in full (``DragDropCollection/accessibilityName``,
/// else as its on-screen lines do, ``DragDropCollection/describeItem``) and reports a locked item as pinned.
extension DragDropCollection: CollectionAccessibilityDataSource {
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        guard let id = displayedID(at: ip), id != AnyHashable(DropGapID()) else { return nil }
        return (accessibilityName ?? describeItem)(Self.typed(id))
    }

    public func collectionView(_ cv: CollectionView, accessibilityStatesForItemAt ip: ItemPath) -> AccessibleStates {
        guard let id = displayedID(at: ip) else { return [] }
        return id == AnyHashable(DropGapID()) ? [] : lockedItem(Self.typed(id)) ? .pinned : []
    }

}
