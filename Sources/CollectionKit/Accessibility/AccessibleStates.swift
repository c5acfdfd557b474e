/// The states of a node, as a set: a screen reader reads them out ("selected") and an adapter
/// sends a state-changed event when one flips.
public struct AccessibleStates: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let selectable = AccessibleStates(rawValue: 1 << 0)
    public static let selected = AccessibleStates(rawValue: 1 << 1)
    public static let focusable = AccessibleStates(rawValue: 1 << 2)
    public static let focused = AccessibleStates(rawValue: 1 << 3)
    /// Part of the drag in flight.
    public static let dragged = AccessibleStates(rawValue: 1 << 4)
    /// Cannot be used now (a greyed menu entry, a day outside the month).
    public static let disabled = AccessibleStates(rawValue: 1 << 5)
    /// Cannot be moved: it keeps its place while others move (a locked card).
    public static let pinned = AccessibleStates(rawValue: 1 << 6)
    /// Its frame lies outside the viewport: reachable, but not on screen now.
    public static let offscreen = AccessibleStates(rawValue: 1 << 7)
    /// Its text can be changed (a text field).
    public static let editable = AccessibleStates(rawValue: 1 << 8)
    /// A text field of several lines (Enter with Shift starts a new one); without it, one line.
    public static let multiLine = AccessibleStates(rawValue: 1 << 9)

    private static let names: [(AccessibleStates, String)] = [
        (.selectable, "selectable"), (.selected, "selected"), (.focusable, "focusable"), (.focused, "focused"),
        (.dragged, "dragged"), (.disabled, "disabled"), (.pinned, "pinned"), (.offscreen, "offscreen"),
        (.editable, "editable"), (.multiLine, "multiLine"),
    ]
    /// The names of the states present, for tests and dumps: "selectable selected".
    public var description: String { Self.names.filter { contains($0.0) }.map(\.1).joined(separator: " ") }
}
