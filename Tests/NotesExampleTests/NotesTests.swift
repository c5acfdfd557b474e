import CollectionKit
import CollectionKitTesting
import NotesList
import XCTest

/// The notes example, driven headlessly as a user would: the ends of 100,000 notes, selection, and
/// resizing that keeps the note being read where it was.
final class NotesTests: XCTestCase {
    func makeRun() -> HeadlessDriver<Notes> {
        let driver = HeadlessDriver(root: Notes(), fps: 60)
        driver.send(.resize(Size(width: 900, height: 700)), at: 0)
        driver.advance(to: 0.1)
        return driver
    }

    func press(_ driver: HeadlessDriver<Notes>, _ key: Key, _ mods: Modifiers = [], settle: Double = 1.5) {
        driver.send(.key(key, mods), at: driver.now)
        driver.advance(to: driver.now + settle)
    }

    /// The note whose top is the first in view, and how far below the view's top it starts.
    func reading(_ list: CollectionView) -> (item: Int, top: Double)? {
        let b = list.bounds
        return list.layout.attributesForElements(in: b).filter { $0.frame.minY >= b.minY - 0.001 }
            .min { $0.indexPath.item < $1.indexPath.item }.map { ($0.indexPath.item, $0.frame.minY - b.minY) }
    }

    func testEndShowsTheLastNoteWholeAndHomeTheFirst() throws {
        let driver = makeRun()
        let list = driver.root.list
        press(driver, .end)
        let last = try XCTUnwrap(list.layout.attributesForItem(at: ItemPath(item: 99_999))).frame
        XCTAssertTrue(list.bounds.contains(last), "the last note \(last) is whole in \(list.bounds)")
        XCTAssertEqual(list.bounds.maxY, list.contentSize.height, accuracy: 0.5, "End rests at the end")
        XCTAssertEqual(last.height, NoteCellHeights.height(99_999, width: last.width), accuracy: 0.5, "the last note is measured")
        press(driver, .home)
        XCTAssertEqual(list.bounds.minY, 0, accuracy: 0.5)
        XCTAssertEqual(reading(list)?.item, 0)
    }

    func testClickSelectsAndShiftClickExtends() throws {
        let driver = makeRun()
        let list = driver.root.list
        let first = try XCTUnwrap(list.layout.attributesForItem(at: ItemPath(item: 1))).frame
        let third = try XCTUnwrap(list.layout.attributesForItem(at: ItemPath(item: 3))).frame
        try driver.play(script: "down \(first.midX) \(first.midY)\nup \(first.midX) \(first.midY)\nwait 400")
        XCTAssertEqual(list.selectedItems, [ItemPath(item: 1)])
        try driver.play(script: "down \(third.midX) \(third.midY) shift\nup \(third.midX) \(third.midY)\nwait 400")
        XCTAssertEqual(list.selectedItems, Set((1...3).map { ItemPath(item: $0) }))
    }

    func testResizingKeepsTheNoteBeingReadInPlace() throws {
        let driver = makeRun()
        let list = driver.root.list
        for _ in 0..<25 { press(driver, .pageDown, settle: 0.6) }
        XCTAssertGreaterThan(list.bounds.minY, 5000, "deep in the list")
        for width in [1280.0, 320, 2560, 480, 900, 640, 1920, 400, 1600, 760] {
            let before = try XCTUnwrap(reading(list))
            driver.send(.resize(Size(width: width, height: 700)), at: driver.now)
            driver.advance(to: driver.now + 0.2)
            let after = try XCTUnwrap(list.layout.attributesForItem(at: ItemPath(item: before.item))).frame.minY - list.bounds.minY
            XCTAssertEqual(after, before.top, accuracy: 1, "note \(before.item) moved at width \(width)")
            let shown = try XCTUnwrap(list.layout.attributesForItem(at: ItemPath(item: before.item))).frame
            XCTAssertEqual(shown.height, NoteCellHeights.height(before.item, width: shown.width), accuracy: 0.5,
                           "note \(before.item) is measured for width \(width)")
        }
    }
}

/// A note's height as the example measures it with the estimating measurer the tests use.
enum NoteCellHeights {
    static func height(_ n: Int, width: Double) -> Double {
        let body = EstimatedTextMeasurer().lines(of: Note.generated(n).body, style: ParagraphStyle(text: TextStyle(size: 13)),
                                                 width: max(1, width - 24))
        return (10 + 22 + body.height + 12).rounded(.up)
    }
}
