import Foundation

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
    static func holding<T>(_ folder: String, patience: TimeInterval = patience, _ body: () -> T) -> Result<T, Failure> {
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
