import CGio
import Foundation

/// One running instance per session, as GApplication does it: the first launch owns the app id as
/// a name on the session bus and serves GApplication's `org.freedesktop.Application` interface at
/// the id's object path (`Activate(a{sv})`, `Open(as uris, a{sv})`, `ActivateAction(s, av, a{sv})`,
/// the `a{sv}` being the platform data, with `activation-token` and `desktop-startup-id`), beside
/// the older `Open(as files)` of an interface named by the id. A later launch passes its files
/// (`Open`), then its actions (its flags, as `ActivateAction`), or only `Activate`, with the
/// launcher's startup id and activation token, and exits; the first raises its window and acts.
/// A desktop that starts the app by D-Bus activation (`DBusActivatable=true`) calls the same.
///
/// With no session bus, or when the call to the first fails (it is ending), a launch runs on
/// its own.
public final class SingleInstance: @unchecked Sendable {
    /// A second launch's request: the files it was given, or an action to activate, and the
    /// platform data of the launch (how the window may come to the front).
    public struct Request: Equatable, Sendable {
        /// Absolute paths to open (none for `Activate` and `ActivateAction`).
        public var files: [String]
        /// An action of ``Launch/actions`` with its string parameters (`scene` with `["grid"]`),
        /// from `ActivateAction`.
        public var action: String?
        public var parameters: [String]
        /// The Wayland activation token (xdg-activation) the launcher gave.
        public var activationToken: String?
        /// The X11 startup-notification id the launcher gave (`DESKTOP_STARTUP_ID`): the window
        /// comes to the front with its time stamp, and the launch's notification is ended with it.
        public var startupID: String?

        public init(files: [String], action: String? = nil, parameters: [String] = [], activationToken: String? = nil, startupID: String? = nil) {
            self.files = files; self.action = action; self.parameters = parameters
            self.activationToken = activationToken; self.startupID = startupID
        }
    }

    /// What a launch asks of a running instance: its actions (in order, each name with its
    /// string parameters) and its files, with the launcher's startup id and activation token.
    public struct Launch: Sendable {
        public var actions: [(name: String, parameters: [String])]
        public var files: [String]
        public var activationToken: String?
        public var startupID: String?

        public init(actions: [(name: String, parameters: [String])] = [], files: [String] = [],
                    activationToken: String? = nil, startupID: String? = nil) {
            self.actions = actions; self.files = files; self.activationToken = activationToken; self.startupID = startupID
        }

        /// The launcher's `DESKTOP_STARTUP_ID` and `XDG_ACTIVATION_TOKEN`, as GApplication passes
        /// them on (each also stands for the other when only one is set).
        public static func launcherTokens(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> (token: String?, startupID: String?) {
            let startup = environment["DESKTOP_STARTUP_ID"].flatMap { $0.isEmpty ? nil : $0 }
            let token = environment["XDG_ACTIVATION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            return (token ?? startup, startup ?? token)
        }
    }

    /// The name of the interface GApplication serves at the app's object path.
    public static let applicationInterface = "org.freedesktop.Application"

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
    /// Checks an action and its parameters; nil when it may be activated, else what is wrong.
    private let checkAction: @Sendable (String, [String]) -> String?

    init(name: String, path: String, checkAction: @escaping @Sendable (String, [String]) -> String?, wake: @escaping @Sendable () -> Void) {
        self.name = name; self.path = path; self.checkAction = checkAction; self.wake = wake
    }

    /// The requests received since the last call, oldest first.
    public func takeRequests() -> [Request] { lock.withLock { defer { requests = [] }; return requests } }

    /// Owns `name` on the session bus, or hands `files` to its owner. `wake` is called on the
    /// bus thread when a request arrives.
    public static func claim(name: String, path: String, files: [String], wake: @escaping @Sendable () -> Void) -> Outcome {
        claim(name: name, path: path, launch: Launch(files: files), checkAction: { action, _ in "no action '\(action)'" }, wake: wake)
    }

    /// Owns `name` on the session bus, or hands `launch` to its owner (its files by `Open`, then
    /// its actions by `ActivateAction`, or `Activate` with neither). As the owner,
    /// `ActivateAction` takes the actions `checkAction` accepts (it answers nil), and answers the
    /// others with an `InvalidArgs` error carrying its message. `wake` is called on the bus thread
    /// when a request arrives.
    public static func claim(name: String, path: String, launch: Launch, checkAction: @escaping @Sendable (String, [String]) -> String?,
                             wake: @escaping @Sendable () -> Void) -> Outcome {
        let env = ProcessInfo.processInfo.environment
        let socket = env["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard env["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true || socket.map(FileManager.default.fileExists(atPath:)) == true else {
            return .alone("no session bus")
        }
        let instance = SingleInstance(name: name, path: path, checkAction: checkAction, wake: wake)
        let done = DispatchSemaphore(value: 0)
        let result = NSLock()
        nonisolated(unsafe) var outcome = Outcome.alone("the bus did not answer")
        let thread = Thread {
            instance.run(launch: launch) { found in
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
    private func run(launch: Launch, decide: (Outcome) -> Void) {
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
        var platform: [(String, DBusValue)] = []
        if let token = launch.activationToken { platform.append(("activation-token", .string(token))) }
        if let id = launch.startupID { platform.append(("desktop-startup-id", .string(id))) }
        let data = DBusValue.variantDictionary(platform)
        // The files first, then the actions (a scene asked for wins over the calendar that files
        // open in, as on a first launch); a launch with neither only activates.
        var calls: [(String, DBusValue)] = []
        if !launch.files.isEmpty {
            calls.append(("Open", .tuple([.array(elementType: "s", launch.files.map { .string(SingleInstance.uri($0)) }), data])))
        } else if launch.actions.isEmpty {
            calls.append(("Activate", .tuple([data])))
        }
        calls += launch.actions.map { action in
            ("ActivateAction", .tuple([.string(action.name), .array(elementType: "v", action.parameters.map { .variant(.string($0)) }), data]))
        }
        for (index, (method, args)) in calls.enumerated() {
            guard let answered = g_dbus_connection_call_sync(bus, name, path, SingleInstance.applicationInterface, method, args.makeGVariant(), nil,
                                                             G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
                let problem = SingleInstance.message(error)
                error = nil
                // A running instance of an older version serves only its own Open(as paths): it
                // takes the files (and is raised) that way; the actions it cannot take.
                if index == 0, problem.contains("org.freedesktop.Application"),
                   let answered = g_dbus_connection_call_sync(bus, name, path, name, "Open",
                                                             DBusValue.tuple([.array(elementType: "s", launch.files.map { .string($0) })]).makeGVariant(),
                                                             nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) {
                    g_variant_unref(answered)
                    return decide(.handedOver)
                }
                if error != nil { _ = SingleInstance.message(error) }
                return decide(.alone("the running instance did not answer: \(problem)"))
            }
            g_variant_unref(answered)
        }
        decide(.handedOver)
    }

    /// A `file://` URI for an absolute path (GApplication's `Open` takes URIs).
    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// The local path of a `file://` URI; nil for another scheme. A plain absolute path is taken
    /// as it is.
    static func path(ofURI uri: String) -> String? {
        if uri.hasPrefix("/") { return uri }
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    private func register(on bus: OpaquePointer) -> Bool {
        let xml = """
            <node><interface name="\(name)"><method name="Open"><arg type="as" name="files" direction="in"/></method></interface>
            <interface name="\(SingleInstance.applicationInterface)">
            <method name="Activate"><arg type="a{sv}" name="platform_data" direction="in"/></method>
            <method name="Open"><arg type="as" name="uris" direction="in"/><arg type="a{sv}" name="platform_data" direction="in"/></method>
            <method name="ActivateAction"><arg type="s" name="action_name" direction="in"/><arg type="av" name="parameter" direction="in"/>
            <arg type="a{sv}" name="platform_data" direction="in"/></method></interface></node>
            """
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(xml, &error), let own = info.pointee.interfaces[0], let application = info.pointee.interfaces[1] else {
            if let error { g_error_free(error) }
            return false
        }
        for iface in [own, application] {
            let me = Unmanaged.passRetained(self).toOpaque()
            let id = g_dbus_connection_register_object(bus, path, iface, SingleInstance.vtable, me, nil, &error)
            if let error { g_error_free(error); return false }
            if id == 0 { return false }
        }
        return true
    }

    fileprivate func received(_ request: Request) {
        lock.withLock { requests.append(request) }
        wake()
    }

    /// A method call on either interface: a request queued, or the error it is answered with.
    func call(interface: String, method: String, parameters: OpaquePointer?) -> Result<Request, CallError> {
        let args = parameters.map(GVariantReader.children) ?? []
        defer { args.forEach { g_variant_unref($0) } }
        guard interface == SingleInstance.applicationInterface else {
            // The older interface: Open(as files), paths as they are.
            return .success(Request(files: args.first.map(GVariantReader.strings) ?? []))
        }
        let platform = args.last.map(GVariantReader.stringDictionary) ?? [:]
        var request = Request(files: [], activationToken: platform["activation-token"], startupID: platform["desktop-startup-id"])
        switch method {
        case "Activate": break
        case "Open":
            let uris = args.first.map(GVariantReader.strings) ?? []
            var files: [String] = []
            for uri in uris {
                guard let path = SingleInstance.path(ofURI: uri) else { return .failure(CallError("only local files can be opened, not '\(uri)'")) }
                files.append(path)
            }
            request.files = files
        case "ActivateAction":
            let action = args.first.map(GVariantReader.string) ?? ""
            let parameters = args.count > 1 ? GVariantReader.variantStrings(args[1]) : []
            if let problem = checkAction(action, parameters) { return .failure(CallError(problem)) }
            request.action = action
            request.parameters = parameters
        default: return .failure(CallError("no method \(method)"))
        }
        return .success(request)
    }

    struct CallError: Error { let message: String; init(_ m: String) { message = m } }

    nonisolated(unsafe) private static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let p = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        p.initialize(to: GDBusInterfaceVTable(
            method_call: { _, _, _, interface, method, parameters, invocation, me in
                guard let me, let invocation else { return }
                let instance = Unmanaged<SingleInstance>.fromOpaque(me).takeUnretainedValue()
                let interface = interface.map { String(cString: $0) } ?? ""
                let method = method.map { String(cString: $0) } ?? ""
                switch instance.call(interface: interface, method: method, parameters: parameters) {
                case let .success(request):
                    instance.received(request)
                    g_dbus_method_invocation_return_value(invocation, nil)
                case let .failure(error):
                    g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.InvalidArgs", error.message)
                }
            },
            get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return p
    }()
}

/// Reads the few shapes of `GVariant` the single instance is called with.
enum GVariantReader {
    /// The children of a tuple or an array (each one a new reference, released here after use:
    /// the values read are copied out).
    static func children(_ v: OpaquePointer) -> [OpaquePointer] {
        (0..<Int(g_variant_n_children(v))).compactMap { g_variant_get_child_value(v, gsize($0)) }
    }

    static func typeString(_ v: OpaquePointer) -> String { String(cString: g_variant_get_type_string(v)) }

    static func string(_ v: OpaquePointer) -> String {
        ["s", "o"].contains(typeString(v)) ? String(cString: g_variant_get_string(v, nil)) : ""
    }

    /// An `as`: its strings.
    static func strings(_ v: OpaquePointer) -> [String] {
        guard typeString(v) == "as" else { return [] }
        return children(v).map { s in defer { g_variant_unref(s) }; return string(s) }
    }

    /// An `av`: the strings among its values.
    static func variantStrings(_ v: OpaquePointer) -> [String] {
        guard typeString(v) == "av" else { return [] }
        return children(v).compactMap { boxed in
            defer { g_variant_unref(boxed) }
            guard let inner = g_variant_get_variant(boxed) else { return nil }
            defer { g_variant_unref(inner) }
            return typeString(inner) == "s" ? string(inner) : nil
        }
    }

    /// An `a{sv}`: its entries whose values are strings.
    static func stringDictionary(_ v: OpaquePointer) -> [String: String] {
        guard typeString(v) == "a{sv}" else { return [:] }
        var out: [String: String] = [:]
        for entry in children(v) {
            defer { g_variant_unref(entry) }
            guard let key = g_variant_get_child_value(entry, 0), let boxed = g_variant_get_child_value(entry, 1) else { continue }
            defer { g_variant_unref(key); g_variant_unref(boxed) }
            guard let inner = g_variant_get_variant(boxed) else { continue }
            defer { g_variant_unref(inner) }
            if typeString(inner) == "s" { out[string(key)] = string(inner) }
        }
        return out
    }
}
