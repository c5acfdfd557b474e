/// A diffable data source names its items through ``DiffableDataSource/accessibilityLabel``.
extension DiffableDataSource: CollectionAccessibilityDataSource {
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        guard let label = accessibilityLabel, let id = itemIdentifier(at: ip) else { return nil }
        return label(id)
    }
}
