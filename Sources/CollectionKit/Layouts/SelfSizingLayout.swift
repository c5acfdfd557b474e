/// A layout whose items start with estimated sizes and learn their real ones when they first
/// come near the viewport. The collection view asks it to settle the items around what it shows
/// before every query, and moves the content by what the layout reports, so that what the user
/// looks at stays where it was however much the corrected items above it grew or shrank.
public protocol SelfSizingLayout: CollectionLayout {
    /// Measures the items in `visible` that still have estimated sizes, and some of those within
    /// `margin` points of it along the scroll axis (a layout may spread those over frames). Returns how far, along the scroll axis, the anchor moved
    /// in content coordinates: the top of the first item in view, or the content's end when
    /// `anchoredAtEnd` (the view rests at the end, and stays there). The view adds it to its offset.
    mutating func settleSizes(around visible: Rect, margin: Double, anchoredAtEnd: Bool) -> Double
    /// Forgets every measured size, so items are measured again as they come near the viewport
    /// (their text is now set at another size). The default does nothing.
    mutating func invalidateMeasurements()
}

extension SelfSizingLayout {
    public mutating func invalidateMeasurements() {}
}
