/// The interaction is its collection's focus stop: list it in the root's ``FocusChain`` and the
/// keyboard reorders as the pointer does. While it has the focus the arrows move the view's own
/// focused item (the view alone owns it; the manager and the cells read it), Space picks the
/// focused item up for a keyboard drag (an item that cannot move shakes instead), and the page,
/// Home and End keys scroll (``keyboardScrolling``). Once an item is lifted the drag captures the
/// keys, whichever stop has the focus, until it is put down or Escape puts it back.
///
/// ```swift
/// let reorder = ReorderInteraction(manager: manager, reorderable: reorderable)
/// let focus = FocusChain([toolbarButton, reorder], initial: reorder)
/// let root = Composition([toolbarButton, reorder, focus], focus: focus)
/// ```
extension ReorderInteraction: FocusStop {
    public var focusName: String { reorderable.view.name }
    public var canTakeFocus: Bool {
        let v = reorderable.view
        return v.numberOfItems > 0 && v.frame.width > 0 && v.frame.height > 0
    }
    public func contains(_ p: Point) -> Bool { reorderable.view.frame.contains(p) }
    public var showsOwnRing: Bool { reorderable.view.showsFocusRing }

    /// Taking the focus puts the ring on the item focused last, or on the first one in view.
    public func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        hasFocus = isFocused
        let v = reorderable.view
        v.setFocus(isFocused ? v.focusedItem ?? v.firstItemInView : v.focusedItem, showingRing: isFocused && showsRing)
    }

    /// A key that reached the stop through the chain (no drag in flight): the arrows, Space, and
    /// the scrolling keys; anything else, or any key with a modifier, is left to the root. An
    /// interaction no chain gave the focus takes none (it may be a part whose keys are the app's).
    func handleFocusedKey(_ key: Key, _ mods: Modifiers, now: Double) -> EventDisposition {
        let v = reorderable.view
        guard hasFocus, mods.isEmpty, !manager.isDragging else { return .ignored }
        if v.moveFocus(key, now: now) != nil { return .handled }
        if key == .space, v.showsFocusRing, let ip = v.focusedItem {
            guard canMove(ip), let id = v.identifier(at: ip) else {
                if shakesItemsThatCannotMove { v.shakeItem(at: ip, now: now) }
                return .handled
            }
            manager.finishLandings()
            willLift?()
            if manager.liftItemWithKeyboard(id, from: reorderable, now: now) { didLift?(id); return .handled }
        }
        return keyboardScrolling.scroll(for: key, in: v, now: now) ? .handled : .ignored
    }
}
