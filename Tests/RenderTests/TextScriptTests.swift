import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// Text in every script: characters the UI font lacks come from fallback faces, never as empty
/// boxes; complex scripts are shaped; right-to-left runs are in visual order; colour emoji keep
/// their colours.
final class TextScriptTests: XCTestCase {
    static let samples: [(name: String, text: String)] = [
        ("latin", "Hello, Café Zoë"),
        ("chinese", "你好，世界"),
        ("japanese", "こんにちは、カタカナ"),
        ("korean", "안녕하세요"),
        ("arabic", "مرحبا بالعالم"),
        ("hebrew", "שלום עולם"),
        ("devanagari", "नमस्ते दुनिया"),
        ("emoji", "Party 🎉 😀 👍🏽"),
        ("mixed", "Tel: שלום 123 ok"),
    ]

    /// A label as the demo's cells draw one: on a card, in the theme's text colour.
    private func label(_ text: String, size: Double = 22, width: Double = 360, color: Color = Color(hex: 0xE8EAF0),
                       alignment: TextAlignment = .center) throws -> Image {
        let canvas = try HeadlessCanvas(size: Size(width: width, height: 56), fonts: try Golden.fonts())
        var list = DrawList()
        list.fill(Rect(0, 0, width, 56), Color(hex: 0x1C1E24))
        list.fill(Rect(4, 4, width - 8, 48), Color(hex: 0x313642), radius: 10)
        list.text(text, in: Rect(12, 4, width - 24, 48), size: size, color: color, alignment: alignment)
        canvas.render(list)
        return canvas.capture()
    }

    /// Pixels that differ from the card colour: the text's ink.
    private func ink(_ img: Image) -> [(x: Int, y: Int, p: UInt32)] {
        var out: [(Int, Int, UInt32)] = []
        for y in 10..<46 {
            for x in 14..<(img.width - 14) where img.pixels[y * img.width + x] & 0xFFFFFF != 0x313642 {
                out.append((x, y, img.pixels[y * img.width + x]))
            }
        }
        return out
    }

    func testGoldenLabelInEveryScript() throws {
        for sample in TextScriptTests.samples {
            try Golden.assertMatches(try label(sample.text), named: "text-\(sample.name)")
        }
    }

    func testCharactersTheUIFontLacksAreNotBoxes() throws {
        // With no glyph, each character would be the same missing-glyph box: distinct
        // characters drawing distinct ink shows real glyphs came from somewhere.
        for (a, b) in [("你", "好"), ("こ", "カ"), ("안", "녕"), ("न", "म"), ("😀", "🎉")] {
            let ia = ink(try label(a)), ib = ink(try label(b))
            XCTAssertFalse(ia.isEmpty, "\(a) leaves ink")
            XCTAssertNotEqual(ia.map { [$0.x, $0.y, Int($0.p)] }, ib.map { [$0.x, $0.y, Int($0.p)] }, "\(a) and \(b) draw differently")
        }
        let missing = try label("\u{0378}\u{0379}")   // unassigned: the one box any font draws
        let chinese = try label("你好")
        XCTAssertNotEqual(ink(missing).count, ink(chinese).count)
    }

    func testEmojiKeepTheirColoursAndSize() throws {
        let img = try label("😀", color: .white)
        let px = ink(img)
        let coloured = px.filter { p in
            let r = Int(p.p >> 16 & 0xFF), g = Int(p.p >> 8 & 0xFF), b = Int(p.p & 0xFF)
            return abs(r - g) > 60 || abs(g - b) > 60
        }
        XCTAssertGreaterThan(coloured.count, 50, "a colour emoji, not white text")
        let height = px.map(\.y).max()! - px.map(\.y).min()! + 1
        XCTAssertTrue((16...30).contains(height), "scaled to the label's size, got \(height) pixels tall")
    }

    func testArabicJoinsAndDevanagariFormsConjuncts() throws {
        // A zero-width non-joiner between the letters forbids joining: shaped text differs.
        XCTAssertNotEqual(ink(try label("بب")).count, ink(try label("ب\u{200C}ب")).count, "Arabic letters join")
        XCTAssertNotEqual(ink(try label("क्ष")).map(\.x), ink(try label("क्\u{200C}ष")).map(\.x), "क्ष is a conjunct")
    }

    func testHebrewReadsRightToLeft() throws {
        // Leading-aligned "אב": alef comes first in memory, so bet must be drawn at the left edge,
        // where it matches bet drawn alone there, pixel for pixel, and alef alone does not.
        let pair = try label("אב", size: 40, alignment: .leading)
        let alef = try label("א", size: 40, alignment: .leading)
        let bet = try label("ב", size: 40, alignment: .leading)
        func difference(_ a: Image, _ b: Image, columns: Range<Int>) -> Int {
            var total = 0
            for y in 0..<a.height {
                for x in columns {
                    total += abs(Int(a.pixels[y * a.width + x] & 0xFF) - Int(b.pixels[y * b.width + x] & 0xFF))
                }
            }
            return total
        }
        let leftGlyph = 12..<(12 + 20)
        XCTAssertLessThan(difference(pair, bet, columns: leftGlyph) * 4, difference(pair, alef, columns: leftGlyph),
                          "bet, the second letter, is the leftmost")
    }

    func testLayoutOrdersRunsVisually() {
        func visual(_ text: String) -> [TextLayout.Run] {
            TextLayout.runs(text, choose: { _ in .primary }, provides: { _, _ in true })
        }
        // Left-to-right paragraph: the Hebrew phrase is one right-to-left run, in place.
        XCTAssertEqual(visual("ab שלום עולם cd").map(\.text), ["ab ", "שלום עולם", " cd"])
        XCTAssertEqual(visual("ab שלום עולם cd").map(\.rightToLeft), [false, true, false])
        // Right-to-left paragraph: the first word is rightmost, and the number between reads
        // left to right as a run of its own.
        let rtl = visual("שלום 123 עולם")
        XCTAssertEqual(rtl.map(\.text), [" עולם", "123", "שלום "])
        XCTAssertEqual(rtl.map(\.rightToLeft), [true, false, true])
        // Latin inside a right-to-left paragraph keeps its own order too.
        XCTAssertEqual(visual("שלום abc def").map(\.text), ["abc def", "שלום "])
        // Arabic gets its script for shaping; Latin keeps HarfBuzz's default, as before.
        XCTAssertEqual(visual("سلام").map(\.script), ["Arab"])
        XCTAssertEqual(visual("नमस्ते").map(\.script), ["Deva"])
        XCTAssertEqual(visual("abc").map(\.script), [TextLayout.commonScript])
        XCTAssertEqual(visual("").count, 0)
    }

    func testRunsSplitByFont() {
        // A stand-in for the font lookup: CJK from a fallback, everything else from the UI font.
        let cjk = TextLayout.FontChoice.fallback(FontFace(path: "cjk", index: 0))
        let runs = TextLayout.runs("Hi 你好, ok", choose: { ($0.script == "Hani") ? cjk : .primary },
                                   provides: { font, scalar in font == .primary || scalar == 0x2C || scalar >= 0x3000 })
        XCTAssertEqual(runs.map(\.text), ["Hi ", "你好,", " ok"], "the comma stays with the run it follows")
        XCTAssertEqual(runs.map(\.font), [.primary, cjk, .primary])
        // Latin after CJK goes back to the UI font even when the CJK face has Latin letters too.
        let latin = TextLayout.runs("你好 World", choose: { ($0.script == "Hani") ? cjk : .primary },
                                    provides: { _, _ in true })
        XCTAssertEqual(latin.map(\.text), ["你好 ", "World"])
        XCTAssertEqual(latin.map(\.font), [cjk, .primary])
    }

    func testEmojiAreClustersOfTheirOwn() {
        let clusters = TextLayout.clusters("a👍🏽b❤️")
        XCTAssertEqual(clusters.map(\.text), ["a", "👍🏽", "b", "❤️"])
        XCTAssertEqual(clusters.map(\.emoji), [false, true, false, true])
    }
}
