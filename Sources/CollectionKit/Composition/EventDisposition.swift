/// What a handler did with one input event: the one answer everything that takes input gives, so
/// a root can list its handlers in priority order and stop at the first that takes an event.
public enum EventDisposition: Equatable, Sendable {
    /// Not this handler's event: it goes on to the next handler in the list.
    case ignored
    /// Taken; nothing after this handler sees the event. A taken press keeps the pointer with this
    /// handler until its release (see ``Composition``).
    case handled
    /// Taken: a press let go where it began, without panning or lifting, at this window point. The
    /// owner decides what a click means (select, open, focus).
    case click(Point)

    /// True unless the event was ``ignored``.
    public var isHandled: Bool { self != .ignored }
}

/// Anything that takes input answers the same call. A press it takes stays with it until the
/// release; the wheel goes to the handler under the pointer; keys go through the list in order,
/// with the focus chain (``FocusChain``) where the app puts it.
///
/// ```swift
/// final class Ruler: InputHandler {
///     var frame = Rect(x: 0, y: 0, width: 800, height: 24)
///     func contains(_ p: Point) -> Bool { frame.contains(p) }
///     func handle(_ event: InputEvent, now: Double) -> EventDisposition {
///         guard case .pointerDown = event else { return .ignored }
///         return .handled
///     }
/// }
/// ```
public protocol InputHandler: AnyObject {
    /// Takes one event that happened at `now`; see ``EventDisposition``.
    func handle(_ event: InputEvent, now: Double) -> EventDisposition
    /// Whether presses, releases and wheel turns at window point `p` are offered to this handler.
    /// The default, true, offers every one (an overlay that closes on a press anywhere).
    func contains(_ p: Point) -> Bool
}

extension InputHandler {
    public func contains(_ p: Point) -> Bool { true }
}
