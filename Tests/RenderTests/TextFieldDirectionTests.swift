import XCTest
@testable import CollectionKit
@testable import CollectionKitSDL

/// A field aligns its text as the `natural` paragraph of the same text does (the card it makes):
/// Hebrew at the right edge, English at the left; an empty field puts its caret and placeholder on
/// the UI's side. Clicks and the caret follow the text where it is drawn.
final class TextFieldDirectionTests: XCTestCase {
    private func field(_ text: String, direction: LayoutDirection = .leftToRight, placeholder: String = "") throws -> TextField {
        let measurer = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        let f = TextField(name: "f", text: text, placeholder: placeholder, measurer: measurer)
        f.frame = Rect(x: 10, y: 10, width: 300, height: 40)
        f.layoutDirection = direction
        f.setFocused(true, now: 0)
        f.update(now: 0)
        return f
    }

    private func runs(_ f: TextField) -> [TextRun] {
        var list = DrawList()
        f.draw(into: &list)
        return list.commands.compactMap { if case let .text(run) = $0 { return run }; return nil }
    }

    func testHebrewTextSitsAtTheRightEdgeAsItsCardDoes() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let hebrew = try field("משימה חדשה", direction: direction)
            let inner = hebrew.textFrame
            let run = try XCTUnwrap(runs(hebrew).first)
            XCTAssertEqual(run.rect.maxX, inner.maxX, accuracy: 3, "Hebrew ends at the field's right edge (\(direction))")
            XCTAssertGreaterThan(run.rect.minX, inner.midX, "and starts right of its middle")
            // The caret after the last letter (logical end) is at the text's left end, on screen.
            hebrew.buffer.moveCaret(to: hebrew.text.count)
            XCTAssertEqual(hebrew.caretRect.minX, run.rect.minX, accuracy: 2)
            // A click left of the text puts the caret at its end, one right of it at its start.
            XCTAssertEqual(hebrew.displayOffset(at: Point(x: run.rect.minX - 4, y: inner.midY)), hebrew.text.count)
            XCTAssertEqual(hebrew.displayOffset(at: Point(x: inner.maxX - 1, y: inner.midY)), 0)
            // English stays at the left, whichever the UI's direction.
            let english = try field("New task", direction: direction)
            XCTAssertEqual(try XCTUnwrap(runs(english).first).rect.minX, english.textFrame.minX, accuracy: 1)
        }
    }

    func testAnEmptyFieldStartsOnTheUIsSide() throws {
        let rtl = try field("", direction: .rightToLeft, placeholder: "כותרת הכרטיס")
        XCTAssertGreaterThan(rtl.caretRect.minX, rtl.textFrame.maxX - 3, "the caret at the right edge")
        XCTAssertEqual(try XCTUnwrap(runs(rtl).first).alignment, .trailing, "the placeholder at the right")
        let ltr = try field("", placeholder: "Card title")
        XCTAssertLessThan(ltr.caretRect.minX, ltr.textFrame.minX + 1)
        XCTAssertEqual(try XCTUnwrap(runs(ltr).first).alignment, .leading)
    }
}
