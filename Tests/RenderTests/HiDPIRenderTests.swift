import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar
import CollectionKitSDL
import XCTest

/// Drawing at a pixel scale above 1 (HiDPI): the frame is `scale` times larger, text is
/// rasterised at the pixel size rather than scaled up, hairlines stay one device pixel, and the
/// layout (in points) is the same as at 1×.
final class HiDPIRenderTests: XCTestCase {
    private let size = Size(width: 640, height: 400)

    private func render(_ build: (inout DrawList) -> Void, scale: Double) throws -> Image {
        let canvas = try HeadlessCanvas(size: Size(width: 40, height: 40), fonts: try Golden.fonts(), scale: scale)
        var list = DrawList()
        build(&list)
        canvas.render(list)
        return canvas.capture()
    }

    private func lit(_ img: Image, x: Int, y: Int) -> Bool { img.pixels[y * img.width + x] & 0xFF > 128 }

    /// Rows (or columns) at `x` (or `y`) that are lit, top to bottom.
    private func litRows(_ img: Image, x: Int) -> [Int] { (0..<img.height).filter { lit(img, x: x, y: $0) } }

    func testTheFrameIsScaleTimesLargerAndTheSceneLaysOutInPoints() throws {
        let one = try Golden.render(scene: "boards", size: size)
        let two = try Golden.render(scene: "boards", size: size, scale: 2)
        XCTAssertEqual([two.image.width, two.image.height], [1280, 800])
        XCTAssertEqual(one.app.dumpState()["collections"], two.app.dumpState()["collections"], "frames and items are in points")
        let odd = try Golden.render(scene: "grid", size: size, scale: 1.5)
        XCTAssertEqual([odd.image.width, odd.image.height], [960, 600])
    }

    func testHairlinesStayOneDevicePixelAndThickerLinesScale() throws {
        let img = try render({ list in
            list.fill(Rect(0, 0, 40, 40), .black)
            list.fill(Rect(2, 5, 10, 1), .white)                       // a one-point rule
            list.stroke(Rect(20, 5, 15, 15), .white, width: 1)         // a hairline outline
            list.fill(Rect(2, 20, 10, 2), .white)                      // two points: not a hairline
        }, scale: 2)
        XCTAssertEqual(litRows(img, x: 10).filter { $0 < 30 }, [10], "the rule is one device pixel at the top of its point")
        XCTAssertEqual(litRows(img, x: 10).filter { $0 >= 30 }, [40, 41, 42, 43], "a two-point fill is four pixels")
        XCTAssertEqual(litRows(img, x: 55).filter { $0 < 20 }.count, 1, "the outline's top edge is one device pixel")
    }

    func testAtScaleOneNothingChanges() throws {
        let img = try render({ list in
            list.fill(Rect(0, 0, 40, 40), .black)
            list.fill(Rect(2, 5, 10, 1), .white)
        }, scale: 1)
        XCTAssertEqual(litRows(img, x: 5), [5])
    }

    /// `img` scaled up twice by repeating pixels: what a compositor does to a 1× window.
    private func doubled(_ img: Image) -> Image {
        var px = [UInt32](repeating: 0, count: img.width * img.height * 4)
        for y in 0..<img.height * 2 { for x in 0..<img.width * 2 { px[y * img.width * 2 + x] = img.pixels[(y / 2) * img.width + x / 2] } }
        return Image(width: img.width * 2, height: img.height * 2, pixels: px)
    }

    private func textCanvas(_ text: String, size: Double, scale: Double, canvasScale: Double) throws -> Image {
        let points = Size(width: 200 * scale / canvasScale, height: 40 * scale / canvasScale)
        let canvas = try HeadlessCanvas(size: points, fonts: try Golden.fonts(), scale: canvasScale)
        var list = DrawList()
        list.fill(Rect(0, 0, points.width, points.height), .black)
        list.text(text, in: Rect(0, 0, points.width, points.height), size: size, color: .white, alignment: .center, weight: .regular)
        canvas.render(list)
        return canvas.capture()
    }

    func testTextIsRasterisedAtThePixelSizeNotScaledUp() throws {
        let words = "Hamburgefonstiv 1280"
        // 14-point text at 2x must be the glyphs a 28-pixel font gives, not 14-pixel glyphs blown up.
        let native = try textCanvas(words, size: 14, scale: 2, canvasScale: 2)
        let reference = try textCanvas(words, size: 28, scale: 2, canvasScale: 1)
        let blownUp = doubled(try textCanvas(words, size: 14, scale: 1, canvasScale: 1))
        XCTAssertEqual([native.width, native.height], [400, 80])
        XCTAssertEqual(native.differingFraction(from: reference), 0, "the same pixels as a 28-pixel font")
        XCTAssertGreaterThan(blownUp.differingFraction(from: reference), 0.02, "the check tells scaled-up text apart")
    }

    func testGoldenBoardsAtTwice() throws {
        try Golden.assertMatches(Golden.render(scene: "boards", size: size, scale: 2).image, named: "boards-2x")
    }

    func testGoldenCalendarAtOneAndAHalf() throws {
        var c = SceneConfig()
        c.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"]]
        c.calendarSource = EventSourceBox { zone in ICalendarSource(files: [CalendarGoldenTests.sample], zone: zone) }
        try Golden.assertMatches(Golden.render(scene: "calendar", size: size, config: c, scale: 1.5).image, named: "calendar-1.5x")
    }

    func testGoldenMosaicAtTwice() throws {
        var c = SceneConfig()
        c.options["mosaic-preset"] = ["mixed"]
        try Golden.assertMatches(Golden.render(scene: "mosaic", size: size, config: c, scale: 2).image, named: "mosaic-2x")
    }
}
