/// Queries on the prepared sections: binary searches over the group offsets. Places are computed
/// left to right and mirrored on the way out (a query rect on the way in) in right to left.
extension CompositionalLayout {
    /// How far orthogonal section `s`'s row is scrolled from its start: its offset
    /// (``orthogonalOffset``) in left to right; in right to left, where the row starts at its right
    /// end, the distance of its offset from that end.
    public func rowOffset(_ s: Int) -> Double {
        guard sections.indices.contains(s), sections[s].isOrthogonal else { return 0 }
        return startRelativeRowOffset(section: s, physical: orthogonalOffset?(s) ?? 0)
    }

    /// A row's offset turned into its distance from the row's start (its own inverse): the
    /// identity in left to right. O(1).
    func startRelativeRowOffset(section s: Int, physical offset: Double) -> Double {
        guard mirror.isMirrored, sections.indices.contains(s) else { return offset }
        return LayoutMirror(direction: .rightToLeft, width: max(sections[s].rowContentWidth, boundsSize.width))
            .offset(Point(x: offset, y: 0), viewport: boundsSize).x
    }

    /// The origin of group `g` of section `sec`, scroll offset applied.
    private func origin(ofGroup g: Int, in sec: PreparedSection) -> Point {
        if sec.isOrthogonal {
            return Point(x: sec.groupsOrigin.x + sec.groups.offset(of: g) - rowOffset(sec.index), y: sec.groupsOrigin.y)
        }
        return Point(x: sec.groupsOrigin.x, y: sec.groupsOrigin.y + sec.groups.offset(of: g))
    }

    public func attributesForItem(at ip: ItemPath) -> LayoutAttributes? {
        guard sections.indices.contains(ip.section) else { return nil }
        let sec = sections[ip.section]
        guard ip.item >= 0, ip.item < sec.itemCount else { return nil }
        let g = sec.group(ofItem: ip.item)
        let frames = sec.resolved(g).itemFrames
        let k = ip.item - sec.groups.firstItem[g]
        guard k < frames.count else { return nil }
        return LayoutAttributes(indexPath: ip, frame: mirror.rect(frames[k].offset(by: origin(ofGroup: g, in: sec))))
    }

    /// The header of section `s` at its natural (unpinned) place.
    public func headerAttributes(section s: Int) -> LayoutAttributes? {
        guard sections.indices.contains(s), let h = sections[s].header, let f = sections[s].headerFrame else { return nil }
        var a = LayoutAttributes(indexPath: ItemPath(item: 0, section: s), kind: .supplementary(h.kind), frame: mirror.rect(f))
        a.zIndex = h.pinToVisibleBounds ? 100 : 0
        return a
    }

    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        // Sections are stacked: binary search the first one that reaches into the rect.
        var s = Search.partition(sections.count) { sections[$0].frame.maxY > rect.minY }
        while s < sections.count, sections[s].frame.minY < rect.maxY {
            let sec = sections[s]
            if let h = headerAttributes(section: s), sec.header?.pinToVisibleBounds == true || h.frame.intersects(rect) {
                result.append(h)
            }
            appendItems(of: sec, in: rect, to: &result)
            s += 1
        }
        return result
    }

    /// Items of one section meeting `rect`: binary search for the first group that reaches the
    /// rect along the stacking axis, then walk groups until they start past it.
    private func appendItems(of sec: PreparedSection, in rect: Rect, to result: inout [LayoutAttributes]) {
        let mirror = self.mirror, rect = mirror.rect(rect)
        let axis = sec.axis
        let shift = sec.isOrthogonal ? rowOffset(sec.index) : 0
        let lo = rect[minOf: axis] - sec.groupsOrigin[axis] + shift
        let hi = rect[maxOf: axis] - sec.groupsOrigin[axis] + shift
        // Groups not formed yet (during an interactive movement) all start at or past `nextOffset`.
        sec.groups.form(reaching: hi)
        guard sec.groupCount > 0 else { return }
        let groups = sec.groups
        var g = Search.partition(groups.offset.count) { groups.offset(of: $0) + sec.resolved($0).size[axis] > lo }
        while g < groups.offset.count, groups.offset(of: g) < hi {
            let origin = origin(ofGroup: g, in: sec)
            let frames = sec.resolved(g).itemFrames
            for (k, item) in sec.itemsInGroup(g).enumerated() where k < frames.count {
                let f = frames[k].offset(by: origin)
                if f.intersects(rect) { result.append(LayoutAttributes(indexPath: ItemPath(item: item, section: sec.index), frame: mirror.rect(f))) }
            }
            g += 1
        }
    }

    /// Pins headers that ask for it: at the top of the visible bounds while their section is in
    /// view, pushed up by the section's end so two headers never overlap.
    public func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect) {
        guard case .supplementary = attributes.kind, sections.indices.contains(attributes.indexPath.section) else { return }
        let sec = sections[attributes.indexPath.section]
        guard sec.header?.pinToVisibleBounds == true, let natural = sec.headerFrame else { return }
        attributes.frame.origin.y = Self.pinnedHeaderY(natural: natural, sectionMaxY: sec.frame.maxY, visibleMinY: visibleBounds.minY)
    }

    /// Where a pinned header of natural frame `natural` sits for a viewport starting at `visibleMinY`.
    public static func pinnedHeaderY(natural: Rect, sectionMaxY: Double, visibleMinY: Double) -> Double {
        max(natural.minY, min(visibleMinY, sectionMaxY - natural.height))
    }
}
