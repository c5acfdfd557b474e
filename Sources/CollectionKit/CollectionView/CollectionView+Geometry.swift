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

    /// Moves or resizes the viewport. The layout reflows and the first visible item stays in place.
    ///
    /// Moving without resizing only changes the frame. Resizing prepares the layout again (see its
    /// ``CollectionLayout/prepare(_:)`` for the cost) and keeps the first visible item at the same place
    /// in the viewport.
    public func setFrame(_ newFrame: Rect) {
        let resized = newFrame.size != frame.size
        let anchor = resized ? visibleAttributes.filter { $0.kind == .cell }.min { $0.indexPath < $1.indexPath } : nil
        let anchorDelta = anchor.map { $0.frame.origin - physics.offset }
        frame = newFrame
        guard resized else { return }
        prepareLayout()
        if let anchor, let delta = anchorDelta, let f = layout.attributesForItem(at: anchor.indexPath)?.frame {
            var target = physics.offset
            target[layout.scrollAxis] = (f.origin - delta)[layout.scrollAxis]
            physics.jump(to: target)
        } else {
            physics.jump(to: physics.offset)
        }
        refreshVisible(reconfigureAll: false)
        retargetFrameAnimations()
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

    /// Replaces the layout, scrolls back to the start and configures every cell again. An interactive
    /// movement in progress and update animations end. Costs one ``CollectionLayout/prepare(_:)``.
    public func setLayout(_ newLayout: any CollectionLayout) {
        interactiveMove = nil
        layout = newLayout
        physics.axes = [newLayout.scrollAxis]
        frameAnimations.removeAll()
        prepareLayout()
        physics.jump(to: .zero)
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
        var context = LayoutContext(boundsSize: frame.size, itemCounts: itemCounts)
        context.interactiveMove = interactiveMove
        context.completedMove = completed
        layout.prepare(context)
        physics.boundsSize = frame.size
        physics.contentSize = layout.contentSize
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
