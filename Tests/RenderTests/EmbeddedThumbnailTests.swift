import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// A JPEG's EXIF thumbnail (libexif) is read, decoded and turned upright; a missing, broken or
/// hostile one costs only itself: the picture is decoded all the same.
final class EmbeddedThumbnailTests: XCTestCase {
    /// `jpeg` with an EXIF block carrying `thumbnail` (IFD1's JPEGInterchangeFormat and its
    /// length) and, unless 0, an Orientation in IFD0. Little-endian TIFF.
    static func withThumbnail(_ jpeg: Data, _ thumbnail: Data, orientation: UInt16 = 0) -> Data {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let ifd0Entries = orientation == 0 ? 0 : 1
        let ifd1 = 8 + 2 + 12 * ifd0Entries + 4
        let data = ifd1 + 2 + 24 + 4
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(8)
        tiff += u16(ifd0Entries)
        if orientation != 0 { tiff += u16(0x0112) + u16(3) + u32(1) + u16(Int(orientation)) + [0, 0] }
        tiff += u32(ifd1)
        tiff += u16(2)
        tiff += u16(0x0201) + u16(4) + u32(1) + u32(data)                // JPEGInterchangeFormat
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(thumbnail.count)     // its length
        tiff += u32(0)
        tiff += Array(thumbnail)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body)
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// A flat JPEG of one colour.
    static func flat(_ dir: URL, _ name: String, width: Int, height: Int, colour: UInt32) throws -> Data {
        let path = dir.appendingPathComponent(name).path
        try Image(width: width, height: height, pixels: [UInt32](repeating: colour, count: width * height)).writeJPEG(to: path, quality: 90)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func testTheExifThumbnailIsDecodedAndTurnedAsThePictureIs() throws {
        let dir = try Pictures.folder("embedded")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try Data(contentsOf: URL(fileURLWithPath: { let p = dir.appendingPathComponent("photo.jpg").path
            try Pictures.photo(width: 640, height: 480).writeJPEG(to: p); return p }()))
        let red = try Self.flat(dir, "red.jpg", width: 160, height: 120, colour: 0xFFE0_2020)
        let decoder = ImageFileDecoder(workerNice: nil)
        for (o, size) in [(UInt16(0), PixelSize(width: 160, height: 120)), (6, PixelSize(width: 120, height: 160))] {
            let path = dir.appendingPathComponent("with-\(o).jpg").path
            try Self.withThumbnail(photo, red, orientation: o).write(to: URL(fileURLWithPath: path))
            let small = try XCTUnwrap(decoder.embeddedThumbnail(of: path), "orientation \(o)")
            XCTAssertEqual(small.size, size, "orientation \(o)")
            let centre = small.pixels[small.height / 2 * small.width + small.width / 2]
            XCTAssertGreaterThan(Int(centre >> 16 & 0xFF), 0xC0, "the thumbnail's own pixels (red)")
            // The picture itself still decodes whole.
            XCTAssertEqual(try decoder.decode(path, covering: PixelSize(width: 640, height: 640), mode: .fit).width, o == 6 ? 480 : 640)
        }
        XCTAssertNil(decoder.embeddedThumbnail(of: dir.appendingPathComponent("red.jpg").path), "no EXIF: none")
    }

    /// Garbage, a thumbnail cut short and one claiming a size over its budget give no thumbnail
    /// (and the picture still decodes); a thumbnail whose decoder crashes costs its worker only.
    func testABrokenOrHostileThumbnailCostsOnlyItself() throws {
        let dir = try Pictures.folder("embedded-hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try Self.flat(dir, "base.jpg", width: 320, height: 240, colour: 0xFF20_60C0)
        let small = try Self.flat(dir, "small.jpg", width: 160, height: 120, colour: 0xFFE0_2020)
        // A JPEG header claiming 60000x60000 (SOF0), nothing after it.
        let claiming = Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xEA, 0x60, 0xEA, 0x60, 0x03,
                             0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9])
        let cases = ["garbage.jpg": Data("not a picture at all".utf8), "cut.jpg": small.prefix(small.count / 2),
                     "claiming.jpg": claiming, "crashes.jpg": small]
        let decoder = ImageFileDecoder(workerNice: nil)
        for (name, thumbnail) in cases {
            let path = dir.appendingPathComponent(name).path
            try Self.withThumbnail(photo, thumbnail).write(to: URL(fileURLWithPath: path))
            if name != "crashes.jpg" { XCTAssertNil(decoder.embeddedThumbnail(of: path), name) }
            XCTAssertEqual(try decoder.decode(path, covering: PixelSize(width: 320, height: 320), mode: .fit).width, 320, name)
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("collection-demo")
        let candidates = [beside, Bundle(for: EmbeddedThumbnailTests.self).bundleURL.deletingLastPathComponent().appendingPathComponent("collection-demo")]
        guard let worker = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("collection-demo is not built next to the tests")
        }
        let isolated = IsolatedImageDecoder(command: [worker.path],
                                            environment: [ImageDecodeWorker.faultsVariable: "thumbnail-crash=crashes.jpg"])
        let crashes = dir.appendingPathComponent("crashes.jpg").path
        XCTAssertNil(isolated.embeddedThumbnail(of: crashes))
        XCTAssertEqual(isolated.workersLost, 1, "the thumbnail's worker crashed")
        XCTAssertEqual(try isolated.decode(crashes, covering: PixelSize(width: 320, height: 320), mode: .fit).width, 320, "the picture decodes")
        XCTAssertEqual(isolated.workersLost, 1)
        // Through the pipeline: the crashing thumbnail is skipped, the picture shown.
        let pipeline = ImagePipeline(decoder: isolated, workers: 1)
        let key = ImageKey(source: crashes, size: Size(100, 100), scale: 1)
        Pictures.load([key], in: pipeline)
        XCTAssertTrue([ImageLoadState.shown, .fading].contains(pipeline.state(of: key)))
        XCTAssertEqual(pipeline.stats.previews, 0)
        // A good one through a worker.
        let good = dir.appendingPathComponent("good.jpg").path
        try Self.withThumbnail(photo, small).write(to: URL(fileURLWithPath: good))
        XCTAssertEqual(isolated.embeddedThumbnail(of: good)?.size, PixelSize(width: 160, height: 120))
        XCTAssertNil(isolated.embeddedThumbnail(of: dir.appendingPathComponent("base.jpg").path), "none: no worker asked")
    }
}
