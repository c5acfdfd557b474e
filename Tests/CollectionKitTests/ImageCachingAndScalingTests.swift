import CollectionKit
import XCTest

final class ImageCachingAndScalingTests: XCTestCase {
    func flat(_ w: Int, _ h: Int, _ c: UInt32 = 0xFF00_0000) -> ImagePixels {
        ImagePixels(width: w, height: h, pixels: [UInt32](repeating: c, count: w * h))!
    }
    func key(_ s: String) -> ImageKey { ImageKey(source: s, pixelSize: PixelSize(width: 10, height: 10)) }

    func testTheLeastRecentlyUsedPictureGoesFirst() {
        var cache = ImageMemoryCache(budget: 3 * 400)
        for s in ["a", "b", "c"] { cache.insert(flat(10, 10), for: key(s)) }
        _ = cache.pixels(for: key("a"))      // a is now the most recent
        cache.insert(flat(10, 10), for: key("d"))
        XCTAssertFalse(cache.contains(key("b")), "b was the least recently used")
        XCTAssertTrue(cache.contains(key("a")) && cache.contains(key("c")) && cache.contains(key("d")))
        XCTAssertEqual(cache.bytes, 1200)
        cache.insert(flat(40, 40), for: key("huge"))
        XCTAssertFalse(cache.contains(key("huge")), "a picture larger than the budget is not kept")
        cache.budget = 400
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.bytes, 400)
        cache.remove(key("d"))
        XCTAssertEqual(cache.bytes, 0)
        XCTAssertEqual(cache.count, 0)
    }

    func testThumbnailsAreMadeForTheirBoxAndNeverScaledUp() {
        let photo = flat(400, 300)
        XCTAssertEqual(photo.thumbnail(for: PixelSize(width: 150, height: 150), mode: .fill).size, PixelSize(width: 150, height: 150))
        XCTAssertEqual(photo.thumbnail(for: PixelSize(width: 256, height: 256), mode: .fit).size, PixelSize(width: 256, height: 192))
        XCTAssertEqual(photo.thumbnail(for: PixelSize(width: 300, height: 100), mode: .center).size, PixelSize(width: 133, height: 100))
        let small = flat(40, 30)
        XCTAssertEqual(small.thumbnail(for: PixelSize(width: 100, height: 100), mode: .fit).size, PixelSize(width: 40, height: 30))
        // Filling a larger box keeps the whole picture: drawing crops and scales it.
        XCTAssertEqual(small.thumbnail(for: PixelSize(width: 100, height: 100), mode: .fill).size, PixelSize(width: 40, height: 30))
        XCTAssertEqual(photo.thumbnail(for: PixelSize(width: 100, height: 300), mode: .fill).size, PixelSize(width: 100, height: 300))
    }

    func testDownscalingAveragesTheSourcePixelsItCovers() {
        // Columns alternately black and white, rows alternately red and blue tinted.
        var px: [UInt32] = []
        for y in 0..<4 { for x in 0..<4 { px.append(x % 2 == 0 ? 0xFF00_0000 | (y % 2 == 0 ? 0xC8_0000 : 0) : 0xFFFF_FFFF) } }
        let src = ImagePixels(width: 4, height: 4, pixels: px)!
        let half = src.thumbnail(for: PixelSize(width: 2, height: 2), mode: .fit)
        // Each output pixel: two black (one red-tinted) and two white.
        for p in half.pixels {
            XCTAssertEqual(Int(p >> 24), 255)
            XCTAssertEqual(Int(p >> 16 & 0xFF), (200 + 255 + 255) / 4 + 1, accuracy: 1)
            XCTAssertEqual(Int(p >> 8 & 0xFF), 128, accuracy: 1)
        }
        // Three to two: the middle source pixel is shared half and half.
        let row = ImagePixels(width: 3, height: 1, pixels: [0xFF00_0000, 0xFF64_6464, 0xFFC8_C8C8])!
        let two = row.thumbnail(for: PixelSize(width: 2, height: 1), mode: .fit)
        XCTAssertEqual(two.size, PixelSize(width: 2, height: 1))
        XCTAssertEqual(Int(two.pixels[0] & 0xFF), (0 * 2 + 100) / 3, accuracy: 1)
        XCTAssertEqual(Int(two.pixels[1] & 0xFF), (100 + 200 * 2) / 3, accuracy: 1)
        XCTAssertTrue(src.thumbnail(for: PixelSize(width: 4, height: 4), mode: .fill) === src, "nothing to do: the same picture")
    }

    func testContentModesPlaceThePicture() {
        let image = PixelSize(width: 400, height: 200)
        let box = Rect(10, 10, 100, 100)
        let fill = ImageContentMode.fill.placement(image: image, into: box)
        XCTAssertEqual(fill.source, Rect(100, 0, 200, 200))
        XCTAssertEqual(fill.destination, box)
        let fit = ImageContentMode.fit.placement(image: image, into: box)
        XCTAssertEqual(fit.source, Rect(0, 0, 400, 200))
        XCTAssertEqual(fit.destination, Rect(10, 35, 100, 50))
        let center = ImageContentMode.center.placement(image: PixelSize(width: 40, height: 20), into: box)
        XCTAssertEqual(center.source, Rect(0, 0, 40, 20))
        XCTAssertEqual(center.destination, Rect(40, 50, 40, 20))
        let cropped = ImageContentMode.center.placement(image: image, into: box)
        XCTAssertEqual(cropped.source, Rect(150, 50, 100, 100))
        XCTAssertEqual(cropped.destination, box)
    }

    func testAKeyIsTheCellsSizeInDevicePixels() {
        let k = ImageKey(source: "a.jpg", size: Size(width: 150.4, height: 100), scale: 2)
        XCTAssertEqual(k.pixelSize, PixelSize(width: 301, height: 200))
        XCTAssertEqual(k.mode, .fill)
    }
}
