import Foundation
import Glibc

/// File names as Linux has them, bytes that need not be UTF-8, held in a `String` without loss:
/// each byte that is not part of valid UTF-8 becomes one scalar of U+10FF80...U+10FFFF (the end
/// of the last private-use plane, which no file name uses in practice), and goes back to the same
/// byte when the file is opened. A picture named in Latin-1 (`caf\xE9.jpg`) is listed, decoded and
/// thumbnailed like any other, where Foundation's listing lost it.
public enum FileSystemName {
    static let escapeBase: UInt32 = 0x10_FF00

    /// The name in `bytes` (no NUL), invalid UTF-8 bytes escaped.
    public static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var out = String.UnicodeScalarView()
        var all = Array(bytes)[...]
        while !all.isEmpty {
            // A fresh parser at each scalar: it then reads from exactly where `all` starts.
            var parser = Unicode.UTF8.ForwardParser()
            var sub = all.makeIterator()
            switch parser.parseScalar(from: &sub) {
            case let .valid(encoded):
                out.append(Unicode.UTF8.decode(encoded))
                all = all.dropFirst(encoded.count)
            case let .error(length):
                for b in all.prefix(length) { out.append(Unicode.Scalar(escapeBase + UInt32(b))!) }
                all = all.dropFirst(length)
            case .emptyInput:
                all = all.dropFirst(all.count)
            }
        }
        return String(out)
    }

    /// The bytes `name` stands for (escaped bytes put back), without a terminating NUL.
    public static func bytes(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for s in name.unicodeScalars {
            if s.value >= escapeBase + 0x80, s.value <= escapeBase + 0xFF { out.append(UInt8(s.value - escapeBase)); continue }
            out.append(contentsOf: String(s).utf8)
        }
        return out
    }

    /// Calls `body` with `name` as a NUL-terminated path for the system's calls.
    public static func withPath<R>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var b = bytes(name)
        b.append(0)
        return try b.withUnsafeBufferPointer { try $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count, body) }
    }

    /// `name` for people: escaped bytes shown as U+FFFD.
    public static func display(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value > escapeBase + 0x7F && $0.value <= escapeBase + 0xFF ? "\u{FFFD}" : $0 }))
    }

    /// `stat` of the file `name` names (symbolic links followed); nil when there is none.
    static func status(_ name: String) -> stat? {
        var st = stat()
        return withPath(name) { stat($0, &st) } == 0 ? st : nil
    }

    /// The contents of the regular file `name`, at most `limit` bytes: a FIFO, a device or a
    /// folder is refused (opened without blocking, so a FIFO cannot hold the caller), and so is a
    /// larger file, with the reason.
    static func contents(_ name: String, limit: Int) throws -> Data { try contents(name, limit: limit, reading: .max) }

    /// The first `bytes` bytes of the regular file `name` (all of a shorter one), refused as
    /// ``contents(_:limit:)`` refuses.
    static func head(_ name: String, bytes: Int) throws -> Data { try contents(name, limit: .max, reading: bytes) }

    private static func contents(_ name: String, limit: Int, reading maximum: Int) throws -> Data {
        let fd = withPath(name) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw PictureHeader.Refusal("cannot open it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw PictureHeader.Refusal("not a regular file") }
        guard Int(st.st_size) <= limit else { throw PictureHeader.Refusal("\(st.st_size) bytes is over the limit of \(limit) bytes") }
        let size = min(Int(st.st_size), maximum)
        var data = Data(count: size)
        var got = 0
        try data.withUnsafeMutableBytes { raw in
            while got < size {
                let n = read(fd, raw.baseAddress! + got, size - got)
                if n < 0, errno == EINTR { continue }
                if n < 0 { throw PictureHeader.Refusal("cannot read it: \(String(cString: strerror(errno)))") }
                if n == 0 { break }
                got += n
            }
        }
        return got == size ? data : data.prefix(got)
    }

    /// The entries of folder `name` (not `.` and `..`), each with whether it is a folder (not
    /// following symbolic links); nil when it cannot be read.
    public static func entries(of name: String) -> [(name: String, isFolder: Bool)]? {
        guard let dir = withPath(name, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var out: [(String, Bool)] = []
        while let e = readdir(dir) {
            let entryName: [UInt8] = withUnsafeBytes(of: e.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if entryName == [0x2E] || entryName == [0x2E, 0x2E] { continue }
            let n = string(entryName)
            var isFolder = Int32(e.pointee.d_type) == DT_DIR
            if Int32(e.pointee.d_type) == DT_UNKNOWN {
                var st = stat()
                isFolder = withPath(name + "/" + n) { lstat($0, &st) } == 0 && (st.st_mode & S_IFMT) == S_IFDIR
            }
            out.append((n, isFolder))
        }
        return out
    }
}
