/// Where the view is and how big its content is: conversions between window and content points,
/// the viewport, hit testing, and replacing or changing the layout.
extension CollectionView {
    /// The content point at the viewport's top-left corner.
    public var contentOffset: Point { physics.offset }
    /// The size of all content, as the layout computed it.
    public var contentSize: Size { layout.contentSize }
    /// The visible part of the content, in content coordinates: the content offset and the viewport size.
    public var bounds: Rect { Rect(origin: physics.offset, size: frame.size) }

    /// Converts a window point to content coordinates.
    ///
    /// Use it to hand pointer positions to layouts and to the interactive movement API.
    public func contentPoint(fromWindow p: Point) -> Point { p - frame.origin + physics.offset }
    /// Converts a content point to window coordinates.
    public func windowPoint(fromContent p: Point) -> Point { p + frame.origin - physics.offset }
    /// Converts a content rect to window coordinates.
    public func windowRect(fromContent r: Rect) -> Rect { r.offset(by: frame.origin - physics.offset) }

    /// Moves or resizes the viewport. The layout reflows and what the user reads stays in place.
    ///
    /// Moving without resizing only changes the frame. Resizing prepares the layout again (see its
    /// ``CollectionLayout/prepare(_:)`` for the cost) and keeps the first item that starts in view
    /// (the one below an item cut off at the top) at the same place in the viewport, also when
    /// items size themselves for the new width: a ``SelfSizingLayout`` measures the items that
    /// come into view before the view settles, and a drag-and-drop collection measures its items
    /// again in `prepare` (see `DragDropCollection.measureItem`).
    public func setFrame(_ newFrame: Rect) {
        let resized = newFrame.size != frame.size
        let anchor = resized ? readingAnchor() : nil
        frame = newFrame
        guard resized else { return }
        prepareLayout()
        if let anchor {
            keep(anchor)
        } else {
            physics.jump(to: physics.offset)
        }
        refreshVisible(reconfigureAll: false)
        retargetFrameAnimations()
    }

    /// The item the user reads and how far along the scroll axis it starts from the viewport's
    /// leading edge: the first cell that starts in view, or (an item taller than the view) the
    /// first one showing. Right to left, horizontal content is read from the right: its leading
    /// edges are right edges, and `delta` is measured leftward.
    private func readingAnchor() -> (indexPath: ItemPath, delta: Double)? {
        let axis = layout.scrollAxis
        let leftward = layoutDirection.isRightToLeft && axis == .horizontal
        let top = physics.offset[axis]
        func start(_ f: Rect) -> Double { leftward ? (top + frame.width) - f.maxX : f.origin[axis] - top }
        let cells = visibleAttributes.filter { $0.kind == .cell }
        let starting = cells.filter { start($0.frame) >= -0.5 }
        guard let a = (starting.isEmpty ? cells : starting).min(by: { $0.indexPath < $1.indexPath }) else { return nil }
        return (a.indexPath, start(a.frame))
    }

    /// Scrolls so that the anchor starts `delta` from the viewport's leading edge again. A
    /// self-sizing layout first measures what comes into view there (a few rounds: measuring
    /// moves the anchor, which can bring other items into view).
    private func keep(_ anchor: (indexPath: ItemPath, delta: Double)) {
        let axis = layout.scrollAxis
        let leftward = layoutDirection.isRightToLeft && axis == .horizontal
        func place() -> Double? {
            guard let f = layout.attributesForItem(at: anchor.indexPath)?.frame else { return nil }
            var target = physics.offset
            target[axis] = leftward ? f.maxX + anchor.delta - frame.width : f.origin[axis] - anchor.delta
            physics.jump(to: target)
            return f.origin[axis]
        }
        var placedAt = place()
        guard var sizing = layout as? any SelfSizingLayout else { return }
        for _ in 0..<4 {
            let length = layout.contentSize[axis]
            _ = sizing.settleSizes(around: bounds, margin: 0, anchoredAtEnd: false)
            layout = sizing
            physics.contentSize = layout.contentSize
            let before = placedAt
            placedAt = place()
            if placedAt == before && layout.contentSize[axis] == length { break }
        }
    }

    /// Ends every update animation at once: items stand at their layout frames, fades are over.
    func endUpdateAnimations() {
        frameAnimations.removeAll()
        appearingItems.removeAll()
        vanishingItems.removeAll()
    }

    /// After the layout changed under running update animations (a resize), each heads for its
    /// item's new frame instead of the old one; items out of view stop animating.
    private func retargetFrameAnimations() {
        guard !frameAnimations.isEmpty else { return }
        var retargeted: [AnyHashable: RectAnimation] = [:]
        for a in visibleAttributes where a.kind == .cell {
            guard let id = visibleIdentifiers[a.indexPath], var animation = frameAnimations[id] else { continue }
            animation.to = a.frame
            retargeted[id] = animation
        }
        frameAnimations = retargeted
    }

    /// Replaces the layout, scrolls back to the start (``startOffset``) and configures every cell again. An interactive
    /// movement in progress and update animations end. Costs one ``CollectionLayout/prepare(_:)``.
    public func setLayout(_ newLayout: any CollectionLayout) {
        interactiveMove = nil
        layout = newLayout
        physics.axes = [newLayout.scrollAxis]
        frameAnimations.removeAll()
        prepareLayout()
        physics.jump(to: startOffset)
        refreshVisible(reconfigureAll: true)
    }

    /// Lets a caller change layout parameters in place (the layout is a value).
    ///
    /// The scroll position is kept (clamped to the new content). Costs one
    /// ``CollectionLayout/prepare(_:)``.
    ///
    /// ```swift
    /// collectionView.updateLayout { layout in
    ///     if var grid = layout as? GridLayout { grid.minimumCrossSize = 160; layout = grid }
    /// }
    /// ```
    public func updateLayout(_ change: (inout any CollectionLayout) -> Void) {
        change(&layout)
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: false)
    }

    func prepareLayout(completing completed: InteractiveMove? = nil) {
        var context = layoutContext(sectionCounts: sectionCounts)
        context.interactiveMove = interactiveMove
        context.completedMove = completed
        layout.prepare(context)
        let oldEnd = physics.maxOffset.x
        physics.boundsSize = frame.size
        physics.contentSize = layout.contentSize
        keepRightEnd(oldEnd: oldEnd)
    }


    /// The topmost visible item under a window point.
    ///
    /// Hit-tests the drawn (scaled) frames from the top of the z-order down. O(k) for k visible elements.
    public func indexPathForItem(atWindowPoint p: Point) -> ItemPath? {
        guard frame.contains(p) else { return nil }
        let c = contentPoint(fromWindow: p)
        return visibleAttributes.last { $0.kind == .cell && !$0.isHidden && $0.visualFrame.contains(c) }?.indexPath
    }
}
