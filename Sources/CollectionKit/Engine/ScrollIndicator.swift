/// A thin scroll bar along the scroll axis, shown when content overflows.
///
/// It is drawn in window coordinates inside the view's frame, along its right edge (vertical) or
/// its bottom edge (horizontal), and reflects the offset at the moment of drawing.
public enum ScrollIndicator {
    /// Appends the scroll bar for `cv` to `list`, or nothing when the content fits or the viewport is
    /// shorter than 40 points. Draw it after the collection view so it sits on top.
    ///
    /// ```swift
    /// collectionView.draw(into: &list)
    /// ScrollIndicator.draw(for: collectionView, into: &list)
    /// ```
    public static func draw(for cv: CollectionView, into list: inout DrawList) {
        let axis = cv.layout.scrollAxis
        let content = cv.contentSize[axis], visible = cv.frame.size[axis]
        guard content > visible + 1, visible > 40 else { return }
        let length = max(30, visible * visible / content)
        let progress = min(1, max(0, cv.contentOffset[axis] / (content - visible)))
        let pos = progress * (visible - length - 8) + 4
        let r = axis == .vertical
            ? Rect(x: cv.frame.maxX - 7, y: cv.frame.minY + pos, width: 4, height: length)
            : Rect(x: cv.frame.minX + pos, y: cv.frame.maxY - 7, width: length, height: 4)
        list.fill(r, Color.white.withAlpha(0.35), radius: 2)
    }
}
