import Foundation
import XCTest
@testable import CollectionKit
import CollectionKitTesting

final class TextFieldTests: XCTestCase {
    private func makeField(_ text: String = "", multiline: Bool = false, limit: Int? = nil,
                           clipboard: MemoryClipboard = MemoryClipboard(), input: RecordingTextInputHost = RecordingTextInputHost()) -> TextField {
        let f = TextField(name: "f", text: text, multiline: multiline, maximumLength: limit, measurer: EstimatedTextMeasurer(),
                          services: TextServices(clipboard: clipboard, input: input))
        f.frame = Rect(x: 10, y: 10, width: 300, height: multiline ? 200 : 32)
        f.setFocused(true, now: 0)
        return f
    }
    private func key(_ f: TextField, _ name: String, _ mods: Modifiers = [], at t: Double = 1) {
        _ = f.handle(.key(Key(name), mods), now: t)
    }
    private func type(_ f: TextField, _ s: String) { for c in s { _ = f.handle(.text(String(c)), now: 1) } }

    func testTypingInsertsAtTheCaretAndKeysThatTypeAreKeptFromShortcuts() {
        let f = makeField()
        type(f, "helo")
        key(f, "Left")
        type(f, "l")
        XCTAssertEqual(f.text, "hello")
        XCTAssertEqual(f.buffer.caret, 4)
        XCTAssertEqual(f.handle(.key(Key("5"), []), now: 1), .handled, "a digit key is the field's, not the app's tab shortcut")
        XCTAssertEqual(f.handle(.key(Key("n"), .ctrl), now: 1), .ignored, "Ctrl+N goes on to the app")
        XCTAssertTrue(f.isEditingText)
    }

    func testShiftExtendsAndCtrlMovesByWords() {
        let f = makeField("one two  three")
        key(f, "Home")
        key(f, "Right", .ctrl)
        XCTAssertEqual(f.buffer.caret, 3)
        key(f, "Right", .ctrl)
        XCTAssertEqual(f.buffer.caret, 7)
        key(f, "Right", [.ctrl, .shift])
        XCTAssertEqual(f.buffer.selection, 7..<14)
        XCTAssertEqual(f.buffer.selectedText, "  three")
        key(f, "Left", .ctrl)
        XCTAssertEqual(f.buffer.caret, 9, "Ctrl+Left goes to the start of the word")
        key(f, "a", .ctrl)
        XCTAssertEqual(f.buffer.selection, 0..<14)
        key(f, "Backspace", .ctrl)
        XCTAssertEqual(f.text, "")
    }

    func testMouseClickDragDoubleAndTripleClick() {
        let f = makeField("alpha beta gamma")
        let y = f.textFrame.midY, x0 = f.textFrame.minX
        let g = f.measurer.lineGeometry(of: "alpha beta gamma", style: f.style.text)
        let inBeta = x0 + (g.left[7] + g.right[7]) / 2
        _ = f.handle(.pointerDown(Point(x: inBeta, y: y), .left, []), now: 1)
        _ = f.handle(.pointerUp(Point(x: inBeta, y: y), .left, []), now: 1.05)
        XCTAssertTrue([7, 8].contains(f.buffer.caret))
        _ = f.handle(.pointerDown(Point(x: inBeta, y: y), .left, []), now: 1.2)
        XCTAssertEqual(f.buffer.selectedText, "beta", "a double-click selects the word")
        _ = f.handle(.pointerUp(Point(x: inBeta, y: y), .left, []), now: 1.25)
        _ = f.handle(.pointerDown(Point(x: inBeta, y: y), .left, []), now: 1.4)
        XCTAssertEqual(f.buffer.selectedText, "alpha beta gamma", "a triple-click selects the line")
        _ = f.handle(.pointerUp(Point(x: inBeta, y: y), .left, []), now: 1.45)
        // A drag from the start to inside "beta" selects what it crossed.
        _ = f.handle(.pointerDown(Point(x: x0, y: y), .left, []), now: 3)
        _ = f.handle(.pointerMove(Point(x: x0 + g.right[6], y: y), []), now: 3.1)
        _ = f.handle(.pointerUp(Point(x: x0 + g.right[6], y: y), .left, []), now: 3.2)
        XCTAssertEqual(f.buffer.selectedText, "alpha b")
    }

    func testClipboardCutCopyPaste() {
        let clip = MemoryClipboard()
        let f = makeField("cut me", clipboard: clip)
        key(f, "Home"); key(f, "Right", [.ctrl, .shift])
        key(f, "c", .ctrl)
        XCTAssertEqual(clip.text, "cut")
        key(f, "x", .ctrl)
        XCTAssertEqual(f.text, " me")
        key(f, "End")
        key(f, "v", .ctrl)
        XCTAssertEqual(f.text, " mecut")
        clip.setText("two\nlines")
        key(f, "v", .ctrl)
        XCTAssertEqual(f.text, " mecuttwo lines", "a one-line field pastes a line break as a space")
    }

    func testUndoTakesBackWordSizedSteps() {
        let f = makeField()
        type(f, "hello world again")
        key(f, "z", .ctrl)
        XCTAssertEqual(f.text, "hello world ")
        key(f, "z", .ctrl)
        XCTAssertEqual(f.text, "hello ")
        key(f, "z", [.ctrl, .shift])
        XCTAssertEqual(f.text, "hello world ")
        key(f, "Backspace"); key(f, "Backspace"); key(f, "Backspace")
        XCTAssertEqual(f.text, "hello wor")
        key(f, "z", .ctrl)
        XCTAssertEqual(f.text, "hello world ", "a run of deletions is one step")
    }

    func testCompositionCommittedAndCancelled() {
        let input = RecordingTextInputHost()
        let f = makeField("ab", input: input)
        XCTAssertTrue(input.isActive, "focus starts the platform's text input")
        key(f, "Left")
        _ = f.handle(.composition("に", cursor: 1), now: 1)
        _ = f.handle(.composition("にほ", cursor: 2), now: 1)
        XCTAssertEqual(f.text, "ab", "a composition is not text yet")
        XCTAssertEqual(f.composition?.text, "にほ")
        XCTAssertEqual(f.dumpState()["composition"], .string("にほ"))
        let caretBefore = input.caret!
        XCTAssertGreaterThan(caretBefore.minX, f.textFrame.minX, "the candidate window goes to the caret inside the composition")
        XCTAssertEqual(f.handle(.key(Key("Left"), []), now: 1), .handled, "keys belong to the input method while it composes")
        _ = f.handle(.composition("", cursor: 0), now: 1)
        _ = f.handle(.text("日本"), now: 1)
        XCTAssertEqual(f.text, "a日本b")
        XCTAssertNil(f.composition)
        XCTAssertEqual(f.buffer.caret, 3)
        // Cancelled: the composition goes, the text stays.
        _ = f.handle(.composition("かな", cursor: 2), now: 2)
        _ = f.handle(.composition("", cursor: 0), now: 2)
        XCTAssertEqual(f.text, "a日本b")
        XCTAssertNil(f.composition)
        f.setFocused(false, now: 3)
        XCTAssertFalse(input.isActive, "losing the focus stops text input")
    }

    func testCompositionIsDrawnUnderlinedInPlace() {
        let f = makeField("ab")
        _ = f.handle(.composition("xy", cursor: 2), now: 1)
        var list = DrawList()
        f.draw(into: &list)
        let texts = list.commands.compactMap { c -> String? in if case let .text(r) = c { return r.text }; return nil }
        XCTAssertEqual(texts, ["abxy"])
        let underline = list.commands.contains { c in
            if case let .fill(r, color, _) = c { return color == f.style.compositionUnderline && r.height == 1 && r.width > 0 }
            return false
        }
        XCTAssertTrue(underline)
    }

    func testEnterCommitsEscapeRestoresAndAPressOutsideCommits() {
        let f = makeField("old", multiline: true)
        var committed: [String] = [], cancelled = 0
        f.onCommit = { committed.append($0) }
        f.onCancel = { cancelled += 1 }
        type(f, "er")
        key(f, "Return", .shift)
        type(f, "x")
        XCTAssertEqual(f.text, "older\nx", "Shift+Enter starts a new line in a multi-line field")
        key(f, "Escape")
        XCTAssertEqual(f.text, "old")
        XCTAssertEqual(cancelled, 1)
        type(f, "!")
        key(f, "Return")
        XCTAssertEqual(committed, ["old!"])
        type(f, "?")
        XCTAssertEqual(f.handle(.pointerDown(Point(x: 500, y: 500), .left, []), now: 2), .ignored, "the press goes on")
        XCTAssertEqual(committed, ["old!", "old!?"])
    }

    func testLengthLimitAndATenThousandCharacterPaste() {
        let clip = MemoryClipboard()
        let limited = makeField(limit: 5, clipboard: clip)
        type(limited, "abcdefg")
        XCTAssertEqual(limited.text, "abcde")
        let f = makeField(multiline: true, clipboard: clip)
        let words = (0..<2000).map { _ in "word " }.joined()
        XCTAssertEqual(words.count, 10_000)
        clip.setText(words)
        key(f, "v", .ctrl)
        var list = DrawList()
        f.draw(into: &list)
        XCTAssertEqual(f.text.count, 10_000)
        XCTAssertEqual(f.buffer.caret, 10_000)
        XCTAssertGreaterThan(f.dumpState()["lines"]?.intValue ?? 0, 100, "wrapped to the field's width")
        key(f, "z", .ctrl)
        XCTAssertEqual(f.text, "", "a paste is one undo step")
        // The work is counted, not timed: a paste and its drawing measure text in proportion to
        // its length (twice the text, at most 2.5 times the characters measured), not the whole
        // text again for each line or word.
        func measured(_ words: Int) -> Int {
            let measurer = CountingMeasurer()
            let field = TextField(name: "f", text: "", multiline: true, measurer: measurer,
                                  services: TextServices(clipboard: clip, input: RecordingTextInputHost()))
            field.frame = Rect(x: 10, y: 10, width: 300, height: 200)
            field.setFocused(true, now: 0)
            clip.setText(String(repeating: "word ", count: words))
            measurer.characters = 0
            key(field, "v", .ctrl)
            var list = DrawList()
            field.draw(into: &list)
            XCTAssertEqual(field.text.count, words * 5)
            return measurer.characters
        }
        let small = measured(2000), large = measured(4000)
        XCTAssertGreaterThan(small, 0, "the paste measured its text")
        XCTAssertLessThan(Double(large), Double(small) * 2.5, "a paste of 10,000 characters measured \(small), of 20,000 \(large)")
    }

    func testTheCaretBlinksOnDeadlinesAndThenRests() {
        let f = makeField("x")
        f.update(now: 0)
        XCTAssertEqual(f.nextDeadline(after: 0), f.style.blinkInterval)
        XCTAssertEqual(f.nextDeadline(after: 0.6)!, 2 * f.style.blinkInterval, accuracy: 1e-9)
        XCTAssertNil(f.nextDeadline(after: 11), "after the blink timeout the window sleeps")
        key(f, "Left", at: 11)
        XCTAssertEqual(f.nextDeadline(after: 11)!, 11 + f.style.blinkInterval, accuracy: 1e-9, "input restarts the blink")
        f.setFocused(false, now: 12)
        XCTAssertNil(f.nextDeadline(after: 12))
    }

    func testVisualCaretMovesAcrossARightToLeftRun() {
        // "ab" then three right-to-left letters, drawn as: a b | z y x (logical x y z).
        let g = TextLineGeometry(left: [0, 10, 50, 40, 30], right: [10, 20, 60, 50, 40], rightToLeft: [false, false, true, true, true],
                                 visualOrder: [0, 1, 4, 3, 2], width: 60, isRightToLeft: false)
        var offsets = [0]
        var at = 0
        for _ in 0..<6 { at = g.offset(movedFrom: at, right: true); offsets.append(at) }
        XCTAssertEqual(offsets, [0, 1, 5, 4, 3, 2, 2], "Right walks the right-to-left run from its left end, visually, then stays")
        XCTAssertEqual(g.caretX(at: 2), 60, "before the first right-to-left letter: its right edge")
        XCTAssertEqual(g.offset(atX: 32), 5)
        XCTAssertEqual(g.selectionSpans(1, 3).map { [$0.0, $0.1] }, [[10, 20], [50, 60]], "a logical range, shown in two pieces")
    }
}

private extension JSON {
    var intValue: Int? { if case let .number(n) = self { return Int(n) }; return nil }
}

/// Forwards to the estimating measurer and counts the characters it is given to measure.
private final class CountingMeasurer: TextMeasuring {
    let inner = EstimatedTextMeasurer()
    var characters = 0
    func width(of text: String, style: TextStyle) -> Double { characters += text.count; return inner.width(of: text, style: style) }
    func lineHeight(style: TextStyle) -> Double { inner.lineHeight(style: style) }
    func lineBreaks(in text: String) -> [LineBreak] { characters += text.count; return inner.lineBreaks(in: text) }
    func lines(of text: String, style: ParagraphStyle, width: Double) -> ParagraphLayout {
        characters += text.count
        return inner.lines(of: text, style: style, width: width)
    }
    func lineGeometry(of text: String, style: TextStyle) -> TextLineGeometry {
        characters += text.count
        return inner.lineGeometry(of: text, style: style)
    }
}
