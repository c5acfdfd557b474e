/// Opens, drives and closes one context menu at a time. As a part of a ``Composition`` (listed
/// before everything it covers) it takes every event while open and calls ``onChoose`` with the
/// chosen action; a press outside closes it and goes on to the parts below.
public final class ContextMenuController: Component {
    /// The open menu, or nil.
    public private(set) var menu: ContextMenu?
    /// Menu width, row height and padding, in points.
    public var width: Double = 200
    public var rowHeight: Double = 30
    public var padding: Double = 6
    /// A separator's height, in points.
    public var separatorHeight: Double = ContextMenu.defaultSeparatorHeight
    /// Distance kept from the window's edges.
    public var margin: Double = 4
    /// How the menu is drawn.
    public var style = ContextMenuStyle()
    /// The UI's direction: right to left, a menu opens to the left of its anchor (its right edge
    /// there) and its rows' words sit at their right, as GTK's menus do in Arabic and Hebrew.
    public var layoutDirection = LayoutDirection.leftToRight
    /// The row pressed down on, chosen when released on the same row.
    private var pressedRow: Int?

    /// A controller with no menu open.
    public init() {}

    /// True while a menu is open.
    public var isOpen: Bool { menu != nil }

    /// What `handle` did.
    enum Outcome: Equatable {
        /// No menu is open: the event is the owner's.
        case ignored
        /// The menu used the event.
        case consumed
        /// The user chose `action` (its index and title) for `item`; the menu has closed.
        case chose(item: AnyHashable, index: Int, title: String)
        /// The menu closed without a choice. With `passThrough` the event (a press elsewhere)
        /// should go on to the owner, which may start a drag or open another menu with it.
        case dismissed(passThrough: Bool)
    }

    /// Where a menu of `rows` rows anchored at `anchor` goes: below and right of it when it fits
    /// (below and left of it right to left), flipped to the other side or above when it does not,
    /// and always inside `window`.
    public func placement(rows: Int, at anchor: Point, in window: Rect) -> Rect {
        place(Size(width: width, height: padding * 2 + Double(rows) * rowHeight), at: anchor, in: window)
    }

    private func place(_ size: Size, at anchor: Point, in window: Rect) -> Rect {
        var x = anchor.x, y = anchor.y
        if layoutDirection.isRightToLeft {
            x = anchor.x - size.width
            if x < window.minX + margin { x = anchor.x }
        } else if x + size.width > window.maxX - margin {
            x = anchor.x - size.width
        }
        if y + size.height > window.maxY - margin { y = anchor.y - size.height }
        x = max(window.minX + margin, min(x, window.maxX - margin - size.width))
        y = max(window.minY + margin, min(y, window.maxY - margin - size.height))
        return Rect(origin: Point(x: x, y: y), size: size)
    }

    /// Where a menu of `actions` (separators shorter than rows) anchored at `anchor` goes, as
    /// ``placement(rows:at:in:)`` places one.
    public func placement(for actions: [ContextMenuAction], at anchor: Point, in window: Rect) -> Rect {
        let rows = ContextMenu.height(of: actions, rowHeight: rowHeight, separatorHeight: separatorHeight)
        return place(Size(width: width, height: padding * 2 + rows), at: anchor, in: window)
    }

    /// Opens a menu for `itemID` at `anchor`. Refused (false, nothing opens) while a drag is in
    /// progress or when there are no actions: an item that does not allow a menu passes none.
    /// Opening from the keyboard highlights the first enabled row.
    @discardableResult
    public func open(itemID: AnyHashable, actions: [ContextMenuAction], at anchor: Point, in window: Rect,
                              isDragging: Bool, fromKeyboard: Bool = false) -> Bool {
        guard !isDragging, !actions.isEmpty else { return false }
        menu = ContextMenu(itemID: itemID, actions: actions, frame: placement(for: actions, at: anchor, in: window),
                           highlighted: nil, rowHeight: rowHeight, padding: padding, separatorHeight: separatorHeight)
        if fromKeyboard { menu?.highlighted = actions.firstIndex { $0.isEnabled } }
        pressedRow = nil
        return true
    }

    /// Closes the menu, if open.
    public func close() { menu = nil; pressedRow = nil }

    /// True for the keys that open a menu on the focused item: Menu (or Application) and Shift+F10.
    public static func isMenuKey(_ key: Key, _ mods: Modifiers) -> Bool {
        key == Key("menu") || key == Key("application") || (key == Key("f10") && mods == .shift)
    }

    /// Called when the user chooses an action: the item, the action's index and title, and the time.
    public var onChoose: ((AnyHashable, Int, String, Double) -> Void)?

    /// Offers an event to the open menu as a part of a root: a choice goes to ``onChoose``; a
    /// press outside closes the menu and is ``EventDisposition/ignored``, so it goes on.
    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch handle(event) {
        case .ignored, .dismissed(passThrough: true): return .ignored
        case .consumed, .dismissed(passThrough: false): return .handled
        case let .chose(item, index, title):
            onChoose?(item, index, title, now)
            return .handled
        }
    }

    public func cancelGestures(now: Double) { close() }
    /// An open menu captures input: every event is offered to it before any other part (a press
    /// outside closes it, and goes on to what is under it only where the menu lets it through).
    public var inputRole: InputRole { menu != nil ? .capture : .normal }
    /// An open menu draws over everything else.
    public var drawLayer: DrawLayer { .popup }

    /// Offers an event to the open menu; `.ignored` when none is open.
    func handle(_ event: InputEvent) -> Outcome {
        guard let m = menu else { return .ignored }
        switch event {
        case let .pointerMove(p, _):
            if m.frame.contains(p) { menu?.highlighted = m.row(at: p).flatMap { m.actions[$0].isEnabled ? $0 : nil } }
            return .consumed
        case let .pointerDown(p, button, _):
            guard m.frame.contains(p) else { close(); return .dismissed(passThrough: true) }
            pressedRow = button == .left ? m.row(at: p) : nil
            return .consumed
        case let .pointerUp(p, .left, _):
            defer { pressedRow = nil }
            guard let row = m.row(at: p), row == pressedRow || pressedRow == nil && m.frame.contains(p) else { return .consumed }
            return choose(row)
        case .pointerUp:
            return .consumed
        case .wheel:
            return .consumed
        case let .key(key, _):
            return handleKey(key)
        case .focus(gained: false), .resize:
            close()
            return .dismissed(passThrough: true)
        default:
            return .consumed
        }
    }

    private func handleKey(_ key: Key) -> Outcome {
        guard let m = menu else { return .ignored }
        let enabled = m.actions.indices.filter { m.actions[$0].isEnabled }
        switch key {
        case .escape:
            close()
            return .dismissed(passThrough: false)
        case .down, .up:
            guard !enabled.isEmpty else { return .consumed }
            let current = m.highlighted.flatMap { enabled.firstIndex(of: $0) }
            let step = key == .down ? 1 : -1
            let next = current.map { ($0 + step + enabled.count) % enabled.count } ?? (step > 0 ? 0 : enabled.count - 1)
            menu?.highlighted = enabled[next]
        case .home: menu?.highlighted = enabled.first
        case .end: menu?.highlighted = enabled.last
        case .enter, Key("keypadenter"), Key("return2"), .space:
            if let h = m.highlighted { return choose(h) }
        default: break
        }
        return .consumed
    }

    private func choose(_ row: Int) -> Outcome {
        guard let m = menu, m.actions.indices.contains(row), m.actions[row].isEnabled else { return .consumed }
        close()
        return .chose(item: m.itemID, index: row, title: m.actions[row].title)
    }

    /// Draws the open menu (nothing when closed).
    public func draw(into list: inout DrawList) {
        let style = self.style.following(Appearance.colorScheme)
        guard let m = menu else { return }
        list.shadow(m.frame.offsetBy(dx: 0, dy: 4), Color.black.withAlpha(0.45), radius: 8, blur: 14)
        list.fill(m.frame, style.background, radius: 8)
        list.stroke(m.frame, style.border, width: 1, radius: 8)
        for (i, action) in m.actions.enumerated() {
            let r = m.rowFrame(i)
            if action.isSeparator {
                list.fill(Rect(x: r.minX + 8, y: (r.midY - 0.5).rounded(), width: max(0, r.width - 16), height: 1), style.border)
                continue
            }
            let highlighted = i == m.highlighted
            if highlighted { list.fill(r, action.isDestructive ? style.destructiveHighlight : style.highlight, radius: 5) }
            let ink = highlighted ? Color.white : action.isDestructive ? style.destructive : style.text
            list.text(action.title, in: r.insetBy(dx: 12, dy: 0), size: 14, color: action.isEnabled ? ink : style.disabledText,
                      alignment: layoutDirection.isRightToLeft ? .trailing : .leading)
        }
    }
}
