/// A position in a sectioned collection.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(item: Int, section: Int = 0) { self.item = item; self.section = section }
    public static func < (a: IndexPath, b: IndexPath) -> Bool { (a.section, a.item) < (b.section, b.item) }
    public var description: String { "[\(section), \(item)]" }
}

public enum ElementKind: Hashable, Sendable {
    case cell
    /// A header or other decoration, named by the layout ("header").
    case supplementary(String)
}

/// Where and how one element is shown, in content coordinates.
public struct LayoutAttributes: Equatable, Sendable {
    public var indexPath: IndexPath
    public var kind: ElementKind
    public var frame: Rect
    /// Scale about the frame's centre.
    public var scale: Double = 1
    public var alpha: Double = 1
    public var zIndex: Int = 0
    public var isHidden: Bool = false
    public init(indexPath: IndexPath, kind: ElementKind = .cell, frame: Rect) {
        self.indexPath = indexPath; self.kind = kind; self.frame = frame
    }
    /// The frame as drawn, after the scale.
    public var visualFrame: Rect { scale == 1 ? frame : frame.scaledAboutCenter(scale) }
}

/// What a layout is prepared for: the data's shape and the collection's bounds.
public struct LayoutContext: Equatable, Sendable {
    public var boundsSize: Size
    public var itemCounts: [Int]
    /// The item being moved interactively, if any: layouts place items in the displayed order it
    /// implies and look up per-item sizes through `dataIndexPath(forDisplayed:)`.
    public var interactiveMove: InteractiveMove? = nil
    public init(boundsSize: Size, itemCounts: [Int]) { self.boundsSize = boundsSize; self.itemCounts = itemCounts }
    public var totalItems: Int { itemCounts.reduce(0, +) }
}

/// What a paging decision knows besides the proposed offset and velocity.
public struct ScrollDecision: Equatable, Sendable {
    /// The content offset when the gesture (pan or wheel burst) began.
    public var startOffset: Point
    /// The content offset at release.
    public var currentOffset: Point
    public var boundsSize: Size
    /// True when a wheel burst (mouse wheel or trackpad) ended, false for a pointer release: a wheel
    /// notch carries no velocity, yet it means "go that way".
    public var isWheel: Bool
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
public protocol CollectionLayout {
    /// The axis along which content scrolls.
    var scrollAxis: Axis { get }
    mutating func prepare(_ context: LayoutContext)
    var contentSize: Size { get }
    /// Cells and supplementary elements whose frames meet `rect`, in no particular order.
    func attributesForElements(in rect: Rect) -> [LayoutAttributes]
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
    /// Adjusts an element for the current visible bounds (a carousel scales by distance from the centre).
    func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect)
    /// Where scrolling should come to rest, given where it would naturally stop and the velocity
    /// (points per second) at release. The default keeps the proposal.
    func targetContentOffset(proposed: Point, velocity: Point, decision: ScrollDecision) -> Point
    /// The index an item being moved interactively should take when the pointer is at `position`
    /// (content coordinates); nil keeps the current target.
    func targetIndexPath(forMoving indexPath: IndexPath, at position: Point) -> IndexPath?
    /// The attributes of the item being moved, drawn with its centre at `position`.
    func attributesForMovingItem(at indexPath: IndexPath, position: Point) -> LayoutAttributes?
    /// True when items flow in reading order along lines across the scroll axis (a grid): an item
    /// moving one slot onto another line then leaves its line at the end and enters the next at its
    /// start, instead of crossing the items between (see `RectAnimation.WrapPath`). Default false.
    var flowsInLines: Bool { get }
}

extension CollectionLayout {
    public var flowsInLines: Bool { false }
    public func finalize(_ attributes: inout LayoutAttributes, visibleBounds: Rect) {}
    public func targetContentOffset(proposed: Point, velocity: Point, decision: ScrollDecision) -> Point { proposed }

    /// The item whose frame contains `position`, or failing that the nearest item in the same
    /// neighbourhood: a pointer in a gap still picks a slot.
    public func targetIndexPath(forMoving indexPath: IndexPath, at position: Point) -> IndexPath? {
        let probe = Rect(x: position.x - 1, y: position.y - 1, width: 2, height: 2)
        let hits = attributesForElements(in: probe).filter { $0.kind == .cell && $0.frame.contains(position) }
        return hits.first?.indexPath
    }

    public func attributesForMovingItem(at indexPath: IndexPath, position: Point) -> LayoutAttributes? {
        guard var a = attributesForItem(at: indexPath) else { return nil }
        a.frame.origin = Point(x: position.x - a.frame.width / 2, y: position.y - a.frame.height / 2)
        return a
    }
}

/// Insets around a layout's content.
public struct EdgeInsets: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
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
