import CollectionKit

/// AT-SPI2's numbers and names for the engine's roles (`AtspiRole` in at-spi2-core's
/// `atspi-constants.h`). A grid is a table to AT-SPI, as GTK4 maps ARIA's grid, and its cells are
/// list items (read one at a time, with their place); the drag status line is a status bar, the
/// role screen readers watch for live updates.
public struct ATSPIRole: Equatable, Sendable {
    public let number: UInt32
    public let name: String

    public static let application = ATSPIRole(number: 75, name: "application")

    public init(number: UInt32, name: String) { self.number = number; self.name = name }

    public init(_ role: AccessibleRole) {
        switch role {
        case .window: self.init(number: 23, name: "frame")
        case .list: self.init(number: 31, name: "list")
        case .listItem: self.init(number: 32, name: "list item")
        case .grid, .table: self.init(number: 55, name: "table")
        // A grid's cell is a list item in its table: Orca 43 reads a table cell's whole row on
        // every move to another row (nine tiles for one Down), a list item alone with its place
        // ("Tile 10, 11 of 1000"); and unlike a list, a table's items are never counted one by one
        // when the focus enters it, so a grid of millions is entered as fast as one of ten.
        case .gridCell: self.init(number: 32, name: "list item")
        case .tableCell: self.init(number: 56, name: "table cell")
        case .columnHeader: self.init(number: 10, name: "column header")
        case .pageTabList: self.init(number: 38, name: "page tab list")
        case .pageTab: self.init(number: 37, name: "page tab")
        case .alert: self.init(number: 2, name: "alert")
        case .menu: self.init(number: 33, name: "menu")
        case .menuItem: self.init(number: 35, name: "menu item")
        case .liveRegion: self.init(number: 54, name: "status bar")
        case .label: self.init(number: 29, name: "label")
        case .panel: self.init(number: 39, name: "panel")
        case .entry: self.init(number: 79, name: "entry")
        case .pushButton: self.init(number: 43, name: "push button")
        case .dialog: self.init(number: 16, name: "dialog")
        case .notification: self.init(number: 101, name: "notification")
        }
    }
}

extension AccessibleRole {
    /// The ARIA role, for the `xml-roles` attribute: it tells a grid from a table, which AT-SPI's
    /// role number does not.
    var ariaRole: String {
        switch self {
        case .window: "application"
        case .list: "list"
        case .listItem: "listitem"
        case .grid: "grid"
        case .gridCell: "gridcell"
        case .table: "table"
        case .tableCell: "cell"
        case .columnHeader: "columnheader"
        case .pageTabList: "tablist"
        case .pageTab: "tab"
        case .alert: "alert"
        case .menu: "menu"
        case .menuItem: "menuitem"
        case .liveRegion: "status"
        case .label: "note"
        case .panel: "group"
        case .entry: "textbox"
        case .pushButton: "button"
        case .dialog: "dialog"
        case .notification: "status"
        }
    }
}
