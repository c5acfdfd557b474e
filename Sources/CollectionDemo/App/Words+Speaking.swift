import CollectionKit
import Foundation

/// A language a check asked for could not be switched to: its catalogue or its locale is missing.
public struct LanguageSetupError: Error, CustomStringConvertible {
    public let description: String
}

extension DemoWords {
    /// Runs `body` with the demo's and the engine's messages in `language` (`locale`, such as
    /// "de_DE", for the process's messages locale), from the compiled catalogues under `root`
    /// (scripts/translations.sh compiles them into .build/locale); the messages locale and
    /// `LANGUAGE` are as they were afterwards. Throws, running nothing, when the catalogue or the
    /// locale is missing. For tests and checks that look at the words in another language.
    public static func speaking<T>(_ language: String, locale: String, cataloguesIn root: String, _ body: () throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: "\(root)/\(language)/LC_MESSAGES/\(domain.name).mo") else {
            throw LanguageSetupError(description: "no \(language) catalogue in \(root): run scripts/translations.sh compile (scripts/test.sh does)")
        }
        let previous = String(cString: setlocale(LC_MESSAGES, nil))
        let previousLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        defer {
            if let previousLanguage { setenv("LANGUAGE", previousLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, previous)
        }
        setenv("LANGUAGE", language, 1)
        guard setlocale(LC_MESSAGES, "\(locale).UTF-8") != nil else {
            throw LanguageSetupError(description: "the locale \(locale).UTF-8 is not installed: scripts/install-deps.sh --test generates it")
        }
        domain.bind(to: root)
        TextDomain.collectionKit.bind(to: root)
        return try body()
    }
}
