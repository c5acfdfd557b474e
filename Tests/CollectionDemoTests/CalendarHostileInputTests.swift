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

    func play(_ driver: HeadlessDriver<App>, _ script: String) throws {
        var timeline = ScriptTimeline(try InputScript.parse(script), fps: driver.fps)
        for i in timeline.entries.indices { timeline.entries[i].time += driver.now }
        timeline.endTime += driver.now
        try driver.play(timeline)
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
        try play(driver, "wait 100")
        let cell = scene.cellFrame(of: d("2026-11-24"))!
        try play(driver, "down \(cell.midX) \(cell.minY + 5)\nup \(cell.midX) \(cell.minY + 5)\nwait 100")
        XCTAssertEqual(scene.listedDates, [d("2026-11-24")])
        let runs = driver.root.draw().commands.compactMap { c -> TextRun? in if case let .text(t) = c { return t }; return nil }
        XCTAssertTrue(runs.contains { $0.text.hasPrefix("Lorem ipsum") }, "the titles are drawn")
        XCTAssertLessThanOrEqual(runs.map(\.text.utf8.count).max() ?? 0, 1_000)
    }
}
