import CGio
import Foundation

/// The connection to the accessibility bus, on a thread of its own running GLib's main loop: it
/// registers the application, keeps the registry's list of event listeners, and queues each
/// incoming method call for the thread that owns the tree, waking it through `wake`. Nothing here
/// touches the tree; the window's thread answers (``ATSPIBridge``).
///
/// Costs nothing when there is nothing to talk to: with no session bus (nor its socket) it never
/// connects; when the session has no accessibility bus the thread ends after one failed call.
final class ATSPIConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [ATSPIRequest] = []
    private var filter = ATSPIEventFilter()
    private var connection: OpaquePointer?
    private var name = ""
    private var interfaceInfos: [UnsafeMutablePointer<GDBusInterfaceInfo>] = []
    private let wake: @Sendable () -> Void
    private var failureReason: String?
    /// Why the adapter is not on the bus, when it gave up (no session bus, no accessibility bus).
    var failure: String? { lock.withLock { failureReason } }

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// The application's unique name on the accessibility bus ("" until connected).
    var busName: String { lock.withLock { name } }

    /// True while some listener is registered for any event.
    var hasListeners: Bool { lock.withLock { !filter.isEmpty } }

    /// True while some keystroke listener is registered with the registry's device event
    /// controller (a screen reader's key commands): keys are shown to it only then.
    var hasKeyListeners: Bool { lock.withLock { keyListeners > 0 } }
    private var keyListeners = 0
    private var askingKeyListeners = false
    private var keyListenersChanged = false

    func wants(_ event: String) -> Bool { lock.withLock { filter.wants(event) } }

    /// What the bus thread answers by itself (``ATSPISnapshot``), and how many calls it answered.
    private var snapshot = ATSPISnapshot()
    private var answeredHere = 0

    /// Publishes what the bus thread may answer from now on (the window's thread, having read the tree).
    func publish(_ snapshot: ATSPISnapshot) { lock.withLock { self.snapshot = snapshot } }

    /// Withdraws the snapshot: the application may have changed, so every call waits for the
    /// window's thread until it publishes again.
    func withdraw() { lock.withLock { if !snapshot.collections.isEmpty { snapshot = ATSPISnapshot() } } }

    /// Calls answered on the bus thread from the snapshot so far.
    var answeredOnBusThread: Int { lock.withLock { answeredHere } }

    /// The calls waiting for an answer, oldest first; the queue is emptied.
    func takeRequests() -> [ATSPIRequest] {
        lock.withLock { defer { requests = [] }; return requests }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "AT-SPI bus"
        thread.stackSize = 1 << 20
        thread.start()
    }

    // MARK: The bus thread

    private func run() {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        // Reached only when the adapter gives up; otherwise the loop below runs for good.
        defer { g_main_context_pop_thread_default(context); g_main_context_unref(context) }
        guard let a11y = connect() else { return }
        lock.withLock { connection = a11y; name = String(cString: g_dbus_connection_get_unique_name(a11y)) }
        guard register(on: a11y) else { return }
        followRegistry(on: a11y)
        followKeyListeners(on: a11y)
        embed(on: a11y)
        let loop = g_main_loop_new(context, 0)
        g_main_loop_run(loop)
    }

    /// The accessibility bus: `AT_SPI_BUS_ADDRESS` if set, else the address `org.a11y.Bus` gives on
    /// the session bus. Never starts a session bus of its own.
    private func connect() -> OpaquePointer? {
        let env = ProcessInfo.processInfo.environment
        var address = env["AT_SPI_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        if address == nil {
            let socket = env["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
            guard env["DBUS_SESSION_BUS_ADDRESS"] != nil || socket.map(FileManager.default.fileExists(atPath:)) == true else {
                return give("no session bus")
            }
            var error: UnsafeMutablePointer<GError>?
            guard let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { return give(error) }
            // Only asked for the address: the session bus is not needed afterwards.
            defer { g_object_unref(UnsafeMutableRawPointer(session)) }
            let replyType = g_variant_type_new("(s)")
            defer { g_variant_type_free(replyType) }
            let reply = g_dbus_connection_call_sync(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                                    nil, replyType, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
            guard let reply else { return give(error) }
            defer { g_variant_unref(reply) }
            address = DBusArguments(tuple: reply).string(0)
        }
        guard let address, !address.isEmpty else { return give("the accessibility bus has no address") }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                                   | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let a11y = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else { return give(error) }
        // The bus going away (the session ending) must not end the program.
        g_dbus_connection_set_exit_on_close(a11y, 0)
        return a11y
    }

    private func give(_ why: String) -> OpaquePointer? { lock.withLock { failureReason = why }; return nil }
    private func give(_ error: UnsafeMutablePointer<GError>?) -> OpaquePointer? {
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
        return give(message)
    }

    /// Exports every node under `/org/a11y/atspi/accessible` as one subtree: GDBus asks for a node
    /// only when a call names it, so no object exists for a node nobody asked about.
    private func register(on a11y: OpaquePointer) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(ATSPIInterfaces.xml, &error) else { _ = give(error); return false }
        var i = 0
        while let iface = info.pointee.interfaces[i] { interfaceInfos.append(g_dbus_interface_info_ref(iface)); i += 1 }
        g_dbus_node_info_unref(info)
        // Retained for good: the bus thread and GDBus keep calling into it while the program runs.
        let me = Unmanaged.passRetained(self).toOpaque()
        let id = g_dbus_connection_register_subtree(a11y, ATSPIObjectPath.base, ATSPIConnection.subtreeVTable,
                                                    G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES, me, nil, &error)
        if id == 0 { _ = give(error); return false }
        registerCache(on: a11y)
        return true
    }

    /// An empty `Cache`: clients (libatspi) ask for it first and then read each object they
    /// need; nothing is pushed to them, so nothing is built for them.
    private func registerCache(on a11y: OpaquePointer) {
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(ATSPIInterfaces.cacheXML, &error), let iface = info.pointee.interfaces[0] else {
            if let error { g_error_free(error) }
            return
        }
        defer { g_dbus_node_info_unref(info) }
        g_dbus_connection_register_object(a11y, ATSPIInterfaces.cachePath, iface, ATSPIConnection.cacheVTable, nil, nil, &error)
        if let error { g_error_free(error) }
    }

    /// Reads who listens now, and again whenever the registry says a listener came or went: the
    /// registry's own list replaces ours each time, so a signal that crosses a reply can neither
    /// count a listener twice nor lose one.
    private func followRegistry(on a11y: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        for signal in ["EventListenerRegistered", "EventListenerDeregistered"] {
            g_dbus_connection_signal_subscribe(a11y, "org.a11y.atspi.Registry", "org.a11y.atspi.Registry", signal,
                                               "/org/a11y/atspi/registry", nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                               ATSPIConnection.registrySignal, me, nil)
        }
        askRegistry(on: a11y)
    }

    /// Asks the registry for its listeners (`GetRegisteredEvents`), answered on the bus thread.
    fileprivate func askRegistry(on a11y: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let replyType = g_variant_type_new("(a(ss))")
        defer { g_variant_type_free(replyType) }
        g_dbus_connection_call(a11y, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry",
                               "GetRegisteredEvents", nil, replyType, G_DBUS_CALL_FLAGS_NONE, 5000, nil,
                               ATSPIConnection.registeredEvents, me)
    }

    fileprivate func listenersAre(_ registrations: [(bus: String, event: String)]) {
        lock.withLock { filter = ATSPIEventFilter(registrations) }
        wake()
    }

    /// Follows the device event controller's keystroke listeners as ``followRegistry`` follows
    /// event listeners: their count, read again whenever one comes or goes (one question at a
    /// time: a screen reader registers hundreds at once, one per modifier mask).
    private func followKeyListeners(on a11y: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        for signal in ["KeystrokeListenerRegistered", "KeystrokeListenerDeregistered"] {
            g_dbus_connection_signal_subscribe(a11y, "org.a11y.atspi.Registry", "org.a11y.atspi.DeviceEventListener", signal,
                                               ATSPIConnection.decPath, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                               ATSPIConnection.keyListenerSignal, me, nil)
        }
        askKeyListeners(on: a11y)
    }

    static let decPath = "/org/a11y/atspi/registry/deviceeventcontroller"
    static let decInterface = "org.a11y.atspi.DeviceEventController"

    fileprivate func askKeyListeners(on a11y: OpaquePointer) {
        let asking: Bool = lock.withLock {
            if askingKeyListeners { keyListenersChanged = true; return false }
            askingKeyListeners = true; keyListenersChanged = false
            return true
        }
        guard asking else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        g_dbus_connection_call(a11y, "org.a11y.atspi.Registry", ATSPIConnection.decPath, ATSPIConnection.decInterface,
                               "GetKeystrokeListeners", nil, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil,
                               ATSPIConnection.keystrokeListeners, me)
    }

    /// Shows a key to the registry's keystroke listeners and waits for their answer: true when
    /// one consumed it. Called from the window's thread; GDBus may be called from any thread.
    /// `timeout` in milliseconds bounds the wait (a listener that hangs costs the key, not the app).
    func notifyKeyListeners(_ event: ATSPIKeyEvent, timeout: Int32) -> Bool {
        guard let c = lock.withLock({ connection }) else { return false }
        var error: UnsafeMutablePointer<GError>?
        let replyType = g_variant_type_new("(b)")
        defer { g_variant_type_free(replyType) }
        let reply = g_dbus_connection_call_sync(c, "org.a11y.atspi.Registry", ATSPIConnection.decPath, ATSPIConnection.decInterface,
                                                "NotifyListenersSync", DBusValue.tuple([event.value]).makeGVariant(), replyType,
                                                G_DBUS_CALL_FLAGS_NONE, timeout, nil, &error)
        guard let reply else { if let error { g_error_free(error) }; return false }
        defer { g_variant_unref(reply) }
        return DBusArguments(tuple: reply).bool(0) ?? false
    }

    /// Tells the registry the application's root is here; the registry answers with the desktop,
    /// our root's parent.
    private func embed(on a11y: OpaquePointer) {
        let plug = DBusValue.tuple([.reference(busName, ATSPIObjectPath.root.string)])
        var error: UnsafeMutablePointer<GError>?
        let replyType = g_variant_type_new("((so))")
        defer { g_variant_type_free(replyType) }
        let reply = g_dbus_connection_call_sync(a11y, "org.a11y.atspi.Registry", ATSPIObjectPath.root.string, "org.a11y.atspi.Socket",
                                                "Embed", plug.makeGVariant(), replyType, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        if let reply { g_variant_unref(reply) } else { _ = give(error) }
    }

    /// Emits an event signal (thread-safe in GDBus): `(siiva{sv})` from the node's path.
    func emit(path: String, interface: String, signal: String, _ args: DBusValue) {
        guard let c = lock.withLock({ connection }) else { return }
        g_dbus_connection_emit_signal(c, nil, path, interface, signal, args.makeGVariant(), nil)
    }

    fileprivate func received(_ request: ATSPIRequest) {
        let snapshot = lock.withLock { self.snapshot }
        if let values = snapshot.answer(path: request.path, interface: request.interface, method: request.method,
                                        arguments: request.arguments) {
            request.reply(values)
            lock.withLock { answeredHere += 1 }
            return
        }
        lock.withLock { requests.append(request) }
        wake()
    }

    // MARK: C callbacks (on the bus thread)

    private static let registrySignal: GDBusSignalCallback = { a11y, _, _, _, _, _, me in
        guard let me, let a11y else { return }
        Unmanaged<ATSPIConnection>.fromOpaque(me).takeUnretainedValue().askRegistry(on: a11y)
    }

    private static let keyListenerSignal: GDBusSignalCallback = { a11y, _, _, _, _, _, me in
        guard let me, let a11y else { return }
        Unmanaged<ATSPIConnection>.fromOpaque(me).takeUnretainedValue().askKeyListeners(on: a11y)
    }

    private static let keystrokeListeners: GAsyncReadyCallback = { source, result, me in
        guard let me else { return }
        let connection = Unmanaged<ATSPIConnection>.fromOpaque(me).takeUnretainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        if let error { g_error_free(error) }
        var count = 0
        if let reply {
            let list = g_variant_get_child_value(reply, 0)!
            count = Int(g_variant_n_children(list))
            g_variant_unref(list)
            g_variant_unref(reply)
        }
        let again: Bool = connection.lock.withLock {
            connection.keyListeners = count
            connection.askingKeyListeners = false
            return connection.keyListenersChanged
        }
        if again, let source { connection.askKeyListeners(on: OpaquePointer(source)) }
    }

    private static let registeredEvents: GAsyncReadyCallback = { source, result, me in
        guard let me else { return }
        let connection = Unmanaged<ATSPIConnection>.fromOpaque(me).takeUnretainedValue()
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error) else {
            if let error { g_error_free(error) }
            return
        }
        defer { g_variant_unref(reply) }
        let list = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(list) }
        var registrations: [(bus: String, event: String)] = []
        for i in 0..<Int(g_variant_n_children(list)) {
            let pair = g_variant_get_child_value(list, gsize(i))!
            let args = DBusArguments(tuple: pair)
            if let bus = args.string(0), let event = args.string(1) { registrations.append((bus, event)) }
            g_variant_unref(pair)
        }
        connection.listenersAre(registrations)
    }

    private static let methodCall: GDBusInterfaceMethodCallFunc = { _, _, path, interface, method, parameters, invocation, me in
        guard let me, let invocation else { return }
        let connection = Unmanaged<ATSPIConnection>.fromOpaque(me).takeUnretainedValue()
        connection.received(ATSPIRequest(path: path.map { String(cString: $0) } ?? "", interface: interface.map { String(cString: $0) } ?? "",
                                         method: method.map { String(cString: $0) } ?? "", parameters: parameters, invocation: invocation))
    }

    /// Property reads and writes come to `methodCall` too (no getter in the table), so they are
    /// answered on the tree's thread like any call.
    nonisolated(unsafe) private static let methodVTable = permanent(GDBusInterfaceVTable(
        method_call: methodCall, get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))

    nonisolated(unsafe) private static let cacheVTable = permanent(GDBusInterfaceVTable(
        method_call: { _, _, _, _, _, _, invocation, _ in
            guard let invocation else { return }
            g_dbus_method_invocation_return_value(invocation, DBusValue.tuple([.array(elementType: "((so)(so)(so)iiassusau)", [])]).makeGVariant())
        },
        get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))

    /// GDBus keeps the pointers it is given: the tables live as long as the program.
    private static func permanent<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        return p
    }

    nonisolated(unsafe) private static let subtreeVTable = permanent(GDBusSubtreeVTable(
        enumerate: { _, _, _, _ in
            // Only the root is listed; every other node is dispatched unlisted (made on demand).
            let names = UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>.init(OpaquePointer(g_malloc0(gsize(2 * MemoryLayout<UnsafeMutablePointer<gchar>?>.size))))!
            names[0] = g_strdup(ATSPIObjectPath.rootElement)
            return names
        },
        introspect: { _, _, _, node, me in
            guard let me, node != nil else { return nil }
            let connection = Unmanaged<ATSPIConnection>.fromOpaque(me).takeUnretainedValue()
            let infos = connection.interfaceInfos
            let size = gsize((infos.count + 1) * MemoryLayout<UnsafeMutablePointer<GDBusInterfaceInfo>?>.size)
            let array = UnsafeMutablePointer<UnsafeMutablePointer<GDBusInterfaceInfo>?>(OpaquePointer(g_malloc0(size)))!
            for (i, info) in infos.enumerated() { array[i] = g_dbus_interface_info_ref(info) }
            return array
        },
        dispatch: { _, _, _, _, node, outUserData, me in
            guard node != nil else { return nil }
            outUserData?.pointee = me
            return UnsafePointer(ATSPIConnection.methodVTable)
        },
        padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
}
