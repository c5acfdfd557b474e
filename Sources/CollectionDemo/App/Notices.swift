/// Text from outside (a path handed over by another program, a file name) as notices show it:
/// bounded in length, so a 10 MB path is a line, not a window that stops answering while it is
/// drawn, and with what cannot be shown escaped, so a file name that is not UTF-8 still names
/// its file.
public enum Notices {
    /// The most characters of one notice line; longer ones end with "…".
    public static let lineLimit = 400
    /// The most characters of a path inside a notice: its start and its end, "…" between.
    public static let pathLimit = 160

    /// `text` cut to ``lineLimit`` characters, on one line (control characters, a newline in a
    /// file name among them, as `\xNN`). O(the limit), whatever the text's length.
    public static func bounded(_ text: String) -> String {
        guard text.utf8.count > lineLimit else { return escaped(text) }
        let head = text.prefix(lineLimit)
        return head.endIndex == text.endIndex ? escaped(text) : escaped(String(head)) + "…"
    }

    /// A path for a notice: control characters and bytes that are not UTF-8 as `\xNN`, and a
    /// path longer than ``pathLimit`` shown as its start and its end. O(the limit).
    public static func shownPath(_ path: String) -> String {
        let cut: String
        if path.utf8.count > pathLimit, path.count > pathLimit {
            cut = String(path.prefix(pathLimit / 2 - 1)) + "…" + String(path.suffix(pathLimit / 2))
        } else {
            cut = path
        }
        return escaped(cut)
    }

    /// A file name or path given as its bytes (as the system has it): UTF-8 where it is, each
    /// byte that is not as `\xNN`.
    public static func shownPath(bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            // The longest valid UTF-8 sequence here, else one escaped byte.
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xC2 && b < 0xE0 ? 2 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xF0 && b < 0xF5 ? 4 : 0
            if length > 0, i + length <= bytes.count,
               let s = String(validating: bytes[i..<(i + length)], as: UTF8.self), s.unicodeScalars.count == 1 {
                out += s
                i += length
            } else {
                out += hex(b)
                i += 1
            }
        }
        return shownPath(out)
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// Control characters (a newline in a name would break the line) as `\xNN`.
    private static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            if u.value < 0x20 || u.value == 0x7F { out += hex(UInt8(u.value)) } else if u.value >= 0x80 && u.value < 0xA0 {
                out += "\\u{" + String(u.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
