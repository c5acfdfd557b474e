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
