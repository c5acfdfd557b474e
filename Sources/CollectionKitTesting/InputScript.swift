import CollectionKit

/// The `--replay` script format: one command a line, `#` starts a comment, coordinates in points.
///
/// ```
/// # Drag the list up, let it fling, then look.
/// down 200 400
/// move 200 150 120      # over 120 ms
/// up 200 150
/// wait 800
/// key ctrl+z
/// screenshot after-fling.png
/// ```
public enum ScriptCommand: Equatable, Sendable {
    /// Lets time pass, in milliseconds, before the next command.
    case wait(ms: Double)
    /// Presses a mouse button (left unless named) with modifiers held.
    case down(Point, MouseButton, Modifiers)
    /// Moves the pointer, at once or in even steps over the given milliseconds.
    case move(Point, overMS: Double?)
    /// Releases a mouse button, moving the pointer there first if it is elsewhere.
    case up(Point, MouseButton)
    /// Turns the wheel by precise deltas; `dy` > 0 scrolls toward the top.
    case wheel(dx: Double, dy: Double)
    /// Presses a key, written `key NAME` or `key MODS+NAME` (`key ctrl+z`).
    case key(Key, Modifiers)
    /// Types text; the rest of the line is taken verbatim, `#` included, or written in double
    /// quotes with `\"`, `\\`, `\n` and `\t` escapes (`text "two\nlines"`).
    case text(String)
    /// An input method's composition in progress, with its caret (in characters; the end when
    /// left out): `compose "にほ" 2`. `compose ""` ends it without text (cancelled).
    case compose(String, cursor: Int)
    /// The input method commits its composition as typed text: `commit`.
    case commitComposition
    /// Resizes the window, in points.
    case resize(Size)
    /// The window loses or gains focus: `focus lost`, `focus gained`.
    case focus(gained: Bool)
    /// The pointer leaves the window with no button held: `leave`.
    case leave
    /// Saves the current frame to a PNG file.
    case screenshot(path: String)
    /// Another program drops text or files at a point: `drop X Y text STRING` (the rest of the
    /// line verbatim, or quoted as for `text`) or `drop X Y file PATH [PATH...]` (paths without
    /// spaces, absolute or from the working directory).
    case drop(Point, DropPayload)
}

/// One parsed command with the line it came from, so errors and traces can point at it.
public struct ScriptLine: Equatable, Sendable {
    /// The 1-based line number in the script text.
    public var number: Int
    /// The command on that line.
    public var command: ScriptCommand
}

/// Why a script was rejected: the 1-based line and a message that names the expected form.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What was wrong, with the form the command expects.
    public var message: String
    /// Reads as `line N: message`.
    public var description: String { "line \(line): \(message)" }
}

/// Parses the input-script format, a plain-text way to write what a user does: one command a line
/// (see ``ScriptCommand``). Parsed lines are laid out in time by ``ScriptTimeline`` and played by
/// ``HeadlessDriver``, or replayed in a window.
///
/// ```swift
/// let lines = try InputScript.parse("""
///     down 100 300
///     move 100 100 150   # drag up over 150 ms
///     up 100 100
///     wait 600
///     """)
/// let timeline = ScriptTimeline(lines, fps: 60)
/// ```
public enum InputScript {
    /// A one-line summary of every command, for help texts and error messages.
    public static let usage = """
        wait MS | down X Y [left|right] [MODS] | move X Y [MS] | up X Y [left|right] | wheel DX DY | \
        key NAME | text STRING | text "STRING" | compose "STRING" [CURSOR] | commit | resize W H | \
        focus lost|gained | screenshot PATH
        """

    /// Parses a whole script; the first bad line throws, naming its number. Lines may end in LF
    /// or CRLF, and a UTF-8 byte-order mark at the start is skipped (editors on Windows write both).
    /// The script's total length in time is checked against `Limits.scriptDuration`, and every
    /// `resize W H` against `windowSizes` (an app passes its own limits, as its command line checks them;
    /// the default is the format's published range, `Limits.windowSize`).
    ///
    /// Blank lines and comments produce no entries; line numbers count them all. O(length of text).
    public static func parse(_ text: String, windowSizes: WindowSizeLimits = Limits.windowSize) throws -> [ScriptLine] {
        var lines: [ScriptLine] = []
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        var duration = 0.0
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let raws = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        for (i, raw) in raws.enumerated() {
            guard let cmd = try parseLine(String(raw), number: i + 1, windowSizes: windowSizes) else { continue }
            switch cmd {
            case let .wait(ms): duration += ms
            case let .move(_, ms?): duration += ms
            default: break
            }
            guard duration <= Limits.scriptDuration else {
                throw ScriptError(line: i + 1, message: "the script runs longer than \(Limits.format(Limits.scriptDuration)) ms (a day) by this line")
            }
            lines.append(ScriptLine(number: i + 1, command: cmd))
        }
        return lines
    }

    /// Parses one line; nil for blank and comment lines.
    ///
    /// Throws ``ScriptError`` for an unknown command, a wrong number of arguments, or an argument that
    /// is not valid (a non-numeric coordinate, a negative wait, a screenshot path not ending in `.png`).
    public static func parseLine(_ raw: String, number: Int, windowSizes: WindowSizeLimits = Limits.windowSize) throws -> ScriptCommand? {
        var line = Substring(raw)
        if line.last == "\r" { line = line.dropLast() }
        // A NUL or another control byte (tabs aside) is never part of a command: refuse it rather
        // than let a number stop reading at it.
        if let bad = line.unicodeScalars.first(where: { $0 != "\t" && $0.properties.generalCategory == .control }) {
            throw ScriptError(line: number, message: "control character \(Limits.printable(String(bad))) in the line; scripts are plain text")
        }
        // `text` keeps its argument verbatim (a `#` in typed text is text), so strip comments after the verb.
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.hasPrefix("text ") || trimmed == "text" {
            let arg = trimmed.dropFirst(4).drop(while: { $0 == " " })
            guard !arg.isEmpty else { throw ScriptError(line: number, message: "text needs a STRING") }
            if let quoted = try InputScript.quoted(arg.trimmingSpaces, line: number, verb: "text") {
                guard !quoted.isEmpty else { throw ScriptError(line: number, message: "text needs a STRING") }
                return .text(quoted)
            }
            return .text(String(arg))
        }
        if trimmed.hasPrefix("compose ") || trimmed == "compose" {
            let arg = trimmed.dropFirst(7).trimmingSpaces
            let form = "expected 'compose \"STRING\" [CURSOR]'"
            guard arg.first == "\"", let close = InputScript.closingQuote(arg) else { throw ScriptError(line: number, message: form) }
            guard let string = try InputScript.quoted(arg[...close], line: number, verb: "compose") else { throw ScriptError(line: number, message: form) }
            let rest = arg[arg.index(after: close)...].trimmingSpaces
            let body = rest.firstIndex(of: "#").map { rest[..<$0].trimmingSpaces } ?? rest
            guard body.isEmpty || Int(body) != nil else { throw ScriptError(line: number, message: form) }
            let cursor = Int(body) ?? string.count
            guard (0...string.count).contains(cursor) else {
                throw ScriptError(line: number, message: "compose: CURSOR must be from 0 to \(string.count)")
            }
            return .compose(string, cursor: cursor)
        }
        if trimmed.hasPrefix("drop ") || trimmed == "drop" {
            return try InputScript.parseDrop(trimmed.dropFirst(4), line: number)
        }
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let verb = words.first else { return nil }
        let args = Array(words.dropFirst())
        func fail(_ msg: String) -> ScriptError { ScriptError(line: number, message: msg) }
        func num(_ s: String, _ what: String, _ range: ClosedRange<Double> = Limits.coordinate, unit: String = " points") throws -> Double {
            do { return try Limits.number(s, "\(verb): \(what)", in: range, unit: unit) } catch let e as LimitError { throw fail(e.message) }
        }
        func arity(_ range: ClosedRange<Int>, _ form: String) throws {
            guard range.contains(args.count) else { throw fail("expected '\(form)', got '\(line.trimmingSpaces)'") }
        }
        func known(_ name: String) throws -> Key {
            let key = Key(name)
            guard key.isKnown else {
                throw fail("key: unknown key '\(name)' (SDL key names: a character, or Escape, Return, Space, Tab, Backspace, Delete, Left, Right, Up, Down, Home, End, PageUp, PageDown, F1 to F24, ...)")
            }
            return key
        }
        func button(_ s: String) throws -> MouseButton {
            switch s.lowercased() {
            case "left": return .left
            case "right": return .right
            case "middle": return .middle
            default: throw fail("\(verb): unknown button '\(s)' (left, right or middle)")
            }
        }
        switch verb.lowercased() {
        case "wait":
            try arity(1...1, "wait MS")
            return .wait(ms: try num(args[0], "MS", Limits.wait, unit: " ms"))
        case "down":
            try arity(2...4, "down X Y [left|right] [MODS]")
            let p = Point(x: try num(args[0], "X"), y: try num(args[1], "Y"))
            var b = MouseButton.left, mods: Modifiers = []
            for extra in args.dropFirst(2) {
                if let m = Modifiers(parsing: extra) { mods.formUnion(m) } else { b = try button(extra) }
            }
            return .down(p, b, mods)
        case "move":
            try arity(2...3, "move X Y [MS]")
            let p = Point(x: try num(args[0], "X"), y: try num(args[1], "Y"))
            let ms = args.count == 3 ? try num(args[2], "MS", Limits.moveDuration, unit: " ms") : nil
            return .move(p, overMS: ms)
        case "up":
            try arity(2...3, "up X Y [left|right]")
            let p = Point(x: try num(args[0], "X"), y: try num(args[1], "Y"))
            return .up(p, args.count == 3 ? try button(args[2]) : .left)
        case "wheel":
            try arity(2...2, "wheel DX DY")
            return .wheel(dx: try num(args[0], "DX", Limits.wheelDelta, unit: ""), dy: try num(args[1], "DY", Limits.wheelDelta, unit: ""))
        case "key":
            try arity(1...1, "key NAME")
            // "ctrl+z": everything before the last '+' is modifiers; "+" alone is the plus key.
            let spec = args[0]
            if let plus = spec.lastIndex(of: "+"), plus != spec.startIndex, spec.index(after: plus) != spec.endIndex {
                guard let mods = Modifiers(parsing: String(spec[..<plus])) else {
                    throw fail("key: unknown modifiers in '\(spec)' (shift, ctrl, alt)")
                }
                return .key(try known(String(spec[spec.index(after: plus)...])), mods)
            }
            return .key(try known(spec), [])
        case "resize":
            try arity(2...2, "resize W H")
            do { return .resize(try Limits.windowSize(args[0], args[1], within: windowSizes)) } catch let e as LimitError { throw fail(e.message) }
        case "focus":
            try arity(1...1, "focus lost|gained")
            switch args[0].lowercased() {
            case "lost": return .focus(gained: false)
            case "gained": return .focus(gained: true)
            default: throw fail("focus: expected 'lost' or 'gained', got '\(args[0])'")
            }
        case "commit":
            try arity(0...0, "commit")
            return .commitComposition
        case "leave":
            try arity(0...0, "leave")
            return .leave
        case "screenshot":
            try arity(1...1, "screenshot PATH")
            guard args[0].lowercased().hasSuffix(".png") else { throw fail("screenshot: PATH must end in .png") }
            return .screenshot(path: args[0])
        default:
            throw fail("unknown command '\(verb)' (commands: wait, down, move, up, wheel, key, text, compose, commit, resize, focus, leave, screenshot, drop)")
        }
    }
}

extension InputScript {
    /// `X Y text STRING` or `X Y file PATH [PATH...]`, after the verb `drop`.
    static func parseDrop(_ rest: Substring, line: Int) throws -> ScriptCommand {
        let form = "expected 'drop X Y text STRING' or 'drop X Y file PATH [PATH...]'"
        var words = rest.split(maxSplits: 3, whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 4 else { throw ScriptError(line: line, message: form) }
        func coordinate(_ s: Substring, _ what: String) throws -> Double {
            do { return try Limits.number(String(s), "drop: \(what)", in: Limits.coordinate, unit: " points") } catch let e as LimitError {
                throw ScriptError(line: line, message: e.message)
            }
        }
        let p = Point(x: try coordinate(words[0], "X"), y: try coordinate(words[1], "Y"))
        let kind = words[2].lowercased(), body = words.removeLast().trimmingSpaces
        switch kind {
        case "text":
            let text = try quoted(body, line: line, verb: "drop") ?? String(body)
            guard !text.isEmpty else { throw ScriptError(line: line, message: "drop: text needs a STRING") }
            return .drop(p, DropPayload(text: text))
        case "file":
            let uncommented = body.firstIndex(of: "#").map { body[..<$0] } ?? body
            let paths = uncommented.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !paths.isEmpty else { throw ScriptError(line: line, message: "drop: file needs a PATH") }
            return .drop(p, DropPayload(files: paths))
        default:
            throw ScriptError(line: line, message: "drop: '\(words[2])' is neither text nor file; \(form)")
        }
    }

    /// The index of the quote that closes the one `s` starts with (a backslash escapes one).
    static func closingQuote(_ s: Substring) -> String.Index? {
        var i = s.index(after: s.startIndex)
        while i < s.endIndex {
            if s[i] == "\\" { i = s.index(after: i); if i < s.endIndex { i = s.index(after: i) }; continue }
            if s[i] == "\"" { return i }
            i = s.index(after: i)
        }
        return nil
    }

    /// The string a double-quoted argument says; nil when `s` is not one quoted string.
    static func quoted(_ s: Substring, line: Int, verb: String) throws -> String? {
        guard s.count >= 2, s.first == "\"", let close = closingQuote(s), s.index(after: close) == s.endIndex else { return nil }
        var out = "", escaped = false
        for c in s.dropFirst().dropLast() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"", "\\": out.append(c)
                default: throw ScriptError(line: line, message: "\(verb): unknown escape '\\\(c)' (\\\", \\\\, \\n, \\t)")
                }
                escaped = false
            } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }

    /// `s` in double quotes with its quotes, backslashes and line breaks escaped.
    static func quoting(_ s: String) -> String {
        var out = "\""
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }
}
