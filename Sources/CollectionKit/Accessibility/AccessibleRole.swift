/// What a node of the accessibility tree is, in the vocabulary screen readers share (AT-SPI's
/// roles, ARIA's): an adapter maps each case onto its bus's role one to one.
public enum AccessibleRole: String, Equatable, Sendable {
    /// A top-level window: the root of an app's tree.
    case window
    /// A collection whose items follow one another along one line.
    case list
    case listItem
    /// A collection whose items flow in rows and columns.
    case grid
    case gridCell
    /// A collection read by rows and columns with meaning (a month of days).
    case table
    case tableCell
    /// The header of a table's column (a weekday over a month's days).
    case columnHeader
    /// A row of tabs that switch pages, and one tab.
    case pageTabList
    case pageTab
    /// A message that asks for attention (a notice).
    case alert
    /// A popup menu and one of its entries.
    case menu
    case menuItem
    /// A line whose changes are read out as they happen (the drag status line).
    case liveRegion
    /// Plain text that is part of another node (a day's event).
    case label
    /// A group of nodes with no role of its own (a scene).
    case panel
    /// A field the user types text into (a ``TextField``): read and edited through its
    /// ``AccessibleNode/textField``.
    case entry
    /// A button that acts when pressed (a ``Button``).
    case pushButton
    /// A window-like box that asks something of the user and holds the focus until closed (a
    /// ``Dialog``).
    case dialog
    /// A message that appears for a while without taking the focus (a ``Toast``); read out when
    /// it appears.
    case notification
}
