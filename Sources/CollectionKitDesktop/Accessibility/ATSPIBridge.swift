import CollectionKit
import Foundation

/// What the adapter needs from an application: its tree as shown now, its event queue, and a way
/// to act as the user would (actions are performed as clicks and keys, so they take the same
/// paths as input, the keyboard drag included).
public struct AccessibleApplication {
    /// The application's name, as screen readers list it.
    public var name: String
    /// The window's node, made now (items are made only when asked for).
    public var tree: () -> AccessibleNode
    public var events: AccessibilityEventQueue
    /// Starts or stops queueing events (an assistive technology registered or left).
    public var setListening: (Bool) -> Void
    /// The drag-and-drop manager of what is shown, for the pick-up and drop actions.
    public var dragManager: () -> DragDropCoordinator?
    /// Hands input to the application, as if the user gave it.
    public var send: (InputEvent) -> Void
    /// Where the window is on the screen, in pixels, and pixels per point.
    public var windowOrigin: () -> Point
    public var pixelsPerPoint: () -> Double
    /// Whether the window has the keyboard focus: screen readers follow the active window.
    public var windowIsActive: () -> Bool
    /// The window's time, for the actions nodes perform themselves (`AccessibleAction`).
    public var now: () -> Double

    public init(name: String, tree: @escaping () -> AccessibleNode, events: AccessibilityEventQueue,
                setListening: @escaping (Bool) -> Void, dragManager: @escaping () -> DragDropCoordinator?,
                send: @escaping (InputEvent) -> Void, windowOrigin: @escaping () -> Point, pixelsPerPoint: @escaping () -> Double,
                windowIsActive: @escaping () -> Bool = { true }, now: @escaping () -> Double = { 0 }) {
        self.name = name; self.tree = tree; self.events = events; self.setListening = setListening
        self.dragManager = dragManager; self.send = send; self.windowOrigin = windowOrigin; self.pixelsPerPoint = pixelsPerPoint
        self.windowIsActive = windowIsActive; self.now = now
    }
}

/// The AT-SPI2 adapter: publishes an application's accessibility tree on the accessibility bus
/// and sends its events, so screen readers (Orca) and inspectors (Accerciser) can use it.
///
/// Owned by the window's thread. The bus lives on a thread of its own (`ATSPIConnection`); it
/// queues calls and wakes the window loop, whose ``service()`` answers them from the tree as it is
/// now. Events are sent by ``sendEvents()`` after each update, and only while some listener is
/// registered with the registry: with none, the application's queue stays detached and nothing is
/// built or kept.
///
/// ```swift
/// let bridge = ATSPIBridge.make(for: application)
/// bridge?.attach(to: loop)   // joins the bus once the window's first frame is shown
/// ```
public final class ATSPIBridge {
    let application: AccessibleApplication
    let connection: ATSPIConnection
    /// The `Id` the registry gives the application.
    var applicationID: Int32 = 0
    /// What listeners were last told, to send the other half of a change (the item that lost the
    /// focus, the items whose selection flipped) and a children-changed event's direction.
    var lastFocus: ATSPIObjectPath?
    /// The focused node's name as listeners last knew it, to send a rename of what has the focus.
    var lastFocusName: String?
    var lastSelection: [String: Set<Int>] = [:]
    var lastCounts: [String: Int] = [:]
    /// Whether listeners were last told the window is active (nil: not told yet).
    var lastActive: Bool?
    /// The live status line as listeners last knew it, and whether the events just sent
    /// announced something.
    var live: (path: ATSPIObjectPath, text: String)?
    var announced = false
    /// The window's structure as listeners last knew it (see ``ATSPIShape``).
    var shape: ATSPIShape?
    /// The text field shown as listeners last knew it, to send what typing changed.
    var fieldSeen: ATSPIFieldSeen?
    /// The tree as last read, kept while the application cannot have changed: a screen reader's
    /// calls come one at a time (Orca makes dozens for one focus move), and reading the whole tree
    /// for each would make every call wait for it.
    /// Each tree read is published to the bus thread, which answers a screen reader's counting
    /// calls from it (``ATSPISnapshot``); forgetting the tree withdraws it.
    private var cachedTree: ATSPITree? {
        didSet {
            if let cachedTree {
                connection.publish(ATSPISnapshot(cachedTree, busName: connection.busName))
            } else if oldValue != nil {
                connection.withdraw()
            }
        }
    }

    /// How the bus thread wakes the window's loop for a request: the loop's request wake-up
    /// once ``attach(to:)`` has run, else nothing (the next frame answers).
    private let wakeUp = WakeUpSlot()

    private init(application: AccessibleApplication) {
        self.application = application
        let slot = wakeUp
        connection = ATSPIConnection(wake: { slot.wake() })
    }

    /// Starts the adapter unless it is turned off: `NO_AT_BRIDGE=1` in the environment (as GTK
    /// honours) or `enabled` false. Returns at once; the bus is reached on another thread.
    public static func start(for application: AccessibleApplication, enabled: Bool = true,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> ATSPIBridge? {
        let bridge = make(for: application, enabled: enabled, environment: environment)
        bridge?.connect()
        return bridge
    }

    /// The adapter, not yet on the bus, unless it is turned off (as `start`). A window calls
    /// `connect()` once its first frame is shown, so that reaching the bus never competes with
    /// the start-up for the processor.
    public static func make(for application: AccessibleApplication, enabled: Bool = true,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> ATSPIBridge? {
        guard enabled, environment["NO_AT_BRIDGE"] != "1" else { return nil }
        return ATSPIBridge(application: application)
    }

    /// Reaches the accessibility bus on another thread and registers the application; returns at
    /// once. Only the first call does anything.
    public func connect() {
        guard !connecting else { return }
        connecting = true
        connection.start()
    }
    private var connecting = false

    /// The application's name on the accessibility bus ("" until connected).
    public var busName: String { connection.busName }
    /// Calls the bus thread answered by itself from the published snapshot (a screen reader
    /// counting a list's items), without waking the window.
    public var callsAnsweredOnBusThread: Int { connection.answeredOnBusThread }
    /// Why the adapter is not on the bus, once it gave up (no session bus, no accessibility bus).
    public var failure: String? { connection.failure }

    /// Answers the calls waiting and follows listeners coming and going. Returns true when an
    /// answer acted on the application or the first listener came (the window should run a frame).
    public func service() -> Bool {
        // A listener that just came is told the window's state at once: the frame this asks for
        // sends it (``sendEvents()``), even in a window with nothing else to draw.
        var acted = syncListening()
        for request in connection.takeRequests() {
            if answer(request) {
                acted = true
                cachedTree = nil
            }
        }
        return acted
    }

    /// Says the application may have changed (input was handled, time moved on): the next answer
    /// reads its tree again. ``sendEvents()`` calls it after each update; a window loop calls it
    /// once a frame too, after the frame's input and before its requests (`WindowLoop.willUpdate`).
    public func applicationChanged() {
        cachedTree = nil
    }

    /// Follows the registry's listeners; true when the first one came.
    private func syncListening() -> Bool {
        let listening = connection.hasListeners
        guard listening != application.events.isListening else { return false }
        application.setListening(listening)
        if !listening { lastFocus = nil; lastFocusName = nil; lastSelection = [:]; lastCounts = [:]; lastActive = nil; live = nil; shape = nil; fieldSeen = nil }
        return listening
    }

    /// The tree as shown now.
    func tree() -> ATSPITree {
        if let cachedTree { return cachedTree }
        let tree = ATSPITree(window: application.tree())
        cachedTree = tree
        return tree
    }

    /// A reference to a node, `(so)`.
    func reference(_ path: ATSPIObjectPath?) -> DBusValue {
        guard let path else { return .reference("", ATSPIObjectPath.null) }
        return .reference(connection.busName, path.string)
    }

    /// The desktop, our root's parent (the registry's root).
    var desktop: DBusValue { .reference("org.a11y.atspi.Registry", ATSPIObjectPath.root.string) }
}

extension ATSPIBridge {
    /// Wires the adapter into a window loop: it joins the bus once the first frame is shown (so
    /// start-up never waits for it), answers requests while the window sleeps, reads the tree
    /// again after each frame's input, and sends the application's events after each update.
    /// What the loop already runs at those moments (`didShowFirstFrame`, `willUpdate`,
    /// `didUpdate`) still runs, first; `serviceRequests` becomes the adapter's.
    public func attach(to loop: some DesktopServiceHost) {
        wakeUp.set(loop.makeRequestWakeUp())
        let shown = loop.didShowFirstFrame, frameStart = loop.willUpdate, updated = loop.didUpdate
        loop.didShowFirstFrame = { [self] in
            shown?()
            connect()
        }
        // A frame's input (the window's or a script's) comes before its update: answers in the
        // frame read the tree again.
        loop.willUpdate = { [self] now in
            frameStart?(now)
            applicationChanged()
        }
        loop.serviceRequests = { [self] in service() }
        forwardKeys(of: loop)
        loop.didUpdate = { [self] now in
            updated?(now)
            sendEvents()
        }
    }
}

/// A wake-up set once on the window's thread and called from the bus thread.
private final class WakeUpSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var function: (@Sendable () -> Void)?

    func set(_ f: @escaping @Sendable () -> Void) { lock.lock(); function = f; lock.unlock() }

    func wake() {
        lock.lock(); let f = function; lock.unlock()
        f?()
    }
}
