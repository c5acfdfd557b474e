/// Scale then translate: `p' = p * scale + translation`.
///
/// Transforms stay this simple (uniform scale, translation, no rotation) so that the core can map
/// rects for hit testing with the same arithmetic the backend draws with.
///
/// ```swift
/// // Draw a tile 6% larger, centred on where it was.
/// let tile = Rect(x: 40, y: 40, width: 100, height: 100)
/// let lift = Transform.scale(1.06, about: tile.center)
/// let drawn = lift.apply(tile)          // about [37, 37, 106, 106]
/// ```
public struct Transform: Equatable, Sendable {
    /// The uniform scale factor, applied first.
    public var scale: Double
    /// The offset added after scaling.
    public var translation: Point
    /// Creates a transform; the defaults give the identity.
    public init(scale: Double = 1, translation: Point = .zero) { self.scale = scale; self.translation = translation }
    /// The transform that changes nothing. ``DrawList/transformed(_:_:)`` pushes nothing for it.
    public static let identity = Transform()
    /// A scale of `s` about point `c`.
    public static func scale(_ s: Double, about c: Point) -> Transform {
        Transform(scale: s, translation: Point(x: c.x * (1 - s), y: c.y * (1 - s)))
    }
    /// A pure translation by `dx`, `dy`.
    public static func translate(_ dx: Double, _ dy: Double) -> Transform { Transform(translation: Point(x: dx, y: dy)) }
    /// Maps a point: `p * scale + translation`.
    public func apply(_ p: Point) -> Point { Point(x: p.x * scale + translation.x, y: p.y * scale + translation.y) }
    /// Maps a rect: its origin maps as a point and its size scales.
    public func apply(_ r: Rect) -> Rect {
        Rect(origin: apply(r.origin), size: Size(width: r.width * scale, height: r.height * scale))
    }
    /// `self` applied after `inner`.
    public func concatenating(_ inner: Transform) -> Transform {
        Transform(scale: scale * inner.scale, translation: apply(inner.translation))
    }
}
