import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// How the calendar reads and answers the mouse: bar titles on the page's own days, narrow
/// windows that show what fits and a day popover, and the ‹ › and Today buttons.
final class CalendarFeelTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func makeApp(_ options: [String: [String]] = [:], events: [EventOccurrence] = [],
                 size: Size = Size(width: 1280, height: 800)) throws -> (HeadlessDriver<App>, CalendarScene, App) {
        var o: [String: [String]] = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"]]
        o.merge(options) { _, new in new }
        let s = try CalendarSettings.parse(o)
        let scene = CalendarScene(settings: s, source: InMemoryEventSource(events, zone: s.zone))
        let app = try App(scene: "calendar", size: size, entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        return (HeadlessDriver(root: app, fps: 60), scene, app)
    }

    func play(_ driver: HeadlessDriver<App>, _ script: String) throws {
        var timeline = ScriptTimeline(try InputScript.parse(script), fps: driver.fps)
        for i in timeline.entries.indices { timeline.entries[i].time += driver.now }
        timeline.endTime += driver.now
        try driver.play(timeline)
    }

    func cellFrame(_ date: CalendarDate, _ scene: CalendarScene) -> Rect {
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        let item = scene.grid(for: scene.visibleMonth).cell(of: date)!
        return scene.collection.windowRect(fromContent: scene.collection.layout.attributesForItem(at: ItemPath(item: item, section: page))!.frame)
    }

    /// The runs of `text` drawn over the month grid (the side panel may list the same words).
    func textRuns(_ driver: HeadlessDriver<App>, _ text: String, in scene: CalendarScene) -> [TextRun] {
        driver.root.draw().commands.compactMap { c -> TextRun? in
            if case let .text(t) = c, t.text == text, scene.collection.frame.contains(t.rect.center) { return t }
            return nil
        }
    }

    // MARK: Bar titles

    /// SwiftConf runs from 30 November: on December's page its title is written from 1 December,
    /// not in the dimmed piece of November.
    func testABarsTitleSitsOnTheFirstDayOfThePagesMonth() throws {
        let conf = EventOccurrence(uid: "conf", title: "SwiftConf", span: .allDay(first: d("2026-11-30"), end: d("2026-12-03")))
        let (driver, scene, _) = try makeApp(["month": ["2026-12"]], events: [conf])
        try play(driver, "wait 100")
        let runs = textRuns(driver, "SwiftConf", in: scene)
        XCTAssertEqual(runs.count, 1, "the title is written once")
        let dimmed = cellFrame(d("2026-11-30"), scene), first = cellFrame(d("2026-12-01"), scene)
        XCTAssertGreaterThanOrEqual(runs.first?.rect.minX ?? 0, first.minX, "the title starts on 1 December")
        XCTAssertGreaterThan(runs.first?.rect.minX ?? 0, dimmed.maxX)
        // On November's page the same bar's title is on the 30th, its first day.
        try play(driver, "key pageup\nwait 800")
        let november = textRuns(driver, "SwiftConf", in: scene)
        XCTAssertEqual(november.count, 1)
        XCTAssertLessThan(november.first?.rect.minX ?? .infinity, cellFrame(d("2026-11-30"), scene).maxX)
    }
}
