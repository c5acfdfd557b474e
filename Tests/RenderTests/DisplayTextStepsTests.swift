import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// Display type under a changing scale (a carousel card turning to the centre) is set in a few
/// sizes, not one a pixel: each size is a font opened and a texture per string.
final class DisplayTextStepsTests: XCTestCase {
    private func pixels(_ points: Double, scale: Double) -> Int {
        let run = TextRun("7", in: Rect(x: 0, y: 0, width: 200, height: 200), size: points, color: .white)
        return DrawListRenderer.textPlacement(run, Transform(scale: scale)).font.pixelSize
    }

    /// The carousel's big number (150 points) on a turn from the side (0.86) to the centre, drawn
    /// at 48 steps as the window prepares it ahead.
    func testATurnSetsTheBigNumberInAFewSizes() {
        let scales = (0...48).map { 0.86 + 0.14 * Double($0) / 48 }
        let sizes = Set(scales.map { pixels(150, scale: $0) })
        XCTAssertLessThanOrEqual(sizes.count, 8, "one size a 2 % step, not one a pixel: \(sizes.sorted())")
        XCTAssertEqual(pixels(150, scale: 1), 150, "at rest in the centre: its own size")
        XCTAssertEqual(pixels(150, scale: 1 - (1 - 0.86)), 129, "at rest at the side: its own size")
        XCTAssertEqual(pixels(150, scale: 2), 300, "at 2x: its own size")
        for s in scales {
            XCTAssertLessThanOrEqual(abs(Double(pixels(150, scale: s)) - 150 * s), 150 * 0.01 + 0.5, "within half a step at \(s)")
        }
    }

    /// Text below display size keeps its exact pixel size.
    func testSmallerTextIsSetAtItsPixelSize() {
        for s in stride(from: 0.86, through: 1.0, by: 0.01) {
            XCTAssertEqual(pixels(28, scale: s), Int((28 * s).rounded()))
            XCTAssertEqual(pixels(14, scale: s), Int((14 * s).rounded()))
        }
    }
}
