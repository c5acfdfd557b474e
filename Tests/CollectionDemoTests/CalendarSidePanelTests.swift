import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// The side panel's list scrolls on its own: a long range is listed whole, the wheel and the
/// scroll bar over the panel move the list and never the month, and the day just toggled is shown.
final class CalendarSidePanelTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    /// Two events on each day of November 2026, so a week's range is taller than the panel.
    func busyNovember() -> [EventOccurrence] {
        let z = berlin
        return (1...30).flatMap { day -> [EventOccurrence] in
            let date = CalendarDate(year: 2026, month: 11, day: day)!
            return [9, 14].map { hour in
                EventOccurrence(uid: "e\(day)-\(hour)", title: "Event \(day) at \(hour)",
                                span: .timed(start: z.instant(of: date, hour: hour), end: z.instant(of: date, hour: hour + 1)))
            }
        }
    }

    func makeApp(events: [EventOccurrence], size: Size = Size(width: 1280, height: 800)) throws -> (HeadlessDriver<App>, CalendarScene, App) {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"]])
        let scene = CalendarScene(settings: s, source: InMemoryEventSource(events, zone: s.zone))
        let app = try App(scene: "calendar", size: size, entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        return (HeadlessDriver(root: app, fps: 60), scene, app)
    }

    func at(_ date: CalendarDate, _ scene: CalendarScene) -> String {
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        let item = scene.grid(for: scene.visibleMonth).cell(of: date)!
        let c = scene.collection.windowRect(fromContent: scene.collection.layout.attributesForItem(at: ItemPath(item: item, section: page))!.frame).center
        return "\(c.x) \(c.y)"
    }

    func dump(_ app: App) -> JSON { app.dumpState()["calendar"]! }
    func number(_ j: JSON?) -> Double { if case let .number(n)? = j { return n }; return .nan }
    func strings(_ j: JSON?) -> [String] { j?.arrayValue?.compactMap { if case let .string(s) = $0 { return s }; return nil } ?? [] }

    /// 12 November, then Shift+click the 20th: every day of the range is listed with its events
    /// (the panel used to stop at the 16th, where its height ran out), and the list follows the
    /// 20th, the day just chosen, to the end.
    func testAShiftClickRangeListsEveryDayAndFollowsTheLastOne() throws {
        let (driver, scene, app) = try makeApp(events: busyNovember())
        try driver.play(script: """
            down \(at(d("2026-11-12"), scene))
            up \(at(d("2026-11-12"), scene))
            down \(at(d("2026-11-20"), scene)) shift
            up \(at(d("2026-11-20"), scene))
            wait 1500
            """)
        let cal = dump(app)
        let rows = cal["panelRows"]?.arrayValue ?? []
        let headings = rows.filter { $0["kind"] == .string("heading") }.compactMap { r -> String? in if case let .string(s)? = r["date"] { return s }; return nil }
        XCTAssertEqual(headings, (12...20).map { "2026-11-\($0)" }, "one heading per chosen day, in order")
        XCTAssertEqual(rows.filter { $0["kind"] == .string("event") }.count, 18, "both events of each of the nine days")
        let height = (cal["panelFrame"]?.arrayValue).map { number($0[3]) } ?? .nan
        XCTAssertGreaterThan(number(cal["panelContentHeight"]), height, "the list is taller than the panel")
        XCTAssertGreaterThanOrEqual(number(cal["panelScroll"]) + height, number(cal["panelContentHeight"]) - CalendarPanelLayout.bottomInset - 0.5,
                                    "the list followed the 20th: its last event is in view")
        XCTAssertTrue(strings(cal["panelVisibleDates"]).contains("2026-11-20"))
        XCTAssertFalse(strings(cal["panelVisibleDates"]).contains("2026-11-12"))
        // Toggling the 13th (a click with Ctrl would toggle too; a plain click toggles) brings the list back to it.
        try driver.play(script: "down \(at(d("2026-11-13"), scene))\nup \(at(d("2026-11-13"), scene))\nwait 1500")
        XCTAssertTrue(strings(dump(app)["panelVisibleDates"]).contains("2026-11-14"), "the list shows where the 13th was: the 14th's rows")
        XCTAssertFalse(scene.selectedDates.contains(d("2026-11-13")))
        try driver.play(script: "down \(at(d("2026-11-13"), scene))\nup \(at(d("2026-11-13"), scene))\nwait 1500")
        XCTAssertEqual(strings(dump(app)["panelVisibleDates"]).first, "2026-11-13", "chosen again, the 13th's heading is at the top")
    }

    /// Eight notches over the panel scroll its list; the month stays (they used to turn eight pages).
    func testTheWheelOverThePanelScrollsTheListAndNeverPages() throws {
        let (driver, scene, app) = try makeApp(events: busyNovember())
        try driver.play(script: """
            down \(at(d("2026-11-02"), scene))
            up \(at(d("2026-11-02"), scene))
            down \(at(d("2026-11-22"), scene)) shift
            up \(at(d("2026-11-22"), scene))
            wait 1500
            move 1100 400
            wheel 0 100
            wait 1500
            """)
        XCTAssertEqual(number(dump(app)["panelScroll"]), 0, "a hundred notches up bring the list to its top")
        try driver.play(script: "move 1100 400\n" + String(repeating: "wheel 0 -1\nwait 30\n", count: 8) + "wait 1500")
        let cal = dump(app)
        XCTAssertEqual(cal["visibleMonth"], .string("2026-11"), "the wheel over the panel never turns the month")
        XCTAssertGreaterThan(number(cal["panelScroll"]), 100, "eight notches scrolled the list")
        // Over the grid, the wheel still turns the month.
        try driver.play(script: "move 400 400\nwheel 0 -1\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12")
    }

    /// The panel's scroll bar can be dragged: its thumb taken from the top to the bottom shows the end.
    func testThePanelsScrollBarDrags() throws {
        let (driver, scene, app) = try makeApp(events: busyNovember())
        try driver.play(script: """
            down \(at(d("2026-11-02"), scene))
            up \(at(d("2026-11-02"), scene))
            down \(at(d("2026-11-22"), scene)) shift
            up \(at(d("2026-11-22"), scene))
            wait 1500
            move 1100 400
            wheel 0 100
            wait 1500
            """)
        let panel = scene.panel.view.frame
        XCTAssertEqual(scene.panel.view.contentOffset.y, 0)
        let x = panel.maxX - 4
        try driver.play(script: """
            move \(x) \(panel.minY + 10)
            down \(x) \(panel.minY + 10)
            move \(x) \(panel.midY)
            move \(x) \(panel.maxY + 50)
            up \(x) \(panel.maxY + 50)
            wait 300
            """)
        let cal = dump(app)
        XCTAssertEqual(number(cal["panelScroll"]), number(cal["panelContentHeight"]) - panel.height, accuracy: 0.5, "the thumb at the bottom shows the end")
        XCTAssertEqual(cal["visibleMonth"], .string("2026-11"))
        XCTAssertEqual(scene.selectedDates.count, 21, "the drag on the scroll bar chose no day")
    }

    // MARK: Edges: nothing chosen says nothing above today's events, Page Down lists a day of
    // the month shown, and Escape unchooses a range.

    func testTheSubtitleOnlyCountsChosenDaysAndThePanelFollowsThePage() throws {
        let (driver, scene, app) = try makeApp(events: busyNovember())
        try driver.play(script: "wait 100")
        XCTAssertEqual(dump(app)["panelTitle"], .string(scene.formatter.long(d("2026-11-21"))), "today's events")
        XCTAssertEqual(dump(app)["panelSubtitle"], .null, "no \"No days chosen\" above today's events")
        let drawn = driver.root.draw().commands.contains { if case let .text(t) = $0 { return t.text == scene.strings.noDaysChosen }; return false }
        XCTAssertFalse(drawn, "nor drawn")
        try driver.play(script: "key pagedown\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12")
        XCTAssertEqual(dump(app)["panelTitle"], .string(scene.formatter.long(d("2026-12-01"))), "the panel follows Page Down to December")
        XCTAssertEqual(strings(dump(app)["panelVisibleDates"]).first, "2026-12-01")
        try driver.play(script: "key pageup\nwait 800")
        XCTAssertEqual(dump(app)["panelTitle"], .string(scene.formatter.long(d("2026-11-21"))), "and back to today's")
    }

    func testEscapeUnchoosesARange() throws {
        let (driver, scene, app) = try makeApp(events: busyNovember())
        try driver.play(script: """
            down \(at(d("2026-11-12"), scene))
            up \(at(d("2026-11-12"), scene))
            down \(at(d("2026-11-20"), scene)) shift
            up \(at(d("2026-11-20"), scene))
            wait 300
            """)
        XCTAssertEqual(scene.selectedDates.count, 9)
        XCTAssertEqual(dump(app)["panelTitle"], .string(scene.strings.chosen(9)))
        try driver.play(script: "key escape\nwait 100")
        XCTAssertEqual(scene.selectedDates, [], "Escape unchooses the range")
        XCTAssertEqual(dump(app)["panelSubtitle"], .null)
    }
}
