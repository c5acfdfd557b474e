/// Estimates measured near the view: sizes corrected in O(log n) as the viewport reaches them.
extension CompositionalLayout: SelfSizingLayout {
    /// With ``measuresNearTheView``: measures the estimated groups meeting `visible`, then up to
    /// ``marginBudget`` within `margin` of it (below first), and moves the later groups and
    /// sections by each correction. Returns how far the first group starting in view moved (or the
    /// content's end, when `anchoredAtEnd`), for the view to follow. O(log n) a correction plus
    /// O(sections) to move the sections after it.
    public mutating func settleSizes(around visible: Rect, margin: Double, anchoredAtEnd: Bool) -> Double {
        if let last = sections.indices.last, sections[last].groups.extentPerItem != nil {
            let fit = fitEstimatedHeight(ofSection: last, toShow: visible)
            if fit.delta != 0, anchoredAtEnd || fit.atEnd, !sections.contains(where: { $0.groups.corrections != nil }) {
                return fit.delta
            }
        }
        guard sections.contains(where: { $0.groups.corrections != nil }) else { return 0 }
        let anchor = anchoredAtEnd ? nil : firstGroupStarting(atOrBelow: visible.minY)
        func anchorY() -> Double {
            guard let anchor else { return contentSize.height }
            return sections[anchor.section].groupsOrigin.y + sections[anchor.section].groups.offset(of: anchor.group)
        }
        let before = anchorY()
        // Measuring moves the view with the anchor, which can bring estimated groups into it.
        for _ in 0..<4 {
            let shifted = visible.offsetBy(dx: 0, dy: anchorY() - before)
            guard measureGroups(in: shifted.minY..<shifted.maxY, budget: .max) > 0 else { break }
        }
        let shifted = visible.offsetBy(dx: 0, dy: anchorY() - before)
        let budget = marginBudget - measureGroups(in: shifted.maxY..<(shifted.maxY + margin), budget: marginBudget)
        if budget > 0 { _ = measureGroups(in: (shifted.minY - margin)..<shifted.minY, budget: budget, nearestLast: true) }
        return anchorY() - before
    }

    /// A section formed as queries reach it (see `lazyFormingThreshold`): once every group has
    /// formed, its height becomes exact; before that, it grows when the groups formed reach past
    /// the estimate. Returns how much the section grew, and whether the view was at its end
    /// (it reached the estimated end, or lies past the real one), so that it keeps to the end:
    /// a jump to the end (the End key's spring crosses a million points a frame) lands on the
    /// real end, not where the estimate put it. O(1), plus forming the groups down to the
    /// bottom of `visible` that the view's query would form (all of them when `visible` reaches
    /// the estimated end).
    private mutating func fitEstimatedHeight(ofSection s: Int, toShow visible: Rect) -> (delta: Double, atEnd: Bool) {
        let groups = sections[s].groups
        guard groups.extentPerItem != nil, groups.context.interactiveMove == nil else { return (0, false) }
        let origin = sections[s].groupsOrigin.y
        let current = sections[s].frame.maxY - sections[s].insets.bottom - origin
        // The groups the view is about to ask for; when it reaches the estimated end, all of
        // them, so that the end shown is the real one (the items past an estimate too short
        // would otherwise stay out of reach).
        let reach = visible.maxY - origin
        groups.form(reaching: reach >= current ? .infinity : reach)
        let formed = groups.firstItem.isEmpty ? 0 : groups.nextOffset - groups.section.interGroupSpacing
        let wanted: Double
        if groups.isComplete {
            wanted = formed
        } else if formed > current {
            wanted = groups.estimatedUsedExtent
        } else {
            return (0, false)
        }
        let delta = wanted - current
        guard delta != 0 else { return (0, false) }
        correct(section: s, by: delta)
        return (delta, reach >= current || visible.maxY - origin > wanted)
    }

    /// The first group of a vertically stacked section that starts at or below `y`.
    private func firstGroupStarting(atOrBelow y: Double) -> (section: Int, group: Int)? {
        var s = Search.partition(sections.count) { sections[$0].frame.maxY > y }
        while s < sections.count {
            let sec = sections[s]
            if !sec.isOrthogonal, sec.groupCount > 0 {
                let groups = sec.groups
                let g = Search.partition(groups.offset.count) { sec.groupsOrigin.y + groups.offset(of: $0) >= y }
                if g < groups.offset.count { return (s, g) }
            }
            s += 1
        }
        return nil
    }

    /// Measures up to `budget` estimated groups meeting the content band `band` (from its far end
    /// when `nearestLast`, for a band above the view); returns how many it measured.
    private mutating func measureGroups(in band: Range<Double>, budget: Int, nearestLast: Bool = false) -> Int {
        var found: [(section: Int, group: Int)] = []
        var s = Search.partition(sections.count) { sections[$0].frame.maxY > band.lowerBound }
        while s < sections.count, sections[s].frame.minY < band.upperBound {
            let sec = sections[s], groups = sec.groups
            if groups.corrections != nil {
                let lo = band.lowerBound - sec.groupsOrigin.y, hi = band.upperBound - sec.groupsOrigin.y
                var g = Search.partition(groups.offset.count) { groups.offset(of: $0) + sec.resolved($0).size.height > lo }
                while g < groups.offset.count, groups.offset(of: g) < hi {
                    if groups.isEstimate(g) { found.append((s, g)) }
                    g += 1
                }
            }
            s += 1
        }
        if nearestLast { found.reverse() }
        let chosen = found.prefix(budget)
        // From the last up, so that measuring one does not move the ones still to measure.
        for (s, g) in chosen.reversed() { correct(section: s, by: sections[s].groups.measureGroup(g)) }
        return chosen.count
    }

    /// Section `s` grew by `delta` (a group in it was measured): it and the sections after it move.
    private mutating func correct(section s: Int, by delta: Double) {
        guard delta != 0 else { return }
        sections[s].frame.size.height += delta
        for later in (s + 1)..<sections.count {
            sections[later].frame.origin.y += delta
            sections[later].groupsOrigin.y += delta
            sections[later].headerFrame?.origin.y += delta
        }
        contentSize.height += delta
    }
}
