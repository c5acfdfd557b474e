import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// Pictures for the tests: made in code, written to a folder of the test's own.
enum Pictures {
    /// A fresh temporary folder.
    static func folder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-pictures-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Detail that blurs at once if scaled: a one-pixel checkerboard (top left), one-pixel
    /// stripes in red, green and blue (top right), a gradient (bottom) and a one-pixel frame.
    static func pattern(width w: Int, height h: Int) -> Image {
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let c: UInt32
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    c = 0xFFFF_D000
                } else if y < h / 2 {
                    if x < w / 2 { c = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } else { c = [0xFFE0_2020, 0xFF20_C020, 0xFF20_40E0][x % 3] }
                } else {
                    let v = UInt32(x * 255 / max(1, w - 1))
                    c = 0xFF00_0000 | v << 16 | UInt32(y * 255 / h) << 8 | (255 - v)
                }
                px[y * w + x] = c
            }
        }
        return Image(width: w, height: h, pixels: px)
    }

    /// A photo-like picture: soft colour fields, a sun and horizon, with a little texture.
    static func photo(width w: Int, height h: Int, seed: Int = 1) -> Image {
        let sx = Double(w) * (0.3 + 0.1 * Double(seed % 5)), sy = Double(h) * 0.35, sr = Double(min(w, h)) * 0.12
        // What is the same along a row is worked out once a row, and the pixels are written
        // through the buffer: the same arithmetic, so the same pixels, a few times faster in a
        // debug build (and under the sanitizer, where a 1600 x 1200 photo took seconds).
        let px = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, count in
            for y in 0..<h {
                let t = Double(y) / Double(h)
                var r = 60 + 150 * t, g = 110 + 80 * t, b = 230 - 120 * t
                if t > 0.62 { r = 40 + 30 * t; g = 120 - 40 * t; b = 50 }
                let dy = Double(y) - sy, dy2 = dy * dy, sr2 = sr * sr
                let row = y * w
                for x in 0..<w {
                    let dx = Double(x) - sx
                    let sun = dx * dx + dy2 < sr2
                    let n = Double((x * 7 + y * 13 + seed * 31) % 17) - 8
                    let cr = sun ? 250 + n : r + n, cg = sun ? 210 + n : g + n, cb = sun ? 90 + n : b + n
                    buffer[row + x] = 0xFF00_0000 | UInt32(max(0, min(255, cr))) << 16 | UInt32(max(0, min(255, cg))) << 8
                        | UInt32(max(0, min(255, cb)))
                }
            }
            count = w * h
        }
        return Image(width: w, height: h, pixels: px)
    }

    /// Draws every key once (so it is asked for) and updates until none is pending.
    static func load(_ keys: [ImageKey], in pipeline: ImagePipeline, now: Double = 0, file: StaticString = #filePath, line: UInt = #line) {
        // An expectation checked on the run loop, with a deadline (this is an enum's helper: the
        // waiter is XCTest's own).
        let settled = XCTNSPredicateExpectation(predicate: NSPredicate { _, _ in
            var list = DrawList()
            for k in keys { pipeline.draw(k, in: Rect(0, 0, 1, 1), into: &list) }
            pipeline.update(now: now)
            return keys.allSatisfy { pipeline.state(of: $0) != .pending }
        }, object: nil)
        if XCTWaiter().wait(for: [settled], timeout: 60) != .completed { XCTFail("pictures still pending after 60 s", file: file, line: line) }
    }
}

/// Wraps a decoder and counts its calls.
final class CountingDecoder: ImageDecoding, @unchecked Sendable {
    let inner: any ImageDecoding
    private let lock = NSLock()
    private var n = 0
    init(_ inner: any ImageDecoding) { self.inner = inner }
    var calls: Int { lock.withLock { n } }
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        lock.withLock { n += 1 }
        return try inner.decode(source, covering: box, mode: mode)
    }
}
