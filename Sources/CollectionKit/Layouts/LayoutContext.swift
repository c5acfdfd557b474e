/// What a layout is prepared for: the data's shape and the collection's bounds.
public struct LayoutContext: Equatable, Sendable {
    /// The size of the collection view's viewport.
    public var boundsSize: Size
    /// The number of items in each section, as displayed: an array, or a rule for a data source
    /// that gives one (``CollectionDataSource/sectionCounts(in:)``). Layouts read these.
    public var sectionCounts: SectionCounts
    /// `sectionCounts` as an array: made anew, O(sections), each time it is asked for when the
    /// counts are a rule. Read ``sectionCounts`` instead (it reads the same: `count`, subscripts).
    public var itemCounts: [Int] {
        get { sectionCounts.array }
        set { sectionCounts = SectionCounts(newValue) }
    }
    /// The item being moved interactively, if any: layouts place items in the displayed order it
    /// implies and look up per-item sizes through `dataIndexPath(forDisplayed:)`.
    public var interactiveMove: InteractiveMove? = nil
    /// Set for the one `prepare` right after an interactive movement ended (dropped, or cancelled
    /// with its target back at its source): the data source now holds the items in the order that
    /// movement showed, so a layout may keep what it placed during the movement instead of placing
    /// everything again. The previous `prepare` was given this same movement.
    public var completedMove: InteractiveMove? = nil
    /// The collection view's ``CollectionView/layoutDirection``: in right to left a layout places its
    /// items as the horizontal mirror of left to right (see ``LayoutMirror``).
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Creates a context with no interactive movement.
    public init(boundsSize: Size, itemCounts: [Int], layoutDirection: LayoutDirection = .leftToRight) {
        self.init(boundsSize: boundsSize, sectionCounts: SectionCounts(itemCounts), layoutDirection: layoutDirection)
    }
    /// Creates a context with no interactive movement, its counts an array or a rule.
    public init(boundsSize: Size, sectionCounts: SectionCounts, layoutDirection: LayoutDirection = .leftToRight) {
        self.boundsSize = boundsSize; self.sectionCounts = sectionCounts; self.layoutDirection = layoutDirection
    }
    /// The mirror for a layout whose content is `contentWidth` wide: about the wider of the content
    /// and the viewport, reflecting only in right to left.
    public func mirror(contentWidth: Double) -> LayoutMirror {
        LayoutMirror(direction: layoutDirection, width: max(contentWidth, boundsSize.width))
    }
    /// The number of items in all sections. O(sections); O(1) for sections alike.
    public var totalItems: Int { sectionCounts.total }
}
