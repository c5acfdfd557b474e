@testable import CollectionKit
import XCTest

/// The context menu's rules: it opens only for items that allow it and never during a drag, stays
/// inside the window, follows mouse and keyboard, and closes on a press elsewhere (passing it on).
final class ContextMenuTests: XCTestCase {
    private let window = Rect(0, 0, 800, 600)
    private let actions = [ContextMenuAction("Make regular"), ContextMenuAction("Duplicate"),
                           ContextMenuAction("Disabled", isEnabled: false), ContextMenuAction("Delete")]

    private func opened(at p: Point = Point(100, 100), keyboard: Bool = false) -> ContextMenuController {
        let c = ContextMenuController()
        XCTAssertTrue(c.open(itemID: 7, actions: actions, at: p, in: window, isDragging: false, fromKeyboard: keyboard))
        return c
    }

    func testOpensOnlyWhenAllowedAndNeverDuringADrag() {
        let c = ContextMenuController()
        XCTAssertFalse(c.open(itemID: 1, actions: [], at: Point(10, 10), in: window, isDragging: false), "no actions: no menu")
        XCTAssertNil(c.menu)
        XCTAssertFalse(c.open(itemID: 1, actions: actions, at: Point(10, 10), in: window, isDragging: true), "never during a drag")
        XCTAssertNil(c.menu)
        XCTAssertEqual(c.handle(.key(.down, [])), .ignored, "a closed menu leaves events alone")
        XCTAssertTrue(c.open(itemID: 1, actions: actions, at: Point(10, 10), in: window, isDragging: false))
        XCTAssertEqual(c.menu?.frame, Rect(10, 10, 200, 132))
    }

    func testStaysInsideTheWindow() {
        let c = ContextMenuController()
        XCTAssertEqual(c.placement(rows: 4, at: Point(790, 590), in: window), Rect(590, 458, 200, 132), "flipped left and up")
        XCTAssertEqual(c.placement(rows: 4, at: Point(700, 20), in: window), Rect(500, 20, 200, 132))
        XCTAssertEqual(c.placement(rows: 4, at: Point(-50, -50), in: window), Rect(4, 4, 200, 132))
        let tiny = Rect(0, 0, 150, 100)
        let r = c.placement(rows: 4, at: Point(100, 50), in: tiny)
        XCTAssertEqual(r.origin, Point(4, 4), "larger than the window: pinned to its top-left")
        for p in [Point(0, 0), Point(400, 300), Point(799, 0), Point(0, 599), Point(799, 599)] {
            let f = c.placement(rows: 4, at: p, in: window)
            XCTAssertEqual(f.intersection(window), f, "menu at \(p) pokes out: \(f)")
        }
    }

    func testKeyboardNavigationSkipsDisabledRowsAndChooses() {
        let c = opened(keyboard: true)
        XCTAssertEqual(c.menu?.highlighted, 0)
        XCTAssertEqual(c.handle(.key(.down, [])), .consumed)
        XCTAssertEqual(c.menu?.highlighted, 1)
        _ = c.handle(.key(.down, []))
        XCTAssertEqual(c.menu?.highlighted, 3, "the disabled row is skipped")
        _ = c.handle(.key(.down, []))
        XCTAssertEqual(c.menu?.highlighted, 0, "wraps around")
        _ = c.handle(.key(.up, []))
        XCTAssertEqual(c.handle(.key(.enter, [])), .chose(item: 7, index: 3, title: "Delete"))
        XCTAssertNil(c.menu)
        let d = opened()
        XCTAssertEqual(d.handle(.key(.enter, [])), .consumed, "nothing highlighted: Enter does nothing")
        XCTAssertEqual(d.handle(.key(.escape, [])), .dismissed(passThrough: false))
        XCTAssertNil(d.menu)
    }

    func testMouseChoosesARowAndIgnoresDisabledOnes() {
        let c = opened()
        let row1 = c.menu!.rowFrame(1).center
        XCTAssertEqual(c.handle(.pointerMove(row1, [])), .consumed)
        XCTAssertEqual(c.menu?.highlighted, 1)
        let disabled = c.menu!.rowFrame(2).center
        _ = c.handle(.pointerDown(disabled, .left, []))
        XCTAssertEqual(c.handle(.pointerUp(disabled, .left, [])), .consumed, "a disabled row cannot be chosen")
        XCTAssertNotNil(c.menu)
        _ = c.handle(.pointerDown(row1, .left, []))
        XCTAssertEqual(c.handle(.pointerUp(row1, .left, [])), .chose(item: 7, index: 1, title: "Duplicate"))
    }

    func testAPressElsewhereClosesTheMenuFirstAndIsPassedOn() {
        let c = opened()
        XCTAssertEqual(c.handle(.pointerDown(Point(600, 500), .left, [])), .dismissed(passThrough: true),
                       "the press that starts a drag closes the menu first, then goes on to the owner")
        XCTAssertNil(c.menu)
        let d = opened()
        XCTAssertEqual(d.handle(.pointerDown(Point(600, 500), .right, [])), .dismissed(passThrough: true))
        let e = opened()
        XCTAssertEqual(e.handle(.focus(gained: false)), .dismissed(passThrough: true))
        XCTAssertNil(e.menu)
    }

    func testMenuKeys() {
        XCTAssertTrue(ContextMenuController.isMenuKey(Key("Menu"), []))
        XCTAssertTrue(ContextMenuController.isMenuKey(Key("Application"), []))
        XCTAssertTrue(ContextMenuController.isMenuKey(Key("F10"), .shift))
        XCTAssertFalse(ContextMenuController.isMenuKey(Key("F10"), []))
    }
}
