import CGettext
#if canImport(Glibc)
import Glibc
#endif

/// A gettext text domain: the catalogue of one program's or library's translated words, found at
/// `<directory>/<language>/LC_MESSAGES/<name>.mo` (glibc's `dgettext` and `dngettext`). The
/// language is the process's, as every Linux program picks it: `LANGUAGE`, then `LC_ALL`,
/// `LC_MESSAGES` and `LANG`, once the program has called ``TextDomain/adoptEnvironmentLanguage()``.
/// Without a catalogue, or in the C locale, every message is its English original.
///
/// The engine's default words (``DragDropStrings``, ``AccessibilityStrings``,
/// ``TextFieldStrings``) come from ``collectionKit``; an app binds it to where its catalogues are
/// installed, or replaces the tables altogether.
///
/// ```swift
/// TextDomain.adoptEnvironmentLanguage()
/// TextDomain.collectionKit.bind(to: "/usr/share/locale")
/// let words = TextDomain("my-app")
/// words("Trash")                                  // "Papierkorb" under LANG=de_DE.UTF-8
/// words.plural("%@ item", "%@ items", 3)          // "%@ Elemente"
/// ```
public struct TextDomain: Sendable, Hashable {
    public let name: String

    public init(_ name: String) { self.name = name }

    /// The engine's own words.
    public static let collectionKit = TextDomain("collectionkit")

    /// The translation of `message` (its English original when there is none).
    public func callAsFunction(_ message: String) -> String {
        guard !message.isEmpty else { return message }
        // Without a translation gettext answers the pointer it was given: the C string must
        // outlive the copy, so it is made explicitly rather than for the call alone.
        return message.withCString { id in String(cString: dgettext(name, id)) }
    }

    /// The form of `singular`/`plural` the language's plural rule picks for `count` (Arabic has
    /// six, Japanese one); English originals when there is no translation.
    public func plural(_ singular: String, _ plural: String, _ count: Int) -> String {
        singular.withCString { one in
            plural.withCString { other in String(cString: dngettext(name, one, other, UInt(clamping: count.magnitude))) }
        }
    }

    /// `plural` with its `%@` filled by the count, written as the language writes numbers
    /// (``TextDomain/number(_:)``: "2,000 cards", "٢٬٠٠٠ بطاقة").
    public func count(_ singular: String, _ plural: String, _ count: Int) -> String {
        TextDomain.fill(self.plural(singular, plural, count), TextDomain.number(count))
    }

    /// Looks for this domain's catalogues under `directory` (`…/share/locale`), as UTF-8.
    public func bind(to directory: String) {
        bindtextdomain(name, directory)
        bind_textdomain_codeset(name, "UTF-8")
    }

    /// The catalogues of this domain under `directory` that gettext may read for `languages`
    /// (`["de_DE.UTF-8", "fr"]`: every folder of the same language, `de`, `de_DE`, `de_AT.utf8`…)
    /// and what is wrong with each that cannot be used. Nothing is opened that could block.
    public func catalogueProblems(in directory: String, languages: [String]) -> [(path: String, problem: MessageCatalogue.Problem)] {
        let codes = Set(languages.map { String($0.prefix { $0.isLetter }).lowercased() }.filter { !$0.isEmpty })
        guard !codes.isEmpty, let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var folders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let code = String(name.prefix { $0.isLetter }).lowercased()
            let rest = name.dropFirst(code.count)
            guard codes.contains(code), rest.isEmpty || rest.first == "_" || rest.first == "." || rest.first == "@" else { continue }
            folders.append(name)
        }
        var problems: [(String, MessageCatalogue.Problem)] = []
        for folder in folders.sorted() {
            let path = "\(directory)/\(folder)/LC_MESSAGES/\(name).mo"
            var st = stat()
            // Absent: gettext looks no further there. Anything else there is checked.
            guard lstat(path, &st) == 0 else { continue }
            if let problem = MessageCatalogue.problem(atPath: path) { problems.append((path, problem)) }
        }
        return problems
    }

    /// The languages gettext looks messages up in now: `LANGUAGE`'s list, then the messages
    /// locale's name; none in the C locale (where gettext reads no catalogue).
    public static var messageLanguages: [String] {
        guard let current = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }), current != "C", current != "POSIX",
              !current.hasPrefix("C.") else { return [] }
        let listed = getenv("LANGUAGE").map { String(cString: $0) }?.split(separator: ":").map(String.init) ?? []
        return listed.filter { !$0.isEmpty } + [current]
    }

    /// Binds this domain to `directory` when every catalogue gettext may read there for the
    /// current language passes ``MessageCatalogue``'s checks; otherwise binds nothing and
    /// returns the problems (the caller then speaks English: see ``speakEnglish()``).
    @discardableResult
    public func bindChecked(to directory: String) -> [(path: String, problem: MessageCatalogue.Problem)] {
        let problems = catalogueProblems(in: directory, languages: TextDomain.messageLanguages)
        if problems.isEmpty { bind(to: directory) }
        return problems
    }

    /// Messages in English from now on, whatever the environment says (the C messages locale, in
    /// which gettext reads no catalogue at all).
    public static func speakEnglish() {
        setlocale(LC_MESSAGES, "C")
    }

    /// Removes from the environment the language names that are paths: a `LANGUAGE` entry, or an
    /// `LC_*` or `LANG` value, with a `/` or `..` in it would make gettext read a catalogue from
    /// outside the program's folders (`LANGUAGE=../..`). Returns the variables changed, for a
    /// notice. Call it first of all, before any thread starts and before
    /// ``adoptEnvironmentLanguage()``.
    @discardableResult
    public static func removePathsFromLanguageVariables() -> [String] {
        func isPath(_ value: Substring) -> Bool { value.contains("/") || value.contains("..") }
        var changed: [String] = []
        if let language = getenv("LANGUAGE").map({ String(cString: $0) }) {
            let entries = language.split(separator: ":", omittingEmptySubsequences: false)
            let kept = entries.filter { !isPath($0) }
            if kept.count != entries.count {
                changed.append("LANGUAGE")
                if kept.allSatisfy(\.isEmpty) { unsetenv("LANGUAGE") } else { setenv("LANGUAGE", kept.joined(separator: ":"), 1) }
            }
        }
        var names: [String] = []
        var entry = environ
        while let pair = entry.pointee {
            let text = String(cString: pair)
            if let eq = text.firstIndex(of: "=") {
                let name = String(text[..<eq])
                if (name == "LANG" || name.hasPrefix("LC_")) && isPath(text[text.index(after: eq)...]) { names.append(name) }
            }
            entry += 1
        }
        for name in names { unsetenv(name) }
        return changed + names.sorted()
    }

    /// Takes the language from the environment, so catalogues are chosen by `LANGUAGE`, `LC_ALL`,
    /// `LC_MESSAGES` and `LANG`. Only that category changes: the character type stays the C
    /// locale's (X11 input methods and SDL follow LC_CTYPE, and ``bind(to:)`` asks gettext for
    /// UTF-8 whatever it says), and numbers that programs parse and print keep the C form. False
    /// when the environment names a locale this system does not have (every message stays English).
    @discardableResult
    public static func adoptEnvironmentLanguage() -> Bool {
        setlocale(LC_MESSAGES, "") != nil
    }

    /// The language messages are looked up in first ("de", "ja"), as gettext picks it: the first
    /// of `LANGUAGE`, else the messages locale's; nil in the C locale, where there are no translations.
    public static var language: String? {
        guard let current = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }), current != "C", current != "POSIX",
              !current.hasPrefix("C.") else { return nil }
        let preferred = getenv("LANGUAGE").map { String(cString: $0) }?.split(separator: ":").first.map(String.init)
        let id = preferred.flatMap { $0.isEmpty ? nil : $0 } ?? current
        return String(id.prefix { $0.isLetter }).lowercased()
    }

    /// `template` with each `%@` replaced by the next argument, each `%1$@`, `%2$@` … by that
    /// argument, and `%%` by `%`: the placeholders gettext checks in Objective-C format strings,
    /// which `msgfmt --check` verifies every translation keeps. (Foundation's `String(format:)`
    /// would need NSString bridging for `%@` and reads a missing argument as garbage; a
    /// translation with a wrong placeholder here shows it instead.)
    public static func fill(_ template: String, _ arguments: String...) -> String {
        fill(template, arguments: arguments)
    }

    /// ``fill(_:_:)`` with the arguments as an array.
    public static func fill(_ template: String, arguments: [String]) -> String {
        guard template.contains("%") else { return template }
        var out = "", next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("%") { out += "%"; rest = after.dropFirst(); continue }
            if after.hasPrefix("@") {
                out += next < arguments.count ? arguments[next] : "%@"
                next += 1; rest = after.dropFirst(); continue
            }
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let tail = after[digits.endIndex...]
            if let n = Int(digits), n >= 1, tail.hasPrefix("$@") {
                out += n <= arguments.count ? arguments[n - 1] : "%\(n)$@"
                rest = tail.dropFirst(2); continue
            }
            out += "%"; rest = after
        }
        return out + rest
    }
}
