/// A composed root as assistive technology sees it, with nothing written by the app: the
/// collections its parts show (a `CollectionController`'s view, a `CollectionView`, each
/// collection of a `DragDropManager` or `ReorderInteraction`, and `Composition.collections`), named
/// as their data sources name their items, and the events of their focus, selection, contents
/// and drags.
///
/// The backend publishes it in one call (`WindowLoop.publishAccessibility(name:)`); a backend of
/// your own calls ``tree(title:size:)`` when asked for the tree, ``setListening(_:)`` when a
/// screen reader comes or goes, and ``sync()`` after each frame's update, then sends what
/// ``events`` holds.
public final class AccessibleComposition {
    public let composition: Composition
    /// Events for the bus, queued only while a listener is there.
    public let events = AccessibilityEventQueue()
    private var watcher: AccessibilityWatcher?

    public init(_ composition: Composition) { self.composition = composition }

    /// The collection views the composition shows, each once, in the order of its parts.
    public var collections: [CollectionView] { composition.views }

    /// The drag-and-drop manager among the parts (its own, or a reorder interaction's), for the
    /// pick-up and drop actions and the spoken drag.
    public var dragManager: DragDropCoordinator? {
        for part in composition.parts {
            if let m = part as? DragDropCoordinator { return m }
            if let r = part as? ReorderInteraction { return r.manager }
        }
        return nil
    }

    /// The window's node: one child per collection, named by its drag-and-drop title where it
    /// has one, then one per text field shown (an ``AccessibleRole/entry``), then the nodes the
    /// parts publish themselves (``AccessibleComponent``: buttons, dialogs, toasts, the app's own
    /// parts), nested compositions' included. Items are made only when asked for.
    public func tree(title: String, size: Size) -> AccessibleNode {
        let titles = Dictionary(dragManager?.collections.map { (ObjectIdentifier($0.view), $0.title) } ?? [],
                                uniquingKeysWith: { a, _ in a })
        let count = collections.count
        var children = collections.map { view in view.accessibilityNode(name: titles[ObjectIdentifier(view)]) }
            + composition.textFields.enumerated().map { i, f in f.accessibilityNode(index: count + i) }
        for var node in composition.accessibleComponentNodes {
            node.index = children.count
            children.append(node)
        }
        return AccessibleNode(role: .window, name: title, frame: Rect(origin: .zero, size: size), children: children)
    }

    /// Starts or stops queueing events (a listener registered or left). Starting takes note of
    /// how things are, so the listener hears changes, not the state it can read.
    public func setListening(_ listening: Bool) {
        if listening {
            events.attach()
            let w = AccessibilityWatcher(events: events)
            for view in collections { w.watch(view) }
            if let manager = dragManager { w.watch(manager) }
            watcher = w
            w.sync()
        } else {
            events.detach()
            watcher = nil
        }
    }

    /// Compares what is shown with the last sync and queues an event per difference; nothing while
    /// no listener is there. Call after each frame's update.
    public func sync() { watcher?.sync() }
}
