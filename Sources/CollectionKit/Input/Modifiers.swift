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
