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

extension Rect {
    /// The rect with `insets` taken off each edge (a cell's content area inside its padding);
    /// never narrower or shorter than zero.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: origin.x + insets.left, y: origin.y + insets.top,
             width: max(0, size.width - insets.left - insets.right), height: max(0, size.height - insets.top - insets.bottom))
    }
}
