import Foundation

/// Replaces a file's contents so that a crash, a SIGKILL or a full disk at any moment leaves
/// either the old file or the new one whole, never a mix: the new bytes go to a temporary file in
/// the same folder (a rename is atomic only within one filesystem), are flushed with fsync, and
/// the temporary file is renamed over the original; the folder is flushed too, so the rename
/// itself survives a power cut. The previous version is kept as `FILE~` (one backup, replaced
/// each time), made as a hard link so the original is never absent, even for an instant.
///
/// A path that is a symbolic link (or a chain of them, or in a linked folder) is written through
/// to the file it finally names, as editors do: the temporary file, the rename and the backup
/// happen in the target's folder, with the target's permissions, and the link stays a link.
/// Temporary files of ours that a killed writer left (`.NAME.XXXXXX`, older than a minute) are
/// removed at the next write.
public enum AtomicFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The suffix of the single backup kept next to a written file.
    public static let backupSuffix = "~"

    /// The file `path` finally names: every symbolic link on the way resolved (the path itself
    /// when it does not exist yet).
    public static func target(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// How old a leftover temporary file must be before a write removes it: a write takes
    /// milliseconds, so one older than this belongs to no running writer.
    static let staleAfter: TimeInterval = 60

    public static func write(_ data: Data, to link: String, keepBackup: Bool = true) throws {
        let path = target(of: link)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        // The original's permissions carry over; a new file gets the usual 0644.
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        removeStaleTemporaries(of: name, in: folder)

        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(folder)") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure("cannot write \(path)")
                    }
                    offset += n
                }
            }
            // mkstemp makes the file 0600; a calendar others could read stays readable.
            _ = fchmod(fd, mode)
            guard fsync(fd) == 0 else { throw failure("cannot flush \(path) to disk") }
        }
        if keepBackup, FileManager.default.fileExists(atPath: path) {
            try keepBackupCopy(of: path)
        }
        guard rename(temporary, path) == 0 else { throw failure("cannot replace \(path)") }
        done = true
        syncFolder(folder)
    }

    /// `FILE~` becomes the current version: a hard link where the filesystem has them, else a
    /// copy written the same atomic way.
    private static func keepBackupCopy(of path: String) throws {
        let backup = path + backupSuffix
        unlink(backup)
        if link(path, backup) == 0 { return }
        guard let old = FileManager.default.contents(atPath: path) else { throw failure("cannot read \(path) to back it up") }
        try write(old, to: backup, keepBackup: false)
    }

    /// The temporary files `write` makes for `name` are `.NAME.` and six of mkstemp's letters.
    static func isTemporary(_ entry: String, of name: String) -> Bool {
        let prefix = ".\(name)."
        guard entry.hasPrefix(prefix), entry.utf8.count == prefix.utf8.count + 6 else { return false }
        return entry.utf8.suffix(6).allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// Removes what killed writers left: regular files of ours named like our temporaries, not
    /// touched for `staleAfter`. Never anything else.
    static func removeStaleTemporaries(of name: String, in folder: String, now: Date = Date()) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where isTemporary(entry, of: name) {
            let full = "\(folder)/\(entry)"
            var info = stat()
            guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > staleAfter else { continue }
            unlink(full)
        }
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func failure(_ what: String) -> WriteError {
        let reason = errno == ENOSPC ? "no space left on the device"
            : errno == EACCES || errno == EPERM ? "permission denied"
            : errno == EROFS ? "the filesystem is read-only"
            : String(cString: strerror(errno))
        return WriteError(description: "\(what): \(reason)")
    }
}
