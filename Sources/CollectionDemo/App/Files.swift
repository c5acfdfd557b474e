import Foundation

/// Checks output paths before anything runs, and writes them in a way that also suits devices
/// and pipes (`/dev/stdout`, `/dev/null`, a FIFO).
public enum OutputFile {
    /// Why `path` cannot be written, or nil when it can. `what` names the flag or script line.
    public static func problem(_ path: String, _ what: String) -> String? {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if path.isEmpty { return "\(what): the path is empty" }
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "\(what): '\(path)' is a directory" }
            return fm.isWritableFile(atPath: path) ? nil : "\(what): cannot write '\(path)' (permission denied)"
        }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return "\(what): cannot write '\(path)': the directory '\(directory)' does not exist"
        }
        guard isDirectory.boolValue else { return "\(what): cannot write '\(path)': '\(directory)' is not a directory" }
        guard fm.isWritableFile(atPath: directory) else {
            return "\(what): cannot write '\(path)': no permission to create files in '\(directory)'"
        }
        return nil
    }

    /// Writes `data` to `path`. A regular file (or a new one) is replaced atomically, so a reader
    /// never sees half a dump; anything else (a device, a pipe) is written in place, since
    /// replacing it would put a regular file where `/dev/null` was.
    public static func write(_ data: Data, to path: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let type = attributes?[.type] as? FileAttributeType
        if let type, type != .typeRegular {
            guard let handle = FileHandle(forWritingAtPath: path) else { throw AppFileError("cannot write '\(path)'") }
            defer { try? handle.close() }
            do { try handle.write(contentsOf: data) } catch { throw AppFileError("cannot write '\(path)': \(reason(error))") }
            return
        }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw AppFileError("cannot write '\(path)': \(reason(error))")
        }
    }

    /// Writes `data` to standard output (`-`); a full disk or a closed pipe is a message, not a trap.
    public static func writeToStandardOutput(_ data: Data) throws {
        do { try FileHandle.standardOutput.write(contentsOf: data) } catch {
            throw AppFileError("cannot write to standard output: \(reason(error))")
        }
    }

    /// Why a write failed, in our words: Foundation's own text names its error domain and code.
    static func reason(_ error: Error) -> String {
        let e = error as NSError
        let posix = e.domain == NSPOSIXErrorDomain ? Int32(e.code) : (e.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
            $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil
        }
        if e.domain == NSCocoaErrorDomain, e.code == CocoaError.fileWriteOutOfSpace.rawValue { return "no space left on the device" }
        switch posix {
        case ENOSPC?: return "no space left on the device"
        case EDQUOT?: return "the disk quota is used up"
        case EACCES?, EPERM?: return "permission denied"
        case EROFS?: return "the file system is read-only"
        case EPIPE?: return "the reader closed the pipe"
        case let code?: return String(cString: strerror(code)).lowercased()
        case nil:
            if e.domain == NSCocoaErrorDomain, e.code == CocoaError.fileWriteNoPermission.rawValue { return "permission denied" }
            if e.domain == NSCocoaErrorDomain, e.code == CocoaError.fileWriteVolumeReadOnly.rawValue { return "the file system is read-only" }
            return e.localizedDescription
        }
    }
}

/// Reads a script from a file, a device or a pipe; `-` is standard input.
public enum ScriptSource {
    /// The longest script read, in bytes (64 MiB): a device such as `/dev/urandom` or an endless
    /// pipe has no end, so reading stops here with a message instead of filling memory.
    public static let maximumBytes = 64 << 20

    public static func read(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = try readText(from: FileHandle.standardInput, path)
        } else {
            // FileHandle reads what `String(contentsOfFile:)` refuses: /dev/stdin, FIFOs, /dev/null.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw AppFileError("cannot read the script '\(path)': it is a directory")
            }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw AppFileError("cannot read the script '\(path)'") }
            defer { try? handle.close() }
            data = try readText(from: handle, path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw AppFileError("cannot read the script '\(path)': it is not UTF-8 text")
        }
        return text
    }

    /// The bytes of `handle` up to its end, up to and including its first NUL byte, or past
    /// `maximumBytes` not at all. Text has no NUL, so one ends the reading: the parser then refuses
    /// that line as it refuses a NUL in any file (`/dev/zero` is refused at its first byte).
    static func readText(from handle: FileHandle, _ path: String) throws -> Data {
        var data = Data()
        while true {
            // A pipe that is slow to write is waited for a tenth of a second at a time, so a
            // SIGTERM meanwhile is seen (the read itself would be restarted after the signal).
            var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 100) == 0 || (ready.revents == 0 && errno == EINTR) {
                if EarlyStop.isRequested { return Data() }
            }
            if EarlyStop.isRequested { return Data() }
            // One read of what is there (FileHandle's read(upToCount:) waits for all it asked for).
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw AppFileError("cannot read the script '\(path)': \(String(cString: strerror(errno)))")
            }
            let chunk = Data(buffer[0..<n])
            if chunk.isEmpty { return data }
            // SIGTERM while a long script is read: the run stops before its first frame.
            if EarlyStop.isRequested { return Data() }
            if let nul = chunk.firstIndex(of: 0) {
                data.append(chunk[chunk.startIndex...nul])
                return data
            }
            data.append(chunk)
            if data.count > maximumBytes {
                throw AppFileError("cannot read the script '\(path)': it is longer than \(maximumBytes >> 20) MB; a script is text of at most that size")
            }
        }
    }
}

/// A file that could not be read or written, with the message the user sees.
public struct AppFileError: Error, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
