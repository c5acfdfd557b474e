/// Scrolling an item into view, and the auto-scroll a drag gives a collection near its edges.
extension CollectionView {
    /// Scrolls so the item is in view (centred along the scroll axis when `centered`).
    ///
    /// Otherwise it scrolls the least distance that shows the whole item, and not at all when it is
    /// already in view. The offset is clamped to the content.
    public func scrollToItem(_ ip: ItemPath, centered: Bool = true, animated: Bool) {
        guard let f = layout.attributesForItem(at: ip)?.frame else { return }
        var target = physics.offset
        let axis = layout.scrollAxis
        if centered {
            target[axis] = f.center[axis] - frame.size[axis] / 2
        } else if f[minOf: axis] < target[axis] {
            target[axis] = f[minOf: axis]
        } else if f[maxOf: axis] > target[axis] + frame.size[axis] {
            target[axis] = f[maxOf: axis] - frame.size[axis]
        }
        physics.setOffset(target, animated: animated, now: now)
    }

    /// Scrolls along the layout's axis by what `scroller` covered up to `now` (stopping at the
    /// content's ends), then lets it track `pointer` against this view's frame: the step every
    /// drag that auto-scrolls a collection takes, once per pointer move and per frame. O(1).
    public func autoScroll(with scroller: inout AutoScroller, pointer: Point, now: Double) {
        let axis = layout.scrollAxis
        var offset = physics.offset
        let limit = max(0, physics.maxOffset[axis])
        let moved = scroller.advance(offset: offset[axis], range: 0...limit, to: now)
        if moved != offset[axis] {
            offset[axis] = moved
            physics.jump(to: offset)
        }
        scroller.track(pointer: pointer, viewport: frame, axis: axis, now: now)
    }
}
