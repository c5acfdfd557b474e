@testable import CollectionKit
import XCTest

/// Keyboard scrolling: Home, End, the page keys, Space and the arrows, along either axis.
final class KeyboardScrollingTests: XCTestCase {
    private let viewport = Size(400, 300), content = Size(400, 3000)

    func testEachKeyAlongAVerticalAxis() {
        let keys = KeyboardScrolling()
        func target(_ key: Key, from y: Double) -> Double? {
            keys.target(for: key, axis: .vertical, from: Point(0, y), viewport: viewport, content: content)?.y
        }
        XCTAssertEqual(target(.home, from: 900), 0)
        XCTAssertEqual(target(.end, from: 0), 3000, "the physics clamps to the last page")
        XCTAssertEqual(target(.pageDown, from: 100), 370, "90% of the viewport")
        XCTAssertEqual(target(.space, from: 100), 370)
        XCTAssertEqual(target(.pageUp, from: 400), 130)
        XCTAssertEqual(target(.down, from: 100), 180)
        XCTAssertEqual(target(.up, from: 100), 20)
        XCTAssertNil(target(.right, from: 100), "the cross axis is the owner's")
        XCTAssertNil(target(.left, from: 100))
        XCTAssertNil(target(Key("a"), from: 100))
        XCTAssertNil(target(.escape, from: 100))
    }

    func testAHorizontalAxisAndCrossAxisArrows() {
        var keys = KeyboardScrolling(lineStep: 50, pageFraction: 0.5)
        let wide = Size(4000, 300)
        func target(_ key: Key) -> Point? {
            keys.target(for: key, axis: .horizontal, from: Point(1000, 0), viewport: viewport, content: wide)
        }
        XCTAssertEqual(target(.right), Point(1050, 0))
        XCTAssertEqual(target(.left), Point(950, 0))
        XCTAssertEqual(target(.pageDown), Point(1200, 0))
        XCTAssertEqual(target(.end), Point(4000, 0))
        XCTAssertNil(target(.down))
        keys.crossAxisArrowsScroll = true
        XCTAssertEqual(target(.down), Point(1050, 0), "Down goes forward like Right")
        XCTAssertEqual(target(.up), Point(950, 0))
    }

    func testScrollingAnimatesTheViewAndReportsWhetherTheKeyWasUsed() {
        let ds = MovableNumbers(count: 200)
        let cv = CollectionView(name: "test", layout: GridLayout(itemsPerLine: 4, itemLength: .fixed(100), interitemSpacing: 0,
                                                                 lineSpacing: 0, insets: EdgeInsets(all: 0)))
        cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        cv.dataSource = ds
        cv.setFrame(Rect(0, 0, 400, 300))
        cv.reloadData()
        cv.update(now: 0)
        let keys = KeyboardScrolling()
        XCTAssertFalse(keys.scroll(for: Key("q"), in: cv, now: 0))
        XCTAssertTrue(keys.scroll(for: .pageDown, in: cv, now: 0))
        cv.update(now: 0.05)
        XCTAssertGreaterThan(cv.contentOffset.y, 0, "on its way")
        XCTAssertLessThan(cv.contentOffset.y, 270, "animated, not a jump")
        XCTAssertTrue(keys.scroll(for: .pageDown, in: cv, now: 0.05))
        for t in stride(from: 0.1, through: 3, by: 0.05) { cv.update(now: t) }
        XCTAssertEqual(cv.contentOffset.y, 540, accuracy: 0.5, "a second Page Down mid-scroll goes a page further")
        keys.scroll(for: .end, in: cv, now: 3)
        for t in stride(from: 3.05, through: 6, by: 0.05) { cv.update(now: t) }
        XCTAssertEqual(cv.contentOffset.y, 5000 - 300, accuracy: 0.5, "End rests at the last page")
    }

    /// A page key at rest shows the content moving in the frame that handles it (a spring from
    /// rest moves under a pixel in its first milliseconds), ends where it did, and a second key
    /// mid-scroll carries on from the first without a jump.
    func testAScrollFromRestMovesInTheFrameOfTheKeyAndEndsInPlace() {
        let ds = MovableNumbers(count: 200)
        func grid() -> CollectionView {
            let cv = CollectionView(name: "test", layout: GridLayout(itemsPerLine: 4, itemLength: .fixed(100), interitemSpacing: 0,
                                                                     lineSpacing: 0, insets: EdgeInsets(all: 0)))
            cv.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
            cv.dataSource = ds
            cv.setFrame(Rect(0, 0, 400, 300))
            cv.reloadData()
            cv.update(now: 0)
            return cv
        }
        let cv = grid(), still = grid()
        let keys = KeyboardScrolling()
        keys.scroll(for: .pageDown, in: cv, now: 1)
        cv.update(now: 1.001)
        XCTAssertGreaterThan(cv.contentOffset.y, 4, "the frame a millisecond after the key shows the scroll")
        var noLead = KeyboardScrolling()
        noLead.firstFrameLead = 0
        noLead.scroll(for: .pageDown, in: still, now: 1)
        still.update(now: 1.001)
        XCTAssertLessThan(still.contentOffset.y, 0.5, "without the lead the first frame shows nothing")
        cv.update(now: 1.1)
        let before = cv.contentOffset.y
        keys.scroll(for: .pageDown, in: cv, now: 1.1)
        cv.update(now: 1.1)
        XCTAssertEqual(cv.contentOffset.y, before, accuracy: 0.01, "a key during a scroll continues it without a jump")
        for t in stride(from: 1.15, through: 4, by: 0.05) { cv.update(now: t) }
        XCTAssertEqual(cv.contentOffset.y, 540, accuracy: 0.01, "two pages, as without the lead")
        keys.scroll(for: .pageDown, in: cv, now: 5)
        cv.update(now: 5.6)
        let creeping = cv.contentOffset.y
        XCTAssertGreaterThan(creeping, 809, "within a point of its end, still moving")
        keys.scroll(for: .pageDown, in: cv, now: 5.6)
        cv.update(now: 5.601)
        XCTAssertGreaterThan(cv.contentOffset.y, creeping + 4, "a key as a scroll creeps to rest shows at once too")
    }
}
