import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The desktop's trash as the freedesktop.org Trash specification (1.0) has it, the one `gio trash`,
/// Nautilus and every file manager share: a file moved to `$XDG_DATA_HOME/Trash/files/NAME` with
/// `$XDG_DATA_HOME/Trash/info/NAME.trashinfo` saying where it came from and when.
///
/// GLib's `g_file_trash` does the same but does not say where it put the file, which an Undo needs
/// (finding it again means listing the whole trash): hence this small version of the spec.
///
/// - The name is reserved by creating the `.trashinfo` file with `O_EXCL` (the spec's atomic step),
///   written in full before the file moves; a name taken in `info/` or `files/` is tried again as
///   `NAME.2`, `NAME.3`, … (as GLib does).
/// - The file moves with `link` + `unlink` (a regular file) or `rename` (anything else), on the
///   same file system only: a file elsewhere is refused with a message, never copied and deleted,
///   and never overwrites anything.
/// - ``restore(_:)`` puts it back under its old path, byte for byte (it is the same inode), and
///   refuses rather than overwrite a file made there since.
struct FreedesktopTrash {
    /// The trash folder: `$XDG_DATA_HOME/Trash`, else `~/.local/share/Trash`.
    let root: String

    /// A file in the trash: where it was, where it is, and its info file.
    struct Trashed: Equatable {
        var original: String
        var file: String
        var info: String
    }

    /// Why a move did not happen, in words for the user.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(root: String) { self.root = root }

    /// The home trash of the user the environment names.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        self.init(root: data + "/Trash")
    }

    /// Moves `path` (absolute) to the trash, deleted at `date`. Throws ``Failure`` and leaves
    /// everything as it was when it cannot.
    func trash(_ path: String, date: Date = Date()) throws -> Trashed {
        var st = stat()
        guard lstat(path, &st) == 0 else { throw Failure(description: filled(tr("it is gone (%@)"), errorText(errno))) }
        let files = root + "/files", infoDir = root + "/info"
        // The trash and the data folder above it are made on first use, private to the user.
        do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]) } catch {
            throw Failure(description: filled(tr("cannot make %1$@ (%2$@)"), root, errorText(errno)))
        }
        for dir in [files, infoDir] {
            if mkdir(dir, 0o700) != 0 && errno != EEXIST { throw Failure(description: filled(tr("cannot make %1$@ (%2$@)"), dir, errorText(errno))) }
        }
        let name = (path as NSString).lastPathComponent
        let contents = "[Trash Info]\nPath=\(FreedesktopTrash.escape(path))\nDeletionDate=\(FreedesktopTrash.dateText(date))\n"
        for n in 1...10_000 {
            let candidate = n == 1 ? name : "\(name).\(n)"
            let info = infoDir + "/" + candidate + ".trashinfo", target = files + "/" + candidate
            let fd = open(info, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: filled(tr("cannot write %1$@ (%2$@)"), info, errorText(errno)))
            }
            let bytes = Array(contents.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == bytes.count, synced else {
                unlink(info)
                throw Failure(description: filled(tr("cannot write %1$@ (%2$@)"), info, errorText(errno)))
            }
            switch FreedesktopTrash.move(path, to: target, regular: (st.st_mode & S_IFMT) == S_IFREG) {
            case 0: return Trashed(original: path, file: target, info: info)
            case EEXIST: unlink(info); continue
            case EXDEV:
                unlink(info)
                throw Failure(description: tr("it is on another file system than the trash"))
            case let code:
                unlink(info)
                throw Failure(description: errorText(code))
            }
        }
        throw Failure(description: tr("the trash has too many files of that name"))
    }

    /// Puts a trashed file back where it was and forgets its info file. Throws ``Failure`` (the
    /// file stays in the trash) when something else took its place or it left the trash.
    func restore(_ t: Trashed) throws {
        var st = stat()
        guard lstat(t.file, &st) == 0 else { throw Failure(description: filled(tr("it is no longer in the trash (%@)"), errorText(errno))) }
        let parent = (t.original as NSString).deletingLastPathComponent
        var folder = stat()
        guard stat(parent, &folder) == 0 else { throw Failure(description: filled(tr("its folder is gone (%@)"), parent)) }
        switch FreedesktopTrash.move(t.file, to: t.original, regular: (st.st_mode & S_IFMT) == S_IFREG) {
        case 0: unlink(t.info)
        case EEXIST: throw Failure(description: tr("another file of that name is there now"))
        case let code: throw Failure(description: errorText(code))
        }
    }

    /// Moves `from` to `to` without ever replacing a file at `to`: 0, or the errno.
    static func move(_ from: String, to: String, regular: Bool) -> Int32 {
        if regular {
            guard link(from, to) == 0 else { return errno }
            if unlink(from) != 0 { let e = errno; unlink(to); return e }
            return 0
        }
        // A folder or a link: rename, after checking the name is free (no link() for folders).
        var st = stat()
        if lstat(to, &st) == 0 { return EEXIST }
        return rename(from, to) == 0 ? 0 : errno
    }

    /// The path as the spec writes it: an absolute path with URL escapes (RFC 2396), "/" kept.
    static func escape(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "/-_.!~*'()")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// `YYYY-MM-DDThh:mm:ss` in local time, as the spec asks.
    static func dateText(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    private func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
