/// Draws a collection's overlay scroll bars (see `ScrollBars`): a thumb on a faint track along each
/// edge whose content overflows, thin at rest and wide while the pointer is near or holds it,
/// faded by the time since the last activity. Nothing is drawn once they have faded out.
public enum ScrollIndicator {
    /// Appends the scroll bar for `cv` to `list`, or nothing when the content fits or the viewport is
    /// shorter than 40 points. Draw it after the collection view so it sits on top.
    ///
    /// ```swift
    /// collectionView.draw(into: &list)
    /// ScrollIndicator.draw(for: collectionView, into: &list)
    /// ```
    public static func draw(for cv: CollectionView, into list: inout DrawList) {
        guard cv.showsScrollBars else { return }
        let bars = cv.scrollBars
        let alpha = bars.opacity(at: cv.now)
        guard alpha > 0.001 else { return }
        for axis in [Axis.vertical, .horizontal] {
            let wide = bars.hoveredAxis == axis || bars.thumbDrag?.axis == axis || bars.trackPress?.axis == axis
            guard let g = cv.scrollBarGeometry(axis, width: wide ? bars.wideWidth : bars.thinWidth) else { continue }
            let radius = g.track.size[axis == .vertical ? .horizontal : .vertical] / 2
            if wide { list.fill(g.track, Color.black.withAlpha(0.35 * alpha), radius: radius) }
            let active = bars.thumbDrag?.axis == axis
            // A dark outline keeps the light thumb visible over light tiles.
            list.fill(g.thumb.insetBy(dx: -1, dy: -1), Color.black.withAlpha(0.45 * alpha), radius: radius + 1)
            list.fill(g.thumb, Color.white.withAlpha((active ? 0.9 : wide ? 0.75 : 0.6) * alpha), radius: radius)
        }
    }
}
