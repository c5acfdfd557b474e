/// The cursor the core wants over the current pointer position.
///
/// `arrow` is the default, `hand` marks something that can be clicked or picked up, `grabbing` is
/// shown while content or an item is being dragged.
public enum Cursor: String, Sendable {
    case arrow, hand, grabbing
    /// "This cannot be done here": a press on an item that cannot move.
    case notAllowed
}
