import Foundation

/// Keeps `RememberedState` in `DIR/state.json` between runs. A file that cannot be read as this
/// version's state is moved aside to `state.json.bad` (once, with a notice) and the defaults are
/// used; a file written by a newer version is left alone and never overwritten this run. Every
/// write replaces the file atomically.
public final class StateStore {
    public let directory: String
    public var path: String { directory + "/state.json" }
    /// Nothing is written: the file on disk belongs to a newer version of the program.
    public private(set) var isReadOnly = false
    /// The bytes last read or written, so an unchanged state is not written again.
    private var lastWritten: Data?

    public init(directory: String) { self.directory = directory }

    /// `$XDG_STATE_HOME/collection-demo` (default `~/.local/state/collection-demo`), as the XDG
    /// base directory specification says; a relative `XDG_STATE_HOME` is ignored, as it says too.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/collection-demo" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/collection-demo"
    }

    /// The outcome of reading the file at start.
    public struct Loaded {
        public var state: RememberedState?
        /// Said to the user: the file was moved aside, or is left alone.
        public var notice: String?
    }

    public func load() -> Loaded {
        guard let data = FileManager.default.contents(atPath: path) else { return Loaded() }
        struct VersionOnly: Decodable { var version: Int }
        if let v = try? JSONDecoder().decode(VersionOnly.self, from: data), v.version > RememberedState.currentVersion {
            isReadOnly = true
            return Loaded(notice: filled(tr("%1$@ was written by a newer version (%2$@); it is left as it is and this run's changes are not remembered."), path, "\(v.version)"))
        }
        do {
            var state = try JSONDecoder().decode(RememberedState.self, from: data)
            guard state.version == RememberedState.currentVersion else { throw StateFileError() }
            // Numbers are checked as flags are: one out of range (an identifier that would
            // overflow when the next card is made) makes the file unusable as a whole.
            if let bad = state.outOfRangeNumber() { return Loaded(notice: moveAside(reason: filled(tr("it has %@"), bad))) }
            let shortened = state.shortenLongTitles()
            lastWritten = data
            guard shortened == 0 else {
                return Loaded(state: state, notice: filled(trp(
                    "%1$@ card title in %2$@ was longer than %3$@ characters and was shortened to %3$@ characters.",
                    "%1$@ card titles in %2$@ were longer than %3$@ characters and were shortened to %3$@ characters.", shortened),
                    "\(shortened)", path, "\(RememberedState.titleLimit)"))
            }
            return Loaded(state: state)
        } catch {
            return Loaded(notice: moveAside())
        }
    }

    /// Moves an unreadable file to `state.json.bad` (replacing an older one) and says so, with
    /// `reason` when there is one to name.
    private func moveAside(reason: String? = nil) -> String {
        let bad = path + ".bad"
        let fm = FileManager.default
        try? fm.removeItem(atPath: bad)
        do {
            try fm.moveItem(atPath: path, toPath: bad)
            return reason.map { filled(tr("The remembered state could not be read (%1$@); it was moved to %2$@ and the defaults are used."), $0, bad) }
                ?? filled(tr("The remembered state could not be read; it was moved to %@ and the defaults are used."), bad)
        } catch {
            // It cannot be moved: leave it, and do not write over it either.
            isReadOnly = true
            return reason.map { filled(tr("The remembered state %1$@ could not be read (%2$@) or moved aside; the defaults are used and nothing is remembered."), path, $0) }
                ?? filled(tr("The remembered state %@ could not be read or moved aside; the defaults are used and nothing is remembered."), path)
        }
    }

    /// Writes `state` unless it is what the file already holds. Returns an error message when the
    /// file could not be written (the previous file stays whole).
    @discardableResult
    public func save(_ state: RememberedState) -> String? {
        guard !isReadOnly else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(state), data != lastWritten else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            lastWritten = data
            return nil
        } catch {
            return filled(tr("Could not remember the state in %1$@: %2$@"), path, error.localizedDescription)
        }
    }
}

private struct StateFileError: Error {}
