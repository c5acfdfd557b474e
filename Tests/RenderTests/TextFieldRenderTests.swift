import XCTest
@testable import CollectionKit
@testable import CollectionKitSDL

/// The field with the backend's own measurer: caret places from ICU's bidirectional algorithm,
/// and the caret drawn where the drawn text ends.
final class TextFieldRenderTests: XCTestCase {
    func testCaretMovesVisuallyThroughMixedHebrewAndEnglish() throws {
        let measurer = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        let text = "abc שלום def"   // logical: a b c ␠ ש ל ו ם ␠ d e f
        let g = measurer.lineGeometry(of: text, style: TextStyle(size: 16))
        XCTAssertEqual(g.count, 12)
        XCTAssertFalse(g.isRightToLeft)
        XCTAssertEqual(g.rightToLeft, [false, false, false, false, true, true, true, true, false, false, false, false])
        XCTAssertEqual(g.visualOrder, [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11], "the Hebrew word is drawn reversed")
        // Hebrew's first letter (ש, logical 4) is the rightmost of its run.
        XCTAssertGreaterThan(g.left[4], g.left[7])
        XCTAssertEqual(g.width, measurer.width(of: text, style: TextStyle(size: 16)), accuracy: 2)
        // Right from the start: visually monotonic, through every place, the Hebrew logically backwards.
        var at = 0, x = g.caretX(at: 0), offsets = [0], xs = [x]
        for _ in 0..<13 { (x, at) = g.stop(movedFrom: at, at: x, right: true); offsets.append(at); xs.append(x) }
        XCTAssertEqual(offsets, [0, 1, 2, 3, 8, 7, 6, 5, 8, 9, 10, 11, 12, 12],
                       "the Hebrew word walked backwards; 8 is both its left end and the space after it")
        XCTAssertEqual(Array(xs.dropLast()), Array(xs.dropLast()).sorted(), "every Right moves the caret right on screen")
        XCTAssertEqual(Set(xs.dropLast()).count, 13, "each of the 13 places on screen once")
        // Left goes back the same way.
        var back = [12]
        for _ in 0..<12 { (x, at) = g.stop(movedFrom: at, at: x, right: false); back.append(at) }
        XCTAssertEqual(back, Array(offsets.dropLast().reversed()))
        // A selection of "c שׁ" (logical 2..<5) covers "c " and ש, which are apart on screen.
        XCTAssertEqual(g.selectionSpans(2, 5).count, 2)
    }

    func testRightToLeftLineStartsAtTheRight() throws {
        let measurer = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        let g = measurer.lineGeometry(of: "שלום abc", style: TextStyle(size: 16))
        XCTAssertTrue(g.isRightToLeft)
        XCTAssertEqual(g.caretX(at: 0), g.width, accuracy: 0.5, "the caret before the first letter is at the line's right end")
        XCTAssertEqual(g.edgeOffset(leftEnd: false), 0)
    }

    func testTheDrawnCaretTouchesTheDrawnText() throws {
        let size = Size(width: 320, height: 60)
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        var style = TextFieldStyle()
        style.background = .black; style.border = .black; style.focusedBorder = .black
        style.textColor = .white; style.caret = Color(hex: 0xFF0000)
        let field = TextField(name: "f", text: "Hamburgefonstiv", style: style, measurer: canvas.measurer)
        field.frame = Rect(x: 10, y: 10, width: 300, height: 40)
        field.setFocused(true, now: 0)
        field.update(now: 0)
        var list = DrawList()
        field.draw(into: &list)
        canvas.render(list)
        let image = canvas.capture()
        // The rightmost white-ish pixel of the text and the caret's red column.
        var textRight = 0, caretX = -1
        for y in 14..<46 {
            for x in 12..<310 {
                let p = image.pixels[y * image.width + x]
                let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF
                if r > 200 && g < 80 { caretX = x } else if g > 100 { textRight = max(textRight, x) }
            }
        }
        XCTAssertGreaterThan(caretX, 0)
        XCTAssertLessThanOrEqual(abs(caretX - textRight), 2, "caret at \(caretX), text ends at \(textRight)")
    }
}

/// What a keystroke and a caret blink redraw, through the partial redraw: the field's box, not
/// the window; and the same pixels as a frame drawn whole.
final class TextFieldRedrawTests: XCTestCase {
    final class Root: ComposedRoot {
        var size = Size(width: 640, height: 400)
        let field: TextField
        let composition: Composition
        init(measurer: any TextMeasuring) {
            field = TextField(name: "title", text: "Groceries", measurer: measurer)
            field.frame = Rect(x: 40, y: 40, width: 300, height: 34)
            let chrome = ClosureComponent(draw: { list in
                list.fill(Rect(x: 0, y: 0, width: 640, height: 400), Color(hex: 0x1E2128))
                for k in 0..<10 { list.text("Label \(k)", in: Rect(x: 40, y: 100 + Double(k) * 26, width: 200, height: 24), size: 14, color: .white) }
            })
            composition = Composition([field, chrome], focus: FocusChain([field]))
        }
        func layOut(for size: Size) { self.size = size }
    }

    func testAKeystrokeRedrawsOnlyTheField() throws {
        let size = Size(width: 640, height: 400)
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        let root = Root(measurer: partial.measurer)
        root.field.setFocused(true, now: 0)
        func frame(_ t: Double) -> Int {
            root.update(now: t)
            let list = root.draw()
            partial.render(list); whole.render(list)
            XCTAssertNil(partial.firstDifference(from: whole))
            return partial.drawer.lastRedraw.pixels
        }
        _ = frame(0)
        root.handle(.text("!"), now: 0.1)
        let keystroke = frame(0.1)
        let fieldArea = Int((root.field.frame.width + 4) * (root.field.frame.height + 4))
        XCTAssertGreaterThan(keystroke, 0)
        XCTAssertLessThanOrEqual(keystroke, fieldArea, "a keystroke redraws the field's box at most")
        let blink = frame(0.1 + root.field.style.blinkInterval + 0.01)
        XCTAssertLessThanOrEqual(blink, 4 * 40, "a blink redraws about the caret")
        print("keystroke redrew \(keystroke) px of \(640 * 400); a blink \(blink) px")
    }
}
