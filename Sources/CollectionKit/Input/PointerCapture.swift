/// Which region of a window the pointer belongs to, as Dear ImGui's active item: the region a
/// press lands on holds the pointer, and every move and the release go to it until the button
/// is let go, wherever the pointer wanders. With nothing pressed, pointer events go to the region
/// under the pointer. A region is whatever the app splits its window into (a tab bar, a notice
/// strip, the content; or one collection of several).
///
/// ```swift
/// enum Region { case toolbar, content }
/// var capture = PointerCapture<Region>()
///
/// func handle(_ event: InputEvent, now: Double) {
///     switch capture.route(event, hitTest: { $0.y < 44 ? .toolbar : .content }) {
///     case .toolbar?: toolbar.handle(event)
///     case .content?: content.handle(event, now: now)
///     case nil: break   // not a pointer event, or nothing under the pointer
///     }
/// }
/// ```
///
/// Pure state, O(1) a call besides the hit test, which runs only when no region holds the pointer.
public struct PointerCapture<Region: Hashable>: Equatable {
    /// The region holding the pointer: the one the current press began on; nil with no button down.
    public private(set) var holder: Region?
    /// Where the pointer was last seen, in window points; nil before the first pointer event and
    /// after it left the window with nothing held (a held pointer keeps its last position).
    public private(set) var position: Point?

    /// Nothing pressed, the pointer not yet seen.
    public init() {}

    /// True while a press holds the pointer.
    public var isHeld: Bool { holder != nil }

    /// Takes a pointer event and returns the region it belongs to:
    /// - a press goes to the holder if there is one (a second button during a press), otherwise
    ///   to the region under it, which then holds the pointer;
    /// - a move goes to the holder, or the region under the pointer;
    /// - a release goes to the holder (or the region under it) and ends the hold;
    /// - the pointer leaving the window goes to the holder only (nothing else is under it now);
    /// - losing window focus ends the hold, since the release may never come, and goes nowhere.
    ///
    /// Wheel, key and text events return nil: they are not the capture's (send a wheel to the
    /// region under ``position``, keys to whatever has focus).
    public mutating func route(_ event: InputEvent, hitTest: (Point) -> Region?) -> Region? {
        switch event {
        case let .pointerDown(p, _, _):
            position = p
            if holder == nil { holder = hitTest(p) }
            return holder
        case let .pointerMove(p, _):
            position = p
            return holder ?? hitTest(p)
        case let .pointerUp(p, _, _):
            position = p
            defer { holder = nil }
            return holder ?? hitTest(p)
        case .pointerExited:
            if holder == nil { position = nil }
            return holder
        case .focus(gained: false):
            holder = nil
            return nil
        default:
            return nil
        }
    }
}

extension PointerCapture: Sendable where Region: Sendable {}
