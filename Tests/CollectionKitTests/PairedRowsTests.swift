@testable import CollectionKit
import XCTest

/// Two-column rows of half- and full-width items (seed 004's mosaic): the row for every (current,
/// next) combination, runs of half-width items that the seed's table would drop, and literal frames
/// for the seed's three examples.
final class PairedRowsTests: XCTestCase {
    func testEveryCurrentNextCombination() {
        for next: PairedRows.ItemWidth? in [nil, .half, .full] {
            XCTAssertEqual(PairedRows.row(current: .full, next: next), .full, "(full, \(String(describing: next)))")
        }
        XCTAssertEqual(PairedRows.row(current: .half, next: .half), .pair, "the seed answers nil after a compact")
        XCTAssertEqual(PairedRows.row(current: .half, next: .full), .halfAlone)
        XCTAssertEqual(PairedRows.row(current: .half, next: nil), .halfAlone)
    }

    func testRunsOfOneToNineHalfWidthItemsPairGreedilyAndKeepEveryItem() {
        for n in 1...9 {
            let styles = [PairedRows.ItemWidth.full] + Array(repeating: .half, count: n) + [.full]
            let kinds = PairedRows.rows(for: styles)
            let expected: [PairedRows.Row] = [.full] + Array(repeating: .pair, count: n / 2)
                + (n % 2 == 1 ? [.halfAlone] : []) + [.full]
            XCTAssertEqual(kinds, expected, "run of \(n)")
            XCTAssertEqual(kinds.reduce(0) { $0 + $1.itemCount }, styles.count, "no item dropped in a run of \(n)")
            // And the layout places every item, each in its own place.
            var l = CompositionalLayout { _, _ in PairedRows.section(spacing: 16) { styles[$0] } }
            l.prepare(LayoutContext(boundsSize: Size(width: 400, height: 800), itemCounts: [styles.count]))
            let frames = (0..<styles.count).compactMap { l.attributesForItem(at: ItemPath(item: $0))?.frame }
            XCTAssertEqual(frames.count, styles.count)
            XCTAssertEqual(Set(frames.map { "\($0)" }).count, styles.count, "frames overlap in a run of \(n)")
            XCTAssertEqual(l.sections[0].groupCount, kinds.count)
        }
        // A run at the very start and at the very end.
        XCTAssertEqual(PairedRows.rows(for: [.half, .half, .half]), [.pair, .halfAlone])
        XCTAssertEqual(PairedRows.rows(for: []), [])
    }

    private func frames(_ styles: [PairedRows.ItemWidth], width: Double) -> [Rect] {
        var l = CompositionalLayout { _, _ in PairedRows.section(spacing: 16) { styles[$0] } }
        l.prepare(LayoutContext(boundsSize: Size(width: width, height: 800), itemCounts: [styles.count]))
        return (0..<styles.count).map { l.attributesForItem(at: ItemPath(item: $0))!.frame }
    }

    func testSeedExamplesAt400() {
        // Pair items (400 − 16) / 2 = 192 wide; rows 200 tall, 16 apart; an orphan is as wide as a pair's left item.
        XCTAssertEqual(frames(Array(repeating: .half, count: 7), width: 400), [
            Rect(0, 0, 192, 200), Rect(208, 0, 192, 200),
            Rect(0, 216, 192, 200), Rect(208, 216, 192, 200),
            Rect(0, 432, 192, 200), Rect(208, 432, 192, 200),
            Rect(0, 648, 192, 200),
        ])
        XCTAssertEqual(frames(Array(repeating: .full, count: 4), width: 400), [
            Rect(0, 0, 400, 200), Rect(0, 216, 400, 200), Rect(0, 432, 400, 200), Rect(0, 648, 400, 200),
        ])
        XCTAssertEqual(frames([.full, .half, .half, .half, .half, .full], width: 400), [
            Rect(0, 0, 400, 200),
            Rect(0, 216, 192, 200), Rect(208, 216, 192, 200),
            Rect(0, 432, 192, 200), Rect(208, 432, 192, 200),
            Rect(0, 648, 400, 200),
        ])
    }

    func testSeedExamplesAt1000() {
        XCTAssertEqual(frames(Array(repeating: .half, count: 7), width: 1000), [
            Rect(0, 0, 492, 500), Rect(508, 0, 492, 500),
            Rect(0, 516, 492, 500), Rect(508, 516, 492, 500),
            Rect(0, 1032, 492, 500), Rect(508, 1032, 492, 500),
            Rect(0, 1548, 492, 500),
        ])
        XCTAssertEqual(frames(Array(repeating: .full, count: 4), width: 1000), [
            Rect(0, 0, 1000, 500), Rect(0, 516, 1000, 500), Rect(0, 1032, 1000, 500), Rect(0, 1548, 1000, 500),
        ])
        XCTAssertEqual(frames([.full, .half, .half, .half, .half, .full], width: 1000), [
            Rect(0, 0, 1000, 500),
            Rect(0, 516, 492, 500), Rect(508, 516, 492, 500),
            Rect(0, 1032, 492, 500), Rect(508, 1032, 492, 500),
            Rect(0, 1548, 1000, 500),
        ])
    }

    /// The general form: a compact (half) item spans one column, a full one half the row (at
    /// least two), rows fill greedily; a short row before an item that does not fit widens by
    /// whole columns, and the last row keeps its items' widths.
    func testRowsOfFourAndSixColumnsFillGreedilyAndStretch() {
        XCTAssertEqual(PairedRows.rowSpans(for: [.half, .half, .full, .half], columns: 4), [[1, 1, 2], [1]])
        XCTAssertEqual(PairedRows.rowSpans(for: [.half, .half, .half, .full, .full], columns: 6), [[1, 1, 1, 3], [3]])
        XCTAssertEqual(PairedRows.rowSpans(for: [.half, .half, .half, .full], columns: 2), [[1, 1], [1], [2]])
        XCTAssertEqual(PairedRows.allRowSpans(columns: 4).count, 11)
        XCTAssertEqual(PairedRows.allRowSpans(columns: 6).count, 17)
        let widths: [PairedRows.ItemWidth] = [.half, .half, .full, .half]
        var layout = CompositionalLayout { _, _ in
            PairedRows.section(columns: 4, contentWidth: 430, spacing: 10) { widths[$0] }
        }
        layout.prepare(LayoutContext(boundsSize: Size(430, 1000), itemCounts: [4]))
        let frames = (0..<4).map { layout.attributesForItem(at: ItemPath(item: $0))!.frame }
        // Columns of 100 (4 × 100 + 3 × 10): the first row lines up with them, rows 100 tall.
        XCTAssertEqual(frames[0], Rect(0, 0, 100, 100))
        XCTAssertEqual(frames[1], Rect(110, 0, 100, 100))
        XCTAssertEqual(frames[2], Rect(220, 0, 210, 100))
        // The last row keeps the column width: the lone compact item is one column, on the grid.
        XCTAssertEqual(frames[3], Rect(0, 110, 100, 100))
    }

    /// A row the next item does not fit in fills up by whole columns, the last items first.
    func testAShortRowFillsUpByWholeColumns() {
        XCTAssertEqual(PairedRows.filledSpans([1, 1, 1, 1], columns: 6), [1, 1, 2, 2])
        XCTAssertEqual(PairedRows.filledSpans([3, 1, 1], columns: 6), [3, 1, 2])
        XCTAssertEqual(PairedRows.filledSpans([3, 1], columns: 6), [3, 3], "compact items grow, regular ones keep their span")
        XCTAssertEqual(PairedRows.filledSpans([1, 1, 3], columns: 6), [1, 2, 3])
        XCTAssertEqual(PairedRows.filledSpans([2], columns: 4), [4])
        XCTAssertEqual(PairedRows.filledSpans([1], columns: 2), [2])
        XCTAssertEqual(PairedRows.filledSpans([1], columns: 6), [6])
        XCTAssertEqual(PairedRows.filledSpans([3, 3], columns: 6), [3, 3])
        XCTAssertEqual(PairedRows.filledSpans([], columns: 4), [])
        // Six columns of 100, 10 apart: four compact items before a regular one (it spans 3 and
        // only 2 are left) fill their row, every edge on a column's edge; the last row does not.
        let widths: [PairedRows.ItemWidth] = [.half, .half, .half, .half, .full, .half]
        var layout = CompositionalLayout { _, _ in
            PairedRows.section(columns: 6, contentWidth: 650, spacing: 10) { widths[$0] }
        }
        layout.prepare(LayoutContext(boundsSize: Size(650, 1000), itemCounts: [6]))
        let frames = (0..<6).map { layout.attributesForItem(at: ItemPath(item: $0))!.frame }
        XCTAssertEqual(frames[0..<4].map(\.minX), [0, 110, 220, 440])
        XCTAssertEqual(frames[0..<4].map(\.width), [100, 100, 210, 210])
        XCTAssertEqual(frames[4], Rect(0, 110, 320, 100))
        XCTAssertEqual(frames[5], Rect(330, 110, 100, 100), "the last row keeps the column width")
    }
}
