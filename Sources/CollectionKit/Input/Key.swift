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

    /// The digit this key types, if it is one of 0-9.
    public var digit: Int? { name.count == 1 ? Int(name) : nil }
}
