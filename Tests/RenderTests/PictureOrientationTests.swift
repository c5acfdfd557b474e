import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// A JPEG shows the way its camera's EXIF orientation says, for each of the eight orientations,
/// and is decoded reduced for the box as it will be shown (turned), not as it is stored.
final class PictureOrientationTests: XCTestCase {
    /// Four flat quadrants: red top left, green top right, blue bottom left, white bottom right.
    static let colours: [UInt32] = [0xFFE0_2020, 0xFF20_C020, 0xFF20_40E0, 0xFFFF_FFFF]

    static func quadrants(width w: Int, height h: Int) -> Image {
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { px[y * w + x] = colours[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)] } }
        return Image(width: w, height: h, pixels: px)
    }

    /// `jpeg` with an EXIF block (little-endian TIFF, one entry: Orientation) after its start marker.
    static func withOrientation(_ jpeg: Data, _ o: UInt16) -> Data {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]   // "II", 42, IFD0 at 8
        tiff += [0x01, 0x00]                                                   // one entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]               // Orientation, SHORT, 1
        tiff += [UInt8(o & 0xFF), UInt8(o >> 8), 0x00, 0x00]                   // its value
        tiff += [0x00, 0x00, 0x00, 0x00]                                       // no next IFD
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: app1)
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// The colour of the quadrant around a point, as an index into `colours` (nearest colour).
    static func quadrant(_ p: ImagePixels, x: Int, y: Int) -> Int {
        let v = p.pixels[y * p.width + x]
        func d(_ c: UInt32) -> Int {
            var sum = 0
            for shift in [0, 8, 16] {
                let a = Int((v >> UInt32(shift)) & 0xFF), b = Int((c >> UInt32(shift)) & 0xFF)
                sum += abs(a - b)
            }
            return sum
        }
        return (0..<4).min { d(colours[$0]) < d(colours[$1]) }!
    }

    func testEachOrientationShowsThePictureUpright() throws {
        let dir = try Pictures.folder("orientation")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("q.jpg").path
        try Self.quadrants(width: 64, height: 32).writeJPEG(to: path, quality: 95)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: path))
        // Where each stored quadrant (0 TL, 1 TR, 2 BL, 3 BR) is seen once turned: TL, TR, BL, BR of the result.
        let expected: [UInt16: [Int]] = [
            1: [0, 1, 2, 3], 2: [1, 0, 3, 2], 3: [3, 2, 1, 0], 4: [2, 3, 0, 1],
            5: [0, 2, 1, 3], 6: [2, 0, 3, 1], 7: [3, 1, 2, 0], 8: [1, 3, 0, 2],
        ]
        let decoder = ImageFileDecoder(workerNice: nil)
        for o in UInt16(1)...8 {
            let data = Self.withOrientation(jpeg, o)
            XCTAssertEqual(ImageFileDecoder.exifOrientation(of: data), Int(o))
            let p = try decoder.decode(data: data, covering: PixelSize(width: 200, height: 200), mode: .fit)
            let turned = o >= 5
            XCTAssertEqual(p.width, turned ? 32 : 64, "orientation \(o)")
            XCTAssertEqual(p.height, turned ? 64 : 32, "orientation \(o)")
            let seen = [(p.width / 4, p.height / 4), (3 * p.width / 4, p.height / 4),
                        (p.width / 4, 3 * p.height / 4), (3 * p.width / 4, 3 * p.height / 4)].map { Self.quadrant(p, x: $0.0, y: $0.1) }
            XCTAssertEqual(seen, expected[o], "orientation \(o)")
        }
        XCTAssertEqual(ImageFileDecoder.exifOrientation(of: jpeg), 1, "no EXIF: as stored")
    }

    func testATurnedPhotoIsReducedForTheBoxItIsShownIn() throws {
        let dir = try Pictures.folder("orientation-reduce")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("tall.jpg").path
        // Stored 1600 wide and 400 high, shown turned: 400 wide, 1600 high.
        try Self.quadrants(width: 1600, height: 400).writeJPEG(to: path, quality: 90)
        let data = Self.withOrientation(try Data(contentsOf: URL(fileURLWithPath: path)), 6)
        // A box 100 wide and 400 high needs the turned picture at 1/4: 100 x 400.
        let p = try ImageFileDecoder(workerNice: nil).decode(data: data, covering: PixelSize(width: 100, height: 400), mode: .fit)
        XCTAssertEqual(p.width, 100)
        XCTAssertEqual(p.height, 400)
    }
}
