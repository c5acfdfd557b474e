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
            let sections = try JSONDecoder().decode(Sections.self, from: data)
            var state = sections.state
            guard state.version == RememberedState.currentVersion else { throw StateFileError() }
            // A section that does not decode, or holds a number out of range (an identifier that
            // would overflow when the next card is made), is left out: its scene starts afresh
            // and every other section is kept. The file as it was is kept beside it.
            var refused = sections.unreadable.map { ($0, nil as String?) }
            while let bad = state.outOfRangeNumber() {
                let section = RememberedState.section(of: bad)
                refused.append((section, bad))
                state.dropSection(section)
            }
            var notices: [String] = []
            if !refused.isEmpty {
                let kept = keepCopy()
                for (section, bad) in refused {
                    notices.append(bad.map { filled(tr("The remembered %1$@ could not be read (it has %2$@); that scene starts afresh, the rest is kept (the file as it was is in %3$@)."), section, $0, kept) }
                        ?? filled(tr("The remembered %1$@ could not be read; that scene starts afresh, the rest is kept (the file as it was is in %2$@)."), section, kept))
                }
            }
            let shortened = state.shortenLongTitles()
            if refused.isEmpty { lastWritten = data }
            if shortened > 0 {
                notices.append(filled(trp(
                    "%1$@ title or name in %2$@ was longer than its limit and was shortened to it.",
                    "%1$@ titles or names in %2$@ were longer than their limit and were shortened to it.", shortened),
                    "\(shortened)", path))
            }
            return Loaded(state: state, notice: notices.isEmpty ? nil : notices.joined(separator: " "))
        } catch {
            return Loaded(notice: moveAside())
        }
    }

    /// The state's sections read one by one: one that does not decode is named, not fatal.
    private struct Sections: Decodable {
        var state = RememberedState()
        var unreadable: [String] = []
        enum Keys: String, CodingKey { case version, scene, windowWidth, windowHeight, windowMaximized, boards, rearrange, mosaic }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            state.version = try c.decode(Int.self, forKey: .version)
            func read<T: Decodable>(_ type: T.Type, _ key: Keys) -> T?? {
                do { return .some(try c.decodeIfPresent(type, forKey: key)) } catch { return nil }
            }
            if let v = read(String.self, .scene) { state.scene = v } else { unreadable.append("scene") }
            if let v = read(Double.self, .windowWidth) { state.windowWidth = v } else { unreadable.append("windowWidth") }
            if let v = read(Double.self, .windowHeight) { state.windowHeight = v } else { unreadable.append("windowHeight") }
            if let v = read(Bool.self, .windowMaximized) { state.windowMaximized = v } else { unreadable.append("windowMaximized") }
            if let v = read(RememberedState.Boards.self, .boards) { state.boards = v } else { unreadable.append("boards") }
            if let v = read([String: RememberedState.Rearrange].self, .rearrange) { state.rearrange = v } else { unreadable.append("rearrange") }
            if let v = read(RememberedState.Mosaic.self, .mosaic) { state.mosaic = v } else { unreadable.append("mosaic") }
        }
    }

    /// Copies the file as it is to `state.json.bad` (replacing an older one), before the parts
    /// that could be read are written back; returns where it is.
    private func keepCopy() -> String {
        let bad = path + ".bad"
        try? FileManager.default.removeItem(atPath: bad)
        try? FileManager.default.copyItem(atPath: path, toPath: bad)
        return bad
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
