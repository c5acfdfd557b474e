import CGio
import CollectionKit
import Foundation

/// Follows the desktop's settings on a thread of its own running a GLib main loop: the settings
/// portal (`org.freedesktop.portal.Settings`: `Read`, then its `SettingChanged` signal) on the
/// session bus, and for what the portal does not answer, GSettings' `org.gnome.desktop.interface`
/// (`color-scheme`, `text-scaling-factor`, `enable-animations`) with its `changed` signal. Each
/// change is kept for ``takeChange()`` and `wake` is called, so a sleeping window draws a frame.
///
/// With no session bus (nor its socket) the portal is not asked; with no schema installed
/// GSettings is not asked; then the preferences stay the defaults.
public final class DesktopSettings: @unchecked Sendable {
    private let lock = NSLock()
    private var preferences = DesktopPreferences()
    private var pending: DesktopPreferences?
    private let wake: @Sendable () -> Void
    private let firstRead = DispatchSemaphore(value: 0)
    /// Keys the portal answered; GSettings fills in the rest.
    private var fromPortal: Set<String> = []
    private var gsettings: UnsafeMutablePointer<GSettings>?

    static let portalName = "org.freedesktop.portal.Desktop"
    static let portalPath = "/org/freedesktop/portal/desktop"
    static let portalInterface = "org.freedesktop.portal.Settings"
    static let appearanceNamespace = "org.freedesktop.appearance"
    static let interfaceNamespace = "org.gnome.desktop.interface"

    private init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Starts following the settings and waits up to `wait` seconds for the first read, so the
    /// first frame is drawn in the user's scheme when the desktop answers quickly.
    public static func start(waitingUpTo wait: Double = 0.5, wake: @escaping @Sendable () -> Void) -> DesktopSettings {
        let settings = DesktopSettings(wake: wake)
        let thread = Thread { [settings] in settings.run() }
        thread.name = "Desktop settings"
        thread.stackSize = 1 << 20
        thread.start()
        _ = settings.firstRead.wait(timeout: .now() + wait)
        return settings
    }

    /// The settings as last read.
    public var current: DesktopPreferences { lock.withLock { preferences } }

    /// The settings when they changed since the last call (or since the first read), once.
    public func takeChange() -> DesktopPreferences? {
        lock.withLock { defer { pending = nil }; return pending }
    }

    /// Where each key was last read from, for `DesktopPreferences.source`.
    private var keySources: [String: String] = [:]

    private func update(_ key: String, from source: String, _ change: (inout DesktopPreferences) -> Void) {
        let changed: Bool = lock.withLock {
            var p = preferences
            change(&p)
            keySources[key] = source
            let used = Set(keySources.values)
            p.source = ["portal", "gsettings"].filter(used.contains).joined(separator: "+")
            guard p != preferences else { return false }
            preferences = p
            pending = p
            return true
        }
        if changed { wake() }
    }

    // MARK: The settings thread

    private func run() {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        if let bus = sessionBus() { readPortal(bus) }
        followGSettings()
        // What was read before the window's first frame is the start, not a change.
        lock.withLock { pending = nil }
        firstRead.signal()
        let loop = g_main_loop_new(context, 0)
        g_main_loop_run(loop)
    }

    /// The session bus, when there is one to connect to (never one started for us).
    private func sessionBus() -> OpaquePointer? {
        let env = ProcessInfo.processInfo.environment
        let socket = env["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard env["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true || socket.map(FileManager.default.fileExists(atPath:)) == true else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error { g_error_free(error) }
        return bus
    }

    /// Reads the three settings through the portal and subscribes to its changes when it answered.
    private func readPortal(_ bus: OpaquePointer) {
        var answered = false
        for (namespace, key) in [(DesktopSettings.appearanceNamespace, "color-scheme"),
                                 (DesktopSettings.interfaceNamespace, "text-scaling-factor"),
                                 (DesktopSettings.interfaceNamespace, "enable-animations")] {
            guard let value = portalRead(bus, namespace, key) else { continue }
            defer { g_variant_unref(value) }
            if apply(namespace: namespace, key: key, value: value, source: "portal") {
                answered = true
                fromPortal.insert(key)
            }
        }
        guard answered else { return }
        let me = Unmanaged.passRetained(self).toOpaque()
        g_dbus_connection_signal_subscribe(bus, DesktopSettings.portalName, DesktopSettings.portalInterface, "SettingChanged",
                                           DesktopSettings.portalPath, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                           DesktopSettings.settingChanged, me, nil)
    }

    /// `Read(namespace, key)`, unwrapped of its variants (the first version of the interface
    /// wraps the value twice); nil when the portal or the key is not there.
    private func portalRead(_ bus: OpaquePointer, _ namespace: String, _ key: String) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let args = DBusValue.tuple([.string(namespace), .string(key)]).makeGVariant()
        guard let reply = g_dbus_connection_call_sync(bus, DesktopSettings.portalName, DesktopSettings.portalPath,
                                                      DesktopSettings.portalInterface, "Read", args, nil,
                                                      G_DBUS_CALL_FLAGS_NONE, 2000, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_variant_unref(reply) }
        guard g_variant_n_children(reply) == 1 else { return nil }
        return DesktopSettings.unwrapped(g_variant_get_child_value(reply, 0))
    }

    /// `value` with every variant layer taken off (the caller owns the result).
    static func unwrapped(_ value: OpaquePointer) -> OpaquePointer {
        var v = value
        while String(cString: g_variant_get_type_string(v)) == "v", let inner = g_variant_get_variant(v) {
            g_variant_unref(v)
            v = inner
        }
        return v
    }

    /// Takes a portal value for one of the three keys; false when the key or its type is not one
    /// of them.
    @discardableResult
    private func apply(namespace: String, key: String, value: OpaquePointer, source: String) -> Bool {
        let type = String(cString: g_variant_get_type_string(value))
        switch (namespace, key, type) {
        case (DesktopSettings.appearanceNamespace, "color-scheme", "u"):
            let scheme = DesktopPreferences.colorScheme(portal: g_variant_get_uint32(value))
            update("color-scheme", from: source) { $0.colorScheme = scheme }
        case (DesktopSettings.interfaceNamespace, "text-scaling-factor", "d"):
            let scale = DesktopPreferences.textScale(g_variant_get_double(value))
            update("text-scaling-factor", from: source) { $0.textScale = scale }
        case (DesktopSettings.interfaceNamespace, "enable-animations", "b"):
            let on = g_variant_get_boolean(value) != 0
            update("enable-animations", from: source) { $0.animations = on }
        default:
            return false
        }
        return true
    }

    /// GSettings' `org.gnome.desktop.interface`, for each key the portal did not answer, read now
    /// and again at each change. Nothing when the schema (gsettings-desktop-schemas) is missing:
    /// GSettings would abort the program on an unknown schema or key.
    private func followGSettings() {
        guard let sources = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(sources, DesktopSettings.interfaceNamespace, 1) else { return }
        defer { g_settings_schema_unref(schema) }
        let keys = ["color-scheme", "text-scaling-factor", "enable-animations"].filter {
            !fromPortal.contains($0) && g_settings_schema_has_key(schema, $0) != 0
        }
        guard !keys.isEmpty, let settings = g_settings_new_full(schema, nil, nil) else { return }
        gsettings = settings
        for key in keys { readGSettings(settings, key) }
        let me = Unmanaged.passRetained(self).toOpaque()
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, UnsafeMutableRawPointer?) -> Void = { settings, key, me in
            guard let settings, let key, let me else { return }
            let this = Unmanaged<DesktopSettings>.fromOpaque(me).takeUnretainedValue()
            let name = String(cString: key)
            guard !this.fromPortal.contains(name) else { return }
            this.readGSettings(settings.assumingMemoryBound(to: GSettings.self), name)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(settings), "changed", unsafeBitCast(callback, to: GCallback.self), me, nil,
                              GConnectFlags(rawValue: 0))
    }

    private func readGSettings(_ settings: UnsafeMutablePointer<GSettings>, _ key: String) {
        switch key {
        case "color-scheme":
            guard let s = g_settings_get_string(settings, key) else { return }
            let scheme = DesktopPreferences.colorScheme(gsettings: String(cString: s))
            g_free(s)
            update("color-scheme", from: "gsettings") { $0.colorScheme = scheme }
        case "text-scaling-factor":
            let scale = DesktopPreferences.textScale(g_settings_get_double(settings, key))
            update("text-scaling-factor", from: "gsettings") { $0.textScale = scale }
        case "enable-animations":
            let on = g_settings_get_boolean(settings, key) != 0
            update("enable-animations", from: "gsettings") { $0.animations = on }
        default:
            break
        }
    }

    private static let settingChanged: GDBusSignalCallback = { _, _, _, _, _, parameters, me in
        guard let me, let parameters, g_variant_n_children(parameters) == 3 else { return }
        let this = Unmanaged<DesktopSettings>.fromOpaque(me).takeUnretainedValue()
        let args = DBusArguments(tuple: parameters)
        guard let namespace = args.string(0), let key = args.string(1) else { return }
        let value = unwrapped(g_variant_get_child_value(parameters, 2))
        defer { g_variant_unref(value) }
        this.apply(namespace: namespace, key: key, value: value, source: "portal")
    }
}
