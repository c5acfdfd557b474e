import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// What the backend's measurer says is what the canvas draws: widths of runs in every script,
/// ICU's line breaks, and paragraphs wrapped the same way when measured and when drawn.
final class TextMeasurementTests: XCTestCase {
    static let samples: [(name: String, text: String)] = [
        ("latin", "Hello, Café Zoë — the quick brown fox"),
        ("chinese", "你好，世界，今天天气很好"),
        ("arabic", "مرحبا بالعالم"),
        ("emoji", "Party 🎉 😀 👍🏽"),
        ("mixed", "Tel: שלום (123) ok"),
    ]

    func testMeasuredWidthIsTheDrawnWidth() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 600, height: 60), fonts: try Golden.fonts())
        for sample in TextMeasurementTests.samples {
            for style in [TextStyle(size: 15), TextStyle(size: 22, weight: .bold)] {
                let measured = canvas.measurer.width(of: sample.text, style: style)
                XCTAssertGreaterThan(measured, 0, sample.name)
                // The texture the renderer draws for the run, given all the room it wants.
                let key = TextMeasurer.fontKey(style)
                let drawn = try XCTUnwrap(canvas.drawer.text.texture(sample.text, key, color: .white, maxWidth: 10_000,
                                                                      renderer: canvas.drawer.renderer, software: true))
                XCTAssertEqual(measured, Double(drawn.width), "\(sample.name) at \(style.size)")
                // Ink drawn at x = 10 ends inside the measured width.
                var list = DrawList()
                list.fill(Rect(x: 0, y: 0, width: 600, height: 60), .black)
                list.text(sample.text, in: Rect(x: 10, y: 0, width: 580, height: 60), size: style.size, color: .white,
                          weight: style.weight)
                canvas.render(list)
                let image = canvas.capture()
                let inked = (0..<image.width).filter { x in (0..<image.height).contains { y in image.pixels[y * image.width + x] & 0xFF > 40 } }
                XCTAssertNotNil(inked.first, sample.name)
                XCTAssertLessThanOrEqual(Double(inked.last ?? 0), 10 + measured + 1, "\(sample.name): ink past the measured width")
                XCTAssertGreaterThanOrEqual(Double(inked.last ?? 0), 10 + measured * 0.8, "\(sample.name): ink well short of it")
            }
        }
    }

    /// Plain text is measured by adding up glyph advances instead of shaping each string; over
    /// thousands of random strings (every printable ASCII character, leading and trailing spaces,
    /// runs of one letter, several sizes, both weights) the sum is the drawn texture's width.
    func testAddedUpWidthsOfPlainTextAreTheDrawnWidths() throws {
        try checkAddedUpWidths(fonts: try Golden.fonts())
    }

    /// DejaVu Serif kerns pairs of Latin letters (DejaVu Sans does not, for text of no script):
    /// the sums take the kerning HarfBuzz gives each pair.
    func testAddedUpWidthsFollowPairKerning() throws {
        let serif = ("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")
        guard FileManager.default.fileExists(atPath: serif.0), FileManager.default.fileExists(atPath: serif.1) else {
            throw XCTSkip("DejaVu Serif is not installed")
        }
        // Its ligatures (ff, fi, fl) are left to whole-string shaping.
        try checkAddedUpWidths(fonts: (regular: serif.0, bold: serif.1), ligatures: ["ff", "fi", "fl"])
        // Pairs that kern: their sum is narrower than the letters' own advances added up.
        let canvas = try HeadlessCanvas(size: Size(width: 100, height: 100), fonts: (regular: serif.0, bold: serif.1))
        let style = TextStyle(size: 40)
        let apart = canvas.measurer.width(of: "A", style: style) + canvas.measurer.width(of: "V", style: style)
        XCTAssertLessThan(canvas.measurer.width(of: "AV", style: style), apart - 2)
    }

    private func checkAddedUpWidths(fonts: (regular: String, bold: String), ligatures: [String] = []) throws {
        let canvas = try HeadlessCanvas(size: Size(width: 100, height: 100), fonts: fonts)
        let text = canvas.drawer.text
        var seed: UInt64 = 0x5EED
        func random(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        let words = ["The", "quick", "AVA", "Type", "office", "fj", "W.", "11:45", "(x)", "\"y\"", "—"]
        var checked = 0, summed = 0
        for style in [TextStyle(size: 11), TextStyle(size: 14), TextStyle(size: 15, weight: .bold), TextStyle(size: 22)] {
            let key = TextMeasurer.fontKey(style)
            for i in 0..<600 {
                var sample = ""
                let length = 1 + random(60)
                switch i % 3 {
                case 0: for _ in 0..<length { sample.unicodeScalars.append(Unicode.Scalar(UInt8(0x20 + random(95)))) }
                case 1: while sample.count < length { sample += words[random(words.count - 1)] + (random(4) == 0 ? "  " : " ") }
                default: sample = String(repeating: Character(Unicode.Scalar(UInt8(0x21 + random(94)))), count: length)
                }
                let drawn = try XCTUnwrap(text.texture(sample, key, color: .white, maxWidth: 100_000,
                                                       renderer: canvas.drawer.renderer, software: true))
                if let added = text.addedUpWidth(sample, key) {
                    XCTAssertEqual(added, drawn.width, "\(sample) at \(style.size)")
                    summed += 1
                } else {
                    XCTAssertTrue(ligatures.contains { sample.contains($0) }, "plain text is added up: \(sample)")
                }
                XCTAssertEqual(canvas.measurer.width(of: sample, style: style), Double(drawn.width), sample)
                checked += 1
            }
            text.endFrame()
            // Text that is not plain ASCII (a dash, an accent) is shaped whole, as before.
            XCTAssertNil(text.addedUpWidth("Café", key))
            XCTAssertNil(text.addedUpWidth(words[words.count - 1], key))
        }
        XCTAssertEqual(checked, 2400)
        XCTAssertGreaterThan(summed, 1500, "most strings are added up, not shaped")
    }

    func testAStandaloneMeasurerAgreesWithTheCanvas() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 100, height: 100), fonts: try Golden.fonts())
        let own = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        for sample in TextMeasurementTests.samples {
            XCTAssertEqual(own.width(of: sample.text, style: TextStyle(size: 15)),
                           canvas.measurer.width(of: sample.text, style: TextStyle(size: 15)), sample.name)
        }
        XCTAssertEqual(own.lineHeight(style: TextStyle(size: 15)), canvas.measurer.lineHeight(style: TextStyle(size: 15)))
    }

    func testLineBreaksAreUnicodes() {
        func lines(_ text: String) -> [String] {
            let scalars = Array(text.unicodeScalars)
            var start = 0
            return UnicodeText.lineBreaks(in: text).map { b in
                defer { start = b.offset }
                return String(String.UnicodeScalarView(scalars[start..<b.offset]))
            }
        }
        // After spaces; never inside "don't" or before the closing punctuation.
        XCTAssertEqual(lines("Hello world, don't stop."), ["Hello ", "world, ", "don't ", "stop."])
        // Between ideographs, but not before the full-width comma (it may not start a line).
        XCTAssertEqual(lines("你好，世界"), ["你", "好，", "世", "界"])
        // After a hyphen; a newline is a mandatory break.
        XCTAssertEqual(lines("well-known\nfact"), ["well-", "known\n", "fact"])
        XCTAssertEqual(UnicodeText.lineBreaks(in: "a\nb").map(\.mandatory), [true, true])
        XCTAssertEqual(UnicodeText.lineBreaks(in: "a b").map(\.mandatory), [false, true])
        // Offsets count scalars, not UTF-16 units: the emoji is one.
        XCTAssertEqual(UnicodeText.lineBreaks(in: "😀 b").map(\.offset), [2, 3])
        XCTAssertEqual(UnicodeText.lineBreaks(in: ""), [])
    }

    func testParagraphsWrapWithinTheirWidth() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 100, height: 100), fonts: try Golden.fonts())
        let measurer = canvas.measurer
        let style = ParagraphStyle(text: TextStyle(size: 15))
        let text = "The quick brown fox jumps over the lazy dog, then naps in the sun."
        let whole = measurer.width(of: text, style: style.text)
        for width in [whole, whole / 2, whole / 3, 60] {
            let p = measurer.lines(of: text, style: style, width: width)
            XCTAssertTrue(p.lines.allSatisfy { $0.width <= width }, "\(width): \(p.lines)")
            XCTAssertEqual(p.lines.map(\.text).joined(separator: " "), text, "every word kept at \(width)")
            for line in p.lines { XCTAssertEqual(line.width, measurer.width(of: line.text, style: style.text)) }
        }
        XCTAssertEqual(measurer.lines(of: text, style: style, width: whole).lines.count, 1)
        XCTAssertGreaterThanOrEqual(measurer.lines(of: text, style: style, width: whole / 3).lines.count, 3)
    }

    func testNumbersInRightToLeftTextStayInOrder() {
        // "price 1.5 dinars" in Arabic: the number, with its separator, is one left-to-right run
        // (rule W4), not "5", ".", "1" reversed.
        let runs = TextLayout.runs("السعر 1.5 دينار", choose: { _ in .primary }, provides: { _, _ in true })
        XCTAssertTrue(runs.contains { $0.text.contains("1.5") && !$0.rightToLeft }, "\(runs.map(\.text))")
        // Brackets around a right-to-left word in a left-to-right paragraph open and close around it.
        let bracketed = TextLayout.runs("see (שלום) now", choose: { _ in .primary }, provides: { _, _ in true })
        XCTAssertEqual(bracketed.map(\.text), ["see (", "שלום", ") now"])
    }
}
