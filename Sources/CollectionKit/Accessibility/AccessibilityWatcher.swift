/// Turns what happens in collection views and drag and drop into ``AccessibilityEvent``s.
///
/// Call ``sync()`` once a frame, after input and updates. While the queue has no listener it
/// returns at once and remembers nothing; when a listener attaches, the first call only takes note
/// of how things are, so a listener hears changes, not the state it can read from the tree.
/// A sync compares O(collections + selected items + visible cells): no tree is built.
///
/// ```swift
/// let events = AccessibilityEventQueue()
/// let watcher = AccessibilityWatcher(events: events)
/// watcher.watch(grid)
/// watcher.watch(manager)      // before or after the app sets `manager.onChange`
/// // every frame:
/// watcher.sync()
/// for event in events.drain() { adapter.send(event) }
/// ```
public final class AccessibilityWatcher {
    public let events: AccessibilityEventQueue
    public private(set) var views: [CollectionView] = []
    public private(set) weak var manager: DragDropCoordinator?

    /// What a view looked like at the last sync.
    private struct Seen {
        var focus: ItemPath?
        var selection: Set<ItemPath>
        var count: Int
    }
    private var seen: [ObjectIdentifier: Seen] = [:]
    /// The drag as of the last sync: whether one was in flight, what its status line said after
    /// the "picked up" part, and which items it carried.
    private var dragging = false
    private var lastTail: String?
    private var dragged: [(source: String, id: AnyHashable)] = []
    /// A drop was committed since the last sync.
    private var dropCommitted = false

    public init(events: AccessibilityEventQueue) { self.events = events }

    /// Watches a view's focus, selection and item count; a view already watched (two nodes for
    /// two of its sections) is watched once.
    public func watch(_ view: CollectionView) {
        guard !views.contains(where: { $0 === view }) else { return }
        views.append(view)
    }

    /// Watches a drag-and-drop manager: its drags become announcements and its committed changes
    /// children-changed events. It observes with ``DragDropCoordinator/addChangeObserver(_:)``, so the
    /// app's ``DragDropCoordinator/onChange`` may be set before or after.
    public func watch(_ manager: DragDropCoordinator) {
        self.manager = manager
        manager.addChangeObserver { [weak self] change in self?.committed(change) }
    }

    /// Compares what it watches with the last sync and queues an event for each difference.
    /// Focus and selection come from ``AccessibleCollection`` (the data source's own, or the view's).
    public func sync() {
        guard events.isListening else {
            seen = [:]; dragging = false; lastTail = nil; dragged = []; dropCommitted = false
            return
        }
        for view in views { syncView(view) }
        syncDrag()
        dropCommitted = false
    }

    private func syncView(_ view: CollectionView) {
        let items = AccessibleCollection(view: view, itemRole: .listItem)
        let focus = items.focusedItem
        let now = Seen(focus: focus, selection: Set(items.selectedItems), count: view.numberOfItems)
        defer { seen[ObjectIdentifier(view)] = now }
        guard let before = seen[ObjectIdentifier(view)] else { return }
        if let focus, focus != before.focus, let node = items.item(at: focus) {
            events.post(.focusChanged(collection: view.name, index: items.index(of: focus), name: node.name))
        }
        if now.selection != before.selection {
            events.post(.selectionChanged(collection: view.name, selected: items.selectedIndices))
        }
        if now.count != before.count {
            events.post(.childrenChanged(collection: view.name, count: now.count))
        }
    }

    private func syncDrag() {
        guard let manager else { return }
        // A drag between collections or a move within one reordered in place (rearrange, mosaic).
        guard let session = manager.session, let first = session.items.first,
              let source = manager.draggable(named: first.source) else {
            if dragging { endDrag() }
            return
        }
        if !dragging {
            dragging = true
            let strings = manager.strings
            let pickedUp = session.items.count == 1 ? strings.pickedUpOne(source.describe(first.id))
                                                    : strings.pickedUpSeveral(session.items.count)
            events.post(.announcement(pickedUp))
            dragged = session.items.map { ($0.source, $0.id) }
            for item in session.items { postDragged(item.source, item.id, isOn: true) }
            lastTail = nil
        }
        // The status line reads "<picked up>, <over …>, <position …>": announce what follows the
        // first part whenever it changes.
        if let line = manager.statusLine, let comma = line.range(of: ", ") {
            let tail = String(line[comma.upperBound...])
            if tail != lastTail { events.post(.announcement(tail)); lastTail = tail }
        }
    }

    private func endDrag() {
        let strings = manager?.strings ?? DragDropStrings()
        events.post(.announcement(dropCommitted ? strings.dropped : strings.dragCancelled))
        for item in dragged { postDragged(item.source, item.id, isOn: false) }
        dragging = false; lastTail = nil; dragged = []
    }

    /// An item's dragged state, where the item is now: a drop may have taken it to another collection.
    private func postDragged(_ collection: String, _ id: AnyHashable, isOn: Bool) {
        let home = manager?.collection(named: collection)
        let holders = (home.map { [$0] } ?? []) + (manager?.collections ?? [])
        guard let (c, ip) = holders.lazy.compactMap({ c in c.indexPath(of: id).map { (c, $0) } }).first else { return }
        let index = AccessibleCollection(view: c.view, itemRole: .listItem).index(of: ip)
        events.post(.stateChanged(collection: c.view.name, index: index, state: .dragged, isOn: isOn))
    }

    /// A committed drop, undo or redo: the collections it touched changed their children.
    private func committed(_ change: DragDropChange) {
        guard events.isListening else { return }
        if change.cause == .drop { dropCommitted = true }
        for name in change.collections {
            guard let c = manager?.collection(named: name) else { continue }
            events.post(.childrenChanged(collection: c.view.name, count: c.view.numberOfItems))
            // Already reported: the count check of the next sync must not report it again.
            seen[ObjectIdentifier(c.view)]?.count = c.view.numberOfItems
        }
    }
}
