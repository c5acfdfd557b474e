import CGio

/// A D-Bus value as plain Swift data, turned into a GLib `GVariant` only when it is sent. GLib's
/// own constructor (`g_variant_new`) is variadic and cannot be called from Swift; this builds the
/// same values from GLib's one-type constructors.
public indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case int32(Int32)
    case uint32(UInt32)
    case int16(Int16)
    case double(Double)
    case bool(Bool)
    case tuple([DBusValue])
    /// An array; the element type is spelled out ("(so)") so an empty array has one.
    case array(elementType: String, [DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)

    /// An AT-SPI object reference: the bus name of its application and its path, `(so)`.
    public static func reference(_ bus: String, _ path: String) -> DBusValue { .tuple([.string(bus), .objectPath(path)]) }

    /// A string-to-string dictionary, `a{ss}` (AT-SPI's attributes).
    public static func stringDictionary(_ pairs: [(String, String)]) -> DBusValue {
        .array(elementType: "{ss}", pairs.map { .dictEntry(.string($0.0), .string($0.1)) })
    }

    /// A string-to-variant dictionary, `a{sv}` (properties).
    public static func variantDictionary(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .array(elementType: "{sv}", pairs.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// The D-Bus type signature ("(so)", "a{ss}").
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int32: "i"
        case .uint32: "u"
        case .int16: "n"
        case .double: "d"
        case .bool: "b"
        case let .tuple(items): "(" + items.map(\.signature).joined() + ")"
        case let .array(type, _): "a" + type
        case let .dictEntry(k, v): "{" + k.signature + v.signature + "}"
        case .variant: "v"
        }
    }

    /// A new floating `GVariant`: the GLib call it is passed to takes ownership.
    public func makeGVariant() -> OpaquePointer {
        switch self {
        case let .string(s): return g_variant_new_string(s)
        case let .objectPath(p):
            // An invalid path would make GLib abort; the adapter only makes valid ones, but a
            // wrong one is sent as "no object" rather than crash the program.
            return g_variant_is_object_path(p) != 0 ? g_variant_new_object_path(p) : g_variant_new_object_path(ATSPIObjectPath.null)
        case let .int32(n): return g_variant_new_int32(n)
        case let .uint32(n): return g_variant_new_uint32(n)
        case let .int16(n): return g_variant_new_int16(n)
        case let .double(d): return g_variant_new_double(d)
        case let .bool(b): return g_variant_new_boolean(b ? 1 : 0)
        case let .tuple(items):
            let children: [OpaquePointer?] = items.map { $0.makeGVariant() }
            return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case let .array(type, items):
            let children: [OpaquePointer?] = items.map { $0.makeGVariant() }
            let elementType = g_variant_type_new(type)
            defer { g_variant_type_free(elementType) }
            return children.withUnsafeBufferPointer { g_variant_new_array(elementType, $0.baseAddress, gsize($0.count)) }
        case let .dictEntry(k, v): return g_variant_new_dict_entry(k.makeGVariant(), v.makeGVariant())
        case let .variant(v): return g_variant_new_variant(v.makeGVariant())
        }
    }

    /// GLib's text form of the value (`('name', 3)`), for tests and messages.
    public var printed: String {
        let v = g_variant_ref_sink(makeGVariant())
        defer { g_variant_unref(v) }
        let text = g_variant_print(v, 1)
        defer { g_free(text) }
        return text.map { String(cString: $0) } ?? ""
    }
}

/// Reading a method call's arguments from its `GVariant` tuple. A wrong type reads as nil (GDBus
/// has already checked each call against the interface's signature).
struct DBusArguments {
    let tuple: OpaquePointer?

    var count: Int { tuple.map { Int(g_variant_n_children($0)) } ?? 0 }

    private func child<T>(_ i: Int, _ type: String, _ read: (OpaquePointer) -> T) -> T? {
        guard let tuple, i < count else { return nil }
        let v = g_variant_get_child_value(tuple, gsize(i))!
        defer { g_variant_unref(v) }
        guard String(cString: g_variant_get_type_string(v)) == type else { return nil }
        return read(v)
    }

    func int32(_ i: Int) -> Int32? { child(i, "i") { g_variant_get_int32($0) } }
    func uint32(_ i: Int) -> UInt32? { child(i, "u") { g_variant_get_uint32($0) } }
    func string(_ i: Int) -> String? { child(i, "s") { String(cString: g_variant_get_string($0, nil)) } }
    func bool(_ i: Int) -> Bool? { child(i, "b") { g_variant_get_boolean($0) != 0 } }
    /// The int32 inside a variant argument (`Properties.Set`'s value).
    func variantInt32(_ i: Int) -> Int32? {
        guard let tuple, i < count else { return nil }
        let v = g_variant_get_child_value(tuple, gsize(i))!
        defer { g_variant_unref(v) }
        guard String(cString: g_variant_get_type_string(v)) == "v", let inner = g_variant_get_variant(v) else { return nil }
        defer { g_variant_unref(inner) }
        return String(cString: g_variant_get_type_string(inner)) == "i" ? g_variant_get_int32(inner) : nil
    }
}
