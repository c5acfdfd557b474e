import CollectionKit
@testable import CollectionDemo
import XCTest

/// A board card's text is fitted and wrapped when what it depends on changes, not on every
/// frame it is drawn; and where it goes is the same as working it out afresh.
final class BoardCardMeasureTests: XCTestCase {
    private func draw(_ cell: BoardCardCell, _ frame: Rect) -> DrawList {
        var list = DrawList()
        cell.draw(in: frame, into: &list)
        return list
    }

    private func fresh(_ card: BoardCard, _ frame: Rect) -> DrawList {
        var list = DrawList()
        BoardCardCell.drawCard(card, metrics: BoardCardMetrics(measurer: EstimatedTextMeasurer()), in: frame, into: &list)
        return list
    }

    func testACardMovedAroundIsMeasuredOnceAndDrawnAsIfMeasuredAfresh() {
        let cell = BoardCardCell(reuseIdentifier: "card")
        cell.card = BoardCard(id: 1, title: "Find out why exporting times out in a workspace of more than ten thousand files")
        // A drag carries the card: sixty frames at other places and heights, one width.
        for i in 0..<60 {
            let frame = Rect(x: 10.25 + Double(i) * 3.5, y: 40.5 + Double(i) * 7.25, width: 220, height: 90 + Double(i % 3) * 20)
            XCTAssertEqual(draw(cell, frame), fresh(cell.card, frame), "frame \(i)")
        }
        XCTAssertEqual(cell.measures, 1)
    }

    func testNewWordsAWidthThePadlockOrTheTextScaleMeasureAgain() {
        let saved = Appearance.textScale
        defer { Appearance.textScale = saved }
        let cell = BoardCardCell(reuseIdentifier: "card")
        cell.card = BoardCard(id: 1, title: "Write the release notes")
        let frame = Rect(x: 0, y: 0, width: 200, height: 80)
        _ = draw(cell, frame)
        XCTAssertEqual(cell.measures, 1)
        cell.card.title = "Write the release notes for the autumn"
        XCTAssertEqual(draw(cell, frame), fresh(cell.card, frame))
        XCTAssertEqual(cell.measures, 2)
        let narrow = Rect(x: 0, y: 0, width: 120, height: 80)
        XCTAssertEqual(draw(cell, narrow), fresh(cell.card, narrow))
        XCTAssertEqual(cell.measures, 3)
        cell.card.lockedTo = "Today"
        XCTAssertEqual(draw(cell, narrow), fresh(cell.card, narrow))
        XCTAssertEqual(cell.measures, 4)
        Appearance.textScale = 1.5
        XCTAssertEqual(draw(cell, narrow), fresh(cell.card, narrow))
        XCTAssertEqual(cell.measures, 5)
        cell.metrics = BoardCardMetrics(measurer: EstimatedTextMeasurer())
        _ = draw(cell, narrow)
        XCTAssertEqual(cell.measures, 6, "new metrics (another measurer) measure again")
        _ = draw(cell, narrow)
        XCTAssertEqual(cell.measures, 6)
    }
}
