/// A change a screen reader hears about, as a plain value: the engine produces them and a bus
/// adapter turns each into its bus's signal (AT-SPI's `Focus`, `SelectionChanged`,
/// `ChildrenChanged`, `StateChanged`, `Announcement`).
///
/// Collections are named by their view's `name`; items by their flat index (see
/// ``AccessibleCollection``).
public enum AccessibilityEvent: Equatable, Sendable {
    /// The keyboard focus moved to an item.
    case focusChanged(collection: String, index: Int, name: String)
    /// The selected items of a collection changed; the indices now selected.
    case selectionChanged(collection: String, selected: [Int])
    /// A collection's items changed (a drop, an update); its item count now.
    case childrenChanged(collection: String, count: Int)
    /// An item gained or lost a state (`.dragged`).
    case stateChanged(collection: String, index: Int, state: AccessibleStates, isOn: Bool)
    /// A sentence to read out now (a drag-and-drop step).
    case announcement(String)
}

/// The events waiting for a listener. It queues nothing while no listener is attached, so an app
/// nobody listens to pays one test per would-be event and keeps no memory.
public final class AccessibilityEventQueue {
    public private(set) var pending: [AccessibilityEvent] = []
    /// True between ``attach()`` and ``detach()``: a bus adapter attaches when an assistive
    /// technology registers for events.
    public private(set) var isListening = false

    public init() {}

    public func attach() { isListening = true }

    /// Stops listening and forgets what was waiting.
    public func detach() { isListening = false; pending = [] }

    /// Queues an event while someone listens; the event is not even made otherwise.
    public func post(_ event: @autoclosure () -> AccessibilityEvent) {
        guard isListening else { return }
        pending.append(event())
    }

    /// Hands out the waiting events, oldest first, and empties the queue.
    public func drain() -> [AccessibilityEvent] {
        defer { pending = [] }
        return pending
    }
}
