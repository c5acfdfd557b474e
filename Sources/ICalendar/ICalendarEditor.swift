import CalendarModel
import Foundation

/// A calendar read from files is also where its events are changed: a move is worked out on the
/// event as it was read (what the user saw), as the text of the components it changes before
/// and after, then applied to the file as it is now on disk, which is read again first: those
/// components' bytes are replaced and nothing else (`CalendarText`, `CalendarFileEdit.applied`).
/// If another program changed or removed one of them meanwhile (or changed the event after the
/// user picked it up, `EventOrigin.revision`), nothing is written; changes elsewhere in the file,
/// other components of the same event included, are kept. Writers of one folder take turns
/// (`CalendarFolderLock`) from reading the file again to the rename, so two instances moving two
/// events both land. Files are replaced atomically with a `FILE~` backup (`AtomicFile`), through
/// symbolic links.
extension ICalendarSource: EventEditor {
    public func readOnlyReason(file: String) -> String? {
        guard contents[file] != nil else { return "this calendar was not read from a file" }
        if let owner = ownerOfFile(file) { return owner }
        // A file marked read-only for everyone stays so, even for root (who may write anyway).
        var info = stat()
        if stat(file, &info) == 0, info.st_mode & 0o222 == 0 { return "\(file) is marked read-only" }
        if access(file, W_OK) != 0 { return "you may not change \(file) (permissions)" }
        let target = URL(fileURLWithPath: AtomicFile.target(of: file))
        let folder = target.deletingLastPathComponent().path
        if access(folder, W_OK) != 0 { return "the folder \(folder) cannot be written to (permissions), so the file cannot be replaced safely" }
        // The new version is written beside it as `.NAME.XXXXXX` first.
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        let temporary = ".\(target.lastPathComponent).XXXXXX".utf8.count
        if temporary > (limit > 0 ? limit : 255) {
            return "the file name is too long to save changes safely (the temporary file beside it would need \(temporary) bytes, the folder allows \(limit > 0 ? limit : 255)); rename the file to change its events"
        }
        return nil
    }

    public func move(_ move: EventMove, now: Date) -> EditOutcome {
        let file = move.origin.file
        if let why = readOnlyReason(file: file) { return .refused(why) }
        guard let seen = contents[file] else { return .refused("this calendar was not read from a file") }
        let text = CalendarText(seen)
        if let why = changedSincePickedUp(move.origin, in: text) { return .refused(why) }
        let edit: Result<EventEdit, EditFailure> = LibicalLock.shared.run {
            CalendarFileEdit.parse(seen).flatMap { parsed in
                let all = CalendarFileEdit.events(in: parsed.root)
                // libical keeps the VEVENTs in file order, as the byte map lists them.
                guard all.count == text.events.count else {
                    return .failure(EditFailure("the file's events cannot be matched with its lines, so it cannot be changed in place"))
                }
                let mine = all.indices.filter { CalendarFileEdit.uid(all[$0]) == move.origin.uid }
                guard !mine.isEmpty else { return .failure(EditFailure("the event is no longer in the file")) }
                var texts: [ArraySlice<UInt8>] = []
                for i in mine {
                    switch CalendarText.editable(text.bytes(of: text.events[i])) {
                    case let .success(t): texts.append(t)
                    case let .failure(f): return .failure(f)
                    }
                }
                return CalendarFileEdit.moved(mine.map { all[$0] }, texts: texts, move, now: now).map {
                    EventEdit(file: file, uid: move.origin.uid, before: $0.before, after: $0.after)
                }
            }
        }
        switch edit {
        case let .failure(f): return .refused(f.message)
        case let .success(e): return apply(e, now: now)
        }
    }

    /// Why the component an occurrence was read from is no longer as the user saw it (another
    /// program changed it while it was being dragged, and the window read the file again).
    func changedSincePickedUp(_ origin: EventOrigin, in text: CalendarText) -> String? {
        guard let revision = origin.revision else { return nil }
        if text.events.contains(where: { text.revision(of: $0) == revision }) { return nil }
        return "the event was changed in the file after it was picked up (by another program); nothing was written"
    }

    public func waitForTurn(file: String) -> WriteTurn {
        CalendarFolderLock.turn(Self.lockFolder(of: file))
    }

    /// The folder whose lock guards writes of `file`: its target's (a link is written through).
    static func lockFolder(of file: String) -> String {
        URL(fileURLWithPath: AtomicFile.target(of: file)).deletingLastPathComponent().path
    }

    public func apply(_ edit: EventEdit, now: Date) -> EditOutcome {
        if let why = readOnlyReason(file: edit.file) { return .refused(why) }
        // A link is written through to its target, so writers of either name share one lock.
        let target = AtomicFile.target(of: edit.file)
        let folder = Self.lockFolder(of: edit.file)
        switch CalendarFolderLock.holding(folder, { write(edit, to: target) }) {
        case .failure:
            return .refused("another program kept writing this calendar for \(Int(CalendarFolderLock.patience)) s; nothing was written")
        case let .success(.refused(why)):
            return .refused(why)
        case let .success(outcome):
            reload()
            return outcome
        }
    }

    /// Reads the file again, applies the edit to what it holds now and replaces it; run while
    /// holding the folder's lock, so no other writer of ours reads or renames in between.
    private func write(_ edit: EventEdit, to target: String) -> EditOutcome {
        // The file as it is now: another program may have written it since it was read.
        guard let onDisk = FileManager.default.contents(atPath: target) else { return .refused("\(edit.file) cannot be read") }
        let text = CalendarFileEdit.applied(edit, to: CalendarText(onDisk)).flatMap { (bytes: [UInt8]) -> Result<[UInt8], EditFailure> in
            // What is written must read back whole, as the file did.
            let check: Result<Void, EditFailure> = LibicalLock.shared.run {
                CalendarFileEdit.parse(onDisk).flatMap { _ in CalendarFileEdit.parse(Data(bytes)) }.map { _ in () }
            }
            return check.map { bytes }
        }
        switch text {
        case let .failure(f): return .refused(f.message)
        case let .success(t):
            // The narrowest window left: a write by a program that takes no lock while this one was parsing.
            guard FileManager.default.contents(atPath: target) == onDisk else {
                return .refused("the file changed on disk while the change was being made; nothing was written")
            }
            do {
                try AtomicFile.write(Data(t), to: target)
            } catch {
                return .refused("\(error)")
            }
            return .written(edit)
        }
    }
}

/// Which programs own calendar files, so that the app never writes behind their backs.
public enum CalendarOwnership {
    /// Evolution's data server keeps the calendars under `LocalCalendars.directory()` open and
    /// writes them itself; while it runs, a file written there by anyone else is overwritten
    /// from its memory (or confuses its cache). Detected by its process, as `ps` would see it.
    public static func ownerReason(_ file: String) -> String? { ownerReason(file, environment: ProcessInfo.processInfo.environment) }

    public static func ownerReason(_ file: String, environment: [String: String]) -> String? {
        guard let store = LocalCalendars.directory(environment: environment), file.hasPrefix(store + "/") else { return nil }
        guard isRunning(commandContaining: "evolution-calendar-factory") else { return nil }
        return "Evolution's calendar service (evolution-calendar-factory) is running and owns this calendar; change it in Evolution or GNOME Calendar"
    }

    /// Whether a process whose command line contains `name` runs (read from /proc).
    public static func isRunning(commandContaining name: String) -> Bool {
        guard let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for pid in pids where pid.first?.isNumber == true {
            guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !raw.isEmpty else { continue }
            let command = String(decoding: raw.prefix(4096).map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            if command.split(separator: " ").first.map({ $0.hasSuffix(name) }) == true { return true }
        }
        return false
    }
}
