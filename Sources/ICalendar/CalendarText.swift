import Foundation

/// A calendar file's bytes with the place of every component in them, so that a change replaces
/// only the bytes of the components it changes (RFC 5545 text, which libical would re-serialize
/// whole: re-folded, reordered, line ends made CRLF). Everything outside those ranges, a byte
/// order mark, comments between components, trailing data, stays as it was.
///
/// Components are those directly inside a `VCALENDAR`, in file order; nesting follows BEGIN and
/// END lines as the reader does (any END closes the innermost open component). A component
/// begins at the first byte of its BEGIN line and ends after its END line's line end.
struct CalendarText {
    struct Component {
        /// The component's name in capitals (`VEVENT`, `VTIMEZONE`).
        var name: String
        var range: Range<Int>
        /// UID and RECURRENCE-ID values as written, unfolded, without surrounding spaces.
        var uid: String?
        var recurrenceID: String?
    }

    private(set) var bytes: [UInt8]
    private(set) var components: [Component] = []
    /// Where each `END:VCALENDAR` line begins: new components go before it.
    private(set) var calendarEnds: [Int] = []
    /// The file's line end, from its first line (CRLF, as RFC 5545 asks, when it has none).
    private(set) var lineEnd: [UInt8] = [0x0D, 0x0A]
    /// Whether the file starts with a UTF-8 byte order mark.
    private(set) var hasBOM = false

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(_ data: Data) { self.init(bytes: [UInt8](data)) }

    /// `identities: false` skips reading UIDs and RECURRENCE-IDs (the reader needs only ranges).
    init(bytes: [UInt8], identities: Bool = true) {
        self.bytes = bytes
        scan(identities: identities)
    }

    func text(of c: Component) -> String { String(decoding: bytes[c.range], as: UTF8.self) }
    func bytes(of c: Component) -> ArraySlice<UInt8> { bytes[c.range] }

    /// The VEVENTs, in file order (the order libical keeps them in a parsed calendar).
    var events: [Component] { components.filter { $0.name == "VEVENT" } }

    /// A component's revision: a hash of its bytes, so a change of any byte shows.
    static func revision(of bytes: ArraySlice<UInt8>) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return String(h, radix: 16)
    }
    func revision(of c: Component) -> String { Self.revision(of: bytes[c.range]) }

    // MARK: Scanning

    private mutating func scan(identities: Bool) {
        var i = 0
        if bytes.starts(with: Self.bom) { hasBOM = true; i = 3 }
        if let nl = bytes.firstIndex(of: 0x0A) { lineEnd = nl > 0 && bytes[nl - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A] }
        var open: [String] = []
        var current: Component?
        while i < bytes.count {
            let start = i
            let end = lineEnd(after: i)
            i = end
            // Continuation lines belong to the line before; only a line's first physical line is looked at.
            guard bytes[start] != 0x20, bytes[start] != 0x09 else { continue }
            if hasPrefix("BEGIN:", at: start) {
                let name = word(from: start + 6)
                open.append(name)
                if open.count == 2, open[0] == "VCALENDAR" {
                    current = Component(name: name, range: start..<start)
                }
            } else if hasPrefix("END:", at: start), !open.isEmpty {
                if open.count == 2, var c = current {
                    c.range = c.range.lowerBound..<end
                    components.append(c)
                    current = nil
                } else if open.count == 1, open[0] == "VCALENDAR" {
                    calendarEnds.append(start)
                }
                open.removeLast()
            } else if identities, open.count == 2, current != nil {
                if hasPrefix("UID", at: start), isNameEnd(start + 3) {
                    current!.uid = value(from: start)
                } else if hasPrefix("RECURRENCE-ID", at: start), isNameEnd(start + 13) {
                    current!.recurrenceID = value(from: start)
                }
            }
        }
        // A file cut short inside a component: the component runs to the end.
        if var c = current {
            c.range = c.range.lowerBound..<bytes.count
            components.append(c)
        }
    }

    /// The index after the line end of the physical line starting at `i`.
    private func lineEnd(after i: Int) -> Int {
        var j = i
        while j < bytes.count, bytes[j] != 0x0A { j += 1 }
        return min(j + 1, bytes.count)
    }

    /// ASCII case-insensitive, as iCalendar names are.
    private func hasPrefix(_ prefix: String, at i: Int) -> Bool {
        var j = i
        for p in prefix.utf8 {
            guard j < bytes.count else { return false }
            var b = bytes[j]
            if b >= 0x61 && b <= 0x7A { b -= 0x20 }
            if b != p { return false }
            j += 1
        }
        return true
    }

    private func isNameEnd(_ i: Int) -> Bool { i < bytes.count && (bytes[i] == 0x3A || bytes[i] == 0x3B) }

    /// The rest of the physical line from `i`, capitals, without its line end and spaces.
    private func word(from i: Int) -> String {
        var a = i, j = i
        while j < bytes.count, bytes[j] != 0x0D, bytes[j] != 0x0A { j += 1 }
        while a < j, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while j > a, bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09 { j -= 1 }
        return String(decoding: bytes[a..<j].map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// The value of the content line starting at `i`, unfolded: what follows the first colon
    /// outside a quoted parameter.
    private func value(from i: Int) -> String {
        var line: [UInt8] = []
        var j = i
        repeat {
            let end = lineEnd(after: j)
            var stop = end
            while stop > j, bytes[stop - 1] == 0x0A || bytes[stop - 1] == 0x0D { stop -= 1 }
            line += bytes[(j == i ? j : j + 1)..<max(stop, j == i ? j : j + 1)]
            j = end
        } while j < bytes.count && (bytes[j] == 0x20 || bytes[j] == 0x09)
        var quoted = false
        for (k, b) in line.enumerated() {
            if b == 0x22 { quoted.toggle() }
            if b == 0x3A, !quoted {
                return ICalendarSource.trimmedSpaces(String(decoding: line[(k + 1)...], as: UTF8.self))
            }
        }
        return ""
    }

    // MARK: Splicing

    /// One change to the bytes: `range` replaced by `bytes` (an empty range inserts).
    struct Splice {
        var range: Range<Int>
        var bytes: [UInt8]
    }

    /// The file with `splices` made; they must not overlap. Insertions at one place keep the
    /// order they are given in.
    func spliced(_ splices: [Splice]) -> [UInt8] {
        var out = bytes
        let ordered = splices.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
        for (_, s) in ordered { out.replaceSubrange(s.range, with: s.bytes) }
        return out
    }

    /// `text` with its line ends made the file's (libical writes CRLF).
    func inFileLineEnds(_ text: String) -> [UInt8] { Self.withLineEnds(Array(text.utf8), lineEnd) }

    static func withLineEnds(_ text: [UInt8], _ lineEnd: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            if text[i] == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A {
                out += lineEnd; i += 2
            } else if text[i] == 0x0A {
                out += lineEnd; i += 1
            } else {
                out.append(text[i]); i += 1
            }
        }
        return out
    }

    /// The line end a component's own lines use (a file may mix them).
    static func lineEnd(of text: ArraySlice<UInt8>) -> [UInt8] {
        guard let nl = text.firstIndex(of: 0x0A) else { return [0x0D, 0x0A] }
        return nl > text.startIndex && text[nl - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// A component's bytes in the form an edit carries them (Swift strings hold only UTF-8): as
    /// they are; unfolded, when a fold splits a character (RFC 5545 allows it; the changed
    /// component is then written unfolded); or why it cannot be changed without changing bytes
    /// no one asked to change.
    static func editable(_ bytes: ArraySlice<UInt8>) -> Result<ArraySlice<UInt8>, EditFailure> {
        if String(validating: bytes, as: UTF8.self) != nil { return .success(bytes) }
        let flat = unfolded(bytes)
        if String(validating: flat, as: UTF8.self) != nil { return .success(flat[...]) }
        return .failure(EditFailure("the event holds bytes that are not UTF-8 text; changing it here would change them (fix its text in a text editor first)"))
    }

    /// Unfolded, with LF line ends: two texts equal here say the same, however folded.
    static func unfolded(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let b = text[i]
            if b == 0x0D, i + 1 < text.endIndex, text[i + 1] == 0x0A { i += 1; continue }
            if b == 0x0A {
                if i + 1 < text.endIndex, text[i + 1] == 0x20 || text[i + 1] == 0x09 { i += 2; continue }
                out.append(0x0A); i += 1; continue
            }
            out.append(b); i += 1
        }
        return out
    }
}
