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
