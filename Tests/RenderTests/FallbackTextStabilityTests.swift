import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// Text drawn from fallback faces (Devanagari, Japanese, colour emoji) and shaped right to left
/// (Arabic) measures the same however often, in whatever order and at whatever widths it is
/// measured: a self-sizing list keeps the item being read in place only if a note measured again
/// after a narrower width comes back as tall as before.
final class FallbackTextStabilityTests: XCTestCase {
    static let samples: [(name: String, text: String)] = [
        ("devanagari", "स्टेटस पेज को नए डोमेन पर ले जाना और बगीचा में बैठना"),
        ("japanese", "窓辺の猫 が 静かな 午後 に 眠っている 窓辺の猫"),
        ("emoji", "Cloudy ☁️ with a chance of rain ☁️ and a party 🎉 later 👍🏽"),
        ("arabic", "مصباح على الطاولة بجانب النافذة مصباح"),
        ("mixed", "River बगीचा quiet 窓辺の猫 copper مصباح autumn ☁️ letter נמל station बगीचा paper ☁️ orchard"),
    ]
    static let widths: [Double] = [60, 90, 130, 200, 320, 480, 900]
    static let style = ParagraphStyle(text: TextStyle(size: 13))

    private func heights(_ m: TextMeasurer, _ text: String) -> [Double] {
        FallbackTextStabilityTests.widths.map { m.lines(of: text, style: FallbackTextStabilityTests.style, width: $0).height }
    }

    private func lineTexts(_ m: TextMeasurer, _ text: String, _ width: Double) -> [String] {
        m.lines(of: text, style: FallbackTextStabilityTests.style, width: width).lines.map(\.text)
    }

    /// Each sample measured alone by a fresh measurer is measured the same by one that has
    /// measured every other sample first, at every width, narrow to wide and back.
    func testHeightsDoNotDependOnWhatWasMeasuredBefore() throws {
        let fonts = try FontLocator.uiFonts()
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: fonts)
        defer { canvas.close() }
        let busy = canvas.measurer
        for sample in FallbackTextStabilityTests.samples.reversed() { _ = heights(busy, sample.text) }
        for sample in FallbackTextStabilityTests.samples {
            let fresh = try TextMeasurer(fonts: fonts, headless: true)
            for width in FallbackTextStabilityTests.widths {
                XCTAssertEqual(lineTexts(fresh, sample.text, width), lineTexts(busy, sample.text, width),
                               "\(sample.name) wraps alike at \(width)")
            }
            XCTAssertEqual(heights(fresh, sample.text), heights(busy, sample.text), "\(sample.name)")
        }
    }

    /// A word's width is the same measured alone, measured again after the other scripts, and
    /// measured by a measurer that keeps few fonts open (its faces closed and opened again).
    func testWidthsAreTheSameMeasuredTwice() throws {
        let fonts = try FontLocator.uiFonts()
        let owning = try TextMeasurer(fonts: fonts, headless: true)
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: fonts)
        defer { canvas.close() }
        let words = FallbackTextStabilityTests.samples.flatMap { $0.text.split(separator: " ").map(String.init) }
        for size in [13.0, 14] {
            for weight in [FontWeight.regular, .bold] {
                let style = TextStyle(size: size, weight: weight)
                let first = words.map { canvas.measurer.width(of: $0, style: style) }
                let again = words.reversed().map { owning.width(of: $0, style: style) }.reversed()
                XCTAssertEqual(first, Array(again), "size \(size) \(weight)")
            }
        }
    }

    /// Wrapped at a width, at a narrower one, and at the first again: the same lines.
    func testAWidthRoundTripGivesBackTheSameLines() throws {
        let fonts = try FontLocator.uiFonts()
        let m = try TextMeasurer(fonts: fonts, headless: true)
        for sample in FallbackTextStabilityTests.samples {
            for (wide, narrow) in [(900.0, 480.0), (320, 90), (200, 60)] {
                let before = m.lines(of: sample.text, style: FallbackTextStabilityTests.style, width: wide)
                _ = m.lines(of: sample.text, style: FallbackTextStabilityTests.style, width: narrow)
                let after = m.lines(of: sample.text, style: FallbackTextStabilityTests.style, width: wide)
                XCTAssertEqual(before.lines.map(\.text), after.lines.map(\.text), "\(sample.name) \(wide)↔\(narrow)")
                XCTAssertEqual(before.height, after.height, "\(sample.name) \(wide)↔\(narrow)")
            }
        }
    }
}
