import CSDL2
import CollectionKit
import CollectionKitTesting
@testable import CollectionKitSDL
import Foundation
import XCTest

/// Pictures drawn by the backend: one to one at device pixels, placed by their content mode with
/// rounded corners, a placeholder for what cannot be decoded, and the partial redraw.
final class PictureRenderTests: XCTestCase {
    func canvas(_ w: Double, _ h: Double, scale: Double) throws -> HeadlessCanvas {
        try HeadlessCanvas(size: Size(width: w, height: h), fonts: try Golden.fonts(), scale: scale)
    }

    func testAPictureIsDrawnPixelForPixelAtScaleOneAndTwo() throws {
        let dir = try Pictures.folder("sharp")
        for scale in [1.0, 2.0] {
            let points = Size(width: 60, height: 40)
            let pattern = Pictures.pattern(width: Int(60 * scale), height: Int(40 * scale))
            let path = dir.appendingPathComponent("pattern-\(Int(scale)).png").path
            try pattern.writePNG(to: path)
            let pipeline = ImagePipeline(decoder: ImageFileDecoder(), workers: 1)
            pipeline.fadeDuration = 0
            let key = ImageKey(source: path, size: points, scale: scale)
            Pictures.load([key], in: pipeline)
            XCTAssertEqual(pipeline.state(of: key), .shown)
            let c = try canvas(100, 80, scale: scale)
            var list = DrawList()
            list.fill(Rect(0, 0, 100, 80), Color(r: 30, g: 30, b: 30))
            pipeline.draw(key, in: Rect(20, 20, 60, 40), into: &list)
            c.render(list)
            let shot = c.capture()
            let x0 = Int(20 * scale), y0 = Int(20 * scale)
            var differing = 0
            for y in 0..<pattern.height {
                for x in 0..<pattern.width where shot.pixels[(y0 + y) * shot.width + x0 + x] != pattern.pixels[y * pattern.width + x] {
                    differing += 1
                }
            }
            XCTAssertEqual(differing, 0, "at scale \(scale) every device pixel is the picture's own pixel")
            XCTAssertEqual(shot.pixels[(y0 - 1) * shot.width + x0], 0xFF1E_1E1E, "nothing drawn outside the rect")
        }
    }

    /// The three content modes and rounded corners, at scale 1 and 2.
    func testContentModesAndCornersMatchTheGoldens() throws {
        let dir = try Pictures.folder("modes")
        let photo = dir.appendingPathComponent("photo.jpg").path
        try Pictures.photo(width: 800, height: 600).writeJPEG(to: photo, quality: 90)
        let small = dir.appendingPathComponent("small.png").path
        try Pictures.pattern(width: 48, height: 36).writePNG(to: small)
        for scale in [1.0, 2.0] {
            let pipeline = ImagePipeline(decoder: ImageFileDecoder(), workers: 2)
            pipeline.fadeDuration = 0
            let cell = Size(width: 100, height: 100)
            let cells: [(ImageKey, Rect, Double)] = [
                (ImageKey(source: photo, size: cell, scale: scale, mode: .fill), Rect(10, 10, 100, 100), 16),
                (ImageKey(source: photo, size: cell, scale: scale, mode: .fit), Rect(120, 10, 100, 100), 0),
                (ImageKey(source: small, size: cell, scale: scale, mode: .center), Rect(230, 10, 100, 100), 0),
                (ImageKey(source: photo, size: Size(width: 100, height: 40), scale: scale, mode: .fill), Rect(340, 10, 100, 40), 20),
            ]
            Pictures.load(cells.map(\.0), in: pipeline)
            let c = try canvas(450, 120, scale: scale)
            var list = DrawList()
            list.fill(Rect(0, 0, 450, 120), Color(r: 245, g: 245, b: 245))
            for (key, rect, radius) in cells {
                list.stroke(rect.insetBy(dx: -1, dy: -1), Color(r: 200, g: 60, b: 60), width: 1)
                pipeline.draw(key, in: rect, cornerRadius: radius, into: &list)
            }
            c.render(list)
            try Golden.assertMatches(c.capture(), named: "pictures-\(Int(scale))x")
        }
    }

    func testABrokenOrTruncatedPictureShowsItsPlaceholderWithoutACrash() throws {
        let dir = try Pictures.folder("broken")
        let whole = dir.appendingPathComponent("whole.jpg").path
        try Pictures.photo(width: 640, height: 480).writeJPEG(to: whole)
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: whole))
        let png = dir.appendingPathComponent("whole.png").path
        try Pictures.photo(width: 64, height: 48).writePNG(to: png)
        let pngData = try Data(contentsOf: URL(fileURLWithPath: png))
        let files: [(String, Data?)] = [
            ("truncated.jpg", jpeg.prefix(jpeg.count / 2)),
            ("header-only.jpg", jpeg.prefix(200)),
            ("garbage.jpg", Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })),
            ("truncated.png", pngData.prefix(pngData.count / 2)),
            ("empty.webp", Data()),
            ("missing.jpg", nil),
        ]
        for (name, data) in files where data != nil { try data!.write(to: dir.appendingPathComponent(name)) }
        let thumbnails = FreedesktopThumbnails(root: dir.appendingPathComponent("thumbnails").path)
        let pipeline = ImagePipeline(decoder: ImageFileDecoder(), thumbnails: thumbnails, workers: 2)
        pipeline.placeholderColor = Color(r: 90, g: 100, b: 110)
        let keys = files.map { ImageKey(source: dir.appendingPathComponent($0.0).path, size: Size(width: 40, height: 40), scale: 1) }
        let good = ImageKey(source: whole, size: Size(width: 40, height: 40), scale: 1)
        Pictures.load(keys + [good], in: pipeline)
        for (key, file) in zip(keys, files) { XCTAssertEqual(pipeline.state(of: key), .failed, file.0) }
        XCTAssertEqual(pipeline.state(of: good), .fading, "the whole picture decodes")
        let c = try canvas(Double(50 * keys.count), 50, scale: 1)
        var list = DrawList()
        list.fill(Rect(0, 0, Double(50 * keys.count), 50), .black)
        for (i, key) in keys.enumerated() { pipeline.draw(key, in: Rect(Double(50 * i + 5), 5, 40, 40), into: &list) }
        c.render(list)
        let shot = c.capture()
        for (i, file) in files.enumerated() {
            XCTAssertEqual(shot.pixels[25 * shot.width + 50 * i + 25], 0xFF5A_646E, "\(file.0) shows the placeholder")
        }
        let written = FileManager.default.enumerator(atPath: thumbnails.root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") } ?? []
        XCTAssertEqual(written.filter { !$0.hasPrefix("fail/") }.count, 1, "only the whole picture has a thumbnail: \(written)")
        XCTAssertEqual(written.filter { $0.hasPrefix("fail/CollectionKit/") }.count, files.count - 1,
                       "each broken file has a failure marker, so it is not decoded again: \(written)")
    }

    /// A grid of pictures scrolling while pictures arrive and fade in: drawn in part (the scrolled
    /// pixels moved, only what changed drawn) it shows the very pixels drawn whole.
    func testScrollingPicturesDrawnInPartMatchDrawnWhole() throws {
        let dir = try Pictures.folder("partial")
        var sources: [String] = []
        for i in 0..<12 {
            let p = dir.appendingPathComponent("p\(i).png").path
            try Pictures.photo(width: 160, height: 120, seed: i).writePNG(to: p)
            sources.append(p)
        }
        let partial = try canvas(320, 240, scale: 1), whole = try canvas(320, 240, scale: 1)
        whole.drawer.redrawsWholeFrame = true
        let pipeline = ImagePipeline(decoder: ImageFileDecoder(), workers: 2)
        pipeline.fadeDuration = 0.15
        var inPart = 0, moved = 0
        for frame in 0..<90 {
            let now = Double(frame) / 60
            pipeline.update(now: now)
            var list = DrawList()
            list.fill(Rect(0, 0, 320, 240), Color(r: 20, g: 22, b: 26))
            list.clipped(to: Rect(0, 0, 320, 240)) { list in
                list.transformed(.translate(0, -Double(frame * 3))) { list in
                    for i in 0..<60 {
                        let r = Rect(Double(i % 3) * 106 + 4, Double(i / 3) * 80 + 4, 100, 74)
                        guard r.maxY > Double(frame * 3) - 80, r.minY < Double(frame * 3) + 320 else { continue }
                        let key = ImageKey(source: sources[i % sources.count], size: r.size, scale: 1)
                        pipeline.draw(key, in: r, cornerRadius: 8, into: &list)
                    }
                }
            }
            partial.render(list)
            whole.render(list)
            if partial.drawer.lastRedraw.pixels < 320 * 240 { inPart += 1 }
            if partial.drawer.lastRedraw.shifted { moved += 1 }
            if let at = partial.firstDifference(from: whole) {
                XCTFail("frame \(frame): drawn in part differs from drawn whole at \(at.x),\(at.y)")
                return
            }
            // Paces the frames as a window's are (the workers decode between them), so some
            // pictures fade in while the grid moves; the pixels must match whenever they arrive.
            if frame % 10 == 0 { usleep(20_000) }
        }
        XCTAssertGreaterThan(inPart, 45, "most frames were drawn in part")
        XCTAssertGreaterThan(moved, 45, "and moved the scrolled pixels")
        XCTAssertLessThanOrEqual(partial.drawer.imageSprites.count, 15, "only pictures on screen hold sprites")
    }

    /// On the software renderer a picture is drawn straight from the pipeline's pixels, its corners
    /// rounded as it is copied: the renderer keeps no copy of it per cell (the photo wall's visible
    /// cells held each picture a second time), and the frame has the pixels the copy gave.
    func testPicturesOnTheSoftwareRendererAreNotCopiedPerCell() throws {
        let dir = try Pictures.folder("held-once")
        var keys: [ImageKey] = []
        for n in 0..<3 {
            let path = dir.appendingPathComponent("photo-\(n).jpg").path
            try Pictures.photo(width: 320, height: 240, seed: n + 1).writeJPEG(to: path, quality: 90)
            keys.append(ImageKey(source: path, size: Size(width: 100, height: 100), scale: 1, mode: .fill))
        }
        let pipeline = ImagePipeline(decoder: ImageFileDecoder(), workers: 1)
        pipeline.fadeDuration = 0
        Pictures.load(keys, in: pipeline)
        let c = try canvas(340, 120, scale: 1)
        XCTAssertNotNil(c.drawer.softwareSurface)
        var list = DrawList()
        list.fill(Rect(0, 0, 340, 120), Color(r: 245, g: 245, b: 245))
        for (n, key) in keys.enumerated() {
            pipeline.draw(key, in: Rect(Double(10 + 110 * n), 10, 100, 100), cornerRadius: 6, into: &list)
        }
        c.render(list)
        c.render(list)
        XCTAssertEqual(c.drawer.imageSpriteBytes, 0, "no copy of a picture is kept for drawing it")
        // The same pixels as the copy with its corners rounded, blitted.
        let shot = c.capture()
        var reference = Image(width: 340, height: 120, pixels: [UInt32](repeating: 0xFFF5_F5F5, count: 340 * 120))
        reference.pixels.withUnsafeMutableBufferPointer { buffer in
            let target = PixelTarget(pixels: buffer.baseAddress!, stride: 340, width: 340, height: 120)
            for (n, key) in keys.enumerated() {
                guard let pixels = pipeline.cache.peek(key) else { return XCTFail("picture \(n) is not cached") }
                let box = PixelBox(x0: 0, y0: 0, x1: pixels.width, y1: pixels.height)
                let copy = DrawListRenderer.bitmap(pixels, source: box, radius: 6)
                target.blit(copy, src: SDL_Rect(x: 0, y: 0, w: Int32(copy.width), h: Int32(copy.height)),
                            dst: SDL_Rect(x: Int32(10 + 110 * n), y: 10, w: 100, h: 100), alpha: 255, clip: nil)
            }
        }
        XCTAssertEqual(shot.pixels, reference.pixels)
    }

    /// Drawing a picture in place gives the pixels of blitting its copy with rounded corners, for
    /// parts of it, scaled up and down, faded, clipped, at every radius up to half its side.
    func testAPictureDrawnInPlaceHasThePixelsOfItsRoundedCopy() {
        var generator = SeededGenerator(seed: 5)
        let pw = 37, ph = 29
        let picture = ImagePixels(width: pw, height: ph, pixels: (0..<pw * ph).map { _ in
            UInt32.random(in: 0...UInt32.max, using: &generator) | (Bool.random(using: &generator) ? 0xFF00_0000 : 0)
        })!
        let tw = 90, th = 70
        let background = (0..<tw * th).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &generator) | 0xFF00_0000 }
        var cases = 0, drawn = 0
        for radius in [0, 1, 3, 8, 14, 40] {
            for (box, dst) in [(PixelBox(x0: 0, y0: 0, x1: pw, y1: ph), SDL_Rect(x: 5, y: 4, w: Int32(pw), h: Int32(ph))),
                               (PixelBox(x0: 3, y0: 2, x1: 30, y1: 25), SDL_Rect(x: -6, y: 10, w: 60, h: 50)),
                               (PixelBox(x0: 0, y0: 0, x1: pw, y1: ph), SDL_Rect(x: 50, y: 40, w: 20, h: 15)),
                               (PixelBox(x0: 10, y0: 0, x1: 11, y1: ph), SDL_Rect(x: 1, y: 1, w: 9, h: 40))] {
                for alpha: UInt8 in [255, 140] {
                    for clip in [nil, SDL_Rect(x: 8, y: 12, w: 40, h: 30)] as [SDL_Rect?] {
                        var a = background, b = background
                        let w = box.x1 - box.x0, h = box.y1 - box.y0
                        let r = min(radius, w / 2, h / 2)
                        a.withUnsafeMutableBufferPointer { buffer in
                            let copy = DrawListRenderer.bitmap(picture, source: box, radius: radius)
                            PixelTarget(pixels: buffer.baseAddress!, stride: tw, width: tw, height: th)
                                .blit(copy, src: SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)), dst: dst, alpha: alpha, clip: clip)
                        }
                        b.withUnsafeMutableBufferPointer { buffer in
                            picture.pixels.withUnsafeBufferPointer { all in
                                PixelTarget(pixels: buffer.baseAddress!, stride: tw, width: tw, height: th)
                                    .blitPicture(all.baseAddress!, width: pw, height: ph,
                                                 src: SDL_Rect(x: Int32(box.x0), y: Int32(box.y0), w: Int32(w), h: Int32(h)), dst: dst,
                                                 alpha: alpha, corners: r >= 1 ? DrawListRenderer.makeDiscMask(radius: r) : nil,
                                                 radius: r, clip: clip)
                            }
                        }
                        XCTAssertTrue(a == b, "radius \(radius), part \(box), onto \(dst), alpha \(alpha), clip \(String(describing: clip))")
                        cases += 1
                        if b != background { drawn += 1 }
                    }
                }
            }
        }
        XCTAssertEqual(cases, 96)
        XCTAssertEqual(drawn, 84, "all but the copies clipped away (the small one beside the clip) draw something")
    }
}
