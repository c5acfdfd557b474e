import CollectionKit
import Foundation

/// The demo's words: the "collection-demo" text domain (gettext catalogues compiled from `po/`),
/// in the language the environment names. `tr` and `trn` are the calls `xgettext` extracts
/// (scripts/translations.sh); scripts/check-strings.py fails on a shown literal outside them.
public enum DemoWords {
    public static let domain = TextDomain("collection-demo")

    /// Where the compiled catalogues are, for a binary at `executable`: `PREFIX/share/locale` when
    /// installed (`PREFIX/bin/collection-demo`), `.build/locale` when run from the build directory
    /// (`.build/<triple>/<configuration>/collection-demo`), or `$COLLECTION_DEMO_LOCALEDIR`.
    public static func localeDirectory(executable: String, environment: [String: String]) -> String? {
        if let dir = environment["COLLECTION_DEMO_LOCALEDIR"], !dir.isEmpty { return dir }
        let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let candidates = ["../share/locale", "../../locale"].map { bin.appendingPathComponent($0).standardized.path }
        return candidates.first { dir in
            (try? FileManager.default.contentsOfDirectory(atPath: dir))?.contains { language in
                FileManager.default.fileExists(atPath: "\(dir)/\(language)/LC_MESSAGES/\(domain.name).mo")
            } ?? false
        }
    }

    /// Takes the language from the environment and binds the demo's and the engine's catalogues
    /// to `directory`. A language variable naming a path is dropped first; a catalogue that fails
    /// `MessageCatalogue`'s checks is not read at all and the program speaks English. Returns
    /// what was refused, for stderr and the window's notices.
    @discardableResult
    public static func setUp(directory: String?) -> [String] {
        let variables = TextDomain.removePathsFromLanguageVariables()
        TextDomain.adoptEnvironmentLanguage()
        var notices: [String] = []
        for name in variables {
            notices.append(filled(tr("%@ named a folder rather than a language and was not used."), name))
        }
        guard let directory else { return notices }
        let problems = domain.catalogueProblems(in: directory, languages: TextDomain.messageLanguages)
            + TextDomain.collectionKit.catalogueProblems(in: directory, languages: TextDomain.messageLanguages)
        guard problems.isEmpty else {
            // English throughout: the demo's words and the engine's from one language.
            TextDomain.speakEnglish()
            return notices + problems.map { p in
                filled(tr("The translation %1$@ was not used (%2$@); the words are in English."), Notices.shownPath(p.path), "\(p.problem)")
            }
        }
        domain.bind(to: directory)
        TextDomain.collectionKit.bind(to: directory)
        return notices
    }
}

/// `message` in the user's language.
func tr(_ message: String) -> String { DemoWords.domain(message) }

/// `message` as the translation of `context` says it: gettext's `pgettext`, for one English word
/// that is two words elsewhere ("Delete" on a key cap is "Entf" in German, the action "Löschen").
/// Without a translation, `message` itself.
func trc(_ context: String, _ message: String) -> String {
    let key = context + "\u{4}" + message
    let found = DemoWords.domain(key)
    return found == key ? message : found
}

/// `singular` or `plural` (with `%@` for the count) as the language's plural rule picks for `count`.
func trn(_ singular: String, _ plural: String, _ count: Int) -> String { DemoWords.domain.count(singular, plural, count) }

/// `singular` or `plural` as the language's plural rule picks for `count`, placeholders left to fill.
func trp(_ singular: String, _ plural: String, _ count: Int) -> String { DemoWords.domain.plural(singular, plural, count) }

/// A count as the user's language writes numbers (grouping, digits: "2,000", "٢٬٠٠٠"): ICU's
/// number formatting, through ``TextDomain/number(_:)``.
func counted(_ n: Int) -> String { TextDomain.number(n) }

/// `template`'s placeholders (`%@`, `%1$@`…) filled in.
func filled(_ template: String, _ arguments: String...) -> String { TextDomain.fill(template, arguments: arguments) }
