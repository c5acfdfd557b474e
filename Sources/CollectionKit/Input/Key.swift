/// A key by the name the backend reports for it, normalised to lower case ("escape", "left",
/// "pageup", "z", "1").
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

    /// The modifier keys as SDL names them; a real keyboard sends one of these, with its modifier
    /// already held, before every key pressed with it (a bare Shift press starts every Shift+Tab).
    public static let leftShift = Key("Left Shift"), leftCtrl = Key("Left Ctrl"), leftAlt = Key("Left Alt"), leftGUI = Key("Left GUI")
    /// The key pressed on its own to hold `modifier` (the left one of a pair).
    public static func pressing(_ modifier: Modifiers) -> Key? {
        switch modifier {
        case .ctrl: return .leftCtrl
        case .shift: return .leftShift
        case .alt: return .leftAlt
        case .gui: return .leftGUI
        default: return nil
        }
    }
    /// True for a modifier key itself (Shift, Ctrl, Alt, the system key, either side).
    public var isModifier: Bool {
        ["leftshift", "rightshift", "leftctrl", "rightctrl", "leftalt", "rightalt", "leftgui", "rightgui", "capslock", "altgr", "mode"].contains(name)
    }

    /// The digit this key types, if it is one of 0-9.
    public var digit: Int? { name.count == 1 ? Int(name) : nil }
}
