import CollectionCore
import SDLBackend
import XCTest

/// The backend's translation of draw commands, checked on pixels.
final class DrawListRendererTests: XCTestCase {
    private func render(_ build: (inout DrawList) -> Void, size: Size = Size(width: 100, height: 100)) throws -> Image {
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        var list = DrawList()
        build(&list)
        canvas.render(list)
        return canvas.capture()
    }

    private func pixel(_ img: Image, _ x: Int, _ y: Int) -> (r: UInt32, g: UInt32, b: UInt32) {
        let p = img.pixels[y * img.width + x]
        return (p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF)
    }

    func testFillClipAndTransform() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.clipped(to: Rect(0, 0, 50, 100)) { list in
                list.fill(Rect(10, 10, 80, 20), Color(r: 255, g: 0, b: 0))
            }
            list.transformed(Transform(scale: 2, translation: Point(10, 50))) { list in
                list.fill(Rect(0, 0, 10, 10), Color(r: 0, g: 255, b: 0))
            }
        }
        XCTAssertEqual(pixel(img, 20, 20).r, 255, "inside the clip the red fill shows")
        XCTAssertEqual(pixel(img, 70, 20).r, 0, "outside the clip it does not")
        XCTAssertEqual(pixel(img, 25, 65).g, 255, "the scaled square covers (10...30, 50...70)")
        XCTAssertEqual(pixel(img, 35, 65).g, 0)
    }

    func testOpacityBlendsAndRoundedCornersAreCut() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.withOpacity(0.5) { list in list.fill(Rect(0, 0, 50, 50), .white) }
            list.fill(Rect(50, 50, 50, 50), .white, radius: 20)
        }
        let half = pixel(img, 25, 25).r
        XCTAssertTrue((125...130).contains(half), "half-opaque white over black is mid grey, got \(half)")
        XCTAssertEqual(pixel(img, 51, 51).r, 0, "the rounded corner leaves its corner pixel empty")
        XCTAssertEqual(pixel(img, 75, 75).r, 255)
    }

    func testTextDrawsInkInsideItsRect() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.text("HH", in: Rect(0, 0, 100, 100), size: 30, color: .white, alignment: .center)
        }
        let lit = img.pixels.enumerated().filter { ($0.element & 0xFF) > 128 }.map { $0.offset }
        XCTAssertFalse(lit.isEmpty, "the text leaves ink")
        let xs = lit.map { $0 % 100 }
        XCTAssertTrue(xs.min()! > 20 && xs.max()! < 80, "centred text stays near the middle")
    }

    func testRecordedTextureIsDrawnWhereNamed() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.recordTexture(key: "t", size: Size(20, 20)) { $0.fill(Rect(0, 0, 20, 20), Color(r: 0, g: 0, b: 255)) }
            list.append(.texture(key: "t", rect: Rect(60, 60, 20, 20)))
        }
        XCTAssertEqual(pixel(img, 70, 70).b, 255)
        XCTAssertEqual(pixel(img, 50, 50).b, 0)
    }
}
