import XCTest
@testable import CollectionKit
import CollectionKitTesting

/// A text field as assistive technology reads and edits it: offsets in Unicode scalars, edits as
/// undo steps, and its node in a composition's tree.
final class TextFieldAccessibilityTests: XCTestCase {
    private func makeField(_ text: String) -> TextField {
        let f = TextField(name: "title", text: text, placeholder: "Card title", measurer: EstimatedTextMeasurer(),
                          services: TextServices(clipboard: MemoryClipboard(), input: RecordingTextInputHost()))
        f.frame = Rect(x: 10, y: 10, width: 300, height: 32)
        f.setFocused(true, now: 0)
        return f
    }

    func testOffsetsCountUnicodeScalarsNotCharacters() {
        // "é" written as e + combining acute: one character, two scalars.
        let f = makeField("cafe\u{301} au lait")
        XCTAssertEqual(f.text.count, 12)
        XCTAssertEqual(f.accessibleCharacterCount, 13)
        XCTAssertEqual(f.accessibleCaretOffset, 13, "the caret at the end, in scalars")
        XCTAssertTrue(f.setAccessibleCaretOffset(4))
        XCTAssertEqual(f.buffer.caret, 3, "inside the cluster: its start")
        XCTAssertEqual(f.accessibleCaretOffset, 3)
        XCTAssertTrue(f.setAccessibleCaretOffset(5))
        XCTAssertEqual(f.buffer.caret, 4)
        XCTAssertFalse(f.setAccessibleCaretOffset(14), "beyond the end")
        XCTAssertTrue(f.setAccessibleSelection(6..<8))
        XCTAssertEqual(f.buffer.selectedText, "au")
        XCTAssertEqual(f.accessibleSelection, 6..<8)
    }

    func testEditsAreUndoStepsAndTellOnChange() {
        let f = makeField("Milk")
        var heard: [String] = []
        f.onChange = { heard.append($0) }
        XCTAssertTrue(f.replaceAccessibleText(0..<4, with: "Bread rolls"))
        XCTAssertTrue(f.replaceAccessibleText(5..<11, with: ""))
        XCTAssertTrue(f.replaceAccessibleText(0..<0, with: "Fresh "))
        XCTAssertEqual(f.text, "Fresh Bread")
        XCTAssertEqual(f.accessibleCaretOffset, 6, "after what was put in")
        XCTAssertEqual(heard, ["Bread rolls", "Bread", "Fresh Bread"])
        XCTAssertFalse(f.replaceAccessibleText(3..<3, with: ""), "nothing to delete")
        XCTAssertFalse(f.replaceAccessibleText(0..<40, with: "x"), "outside the text")
        _ = f.handle(.key(Key("z"), .ctrl), now: 1)
        XCTAssertEqual(f.text, "Bread")
        _ = f.handle(.key(Key("z"), .ctrl), now: 1)
        XCTAssertEqual(f.text, "Bread rolls")
        _ = f.handle(.key(Key("z"), .ctrl), now: 1)
        XCTAssertEqual(f.text, "Milk")
    }

    func testTheLengthLimitHoldsForEditsToo() {
        let f = makeField("ab")
        f.maximumLength = 4
        XCTAssertTrue(f.replaceAccessibleText(2..<2, with: "cdef"))
        XCTAssertEqual(f.text, "abcd")
    }

    func testTheNodeIsAnEditableEntryListedAfterTheCollections() {
        let f = makeField("Milk")
        let node = f.accessibilityNode()
        XCTAssertEqual(node.role, .entry)
        XCTAssertEqual(node.name, "Card title", "named by the placeholder")
        XCTAssertEqual(node.states, [.focusable, .focused, .editable])
        XCTAssertTrue(node.textField === f)
        f.setFocused(false, now: 1)
        XCTAssertFalse(f.accessibilityNode(name: "Title").states.contains(.focused))

        let editor = InPlaceEditor(measurer: EstimatedTextMeasurer(),
                                   services: TextServices(clipboard: MemoryClipboard(), input: RecordingTextInputHost()))
        let view = CollectionView(name: "cards", layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40)))
        view.frame = Rect(x: 0, y: 0, width: 300, height: 400)
        let published = AccessibleComposition(Composition([editor, view]))
        XCTAssertEqual(published.tree(title: "W", size: Size(300, 400)).children.count, 1, "no field while not editing")
        editor.begin(item: AnyHashable(1), text: "Eggs", frame: { Rect(x: 0, y: 0, width: 300, height: 40) }, now: 0) { _ in }
        let tree = published.tree(title: "W", size: Size(300, 400))
        XCTAssertEqual(tree.children.count, 2)
        XCTAssertNotNil(tree.children[0].items, "the collection first")
        XCTAssertEqual(tree.children[1].role, .entry, "the open field after it")
        XCTAssertEqual(tree.children[1].textField?.accessibleText, "Eggs")
        XCTAssertEqual(tree.children[1].index, 1)
    }

    func testCharacterFramesFollowTheText() {
        let f = makeField("abc")
        let a = f.accessibleCharacterFrame(at: 0), b = f.accessibleCharacterFrame(at: 1)
        XCTAssertGreaterThan(a.width, 1)
        XCTAssertEqual(b.minX, a.maxX, accuracy: 0.01)
        XCTAssertEqual(a.minY, b.minY)
        XCTAssertEqual(f.accessibleCharacterFrame(at: 9), .zero)
    }
}
