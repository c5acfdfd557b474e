/// Input as plain values: the backend translates SDL events into these, scripts produce them too.
public enum MouseButton: String, Sendable { case left, right, middle }

public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
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
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) {
        self.name = name.lowercased().replacingOccurrences(of: " ", with: "")
    }
    public var description: String { name }

    public static let escape = Key("Escape")
    public static let left = Key("Left"), right = Key("Right"), up = Key("Up"), down = Key("Down")
    public static let home = Key("Home"), end = Key("End")
    public static let pageUp = Key("PageUp"), pageDown = Key("PageDown")
    public static let space = Key("Space"), tab = Key("Tab"), enter = Key("Return")

    /// The digit this key types, if it is one of 0-9.
    public var digit: Int? { name.count == 1 ? Int(name) : nil }
}

public enum InputEvent: Equatable, Sendable {
    case pointerDown(Point, MouseButton, Modifiers)
    case pointerMove(Point, Modifiers)
    case pointerUp(Point, MouseButton, Modifiers)
    /// Precise wheel deltas in SDL's signs: dy > 0 is turned away from the user (scroll toward the top).
    case wheel(dx: Double, dy: Double)
    case key(Key, Modifiers)
    case text(String)
    case resize(Size)
    case focus(gained: Bool)
}

/// The cursor the core wants over the current pointer position.
public enum Cursor: String, Sendable {
    case arrow, hand, grabbing
    /// "This cannot be done here": a press on an item that cannot move.
    case notAllowed
}
