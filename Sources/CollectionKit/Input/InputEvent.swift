/// A mouse button.
///
/// Input as plain values: the backend translates SDL events into these, scripts produce them too.
public enum MouseButton: String, Sendable { case left, right, middle }

/// One input event as the core sees it: positions in window points, no timestamps (the caller
/// passes the time alongside, see ``InteractiveRoot/handle(_:now:)``).
public enum InputEvent: Equatable, Sendable {
    /// A mouse button went down at a window point.
    case pointerDown(Point, MouseButton, Modifiers)
    /// The pointer moved to a window point, with or without a button held.
    case pointerMove(Point, Modifiers)
    /// A mouse button was released at a window point.
    case pointerUp(Point, MouseButton, Modifiers)
    /// Precise wheel deltas in SDL's signs: dy > 0 is turned away from the user (scroll toward the top).
    case wheel(dx: Double, dy: Double)
    /// A key went down, with the modifiers held. Key repeats arrive as further events.
    case key(Key, Modifiers)
    /// Text typed, after keyboard layout and input-method processing.
    case text(String)
    /// An input method's composition in progress (SDL_TEXTEDITING): the text being composed,
    /// not yet committed, and the caret's place in it in characters. An empty text ends the
    /// composition without text (cancelled); the text it commits comes as ``text(_:)``.
    case composition(String, cursor: Int)
    /// The window's drawable area changed to this size in points.
    case resize(Size)
    /// The window gained or lost keyboard focus. Losing it should cancel gestures in progress, since
    /// the matching release may never arrive.
    case focus(gained: Bool)
    /// The pointer left the window with no button held: nothing is under it any more, so hover
    /// highlights end. (A drag keeps the pointer captured and gets moves outside the window instead.)
    case pointerExited
    /// Another program's text or files were dropped on the window at a window point (the
    /// pointer where the user released them). See ``DragDropCoordinator/dropExternal(_:at:now:)``.
    case drop(DropPayload, at: Point)
}
