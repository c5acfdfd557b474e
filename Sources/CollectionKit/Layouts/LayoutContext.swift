/// What a layout is prepared for: the data's shape and the collection's bounds.
public struct LayoutContext: Equatable, Sendable {
    /// The size of the collection view's viewport.
    public var boundsSize: Size
    /// The number of items in each section, as displayed.
    public var itemCounts: [Int]
    /// The item being moved interactively, if any: layouts place items in the displayed order it
    /// implies and look up per-item sizes through `dataIndexPath(forDisplayed:)`.
    public var interactiveMove: InteractiveMove? = nil
    /// Set for the one `prepare` right after an interactive movement ended (dropped, or cancelled
    /// with its target back at its source): the data source now holds the items in the order that
    /// movement showed, so a layout may keep what it placed during the movement instead of placing
    /// everything again. The previous `prepare` was given this same movement.
    public var completedMove: InteractiveMove? = nil
    /// Creates a context with no interactive movement.
    public init(boundsSize: Size, itemCounts: [Int]) { self.boundsSize = boundsSize; self.itemCounts = itemCounts }
    /// The number of items in all sections. O(sections).
    public var totalItems: Int { itemCounts.reduce(0, +) }
}
