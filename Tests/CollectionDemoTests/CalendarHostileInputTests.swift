import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// The calendar scene with hostile sizes: a megabyte of title.
final class CalendarHostileInputTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func makeApp(_ events: [EventOccurrence], month: String = "2026-11") throws -> (HeadlessDriver<App>, CalendarScene) {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": [month]])
        let scene = CalendarScene(settings: s, source: InMemoryEventSource(events, zone: s.zone))
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800), entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        return (HeadlessDriver(root: app, fps: 60), scene)
    }

    /// A 1 MB SUMMARY is drawn as the part that fits: no text run handed to the backend (which
    /// measures what it is given) is longer than a line can show, in cells, bars and the side panel.
    func testAMegabyteTitleIsDrawnOnlyAsFarAsItFits() throws {
        let huge = String(repeating: "Lorem ipsum ", count: 90_000)
        let start = berlin.instant(of: d("2026-11-24"), hour: 9)
        let (driver, scene) = try makeApp([
            EventOccurrence(uid: "a", title: huge, span: .timed(start: start, end: start + 3600)),
            EventOccurrence(uid: "b", title: huge, span: .allDay(first: d("2026-11-24"), end: d("2026-11-27"))),
        ])
        try driver.play(script: "wait 100")
        let cell = scene.cellFrame(of: d("2026-11-24"))!
        try driver.play(script: "down \(cell.midX) \(cell.minY + 5)\nup \(cell.midX) \(cell.minY + 5)\nwait 100")
        XCTAssertEqual(scene.listedDates, [d("2026-11-24")])
        let runs = driver.root.draw().commands.compactMap { c -> TextRun? in if case let .text(t) = c { return t }; return nil }
        XCTAssertTrue(runs.contains { $0.text.hasPrefix("Lorem ipsum") }, "the titles are drawn")
        XCTAssertLessThanOrEqual(runs.map(\.text.utf8.count).max() ?? 0, 1_000)
    }
}

/// Shift+click from January 1583 to December 9999 (click a day, turn to the last page, Shift+click) chooses three million days: kept as one range, dumped as one.
final class CalendarLongRangeTests: XCTestCase {
    func testAFourHundredYearRangeIsKeptAsARange() throws {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["1583-01"]])
        let scene = CalendarScene(settings: s, source: InMemoryEventSource([], zone: s.zone))
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800), entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        // A click on a day in January 1583, the pages turned to December 9999 (the month pages
        // have no scroll bar to drag), then a Shift+click there.
        func play(_ script: String) throws { try driver.play(script: script) }
        try play("down 300 300\nup 300 300\nwait 100")
        scene.showMonth(CalendarMonth(year: 9999, month: 12)!, animated: false, now: driver.now)
        try play("wait 500\ndown 300 300 shift\nup 300 300\nwait 200")
        XCTAssertEqual(scene.visibleMonth.year, 9999)
        let dump = app.dumpState().serialized()
        XCTAssertLessThan(dump.utf8.count, 100_000, "the dump lists the range, not its days")
        guard case let .object(pairs) = app.dumpState(), case let .object(cal)? = pairs.first(where: { $0.0 == "calendar" })?.1,
              case let .array(ranges)? = cal.first(where: { $0.0 == "selectedRanges" })?.1 else { return XCTFail("no selectedRanges") }
        XCTAssertEqual(ranges.count, 1)
        XCTAssertGreaterThan(scene.listedDates.count, 1)
        XCTAssertLessThanOrEqual(scene.listedDates.count, CalendarScene.listedLimit)
        // Every day in between is chosen, as a cell shows it.
        XCTAssertTrue(scene.selection.contains(CalendarDate(iso: "5000-06-15")!))
        XCTAssertGreaterThan(scene.selection.count, 3_000_000)
    }

    func testRemovingADayFromARangeSplitsIt() {
        var s = CalendarSelection()
        let a = CalendarDate(iso: "2026-01-01")!, b = CalendarDate(iso: "2030-12-31")!
        s.add(a...b)
        s.remove(CalendarDate(iso: "2026-06-01")!)
        XCTAssertEqual(s.ranges, [CalendarDate(iso: "2026-06-02")!...b])
        XCTAssertEqual(s.dates.count, 151, "January to May 2026 became dates")
        XCTAssertFalse(s.contains(CalendarDate(iso: "2026-06-01")!))
        XCTAssertEqual(s.first(3), [a, a.adding(days: 1), a.adding(days: 2)])
        XCTAssertEqual(s.count, a.days(until: b) + 1 - 1)
    }
}
