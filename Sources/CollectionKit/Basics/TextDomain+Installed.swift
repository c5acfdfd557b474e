import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The catalogues of an installed program: where the engine's (and an app's own) `.mo` files are
/// found for a program, and the one call an app makes at start to speak the user's language.
///
/// ```swift
/// // First of all in main, before any text is made:
/// let refused = TextDomain.useInstalledCatalogues(for: [.collectionKit, TextDomain("my-app")])
/// ```
///
/// The engine's catalogues are compiled from its `po/collectionkit/*.po` by
/// `scripts/translations.sh compile DIR collectionkit` (docs/translations.md, "Translations for
/// an app"), into `PREFIX/share/locale` when the program is installed in `PREFIX/bin`.
extension TextDomain {
    /// The environment variable that names a folder of catalogues ahead of every other place.
    public static let localeDirectoryVariable = "COLLECTIONKIT_LOCALEDIR"

    /// The running program's own path (`/proc/self/exe`, links resolved), else its first argument.
    public static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
    }

    /// The folders looked in for a program at `executable`, in order: `$COLLECTIONKIT_LOCALEDIR`,
    /// `BIN/../share/locale` (installed under a prefix: `/usr/local/bin` and
    /// `/usr/local/share/locale`), `BIN/locale` (a folder beside the binary, as an app bundle
    /// ships it), `BIN/../../locale` (a SwiftPM build folder: `.build/<triple>/debug` and
    /// `.build/locale`), then the system's `/usr/local/share/locale` and `/usr/share/locale`.
    public static func catalogueSearchPath(executable: String, environment: [String: String]) -> [String] {
        var dirs: [String] = []
        if let dir = environment[localeDirectoryVariable], !dir.isEmpty { dirs.append(dir) }
        if !executable.isEmpty {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            dirs += ["../share/locale", "locale", "../../locale"].map { bin.appendingPathComponent($0).standardized.path }
        }
        return dirs + ["/usr/local/share/locale", "/usr/share/locale"]
    }

    /// The first folder of ``catalogueSearchPath(executable:environment:)`` that holds this
    /// domain's catalogue for some language (`DIR/LANG/LC_MESSAGES/NAME.mo`); nil when none does.
    public func catalogueDirectory(executable: String = TextDomain.executablePath,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        TextDomain.catalogueSearchPath(executable: executable, environment: environment).first { dir in
            (try? FileManager.default.contentsOfDirectory(atPath: dir))?.contains { language in
                FileManager.default.fileExists(atPath: "\(dir)/\(language)/LC_MESSAGES/\(name).mo")
            } ?? false
        }
    }

    /// The start of a program that speaks the user's language: drops language variables that name
    /// paths (``removePathsFromLanguageVariables()``), takes the language from the environment
    /// (``adoptEnvironmentLanguage()``), and binds each domain to the folder
    /// ``catalogueDirectory(executable:environment:)`` finds for it, once its catalogues there pass
    /// ``MessageCatalogue``'s checks. When any catalogue fails them nothing more is bound, the
    /// program speaks English (``speakEnglish()``: the engine's words and the app's from one
    /// language), and the refused catalogues are returned for the app to report. A domain with
    /// no catalogue anywhere stays English. Call it once, first of all, before any thread starts.
    @discardableResult
    public static func useInstalledCatalogues(for domains: [TextDomain] = [.collectionKit],
                                              executable: String = TextDomain.executablePath,
                                              environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [(path: String, problem: MessageCatalogue.Problem)] {
        removePathsFromLanguageVariables()
        adoptEnvironmentLanguage()
        let found = domains.map { ($0, $0.catalogueDirectory(executable: executable, environment: environment)) }
        let problems = found.flatMap { domain, dir in
            dir.map { domain.catalogueProblems(in: $0, languages: messageLanguages) } ?? []
        }
        guard problems.isEmpty else {
            speakEnglish()
            return problems
        }
        for case let (domain, dir?) in found { domain.bind(to: dir) }
        return []
    }
}
