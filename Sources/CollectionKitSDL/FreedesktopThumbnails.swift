import CGio
import CPNG
import CollectionKit
import Foundation
import Glibc

/// The freedesktop.org thumbnail cache (the Thumbnail Managing Standard), shared with file
/// managers and image viewers: `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/`
/// (128, 256, 512 and 1024 pixels), each thumbnail a PNG named by the MD5 of its file's URI, with
/// `Thumb::URI` and `Thumb::MTime` text keys. A thumbnail is used only if both match the file as it
/// is now; one this program makes is written to a temporary file and renamed into place (no
/// reader sees half of it), readable by the user alone (0600, folders 0700).
///
/// URIs and their MD5 come from GLib (`g_filename_to_uri`, `g_compute_checksum_for_string`), the
/// functions GNOME's thumbnailers name files with, so the names agree byte for byte.
public struct FreedesktopThumbnails: ThumbnailStoring {
    /// The flavours the standard names, smallest first.
    public static let flavours: [(name: String, side: Int)] = [("normal", 128), ("large", 256), ("x-large", 512), ("xx-large", 1024)]

    /// The cache's folder (`…/thumbnails`).
    public let root: String
    /// Written into each thumbnail's `Software` key.
    public var software = "CollectionKit"

    /// The user's cache: `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails`.
    public init() {
        let env = ProcessInfo.processInfo.environment
        let cache = env["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (NSHomeDirectory() + "/.cache")
        self.init(root: cache + "/thumbnails")
    }

    /// A cache kept in `root` (tests give a folder of their own).
    public init(root: String) { self.root = root }

    public func flavourSide(atLeast side: Int) -> Int? {
        FreedesktopThumbnails.flavours.first { $0.side >= side }?.side
    }

    /// The `file://` URI of `path` (made absolute), as GLib writes it.
    public static func uri(of path: String) -> String? {
        // A name that is not UTF-8 goes to GLib as the bytes it is (``FileSystemName``).
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let u = FileSystemName.withPath(absolute, { g_filename_to_uri($0, nil, nil) }) else { return nil }
        defer { g_free(u) }
        return String(cString: u)
    }

    /// Where the thumbnail of `path` in the flavour `name` lives.
    public func path(of path: String, flavour name: String) -> String? {
        guard let uri = FreedesktopThumbnails.uri(of: path), let sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return nil }
        defer { g_free(sum) }
        return "\(root)/\(name)/\(String(cString: sum)).png"
    }

    /// The file's modification time in whole seconds, as `Thumb::MTime` holds it.
    static func modificationTime(_ path: String) -> Int? {
        FileSystemName.status(path).map { Int($0.st_mtim.tv_sec) }
    }

    public func thumbnail(of source: String, atLeast side: Int) -> ImagePixels? {
        guard let uri = FreedesktopThumbnails.uri(of: source), let mtime = FreedesktopThumbnails.modificationTime(source) else { return nil }
        for flavour in FreedesktopThumbnails.flavours where flavour.side >= side {
            // A thumbnail is a few hundred kilobytes at most; a larger file (or a FIFO) is not read.
            guard let file = path(of: source, flavour: flavour.name), let data = try? FileSystemName.contents(file, limit: 16 << 20) else { continue }
            let keys = PNGText.keys(in: data)
            // Out of date, or another file's whose URI hashed the same: made again.
            guard keys["Thumb::URI"] == uri, keys["Thumb::MTime"] == String(mtime) else { continue }
            // A thumbnail is never larger than its flavour: a larger one is not decoded.
            if let pixels = PNGText.decode(data, maximumSide: flavour.side) { return pixels }
        }
        return nil
    }

    public func store(_ thumbnail: ImagePixels, of source: String) {
        let absolute = URL(fileURLWithPath: source).standardizedFileURL.path
        // The standard: never thumbnail the thumbnails.
        guard !absolute.hasPrefix(root + "/"), let uri = FreedesktopThumbnails.uri(of: source),
              let mtime = FreedesktopThumbnails.modificationTime(source),
              let flavour = FreedesktopThumbnails.flavours.first(where: { $0.side >= thumbnail.size.longerSide }),
              let file = path(of: source, flavour: flavour.name) else { return }
        let keys = [("Thumb::URI", uri), ("Thumb::MTime", String(mtime)), ("Software", software)]
        guard let png = PNGText.encode(thumbnail, keys: keys) else { return }
        let dir = "\(root)/\(flavour.name)"
        guard FreedesktopThumbnails.makeFolder(dir) else { return }
        FreedesktopThumbnails.writeAtomically(png, to: file)
    }

    /// Where the failure marker of `path` lives: `fail/<software>/`, as the standard asks of each
    /// program that records its own failures.
    public func failurePath(of path: String) -> String? {
        guard let uri = FreedesktopThumbnails.uri(of: path), let sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return nil }
        defer { g_free(sum) }
        return "\(root)/fail/\(software)/\(String(cString: sum)).png"
    }

    /// True when this program failed to read `source` as a picture before and the file has not
    /// changed since (the marker's URI and modification time match it).
    public func hasFailed(_ source: String) -> Bool {
        guard let file = failurePath(of: source), let data = try? FileSystemName.contents(file, limit: 1 << 20),
              let uri = FreedesktopThumbnails.uri(of: source), let mtime = FreedesktopThumbnails.modificationTime(source) else { return false }
        let keys = PNGText.keys(in: data)
        return keys["Thumb::URI"] == uri && keys["Thumb::MTime"] == String(mtime)
    }

    /// Writes the failure marker of `source`: a one-pixel PNG with its URI and modification time.
    /// Only for a file that can be read (one that cannot may be readable later, unchanged).
    public func storeFailure(of source: String) { storeFailure(of: source, reason: "") }

    /// The same, with the reason in the marker's `Comment` key (for people reading the cache).
    public func storeFailure(of source: String, reason: String) {
        let absolute = URL(fileURLWithPath: source).standardizedFileURL.path
        guard !absolute.hasPrefix(root + "/"), FileSystemName.withPath(absolute, { access($0, R_OK) }) == 0, let uri = FreedesktopThumbnails.uri(of: source),
              let mtime = FreedesktopThumbnails.modificationTime(source), let file = failurePath(of: source),
              let dot = ImagePixels(width: 1, height: 1, pixels: [0]) else { return }
        var keys = [("Thumb::URI", uri), ("Thumb::MTime", String(mtime)), ("Software", software)]
        if !reason.isEmpty { keys.append(("Comment", String(reason.prefix(400)))) }
        guard let png = PNGText.encode(dot, keys: keys), FreedesktopThumbnails.makeFolder((file as NSString).deletingLastPathComponent) else { return }
        FreedesktopThumbnails.writeAtomically(png, to: file)
    }

    /// Makes `dir` and any missing parents with mode 0700; true when it exists.
    static func makeFolder(_ dir: String) -> Bool {
        var st = stat()
        if stat(dir, &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR }
        let parent = (dir as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != dir, !makeFolder(parent) { return false }
        return mkdir(dir, 0o700) == 0 || errno == EEXIST
    }

    /// Writes `data` to a temporary file (0600) beside `path` and renames it over `path`.
    static func writeAtomically(_ data: Data, to path: String) {
        let temp = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        close(fd)
        if !written || rename(temp, path) != 0 { unlink(temp) }
    }
}

/// PNGs in memory for the thumbnail cache: pixels through libpng's simplified API, text chunks
/// (`tEXt`) read and spliced in here, since that API neither reads nor writes them.
enum PNGText {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// libpng's PNG_FORMAT_BGRA: blue, green, red, alpha bytes, an ARGB8888 word on this machine.
    private static let bgra: UInt32 = 0x13

    /// The `tEXt` keys and values of a PNG (Latin-1), before its image data; empty if not a PNG.
    static func keys(in data: Data) -> [String: String] {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return [:] }
        var out: [String: String] = [:]
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard length >= 0, at + 12 + length <= bytes.count else { break }
            if type == "IDAT" || type == "IEND" { break }
            if type == "tEXt" {
                let body = bytes[at + 8..<at + 8 + length]
                if let nul = body.firstIndex(of: 0) {
                    let key = String(decoding: body[body.startIndex..<nul], as: UTF8.self)
                    let value = String(body[(nul + 1)...].map { Character(Unicode.Scalar($0)) })
                    out[key] = value
                }
            }
            at += 12 + length
        }
        return out
    }

    /// The picture in a PNG, as ARGB8888; nil when libpng cannot read it, or when its header
    /// (``PictureHeader``) declares more than `maximumSide` pixels a side or is cut short: a
    /// poisoned 16384x16384 thumbnail is refused before anything is allocated for it. libpng
    /// reads it with its own limits set to the same side (`png_set_user_limits`), ancillary
    /// chunks of at most 256 kB (`png_set_chunk_malloc_max`) and few warnings.
    static func decode(_ data: Data, maximumSide: Int = 16384) -> ImagePixels? {
        guard let header = try? PictureHeader.read(data), header.format == .png,
              header.width <= maximumSide, header.height <= maximumSide else { return nil }
        return data.withUnsafeBytes { raw -> ImagePixels? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var w: Int32 = 0, h: Int32 = 0
            guard let px = ck_png_decode(base, raw.count, UInt32(maximumSide), UInt32(maximumSide), 256 << 10, &w, &h) else { return nil }
            defer { free(px) }
            let count = Int(w) * Int(h)
            let words = [UInt32](unsafeUninitializedCapacity: count) { buffer, n in
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: px, byteCount: count * 4)
                n = count
            }
            return ImagePixels(width: Int(w), height: Int(h), pixels: words)
        }
    }

    /// `pixels` as an RGBA PNG with `keys` as `tEXt` chunks right after the header.
    static func encode(_ pixels: ImagePixels, keys: [(String, String)]) -> Data? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(pixels.width)
        image.height = UInt32(pixels.height)
        image.format = bgra
        var size = 0
        let encoded: [UInt8]? = pixels.pixels.withUnsafeBytes { px in
            guard png_image_write_to_memory(&image, nil, &size, 0, px.baseAddress, 0, nil) != 0, size > 0 else { return nil }
            var out = [UInt8](repeating: 0, count: size)
            let ok = out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, px.baseAddress, 0, nil) }
            return ok != 0 ? Array(out[0..<size]) : nil
        }
        // Signature (8) and the IHDR chunk (4 + 4 + 13 + 4) come first.
        guard var png = encoded, png.count > 33 else { return nil }
        var text: [UInt8] = []
        for (key, value) in keys {
            let body = Array(key.utf8) + [0] + value.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
            text += chunk("tEXt", body)
        }
        png.insert(contentsOf: text, at: 33)
        return Data(png)
    }

    /// A PNG chunk: length, type, body, CRC-32 of type and body.
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let n = UInt32(body.count), c = crc32(typed)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + typed
            + [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, the one zlib computes).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
