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

    /// A separator is a thin rule shorter than a row: the arrows, Home and End skip it, a press
    /// on it chooses nothing, the rows after it sit lower by its height, and assistive technology
    /// hears the actions only ("Delete" is the third of three items).
    func testASeparatorIsSkippedDrawnAsARuleAndNotAnItem() throws {
        let c = ContextMenuController()
        let withRule = [ContextMenuAction("Rename…"), ContextMenuAction("Duplicate"), .separator, ContextMenuAction("Delete", isDestructive: true)]
        XCTAssertTrue(c.open(itemID: 3, actions: withRule, at: Point(100, 100), in: window, isDragging: false, fromKeyboard: true))
        let m = try XCTUnwrap(c.menu)
        XCTAssertEqual(m.frame, Rect(100, 100, 200, 6 + 30 * 3 + 9 + 6), "three rows, a 9-point rule and the padding")
        XCTAssertEqual(m.rowFrame(2).height, 9)
        XCTAssertEqual(m.rowFrame(3).minY, m.rowFrame(2).maxY, "Delete right under the rule")
        XCTAssertNil(m.row(at: m.rowFrame(2).center), "the rule is no row")
        XCTAssertEqual(m.row(at: m.rowFrame(3).center), 3)
        XCTAssertEqual(c.menu?.highlighted, 0)
        _ = c.handle(.key(.down, [])); _ = c.handle(.key(.down, []))
        XCTAssertEqual(c.menu?.highlighted, 3, "Down steps over the rule to Delete")
        _ = c.handle(.key(.up, []))
        XCTAssertEqual(c.menu?.highlighted, 1, "Up steps back over it")
        _ = c.handle(.pointerMove(m.rowFrame(2).center, []))
        XCTAssertNotEqual(c.menu?.highlighted, 2, "the pointer never highlights it")
        XCTAssertEqual(c.handle(.pointerDown(m.rowFrame(2).center, .left, [])), .consumed)
        XCTAssertEqual(c.handle(.pointerUp(m.rowFrame(2).center, .left, [])), .consumed, "a press on the rule chooses nothing")
        XCTAssertTrue(c.isOpen)
        let items = m.accessibleItems()
        XCTAssertEqual(items.map(\.name), ["Rename…", "Duplicate", "Delete"])
        XCTAssertEqual(items.map(\.index), [0, 1, 2])
        XCTAssertEqual(items.map(\.role), [.menuItem, .menuItem, .menuItem])
        XCTAssertEqual(items[2].frame, m.rowFrame(3))
        var list = DrawList()
        c.draw(into: &list)
        let rule = m.rowFrame(2)
        let fills = list.commands.compactMap { cmd -> (Rect, Color)? in if case let .fill(r, color, _) = cmd { return (r, color) }; return nil }
        XCTAssertTrue(fills.contains { $0.0.height == 1 && rule.contains($0.0.center) && $0.1 == c.style.border }, "a rule in the border colour")
        let texts = list.commands.compactMap { cmd -> String? in if case let .text(run) = cmd { return run.text }; return nil }
        XCTAssertEqual(texts, ["Rename…", "Duplicate", "Delete"], "no empty text for the rule")
        // Near the window's bottom it opens above the pointer, as tall as its rows and rule.
        let low = c.placement(for: withRule, at: Point(100, 590), in: window)
        XCTAssertEqual(low, Rect(100, 590 - m.frame.height, 200, m.frame.height), "flipped up, ending at the pointer")
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

    /// Right to left a menu opens to the left of its anchor, its right edge there, flips to the
    /// right near the window's left edge, stays inside the window, and sets its rows' words at
    /// their right.
    func testRightToLeftOpensLeftwardsWithItsWordsAtTheRight() throws {
        let c = ContextMenuController()
        c.layoutDirection = .rightToLeft
        XCTAssertEqual(c.placement(rows: 4, at: Point(500, 100), in: window), Rect(300, 100, 200, 132), "its right edge at the pointer")
        XCTAssertEqual(c.placement(rows: 4, at: Point(100, 100), in: window), Rect(100, 100, 200, 132), "flipped right near the left edge")
        XCTAssertEqual(c.placement(rows: 4, at: Point(150, 590), in: window), Rect(150, 458, 200, 132), "and up near the bottom")
        for p in [Point(0, 0), Point(400, 300), Point(799, 0), Point(0, 599), Point(799, 599)] {
            let f = c.placement(rows: 4, at: p, in: window)
            XCTAssertEqual(f.intersection(window), f, "menu at \(p) pokes out: \(f)")
        }
        XCTAssertTrue(c.open(itemID: 7, actions: actions, at: Point(500, 100), in: window, isDragging: false))
        var list = DrawList()
        c.draw(into: &list)
        let runs = list.commands.compactMap { cmd -> TextRun? in if case let .text(run) = cmd { return run }; return nil }
        XCTAssertEqual(runs.count, 4)
        XCTAssertEqual(Set(runs.map(\.alignment)), [.trailing])
        c.layoutDirection = .leftToRight
        var ltr = DrawList()
        c.draw(into: &ltr)
        XCTAssertEqual(Set(ltr.commands.compactMap { cmd -> TextAlignment? in if case let .text(run) = cmd { return run.alignment }; return nil }), [.leading],
                       "left to right, at their left")
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
