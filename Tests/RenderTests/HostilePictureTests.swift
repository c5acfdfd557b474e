import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// Pictures as hostile input: headers over the budget or cut short are refused before any decoder
/// allocates; a decoder that crashes, loops or runs away in memory in its worker process costs
/// that file alone; a failed file is remembered (`fail/` marker) and not tried again; a cached
/// thumbnail over its flavour is refused, not decoded. The hostile files are made here, small.
final class HostilePictureTests: XCTestCase {
    // MARK: Hostile files

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A PNG claiming `w`x`h` with a tiny IDAT (a few bytes of zlib), `text` chunks before it.
    static func claimingPNG(width w: Int, height h: Int, text: [(String, String)] = []) -> Data {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += PNGText.chunk("IHDR", be32(w) + be32(h) + [8, 6, 0, 0, 0])
        for (k, v) in text { out += PNGText.chunk("tEXt", Array(k.utf8) + [0] + Array(v.utf8)) }
        out += PNGText.chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        out += PNGText.chunk("IEND", [])
        return Data(out)
    }

    /// 45 bytes: a PNG cut inside its cHRM chunk (libpng looped on it, writing warnings).
    static let cutInsideCHRM: Data = {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += PNGText.chunk("IHDR", be32(64) + be32(64) + [8, 2, 0, 0, 0])
        out += be32(32) + Array("cHRM".utf8) + [0, 0, 0x7A, 0x26]
        return Data(out)
    }()

    /// A GIF whose logical screen and only frame claim 65535x65535 (7.8 GB resident before).
    static let giantGIF: Data = {
        var out = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        out += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]
        out += [0x02, 0x02, 0x4C, 0x01, 0x00, 0x3B]
        return Data(out)
    }()

    /// A real JPEG with its frame header patched to claim `w`x`h`.
    static func claimingJPEG(width w: Int, height h: Int) throws -> Data {
        let dir = try Pictures.folder("jpeg-claim")
        let path = dir.appendingPathComponent("small.jpg").path
        try Pictures.photo(width: 64, height: 48).writeJPEG(to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var at = 2
        while at + 9 < bytes.count {
            let marker = bytes[at + 1], length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[at + 5] = UInt8(h >> 8); bytes[at + 6] = UInt8(h & 0xFF)
                bytes[at + 7] = UInt8(w >> 8); bytes[at + 8] = UInt8(w & 0xFF)
                return Data(bytes)
            }
            at += 2 + length
        }
        throw XCTSkip("no SOF in the JPEG written")
    }

    func refusal(_ data: Data, budget: PictureBudget = .default) -> String? {
        do { _ = try PictureHeader.check(data, budget: budget); return nil } catch { return "\(error)" }
    }

    // MARK: Header check

    func testTheHeaderCheckRefusesOverBudgetAndCutShortFilesBeforeDecoding() throws {
        XCTAssertEqual(refusal(Self.claimingPNG(width: 50_000, height: 50_000)),
                       "50000x50000 is over the budget of 100 megapixels, 30000 pixels a side")
        XCTAssertEqual(refusal(Self.claimingPNG(width: 20_000, height: 20_000)),
                       "20000x20000 is over the budget of 100 megapixels, 30000 pixels a side")
        XCTAssertEqual(Self.cutInsideCHRM.count, 45)
        XCTAssertEqual(refusal(Self.cutInsideCHRM), "the PNG is cut short inside a chunk before its pixels")
        XCTAssertLessThan(Self.giantGIF.count, 40)
        XCTAssertEqual(refusal(Self.giantGIF), "65535x65535 is over the budget of 100 megapixels, 30000 pixels a side")
        XCTAssertEqual(refusal(try Self.claimingJPEG(width: 60_000, height: 60_000)),
                       "60000x60000 is over the budget of 100 megapixels, 30000 pixels a side")
        // A small screen whose frame is huge: the frame counts.
        var frame = [UInt8](Self.giantGIF)
        frame[6] = 16; frame[7] = 0; frame[8] = 16; frame[9] = 0
        XCTAssertEqual(refusal(Data(frame)), "65535x65535 is over the budget of 100 megapixels, 30000 pixels a side")
        XCTAssertEqual(refusal(Data("hello".utf8)), "not a picture format this program reads")
        XCTAssertEqual(refusal(Data()), "the file is empty")

        // Good pictures pass with their sizes.
        let dir = try Pictures.folder("headers")
        try Pictures.photo(width: 300, height: 200).writePNG(to: dir.appendingPathComponent("a.png").path)
        try Pictures.photo(width: 320, height: 240).writeJPEG(to: dir.appendingPathComponent("a.jpg").path)
        XCTAssertEqual(try PictureHeader.read(Data(contentsOf: dir.appendingPathComponent("a.png"))), PictureHeader(format: .png, width: 300, height: 200))
        XCTAssertEqual(try PictureHeader.read(Data(contentsOf: dir.appendingPathComponent("a.jpg"))), PictureHeader(format: .jpeg, width: 320, height: 240))
        var smallGIF = [UInt8](Self.giantGIF)
        smallGIF.replaceSubrange(6..<10, with: [3, 0, 2, 0])
        smallGIF.replaceSubrange(18..<22, with: [3, 0, 2, 0])
        XCTAssertEqual(try PictureHeader.read(Data(smallGIF)), PictureHeader(format: .gif, width: 3, height: 2))
        XCTAssertEqual(try PictureHeader.read(Data(smallGIF.prefix(smallGIF.count - 3))), PictureHeader(format: .gif, width: 3, height: 2),
                       "cut short inside its first frame: read (the decoder shows what there is)")
        XCTAssertEqual(refusal(Data(smallGIF.prefix(16))), "the file ends inside its header", "cut inside the first descriptor")

        // The decoder refuses them with the reason, in this process, without allocating for them
        // (before, the 50000x50000 PNG crashed the program inside libpng).
        let decoder = ImageFileDecoder(workerNice: nil)
        for (name, data) in [("huge.png", Self.claimingPNG(width: 50_000, height: 50_000)), ("cut.png", Self.cutInsideCHRM), ("giant.gif", Self.giantGIF)] {
            let path = dir.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try decoder.decode(path, covering: PixelSize(width: 256, height: 256), mode: .fit), name) { error in
                XCTAssertTrue(error is PictureHeader.Refusal, "\(name): \(error)")
            }
        }
        // A FIFO in a picture's place is refused at once, not waited on.
        let fifo = dir.appendingPathComponent("fifo.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try decoder.decode(fifo, covering: PixelSize(width: 256, height: 256), mode: .fit))
    }

    /// libpng's own limits: a PNG larger than the side given is refused by libpng itself.
    func testLibpngsOwnLimitsRefuseALargerPicture() throws {
        let dir = try Pictures.folder("png-limits")
        let path = dir.appendingPathComponent("p.png").path
        try Pictures.photo(width: 300, height: 100).writePNG(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(ImageFileDecoder.decodePNG(data, maximumSide: 300)?.size, PixelSize(width: 300, height: 100))
        XCTAssertNil(ImageFileDecoder.decodePNG(data, maximumSide: 299), "png_set_user_limits refuses it")
        XCTAssertNil(ImageFileDecoder.decodePNG(data.prefix(data.count - 20), maximumSide: 300), "cut short")
        XCTAssertNil(PNGText.decode(data, maximumSide: 256), "a thumbnail over its flavour")
    }

    // MARK: Cached thumbnails

    /// A poisoned 16384x16384 thumbnail in the cache (1.1 GB and 3.5 s a cell before) is refused
    /// without decoding; the picture is decoded from its file and the thumbnail made again.
    func testAPoisonedCachedThumbnailIsRefusedNotDecoded() throws {
        let dir = try Pictures.folder("poisoned-thumbnail")
        let photo = dir.appendingPathComponent("photo.jpg").path
        try Pictures.photo(width: 800, height: 600).writeJPEG(to: photo)
        let root = dir.appendingPathComponent("cache/thumbnails").path
        let store = FreedesktopThumbnails(root: root)
        let thumb = try XCTUnwrap(store.path(of: photo, flavour: "large"))
        XCTAssertTrue(FreedesktopThumbnails.makeFolder(root + "/large"))
        let uri = try XCTUnwrap(FreedesktopThumbnails.uri(of: photo))
        let mtime = try XCTUnwrap(FreedesktopThumbnails.modificationTime(photo))
        try Self.claimingPNG(width: 16384, height: 16384, text: [("Thumb::URI", uri), ("Thumb::MTime", String(mtime))])
            .write(to: URL(fileURLWithPath: thumb))
        XCTAssertNil(store.thumbnail(of: photo, atLeast: 150), "refused: larger than its flavour")

        let decoder = CountingDecoder(ImageFileDecoder(workerNice: nil))
        let pipeline = ImagePipeline(decoder: decoder, thumbnails: store, workers: 0)
        let key = ImageKey(source: photo, size: Size(width: 150, height: 150), scale: 1)
        Pictures.load([key], in: pipeline)
        XCTAssertTrue([.shown, .fading].contains(pipeline.state(of: key)))
        XCTAssertEqual(decoder.calls, 1, "decoded from the file")
        XCTAssertEqual(store.thumbnail(of: photo, atLeast: 150)?.size, PixelSize(width: 256, height: 192), "made again")
    }

    // MARK: Worker processes

    /// The demo program, built beside the tests: it serves as the decode worker.
    func worker() throws -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("collection-demo")
        let candidates = [beside, Bundle(for: HostilePictureTests.self).bundleURL.deletingLastPathComponent().appendingPathComponent("collection-demo")]
        guard let exe = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("collection-demo is not built next to the tests (looked at \(candidates.map(\.path)))")
        }
        return exe.path
    }

    /// A worker that crashes, one that loops forever and one that allocates without end cost only
    /// their own file: the pipeline marks each failed with the reason, starts a new worker and
    /// decodes the others; every failure gets its marker, and the next start decodes nothing.
    func testACrashingHangingOrRunawayDecoderCostsOnlyItsFile() throws {
        let dir = try Pictures.folder("workers")
        var good: [String] = []
        for i in 0..<3 {
            let path = dir.appendingPathComponent("good-\(i).jpg").path
            try Pictures.photo(width: 640, height: 480, seed: i).writeJPEG(to: path)
            good.append(path)
        }
        let png = dir.appendingPathComponent("good.png").path
        try Pictures.photo(width: 300, height: 300).writePNG(to: png)
        good.append(png)
        var bad: [String: String] = [:]
        for name in ["crash.jpg", "hang.jpg", "allocate.jpg"] {
            let path = dir.appendingPathComponent(name).path
            try Pictures.photo(width: 64, height: 64).writeJPEG(to: path)
            bad[name] = path
        }
        for (name, data) in [("huge.png", Self.claimingPNG(width: 50_000, height: 50_000)), ("cut.png", Self.cutInsideCHRM), ("giant.gif", Self.giantGIF)] {
            let path = dir.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            bad[name] = path
        }
        // 4 s of the worker's own time, up to 16 s on a machine too busy to give it a CPU: a good
        // picture's worker (a debug build starting, then one decode) waited past 8 s of wall time
        // there once and cost its file, when the deadline counted the waiting.
        let decoder = IsolatedImageDecoder(
            command: [try worker()],
            environment: [ImageDecodeWorker.faultsVariable: "crash=crash.jpg,hang=hang.jpg,allocate=allocate.jpg"],
            limits: .init(memoryBytes: 512 << 20, cpuSeconds: 1, wallSeconds: 4))
        let root = dir.appendingPathComponent("cache/thumbnails").path
        let store = FreedesktopThumbnails(root: root)
        let pipeline = ImagePipeline(decoder: decoder, thumbnails: store, workers: 2)
        func key(_ path: String) -> ImageKey { ImageKey(source: path, size: Size(width: 150, height: 150), scale: 1) }
        // The bad ones first: the good ones after them must still be decoded.
        let order = bad.keys.sorted().map { bad[$0]! } + good
        Pictures.load(order.map(key), in: pipeline)
        for path in good { XCTAssertTrue([.shown, .fading].contains(pipeline.state(of: key(path))), path) }
        for (name, path) in bad { XCTAssertEqual(pipeline.state(of: key(path)), .failed, name) }
        XCTAssertEqual(decoder.workersLost, 3, "the crash, the hang and the runaway each cost their worker, nothing else")
        // (Under AddressSanitizer its own handlers end a crashed worker with status 1.)
        let sanitized = ProcessInfo.processInfo.environment["CK_SANITIZED"] != nil
        let crashed = pipeline.failureReason(of: bad["crash.jpg"]!) ?? "", ranAway = pipeline.failureReason(of: bad["allocate.jpg"]!) ?? ""
        XCTAssertTrue(crashed == "the decoder crashed (signal 11)" || sanitized && crashed.hasPrefix("the decoder "), crashed)
        // Its CPU second, or on a machine too busy to give it one, its deadline.
        let hung = pipeline.failureReason(of: bad["hang.jpg"]!) ?? ""
        XCTAssertTrue(["the decoder used more than its CPU time", "the decoder took longer than its time"].contains(hung), hung)
        XCTAssertTrue(ranAway == "the decoder crashed (signal 6)" || sanitized && ranAway.hasPrefix("the decoder "),
                      "malloc refused at the limit: \(ranAway)")
        XCTAssertEqual(pipeline.failureReason(of: bad["cut.png"]!), "the PNG is cut short inside a chunk before its pixels")

        // Each failure has its marker, with the reason; each good picture its thumbnail.
        for (name, path) in bad {
            XCTAssertTrue(store.hasFailed(path), name)
            let marker = try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(store.failurePath(of: path))))
            XCTAssertNotNil(PNGText.keys(in: marker)["Comment"], name)
        }

        // The next start: nothing is decoded, the failed ones are failed at once.
        let counting = CountingDecoder(ImageFileDecoder(workerNice: nil))
        let next = ImagePipeline(decoder: counting, thumbnails: FreedesktopThumbnails(root: root), workers: 0)
        Pictures.load(order.map(key), in: next)
        XCTAssertEqual(counting.calls, 0, "good ones from the thumbnail cache, failed ones from their markers")
        for (name, path) in bad { XCTAssertEqual(next.state(of: key(path)), .failed, name) }
        for path in good { XCTAssertTrue([.shown, .fading].contains(next.state(of: key(path))), path) }
    }

    /// A decoder that sleeps rather than spins is stopped by the wall-clock deadline.
    func testADecoderPastItsDeadlineIsKilled() throws {
        let dir = try Pictures.folder("deadline")
        let slow = dir.appendingPathComponent("hang.jpg").path, fine = dir.appendingPathComponent("fine.jpg").path
        try Pictures.photo(width: 64, height: 64).writeJPEG(to: slow)
        try Pictures.photo(width: 64, height: 64).writeJPEG(to: fine)
        let decoder = IsolatedImageDecoder(command: [try worker()], environment: [ImageDecodeWorker.faultsVariable: "sleep=hang.jpg"],
                                           limits: .init(memoryBytes: 512 << 20, cpuSeconds: 60, wallSeconds: 1))
        XCTAssertThrowsError(try decoder.decode(slow, covering: PixelSize(width: 32, height: 32), mode: .fit)) { error in
            XCTAssertEqual("\(error)", "the decoder took longer than its time")
        }
        XCTAssertEqual(try decoder.decode(fine, covering: PixelSize(width: 32, height: 32), mode: .fit).size, PixelSize(width: 32, height: 32))
        XCTAssertEqual(decoder.workersStarted, 2, "a new worker after the one killed")
    }

    /// A worker holds none of this program's descriptors (a folder lock taken with `flock` on a
    /// descriptor without O_CLOEXEC would otherwise stay taken while the worker lives).
    func testAWorkerHoldsNoneOfTheProgramsFiles() throws {
        let dir = try Pictures.folder("worker-fds")
        let marker = dir.appendingPathComponent("held-open").path
        let fd = open(marker, O_CREAT | O_WRONLY, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let photo = dir.appendingPathComponent("p.jpg").path
        try Pictures.photo(width: 64, height: 64).writeJPEG(to: photo)
        let decoder = IsolatedImageDecoder(command: [try worker()])
        _ = try decoder.decode(photo, covering: PixelSize(width: 32, height: 32), mode: .fit)
        // The idle worker: this process's child running the demo.
        let me = getpid()
        let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == me
                && ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? "").hasSuffix("collection-demo")
        }
        XCTAssertEqual(children.count, 1, "one worker")
        for child in children {
            let links = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child)/fd").compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/fd/\($0)")
            }
            XCTAssertFalse(links.contains(marker), "the worker holds \(links)")
        }
    }

    // MARK: File names

    /// A picture whose name is not UTF-8 (Latin-1 `café`) is listed, decoded, thumbnailed and
    /// marked like any other.
    func testANonUTF8FileNameIsListedDecodedAndThumbnailed() throws {
        let dir = try Pictures.folder("latin1")
        let bytes = Array(dir.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let name = FileSystemName.string(bytes)
        XCTAssertEqual(FileSystemName.bytes(name), bytes, "round trip")
        XCTAssertEqual(FileSystemName.display(name), dir.path + "/caf\u{FFFD}.jpg")
        let jpeg = dir.appendingPathComponent("tmp.jpg").path
        try Pictures.photo(width: 400, height: 300).writeJPEG(to: jpeg)
        XCTAssertEqual(FileSystemName.withPath(name) { rename(jpeg, $0) }, 0)
        let listed = try XCTUnwrap(FileSystemName.entries(of: dir.path))
        XCTAssertEqual(listed.map(\.name), [String(name.split(separator: "/").last!)])

        let pipeline = ImagePipeline(decoder: ImageFileDecoder(workerNice: nil),
                                     thumbnails: FreedesktopThumbnails(root: dir.appendingPathComponent("cache").path), workers: 0)
        let key = ImageKey(source: name, size: Size(width: 100, height: 100), scale: 1)
        Pictures.load([key], in: pipeline)
        XCTAssertTrue([.shown, .fading].contains(pipeline.state(of: key)))
        XCTAssertEqual(FreedesktopThumbnails.uri(of: name), "file://" + dir.path + "/caf%E9.jpg", "GLib's URI of the bytes")
        XCTAssertNotNil(FreedesktopThumbnails(root: dir.appendingPathComponent("cache").path).thumbnail(of: name, atLeast: 100))
        // Dropped from a file manager: SDL hands over the bytes; the same name comes out.
        let dropped = FileSystemName.bytes(name).map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(dropped.withUnsafeBufferPointer { ExternalDropReader.fileName($0.baseAddress!) }, name)
        XCTAssertEqual(try IsolatedImageDecoder(command: [try worker()]).decode(name, covering: PixelSize(width: 40, height: 40), mode: .fit).width,
                       40, "through a worker too")
    }
}
