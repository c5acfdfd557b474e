import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// The calendar as parts of one composition: the header's buttons are the engine's `Button`s and
/// come before the days in the Tab order, the day popover captures input while it is open, and a
/// modifier pressed alone never moves the focus.
final class CalendarPartsTests: XCTestCase {
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func makeApp(size: Size = Size(width: 1280, height: 800), events: [EventOccurrence] = []) throws -> (HeadlessDriver<App>, CalendarScene, App) {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"]])
        let scene = CalendarScene(settings: s, source: InMemoryEventSource(events, zone: s.zone))
        let app = try App(scene: "calendar", size: size, entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        return (HeadlessDriver(root: app, fps: 60), scene, app)
    }

    func focusStop(_ app: App) -> String? { app.dumpState()["keyboardFocus"]?["stop"]?.stringValue }
    func ring(_ app: App) -> Bool { app.dumpState()["keyboardFocus"]?["ring"] == .bool(true) }

    /// The scene lists its parts once: no part is a bag of closures, and the focus chain's stops
    /// are the header's three engine buttons, then the days, then a delete's toast.
    func testTheSceneIsAHandfulOfPartsWithEngineButtonsBeforeTheDays() throws {
        let (_, scene, _) = try makeApp()
        let parts = scene.composition.parts
        XCTAssertFalse(parts.contains { $0 is ClosureComponent }, "every part is a type of its own")
        XCTAssertTrue(parts.contains { $0 === scene.header } && parts.contains { $0 === scene.dayGrid } && parts.contains { $0 === scene.panelPart }
                      && parts.contains { $0 === scene.popoverPart })
        let stops = scene.composition.focus.stops
        XCTAssertEqual(stops.map(\.focusName), ["today", "previous", "next", "days", "panel", "deletedEvent.action", "deletedEvent.close"])
        XCTAssertFalse(stops.suffix(2).contains { $0.canTakeFocus }, "a delete's toast takes the focus only while it shows")
        XCTAssertTrue(stops.prefix(3).allSatisfy { $0 is Button }, "the header's buttons are the engine's")
        XCTAssertEqual((stops[0] as? Button)?.title, "Today")
        XCTAssertEqual((stops[1] as? Button)?.title, "Previous month")
    }

    /// Shift+Tab from the days goes back through ›, ‹ and Today, in reading order; Tab comes
    /// forward again; Space on a focused button presses it.
    func testHeaderButtonsComeBeforeTheDaysInTheTabOrder() throws {
        let (driver, scene, app) = try makeApp()
        try driver.play(script: "wait 50")
        XCTAssertEqual(focusStop(app), "days")
        XCTAssertFalse(ring(app), "no ring at launch")
        var seen: [String] = []
        for _ in 0..<3 {
            try driver.play(script: "key shift+Tab\nwait 20")
            seen.append(focusStop(app) ?? "?")
        }
        XCTAssertEqual(seen, ["next", "previous", "today"])
        XCTAssertTrue(ring(app))
        XCTAssertEqual(app.dumpState()["calendar"]?["headerButtons"]?[0]?["name"], .string("today"))
        XCTAssertEqual(scene.buttons.focused, .today, "the focused button shows its ring")
        try driver.play(script: "key Tab\nwait 20\nkey Tab\nwait 20")
        XCTAssertEqual(focusStop(app), "next")
        try driver.play(script: "key space\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "Space on › turns the page")
        XCTAssertEqual(scene.header.button(.next).activationCount, 1)
        try driver.play(script: "key Tab\nwait 20")
        XCTAssertEqual(focusStop(app), "days", "after the header, the days")
    }

    /// A real keyboard sends Shift alone before Shift+Tab and Ctrl alone before Ctrl+N: neither
    /// moves the focus, on the days or on a header button, nor chooses a day.
    func testABareShiftPressDoesNotMoveTheFocus() throws {
        let (driver, scene, app) = try makeApp()
        try driver.play(script: "wait 50\nkey right\nwait 20")
        XCTAssertEqual(focusStop(app), "days")
        let focused = scene.focus
        try driver.play(script: "key LeftShift\nwait 20\nkey RightShift\nwait 20\nkey LeftCtrl\nwait 20")
        XCTAssertEqual(focusStop(app), "days", "a bare modifier moves no focus")
        XCTAssertEqual(scene.focus, focused, "nor the focused day")
        XCTAssertEqual(scene.selectedDates, [])
        try driver.play(script: "key shift+Tab\nwait 20")
        XCTAssertEqual(focusStop(app), "next")
        try driver.play(script: "key LeftShift\nwait 20")
        XCTAssertEqual(focusStop(app), "next", "on a header button too")
        XCTAssertTrue(ring(app))
        try driver.play(script: "key shift+Tab\nwait 20")
        XCTAssertEqual(focusStop(app), "previous", "Shift+Tab after it still goes back one stop")
    }

    /// While the popover is open it captures: a press on › closes it and does nothing else, and
    /// PageDown closes it and goes on to turn the page. Closed, it takes nothing.
    func testThePopoverCapturesInputWhileOpen() throws {
        let (driver, scene, app) = try makeApp()
        try driver.play(script: "wait 50")
        XCTAssertEqual(scene.popoverPart.inputRole, .normal)
        scene.openPopover(d("2026-11-12"))
        XCTAssertNotNil(scene.popover)
        XCTAssertEqual(scene.popoverPart.inputRole, .capture)
        guard let next = scene.headerButtonFrames().first(where: { $0.kind == .next })?.rect else { return XCTFail("no › button") }
        try driver.play(script: "move \(next.midX) \(next.midY)\ndown \(next.midX) \(next.midY)\nup \(next.midX) \(next.midY)\nwait 800")
        XCTAssertNil(scene.popover, "the press outside closed it")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11", "and did nothing else: › was not pressed")
        XCTAssertEqual(scene.header.button(.next).activationCount, 0)
        XCTAssertEqual(scene.popoverPart.inputRole, .normal)
        // The next press reaches the button.
        try driver.play(script: "down \(next.midX) \(next.midY)\nup \(next.midX) \(next.midY)\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12")
        // A key other than its own closes it and goes on.
        scene.openPopover(d("2026-12-03"))
        XCTAssertEqual(scene.popoverPart.inputRole, .capture)
        try driver.play(script: "key pagedown\nwait 800")
        XCTAssertNil(scene.popover)
        XCTAssertEqual(scene.visibleMonth.description, "2027-01")
        XCTAssertEqual(app.dumpState()["calendar"]?["popover"], .null)
    }

    /// The scene's update, drawing and deadline are its parts': a page turning is the day grid's
    /// motion, and the header's buttons follow the month (‹ dims at the first month).
    func testThePartsUpdateDrawAndTimeTheScene() throws {
        let (driver, scene, _) = try makeApp()
        try driver.play(script: "wait 100")
        XCTAssertNil(scene.dayGrid.nextDeadline(after: driver.now), "at rest the days wait for input")
        try driver.play(script: "key pagedown")
        XCTAssertNotNil(scene.composition.nextDeadline(after: driver.now), "a page turning asks for frames")
        try driver.play(script: "wait 800")
        var list = DrawList()
        scene.header.draw(into: &list)
        let texts = list.commands.compactMap { c -> String? in if case let .text(t) = c { return t.text }; return nil }
        XCTAssertTrue(texts.contains("December 2026"), "\(texts)")
        XCTAssertTrue(texts.contains("Today"))
    }

    /// After the days (and their events), Tab reaches the side panel while it lists an event:
    /// Down and Up walk its event rows (the dump's "panelFocusedRow", a ring and the row's "⋯"),
    /// Shift+F10 opens the row's menu, Shift+Tab goes back to the days.
    func testThePanelComesAfterTheDaysAndWalksItsEventRows() throws {
        let z = DisplayZone(identifier: "Europe/Berlin")!
        let day = d("2026-11-21")
        let events = [
            EventOccurrence(uid: "a", title: "Market", span: .timed(start: z.instant(of: day, hour: 9), end: z.instant(of: day, hour: 10))),
            EventOccurrence(uid: "b", title: "Concert", span: .timed(start: z.instant(of: day, hour: 20), end: z.instant(of: day, hour: 22))),
        ]
        let (driver, scene, app) = try makeApp(events: events)
        try driver.play(script: "wait 100")
        XCTAssertTrue(scene.panelPart.canTakeFocus)
        var tabs = 0
        while focusStop(app) != "panel", tabs < 6 { try driver.play(script: "key Tab\nwait 20"); tabs += 1 }
        XCTAssertEqual(focusStop(app), "panel")
        XCTAssertEqual(tabs, 3, "the day's two events first, then the panel")
        let cal = { app.dumpState()["calendar"] }
        let first = scene.panelRows().map(\.index)
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(cal()?["panelFocusedRow"], .int(first[0]), "Tab lands on its first event")
        try driver.play(script: "key Down\nwait 20")
        XCTAssertEqual(cal()?["panelFocusedRow"], .int(first[1]))
        var list = DrawList()
        scene.drawRowButtons(inPopover: false, into: &list)
        XCTAssertFalse(list.commands.isEmpty, "the focused row shows its ⋯")
        try driver.play(script: "key Down\nwait 20\nkey Up\nwait 20")
        XCTAssertEqual(cal()?["panelFocusedRow"], .int(first[0]), "Down stops at the last row; Up goes back")
        try driver.play(script: "key shift+F10\nwait 20")
        XCTAssertTrue(scene.eventMenu.isOpen, "Shift+F10 opens the row's menu")
        XCTAssertEqual(cal()?["eventMenu"]?["event"], .string("a"))
        XCTAssertEqual(cal()?["eventMenu"]?["inPopover"], .bool(false))
        try driver.play(script: "key Escape\nwait 20")
        XCTAssertFalse(scene.eventMenu.isOpen)
        XCTAssertEqual(focusStop(app), "panel", "closing the menu leaves the focus on the panel")
        try driver.play(script: "key shift+Tab\nwait 20")
        XCTAssertEqual(focusStop(app), "days")
        XCTAssertEqual(cal()?["panelFocusedRow"], .null)
    }

    /// A day without events leaves the panel out of the Tab order: Tab from the days goes on.
    func testAPanelWithoutEventsIsNoStop() throws {
        let (driver, scene, app) = try makeApp()
        try driver.play(script: "wait 100")
        XCTAssertFalse(scene.panelPart.canTakeFocus)
        try driver.play(script: "key Tab\nwait 20")
        XCTAssertNotEqual(focusStop(app), "panel")
        XCTAssertNotEqual(focusStop(app), "days")
    }
}
