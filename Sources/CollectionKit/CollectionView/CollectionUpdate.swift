/// A change already made in the data source, which the view now applies.
///
/// Deletes, reloads and the source of a move name index paths before the update; inserts and the
/// destination of a move name index paths after it. Deletes apply before inserts.
public enum CollectionUpdate: Equatable, Sendable {
    /// Items that were inserted, at their index paths after the update.
    case insert([ItemPath])
    /// Items that were deleted, at their index paths before the update.
    case delete([ItemPath])
    /// An item that moved from an index path before the update to one after it. It keeps its
    /// identity, so it glides to its new place.
    case move(ItemPath, ItemPath)
    /// Items changed in place, at their index paths before the update. Every visible cell is
    /// configured afresh after a batch, so a reload only has to name valid items.
    case reload([ItemPath])
}

/// Why an update was refused. The view is left exactly as it was.
public struct CollectionUpdateError: Error, Equatable, CustomStringConvertible {
    /// What did not add up, with the view's name and the numbers involved.
    public var message: String
    /// The message.
    public var description: String { message }
}
