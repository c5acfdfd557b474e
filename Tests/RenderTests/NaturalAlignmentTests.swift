import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// `TextAlignment.natural`: text whose first strong letter is written right to left sits at the
/// right of its box, other text at the left, whichever way the window runs; a paragraph takes one
/// direction for all its lines, from its whole text.
final class NaturalAlignmentTests: XCTestCase {
    static let card = Color(hex: 0x313642)

    private func render(_ body: (inout DrawList) -> Void) throws -> Image {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 120), fonts: try Golden.fonts())
        var list = DrawList()
        list.fill(Rect(0, 0, 400, 120), NaturalAlignmentTests.card)
        body(&list)
        canvas.render(list)
        return canvas.capture()
    }

    /// The leftmost and rightmost columns with ink.
    private func inkColumns(_ img: Image) -> (min: Int, max: Int)? {
        var lo = Int.max, hi = Int.min
        for y in 0..<img.height {
            for x in 0..<img.width where img.pixels[y * img.width + x] & 0xFFFFFF != 0x313642 {
                lo = min(lo, x); hi = max(hi, x)
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    private func line(_ text: String, _ alignment: TextAlignment) throws -> (min: Int, max: Int)? {
        inkColumns(try render { $0.text(text, in: Rect(10, 40, 380, 40), size: 18, color: .white, alignment: alignment) })
    }

    func testARightToLeftLineSitsAtTheRightAndALeftToRightOneAtTheLeft() throws {
        for text in ["שלום עולם", "مرحبا بالعالم", "123 שלום ok"] {
            let ink = try XCTUnwrap(line(text, .natural), text)
            XCTAssertGreaterThan(ink.min, 200, "\(text) is at the right")
            XCTAssertGreaterThan(ink.max, 370, text)
        }
        for text in ["Hello world", "ok שלום", "42"] {
            let ink = try XCTUnwrap(line(text, .natural), text)
            XCTAssertLessThan(ink.max, 200, "\(text) is at the left")
            XCTAssertLessThan(ink.min, 20, text)
        }
        // Leading stays at the left for Hebrew: only natural looks at the text.
        XCTAssertLessThan(try XCTUnwrap(line("שלום עולם", .leading)).min, 20)
    }

    func testAParagraphTakesItsDirectionFromItsWholeText() throws {
        // The second line starts with a Latin word; the paragraph is Hebrew, so it stays at the right.
        let text = "שלום עולם שלום עולם\nHello שלום"
        let style = ParagraphStyle(text: TextStyle(size: 16), alignment: .natural)
        let img = try render { $0.paragraph(text, in: Rect(10, 10, 380, 100), style: style, color: .white) }
        let ink = try XCTUnwrap(inkColumns(img))
        XCTAssertGreaterThan(ink.min, 150, "every line at the right")
        XCTAssertGreaterThan(ink.max, 370)
        let latin = try render { $0.paragraph("Hello world\nשלום", in: Rect(10, 10, 380, 100), style: style, color: .white) }
        XCTAssertLessThan(try XCTUnwrap(inkColumns(latin)).max, 200, "a Latin paragraph stays at the left")
    }

    func testMirroringKeepsNatural() {
        XCTAssertEqual(TextAlignment.natural.resolved(for: "שלום"), .trailing)
        XCTAssertEqual(TextAlignment.natural.resolved(for: "Hi שלום"), .leading)
        XCTAssertEqual(TextAlignment.natural.resolved(for: "12"), .leading)
        XCTAssertEqual(TextAlignment.center.resolved(for: "שלום"), .center)
    }
}
