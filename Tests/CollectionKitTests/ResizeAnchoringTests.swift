@testable import CollectionKit
import CollectionKitTesting
import XCTest

/// Resizing a window keeps what the user reads where it was: the first item that starts in view
/// stays within a point of its place at every width, whether the layout measures its items
/// (a self-sizing list) or a drag-and-drop collection sizes its cards to their text.
final class ResizeAnchoringTests: XCTestCase {
    private var sources: [NumberedTiles] = []

    /// A note's height at a width, as wrapped text would be: 1 to 12 lines of 18 points.
    static func noteHeight(_ item: Int, width: Double) -> Double {
        let characters = 20 + (item &* 7919) % 400
        let perLine = max(1, Int((width - 24) / 7))
        return 16 + Double((characters + perLine - 1) / perLine) * 18
    }

    /// Ten widths from the narrowest a window allows to 2560, in an order that grows and shrinks.
    static let widths: [Double] = [1280, 200, 2560, 420, 900, 640, 1920, 300, 1600, 760]

    /// The first item whose top is in view, and how far below the view's top it starts.
    private func firstStartingInView(_ cv: CollectionView) -> (item: AnyHashable, top: Double)? {
        let b = cv.bounds
        let starting = cv.layout.attributesForElements(in: b).filter { $0.kind == .cell && $0.frame.minY >= b.minY - 0.001 }
        guard let a = starting.min(by: { ($0.frame.minY, $0.indexPath.item) < ($1.frame.minY, $1.indexPath.item) }),
              let ds = cv.dataSource else { return nil }
        return (ds.collectionView(cv, identifierForItemAt: a.indexPath), a.frame.minY - b.minY)
    }

    private func top(of item: AnyHashable, in cv: CollectionView) -> Double? {
        guard let ds = cv.dataSource else { return nil }
        for a in cv.layout.attributesForElements(in: cv.bounds.insetBy(dx: 0, dy: -2000)) where a.kind == .cell {
            if ds.collectionView(cv, identifierForItemAt: a.indexPath) == item { return a.frame.minY - cv.bounds.minY }
        }
        return nil
    }

    /// Scrolls so that the item at the top of the view is cut in half, as a reader's view usually is.
    private func cutTopItemInHalf(_ cv: CollectionView, now: Double) {
        guard let top = cv.layout.attributesForElements(in: cv.bounds).filter({ $0.kind == .cell })
            .min(by: { $0.frame.minY < $1.frame.minY }) else { return }
        cv.physics.jump(to: Point(x: 0, y: top.frame.minY + top.frame.height / 2))
        cv.update(now: now)
    }

    private func assertResizesKeepTheReader(_ cv: CollectionView, height: Double, file: StaticString = #filePath, line: UInt = #line) {
        for (n, width) in Self.widths.enumerated() {
            cutTopItemInHalf(cv, now: Double(n) + 0.5)
            guard let anchor = firstStartingInView(cv) else { return XCTFail("nothing in view before width \(width)", file: file, line: line) }
            cv.setFrame(Rect(x: 0, y: 0, width: width, height: height))
            cv.update(now: Double(n + 1))
            guard let after = top(of: anchor.item, in: cv) else {
                return XCTFail("item \(anchor.item) left the view at width \(width)", file: file, line: line)
            }
            XCTAssertEqual(after, anchor.top, accuracy: 1, "item \(anchor.item) moved at width \(width)", file: file, line: line)
        }
    }

    func testSelfSizingListKeepsTheFirstItemInViewAtEveryWidth() {
        let source = NumberedTiles(1000)
        sources.append(source)
        let layout = SelfSizingListLayout(spacing: 8, insets: EdgeInsets(all: 10), estimatedHeight: { _, _ in 60 },
                                          measure: { ip, width in Self.noteHeight(ip.item, width: width) })
        let cv = CollectionView(name: "notes", layout: layout)
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = source
        cv.setFrame(Rect(x: 0, y: 0, width: 1000, height: 600))
        cv.reloadData()
        cv.update(now: 0)
        // Mid-list, with the top item cut off: the item below it is the one being read.
        cv.physics.jump(to: Point(x: 0, y: 4321))
        cv.update(now: 0.5)
        assertResizesKeepTheReader(cv, height: 600)
    }

    func testDragDropCollectionSizesCardsToTheirWidthAndKeepsTheReader() {
        var measuredWidths = Set<Double>()
        let board = DragDropCollection<Int>(name: "todo", title: "To do", items: [Array(0..<300)],
                                            cellForItem: { cv, ip, id in
                                                let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
                                                cell.configure(number: id)
                                                return cell
                                            }, drawItem: { _, _, _ in })
        board.view.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        board.measureItem = { id, width in
            measuredWidths.insert(width)
            return Self.noteHeight(id, width: width)
        }
        board.view.setFrame(Rect(x: 0, y: 0, width: 400, height: 700))
        board.view.update(now: 0)
        // The card is as tall as its text at the column's width (the layout's insets taken off).
        let first = board.view.layout.attributesForItem(at: ItemPath(item: 0))!.frame
        XCTAssertEqual(first.height, Self.noteHeight(0, width: first.width), accuracy: 0.001)
        XCTAssertTrue(measuredWidths.contains(first.width), "measured at \(measuredWidths), shown \(first.width) wide")
        board.view.physics.jump(to: Point(x: 0, y: 2345))
        board.view.update(now: 0.5)
        assertResizesKeepTheReader(board.view, height: 700)
        // After the resizes, every card is as tall as its text at the new width.
        let last = board.view.layout.attributesForItem(at: ItemPath(item: 17))!.frame
        XCTAssertEqual(last.height, Self.noteHeight(17, width: last.width), accuracy: 0.001)
    }
}

/// Cards measured to their text are measured once, at the width they show at: an app sets
/// `measureItem` before its window is laid out, and a board of hundreds of cards measured at a
/// width of zero first (a word a line) would pay for its start-up twice over.
final class MeasureOnceTests: XCTestCase {
    func testCardsAreMeasuredOnceAtTheirRealWidthWhenMeasureItemIsSetBeforeTheFrame() {
        var calls: [(Int, Double)] = []
        let board = DragDropCollection<Int>(name: "todo", title: "To do", items: [Array(0..<50)],
                                            cellForItem: { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) },
                                            drawItem: { _, _, _ in })
        board.view.register(reuseIdentifier: "tile") { CollectionCell(reuseIdentifier: $0) }
        board.measureItem = { id, width in
            calls.append((id, width))
            return 20 + Double(id % 5) * 10
        }
        XCTAssertTrue(calls.isEmpty, "nothing measured before the view has a size: \(calls.prefix(3))")
        board.view.setFrame(Rect(x: 0, y: 0, width: 300, height: 500))
        board.view.update(now: 0)
        XCTAssertEqual(calls.count, 50, "each card measured once")
        let width = board.view.layout.attributesForItem(at: ItemPath(item: 0))!.frame.width
        XCTAssertEqual(Set(calls.map(\.1)), [width], "measured at the width the cards show at")
        XCTAssertEqual(board.view.layout.attributesForItem(at: ItemPath(item: 3))!.frame.height, 50)
        // Measuring again while the view has no size waits for its next real width.
        board.view.setFrame(Rect(x: 0, y: 0, width: 0, height: 0))
        board.remeasure()
        calls.removeAll()
        board.view.setFrame(Rect(x: 0, y: 0, width: 300, height: 500))
        board.view.update(now: 0.1)
        XCTAssertEqual(calls.count, 50, "measured again once the view has its size back")
    }
}
