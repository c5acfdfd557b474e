/// Right to left in the collection view: the layout mirrors its places (it reads
/// ``LayoutContext/layoutDirection``), and the view keeps horizontal scrolling anchored to the right
/// end the way left to right keeps it anchored to the left: content starts scrolled to its right
/// end, and when the content grows or shrinks what is in view stays where it is relative to the right.
extension CollectionView {
    /// The offset at which content starts: zero, or in right to left the right end of content that
    /// scrolls horizontally. ``setLayout(_:)`` and Home (``KeyboardScrolling``) go there. O(1).
    public var startOffset: Point {
        layoutDirection.isRightToLeft ? Point(x: physics.maxOffset.x, y: 0) : .zero
    }

    /// A context for preparing this view's layout (or a probe copy of it) for `itemCounts`, with
    /// the view's size and direction and no movement. O(1).
    public func layoutContext(itemCounts: [Int]) -> LayoutContext {
        layoutContext(sectionCounts: SectionCounts(itemCounts))
    }
    /// A context for preparing this view's layout for `sectionCounts` (an array or a rule).
    public func layoutContext(sectionCounts: SectionCounts) -> LayoutContext {
        LayoutContext(boundsSize: frame.size, sectionCounts: sectionCounts, layoutDirection: layoutDirection)
    }

    /// The layout is prepared again in the new direction, and the offset reflected so the same
    /// content stays in view (its mirror image); update animations end.
    func layoutDirectionChanged() {
        endUpdateAnimations()
        let old = physics.offset
        prepareLayout()
        // The mirror of the viewport's rect: x' = end − x (the content is as wide either way).
        physics.jump(to: Point(x: physics.maxOffset.x - old.x, y: old.y))
        refreshVisible(reconfigureAll: false)
    }

    /// Right to left, horizontal content is anchored at its right end: when the end moves by a
    /// change of content or viewport width, the offset moves with it, as in left to right the
    /// offset stays put while the far end moves. Motions in progress shift along.
    func keepRightEnd(oldEnd: Double) {
        guard layoutDirection.isRightToLeft else { return }
        let delta = physics.maxOffset.x - oldEnd
        guard delta != 0 else { return }
        physics.shiftContent(by: delta, along: .horizontal, oldEnd: oldEnd, endDelta: delta)
        if physics.offset.x < 0 || physics.offset.x > physics.maxOffset.x { physics.jump(to: physics.offset) }
    }
}
