#if canImport(Glibc)
import Glibc
#endif

/// A check of a compiled gettext catalogue (`.mo`) before glibc reads it. glibc trusts the file:
/// a string-table offset past the end makes `dgettext` read outside it (a crash at start-up), a
/// hash table with no empty slot makes a lookup loop forever, a plural rule dividing by zero
/// raises SIGFPE, and a FIFO in a catalogue's place blocks the first lookup. A catalogue that
/// passes every check here is one glibc reads within its bytes.
///
/// The format (GNU gettext manual, "The Format of GNU MO Files"): a magic number in either byte
/// order, a revision, the string count N, the offsets of the original and translated string
/// tables (N pairs of length and offset each), and a hash table's size and offset; each string
/// ends with a NUL byte. The translation of the empty string is the header, whose `Plural-Forms`
/// line names the number of forms and the rule that picks one.
///
/// ```swift
/// if let problem = MessageCatalogue.problem(atPath: path) { print("not used: \(problem)") }
/// ```
public enum MessageCatalogue {
    /// The largest catalogue read: far past any program's (the demo's are a few kilobytes; GNU
    /// coreutils' largest is about 300 KB).
    public static let sizeLimit = 16 << 20

    /// Why a catalogue cannot be used.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// Not a regular file (a FIFO, a device, a folder), or it could not be opened.
        case notARegularFile
        case tooLarge(bytes: Int)
        /// Shorter than its header, or not starting with the magic number.
        case notACatalogue
        case unsupportedRevision(UInt32)
        /// A table (originals, translations, hash) reaching past the end of the file.
        case tableOutsideFile(String)
        /// String `index` of a table reaching past the end, or not ending with a NUL byte.
        case stringOutsideFile(table: String, index: Int)
        /// A hash table lookups could loop in (no empty slot, a size that is not a prime) or
        /// naming a string that does not exist.
        case badHashTable
        /// A `Plural-Forms` header glibc could misread (its rule divides by a non-constant or by
        /// zero, or does not parse, or its count is not 1 to 100).
        case badPluralHeader(String)

        public var description: String {
            switch self {
            case .notARegularFile: return "not a regular file"
            case let .tooLarge(bytes): return "\(bytes) bytes, more than \(MessageCatalogue.sizeLimit)"
            case .notACatalogue: return "not a gettext catalogue"
            case let .unsupportedRevision(r): return "revision \(r >> 16).\(r & 0xFFFF) is not supported"
            case let .tableOutsideFile(table): return "its \(table) table reaches past the end of the file"
            case let .stringOutsideFile(table, index): return "\(table) string \(index) reaches past the end of the file"
            case .badHashTable: return "its hash table is damaged"
            case let .badPluralHeader(why): return "its plural rule \(why)"
            }
        }
    }

    /// Why the catalogue at `path` cannot be used; nil when it can. Never blocks: a FIFO or a
    /// device is refused from its `stat`, and the file is opened without waiting.
    public static func problem(atPath path: String) -> Problem? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return .notARegularFile }
        guard Int(st.st_size) <= sizeLimit else { return .tooLarge(bytes: Int(st.st_size)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .notARegularFile }
        defer { close(fd) }
        // Checked again on what was opened: the path could have been swapped in between.
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return .notARegularFile }
        guard Int(st.st_size) <= sizeLimit else { return .tooLarge(bytes: Int(st.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        // A file that shrank while it was read is checked as it was read.
        return problem(in: Array(bytes[..<got]))
    }

    /// Why the catalogue `bytes` cannot be used; nil when it can. O(size of the catalogue).
    public static func problem(in bytes: [UInt8]) -> Problem? {
        guard bytes.count <= sizeLimit else { return .tooLarge(bytes: bytes.count) }
        guard bytes.count >= 28 else { return .notACatalogue }
        let magic = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        let swapped: Bool
        switch magic {
        case 0x9504_12de: swapped = false
        case 0xde12_0495: swapped = true
        default: return .notACatalogue
        }
        func word(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let v = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            return Int(swapped ? v.byteSwapped : v)
        }
        let revision = UInt32(word(4)!)
        // Major revision 0 only; minor 1 adds system-dependent strings (<PRIu64>), which msgfmt
        // writes only for C format strings that use them: refused rather than checked.
        guard revision == 0 || (revision == 1 && (word(36).map { $0 == 0 } ?? true)) else { return .unsupportedRevision(revision) }
        let count = word(8)!, originals = word(12)!, translations = word(16)!
        let hashSize = word(20)!, hashOffset = word(24)!
        for (name, offset) in [("original", originals), ("translation", translations)] {
            guard count <= bytes.count / 8, offset % 4 == 0, offset >= 0, offset + count * 8 <= bytes.count else {
                return .tableOutsideFile(name)
            }
        }
        var header: (start: Int, length: Int)?
        for (name, table) in [("original", originals), ("translation", translations)] {
            for i in 0..<count {
                let length = word(table + 8 * i)!, offset = word(table + 8 * i + 4)!
                // glibc reads the string and the NUL after it.
                guard offset + length < bytes.count, bytes[offset + length] == 0 else {
                    return .stringOutsideFile(table: name, index: i)
                }
                if name == "original" && length == 0 && header == nil {
                    header = (word(translations + 8 * i + 4)!, word(translations + 8 * i)!)
                }
            }
        }
        if hashSize > 0 {
            // glibc probes with steps of 1 + hash % (size - 2) until an empty slot: a prime size
            // makes every step visit every slot, and an empty one ends the search.
            guard hashSize > 2, hashSize <= bytes.count / 4, hashOffset % 4 == 0, hashOffset >= 0,
                  hashOffset + hashSize * 4 <= bytes.count else { return .tableOutsideFile("hash") }
            guard isPrime(hashSize) else { return .badHashTable }
            var empty = false
            for i in 0..<hashSize {
                let entry = word(hashOffset + 4 * i)!
                if entry == 0 { empty = true } else if entry > count { return .badHashTable }
            }
            guard empty else { return .badHashTable }
        }
        if let header, header.start + header.length <= bytes.count {
            let text = String(decoding: bytes[header.start..<(header.start + header.length)], as: UTF8.self)
            if let why = pluralHeaderProblem(text) { return .badPluralHeader(why) }
        }
        return nil
    }

    private static func isPrime(_ n: Int) -> Bool {
        guard n >= 2 else { return false }
        var d = 2
        while d * d <= n {
            if n % d == 0 { return false }
            d += 1
        }
        return true
    }

    /// Why the header's `Plural-Forms` could be misread by glibc; nil when it is absent (glibc
    /// then uses English's rule) or sound. glibc looks for `plural=` and `nplurals=` anywhere in
    /// the header, as this does.
    public static func pluralHeaderProblem(_ header: String) -> String? {
        guard let pluralAt = header.range(of: "plural="), let countAt = header.range(of: "nplurals=") else { return nil }
        let digits = header[countAt.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isASCII && $0.isNumber }
        guard let n = Int(digits.prefix(4)), (1...100).contains(n) else { return "names a count of forms outside 1 to 100" }
        let rule = header[pluralAt.upperBound...].prefix { $0 != ";" && $0 != "\n" }
        guard rule.utf8.count <= 1000 else { return "is too long" }
        var parser = PluralRuleParser(Array(rule.utf8))
        do {
            try parser.parse()
        } catch let e as PluralRuleParser.Failure {
            return e.why
        } catch {
            return "does not parse"
        }
        return nil
    }
}

/// gettext's plural rules: C expressions of `n` with ?:, ||, &&, comparisons, + - * / % and !,
/// numbers and parentheses. Divisors must be positive constants, as every rule of every language
/// is (`n%10`, `n%100`): glibc raises SIGFPE on a division by zero.
struct PluralRuleParser {
    struct Failure: Error { var why: String }
    private let s: [UInt8]
    private var i = 0
    private var depth = 0

    init(_ s: [UInt8]) { self.s = s }

    mutating func parse() throws {
        _ = try conditional()
        skipSpace()
        guard i == s.count else { throw Failure(why: "does not parse") }
    }

    /// What a parsed expression is, as far as division cares: a constant's value, or not constant.
    private typealias Value = Int?

    private mutating func skipSpace() { while i < s.count, s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0A || s[i] == 0x0D { i += 1 } }
    private mutating func take(_ token: String) -> Bool {
        skipSpace()
        let t = Array(token.utf8)
        guard i + t.count <= s.count, Array(s[i..<(i + t.count)]) == t else { return false }
        // "<" is not the start of "<=", "=" never stands alone.
        if t.count == 1, i + 1 < s.count, (t[0] == 0x3C || t[0] == 0x3E || t[0] == 0x21), s[i + 1] == 0x3D { return false }
        i += t.count
        return true
    }

    private mutating func nested<T>(_ body: (inout PluralRuleParser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw Failure(why: "is nested too deeply") }
        return try body(&self)
    }

    private mutating func conditional() throws -> Value {
        try nested { p in
            let c = try p.binary(0)
            guard p.take("?") else { return c }
            _ = try p.conditional()
            guard p.take(":") else { throw Failure(why: "does not parse") }
            _ = try p.conditional()
            return nil
        }
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

    private mutating func binary(_ level: Int) throws -> Value {
        guard level < PluralRuleParser.levels.count else { return try unary() }
        var left = try binary(level + 1)
        while true {
            guard let op = PluralRuleParser.levels[level].first(where: { take($0) }) else { return left }
            let right = try binary(level + 1)
            if op == "/" || op == "%" {
                guard let d = right, d != 0 else { throw Failure(why: "divides by something that may be zero") }
            }
            left = nil
        }
    }

    private mutating func unary() throws -> Value {
        try nested { p in
            if p.take("!") { _ = try p.unary(); return nil }
            if p.take("(") {
                let v = try p.conditional()
                guard p.take(")") else { throw Failure(why: "does not parse") }
                return v
            }
            if p.take("n") { return nil }
            p.skipSpace()
            var value = 0, digits = 0
            while p.i < p.s.count, p.s[p.i] >= 0x30, p.s[p.i] <= 0x39 {
                value = value &* 10 &+ Int(p.s[p.i] - 0x30)
                digits += 1
                p.i += 1
            }
            guard digits > 0, digits <= 9 else { throw Failure(why: "does not parse") }
            return value
        }
    }
}
