import CalendarModel
import Foundation
import Synchronization

/// Serialises the programs that write calendars in one folder: an advisory `flock` on the folder
/// itself, held from reading the file again to renaming the new version over it.
///
/// Why the folder: a write replaces the file by renaming a temporary file over it, so a lock on
/// the file would be on an inode that the rename retires (the next writer opens the new inode
/// and takes a lock nobody holds). A lock file beside the calendar (`.NAME.ics.lock`) would be
/// stable but is clutter users see, sync tools copy and crashes leave behind. The folder's
/// inode outlives every rename inside it, and the kernel drops the lock when its holder exits,
/// even by SIGKILL. Calendars sharing a folder wait for each other's writes, which take
/// milliseconds.
///
/// Where the folder cannot be locked (not readable, a filesystem without `flock`), writing goes
/// on unlocked: the read-back check before the rename still refuses most lost updates.
enum CalendarFolderLock {
    enum Failure: Error, Equatable { case busy }

    /// How long a writer waits for another one before giving up.
    static let patience: TimeInterval = 5

    /// Runs `body` holding the lock on `folder`; `.busy` when another writer kept it past `patience`.
    /// A lock a `Turn` of this process holds for the folder is used (and given back after).
    static func holding<T>(_ folder: String, patience: TimeInterval = patience, _ body: () -> T) -> Result<T, Failure> {
        if let turn = held.withLock({ $0.removeValue(forKey: folder) }) {
            defer { turn.finish() }
            return .success(body())
        }
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return .success(body()) }
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(patience)
        var pause: useconds_t = 200
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK:
                guard Date() < deadline else { return .failure(.busy) }
                usleep(pause)
                pause = min(pause * 2, 20_000)
            default:
                // ENOLCK and the like: this filesystem keeps no such locks.
                return .success(body())
            }
        }
        defer { flock(fd, LOCK_UN) }
        return .success(body())
    }
}

extension CalendarFolderLock {
    /// The turns of this process that hold their folder's lock, by folder, for `holding` to use.
    static let held = Mutex<[String: Turn]>([:])

    /// A wait for the lock on `folder` that does not block the caller: taken at once when it is
    /// free; else a thread waits for it (as `holding` would, up to `patience`) while the window
    /// keeps answering, and the turn says `.ready` or `.gaveUp`.
    static func turn(_ folder: String, patience: TimeInterval = patience) -> Turn {
        let turn = Turn(folder: folder)
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { turn.settle(.ready, fd: -1); return turn }
        switch tryLock(fd) {
        case .taken: turn.settle(.ready, fd: fd)
        case .unsupported: close(fd); turn.settle(.ready, fd: -1)
        case .busy:
            let deadline = Date().addingTimeInterval(patience)
            Thread.detachNewThread {
                var pause: useconds_t = 200
                while true {
                    switch tryLock(fd) {
                    case .taken: turn.settle(.ready, fd: fd); return
                    case .unsupported: close(fd); turn.settle(.ready, fd: -1); return
                    case .busy:
                        guard Date() < deadline, !turn.isFinished else {
                            close(fd)
                            turn.settle(.gaveUp("another program kept writing this calendar for \(Int(patience)) s; nothing was written"), fd: -1)
                            return
                        }
                        usleep(pause)
                        pause = min(pause * 2, 20_000)
                    }
                }
            }
        }
        return turn
    }

    private enum Attempt { case taken, busy, unsupported }

    private static func tryLock(_ fd: Int32) -> Attempt {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return errno == EWOULDBLOCK ? .busy : .unsupported
        }
        return .taken
    }

    /// One wait for a folder's lock, and the lock once it has it.
    final class Turn: WriteTurn, @unchecked Sendable {
        let folder: String
        private let lock = NSLock()
        private var current: WriteTurnState = .waiting
        private var fd: Int32 = -1
        private var finished = false

        init(folder: String) { self.folder = folder }
        deinit { finish() }

        var state: WriteTurnState { lock.withLock { current } }
        var isFinished: Bool { lock.withLock { finished } }

        /// The wait is over: with the lock (`fd`, or -1 where the folder keeps no locks) or without.
        func settle(_ state: WriteTurnState, fd: Int32) {
            let keep: Bool = lock.withLock {
                guard !finished else { return false }
                current = state
                self.fd = fd
                return true
            }
            guard keep else {
                if fd >= 0 { close(fd) }
                return
            }
            if fd >= 0 { CalendarFolderLock.held.withLock { $0[folder] = self } }
        }

        /// Gives the lock back (once); a wait still going gives up.
        func finish() {
            let open: Int32 = lock.withLock {
                guard !finished else { return -1 }
                finished = true
                let f = fd
                fd = -1
                return f
            }
            CalendarFolderLock.held.withLock { if $0[folder] === self { $0[folder] = nil } }
            if open >= 0 {
                flock(open, LOCK_UN)
                close(open)
            }
        }
    }
}
