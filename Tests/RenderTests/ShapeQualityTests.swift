import CollectionKit
import CollectionKitSDL
import Foundation
import XCTest

/// Outlines and shadows: rounded rings with no seam where an edge meets a corner, and soft
/// shadows that fade smoothly with distance.
final class ShapeQualityTests: XCTestCase {
    private func render(size: Size = Size(width: 200, height: 200), _ build: (inout DrawList) -> Void) throws -> Image {
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        var list = DrawList()
        build(&list)
        canvas.render(list)
        let img = canvas.capture()
        if let dir = ProcessInfo.processInfo.environment["SHAPE_DUMP"] {
            try img.writePNG(to: "\(dir)/\(name.filter { $0.isLetter || $0.isNumber }).png")
        }
        return img
    }

    private func red(_ img: Image, _ x: Int, _ y: Int) -> Int { Int(img.pixels[y * img.width + x] >> 16 & 0xFF) }
    private func green(_ img: Image, _ x: Int, _ y: Int) -> Int { Int(img.pixels[y * img.width + x] >> 8 & 0xFF) }

    func testRoundedOutlineHasNoNotchWhereEdgeMeetsCorner() throws {
        for (width, radius) in [(2.0, 8.0), (3.0, 13.0), (1.0, 6.0), (2.0, 20.0)] {
            let img = try render { list in
                list.fill(Rect(0, 0, 200, 200), .black)
                list.stroke(Rect(40, 40, 120, 100), Color(r: 255, g: 0, b: 0), width: width, radius: radius)
            }
            // Along each straight edge, from just inside the corner's end to its middle, every
            // pixel across the stroke's thickness is fully lit: no darker pixel at the join.
            let w = Int(width), r = Int(radius)
            for x in (40 + r)..<100 {
                for t in 0..<w {
                    XCTAssertEqual(red(img, x, 40 + t), 255, "top edge at x=\(x), row \(t) (width \(width), radius \(radius))")
                    XCTAssertEqual(red(img, x, 139 - t), 255, "bottom edge at x=\(x)")
                }
                XCTAssertEqual(red(img, x, 40 + w), 0, "inside the top edge stays clear at x=\(x)")
            }
            for y in (40 + r)..<90 {
                for t in 0..<w {
                    XCTAssertEqual(red(img, 40 + t, y), 255, "left edge at y=\(y) (width \(width), radius \(radius))")
                    XCTAssertEqual(red(img, 159 - t, y), 255, "right edge at y=\(y)")
                }
            }
            // Along the corner arc, the ring's summed coverage across its thickness never dips
            // far below its width: a notch would.
            for step in 0...16 {
                let a = Double.pi + Double(step) / 16 * Double.pi / 2
                let cx = 40 + radius, cy = 40 + radius
                var sum = 0.0
                for k in 0..<(8 * w + 16) {
                    let d = radius - width - 1 + Double(k) / 8
                    let x = Int(cx + cos(a) * d), y = Int(cy + sin(a) * d)
                    sum += Double(red(img, x, y)) / 255 / 8
                }
                XCTAssertGreaterThan(sum, width * 0.75, "corner coverage at step \(step) (width \(width), radius \(radius))")
            }
        }
    }

    func testShadowIsSoftAndFadesWithDistance() throws {
        let img = try render { list in
            list.fill(Rect(0, 0, 200, 200), .white)
            list.shadow(Rect(50, 50, 100, 100), Color.black.withAlpha(0.6), radius: 10, blur: 24)
        }
        // Along a line out of the right edge's middle: darkest under the rect, then lighter at
        // every step, reaching the background well past the edge, with no sudden step anywhere.
        let row = 100
        var previous = green(img, 140, row)
        XCTAssertLessThan(previous, 160, "dark under the rect")
        var biggestStep = 0
        for x in 141..<199 {
            let v = green(img, x, row)
            XCTAssertGreaterThanOrEqual(v, previous, "lighter going out, at x=\(x)")
            biggestStep = max(biggestStep, v - previous)
            previous = v
        }
        XCTAssertLessThan(biggestStep, 16, "a gradual fade, not a hard edge")
        XCTAssertLessThan(green(img, 158, row), 250, "the blur reaches past the rect's edge")
        XCTAssertEqual(green(img, 198, row), 255, "and ends before the canvas edge")
        // The same shadow at another place in the same frame is the same pixels (one cached texture).
        let twice = try render { list in
            list.fill(Rect(0, 0, 200, 200), .white)
            list.shadow(Rect(50, 50, 100, 100), Color.black.withAlpha(0.6), radius: 10, blur: 24)
        }
        XCTAssertEqual(img, twice)
    }

    func testShadowsOfManySizesAndSmallRects() throws {
        // Rects smaller than the blur, and a zero blur, still draw a sensible shadow.
        let img = try render { list in
            list.fill(Rect(0, 0, 200, 200), .white)
            list.shadow(Rect(20, 20, 10, 10), Color.black.withAlpha(0.8), radius: 4, blur: 30)
            list.shadow(Rect(120, 120, 40, 30), Color.black, radius: 0, blur: 0)
        }
        XCTAssertLessThan(green(img, 25, 25), 250, "a small rect's shadow shows")
        XCTAssertGreaterThan(green(img, 25, 25), 0, "and is soft")
        XCTAssertEqual(green(img, 140, 135), 0, "no blur: a solid shape")
        XCTAssertEqual(green(img, 170, 135), 255)
    }
}
