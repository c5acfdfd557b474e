import CGio
import Foundation

/// Shows files in the desktop's file manager, selected in their folder, through the freedesktop
/// `org.freedesktop.FileManager1` D-Bus interface (`ShowItems(as uris, s startupId)` on the
/// session bus), as Nautilus, Dolphin, Nemo and Thunar offer it and as Loupe's "Show in Files"
/// calls it. The bus may start the file manager for the call (D-Bus activation).
///
/// ```swift
/// try FileManagerItems.show(["file:///home/me/Pictures/a.jpg"])   // throws when none answers
/// ```
public enum FileManagerItems {
    public static let name = "org.freedesktop.FileManager1"
    public static let path = "/org/freedesktop/FileManager1"

    /// Why no file manager showed the files: no session bus, or none answered (the bus's own
    /// words, such as "The name org.freedesktop.FileManager1 was not provided by any .service files").
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Asks the file manager to show `uris` (`file://` URIs) selected; blocks until it answers,
    /// at most `timeout` seconds. Call it off the thread that draws.
    public static func show(_ uris: [String], startupID: String = "", timeout: Double = 10) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw Failure(description: message(error)) }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let args = DBusValue.tuple([.array(elementType: "s", uris.map { .string($0) }), .string(startupID)])
        guard let reply = g_dbus_connection_call_sync(bus, name, path, name, "ShowItems", args.makeGVariant(), nil,
                                                      G_DBUS_CALL_FLAGS_NONE, Int32(timeout * 1000), nil, &error) else {
            throw Failure(description: message(error))
        }
        g_variant_unref(reply)
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        guard let error else { return "unknown error" }
        // GDBus prefixes the remote error's name ("GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: ...").
        var text = String(cString: error.pointee.message)
        if text.hasPrefix("GDBus.Error:"), let colon = text.dropFirst(12).firstIndex(of: ":") {
            text = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
