import Foundation

/// A JSON value whose objects keep their key order, so dumps read in the documented order.
///
/// State dumps and statistics are built as values of this type and serialised with
/// ``serialized(pretty:)``; tests parse them back with ``parse(_:)`` and read fields with the
/// subscripts. Numbers are doubles; whole numbers are written without a fraction.
///
/// ```swift
/// let dump: JSON = .object([("name", .string("grid")), ("offset", .point(Point(x: 0, y: 120)))])
/// let text = dump.serialized()
/// let back = try JSON.parse(text)
/// back["offset"]?["y"]?.doubleValue   // 120
/// ```
///
/// Not `indirect`: arrays and objects already hold their elements out of line, and a scalar kept
/// inline costs 16 bytes where a boxed one cost a heap block (a dump of ten million cards held
/// 3 GB of boxes).
public enum JSON: Equatable, Sendable {
    /// The JSON `null`. Non-finite numbers are also written as `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number. Whole numbers below 10¹⁵ are written as integers, others with at most three decimals.
    case number(Double)
    /// A string, escaped as JSON requires when written.
    case string(String)
    /// An ordered list of values.
    case array([JSON])
    /// Key-value pairs in the order given; the order is kept when written and compared.
    case object([(String, JSON)])

    /// Structural equality; objects are equal only with the same pairs in the same order.
    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A rect as the array `[x, y, width, height]`.
    public static func rect(_ r: Rect) -> JSON { .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)]) }
    /// A point as the object `{"x": …, "y": …}`.
    public static func point(_ p: Point) -> JSON { .object([("x", .number(p.x)), ("y", .number(p.y))]) }
    /// A size as the object `{"width": …, "height": …}`.
    public static func size(_ s: Size) -> JSON { .object([("width", .number(s.width)), ("height", .number(s.height))]) }
    /// An integer as a number.
    public static func int(_ i: Int) -> JSON { .number(Double(i)) }
    /// An array of strings.
    public static func strings(_ s: [String]) -> JSON { .array(s.map { .string($0) }) }

    /// The value for `key` if this is an object that has it, else nil. Linear in the number of keys;
    /// the first pair with the key wins.
    public subscript(key: String) -> JSON? {
        if case let .object(pairs) = self { return pairs.first(where: { $0.0 == key })?.1 }
        return nil
    }
    /// The element at `index` if this is an array and the index is in range, else nil.
    public subscript(index: Int) -> JSON? {
        if case let .array(items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }
    /// The string, if this is a string.
    public var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    /// The number, if this is a number.
    public var doubleValue: Double? { if case let .number(d) = self { return d }; return nil }
    /// The Boolean, if this is a Boolean.
    public var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
    /// The elements, if this is an array.
    public var arrayValue: [JSON]? { if case let .array(a) = self { return a }; return nil }

    /// Serialises the value as JSON text.
    ///
    /// With `pretty` false everything is on one line. Pretty output puts each key of an object on its
    /// own indented line and each element of an array of objects on its own line; arrays of scalars
    /// stay on one line so frames and points remain readable.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    /// ``serialized(pretty:)`` followed by a newline, as a file's last line: built in one string,
    /// where `serialized() + "\n"` copies a dump of hundreds of megabytes once more.
    public func serializedLine(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(d):
            if d.isNaN || d.isInfinite { out += "null" }
            else if d == d.rounded(), abs(d) < 1e15 { out += String(Int64(d)) }
            else { out += String((d * 1000).rounded() / 1000) }
        case let .string(s): JSON.writeString(s, into: &out)
        case let .array(items):
            // Arrays of scalars stay on one line; arrays of objects get one per line.
            let nested = indent != nil && items.contains { if case .object = $0 { return true }; return false }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if nested, let n = indent { out += "\n" + String(repeating: "  ", count: n + 1) }
                item.write(into: &out, indent: nested ? indent.map { $0 + 1 } : nil)
            }
            if nested, let n = indent, !items.isEmpty { out += "\n" + String(repeating: "  ", count: n) }
            out += "]"
        case let .object(pairs):
            out += "{"
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out += "," }
                if let n = indent { out += "\n" + String(repeating: "  ", count: n + 1) }
                JSON.writeString(k, into: &out)
                out += indent == nil ? ":" : ": "
                v.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if let n = indent, !pairs.isEmpty { out += "\n" + String(repeating: "  ", count: n) }
            out += "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        out += "\""
    }

    /// Parses JSON text (tests read dumps back with it). Throws `JSONParseError` on malformed input.
    public static func parse(_ text: String) throws -> JSON {
        var p = JSONParser(bytes: Array(text.utf8))
        let v = try p.value()
        p.skipSpace()
        guard p.i == p.bytes.count else { throw JSONParseError(offset: p.i, reason: "trailing characters") }
        return v
    }
}

/// Why ``JSON/parse(_:)`` rejected its input, and where.
public struct JSONParseError: Error, CustomStringConvertible {
    /// The byte offset in the UTF-8 text where parsing failed.
    public let offset: Int
    /// What the parser expected or found, such as `"expected ',' or '}'"`.
    public let reason: String
    /// Reads as `JSON: <reason> at byte <offset>`.
    public var description: String { "JSON: \(reason) at byte \(offset)" }
}

private struct JSONParser {
    let bytes: [UInt8]
    var i = 0

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }
    func fail(_ why: String) -> JSONParseError { JSONParseError(offset: i, reason: why) }

    mutating func literal(_ word: String, _ v: JSON) throws -> JSON {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("expected \(word)") }
        i += w.count
        return v
    }

    mutating func value() throws -> JSON {
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(String, JSON)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard case let .string(k) = try value() else { throw fail("expected a key") }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                pairs.append((k, try value()))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value())
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            i += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
            while i < bytes.count {
                let b = bytes[i]; i += 1
                if b == UInt8(ascii: "\"") { flush(); return .string(String(scalars)) }
                if b == UInt8(ascii: "\\") {
                    guard i < bytes.count else { break }
                    let e = bytes[i]; i += 1
                    switch e {
                    case UInt8(ascii: "n"): raw.append(0x0A)
                    case UInt8(ascii: "t"): raw.append(0x09)
                    case UInt8(ascii: "r"): raw.append(0x0D)
                    case UInt8(ascii: "b"): raw.append(0x08)
                    case UInt8(ascii: "f"): raw.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
                        else { throw fail("bad \\u escape") }
                        i += 4
                        flush()
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: raw.append(e)
                    }
                } else {
                    raw.append(b)
                }
            }
            throw fail("unterminated string")
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw fail("bad value") }
            return .number(d)
        }
    }
}
