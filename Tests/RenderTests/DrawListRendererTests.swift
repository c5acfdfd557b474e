import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
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

    func testColouredAndTranslucentTextKeepsItsColour() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.text("HH", in: Rect(0, 0, 100, 50), size: 30, color: Color(r: 255, g: 0, b: 0), alignment: .center)
            list.text("HH", in: Rect(0, 50, 100, 50), size: 30, color: Color(r: 0, g: 255, b: 0).withAlpha(0.5), alignment: .center)
        }
        let top = (0..<50 * 100).map { pixel(img, $0 % 100, $0 / 100) }
        XCTAssertEqual(top.map(\.r).max(), 255, "solid red ink")
        XCTAssertEqual(top.map(\.g).max(), 0)
        let bottom = (50 * 100..<100 * 100).map { pixel(img, $0 % 100, $0 / 100) }
        XCTAssertTrue((125...130).contains(bottom.map(\.g).max()!), "half-opaque green over black, got \(bottom.map(\.g).max()!)")
        XCTAssertEqual(bottom.map(\.r).max(), 0)
    }

    func testTextUnderAnOpacityGroupFades() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.withOpacity(0.5) { list in
                list.text("HH", in: Rect(0, 0, 100, 100), size: 30, color: Color(r: 0, g: 0, b: 255), alignment: .center)
            }
        }
        let blue = img.pixels.map { $0 & 0xFF }.max()!
        XCTAssertTrue((125...130).contains(blue), "half of full blue, got \(blue)")
    }

    func testRoundedCornersTakeTheFillsColourAndAlpha() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 100, 100), .black)
            list.fill(Rect(0, 0, 50, 50), Color(r: 255, g: 0, b: 0), radius: 10)
            list.fill(Rect(50, 50, 50, 50), Color(r: 0, g: 255, b: 0).withAlpha(0.5), radius: 10)
        }
        XCTAssertEqual(pixel(img, 0, 0).r, 0, "outside the corner")
        XCTAssertEqual(pixel(img, 5, 5).r, 255, "inside the corner's disc, the fill's own colour")
        XCTAssertEqual(pixel(img, 5, 5).g, 0)
        XCTAssertTrue((125...130).contains(pixel(img, 95, 95).g), "a translucent fill's corner is translucent too")
        XCTAssertTrue((125...130).contains(pixel(img, 75, 75).g))
    }

    func testAFrameNotCoveringTheWindowStillStartsCleared() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 100, height: 100), fonts: try Golden.fonts())
        var first = DrawList()
        first.fill(Rect(0, 0, 100, 100), .white)
        canvas.render(first)
        XCTAssertEqual(pixel(canvas.capture(), 90, 90).r, 255)
        var second = DrawList()
        second.fill(Rect(0, 0, 50, 50), Color(r: 0, g: 0, b: 255))
        canvas.render(second)
        let img = canvas.capture()
        XCTAssertEqual(pixel(img, 90, 90).r, 0, "the previous frame is cleared where this one draws nothing")
        XCTAssertEqual(pixel(img, 10, 10).b, 255)
        var third = DrawList()
        third.fill(Rect(0, 0, 100, 100), Color(r: 0, g: 255, b: 0))
        canvas.render(third)
        XCTAssertEqual(pixel(canvas.capture(), 90, 90).g, 255, "a full opaque fill replaces it all")
    }
}
