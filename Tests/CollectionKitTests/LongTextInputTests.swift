import Foundation
import XCTest
@testable import CollectionKit
import CollectionKitTesting

/// Long text in: a paste far past a field's limit keeps what fits and says so; control
/// characters never get in; wrapping a long paragraph measures characters in proportion to it.
final class LongTextInputTests: XCTestCase {
    private func field(limit: Int?, multiline: Bool = false, clipboard: MemoryClipboard) -> TextField {
        let f = TextField(name: "f", multiline: multiline, maximumLength: limit, measurer: EstimatedTextMeasurer(),
                          services: TextServices(clipboard: clipboard))
        f.frame = Rect(x: 10, y: 10, width: 300, height: multiline ? 200 : 32)
        f.setFocused(true, now: 0)
        return f
    }

    /// A 2 MB paste into a 1,000-character field did nothing at all.
    func testAPasteFarPastTheLimitKeepsWhatFitsAndSaysSo() {
        let clipboard = MemoryClipboard()
        clipboard.setText(String(repeating: "word ", count: 400_000))
        let f = field(limit: 1_000, clipboard: clipboard)
        var told: [Int] = []
        f.onLimit = { told.append($0) }
        _ = f.handle(.key(Key("v"), .ctrl), now: 1)
        XCTAssertEqual(f.buffer.count, 1_000)
        XCTAssertTrue(f.text.hasPrefix("word word "))
        XCTAssertEqual(told, [1_000])
        XCTAssertTrue(f.showsLimit)
        XCTAssertEqual(f.dumpState()["limitReached"], .bool(true))
        var list = DrawList()
        f.draw(into: &list)
        XCTAssertTrue(list.commands.contains { if case let .text(run) = $0 { return run.text.contains("1000") } else { return false } },
                      "the field shows its limit")
        // It goes after a while, and the window is woken for it.
        XCTAssertEqual(f.nextDeadline(after: 1.5).map { $0 <= 1 + TextField.limitNoticeSeconds } ?? false, true)
        f.update(now: 1 + TextField.limitNoticeSeconds)
        XCTAssertFalse(f.showsLimit)
        // A key at the limit is refused and says so again.
        _ = f.handle(.text("x"), now: 5)
        XCTAssertEqual(f.buffer.count, 1_000)
        XCTAssertEqual(told, [1_000, 1_000])
        // Within the limit nothing is said.
        let g = field(limit: 10, clipboard: MemoryClipboard())
        g.onLimit = { _ in XCTFail("nothing was cut") }
        _ = g.handle(.text("abc"), now: 1)
        XCTAssertFalse(g.showsLimit)
    }

    func testPastedControlCharactersAreDroppedAndTabsKeptOnlyOnSeveralLines() {
        let text = "a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e\tf\r\ng\u{7}"
        var one = TextEditBuffer("", maximumLength: nil, allowsNewlines: false)
        one.insert(text, typing: false)
        XCTAssertEqual(one.text, "ab[31mcde f g")
        var several = TextEditBuffer("", maximumLength: nil, allowsNewlines: true)
        several.insert(text, typing: false)
        XCTAssertEqual(several.text, "ab[31mcde\tf\ng")
        var cut = TextEditBuffer("", maximumLength: 3, allowsNewlines: false)
        cut.insert("\u{0}\u{0}abcd", typing: false)
        XCTAssertEqual(cut.text, "abc")
        XCTAssertTrue(cut.lastInsertWasCut)
        cut.insert("\u{0}", typing: false)
        XCTAssertFalse(cut.lastInsertWasCut, "nothing that could be kept was left out")
    }

    /// Characters measured while wrapping, counted: the work of wrapping `text`.
    private func measured(_ text: String, maximumLines: Int = 0, width: Double = 200) -> Int {
        let measurer = EstimatedTextMeasurer()
        var count = 0
        let style = ParagraphStyle(text: TextStyle(size: 14), maximumLines: maximumLines)
        _ = ParagraphLayout.wrap(text, style: style, width: width, breaks: measurer.lineBreaks(in: text), lineHeight: 17) { s in
            count += s.count
            return measurer.width(of: s, style: style.text)
        }
        return count
    }

    /// A word longer than a line was cut from a copy of all the rest of it at every line, and a
    /// paragraph's last line measured all that remained: the square of the length.
    func testWrappingMeasuresCharactersInProportionToTheText() {
        for (name, make) in [("one long word", { (n: Int) in String(repeating: "x", count: n) }),
                             ("words", { (n: Int) in String(repeating: "word ", count: n / 5) })] {
            let one = measured(make(20_000)), two = measured(make(40_000))
            XCTAssertLessThan(Double(two), 2.5 * Double(one), "\(name): \(one) then \(two) characters measured")
            // Six lines' worth, whatever follows them.
            let six = measured(make(20_000), maximumLines: 6), sixOfMore = measured(make(2_000_000), maximumLines: 6)
            XCTAssertLessThan(Double(sixOfMore), 1.2 * Double(six), "\(name), six lines: \(six) then \(sixOfMore) characters measured")
        }
    }

    /// Wrapped the same as before where text is short: the bound never cuts a real line.
    func testShortTextWrapsAsBefore() {
        let m = EstimatedTextMeasurer()
        let p = m.lines(of: "one two three four five six seven", style: ParagraphStyle(text: TextStyle(size: 14), maximumLines: 2), width: 90)
        XCTAssertEqual(p.lines.map(\.text), ["one two", "three four…"])
        let word = m.lines(of: String(repeating: "x", count: 40), style: ParagraphStyle(text: TextStyle(size: 14)), width: 80)
        XCTAssertEqual(word.lines.map(\.text).joined(), String(repeating: "x", count: 40))
        XCTAssertGreaterThan(word.lines.count, 3)
    }

    /// A measurer that counts the characters it is given.
    private final class CountingMeasurer: TextMeasuring {
        let inner = EstimatedTextMeasurer()
        var characters = 0
        func width(of text: String, style: TextStyle) -> Double { characters += text.unicodeScalars.count; return inner.width(of: text, style: style) }
        func lineHeight(style: TextStyle) -> Double { inner.lineHeight(style: style) }
        func lineBreaks(in text: String) -> [LineBreak] { characters += text.unicodeScalars.count; return inner.lineBreaks(in: text) }
    }

    /// A card's three lines of a 10 MB title broke and measured all of it (and its cache hashed
    /// it): only the start that can show is looked at.
    func testALineLimitLooksOnlyAtTheStartThatCanShow() {
        let style = ParagraphStyle(text: TextStyle(size: 14), maximumLines: 3)
        func work(_ n: Int) -> (Int, ParagraphLayout) {
            let m = CountingMeasurer()
            let p = m.lines(of: String(repeating: "word ", count: n / 5), style: style, width: 200)
            return (m.characters, p)
        }
        let (small, shortText) = work(10_000), (large, longText) = work(10_000_000)
        XCTAssertEqual(large, small, "the same work for 10,000 and 10,000,000 characters")
        XCTAssertEqual(longText, shortText, "and the same lines")
        XCTAssertTrue(longText.truncated)
        XCTAssertTrue(longText.lines.last!.text.hasSuffix("…"))
        // A text just long enough to show whole is shown whole.
        let m = CountingMeasurer()
        XCTAssertEqual(m.lines(of: "one two", style: style, width: 200).lines.map(\.text), ["one two"])
    }

    /// A 10 MB text drop was split and trimmed whole (11 s) to make its first hundred cards.
    func testADropsFirstLinesCostWhatTheyHold() {
        let small = DropPayload(text: "a\r\n\r\n  b  \u{2028}c\u{85}\t\n d e \u{3000}")
        XCTAssertEqual(small.lines, ["a", "b", "c", "d e"])
        XCTAssertEqual(small.lines(upTo: 2), ["a", "b"])
        XCTAssertEqual(DropPayload(text: nil).lines, [])
        XCTAssertEqual(DropPayload(text: " \n\t").lines, [])
        let big = DropPayload(text: String(repeating: "  a dropped line  \n", count: 500_000))
        XCTAssertEqual(big.lines(upTo: 100), Array(repeating: "a dropped line", count: 100))
    }

    /// A multi-line field wrapping a pasted word of megabytes measured the rest of the word at
    /// every line: the characters it measures grow with the text, not with its square.
    func testAFieldWrapsALongPasteMeasuringInProportionToIt() {
        func measured(_ n: Int) -> Int {
            let m = CountingMeasurer()
            let f = TextField(name: "f", text: String(repeating: "x", count: n) + " and " + String(repeating: "word ", count: n / 5),
                              multiline: true, measurer: m)
            f.frame = Rect(x: 0, y: 0, width: 300, height: 200)
            _ = f.fittingHeight
            return m.characters
        }
        let one = measured(20_000), two = measured(40_000)
        XCTAssertLessThan(Double(two), 2.5 * Double(one), "\(one) then \(two) characters measured")
    }
}
