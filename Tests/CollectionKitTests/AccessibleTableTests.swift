@testable import CollectionKit
import XCTest

/// A collection read as rows and columns: counts, a cell's row and column and the way back, for
/// one section, several, a horizontal grid, and a one-column grid read as a list.
final class AccessibleTableTests: XCTestCase {
    final class Source: CollectionDataSource {
        var counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in cv: CollectionView) -> Int { counts.count }
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { "\(ip.section)-\(ip.item)" }
        func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
            cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip)
        }
    }
    private var sources: [Source] = []

    func view(_ counts: [Int], perLine: Int, axis: Axis = .vertical) -> CollectionView {
        let v = CollectionView(name: "t", layout: GridLayout(scrollAxis: axis, itemsPerLine: perLine, itemLength: .fixed(50),
                                                            interitemSpacing: 0, lineSpacing: 0, insets: EdgeInsets(all: 0)))
        v.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        let s = Source(counts); sources.append(s)
        v.dataSource = s
        v.setFrame(Rect(x: 0, y: 0, width: 300, height: 300))
        v.reloadData()
        return v
    }

    func testAGridIsATableOfItsLines() throws {
        let node = view([10], perLine: 3).accessibilityNode()
        XCTAssertEqual(node.role, .grid)
        let items = try XCTUnwrap(node.items)
        XCTAssertEqual(items.tableSize?.rows, 4); XCTAssertEqual(items.tableSize?.columns, 3)
        XCTAssertEqual(items.cell(at: 0)?.row, 0); XCTAssertEqual(items.cell(at: 0)?.column, 0)
        XCTAssertEqual(items.cell(at: 4)?.row, 1); XCTAssertEqual(items.cell(at: 4)?.column, 1)
        XCTAssertEqual(items.cell(at: 9)?.row, 3); XCTAssertEqual(items.cell(at: 9)?.column, 0)
        XCTAssertNil(items.cell(at: 10))
        XCTAssertEqual(items.index(row: 1, column: 1), 4)
        XCTAssertEqual(items.index(row: 3, column: 0), 9)
        XCTAssertNil(items.index(row: 3, column: 1))
        XCTAssertNil(items.index(row: 0, column: 3))
        XCTAssertNil(items.index(row: -1, column: 0))
    }

    func testEachSectionStartsANewRow() throws {
        let items = try XCTUnwrap(view([4, 2, 0, 3], perLine: 3).accessibilityNode().items)
        XCTAssertEqual(items.tableSize?.rows, 4)                    // 2 + 1 + 0 + 1
        XCTAssertEqual(items.cell(at: 4)?.row, 2); XCTAssertEqual(items.cell(at: 4)?.column, 0)   // section 1, item 0
        XCTAssertEqual(items.cell(at: 6)?.row, 3); XCTAssertEqual(items.cell(at: 6)?.column, 0)   // section 3, item 0
        XCTAssertEqual(items.index(row: 2, column: 1), 5)
        XCTAssertEqual(items.index(row: 3, column: 2), 8)
        for i in 0..<9 { let c = try XCTUnwrap(items.cell(at: i)); XCTAssertEqual(items.index(row: c.row, column: c.column), i) }
    }

    func testAHorizontalGridFillsColumnsFirst() throws {
        let items = try XCTUnwrap(view([7], perLine: 2, axis: .horizontal).accessibilityNode().items)
        XCTAssertEqual(items.tableSize?.rows, 2); XCTAssertEqual(items.tableSize?.columns, 4)
        XCTAssertEqual(items.cell(at: 3)?.row, 1); XCTAssertEqual(items.cell(at: 3)?.column, 1)
        XCTAssertEqual(items.index(row: 0, column: 3), 6)
    }

    func testOneItemALineIsAList() {
        let node = view([5], perLine: 1).accessibilityNode()
        XCTAssertEqual(node.role, .list)
        XCTAssertNil(node.items?.table)
        XCTAssertNil(node.items?.tableSize)
    }

    func testAGivenShapeNamesColumnHeaders() throws {
        let month = AccessibleTableShape(lineLength: 7, columnHeaders: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
        let items = try XCTUnwrap(view([42, 42], perLine: 7).accessibilityNode(role: .table, table: month).items)
        XCTAssertEqual(items.table?.columnHeaders.count, 7)
        XCTAssertEqual(items.tableSize?.rows, 12)
        XCTAssertEqual(items.cell(at: 47)?.row, 6); XCTAssertEqual(items.cell(at: 47)?.column, 5)
    }
}
