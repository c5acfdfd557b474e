import CalendarModel
import Foundation
import Synchronization

/// The user's own calendars as Evolution and GNOME Calendar keep them on disk: one folder per
/// local calendar under `$XDG_DATA_HOME/evolution/calendar/`, each with a `calendar.ics`
/// (`XDG_DATA_HOME` defaults to `~/.local/share`, and per the XDG spec a relative value is ignored).
public enum LocalCalendars {
    /// The folder that holds the calendars, from `environment` (the process's by default).
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/evolution/calendar"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/share/evolution/calendar"
    }

    /// Every `*/calendar.ics` in that folder, sorted by path so the order is the same every run.
    /// Empty when there are none (then the caller shows its sample calendar).
    public static func files(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard let dir = directory(environment: environment),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return names.sorted().map { "\(dir)/\($0)/calendar.ics" }.filter { FileManager.default.isReadableFile(atPath: $0) }
    }
}

/// Watches calendar files and, when one changes on disk (modification time, size, or appearing
/// and disappearing), reads them all again on its own thread and posts the new source to a
/// mailbox the scene takes from at the start of a frame. The render thread never waits on disk
/// or on parsing. Made and started by the executable, which owns threads; the core has none.
public final class CalendarFileWatcher: Sendable {
    /// The files watched now (they change when `discover` finds calendars added or removed).
    public var files: [String] { state.withLock { $0.current } }
    public let mailbox: EventSourceMailbox
    private let discover: (@Sendable () -> [String])?
    /// The display zone's name: each reload makes a zone of its own from it.
    private let zoneName: String
    private let interval: TimeInterval
    /// What the watching thread and its owner both read and change.
    private struct State {
        var current: [String]
        var running = false
        var lookCount = 0
    }
    private let state: Mutex<State>
    /// Wakes the thread when a watched folder changes; nil where inotify is not to be had.
    private let changes = FolderChanges()
    /// With the folders watched, the files are still looked at this often, for filesystems that
    /// do not report changes (a network share).
    static let lookAtLeastEvery: TimeInterval = 10

    /// The thread looks at the files' attributes (a `stat` each: cheap) when something happens
    /// in their folders, or every `interval` seconds where the folders cannot be watched.
    /// `discover`, when given, lists the files again at each look (the user's calendar folder,
    /// whose folder is then watched too), so a calendar added or removed is shown or dropped too.
    public init(files: [String], zone: DisplayZone, mailbox: EventSourceMailbox = EventSourceMailbox(),
                interval: TimeInterval = 0.25, discover: (@Sendable () -> [String])? = nil) {
        state = Mutex(State(current: files)); zoneName = zone.identifier; self.mailbox = mailbox; self.interval = interval; self.discover = discover
    }

    /// The same, with Foundation's zone of that name.
    public convenience init(files: [String], timeZone: TimeZone, mailbox: EventSourceMailbox = EventSourceMailbox(),
                            interval: TimeInterval = 0.25, discover: (@Sendable () -> [String])? = nil) {
        self.init(files: files, zone: DisplayZone(timeZone), mailbox: mailbox, interval: interval, discover: discover)
    }

    /// What is known of a file without reading it; nil when it cannot be seen.
    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    static func stamp(_ path: String) -> Stamp? {
        // Of the file a link names (attributesOfItem would describe the link itself).
        guard let a = try? FileManager.default.attributesOfItem(atPath: AtomicFile.target(of: path)) else { return nil }
        return Stamp(modified: a[.modificationDate] as? Date, size: (a[.size] as? NSNumber)?.intValue)
    }

    /// Starts polling on a background thread; the first look only records the files as they are.
    public func start() {
        let alreadyRunning = state.withLock { s in
            defer { s.running = true }
            return s.running
        }
        guard !alreadyRunning else { return }
        // What the scene gives back is dropped on this thread, which may be waiting for a change.
        mailbox.onRetire = { [changes] in changes?.wake() }
        let t = Thread { [self] in self.poll() }
        t.name = "calendar-file-watcher"
        t.qualityOfService = .utility
        t.start()
    }

    /// Stops polling (the thread ends after its current look).
    public func stop() {
        state.withLock { $0.running = false }
        changes?.wake()
    }

    /// The folders whose changes matter: each file's, and with `discover` the folder that holds
    /// those and every folder in it (a new calendar's folder appears there, empty at first, and
    /// its file is written into it after). A file that is a symbolic link changes in its
    /// target's folder, which is watched too.
    private func folders(of files: [String]) -> Set<String> {
        let own = Set(files.map { ($0 as NSString).deletingLastPathComponent })
        let targets = Set(files.map { (AtomicFile.target(of: $0) as NSString).deletingLastPathComponent })
        guard discover != nil else { return own.union(targets) }
        var all = own.union(targets)
        for root in Set(own.map { ($0 as NSString).deletingLastPathComponent }) {
            all.insert(root)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            all.formUnion(names.map { root + "/" + $0 })
        }
        return all
    }

    /// Waits until the files may have changed: a change in their folders (or a wake-up), at most
    /// `lookAtLeastEvery`; or, where the folders cannot be watched, `interval`. A folder watched
    /// for the first time (a calendar's folder just made) is looked at without waiting: its file
    /// may have been written before the watch was in place.
    private func waitForChange(_ files: [String]) {
        if let changes {
            let (watched, new) = changes.watch(folders(of: files))
            if new > 0 { return }
            if watched > 0 { _ = changes.wait(timeout: CalendarFileWatcher.lookAtLeastEvery); return }
        }
        Thread.sleep(forTimeInterval: interval)
    }

    private var isRunning: Bool { state.withLock { $0.running } }

    /// How many times the thread has woken to look at the files (tests check it sleeps).
    public var looks: Int { state.withLock { $0.lookCount } }

    /// The calendar files there are now (found again with `discover`) and what is known of each.
    private func survey() -> (files: [String], stamps: [Stamp?]) {
        let found = discover?() ?? files
        return (found, found.map(CalendarFileWatcher.stamp))
    }

    private func poll() {
        // Watched before the first look, so a change made just after it is not missed.
        let first = files
        _ = changes?.watch(folders(of: first))
        var last = (files: first, stamps: first.map(CalendarFileWatcher.stamp))
        while isRunning {
            waitForChange(last.files)
            guard isRunning else { break }
            state.withLock { $0.lookCount += 1 }
            // Calendars the scene stopped showing are freed here, off the render thread.
            _ = mailbox.takeRetired()
            let now = survey()
            guard now.files != last.files || now.stamps != last.stamps else { continue }
            // A program saving a file may write it in pieces (a shell's `>` makes it empty first):
            // wait for it to hold still once. What changes meanwhile wakes the next wait at once.
            Thread.sleep(forTimeInterval: min(0.1, interval))
            let settled = survey()
            guard settled.files == now.files, settled.stamps == now.stamps else { continue }
            let added = settled.files != last.files
            last = settled
            if added {
                state.withLock { $0.current = settled.files }
                mailbox.post(reload(), files: settled.files)
            } else {
                mailbox.post(reload())
            }
        }
    }

    /// Reads every file again with a zone of its own (a `DisplayZone`'s offset cache is not shared
    /// across threads), so the source is wholly made here and only used by the main thread later.
    public func reload() -> ICalendarSource {
        ICalendarSource(files: files, zone: DisplayZone(identifier: zoneName) ?? .utc)
    }
}
