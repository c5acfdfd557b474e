/// A layout decides where every element goes. Layouts are values: `prepare` computes what later
/// queries need, and queries never mutate.
///
/// `attributesForElements(in:)` must cost O(log n + k) for k results: the collection view calls
/// it every frame with the visible rect.
///
/// A collection view calls ``prepare(_:)`` whenever what the layout depends on changes (the item
/// counts, the viewport size, an interactive movement) and queries it in between: every frame for
/// the elements in view, and per item to scroll to an item, to move items and to dump state. Do all
/// per-item work in `prepare` and keep the queries read-only and cheap, which is what lets a
/// collection of a million items scroll at full frame rate. `attributesForItem(at:)` should be O(1)
/// or O(log n).
///
/// The engine ships ``GridLayout``, ``WaterfallLayout`` and ``CarouselLayout``. A custom layout needs
/// only ``scrollAxis``, ``prepare(_:)``, ``contentSize``, ``attributesForElements(in:)`` and
/// ``attributesForItem(at:)``; the rest have defaults.
///
/// ```swift
/// /// One full-width row per item, in section 0.
/// struct ListLayout: CollectionLayout {
///     var rowHeight = 44.0
///     var scrollAxis: Axis { .vertical }
///     private(set) var contentSize: Size = .zero
///     private var count = 0
///
///     mutating func prepare(_ context: LayoutContext) {        // O(1)
///         count = context.itemCounts.first ?? 0
///         contentSize = Size(width: context.boundsSize.width, height: Double(count) * rowHeight)
///     }
///
///     func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
///         guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
///         return LayoutAttributes(indexPath: indexPath, frame: Rect(
///             x: 0, y: Double(indexPath.item) * rowHeight, width: contentSize.width, height: rowHeight))
///     }
///
///     func attributesForElements(in rect: Rect) -> [LayoutAttributes] {  // O(k)
///         guard count > 0, rowHeight > 0 else { return [] }
///         let first = max(0, Int((rect.minY / rowHeight).rounded(.down)))
///         let last = min(count - 1, Int((rect.maxY / rowHeight).rounded(.up)) - 1)
///         guard first <= last else { return [] }
///         return (first...last).compactMap { attributesForItem(at: ItemPath(item: $0)) }
///     }
/// }
/// ```
public protocol CollectionLayout {
    /// The axis along which content scrolls.
    var scrollAxis: Axis { get }
    /// Computes everything later queries need for `context`: the viewport size, the item counts and any
    /// interactive movement. Called on reload, on a viewport resize, after batch updates, on every
    /// change of a moving item's target, and when the layout is replaced or changed in place. Items with
    /// their own sizes must be looked up through ``LayoutContext/dataIndexPath(forDisplayed:)``.
    mutating func prepare(_ context: LayoutContext)
    /// The size of all content as of the last ``prepare(_:)``; the scrollable range is the content size
    /// minus the viewport size.
    var contentSize: Size { get }
    /// Cells and supplementary elements whose frames meet `rect`, in no particular order.
    ///
    /// Called at least once a frame with the visible bounds, so it must not scan every item.
    func attributesForElements(in rect: Rect) -> [LayoutAttributes]
    /// The attributes of one item (a cell), or nil when the index path is out of range.
    func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes?
    /// Adjusts an element for the current visible bounds (a carousel scales by distance from the centre).
    func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect)
    /// Where scrolling should come to rest, given where it would naturally stop and the velocity
    /// (points per second) at release. The default keeps the proposal.
    ///
    /// Paging layouts pick a page here. The collection view does not install this on its own: assign
    /// ``ScrollPhysics/targetDecision`` to forward to it, as the ``CarouselLayout`` example shows.
    func targetContentOffset(proposed: Point, velocity: Point, decision: ScrollDecision) -> Point
    /// The index an item being moved interactively should take when the pointer is at `position`
    /// (content coordinates); nil keeps the current target.
    func targetIndexPath(forMoving indexPath: ItemPath, at position: Point) -> ItemPath?
    /// The attributes of the item being moved, drawn with its centre at `position`.
    func attributesForMovingItem(at indexPath: ItemPath, position: Point) -> LayoutAttributes?
    /// True when items flow in reading order along lines across the scroll axis (a grid): an item
    /// moving one slot onto another line then leaves its line at the end and enters the next at its
    /// start, instead of crossing the items between (see `RectAnimation.WrapPath`). Default false.
    var flowsInLines: Bool { get }
    /// How assistive technology reads the items as rows and columns, when they stand so (a grid);
    /// nil, the default, reads them as a list.
    var accessibilityTableShape: AccessibleTableShape? { get }
}

extension CollectionLayout {
    /// False: items do not flow in lines, so moves take the straight path.
    public var flowsInLines: Bool { false }
    /// Nil: the items are read as a list.
    public var accessibilityTableShape: AccessibleTableShape? { nil }
    /// The default leaves the attributes as they are.
    public func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect) {}
    /// The default accepts the proposal: scrolling decelerates freely.
    public func targetContentOffset(proposed: Point, velocity: Point, decision: ScrollDecision) -> Point { proposed }

    /// The item whose frame contains `position`, or nil when the pointer is in a gap between items
    /// (the collection view then keeps the current target).
    ///
    /// The default probes a 2-point square around `position`; layouts override it so that a pointer
    /// in a gap still picks a slot. O(log n + k), as
    /// ``CollectionLayout/attributesForElements(in:)``.
    public func targetIndexPath(forMoving indexPath: ItemPath, at position: Point) -> ItemPath? {
        let probe = Rect(x: position.x - 1, y: position.y - 1, width: 2, height: 2)
        let hits = attributesForElements(in: probe).filter { $0.kind == .cell && $0.frame.contains(position) }
        return hits.first?.indexPath
    }

    /// The default takes the item's laid-out attributes and centres its frame on `position`.
    public func attributesForMovingItem(at indexPath: ItemPath, position: Point) -> LayoutAttributes? {
        guard var a = attributesForItem(at: indexPath) else { return nil }
        a.frame.origin = Point(x: position.x - a.frame.width / 2, y: position.y - a.frame.height / 2)
        return a
    }
}
