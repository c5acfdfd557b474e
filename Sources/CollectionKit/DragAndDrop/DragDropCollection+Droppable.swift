/// The collection as a drop target: acceptance, the gap that follows the dragged items, the end of a
/// drag, and scrolling while one hovers near an edge.
extension DragDropCollection {
    public func acceptance(of drag: DropContext) -> DropAcceptance {
        acceptsDrops ? .accept : .refuse(drag.strings.takesNoDrops(title))
    }

    public func dragEntered(_ drag: DropContext, accepted: Bool, now: Double) {
        isDropTarget = accepted
        isRefusing = !accepted
        guard accepted else { return }
        if let first = drag.items.first, gap == nil { gapLength = length(of: Self.typed(first.id)) }
        _ = dragMoved(drag, now: now)
    }

    public func dragMoved(_ drag: DropContext, now: Double) -> ItemPath? {
        guard isDropTarget else { return nil }
        setGap(proposedGap(at: view.contentPoint(fromWindow: drag.snapshotFrame.center)), animated: !drag.isAutoScrolling)
        return gap
    }

    public func dragExited(now: Double) {
        let wasTarget = isDropTarget
        isDropTarget = false
        isRefusing = false
        guard wasTarget else { return }
        // The source keeps its own gap until the drop; any other collection closes it.
        setGap(homeGap)
    }

    /// Moves the gap (keyboard drags): clamps to the section's range.
    public func moveGap(to ip: ItemPath) {
        guard isDropTarget, displayed.indices.contains(ip.section) else { return }
        let countWithoutGap = displayed[ip.section].count - (gap?.section == ip.section ? 1 : 0)
        setGap(ItemPath(item: min(max(0, ip.item), countWithoutGap), section: ip.section))
    }

    /// The drag is over: forget the dragged items and the gap, then set `newItems` if given (data
    /// first), and bring the view there in one batch update.
    public func endDrag(newItems: [ItemList]?) throws {
        excluded = []
        gap = nil
        homeGap = nil
        isDropTarget = false
        isRefusing = false
        if let newItems { items = newItems }
        try resync(animated: true)
    }

    /// The gap position a drag centred at `c` (content coordinates) asks for. Over the gap, or
    /// nowhere better, it stays. Over another slot, the gap moves there only if, once the layout
    /// has reflowed, the gap would be closer to `c` than it is now: the stable target rule that
    /// keeps variable-size layouts from flipping between two slots, while any slot whose reflowed
    /// frame contains the pointer is always taken.
    func proposedGap(at c: Point) -> ItemPath {
        let layout = view.layout
        let reach = 400.0
        let probe = Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)
        let cells = layout.attributesForElements(in: probe).filter { $0.kind == .cell }
        func distance(_ f: Rect) -> Double {
            let dx = max(f.minX - c.x, 0, c.x - f.maxX), dy = max(f.minY - c.y, 0, c.y - f.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        let hit = cells.first { $0.frame.contains(c) }
            ?? cells.min { (distance($0.frame), $0.indexPath) < (distance($1.frame), $1.indexPath) }
        guard let gap else {
            // Entering: before the item under the pointer, or after it past its middle (in reading
            // order: right to left, a line across a vertical scroll runs leftward).
            guard let hit else { return endPosition(near: c) }
            var ip = hit.indexPath
            let next = layout.attributesForItem(at: ItemPath(item: ip.item + 1, section: ip.section))?.frame
            let axis = layout.scrollAxis
            let sameLine = next.map { $0[minOf: axis] < hit.frame[maxOf: axis] && $0[maxOf: axis] > hit.frame[minOf: axis] } ?? false
            let flow: Axis = sameLine ? (axis == .vertical ? .horizontal : .vertical) : axis
            let leftward = flow == .horizontal && view.layoutDirection.isRightToLeft
            if leftward ? c.x < hit.frame.center.x : c[flow] > hit.frame.center[flow] { ip.item += 1 }
            return ip
        }
        guard let hit, hit.indexPath != gap else { return gap }
        let proposal = hit.indexPath
        // The reflow is a full prepare of a copy of the layout; past `exactReflowLimit` items the
        // proposal is taken as it is (the gap still holds while the pointer is inside it).
        guard proposal.section == gap.section, displayedLengths.reduce(0, { $0 + $1.count }) <= exactReflowLimit,
              let now = layout.attributesForItem(at: gap)?.frame else {
            return proposal
        }
        // Where the reflow leaves the slot as it is (uniform grids), the proposal stands.
        if reflowedGapFrame(moving: gap, to: proposal) == hit.frame { return proposal }
        return StableTarget.choose(current: gap, currentFrame: now, proposal: proposal, position: c,
                                   count: displayed[gap.section].count, isAllowed: { _ in true },
                                   frameAfter: { reflowedGapFrame(moving: gap, to: $0) })
    }

    /// Where the gap would be drawn if it moved from `from` to `to`, after the layout reflows.
    private func reflowedGapFrame(moving from: ItemPath, to: ItemPath) -> Rect? {
        // Only lengths matter to a layout: move the gap's length, not the identifiers.
        var hypothetical = displayedLengths
        let length = hypothetical[from.section].remove(at: from.item)
        hypothetical[to.section].insert(length, at: min(to.item, hypothetical[to.section].count))
        let saved = displayedLengths
        displayedLengths = hypothetical
        defer { displayedLengths = saved }
        var probe = view.layout
        probe.prepare(view.layoutContext(itemCounts: hypothetical.map(\.count)))
        return probe.attributesForItem(at: to)?.frame
    }

    /// With nothing near the pointer: the end of the section whose header is above it, else the
    /// end of the last section.
    private func endPosition(near c: Point) -> ItemPath {
        // Only elements near the pointer: nothing was found within the first probe, so this one
        // reaches a screenful further, never the whole content.
        let reach = 2_000.0
        let near = Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)
        let headers = view.layout.attributesForElements(in: near)
            .filter { $0.kind != .cell && $0.frame[minOf: view.layout.scrollAxis] <= c[view.layout.scrollAxis] }
        let section = headers.map(\.indexPath.section).max() ?? max(0, displayed.count - 1)
        return ItemPath(item: displayed.indices.contains(section) ? displayed[section].count : 0, section: section)
    }

    // MARK: Scrolling during a drag

    public func autoScroll(_ scroller: inout AutoScroller, pointer: Point, now: Double) {
        view.autoScroll(with: &scroller, pointer: pointer, now: now)
    }

    public func scrollByWheel(dx: Double, dy: Double, now: Double) { view.physics.wheel(dx: dx, dy: dy, now: now) }
}
