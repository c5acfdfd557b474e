/// A mouse button.
///
/// Input as plain values: the backend translates SDL events into these, scripts produce them too.
public enum MouseButton: String, Sendable { case left, right, middle }

/// The modifier keys held during a key press or a pointer event.
///
/// Scripts and configuration name them in text; ``init(parsing:)`` reads `"ctrl+shift"` and the
/// like.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The set as bits: shift 1, ctrl 2, alt 4, gui 8.
    public let rawValue: Int
    /// Creates a set from its bits (see ``rawValue``).
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Either Shift key.
    public static let shift = Modifiers(rawValue: 1)
    /// Either Control key.
    public static let ctrl = Modifiers(rawValue: 2)
    /// Either Alt (Option) key.
    public static let alt = Modifiers(rawValue: 4)
    /// The system key: Super, Windows or Command.
    public static let gui = Modifiers(rawValue: 8)

    /// Parses "shift", "ctrl", "ctrl+shift", "alt", in any order; nil for an unknown name.
    public init?(parsing s: String) {
        var m: Modifiers = []
        for part in s.lowercased().split(separator: "+") {
            switch part {
            case "shift": m.insert(.shift)
            case "ctrl", "control": m.insert(.ctrl)
            case "alt": m.insert(.alt)
            case "gui", "super", "meta": m.insert(.gui)
            default: return nil
            }
        }
        self = m
    }
}

/// A key by its SDL key name, normalised to lower case ("escape", "left", "pageup", "z", "1").
///
/// Keys compare by normalised name, so `Key("Page Up") == .pageUp`. The engine does not enumerate
/// keys: any name the backend reports can be matched.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key's name in lower case without spaces.
    public let name: String
    /// Creates a key from a name in any case, with or without spaces ("Page Up", "pageup").
    public init(_ name: String) {
        self.name = name.lowercased().replacingOccurrences(of: " ", with: "")
    }
    /// The normalised name.
    public var description: String { name }

    /// The Escape key.
    public static let escape = Key("Escape")
    /// The arrow keys.
    public static let left = Key("Left"), right = Key("Right"), up = Key("Up"), down = Key("Down")
    /// Home and End.
    public static let home = Key("Home"), end = Key("End")
    /// Page Up and Page Down.
    public static let pageUp = Key("PageUp"), pageDown = Key("PageDown")
    /// Space, Tab and Return (Enter).
    public static let space = Key("Space"), tab = Key("Tab"), enter = Key("Return")

    /// The digit this key types, if it is one of 0-9.
    public var digit: Int? { name.count == 1 ? Int(name) : nil }
}

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
    /// The window's drawable area changed to this size in points.
    case resize(Size)
    /// The window gained or lost keyboard focus. Losing it should cancel gestures in progress, since
    /// the matching release may never arrive.
    case focus(gained: Bool)
    /// The pointer left the window with no button held: nothing is under it any more, so hover
    /// highlights end. (A drag keeps the pointer captured and gets moves outside the window instead.)
    case pointerExited
}

/// The cursor the core wants over the current pointer position.
///
/// `arrow` is the default, `hand` marks something that can be clicked or picked up, `grabbing` is
/// shown while content or an item is being dragged.
public enum Cursor: String, Sendable {
    case arrow, hand, grabbing
    /// "This cannot be done here": a press on an item that cannot move.
    case notAllowed
}
