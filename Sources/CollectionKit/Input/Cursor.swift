/// The cursor the core wants over the current pointer position.
///
/// `arrow` is the default, `hand` marks something that can be clicked or picked up, `grabbing` is
/// shown while content or an item is being dragged.
public enum Cursor: String, Sendable {
    case arrow, hand, grabbing
    /// "This cannot be done here": a press on an item that cannot move.
    case notAllowed
    /// A drag that copies: letting go adds a copy and leaves the original where it is (the
    /// desktop's arrow with a plus).
    case copy
}
