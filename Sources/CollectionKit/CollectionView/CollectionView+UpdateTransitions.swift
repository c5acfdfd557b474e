/// How inserted and deleted items come and go in an animated batch update: an inserted item that
/// lands in view fades and grows in; a deleted item that was in view fades and shrinks out where it
/// was, drawn from a recording of its cell taken before the update (its cell object is reused at
/// once). Moved and kept items glide (`frameAnimations`).

/// A deleted item's last picture, fading out.
struct VanishingItem {
    var frame: Rect
    var drawing: DrawList
    var start: Double
}

extension CollectionView {
    /// How long an item takes to appear or vanish, seconds.
    static let transitionDuration = 0.25

    /// Records the visible cells that `updates` delete, before the view changes. O(visible).
    func recordVanishing(_ updates: [CollectionUpdate]) -> [VanishingItem] {
        var deleted = Set<ItemPath>()
        for case let .delete(ips) in updates { deleted.formUnion(ips) }
        guard !deleted.isEmpty else { return [] }
        return visibleAttributes.compactMap { a -> VanishingItem? in
            guard a.kind == .cell, deleted.contains(a.indexPath), let cell = visibleCells[a.indexPath] else { return nil }
            if let id = visibleIdentifiers[a.indexPath], hiddenIdentifiers.contains(id) { return nil }
            let f = presentedFrame(for: a, id: visibleIdentifiers[a.indexPath])
            var drawing = DrawList()
            cell.draw(in: f, into: &drawing)
            return VanishingItem(frame: f, drawing: drawing, start: now)
        }
    }

    /// Starts the fades: `vanishing` as recorded, and every inserted item now in view.
    func startTransitions(vanishing: [VanishingItem], updates: [CollectionUpdate]) {
        vanishingItems += vanishing
        var inserted = Set<ItemPath>()
        for case let .insert(ips) in updates { inserted.formUnion(ips) }
        guard !inserted.isEmpty else { return }
        for a in visibleAttributes where a.kind == .cell && inserted.contains(a.indexPath) {
            if let id = visibleIdentifiers[a.indexPath] { appearingItems[id] = now }
        }
    }

    /// Eased progress from which a transition shows as finished: the opacity is within 1/255 of its
    /// end (an item that vanished that far is invisible; one that appeared that far is whole), and
    /// the frames of the ease-out's tail, which would change no pixel, are not asked for.
    static let transitionShownDone = 1 - 1.0 / 255

    /// Drops finished transitions.
    func pruneTransitions(now: Double) {
        guard !appearingItems.isEmpty || !vanishingItems.isEmpty else { return }
        appearingItems = appearingItems.filter { transitionProgress($0.value, at: now) < CollectionView.transitionShownDone }
        vanishingItems.removeAll { transitionProgress($0.start, at: now) >= CollectionView.transitionShownDone }
    }

    /// Eased progress (0...1) of a transition that started at `start`.
    private func transitionProgress(_ start: Double, at time: Double? = nil) -> Double {
        TimingCurve.easeOut.value(Appearance.linearProgress(now: time ?? now, start: start, duration: CollectionView.transitionDuration))
    }

    /// The opacity and scale an appearing item is drawn with now (1, 1 for any other item).
    func appearance(of id: AnyHashable?) -> (alpha: Double, scale: Double) {
        guard let id, let start = appearingItems[id] else { return (1, 1) }
        let t = transitionProgress(start)
        if t >= CollectionView.transitionShownDone { return (1, 1) }
        return (t, 0.8 + 0.2 * t)
    }

    /// Draws the vanishing items (content coordinates), under the live cells.
    func drawVanishing(into list: inout DrawList) {
        for v in vanishingItems {
            let t = transitionProgress(v.start)
            if t >= CollectionView.transitionShownDone { continue }
            list.withOpacity(1 - t) { list in
                list.transformed(.scale(1 - 0.2 * t, about: v.frame.center)) { list in
                    list.commands += v.drawing.commands
                    for texture in v.drawing.textures where !list.textures.contains(where: { $0.key == texture.key }) {
                        list.textures.append(texture)
                    }
                }
            }
        }
    }

    /// True while items are still appearing or vanishing.
    public var isAnimatingTransitions: Bool { !appearingItems.isEmpty || !vanishingItems.isEmpty }
}
