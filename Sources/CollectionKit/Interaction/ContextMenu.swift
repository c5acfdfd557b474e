/// Context menus for collection items: a right click, or the Menu key / Shift+F10 on the focused
/// item, opens a menu of actions beside it; the menu stays inside the window, follows the mouse
/// and the keyboard (arrows, Home, End, Enter, Escape) and closes when the user clicks elsewhere.
///
/// Two rules keep menus and drags apart (users of other libraries met both as bugs): a menu never
/// opens while an item is being dragged (a right click mid-drag only cancels the drag, which is
/// the owner's to do), and a press outside an open menu closes it first and is then passed on, so
/// pressing to drag starts from a closed menu.

/// One entry of a menu.
public struct ContextMenuAction: Equatable, Sendable {
    /// The row's title, and whether it can be chosen (a disabled row is drawn dim and skipped).
    public var title: String
    public var isEnabled: Bool
    /// An action that destroys something (Delete): drawn in the style's destructive colour, as
    /// desktop menus mark them.
    public var isDestructive: Bool
    /// A line between groups of rows (before a destructive action, as GNOME's menus set it apart),
    /// not an action: drawn as a thin rule in the style's border colour, shorter than a row,
    /// never highlighted or chosen (the arrow keys skip it), and left out of
    /// ``ContextMenu/accessibleItems()``, so a screen reader does not count it as an item.
    public var isSeparator = false
    /// An action titled `title`.
    public init(_ title: String, isEnabled: Bool = true, isDestructive: Bool = false) {
        self.title = title; self.isEnabled = isEnabled; self.isDestructive = isDestructive
    }
    /// A separator: `[.init("Rename…"), .separator, .init("Delete", isDestructive: true)]`.
    public static var separator: ContextMenuAction {
        var a = ContextMenuAction("", isEnabled: false)
        a.isSeparator = true
        return a
    }
}

/// An open menu: what it is for, what it offers and where it is (window points).
public struct ContextMenu: Equatable {
    /// The item the menu is for.
    public var itemID: AnyHashable
    /// The rows, and the menu's frame in window points.
    public var actions: [ContextMenuAction]
    public var frame: Rect
    /// The row under the pointer or chosen by the arrow keys.
    public var highlighted: Int?
    /// Row height and the padding above the first row and below the last.
    public var rowHeight: Double
    public var padding: Double
    /// A separator's height (a row's is ``rowHeight``).
    public var separatorHeight: Double = ContextMenu.defaultSeparatorHeight

    /// The height a separator takes unless its controller says otherwise.
    public static let defaultSeparatorHeight = 9.0

    /// The height of the rows `actions` take, separators included.
    static func height(of actions: [ContextMenuAction], rowHeight: Double, separatorHeight: Double) -> Double {
        actions.reduce(0) { $0 + ($1.isSeparator ? separatorHeight : rowHeight) }
    }

    /// The frame of row `i` (a separator's is ``separatorHeight`` high).
    public func rowFrame(_ i: Int) -> Rect {
        let above = ContextMenu.height(of: Array(actions.prefix(max(0, i))), rowHeight: rowHeight, separatorHeight: separatorHeight)
        let h = actions.indices.contains(i) && actions[i].isSeparator ? separatorHeight : rowHeight
        return Rect(x: frame.minX + padding / 2, y: frame.minY + padding + above, width: frame.width - padding, height: h)
    }

    /// The row under a window point, if any (never a separator).
    public func row(at p: Point) -> Int? {
        guard frame.contains(p) else { return nil }
        var top = frame.minY + padding
        for (i, a) in actions.enumerated() {
            let h = a.isSeparator ? separatorHeight : rowHeight
            if p.y >= top, p.y < top + h { return a.isSeparator ? nil : i }
            top += h
        }
        return nil
    }

    /// The menu as assistive technology reads it: one menu item per action, a disabled one
    /// marked so and the highlighted one focused, each with its row's frame; separators are left
    /// out, so items are counted ("2 of 5") as the user sees them. `index` is the item's place
    /// among them.
    public func accessibleItems() -> [AccessibleNode] {
        actions.indices.filter { !actions[$0].isSeparator }.enumerated().map { n, i in
            let action = actions[i]
            var states: AccessibleStates = action.isEnabled ? [.focusable] : [.disabled]
            if highlighted == i { states.insert(.focused) }
            return AccessibleNode(role: .menuItem, name: action.title, states: states, index: n, frame: rowFrame(i))
        }
    }
}

/// Colours a menu is drawn with.
public struct ContextMenuStyle: Sendable, Equatable {
    /// Panel, border, text, disabled text and highlight colours.
    public var background = Color(hex: 0x2E333D)
    public var border = Color(hex: 0x4A5160)
    public var text = Color(hex: 0xE8EAF0)
    public var disabledText = Color(hex: 0x7D8494)
    public var highlight = Color(hex: 0x4C8DFF)
    /// A destructive row's text, and its highlight.
    public var destructive = Color(hex: 0xFF6B63)
    public var destructiveHighlight = Color(hex: 0xD6453D)
    /// The standard colours of the scheme in force (``Appearance/colorScheme``).
    public init() { self = .standard(for: Appearance.colorScheme) }
    init(darkStandard: Void) {}
}
