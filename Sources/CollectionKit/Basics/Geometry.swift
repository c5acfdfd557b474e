/// Plain geometry in window points. Doubles throughout: layouts do arithmetic, the backend rounds.
///
/// A point is also the type for 2D vectors: offsets, deltas and velocities (points per second).
/// Content and window coordinates both grow rightward and downward.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downward.
    public var y: Double
    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// Creates a point from its coordinates, unlabelled for brevity: `Point(10, 20)`.
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference: the vector from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both components multiplied by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// Euclidean length of the point as a vector from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double { (self - other).length }
    /// Reads as `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height in points. Sizes are not clamped: a negative size makes an empty ``Rect``.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double
    /// Creates a size from its extents.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// Creates a size from its extents, unlabelled: `Size(800, 600)`.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// A size of zero by zero.
    public static let zero = Size(width: 0, height: 0)
    /// Reads as `WxH`.
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle: an origin (top-left corner) and a size, in points.
///
/// Rects are half-open: ``contains(_:)-(Point)`` includes the minimum edges and excludes the maximum ones,
/// so a point on the border between two adjacent cells belongs to exactly one of them.
///
/// ```swift
/// let cell = Rect(x: 0, y: 0, width: 100, height: 80)
/// cell.contains(Point(x: 100, y: 10))                     // false: the max edge is outside
/// let visible = cell.intersection(Rect(50, 40, 200, 200))  // [50, 40, 50, 40]
/// let padded = cell.insetBy(dx: 8, dy: 8)                  // [8, 8, 84, 64]
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size
    /// Creates a rect from its top-left corner and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rect from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// Creates a rect from its top-left corner and size, unlabelled: `Rect(0, 0, 320, 240)`.
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge (outside the rect).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge (outside the rect).
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, as ``size`` holds it.
    public var width: Double { size.width }
    /// The height, as ``size`` holds it.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the rect has no area (zero or negative width or height).
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `p` is inside: minimum edges included, maximum edges excluded.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// True when `r` lies wholly inside this rectangle (edges may touch).
    public func contains(_ r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
    /// Whether the two rects overlap with positive area. Rects that only touch along an edge do not
    /// intersect, and an empty rect intersects nothing.
    public func intersects(_ r: Rect) -> Bool {
        !isEmpty && !r.isEmpty && r.minX < maxX && r.maxX > minX && r.minY < maxY && r.maxY > minY
    }
    /// The overlap of the two rects, or ``zero`` when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rect containing both. An empty rect contributes nothing, so the union of an empty
    /// rect and `r` is `r`.
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
    /// The same rect moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The same rect moved by the vector `p`.
    public func offset(by p: Point) -> Rect { offsetBy(dx: p.x, dy: p.y) }
    /// The rect shrunk by `dx` on the left and right and `dy` on the top and bottom, about the same
    /// centre; negative values grow it.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    /// The rect scaled about its centre, as a transform with that scale would draw it.
    public func scaledAboutCenter(_ s: Double) -> Rect {
        Rect(x: midX - width * s / 2, y: midY - height * s / 2, width: width * s, height: height * s)
    }
    /// Area of the overlap with another rect (0 when they do not meet).
    public func overlapArea(with r: Rect) -> Double {
        let i = intersection(r); return i.width * i.height
    }
    /// Reads as `[x, y, width, height]`.
    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}

/// Linear interpolation helpers used by animations.
///
/// `t` = 0 gives `a`, 1 gives `b`; values outside 0...1 extrapolate.
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
/// Interpolates each of origin and size linearly: `t` = 0 gives `a`, 1 gives `b`.
public func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(x: lerp(a.minX, b.minX, t), y: lerp(a.minY, b.minY, t),
         width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
}

/// The scroll axis of a layout or a scroll view.
///
/// A vertical layout scrolls along `.vertical`; its cross axis is `.horizontal`. Points and sizes
/// are subscripted by axis (`offset[axis]`, `size[axis]`) so that layout code is written once for
/// both orientations.
public enum Axis: String, Sendable { case horizontal, vertical }

extension Point {
    /// The coordinate along `axis`: `x` for horizontal, `y` for vertical.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

extension Size {
    /// The extent along `axis`: `width` for horizontal, `height` for vertical.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}
