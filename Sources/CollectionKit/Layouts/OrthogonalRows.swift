/// A layout some of whose sections are rows that scroll across the main axis (a compositional
/// layout's orthogonal sections), described so ``OrthogonalScrolling`` can drive them without
/// knowing which layout it is. A layout of its own adopts it to get the same rows: presses, drags,
/// horizontal wheel and paging by its own resting places.
public protocol OrthogonalRowsLayout: CollectionLayout {
    /// The rows that scroll across, in section order.
    var orthogonalRows: [OrthogonalRow] { get }
    /// The size the layout was last prepared for.
    var boundsSize: Size { get }
    /// The row whose band contains a content point, if any.
    func orthogonalSection(at p: Point) -> Int?
    /// Where a released row comes to rest, given the proposal, the release velocity and the gesture.
    func orthogonalTargetOffset(section: Int, proposed: Double, velocity: Double, decision: ScrollDecision, flickVelocity: Double) -> Double
    /// The row's offset at which resting place (group or page) `place` rests in view.
    func restingOffset(section: Int, group place: Int) -> Double
    /// The resting place nearest an offset of the row.
    func nearestRestingPlace(section: Int, toOffset offset: Double) -> Int
}

/// One row that scrolls across the main axis.
public struct OrthogonalRow: Equatable, Sendable {
    /// The section it is.
    public var section: Int
    /// The row's height, and its scrollable width (insets included).
    public var height: Double
    public var contentWidth: Double
    /// True when the row comes to rest on its groups (paging); false when it coasts freely.
    public var pages: Bool

    public init(section: Int, height: Double, contentWidth: Double, pages: Bool) {
        self.section = section; self.height = height; self.contentWidth = contentWidth; self.pages = pages
    }
}

extension CompositionalLayout: OrthogonalRowsLayout {
    public var orthogonalRows: [OrthogonalRow] {
        sections.filter(\.isOrthogonal).map {
            OrthogonalRow(section: $0.index, height: $0.frame.height, contentWidth: $0.rowContentWidth, pages: $0.behavior != .continuous)
        }
    }
}
