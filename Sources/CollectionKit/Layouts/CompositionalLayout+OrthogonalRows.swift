/// Sections whose groups form one row scrolling across the list: where the row rests and which
/// section a point is in. Offsets given and answered are the row's own (its scroll physics'); in
/// right to left the row starts at its right end, and each is decided as the mirror of left to right.
extension CompositionalLayout {
    /// The row's offset at which group `g` (or page `g`) rests in view. O(1).
    public func restingOffset(section s: Int, group g: Int) -> Double {
        startRelativeRowOffset(section: s, physical: startRelativeRestingOffset(section: s, group: g))
    }

    /// Where group `g` rests, as a distance from the row's start (the offset in left to right).
    private func startRelativeRestingOffset(section s: Int, group g: Int) -> Double {
        let sec = sections[s]
        let maxOffset = max(0, sec.rowContentWidth - boundsSize.width)
        guard sec.groupCount > 0 else { return 0 }
        let i = min(max(0, g), sec.groupCount - 1)
        let start = sec.groupsOrigin.x + sec.groups.offset(of: i)
        let width = sec.resolved(i).size.width
        let raw: Double
        switch sec.behavior {
        case .groupPagingCentered: raw = start + width / 2 - boundsSize.width / 2
        case .paging: raw = Double(i) * boundsSize.width
        default: raw = start - sec.insets.left
        }
        return min(max(0, raw), maxOffset)
    }

    /// How many resting places orthogonal section `s` has (groups, or viewport-wide pages).
    public func restingPlaceCount(section s: Int) -> Int {
        let sec = sections[s]
        if sec.behavior == .paging {
            return max(1, Int((sec.rowContentWidth / max(1, boundsSize.width)).rounded(.up)))
        }
        return sec.groupCount
    }

    /// The resting place nearest `offset` (binary search; resting offsets only grow).
    public func nearestRestingPlace(section s: Int, toOffset offset: Double) -> Int {
        nearestRestingPlace(section: s, toStartRelative: startRelativeRowOffset(section: s, physical: offset))
    }

    /// The resting place nearest a distance from the row's start.
    private func nearestRestingPlace(section s: Int, toStartRelative offset: Double) -> Int {
        let n = restingPlaceCount(section: s)
        guard n > 0 else { return 0 }
        let rest = { startRelativeRestingOffset(section: s, group: $0) }
        let after = Search.partition(n) { rest($0) >= offset }
        var best = min(after, n - 1)
        if after > 0, abs(rest(after - 1) - offset) <= abs(rest(best) - offset) {
            best = after - 1
        }
        return best
    }

    /// Where a released orthogonal row comes to rest, by its behaviour: continuous keeps the
    /// proposal; paging behaviours use the carousel's rule (one place per flick).
    public func orthogonalTargetOffset(section s: Int, proposed: Double, velocity: Double, decision: ScrollDecision,
                                       flickVelocity: Double = 300) -> Double {
        guard sections.indices.contains(s), sections[s].isOrthogonal, sections[s].behavior != .continuous else { return proposed }
        // Decided in left-to-right terms: offsets from the row's start, velocity towards its end.
        let fromStart = { startRelativeRowOffset(section: s, physical: $0) }
        let place = PagingDecision.targetPage(
            count: restingPlaceCount(section: s), proposed: fromStart(proposed), velocity: mirror.velocity(Point(x: velocity, y: 0)).x,
            startOffset: fromStart(decision.startOffset.x), currentOffset: fromStart(decision.currentOffset.x), isWheel: decision.isWheel,
            flickVelocity: flickVelocity, restingOffset: { startRelativeRestingOffset(section: s, group: $0) },
            nearestPage: { nearestRestingPlace(section: s, toStartRelative: $0) })
        return restingOffset(section: s, group: place)
    }

    /// The section whose band (groups, not header) contains the content point, if it scrolls orthogonally.
    public func orthogonalSection(at p: Point) -> Int? {
        sections.first { sec in
            sec.isOrthogonal && p.y >= sec.groupsOrigin.y && p.y < sec.frame.maxY - sec.insets.bottom
        }?.index
    }
}
