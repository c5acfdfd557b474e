import CSDL2
import CollectionKit
import Glibc

/// Collects SDL's drop events (`SDL_DROPBEGIN`, then one `SDL_DROPFILE` per file or one
/// `SDL_DROPTEXT` per line of text, then `SDL_DROPCOMPLETE`) into one ``InputEvent/drop(_:at:)``.
///
/// What SDL 2 gives on X11: nothing while another program's drag passes over the window (SDL
/// answers the XDND position messages itself, accepting, and reports no event), then every event
/// of the drop at once when the user releases. The source holds the pointer grab during the drag,
/// so the window's last pointer position is stale; the drop's position is read from the pointer
/// itself at that moment (`SDL_GetGlobalMouseState`, less the window's position). SDL reads only
/// `text/uri-list` (local files; other URIs are left out) and `text/plain`, split at line breaks
/// with the blank lines gone.
struct ExternalDropReader {
    private var text: [String] = []
    private var files: [String] = []
    private var reading = false

    /// Whether `e` is one of SDL's drop events (which `read` takes).
    static func isDrop(_ e: SDL_Event) -> Bool {
        switch SDL_EventType(e.type) {
        case SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPCOMPLETE: return true
        default: return false
        }
    }

    /// Takes one drop event; at `SDL_DROPCOMPLETE` returns the whole drop at the pointer, in
    /// window pixels (the caller turns them into points). Frees the string SDL hands over.
    mutating func read(_ e: SDL_Event, window: OpaquePointer) -> InputEvent? {
        switch SDL_EventType(e.type) {
        case SDL_DROPBEGIN:
            text = []; files = []; reading = true
        case SDL_DROPFILE, SDL_DROPTEXT:
            guard let raw = e.drop.file else { return nil }
            // A file's name is its bytes, UTF-8 or not (`FileSystemName`): a picture named in
            // Latin-1 is dropped as the file it is.
            let value = e.type == SDL_DROPFILE.rawValue ? ExternalDropReader.fileName(raw) : String(cString: raw)
            SDL_free(raw)
            if e.type == SDL_DROPFILE.rawValue { files.append(value) } else { text.append(value) }
            reading = true
        case SDL_DROPCOMPLETE:
            guard reading else { return nil }
            defer { text = []; files = []; reading = false }
            let payload = DropPayload(text: text.isEmpty ? nil : text.joined(separator: "\n"), files: files)
            return .drop(payload, at: ExternalDropReader.pointer(in: window))
        default:
            break
        }
        return nil
    }

    /// The path SDL gives for a dropped file (the URI's escapes already undone), as
    /// `FileSystemName` holds it.
    static func fileName(_ raw: UnsafePointer<CChar>) -> String {
        FileSystemName.string(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
    }

    /// Where the pointer is now, in the window's pixels: from the pointer itself where the
    /// window system can say (X11), else SDL's last known position in the window.
    static func pointer(in window: OpaquePointer) -> Point {
        var x: Int32 = 0, y: Int32 = 0
        if let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" {
            var wx: Int32 = 0, wy: Int32 = 0
            _ = SDL_GetGlobalMouseState(&x, &y)
            SDL_GetWindowPosition(window, &wx, &wy)
            return Point(x: Double(x - wx), y: Double(y - wy))
        }
        _ = SDL_GetMouseState(&x, &y)
        return Point(x: Double(x), y: Double(y))
    }
}
