/// Switching layouts with an animation, as UIKit's `setCollectionViewLayout(_:animated:)`: every
/// item in view glides from where it is drawn now to its frame in the new layout, and the view
/// keeps the item the user was looking at (the focused one, else the first in view) in sight
/// rather than jumping back to the start.
extension CollectionView {
    /// Replaces the layout. Animated, items glide to their new frames for `duration` seconds and
    /// the anchor item (the focused one if it is in view, else the first in view) stays in view;
    /// not animated, it is ``setLayout(_:)``. An interactive movement in progress ends (cancelled).
    /// Costs one ``CollectionLayout/prepare(_:)`` plus O(k) for the k items in view.
    public func setLayout(_ newLayout: any CollectionLayout, animated: Bool, duration: Double = 0.35) {
        guard animated else { setLayout(newLayout); return }
        let anchor = layoutTransitionAnchor
        // Where each item in view is drawn now, in window points: the glide starts there.
        var drawn: [AnyHashable: Rect] = [:]
        for a in visibleAttributes where a.kind == .cell {
            if let id = visibleIdentifiers[a.indexPath] { drawn[id] = windowRect(fromContent: presentedFrame(for: a, id: id)) }
        }
        setLayout(newLayout)
        if let anchor, let f = layout.attributesForItem(at: anchor)?.frame {
            var target = Point.zero
            let axis = layout.scrollAxis
            target[axis] = f[minOf: axis] - frame.size[axis] * 0.1
            // Right to left, horizontal content reads from the right: keep its right edge in view.
            if layoutDirection.isRightToLeft && axis == .horizontal { target.x = f.maxX - frame.width * 0.9 }
            physics.jump(to: target)
            refreshVisible(reconfigureAll: true)
        }
        let viewport = Rect(origin: physics.offset, size: frame.size)
        for a in visibleAttributes where a.kind == .cell {
            guard let id = visibleIdentifiers[a.indexPath] else { continue }
            // An item that was not in view comes in from the viewport's edge on its side.
            let from = drawn[id].map { contentRect(fromWindow: $0) } ?? CollectionView.enteringFrame(a.frame, viewport: viewport)
            guard from != a.frame else { continue }
            frameAnimations[id] = RectAnimation(from: from, to: a.frame, start: now, duration: duration, curve: .easeInOut)
        }
    }

    /// The item a layout switch keeps in sight: the focused item when it is in view, else the
    /// first item in view.
    private var layoutTransitionAnchor: ItemPath? {
        let inView = visibleAttributes.filter { $0.kind == .cell && $0.frame.intersects(Rect(origin: physics.offset, size: frame.size)) }
        if let f = focusedItem, inView.contains(where: { $0.indexPath == f }) { return f }
        return inView.map(\.indexPath).min()
    }

    private func contentRect(fromWindow r: Rect) -> Rect { r.offset(by: physics.offset - frame.origin) }
}
