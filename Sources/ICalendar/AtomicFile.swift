import CLibical
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
///
/// The new file keeps what the write does not change: owner and group (`fchown` before the
/// rename, so root editing a user's 0600 file leaves it the user's), permissions, and every
/// extended attribute, POSIX ACLs (`system.posix_acl_access`) included. Where a replacement
/// cannot keep them (a file with other hard links, whose other names would keep the old text; an
/// owner or attribute this process may not give a new file), the file is written in place
/// instead, as Vim's `backupcopy=auto` and Emacs's `backup-by-copying-when-linked` do: the
/// backup is then a copy, written and flushed first, so a crash during the in-place write still
/// leaves the old text whole in `FILE~`.
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

    /// How the last `write` went (tests look): replaced by a rename, or written in place.
    enum Method: Equatable, Sendable { case replaced, inPlace }
    nonisolated(unsafe) static var lastMethod: Method = .replaced

    /// The system calls a write makes that can fail for want of room; tests put a failure here
    /// (ENOSPC) instead of filling a disk. Same contract as `write(2)`.
    nonisolated(unsafe) static var writeBytes: (Int32, UnsafeRawPointer, Int) -> Int = { fd, p, n in Glibc.write(fd, p, n) }

    public static func write(_ data: Data, to link: String, keepBackup: Bool = true) throws {
        try write(data, to: link, keepBackup: keepBackup, newLike: nil)
    }

    /// `newLike`: for a file that does not exist yet (a backup), the owner, group and mode to give
    /// it, so that a copy of a private file is as private as it.
    private static func write(_ data: Data, to link: String, keepBackup: Bool, newLike: stat?) throws {
        let path = target(of: link)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        // The original's permissions carry over; a new file gets the usual 0644.
        var info = stat()
        let exists = stat(path, &info) == 0
        let mode: mode_t = exists ? info.st_mode & 0o7777 : newLike.map { $0.st_mode & 0o777 } ?? 0o644
        removeStaleTemporaries(of: name, in: folder)
        // Another name of the same file would keep the old text after a rename.
        if exists, info.st_mode & S_IFMT == S_IFREG, info.st_nlink > 1 {
            try writeInPlace(data, to: path, keepBackup: keepBackup, like: info)
            return
        }

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
            try writeAll(data, fd: fd, path: path)
            // The original's owner and group first (a change of owner clears set-id bits), then
            // its mode (mkstemp makes the file 0600), then its extended attributes and ACLs.
            if !exists, let like = newLike, like.st_uid != geteuid() || like.st_gid != getegid() {
                _ = fchown(fd, like.st_uid, like.st_gid)
            }
            if exists {
                let kept = (info.st_uid == geteuid() && info.st_gid == getegid()) || fchown(fd, info.st_uid, info.st_gid) == 0
                if !kept || !copyAttributes(from: path, to: fd) {
                    // This process may not give a new file what the old one has: write in place.
                    close(fd)
                    unlink(temporary)
                    done = true
                    try writeInPlace(data, to: path, keepBackup: keepBackup, like: info)
                    return
                }
            }
            _ = fchmod(fd, mode)
            guard fsync(fd) == 0 else { throw failure("cannot flush \(path) to disk") }
        }
        if keepBackup, FileManager.default.fileExists(atPath: path) {
            try keepBackupCopy(of: path, like: info)
        }
        guard rename(temporary, path) == 0 else { throw failure("cannot replace \(path)") }
        done = true
        lastMethod = .replaced
        syncFolder(folder)
    }

    private static func writeAll(_ data: Data, fd: Int32, path: String) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = writeBytes(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write \(path)")
                }
                offset += n
            }
        }
    }

    /// Rewrites the file's own inode (its other hard links, owner, ACLs and attributes stay):
    /// the old text goes to `FILE~` as a copy first and is flushed, then the new bytes are
    /// written from the start and the file is cut to their length.
    private static func writeInPlace(_ data: Data, to path: String, keepBackup: Bool, like original: stat) throws {
        if keepBackup {
            guard let old = FileManager.default.contents(atPath: path) else { throw failure("cannot read \(path) to back it up") }
            let backup = path + backupSuffix
            // Never through a hard link of the backup's own: a fresh file.
            unlink(backup)
            try write(old, to: backup, keepBackup: false, newLike: original)
        }
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot open \(path) to write it") }
        defer { close(fd) }
        // The room first, so a full disk refuses before a byte of the old text is overwritten.
        let room = posix_fallocate(fd, 0, off_t(max(data.count, 1)))
        if room == ENOSPC || room == EDQUOT { errno = room; throw failure("cannot write \(path)") }
        try writeAll(data, fd: fd, path: path)
        guard ftruncate(fd, off_t(data.count)) == 0 else { throw failure("cannot write \(path)") }
        guard fsync(fd) == 0 else { throw failure("cannot flush \(path) to disk") }
        lastMethod = .inPlace
    }

    /// The value of the extended attribute `name` of `path`, or nil.
    static func attribute(_ path: String, _ name: String) -> [UInt8]? {
        let n = getxattr(path, name, nil, 0)
        guard n >= 0 else { return nil }
        var v = [UInt8](repeating: 0, count: max(n, 1))
        let got = getxattr(path, name, &v, n)
        return got >= 0 ? Array(v.prefix(got)) : nil
    }

    static func setAttribute(_ path: String, _ name: String, _ value: [UInt8]) -> Bool {
        setxattr(path, name, value, value.count, 0) == 0
    }

    /// Copies every extended attribute of `path` (ACLs are `system.posix_acl_*` ones) to `fd`;
    /// false when one cannot be set (then the file must be written in place to keep it).
    static func copyAttributes(from path: String, to fd: Int32) -> Bool {
        let size = listxattr(path, nil, 0)
        if size < 0 { return errno == ENOTSUP || errno == ENODATA }
        guard size > 0 else { return true }
        var names = [CChar](repeating: 0, count: size)
        let got = listxattr(path, &names, size)
        guard got >= 0 else { return false }
        var start = 0
        for i in 0..<got where names[i] == 0 {
            let name = names.withUnsafeBufferPointer { String(cString: $0.baseAddress! + start) }
            start = i + 1
            let length = getxattr(path, name, nil, 0)
            guard length >= 0 else { return false }
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let read = getxattr(path, name, &value, length)
            guard read >= 0, fsetxattr(fd, name, value, read, 0) == 0 else { return false }
        }
        return true
    }

    /// `FILE~` becomes the current version: a hard link where the filesystem has them, else a
    /// copy written the same atomic way.
    private static func keepBackupCopy(of path: String, like original: stat) throws {
        let backup = path + backupSuffix
        unlink(backup)
        if link(path, backup) == 0 { return }
        guard let old = FileManager.default.contents(atPath: path) else { throw failure("cannot read \(path) to back it up") }
        try write(old, to: backup, keepBackup: false, newLike: original)
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
