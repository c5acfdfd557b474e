/// A reusable cell. Subclasses draw themselves; the collection view configures them through the
/// data source when they come into view and recycles them when they leave.
///
/// Subclass it, override ``draw(in:into:)``, register the subclass with
/// ``CollectionView/register(reuseIdentifier:_:)`` and configure it in the data source's
/// `collectionView(_:cellForItemAt:)`. See ``CollectionView`` for a complete example.
open class CollectionCell {
    /// The identifier the cell was registered and is pooled under.
    public let reuseIdentifier: String
    /// The item this cell shows now; nil while it waits in the reuse pool.
    public internal(set) var indexPath: ItemPath?
    /// Whether the item is selected; the view keeps it in step with ``CollectionView/selectedItems``.
    /// Draw it.
    public internal(set) var isSelected = false
    /// Free for the owner to set (while the item is pressed, say) and for the cell to draw; cleared
    /// on reuse.
    public var isHighlighted = false
    /// The pointer is over this cell and the cell reacts to it (see `CollectionView.updateHover`).
    public internal(set) var isHovered = false
    /// The item has the keyboard focus (for drag and drop, the item Space would pick up). Draw a
    /// focus ring. `DragDropCollection` keeps it in step with its manager; an owner with a focus
    /// of its own sets it. Cleared on reuse.
    public var isFocused = false
    /// The item's collection is the accepting target of the drag over it now.
    public internal(set) var isDropTarget = false
    /// The item is part of the drag in flight. A moved item is taken out of view meanwhile, so a
    /// cell sees this while a copying source (a palette) keeps the original shown.
    public internal(set) var isDragged = false

    /// Creates a cell. The view calls the factory given to ``CollectionView/register(reuseIdentifier:_:)``
    /// when its pool has no spare cell.
    public required init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

    /// Called before the cell is handed out again: clear anything the previous item set.
    open func prepareForReuse() {
        isHighlighted = false; isSelected = false; isHovered = false
        isFocused = false; isDropTarget = false; isDragged = false
    }

    /// Draws the cell into `frame` (content coordinates; the collection view has set up the transform).
    open func draw(in frame: Rect, into list: inout DrawList) {}

    /// Draws the cell faded to `alpha`. The default fades each command on its own, so overlapping
    /// layers show through one another; a cell made of stacked layers may override this to fade as
    /// one piece.
    open func draw(in frame: Rect, alpha: Double, into list: inout DrawList) {
        list.withOpacity(alpha) { list in draw(in: frame, into: &list) }
    }
}
