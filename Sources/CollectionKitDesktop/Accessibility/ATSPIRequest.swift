import CGio

/// One method call from an assistive technology, handed from the bus thread to the thread that
/// owns the tree. It holds GDBus's invocation, which must be answered exactly once: ``reply(_:)``
/// or ``fail(_:_:)`` consumes it (GDBus allows answering from any thread).
public final class ATSPIRequest: @unchecked Sendable {
    public let path: String
    public let interface: String
    public let method: String
    let arguments: DBusArguments
    private var invocation: OpaquePointer?

    init(path: String, interface: String, method: String, parameters: OpaquePointer?, invocation: OpaquePointer) {
        self.path = path; self.interface = interface; self.method = method
        arguments = DBusArguments(tuple: parameters.map { g_variant_ref($0) })
        self.invocation = invocation
    }

    deinit {
        if let t = arguments.tuple { g_variant_unref(t) }
        // Never left without an answer: a client would wait for its timeout.
        if invocation != nil { fail(ATSPIRequest.failed, "not answered") }
    }

    /// Answers with the method's out-arguments, a tuple (`()` for none).
    public func reply(_ values: [DBusValue]) {
        guard let inv = invocation else { return }
        invocation = nil
        g_dbus_method_invocation_return_value(inv, DBusValue.tuple(values).makeGVariant())
    }

    public func fail(_ name: String, _ message: String) {
        guard let inv = invocation else { return }
        invocation = nil
        g_dbus_method_invocation_return_dbus_error(inv, name, message)
    }

    static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
    static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    static let failed = "org.freedesktop.DBus.Error.Failed"
}
