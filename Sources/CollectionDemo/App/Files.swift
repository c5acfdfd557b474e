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
            try handle.write(contentsOf: data)
            return
        }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw AppFileError("cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}

/// Reads a script from a file, a device or a pipe; `-` is standard input.
public enum ScriptSource {
    public static func read(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            // FileHandle reads what `String(contentsOfFile:)` refuses: /dev/stdin, FIFOs, /dev/null.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw AppFileError("cannot read the script '\(path)': it is a directory")
            }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw AppFileError("cannot read the script '\(path)'") }
            defer { try? handle.close() }
            data = try handle.readToEnd() ?? Data()
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw AppFileError("cannot read the script '\(path)': it is not UTF-8 text")
        }
        return text
    }
}

/// A file that could not be read or written, with the message the user sees.
public struct AppFileError: Error, CustomStringConvertible {
    public var description: String
    init(_ d: String) { description = d }
}
