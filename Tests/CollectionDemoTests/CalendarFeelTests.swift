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
        try driver.play(script: "wait 100")
        let runs = textRuns(driver, "SwiftConf", in: scene)
        XCTAssertEqual(runs.count, 1, "the title is written once")
        let dimmed = cellFrame(d("2026-11-30"), scene), first = cellFrame(d("2026-12-01"), scene)
        XCTAssertGreaterThanOrEqual(runs.first?.rect.minX ?? 0, first.minX, "the title starts on 1 December")
        XCTAssertGreaterThan(runs.first?.rect.minX ?? 0, dimmed.maxX)
        // On November's page the same bar's title is on the 30th, its first day.
        try driver.play(script: "key pageup\nwait 800")
        let november = textRuns(driver, "SwiftConf", in: scene)
        XCTAssertEqual(november.count, 1)
        XCTAssertLessThan(november.first?.rect.minX ?? .infinity, cellFrame(d("2026-11-30"), scene).maxX)
    }

    // MARK: Narrow windows and the day popover

    /// A trip over five days and two more events on two of them: more than a 640×480 cell holds.
    func crowdedWeek() -> [EventOccurrence] {
        let z = berlin
        func timed(_ uid: String, _ day: String, _ hour: Int) -> EventOccurrence {
            EventOccurrence(uid: uid, title: uid.capitalized, span: .timed(start: z.instant(of: d(day), hour: hour), end: z.instant(of: d(day), hour: hour + 1)))
        }
        return [EventOccurrence(uid: "trip", title: "Trip to Lisbon", span: .allDay(first: d("2026-11-09"), end: d("2026-11-14"))),
                timed("flight", "2026-11-09", 7), timed("meeting", "2026-11-09", 10), timed("yoga", "2026-11-12", 18), timed("club", "2026-11-12", 19)]
    }

    func dump(_ app: App) -> JSON { app.dumpState()["calendar"]! }
    func rect(_ j: JSON?) -> Rect? {
        guard let a = j?.arrayValue, a.count == 4 else { return nil }
        let n = a.map { v -> Double in if case let .number(x) = v { return x }; return .nan }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    func moreButton(_ date: String, _ app: App) -> Rect? {
        rect(dump(app)["moreButtons"]?.arrayValue?.first { $0["date"] == .string(date) }?["frame"])
    }

    /// At 640×480 the trip's bar is drawn (it fits in the one lane a cell has), the days with more
    /// show "+N" beside their number, and a click on it lists the day's events in a popover;
    /// Escape closes it. Before, the cells held only "+N" and nothing showed the events.
    func testANarrowWindowShowsTheBarsThatFitAndPlusNOpensThePopover() throws {
        let (driver, scene, app) = try makeApp(events: crowdedWeek(), size: Size(width: 640, height: 480))
        try driver.play(script: "wait 100")
        XCTAssertEqual(scene.sidebarWidth, 0, "no room for the side panel")
        let trip = dump(app)["events"]?.arrayValue?.first { $0["uid"] == .string("trip") }
        XCTAssertEqual(trip?["frames"]?.arrayValue?.count, 1, "the trip's bar is drawn across its row")
        let hidden = dump(app)["moreButtons"]?.arrayValue?.first { $0["date"] == .string("2026-11-09") }?["hidden"]
        XCTAssertEqual(hidden, .number(2), "the 9th shows +2 for the flight and the meeting")
        guard let more = moreButton("2026-11-12", app) else { return XCTFail("no +N on the 12th") }
        try driver.play(script: "move \(more.midX) \(more.midY)\ndown \(more.midX) \(more.midY)\nup \(more.midX) \(more.midY)\nwait 50")
        let popover = dump(app)["popover"]
        XCTAssertEqual(popover?["date"], .string("2026-11-12"))
        XCTAssertEqual(popover?["events"], .strings(["trip", "yoga", "club"]), "the day's events, all of them")
        XCTAssertEqual(scene.selectedDates, [], "the +N opens the day; it does not choose it")
        try driver.play(script: "key escape\nwait 50")
        XCTAssertEqual(dump(app)["popover"], .null, "Escape closes the popover")
    }

    /// A press outside closes the popover and does nothing else; a press inside keeps it open.
    func testAPressOutsideClosesThePopoverAndChoosesNothing() throws {
        let (driver, scene, app) = try makeApp(events: crowdedWeek(), size: Size(width: 640, height: 480))
        try driver.play(script: "wait 100")
        guard let more = moreButton("2026-11-09", app) else { return XCTFail("no +N on the 9th") }
        try driver.play(script: "down \(more.midX) \(more.midY)\nup \(more.midX) \(more.midY)\nwait 50")
        guard let frame = rect(dump(app)["popover"]?["frame"]) else { return XCTFail("no popover") }
        try driver.play(script: "down \(frame.midX) \(frame.midY)\nup \(frame.midX) \(frame.midY)\nwait 50")
        XCTAssertEqual(dump(app)["popover"]?["date"], .string("2026-11-09"), "a press inside keeps it")
        let outside = cellFrame(d("2026-11-03"), scene).center
        try driver.play(script: "down \(outside.x) \(outside.y)\nup \(outside.x) \(outside.y)\nwait 50")
        XCTAssertEqual(dump(app)["popover"], .null)
        XCTAssertEqual(scene.selectedDates, [], "the closing press chose no day")
    }

    /// In a window without the side panel, a click on a day chooses it and shows its events; the
    /// keyboard opens the focused day's popover with Enter and closes it with Escape.
    func testNarrowClicksAndEnterShowTheDay() throws {
        let (driver, scene, app) = try makeApp(events: crowdedWeek(), size: Size(width: 640, height: 480))
        let c = cellFrame(d("2026-11-10"), scene).center
        try driver.play(script: "wait 100\ndown \(c.x) \(c.y + 12)\nup \(c.x) \(c.y + 12)\nwait 50")
        XCTAssertEqual(scene.selectedDates, [d("2026-11-10")])
        XCTAssertEqual(dump(app)["popover"]?["date"], .string("2026-11-10"))
        XCTAssertEqual(dump(app)["popover"]?["events"], .strings(["trip"]))
        try driver.play(script: "key escape\nkey right\nkey right\nkey return\nwait 50")
        XCTAssertEqual(dump(app)["popover"]?["date"], .string("2026-11-12"), "Enter opens the focused day")
        try driver.play(script: "key return\nwait 50")
        XCTAssertEqual(dump(app)["popover"], .null, "Enter again closes it")
        XCTAssertEqual(scene.selectedDates, [d("2026-11-10")], "neither Enter chose a day")
    }

    /// At 700×560 (no side panel) a click shows the day also when it unchooses it; the popover
    /// points at its day with an arrow and covers no other day's "+N".
    func testNarrowUnchoosingClickShowsTheDayAndThePopoverPointsAtIt() throws {
        let (driver, scene, app) = try makeApp(events: crowdedWeek(), size: Size(width: 700, height: 560))
        try driver.play(script: "wait 100")
        for iso in ["2026-11-10", "2026-11-12", "2026-11-18", "2026-11-25"] {
            let cell = cellFrame(d(iso), scene), c = cell.center
            try driver.play(script: "down \(c.x) \(c.y + 12)\nup \(c.x) \(c.y + 12)\nwait 50")
            XCTAssertTrue(scene.selectedDates.contains(d(iso)))
            XCTAssertEqual(dump(app)["popover"]?["date"], .string(iso), "a choosing click shows \(iso)")
            try driver.play(script: "key escape\nwait 400\ndown \(c.x) \(c.y + 12)\nup \(c.x) \(c.y + 12)\nwait 50")
            XCTAssertFalse(scene.selectedDates.contains(d(iso)), "the second click unchose \(iso)")
            XCTAssertEqual(dump(app)["popover"]?["date"], .string(iso), "an unchoosing click shows \(iso) too")
            guard let frame = rect(dump(app)["popover"]?["frame"]), let tip = dump(app)["popover"]?["arrowTip"]?.arrayValue,
                  case let .number(tx) = tip[0], case let .number(ty) = tip[1] else { return XCTFail("no arrow for \(iso)") }
            XCTAssertTrue(tx > cell.minX && tx < cell.maxX, "the arrow points into \(iso)'s column")
            XCTAssertTrue(abs(ty - cell.maxY) <= 3 || abs(ty - cell.minY) <= 3, "the arrow touches \(iso)'s cell")
            XCTAssertTrue(frame.minY >= cell.maxY || frame.maxY <= cell.minY, "the popover leaves \(iso) in view")
            for b in dump(app)["moreButtons"]?.arrayValue ?? [] where b["date"] != .string(iso) {
                if let r = rect(b["frame"]) { XCTAssertFalse(r.intersects(frame), "the popover for \(iso) covers \(b["date"]!)'s +N") }
            }
            try driver.play(script: "key escape\nwait 400")
        }
    }

    /// The month pages have no horizontal scroll bar: none shows under the bottom-left cell while
    /// a page turns, in a narrow window or a wide one.
    func testNoScrollThumbUnderTheMonth() throws {
        for size in [Size(width: 700, height: 560), Size(width: 1280, height: 800)] {
            let (driver, scene, _) = try makeApp(events: crowdedWeek(), size: size)
            try driver.play(script: "wait 100\nkey pagedown\nwait 100")
            let grid = scene.collection.frame
            let thumbs = driver.root.draw().commands.filter { c in
                if case let .fill(r, color, _) = c {
                    return r.height <= 12 && r.width > 0 && r.minY >= grid.maxY - 14 && r.maxY <= grid.maxY + 1
                        && color.r == 255 && color.g == 255 && color.b == 255
                }
                return false
            }
            XCTAssertEqual(thumbs.count, 0, "no scroll thumb under the month at \(size.width)")
        }
    }

    /// With the side panel, Enter on a day whose events all fit still chooses it (as Space does).
    func testWideEnterOnADayThatFitsStillChooses() throws {
        let (driver, scene, app) = try makeApp(events: crowdedWeek())
        try driver.play(script: "wait 100\nkey return\nwait 50")
        XCTAssertEqual(scene.selectedDates, [d("2026-11-21")])
        XCTAssertEqual(dump(app)["popover"], .null)
    }

    // MARK: ‹ › and Today

    func button(_ name: String, _ app: App) -> JSON? {
        dump(app)["headerButtons"]?.arrayValue?.first { $0["name"] == .string(name) }
    }

    /// The buttons turn the month and come back to today; they light up under the pointer, show
    /// a press while held, and a release away from the button does nothing. The keys still work.
    func testTheHeaderButtonsPageAndComeBackToToday() throws {
        let (driver, scene, app) = try makeApp()
        try driver.play(script: "wait 100")
        guard let next = rect(button("next", app)?["frame"]), let previous = rect(button("previous", app)?["frame"]),
              let today = rect(button("today", app)?["frame"]) else { return XCTFail("no header buttons") }
        XCTAssertEqual(button("previous", app)?["title"], .string("Previous month"))
        try driver.play(script: "move \(next.midX) \(next.midY)\nwait 20")
        XCTAssertEqual(button("next", app)?["hovered"], .bool(true), "the button under the pointer lights up")
        XCTAssertEqual(button("today", app)?["hovered"], .bool(false))
        try driver.play(script: "down \(next.midX) \(next.midY)\nwait 20")
        XCTAssertEqual(button("next", app)?["pressed"], .bool(true))
        try driver.play(script: "up \(next.midX) \(next.midY)\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "› turns to the next month")
        XCTAssertEqual(button("next", app)?["pressed"], .bool(false))
        try driver.play(script: "down \(next.midX) \(next.midY)\nmove 400 400\nup 400 400\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "a release away from the button does nothing")
        XCTAssertEqual(scene.selectedDates, [], "nor chooses the day it ended over")
        try driver.play(script: "down \(previous.midX) \(previous.midY)\nup \(previous.midX) \(previous.midY)\nwait 800\n"
                 + "down \(previous.midX) \(previous.midY)\nup \(previous.midX) \(previous.midY)\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-10", "‹ twice: two months back")
        try driver.play(script: "down \(today.midX) \(today.midY)\nup \(today.midX) \(today.midY)\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11", "Today comes back to today's month")
        XCTAssertEqual(scene.focus, d("2026-11-21"))
        try driver.play(script: "key pagedown\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "PageDown still turns the page")
    }

    /// At the calendar's last month › is dimmed and does nothing.
    func testNextIsDisabledAtTheLastMonth() throws {
        let (driver, scene, app) = try makeApp(["month": ["9999-12"]])
        try driver.play(script: "wait 100")
        XCTAssertEqual(button("next", app)?["enabled"], .bool(false))
        XCTAssertEqual(button("previous", app)?["enabled"], .bool(true))
        guard let next = rect(button("next", app)?["frame"]) else { return XCTFail("no › button") }
        try driver.play(script: "down \(next.midX) \(next.midY)\nup \(next.midX) \(next.midY)\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "9999-12")
        XCTAssertEqual(SceneInspection.offsetsOutOfBounds(in: scene), [])
    }

    /// ‹ › and Today stay in every window, the smallest (200×200) included: Today becomes an icon
    /// button where its word does not fit beside the title, and the title gives way (smaller, then
    /// wrapped on to a second line the header grows for) before any button does. The buttons
    /// still turn the page there.
    func testTheButtonsStayReachableInTheSmallestWindow() throws {
        for (width, height, icon) in [(1280.0, 400.0, false), (320, 240, false), (200, 200, true)] {
            let (driver, scene, app) = try makeApp(size: Size(width: width, height: height))
            try driver.play(script: "wait 50")
            let names = dump(app)["headerButtons"]?.arrayValue?.compactMap { b -> String? in if case let .string(n)? = b["name"] { return n }; return nil }
            XCTAssertEqual(names, ["today", "previous", "next"], "at \(width)×\(height)")
            XCTAssertEqual(button("today", app)?["icon"], .bool(icon), "Today as an icon at \(width)")
            XCTAssertEqual(button("today", app)?["title"], .string("Today"), "still named Today at \(width)")
            let frames = ["today", "previous", "next"].compactMap { rect(button($0, app)?["frame"]) }
            XCTAssertEqual(frames.count, 3)
            for (a, b) in zip(frames, frames.dropFirst()) { XCTAssertLessThanOrEqual(a.maxX, b.minX, "no overlap at \(width)") }
            for f in frames {
                XCTAssertGreaterThanOrEqual(f.width, 20, "a target at \(width)")
                XCTAssertGreaterThanOrEqual(f.minX, 0); XCTAssertLessThanOrEqual(f.maxX, width)
            }
            let title = scene.title(of: scene.visibleMonth)
            // A line, or a paragraph where the title wraps on to a second line (the smallest window).
            let run = driver.root.draw().commands.compactMap { c -> (text: String, rect: Rect)? in
                if case let .text(t) = c, t.rect.minY < frames[0].maxY, t.rect.maxY > frames[0].minY, t.size >= 13, t.text != "‹", t.text != "›", t.text != "Today" { return (t.text, t.rect) }
                if case let .paragraph(p) = c, p.rect.minY < frames[0].maxY, p.rect.maxY > frames[0].minY, p.style.text.size >= 13 { return (p.text, p.rect) }
                return nil
            }.first
            if width == 200 { XCTAssertEqual(run?.text, title, "the whole title, wrapped, at \(width)") }
            XCTAssertNotNil(run, "a title at \(width)")
            XCTAssertLessThanOrEqual(run?.rect.maxX ?? .infinity, frames[0].minX, "at \(width) the title ends before the buttons")
            if width == 1280 { XCTAssertEqual(run?.text, title) }
            try driver.play(script: "down \(frames[2].midX) \(frames[2].midY)\nup \(frames[2].midX) \(frames[2].midY)\nwait 800")
            XCTAssertEqual(scene.visibleMonth.description, "2026-12", "› turns the page at \(width)")
            try driver.play(script: "down \(frames[0].midX) \(frames[0].midY)\nup \(frames[0].midX) \(frames[0].midY)\nwait 800")
            XCTAssertEqual(scene.visibleMonth.description, "2026-11", "Today comes back at \(width)")
        }
    }
}
