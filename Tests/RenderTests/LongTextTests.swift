import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// Text costs time linear in its length: twice the text within 2.5 times the time (the best of
/// three runs of each, measured in one run of the test; a quadratic step shows as four times).
final class LongTextTests: XCTestCase {
    private func bestOfThree(_ body: () -> Void) -> Double {
        (0..<3).map { _ in
            let t0 = Date()
            body()
            return Date().timeIntervalSince(t0)
        }.min()!
    }

    private func assertLinear(_ name: String, _ n: Int, _ work: (Int) -> Void) {
        work(n / 4)  // warm-up: fonts, fallback faces, tables
        let one = bestOfThree { work(n) }, two = bestOfThree { work(2 * n) }
        XCTAssertLessThan(two, 2.5 * one, "\(name): \(n) took \(one) s, \(2 * n) took \(two) s")
    }

    private func mixed(_ n: Int) -> String {
        // Latin, Hebrew and Chinese: several runs, fallback faces, both directions.
        let piece = "Hello שלום 你好 world "
        return String(String(repeating: piece, count: n / piece.count + 1).prefix(n))
    }

    /// A line's runs were built by appending to a copy of the last run: a 2 MB title took 41 s.
    func testARunsLayoutIsLinearInTheLinesLength() {
        let plain = { (n: Int) in String(repeating: "a", count: n) }
        assertLinear("one run", 40_000) { n in
            _ = TextLayout.runs(plain(n), choose: { _ in .primary }, provides: { _, _ in true })
        }
        assertLinear("mixed runs", 20_000) { n in
            _ = TextLayout.runs(self.mixed(n), choose: { $0.script == nil ? .primary : .fallback(FontFace(path: $0.script!, index: 0)) },
                                provides: { _, _ in true })
        }
    }

    /// A label's text is fitted from as many characters as its width can show: its cost does
    /// not grow with the text's length at all.
    func testALabelCostsTheSameWhateverTheLengthOfItsText() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 60), fonts: try Golden.fonts())
        XCTAssertEqual(TextCache.shownStart(of: String(repeating: "é", count: 5_000_000), maxWidth: 300).0.count,
                       TextCache.shownCharacterBound(maxWidth: 300))
        XCTAssertEqual(TextCache.shownStart(of: "short", maxWidth: 300).1, false)
        func draw(_ text: String) {
            var list = DrawList()
            list.text(text, in: Rect(10, 10, 380, 40), size: 15, color: .white)
            canvas.render(list)
        }
        for (name, make) in [("plain", { (n: Int) in String(repeating: "word ", count: n / 5) }), ("mixed", mixed)] {
            // Each run meets a new text, so nothing comes from the cache.
            var k = 0
            assertLinear(name, 400_000) { n in k += 1; draw(make(n) + "\(k)") }
        }
    }

    /// Measuring, wrapping and placing the characters of a long paragraph (a text drop) grow
    /// linearly with it, through the measurer the window uses.
    func testMeasuringWrappingAndPlacingLongTextIsLinear() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 60), fonts: try Golden.fonts())
        let measurer = canvas.measurer
        var k = 0
        assertLinear("width", 100_000) { n in k += 1; _ = measurer.width(of: self.mixed(n) + "\(k)", style: TextStyle(size: 14)) }
        assertLinear("wrapped, 6 lines", 200_000) { n in
            k += 1
            _ = measurer.lines(of: self.mixed(n) + "\(k)", style: ParagraphStyle(text: TextStyle(size: 14), maximumLines: 6), width: 300)
        }
        assertLinear("geometry, right to left", 4_000) { n in
            k += 1
            _ = measurer.lineGeometry(of: String(repeating: "שלום ", count: n / 5) + "\(k)", style: TextStyle(size: 14))
        }
    }
}
