/// A collection view is a part a ``Composition`` can list as it is: it moves, draws and counts
/// its cells, and its frame is its area. Input comes from a handler beside it (a
/// ``CollectionController``, a ``ReorderInteraction``, a drag-and-drop manager).
extension CollectionView: Component {
    public func contains(_ p: Point) -> Bool { frame.contains(p) }
    /// Listed as it is, a view takes no input: a move changes nothing of it.
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool { true }
}
