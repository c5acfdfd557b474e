extension CollectionView {
    /// Changes the layout in place as its own type, then lays the items out again without
    /// animation, as ``updateLayout(_:)`` does. Returns false, changing nothing, when the view's
    /// layout is not an `L`.
    ///
    /// ```swift
    /// grid.updateLayout(as: GridLayout.self) { $0.itemLength = .table(lengths) }
    /// ```
    @discardableResult
    public func updateLayout<L: CollectionLayout>(as type: L.Type, _ change: (inout L) -> Void) -> Bool {
        guard layout is L else { return false }
        updateLayout { layout in
            var typed = layout as! L
            change(&typed)
            layout = typed
        }
        return true
    }
}
