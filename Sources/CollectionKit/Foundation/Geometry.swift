/// Plain geometry in window points. Doubles throughout: layouts do arithmetic, the backend rounds.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to other: Point) -> Double { (self - other).length }
    public var description: String { "(\(x), \(y))" }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    public func intersects(_ r: Rect) -> Bool {
        !isEmpty && !r.isEmpty && r.minX < maxX && r.maxX > minX && r.minY < maxY && r.maxY > minY
    }
    public func intersection(_ r: Rect) -> Rect {
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public func offset(by p: Point) -> Rect { offsetBy(dx: p.x, dy: p.y) }
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
    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}

/// Linear interpolation helpers used by animations.
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
public func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(x: lerp(a.minX, b.minX, t), y: lerp(a.minY, b.minY, t),
         width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
}

/// The scroll axis of a layout or a scroll view.
public enum Axis: String, Sendable { case horizontal, vertical }

extension Point {
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

extension Size {
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}
