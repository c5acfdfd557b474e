import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// The freedesktop.org thumbnail cache: what the pipeline writes is a valid PNG named and keyed
/// as the standard says, private to the user, and the next start reads it instead of decoding.
final class ThumbnailCacheTests: XCTestCase {
    /// Runs a command and returns its standard output.
    func run(_ args: [String], input: String? = nil) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func mode(_ path: String) -> Int {
        var st = stat()
        stat(path, &st)
        return Int(st.st_mode & 0o777)
    }

    /// Checks every chunk's CRC and lists the tEXt keys, with Python's zlib: a reader of its own.
    func pngChunks(_ path: String) throws -> String {
        let script = """
        import struct, sys, zlib
        d = open(sys.argv[1], 'rb').read()
        assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
        i, out = 8, []
        while i < len(d):
            n, = struct.unpack('>I', d[i:i+4]); t = d[i+4:i+8]; body = d[i+8:i+8+n]
            crc, = struct.unpack('>I', d[i+8+n:i+12+n])
            assert zlib.crc32(t + body) & 0xffffffff == crc, 'crc of ' + t.decode()
            out.append(t.decode() + ('=' + body.decode('latin-1').replace('\\0', '|') if t == b'tEXt' else ''))
            i += 12 + n
        print(' '.join(out))
        """
        return try run(["python3", "-c", script, path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testThumbnailsAreValidPNGsWithTheStandardKeysAndAreReadBackNextTime() throws {
        let dir = try Pictures.folder("thumbnails")
        let photo = dir.appendingPathComponent("holiday photo.jpg").path
        try Pictures.photo(width: 1600, height: 1200).writeJPEG(to: photo)
        let root = dir.appendingPathComponent("cache/thumbnails").path
        let store = FreedesktopThumbnails(root: root)
        let key = ImageKey(source: photo, size: Size(width: 150, height: 150), scale: 1)

        let first = CountingDecoder(ImageFileDecoder())
        let pipeline = ImagePipeline(decoder: first, thumbnails: store, workers: 1)
        Pictures.load([key], in: pipeline)
        XCTAssertEqual(first.calls, 1)
        XCTAssertEqual(pipeline.stats.decoded, 1)

        // Named by the MD5 of the file's URI (spaces escaped), in the 256-pixel flavour.
        let uri = "file://" + photo.replacingOccurrences(of: " ", with: "%20")
        XCTAssertEqual(FreedesktopThumbnails.uri(of: photo), uri)
        let md5 = try run(["sh", "-c", "printf %s \"$0\" | md5sum | cut -d' ' -f1", uri]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(md5.count, 32)
        let file = "\(root)/large/\(md5).png"
        XCTAssertTrue(FileManager.default.fileExists(atPath: file), "\(file) written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(root)/large"), ["\(md5).png"], "no temporary file left")
        XCTAssertEqual(mode(file), 0o600)
        XCTAssertEqual(mode("\(root)/large"), 0o700)
        XCTAssertEqual(mode(root), 0o700)

        var st = stat()
        stat(photo, &st)
        let chunks = try pngChunks(file)
        XCTAssertTrue(chunks.hasPrefix("IHDR tEXt=Thumb::URI|\(uri) tEXt=Thumb::MTime|\(st.st_mtim.tv_sec) "), chunks)
        XCTAssertTrue(chunks.hasSuffix("IEND"), chunks)
        let thumb = try Image.readPNG(file)
        XCTAssertEqual([thumb.width, thumb.height], [256, 192], "fits the large flavour, aspect kept")

        // The next start: read from disk, nothing decoded, the same picture.
        let second = CountingDecoder(ImageFileDecoder())
        let again = ImagePipeline(decoder: second, thumbnails: store, workers: 1)
        Pictures.load([key], in: again)
        XCTAssertEqual(second.calls, 0, "the thumbnail was read back")
        XCTAssertEqual(again.stats.fromDisk, 1)
        let a = try XCTUnwrap(pipeline.cache.peek(key)), b = try XCTUnwrap(again.cache.peek(key))
        XCTAssertEqual(a.size, b.size)
        XCTAssertEqual(a.averageColor.r, b.averageColor.r, accuracy: 3)

        // The file changed: the thumbnail is out of date, so it is made again with the new time.
        var times = [timespec(tv_sec: st.st_mtim.tv_sec + 60, tv_nsec: 0), timespec(tv_sec: st.st_mtim.tv_sec + 60, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, photo, &times, 0), 0)
        let third = CountingDecoder(ImageFileDecoder())
        let later = ImagePipeline(decoder: third, thumbnails: store, workers: 1)
        Pictures.load([key], in: later)
        XCTAssertEqual(third.calls, 1, "a stale thumbnail is not used")
        XCTAssertTrue(try pngChunks(file).contains("Thumb::MTime|\(st.st_mtim.tv_sec + 60) "))
    }

    func testAThumbnailOfAnotherFileIsNotUsed() throws {
        let dir = try Pictures.folder("thumbnails-other")
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        try Pictures.photo(width: 600, height: 400, seed: 1).writePNG(to: a)
        try Pictures.photo(width: 600, height: 400, seed: 2).writePNG(to: b)
        let store = FreedesktopThumbnails(root: dir.appendingPathComponent("thumbnails").path)
        let made = try XCTUnwrap(ImageFileDecoder().decode(a, covering: PixelSize(width: 256, height: 256), mode: .fit))
        store.store(made.thumbnail(for: PixelSize(width: 256, height: 256), mode: .fit), of: a)
        XCTAssertNotNil(store.thumbnail(of: a, atLeast: 200))
        XCTAssertNil(store.thumbnail(of: a, atLeast: 300), "the large flavour is too small for 300 pixels")
        // b's name with a's thumbnail in it (as a hash collision or a renamed file would leave it).
        try FileManager.default.copyItem(atPath: try XCTUnwrap(store.path(of: a, flavour: "large")),
                                         toPath: try XCTUnwrap(store.path(of: b, flavour: "large")))
        XCTAssertNil(store.thumbnail(of: b, atLeast: 200), "Thumb::URI names another file")
    }

    /// A file that is not a picture is tried once: a failure marker in `fail/<program>/` (keyed by
    /// its URI and modification time) keeps this and the next start from decoding it again, until
    /// the file changes.
    func testABrokenFileIsTriedOnceUntilItChanges() throws {
        let dir = try Pictures.folder("thumbnails-fail")
        let broken = dir.appendingPathComponent("broken.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0x41, count: 300)).write(to: URL(fileURLWithPath: broken))
        let root = dir.appendingPathComponent("thumbnails").path
        var store = FreedesktopThumbnails(root: root)
        store.software = "ck-test"
        let key = ImageKey(source: broken, size: Size(width: 150, height: 150), scale: 1)

        let first = CountingDecoder(ImageFileDecoder())
        Pictures.load([key], in: ImagePipeline(decoder: first, thumbnails: store, workers: 1))
        XCTAssertEqual(first.calls, 1)
        let marker = try XCTUnwrap(store.failurePath(of: broken))
        XCTAssertTrue(marker.hasPrefix(root + "/fail/ck-test/"), marker)
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "failure marker written")
        var st = stat()
        stat(broken, &st)
        XCTAssertTrue(try pngChunks(marker).contains("Thumb::MTime|\(st.st_mtim.tv_sec) "))

        let second = CountingDecoder(ImageFileDecoder())
        let again = ImagePipeline(decoder: second, thumbnails: store, workers: 1)
        Pictures.load([key], in: again)
        XCTAssertEqual(second.calls, 0, "a failed file is not decoded again")
        XCTAssertEqual(again.state(of: key), .failed)

        // The file changed (saved again, now a picture): tried again, and shown.
        try Pictures.photo(width: 400, height: 300).writeJPEG(to: broken)
        var times = [timespec(tv_sec: st.st_mtim.tv_sec + 60, tv_nsec: 0), timespec(tv_sec: st.st_mtim.tv_sec + 60, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, broken, &times, 0), 0)
        let third = CountingDecoder(ImageFileDecoder())
        let later = ImagePipeline(decoder: third, thumbnails: store, workers: 1)
        Pictures.load([key], in: later)
        XCTAssertEqual(third.calls, 1)
        XCTAssertNotEqual(later.state(of: key), .failed)
    }
}
