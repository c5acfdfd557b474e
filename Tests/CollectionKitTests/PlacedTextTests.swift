import CollectionKit
import XCTest

/// `DrawList.placedTexts(measuredBy:)`: where each text run lands, whether it is cut, and whether it
/// is chrome or an item's text, read from the draw list alone.
final class PlacedTextTests: XCTestCase {
    /// Estimated widths: 0.55 em a narrow character, lines 1.2 em high.
    private let measurer = EstimatedTextMeasurer()

    func testARunIsPlacedByItsAlignmentAndCutOnlyWhenWiderThanItsBox() {
        var list = DrawList()
        // "Undo": 4 × 0.55 × 10 = 22 points wide, 12 high.
        list.text("Undo", in: Rect(10, 0, 100, 20), size: 10, color: .white)
        list.text("Undo", in: Rect(10, 20, 100, 20), size: 10, color: .white, alignment: .trailing)
        list.text("Undo", in: Rect(10, 40, 100, 20), size: 10, color: .white, alignment: .center)
        list.text("Horizontal", in: Rect(10, 60, 40, 20), size: 10, color: .white)
        let texts = list.placedTexts(measuredBy: measurer)
        XCTAssertEqual(texts.map(\.frame), [Rect(10, 4, 22, 12), Rect(88, 24, 22, 12), Rect(49, 44, 22, 12), Rect(10, 64, 40, 12)])
        XCTAssertEqual(texts.map(\.shortened), [false, false, false, true], "only the run wider than its box is cut")
        XCTAssertEqual(Set(texts.map(\.role)), [.control], "chrome unless a collection says otherwise")
    }

    func testTransformsClipsAndOpaqueFillsDecideWhatShows() {
        var list = DrawList()
        list.transformed(.translate(100, 50)) { list in
            list.text("Moved", in: Rect(0, 0, 100, 20), size: 10, color: .white)
        }
        list.clipped(to: Rect(0, 0, 50, 50)) { list in
            list.text("Half", in: Rect(40, 0, 100, 20), size: 10, color: .white)
            list.text("Gone", in: Rect(60, 0, 100, 20), size: 10, color: .white)
        }
        list.text("Under a card", in: Rect(0, 200, 100, 20), size: 10, color: .white)
        list.fill(Rect(0, 190, 200, 40), .black)
        list.text("Over the card", in: Rect(0, 200, 100, 20), size: 10, color: .white)
        list.text("Invisible", in: Rect(0, 300, 100, 20), size: 10, color: Color(r: 0, g: 0, b: 0, a: 0))
        let texts = list.placedTexts(measuredBy: measurer)
        XCTAssertEqual(texts.map(\.text), ["Moved", "Half", "Over the card"])
        XCTAssertEqual(texts[0].frame, Rect(100, 54, 28, 12), "in window points")
        XCTAssertEqual(texts[1].frame, Rect(40, 4, 10, 12), "cut by the clip")
    }

    func testAParagraphGivesALinePerRunAndItsLastLineSaysItWasCut() {
        var list = DrawList()
        let style = ParagraphStyle(text: TextStyle(size: 10), maximumLines: 2)
        list.append(.paragraph(ParagraphRun("one two three four five six seven eight", in: Rect(0, 0, 60, 100), style: style, color: .white)))
        let texts = list.placedTexts(measuredBy: measurer)
        XCTAssertEqual(texts.count, 2)
        XCTAssertEqual(texts.map(\.shortened), [false, true])
    }

    func testACollectionMarksWhatItsCellsDrawAsContent() {
        let source = NumberedTiles(4)
        let cv = CollectionView(name: "test", layout: GridLayout(minimumCrossSize: 100, itemLength: .fixed(50), interitemSpacing: 0,
                                                                lineSpacing: 0, insets: EdgeInsets()))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(0, 30, 200, 100))
        cv.reloadData()
        cv.update(now: 0)
        var list = DrawList()
        list.text("Header", in: Rect(0, 0, 200, 30), size: 12, color: .white)
        cv.draw(into: &list)
        let texts = list.placedTexts(measuredBy: measurer)
        XCTAssertEqual(texts.map(\.text), ["Header", "0", "1", "2", "3"])
        XCTAssertEqual(texts.map(\.role), [.control, .content, .content, .content, .content])
        XCTAssertEqual(texts[3].frame.minY, 30 + 50 + (50 - 14) / 2, "the third tile's text, in window points")
    }
}
