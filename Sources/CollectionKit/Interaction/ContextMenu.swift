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
    /// An action titled `title`.
    public init(_ title: String, isEnabled: Bool = true, isDestructive: Bool = false) {
        self.title = title; self.isEnabled = isEnabled; self.isDestructive = isDestructive
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

    /// The frame of row `i`.
    public func rowFrame(_ i: Int) -> Rect {
        Rect(x: frame.minX + padding / 2, y: frame.minY + padding + Double(i) * rowHeight, width: frame.width - padding, height: rowHeight)
    }

    /// The row under a window point, if any.
    public func row(at p: Point) -> Int? {
        guard frame.contains(p) else { return nil }
        let i = Int(((p.y - frame.minY - padding) / rowHeight).rounded(.down))
        return actions.indices.contains(i) ? i : nil
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
