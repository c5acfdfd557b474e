import XCTest
@testable import CollectionKit

/// The rules of ``Composition`` and ``FocusChain``, one test each, on parts that record what they
/// are offered.
final class CompositionRuleTests: XCTestCase {
    /// A part over `area` that takes the events `takes` says yes to and records all it is offered.
    final class Probe: Component, FocusStop {
        let name: String
        var area: Rect
        var role: InputRole
        var layer: DrawLayer
        var takes: (InputEvent) -> Bool
        var seen: [InputEvent] = []
        var focusEvents: [(Bool, Bool)] = []
        var claims = false
        var focusable = true

        init(_ name: String, area: Rect = Rect(x: 0, y: 0, width: 100, height: 100), role: InputRole = .normal,
             layer: DrawLayer = .content, takes: @escaping (InputEvent) -> Bool = { _ in true }) {
            self.name = name; self.area = area; self.role = role; self.layer = layer; self.takes = takes
        }
        var inputRole: InputRole { role }
        var drawLayer: DrawLayer { layer }
        var focusName: String { name }
        var canTakeFocus: Bool { focusable }
        var claimsFocus: Bool { claims }
        func contains(_ p: Point) -> Bool { area.contains(p) }
        func handle(_ event: InputEvent, now: Double) -> EventDisposition {
            seen.append(event)
            return takes(event) ? .handled : .ignored
        }
        func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) { focusEvents.append((isFocused, showsRing)) }
        func draw(into list: inout DrawList) { list.text(name, in: area, size: 10, color: .white) }
        func cursor(at p: Point) -> Cursor? { area.contains(p) ? .hand : nil }
    }

    private let left = Rect(x: 0, y: 0, width: 100, height: 100)
    private let right = Rect(x: 100, y: 0, width: 100, height: 100)
    private func down(_ x: Double, _ y: Double) -> InputEvent { .pointerDown(Point(x: x, y: y), .left, []) }
    private func move(_ x: Double, _ y: Double) -> InputEvent { .pointerMove(Point(x: x, y: y), []) }
    private func up(_ x: Double, _ y: Double) -> InputEvent { .pointerUp(Point(x: x, y: y), .left, []) }

    func testAPressStaysWithItsHolderWhereverThePointerGoes() {
        let a = Probe("a", area: left), b = Probe("b", area: right)
        let c = Composition([a, b])
        XCTAssertTrue(c.handle(down(50, 50), now: 0).isHandled)
        _ = c.handle(move(150, 50), now: 0.1)
        _ = c.handle(up(150, 50), now: 0.2)
        XCTAssertEqual(a.seen, [down(50, 50), move(150, 50), up(150, 50)])
        XCTAssertEqual(b.seen, [], "the part under the pointer hears nothing while another holds it")
        XCTAssertFalse(c.isPointerHeld)
    }

    func testWithNothingHeldMovesReachEveryPart() {
        let a = Probe("a", area: left), b = Probe("b", area: right)
        let c = Composition([a, b])
        _ = c.handle(move(150, 50), now: 0)
        XCTAssertEqual(a.seen, [move(150, 50)])
        XCTAssertEqual(b.seen, [move(150, 50)])
    }

    func testTheWheelGoesToThePartUnderThePointer() {
        let a = Probe("a", area: left), b = Probe("b", area: right)
        let c = Composition([a, b])
        _ = c.handle(move(150, 50), now: 0)
        a.seen = []; b.seen = []
        _ = c.handle(.wheel(dx: 0, dy: -1), now: 0.1)
        XCTAssertEqual(a.seen, [])
        XCTAssertEqual(b.seen, [.wheel(dx: 0, dy: -1)])
    }

    func testACapturingPartIsOfferedEveryEventFirstWhereverThePointerIs() {
        let menu = Probe("menu", area: Rect(x: 0, y: 0, width: 10, height: 10), role: .capture)
        let a = Probe("a", area: left)
        let c = Composition([a, menu])   // listed last, still first to hear
        _ = c.handle(down(50, 50), now: 0)
        _ = c.handle(.key(.escape, []), now: 0.1)
        XCTAssertEqual(menu.seen, [down(50, 50), .key(.escape, [])])
        XCTAssertEqual(a.seen, [], "what the capturing part takes goes no further")
    }

    func testWhatACapturingPartIgnoresGoesOnByTheRules() {
        let drag = Probe("drag", role: .capture, takes: { if case .wheel = $0 { return true }; return false })
        let a = Probe("a", area: left)
        let c = Composition([a, drag])
        _ = c.handle(down(50, 50), now: 0)
        XCTAssertEqual(a.seen, [down(50, 50)], "a press the capturing part ignored reaches the part under it")
        _ = c.handle(up(50, 50), now: 0.1)
        _ = c.handle(.wheel(dx: 0, dy: 1), now: 0.2)
        XCTAssertEqual(a.seen, [down(50, 50), up(50, 50)], "the wheel it took went no further")
    }

    func testAModalSheetThatTakesEverythingLeavesNothingBehindIt() {
        let sheet = Probe("sheet", area: Rect(x: 20, y: 20, width: 40, height: 40), role: .capture)
        let behind = Probe("behind", area: left)
        let focus = FocusChain([behind])
        let c = Composition([behind, sheet], focus: focus)
        for e in [down(5, 5), up(5, 5), move(6, 6), .wheel(dx: 0, dy: 1), .key(.tab, []), .text("x")] as [InputEvent] {
            _ = c.handle(e, now: 0)
        }
        XCTAssertEqual(behind.seen, [])
        XCTAssertEqual(sheet.seen.count, 6)
    }

    func testAnObserverSeesEveryEventAndTakesNone() {
        let watcher = Probe("watcher", role: .observe)
        let a = Probe("a", area: left)
        let c = Composition([watcher, a])
        let events: [InputEvent] = [down(50, 50), move(60, 60), up(60, 60), .wheel(dx: 0, dy: 1), .key(.down, []), .pointerExited]
        for e in events { _ = c.handle(e, now: 0) }
        XCTAssertEqual(watcher.seen, events)
        XCTAssertEqual(a.seen, events, "the observer, although it answered handled, took nothing")
        XCTAssertFalse(c.isPointerHeld)
    }

    func testKeysReachAStopOnlyThroughTheChainWhileItHasTheFocus() {
        let one = Probe("one", area: left), two = Probe("two", area: right)
        let focus = FocusChain([one, two])
        let c = Composition([one, two], focus: focus)
        _ = c.handle(.key(.down, []), now: 0)
        XCTAssertEqual(one.seen, [.key(.down, [])], "offered once, through the chain")
        XCTAssertEqual(two.seen, [], "a stop without the focus hears no key")
    }

    func testAKeyAStopIgnoresNeverMovesTheFocus() {
        // A collection of a drag manager had the focus by its own means, then Tab moved on to a
        // button; a bare Shift press (ignored by the button) must not hand the focus back.
        let board = Probe("board", area: left, takes: { _ in false })
        let button = Probe("button", area: right, takes: { if case .key(Key("n"), .ctrl) = $0 { return true }; return false })
        board.claims = true
        let focus = FocusChain([board, button])
        let c = Composition([board, button], focus: focus)
        _ = c.handle(.key(.tab, []), now: 0)
        XCTAssertTrue(focus.focused === button)
        _ = c.handle(.key(Key("shift"), .shift), now: 0.1)
        XCTAssertTrue(focus.focused === button, "a bare Shift left the focus on the button")
        _ = c.handle(.key(Key("n"), .ctrl), now: 0.2)
        XCTAssertTrue(focus.focused === button, "a key the button took keeps the focus there")
        XCTAssertEqual(button.seen.last, .key(Key("n"), .ctrl))
        _ = c.handle(.key(.tab, .shift), now: 0.3)
        XCTAssertTrue(focus.focused === board, "Shift+Tab goes back to the stop before")
    }

    func testAStopThatMovesTheFocusByItsOwnMeansIsFollowed() {
        let a = Probe("a", area: left), b = Probe("b", area: right)
        a.claims = true
        a.takes = { _ in a.claims = false; b.claims = true; return true }   // Right hops to b
        let focus = FocusChain([a, b])
        let c = Composition([a, b], focus: focus)
        _ = c.handle(.key(.right, []), now: 0)
        XCTAssertTrue(focus.focused === b)
    }

    func testAModalPartTakesTheFocusKeepsTabInsideAndGivesItBack() {
        let none: (InputEvent) -> Bool = { _ in false }
        let grid = Probe("grid", takes: none), open = Probe("open", takes: none)
        let focus = FocusChain([grid, open])
        _ = focus.handle(.key(.tab, []), now: 0)
        XCTAssertTrue(focus.focused === open)
        let close = Probe("close", takes: none), ok = Probe("ok", takes: none)
        focus.beginModal([close, ok], now: 1)
        XCTAssertTrue(focus.focused === close, "the sheet takes the focus when it opens")
        XCTAssertTrue(focus.isRingVisible, "the ring that showed stays")
        _ = focus.handle(.key(.tab, []), now: 2)
        XCTAssertTrue(focus.focused === ok)
        _ = focus.handle(.key(.tab, []), now: 3)
        XCTAssertTrue(focus.focused === close, "Tab cycles inside the sheet")
        _ = focus.handle(.key(.tab, .shift), now: 4)
        XCTAssertTrue(focus.focused === ok)
        focus.endModal(now: 5)
        XCTAssertTrue(focus.focused === open, "the focus goes back where it was")
        XCTAssertFalse(focus.isModal)
        XCTAssertEqual(open.focusEvents.last?.0, true)
    }

    func testDrawingFollowsLayersThenTheListWithTheFirstOnTop() {
        let menu = Probe("menu", layer: .popup), content1 = Probe("c1"), content2 = Probe("c2")
        let toast = Probe("toast", layer: .overlay)
        let c = Composition([content1, menu, toast, content2])
        var list = DrawList()
        c.draw(into: &list)
        let names = list.commands.compactMap { cmd -> String? in if case let .text(run) = cmd { return run.text }; return nil }
        XCTAssertEqual(names, ["c2", "c1", "toast", "menu"])
        XCTAssertEqual(c.cursor(at: Point(x: 5, y: 5)), .hand)
    }

    func testTheCursorComesFromTheTopmostPart() {
        let under = Probe("under"), over = Probe("over", layer: .overlay)
        over.area = Rect(x: 0, y: 0, width: 10, height: 10)
        final class Arrow: Component { func cursor(at p: Point) -> Cursor? { .arrow } }
        let c = Composition([Arrow(), over])
        XCTAssertEqual(c.cursor(at: Point(x: 5, y: 5)), .hand, "the overlay draws on top, so it names the cursor")
        _ = under
    }
}
