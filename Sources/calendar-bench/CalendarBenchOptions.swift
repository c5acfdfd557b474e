// Only with the package's `Programs` trait (on by default): without it (a program that depends on
// the libraries with `traits: []`) nothing here imports swift-argument-parser, and the program
// is a stub that says so (main.swift).
#if Programs
import ArgumentParser
import CalendarModel

/// The calendar benchmark's command line:
/// `calendar-bench [--zone ZONE] [--month YYYY-MM] [--script FILE] [--list-occurrences YYYY-MM..YYYY-MM] FILE.ics...`.
/// An unknown flag is an error, not a calendar file to open.
struct CalendarBenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar-bench",
        abstract: "Times opening and paging the calendar without a window; prints JSON.")

    @Option(help: ArgumentHelp("The display time zone, an IANA name.", valueName: "ZONE"))
    var zone = "Europe/Berlin"

    @Option(help: ArgumentHelp("The month shown first.", valueName: "YYYY-MM"))
    var month = "2026-11"

    @Option(help: ArgumentHelp("Also play this input script on the calendar scene and time each frame's core work.", valueName: "FILE"))
    var script: String?

    @Option(help: ArgumentHelp("Instead of timing, print every occurrence shown from the first month to the last, one a line (for comparing with other calendar programs).", valueName: "YYYY-MM..YYYY-MM"))
    var listOccurrences: String?

    @Argument(help: ArgumentHelp("The iCalendar files to open.", valueName: "FILE.ics"))
    var files: [String] = []

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one iCalendar file") }
        guard DisplayZone(identifier: zone) != nil else { throw ValidationError("--zone: unknown time zone '\(zone)'") }
        guard CalendarMonth(iso: month) != nil else { throw ValidationError("--month must be YYYY-MM, got '\(month)'") }
        if let listOccurrences, listedMonths == nil {
            throw ValidationError("--list-occurrences must be YYYY-MM..YYYY-MM with the first month not after the last, got '\(listOccurrences)'")
        }
    }

    /// The months `--list-occurrences` names, nil when it names none or is malformed.
    var listedMonths: (first: CalendarMonth, last: CalendarMonth)? {
        guard let listOccurrences else { return nil }
        let parts = listOccurrences.components(separatedBy: "..")
        guard parts.count == 2, let a = CalendarMonth(iso: parts[0]), let b = CalendarMonth(iso: parts[1]), a.firstDay <= b.firstDay else { return nil }
        return (a, b)
    }
}
#endif
