// Only with the package's `Programs` trait (on by default): without it (a program that depends on
// the libraries with `traits: []`) nothing here imports swift-argument-parser, and the program
// is a stub that says so (main.swift).
#if Programs
import ArgumentParser

/// The benchmark's command line: `collection-bench [--only SECTION[,SECTION...]]`. Anything
/// else, an unknown flag or a stray word included, is refused with the usage.
struct BenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection-bench",
        abstract: "The engine's performance figures, each with its bar; exits non-zero when a bar is missed.")

    /// The sections, as their headings number them (`mosaic` is the mosaic layout's figures).
    static let knownSections = ["1", "2", "3", "4", "5", "6", "mosaic", "6b", "7", "8", "text", "longtext"]

    @Option(help: ArgumentHelp("Run only the sections named, comma-separated: \(knownSections.joined(separator: " ")).",
                               valueName: "SECTION[,SECTION...]"))
    var only: String?

    /// The sections asked for; nil runs them all.
    var sections: Set<String>? {
        only.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
    }

    func validate() throws {
        guard let asked = sections else { return }
        guard !asked.isEmpty else { throw ValidationError("--only needs at least one section: \(Self.knownSections.joined(separator: " "))") }
        let unknown = asked.subtracting(Self.knownSections)
        guard unknown.isEmpty else {
            throw ValidationError("no section \(unknown.sorted().joined(separator: ", ")); the sections are \(Self.knownSections.joined(separator: " "))")
        }
    }
}
#endif
