/// A position in a sectioned collection: what UIKit calls an index path.
///
/// It has a name of its own so that a file importing both Foundation and CollectionKit can write
/// `ItemPath` unqualified (Foundation's `IndexPath` is a different type). Item paths order by
/// section, then item, which is also the order cells are configured in and the tie-break for
/// elements with the same z-index.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, counting from 0.
    public var section: Int
    /// The item within its section, counting from 0.
    public var item: Int
    /// Creates an index path; the section defaults to 0 for single-section collections.
    public init(item: Int, section: Int = 0) { self.item = item; self.section = section }
    /// Orders by section, then by item.
    public static func < (a: ItemPath, b: ItemPath) -> Bool { (a.section, a.item) < (b.section, b.item) }
    /// Reads as `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}

/// What an element a layout places is: a cell from the data source, or a supplementary element
/// the data source draws directly.
public enum ElementKind: Hashable, Sendable {
    /// An item, drawn by a ``CollectionCell``.
    case cell
    /// A header or other decoration, named by the layout ("header").
    case supplementary(String)
}

/// Where and how one element is shown, in content coordinates.
///
/// A layout returns plain frames; ``CollectionLayout/finalize(_:visibleBounds:)`` may then add
/// scale, alpha and z-index that depend on the scroll position.
public struct LayoutAttributes: Equatable, Sendable {
    /// The item, or for a supplementary element the section it belongs to (item 0).
    public var indexPath: ItemPath
    /// Whether this is a cell or a supplementary element.
    public var kind: ElementKind
    /// The element's frame in content coordinates, before ``scale``.
    public var frame: Rect
    /// Scale about the frame's centre.
    ///
    /// The frame is drawn and hit-tested as ``visualFrame``.
    public var scale: Double = 1
    /// Opacity, 0...1. A cell fades through ``CollectionCell/draw(in:alpha:into:)``.
    public var alpha: Double = 1
    /// Drawing order: higher values are drawn on top, and hit testing picks the topmost. Ties are
    /// broken by index path.
    public var zIndex: Int = 0
    /// A hidden element is not drawn, not hit-tested, and gets no cell.
    public var isHidden: Bool = false
    /// Creates plain attributes: full scale, opaque, z-index 0, shown.
    public init(indexPath: ItemPath, kind: ElementKind = .cell, frame: Rect) {
        self.indexPath = indexPath; self.kind = kind; self.frame = frame
    }
    /// The frame as drawn, after the scale.
    public var visualFrame: Rect { scale == 1 ? frame : frame.scaledAboutCenter(scale) }
}

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

/// What a paging decision knows besides the proposed offset and velocity.
///
/// ``ScrollPhysics`` builds one at every release and passes it to its
/// ``ScrollPhysics/targetDecision``, usually on to ``CollectionLayout/targetContentOffset(proposed:velocity:decision:)``.
public struct ScrollDecision: Equatable, Sendable {
    /// The content offset when the gesture (pan or wheel burst) began.
    public var startOffset: Point
    /// The content offset at release.
    public var currentOffset: Point
    /// The viewport size.
    public var boundsSize: Size
    /// True when a wheel burst (mouse wheel or trackpad) ended, false for a pointer release: a wheel
    /// notch carries no velocity, yet it means "go that way".
    public var isWheel: Bool
    /// Creates a decision; `isWheel` defaults to a pointer release.
    public init(startOffset: Point, currentOffset: Point, boundsSize: Size, isWheel: Bool = false) {
        self.startOffset = startOffset; self.currentOffset = currentOffset; self.boundsSize = boundsSize
        self.isWheel = isWheel
    }
}

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
}

extension CollectionLayout {
    /// False: items do not flow in lines, so moves take the straight path.
    public var flowsInLines: Bool { false }
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

/// Insets around a layout's content.
///
/// Layouts read them along their axes: for a vertical layout `top` and `bottom` pad the scroll
/// axis and `left` and `right` the cross axis.
public struct EdgeInsets: Equatable, Sendable {
    /// Space at each edge, in points.
    public var top: Double, left: Double, bottom: Double, right: Double
    /// Creates insets; unspecified edges are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset `v` on every edge.
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    /// Inset before content along `axis` (top or left).
    func leading(_ axis: Axis) -> Double { axis == .vertical ? top : left }
    func trailing(_ axis: Axis) -> Double { axis == .vertical ? bottom : right }
}

/// Binary search helpers shared by layouts.
enum Search {
    /// The first index `i` in `0..<count` for which `isAfter(i)` is true (or `count`), with
    /// `isAfter` monotone (false...false true...true).
    static func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAfter(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
