import CGio
import Foundation

/// One running instance per session, as GApplication does it: the first launch owns a well-known
/// name on the session bus and serves an `Open(as files)` method there; a later launch calls it
/// with its files (absolute paths, possibly none) and exits, and the first raises its window and
/// opens them.
///
/// With no session bus, or when the call to the first fails (it is ending), a launch runs on
/// its own.
public final class SingleInstance: @unchecked Sendable {
    /// A second launch's request: the files it was given.
    public struct Request: Equatable, Sendable {
        public var files: [String]
    }

    /// What `claim` found.
    public enum Outcome {
        /// This process owns the name: it serves requests (see ``takeRequests()``).
        case primary(SingleInstance)
        /// The running instance took the files: this process should exit successfully.
        case handedOver
        /// No bus, or the name could not be used: run on its own, with the reason.
        case alone(String)
    }

    private let lock = NSLock()
    private var requests: [Request] = []
    private let wake: @Sendable () -> Void
    private let name: String
    private let path: String

    private init(name: String, path: String, wake: @escaping @Sendable () -> Void) {
        self.name = name; self.path = path; self.wake = wake
    }

    /// The requests received since the last call, oldest first.
    public func takeRequests() -> [Request] { lock.withLock { defer { requests = [] }; return requests } }

    /// Owns `name` on the session bus, or hands `files` to its owner. `wake` is called on the
    /// bus thread when a request arrives.
    public static func claim(name: String, path: String, files: [String], wake: @escaping @Sendable () -> Void) -> Outcome {
        let env = ProcessInfo.processInfo.environment
        let socket = env["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard env["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true || socket.map(FileManager.default.fileExists(atPath:)) == true else {
            return .alone("no session bus")
        }
        let instance = SingleInstance(name: name, path: path, wake: wake)
        let done = DispatchSemaphore(value: 0)
        let result = NSLock()
        nonisolated(unsafe) var outcome = Outcome.alone("the bus did not answer")
        let thread = Thread {
            instance.run(files: files) { found in
                result.withLock { outcome = found }
                done.signal()
            }
        }
        thread.name = "Single instance"
        thread.stackSize = 1 << 20
        thread.start()
        // The bus answers in milliseconds; a bus that hangs must not keep the window from opening.
        if done.wait(timeout: .now() + 10) == .timedOut { return .alone("the session bus did not answer in 10 s") }
        return result.withLock { outcome }
    }

    /// On the bus thread: registers the object and asks for the name; then either serves
    /// requests for good (primary) or calls the owner and ends. `decide` is told the outcome once.
    private func run(files: [String], decide: (Outcome) -> Void) {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { return decide(.alone(SingleInstance.message(error))) }
        guard register(on: bus) else { return decide(.alone("could not serve \(path)")) }
        let flags = DBusValue.tuple([.string(name), .uint32(4)])  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                "RequestName", flags.makeGVariant(), nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        guard let reply else { return decide(.alone(SingleInstance.message(error))) }
        let answer = DBusArguments(tuple: reply).uint32(0)
        g_variant_unref(reply)
        if answer == 1 {  // DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
            decide(.primary(self))
            let loop = g_main_loop_new(context, 0)
            g_main_loop_run(loop)
            return
        }
        let args = DBusValue.tuple([.array(elementType: "s", files.map { .string($0) })])
        guard let answered = g_dbus_connection_call_sync(bus, name, path, name, "Open", args.makeGVariant(), nil,
                                                         G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
            return decide(.alone("the running instance did not answer: \(SingleInstance.message(error))"))
        }
        g_variant_unref(answered)
        decide(.handedOver)
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    private func register(on bus: OpaquePointer) -> Bool {
        let xml = """
            <node><interface name="\(name)"><method name="Open"><arg type="as" name="files" direction="in"/></method></interface></node>
            """
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(xml, &error), let iface = info.pointee.interfaces[0] else {
            if let error { g_error_free(error) }
            return false
        }
        let me = Unmanaged.passRetained(self).toOpaque()
        let id = g_dbus_connection_register_object(bus, path, iface, SingleInstance.vtable, me, nil, &error)
        if let error { g_error_free(error) }
        return id != 0
    }

    fileprivate func received(_ files: [String]) {
        lock.withLock { requests.append(Request(files: files)) }
        wake()
    }

    nonisolated(unsafe) private static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let p = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        p.initialize(to: GDBusInterfaceVTable(
            method_call: { _, _, _, _, _, parameters, invocation, me in
                guard let me, let invocation else { return }
                var files: [String] = []
                if let parameters, g_variant_n_children(parameters) == 1, let list = g_variant_get_child_value(parameters, 0) {
                    for i in 0..<Int(g_variant_n_children(list)) {
                        if let s = g_variant_get_child_value(list, gsize(i)) {
                            files.append(String(cString: g_variant_get_string(s, nil)))
                            g_variant_unref(s)
                        }
                    }
                    g_variant_unref(list)
                }
                Unmanaged<SingleInstance>.fromOpaque(me).takeUnretainedValue().received(files)
                g_dbus_method_invocation_return_value(invocation, nil)
            },
            get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return p
    }()
}
