import Glibc
import Synchronization

/// Waits for something to happen in a set of folders (a file written, renamed into place,
/// created or removed), through Linux's inotify: a thread waiting here wakes only when there is
/// something to look at, where polling the files' attributes woke it several times a second for
/// nothing. `wake()` ends a wait early from any thread.
///
/// Public for the demo's photo folder, which is watched the same way.
///
/// Nil when inotify cannot be had (the caller then looks at the files at an interval instead).
public final class FolderChanges: Sendable {
    private let inotify: Int32
    /// A pipe whose read end is waited on with the inotify descriptor: `wake()` writes a byte.
    private let wakeRead: Int32, wakeWrite: Int32
    /// Watch descriptors by folder. Only the waiting thread changes them, but the watcher that
    /// owns this may be handed between threads, so they sit behind a lock the compiler can see.
    private let watches = Mutex<[String: Int32]>([:])
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    public init?() {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { close(fd); return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        inotify = fd
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        close(inotify)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Watches exactly `folders` from now on; returns how many could be watched (a folder that
    /// does not exist cannot be) and how many of those were not watched before: what happened in
    /// a newly watched folder before its watch was added is not reported, so the caller looks at
    /// it at once. Adding a watch again is cheap and picks up a folder removed and made anew
    /// since. Called from the waiting thread only.
    @discardableResult
    public func watch(_ folders: Set<String>) -> (watched: Int, new: Int) {
        watches.withLock { watches in
            for (folder, wd) in watches where !folders.contains(folder) {
                inotify_rm_watch(inotify, wd)
                watches[folder] = nil
            }
            var new = 0
            for folder in folders {
                let wd = inotify_add_watch(inotify, folder, FolderChanges.mask)
                if wd >= 0, watches[folder] != wd { new += 1 }
                watches[folder] = wd >= 0 ? wd : nil
            }
            return (watches.count, new)
        }
    }

    /// Blocks until a watched folder changes, `wake()` is called, or `timeout` seconds pass.
    /// Returns true when a folder changed. Called from the waiting thread only.
    public func wait(timeout: Double) -> Bool {
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let ms = Int32(max(0, min(timeout * 1000, Double(Int32.max))).rounded(.up))
        guard poll(&fds, 2, ms) > 0 else { return false }
        drain(wakeRead)
        guard fds[0].revents & Int16(POLLIN) != 0 else { return false }
        drain(inotify)
        return true
    }

    /// Ends the current (or the next) wait early. Safe from any thread.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Reads a non-blocking descriptor until it is empty: what happened does not matter, only
    /// that something did (the caller then compares the files as they are now).
    private func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}
