extension CollectionView {
    /// The stable target for an interactive movement whose layout proposes `proposed` with the
    /// moving item's centre at `position` (content coordinates). Uniform layouts pass straight
    /// through (their reflowed slot is where the proposal is); layouts with per-item sizes are
    /// checked against reflowed copies of the layout, up to `StableTarget` window.
    func stableInteractiveTarget(proposed: ItemPath, position: Point) -> ItemPath? {
        guard let move = interactiveMove, let ds = dataSource,
              let currentFrame = layout.attributesForItem(at: move.target)?.frame else { return proposed }
        // Past 20,000 items a reflow per candidate costs too much per frame; take the proposal.
        guard numberOfItems <= 20_000 else { return proposed }
        let count = sectionCounts[proposed.section]
        func frameAfter(_ ip: ItemPath) -> Rect? {
            var probe = layout
            var context = layoutContext(sectionCounts: sectionCounts)
            context.interactiveMove = InteractiveMove(source: move.source, target: ip, isAnchored: move.isAnchored)
            probe.prepare(context)
            return probe.attributesForItem(at: ip)?.frame
        }
        // Where the reflow leaves the slot as it is (uniform grids), the layout's proposal stands,
        // including its own choices such as "past the last item, the last slot".
        if frameAfter(proposed) == layout.attributesForItem(at: proposed)?.frame { return proposed }
        let chosen = StableTarget.choose(
            current: move.target, currentFrame: currentFrame, proposal: proposed, position: position, count: count,
            isAllowed: { ip in ds.collectionView(self, canMoveItemAt: self.dataIndexPath(forDisplayed: ip)) },
            frameAfter: frameAfter)
        return chosen == move.target ? nil : chosen
    }
}
