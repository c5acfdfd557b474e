/// The manager's collections as stops of a ``FocusChain``: Tab and Shift+Tab move between them,
/// and the keys that reach a stop are the manager's own (the arrows move the focus, Space picks the
/// focused item up). The manager keeps the focus by identifier (``DragDropManager/focus``), so a
/// stop is a view onto it rather than a second copy.
extension DragDropManager {
    /// One focus stop per collection, in the order they were added.
    public func focusStops() -> [any FocusStop] { collections.map { ContainerFocusStop(manager: self, name: $0.dropName) } }

    /// Puts the keyboard focus on item `id` of the collection named `collection` (a card just
    /// created or renamed), scrolled into view, with the ring when `showingRing`. Hand the focus
    /// chain to that collection's stop too (``FocusChain/focus(_:showingRing:now:)``): its stop then
    /// keeps this item rather than its first.
    public func focusItem(_ id: AnyHashable, in collection: String, showingRing: Bool) {
        guard let c = self.collection(named: collection), let ip = c.displayedIndexPath(of: id) else { return }
        marks.focus(id, in: collection)
        marks.showRing(showingRing)
        c.view.scrollToItem(ip, centered: false, animated: true)
        showStates()
    }
}

/// A collection of a drag-and-drop manager as a focus stop.
final class ContainerFocusStop: FocusStop {
    private unowned let manager: DragDropManager
    let focusName: String

    init(manager: DragDropManager, name: String) { self.manager = manager; focusName = name }

    private var container: (any DropContainer)? { manager.collection(named: focusName) }

    /// A collection with items, while no drag is in flight (Tab does not move a dragged stack).
    var canTakeFocus: Bool { (container?.count ?? 0) > 0 && !manager.isDragging }
    var claimsFocus: Bool { manager.focus?.collection == focusName }
    var showsOwnRing: Bool { claimsFocus && manager.marks.showsRing }
    func contains(_ p: Point) -> Bool { container?.view.frame.contains(p) ?? false }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        // During a drag the manager captures keys and has seen this one already.
        guard case let .key(key, mods) = event, manager.inputRole != .capture else { return .ignored }
        return manager.handleKey(key, modifiers: mods, now: now) ? .handled : .ignored
    }

    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        // Tab onto the collection focuses its first item; the focus arriving quietly (the stop a
        // chain starts on, a click elsewhere in it) leaves the items alone until a key.
        if isFocused, showsRing, let c = container, !claimsFocus, let first = c.items.joined().first {
            manager.marks.focus(first, in: focusName)
            if let ip = c.displayedIndexPath(of: first) { c.view.scrollToItem(ip, centered: false, animated: true) }
        }
        if isFocused || !showsRing { manager.marks.showRing(isFocused && showsRing) }
        manager.showStates()
    }
}
