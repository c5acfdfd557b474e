/// One dimension of a size.
public enum LayoutDimension: Equatable, Sendable {
    /// A share of the container's width.
    case fractionalWidth(Double)
    /// A share of the container's height (for a section's group: the collection's height).
    case fractionalHeight(Double)
    /// Points.
    case absolute(Double)
    /// A first guess in points; the real value comes from measuring the item (`measure`).
    case estimated(Double)

    /// The dimension in points inside a container of `container`.
    public func resolve(in container: Size) -> Double {
        switch self {
        case let .fractionalWidth(f): return container.width * f
        case let .fractionalHeight(f): return container.height * f
        case let .absolute(v), let .estimated(v): return v
        }
    }

    /// True for `.estimated`: the value is a guess to be measured.
    public var isEstimated: Bool { if case .estimated = self { return true }; return false }
}

/// A width and a height.
public struct LayoutSize: Equatable, Sendable {
    /// Width and height, each resolved against the container.
    public var width: LayoutDimension
    public var height: LayoutDimension
    public init(width: LayoutDimension, height: LayoutDimension) { self.width = width; self.height = height }
}

extension LayoutSize {
    subscript(axis: Axis) -> LayoutDimension { axis == .horizontal ? width : height }
}
