/// The manager's collections as stops of a ``FocusChain``: Tab and Shift+Tab move between them,
/// and the keys that reach a stop are the manager's own (the arrows move the focus, Space picks the
/// focused item up). The manager keeps the focus by identifier (``DragDropManager/focus``), so a
/// stop is a view onto it rather than a second copy.
extension DragDropCoordinator {
    /// One focus stop per collection, in the order they were added. The list is what the manager
    /// holds now: take it after adding every collection. A collection added afterwards goes in
    /// with ``add(_:updating:now:checkingItems:)`` (plain ``add(_:checkingItems:)`` then throws).
    public func focusStops() -> [any FocusStop] {
        focusStopsTaken = true
        return collections.map { ContainerFocusStop(manager: self, name: $0.dropName) }
    }

    /// Adds a container after the focus stops were taken, and gives `chain` its stop: after the
    /// last stop of this manager's that the chain lists (else at the chain's end), so Tab reaches
    /// it in the order the collections were added. Throws, adding nothing, as
    /// ``add(_:checkingItems:)`` does for a taken name or an item held twice, and while a modal
    /// part holds the chain's focus.
    public func add(_ collection: any DropContainer, updating chain: FocusChain, now: Double, checkingItems: Bool = true) throws {
        // A modal part's stops stand in for the chain's own while it is open.
        if chain.isModal {
            throw DragDropSetupError(message: "\(collection.dropName) cannot join a focus chain while a modal part holds its focus: add it once the part closes.")
        }
        try addContainer(collection, checkingItems: checkingItems)
        focusStopsTaken = true
        let stop = ContainerFocusStop(manager: self, name: collection.dropName)
        var stops = chain.stops
        let last = stops.lastIndex { ($0 as? ContainerFocusStop)?.isStop(of: self) ?? false }
        stops.insert(stop, at: last.map { $0 + 1 } ?? stops.endIndex)
        chain.setStops(stops, now: now)
    }

    /// Focuses an item (see ``DragDropManager/focusItem(_:in:showingRing:)``).
    func focusAnyItem(_ id: AnyHashable, in collection: String, showingRing: Bool) {
        guard let c = self.collection(named: collection), let ip = c.displayedIndexPath(of: id) else { return }
        marks.focus(id, in: collection)
        marks.showRing(showingRing)
        c.view.scrollToItem(ip, centered: false, animated: true)
        showStates()
    }
}

/// A collection of a drag-and-drop manager as a focus stop.
final class ContainerFocusStop: FocusStop {
    private unowned let manager: DragDropCoordinator
    let focusName: String

    init(manager: DragDropCoordinator, name: String) { self.manager = manager; focusName = name }

    func isStop(of m: DragDropCoordinator) -> Bool { manager === m }

    private var container: (any DropContainer)? { manager.collection(named: focusName) }

    /// A collection with items, while no drag is in flight (Tab does not move a dragged stack).
    var canTakeFocus: Bool { (container?.count ?? 0) > 0 && !manager.isDragging }
    var claimsFocus: Bool { manager.focusedCollection == focusName }
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
