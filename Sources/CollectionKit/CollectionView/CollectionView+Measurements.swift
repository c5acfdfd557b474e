extension CollectionView {
    /// Lays the items out again with sizes measured afresh, as when the text they are measured
    /// from is set at another size (``Appearance/textScale``): a self-sizing layout forgets its
    /// measurements (``SelfSizingLayout/invalidateMeasurements()``) and measures the items in view
    /// at the next update; any layout is prepared again, so one that asks its sizes in
    /// ``CollectionLayout/prepare(_:)`` asks them again. The scroll position, selection and focus
    /// stay. Costs one ``CollectionLayout/prepare(_:)``.
    ///
    /// ```swift
    /// Appearance.textScale = 1.5
    /// for view in composition.collections { view.invalidateMeasurements() }
    /// ```
    public func invalidateMeasurements() {
        updateLayout { layout in
            guard var sizing = layout as? any SelfSizingLayout else { return }
            sizing.invalidateMeasurements()
            layout = sizing
        }
    }
}
