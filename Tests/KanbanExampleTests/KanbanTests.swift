import CollectionKit
import CollectionKitTesting
import Foundation
import KanbanBoard
import XCTest

/// The kanban example, driven headlessly: drags between columns, the trash, undo and Escape, with
/// the saves its change notification makes.
final class KanbanTests: XCTestCase {
    final class Saves { var files: [KanbanFile] = [] }

    func makeRun() throws -> (HeadlessDriver<Kanban>, Saves) {
        let saves = Saves()
        let board = try Kanban(file: .sample, save: { saves.files.append($0) })
        let driver = HeadlessDriver(root: board, fps: 60)
        driver.send(.resize(Size(width: 900, height: 600)), at: 0)
        driver.advance(to: 0.1)
        return (driver, saves)
    }

    func centre(_ driver: HeadlessDriver<Kanban>, column: Int, card: Int) throws -> Point {
        let c = driver.root.columns[column]
        return try XCTUnwrap(c.windowFrame(of: c.items[0][card])).center
    }

    func drag(_ driver: HeadlessDriver<Kanban>, from a: Point, to b: Point) throws {
        let script = "down \(a.x) \(a.y)\nmove \(b.x) \(b.y) 200\nup \(b.x) \(b.y)\nwait 600"
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60, startPointer: a))
    }

    func titles(_ file: KanbanFile?, _ column: Int) -> [String] { file?.columns[column].cards.map(\.title) ?? [] }

    func testACardDraggedIntoTheEmptyColumnIsSavedOnce() throws {
        let (driver, saves) = try makeRun()
        let done = driver.root.columns[2].view.frame.center
        try drag(driver, from: try centre(driver, column: 0, card: 1), to: done)
        XCTAssertEqual(saves.files.count, 1, "one drop, one save")
        XCTAssertEqual(titles(saves.files.last, 2), ["Pick a licence"])
        XCTAssertEqual(titles(saves.files.last, 0), ["Write the README", "Fix the resize bug", "Plan the release", "Answer issues"])
    }

    func testTheTrashUndoAndEscape() throws {
        let (driver, saves) = try makeRun()
        try drag(driver, from: try centre(driver, column: 1, card: 0), to: driver.root.trash.dropFrame.center)
        XCTAssertEqual(saves.files.last?.trash.map(\.title), ["Kanban example"])
        XCTAssertEqual(titles(saves.files.last, 1), ["Undo history"])
        try driver.play(ScriptTimeline(InputScript.parse("key ctrl+z\nwait 100"), fps: 60))
        XCTAssertEqual(saves.files.count, 2, "the undo is saved too")
        XCTAssertEqual(saves.files.last?.trash, [])
        XCTAssertEqual(titles(saves.files.last, 1), ["Kanban example", "Undo history"])
        // Escape mid-drag puts the card back and saves nothing.
        let from = try centre(driver, column: 0, card: 0), to = driver.root.columns[2].view.frame.center
        let script = "down \(from.x) \(from.y)\nmove \(to.x) \(to.y) 200\nkey Escape\nup \(to.x) \(to.y)\nwait 600"
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60, startPointer: from))
        XCTAssertEqual(saves.files.count, 2)
        XCTAssertEqual(driver.root.snapshot(), saves.files.last)
    }

    func testAFileRoundTripsAndABadOneIsRefusedClearly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kanban-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("board.json").path
        XCTAssertNil(try KanbanFile.load(from: path), "no file yet")
        try KanbanFile.sample.save(to: path)
        XCTAssertEqual(try KanbanFile.load(from: path), .sample)
        try Data("{\"columns\": 3}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try KanbanFile.load(from: path)) { XCTAssertTrue("\($0)".hasPrefix("\(path) is not a kanban file")) }
        // A card in two columns is refused when the board is built.
        var twice = KanbanFile.sample
        twice.columns[2].cards = [twice.columns[0].cards[0]]
        XCTAssertThrowsError(try Kanban(file: twice, save: { _ in }))
    }

    /// A card is as tall as its wrapped title at its column's width, at every window size, and a
    /// renamed card grows with its new title; the app never measures or relayouts by hand.
    func testCardsAreAsTallAsTheirWrappedText() throws {
        let (driver, _) = try makeRun()
        let board = driver.root
        let measurer = EstimatedTextMeasurer()
        func check(_ when: String) throws {
            for c in board.columns {
                for (n, id) in c.identifiers.joined().enumerated() {
                    let f = try XCTUnwrap(c.view.layout.attributesForItem(at: ItemPath(item: n))).frame
                    let text = measurer.lines(of: board.snapshot().columns.flatMap(\.cards).first { $0.id == id }!.title,
                                              style: ParagraphStyle(text: TextStyle(size: 14)), width: f.width - 24)
                    XCTAssertEqual(f.height, max(48, (28 + text.height).rounded(.up)), accuracy: 0.5, "\(when): card \(id)")
                }
            }
        }
        try check("900 wide")
        driver.send(.resize(Size(width: 420, height: 600)), at: 0.2)
        driver.advance(to: 0.3)
        try check("420 wide")
        let narrow = try XCTUnwrap(board.columns[0].view.layout.attributesForItem(at: ItemPath(item: 0))).frame.height
        driver.send(.resize(Size(width: 1600, height: 600)), at: 0.4)
        driver.advance(to: 0.5)
        try check("1600 wide")
        let wide = try XCTUnwrap(board.columns[0].view.layout.attributesForItem(at: ItemPath(item: 0))).frame.height
        XCTAssertGreaterThan(narrow, wide, "a narrow column wraps the title onto more lines")
    }
}
