import XCTest
@testable import CollectionKit
import CollectionKitTesting

/// A text field and the PRIMARY selection of X11 and Wayland.
final class TextFieldPrimarySelectionTests: XCTestCase {
    private func makeField(_ text: String) -> TextField {
        let f = TextField(name: "f", text: text, measurer: EstimatedTextMeasurer(),
                          services: TextServices(clipboard: MemoryClipboard(), input: RecordingTextInputHost()))
        f.frame = Rect(x: 10, y: 10, width: 300, height: 32)
        f.setFocused(true, now: 0)
        return f
    }
    private func key(_ f: TextField, _ name: String, _ mods: Modifiers = [], at t: Double = 1) {
        _ = f.handle(.key(Key(name), mods), now: t)
    }

    /// The primary selection: selecting puts the selected text there (by keys and by the pointer);
    /// a middle click pastes it at the click; without a primary selection nothing happens.
    func testSelectedTextIsThePrimarySelectionAndAMiddleClickPastesIt() {
        let primary = MemoryClipboard(), clipboard = MemoryClipboard()
        let f = TextField(name: "f", text: "one two three", measurer: EstimatedTextMeasurer(),
                          services: TextServices(clipboard: clipboard, input: RecordingTextInputHost(), primarySelection: primary))
        f.frame = Rect(x: 10, y: 10, width: 300, height: 32)
        f.setFocused(true, now: 0)
        key(f, "Home")
        key(f, "Right", [.ctrl, .shift])
        XCTAssertEqual(primary.text, "one")
        XCTAssertNil(clipboard.text, "selecting leaves the clipboard alone")
        key(f, "End")
        primary.setText("big ")
        // A middle click before "three": the text goes in there, the caret after it.
        f.buffer.moveCaret(to: 8)
        let x = f.caretRect.minX + 1
        key(f, "End")
        XCTAssertEqual(f.handle(.pointerDown(Point(x: x, y: 26), .middle, []), now: 2), .handled)
        _ = f.handle(.pointerUp(Point(x: x, y: 26), .middle, []), now: 2.05)
        XCTAssertEqual(f.text, "one two big three")
        XCTAssertEqual(f.buffer.caret, 12)
        // Double-clicking a word selects it and makes it the primary selection.
        f.buffer.moveCaret(to: 5)
        let w = f.caretRect.minX
        _ = f.handle(.pointerDown(Point(x: w, y: 26), .left, []), now: 3)
        _ = f.handle(.pointerUp(Point(x: w, y: 26), .left, []), now: 3.05)
        _ = f.handle(.pointerDown(Point(x: w, y: 26), .left, []), now: 3.1)
        _ = f.handle(.pointerUp(Point(x: w, y: 26), .left, []), now: 3.15)
        XCTAssertEqual(primary.text, "two")
        // No primary selection: a middle click changes nothing.
        let plain = makeField("abc")
        _ = plain.handle(.pointerDown(Point(x: 20, y: 26), .middle, []), now: 1)
        XCTAssertEqual(plain.text, "abc")
    }
}
