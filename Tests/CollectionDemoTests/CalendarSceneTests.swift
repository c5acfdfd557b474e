import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import Synchronization
import XCTest

/// The calendar scene driven by input scripts on the virtual clock, with an in-memory calendar.
final class CalendarSceneTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func settings(_ options: [String: [String]] = [:]) throws -> CalendarSettings {
        var o: [String: [String]] = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"]]
        o.merge(options) { _, new in new }
        return try CalendarSettings.parse(o)
    }

    /// An app showing only the calendar, and a driver on the virtual clock.
    func makeApp(_ options: [String: [String]] = [:], events: [EventOccurrence] = [], diagnostics: [LoadDiagnostic] = [],
                 size: Size = Size(width: 1280, height: 800), fps: Double = 60) throws -> (HeadlessDriver<App>, CalendarScene, InMemoryEventSource) {
        let s = try settings(options)
        let source = InMemoryEventSource(events, zone: s.zone, diagnostics: diagnostics)
        let scene = CalendarScene(settings: s, source: source)
        let entries = [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }]
        let app = try App(scene: "calendar", size: size, entries: entries)
        return (HeadlessDriver(root: app, fps: fps), scene, source)
    }

    /// Plays a script starting now (a timeline's times start at zero, so they are shifted).

    /// The centre of `date`'s cell on the page now shown, in window points, as "X Y".
    func at(_ date: CalendarDate, _ scene: CalendarScene) -> String {
        let g = scene.grid(for: scene.visibleMonth)
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        guard let cell = g.cell(of: date) else {
            XCTFail("\(date) is not on the page of \(scene.visibleMonth)")
            return "-10 -10"
        }
        let f = scene.collection.layout.attributesForItem(at: ItemPath(item: cell, section: page))!.frame
        let c = scene.collection.windowRect(fromContent: f).center
        return "\(c.x) \(c.y)"
    }

    func pageOffset(_ scene: CalendarScene) -> Double { scene.collection.contentOffset.x / scene.collection.frame.width }

    // MARK: Selection

    func testLateOptionsAreWorkedOutWhenTheSceneIsMade() throws {
        var config = SceneConfig()
        config.options = ["locale": ["en_GB"]]
        let asked = Mutex(0)
        // As the executable's: the environment's zone and today's date, for flags not given.
        config.lateOptions = {
            asked.withLock { $0 += 1 }
            return ["timezone": ["Europe/Berlin"], "today": ["2026-11-21"]]
        }
        XCTAssertEqual(asked.withLock { $0 }, 0)
        let scene = try CalendarScene(config: config)
        XCTAssertEqual(asked.withLock { $0 }, 1)
        XCTAssertEqual(scene.settings.zone.identifier, "Europe/Berlin")
        XCTAssertEqual(scene.settings.today, d("2026-11-21"))
        XCTAssertEqual(scene.settings.locale.identifier, "en_GB")
    }

    func testClickTogglesAndSeveralDaysCanBeChosen() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]])
        try driver.play(script: """
            down \(at(d("2026-11-10"), scene))
            up \(at(d("2026-11-10"), scene))
            down \(at(d("2026-11-12"), scene))
            up \(at(d("2026-11-12"), scene))
            down \(at(d("2026-10-30"), scene))
            up \(at(d("2026-10-30"), scene))
            down \(at(d("2026-11-10"), scene))
            up \(at(d("2026-11-10"), scene))
            wait 50
            """)
        XCTAssertEqual(scene.selectedDates, [d("2026-11-12"), d("2026-10-30")], "a second click deselects; a greyed day can be chosen")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11", "clicks do not page")
    }

    func testShiftClickChoosesARangeAcrossMonths() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]])
        try driver.play(script: "down \(at(d("2026-11-28"), scene))\nup \(at(d("2026-11-28"), scene))\nkey pagedown\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12")
        try driver.play(script: "down \(at(d("2026-12-03"), scene)) shift\nup \(at(d("2026-12-03"), scene))\nwait 50")
        XCTAssertEqual(scene.selectedDates.sorted().map(\.description),
                       ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"])
        // Back on November's page, backwards from the new anchor.
        try driver.play(script: "key pageup\nwait 800")
        try driver.play(script: "down \(at(d("2026-11-25"), scene)) shift\nup \(at(d("2026-11-25"), scene))\nwait 50")
        XCTAssertEqual(scene.selectedDates.count, 9)
        XCTAssertEqual(scene.selectedDates.min(), d("2026-11-25"))
    }

    func testDaysBeforeTheMinimumDateCannotBeChosen() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"], "min-date": ["2026-11-15"]])
        try driver.play(script: """
            down \(at(d("2026-11-10"), scene))
            up \(at(d("2026-11-10"), scene))
            down \(at(d("2026-11-18"), scene))
            up \(at(d("2026-11-18"), scene))
            down \(at(d("2026-11-12"), scene)) shift
            up \(at(d("2026-11-12"), scene))
            wait 50
            """)
        XCTAssertEqual(scene.selectedDates, [d("2026-11-18")], "neither a click nor a Shift+click takes a disabled day")
        try driver.play(script: "down \(at(d("2026-11-15"), scene)) shift\nup \(at(d("2026-11-15"), scene))\nwait 50")
        XCTAssertEqual(scene.selectedDates.sorted().map(\.description), ["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18"])
        XCTAssertTrue(scene.isDisabled(d("2026-11-14")))
        let p = at(d("2026-11-10"), scene).split(separator: " ").map { Double($0)! }
        XCTAssertEqual(driver.root.currentScene.cursor(at: Point(p[0], p[1])), .arrow)
    }

    /// The first page's leading days (28 to 31 December 1582) and the last page's trailing days
    /// (January 10000) lie outside the calendar's years: shown dimmed, never chosen.
    func testDaysOutsideTheCalendarsYearsCannotBeChosen() throws {
        let (driver, scene, _) = try makeApp(["month": ["1583-01"], "first-weekday": ["monday"]])
        let before = try XCTUnwrap(CalendarDate(year: 1582, month: 12, day: 31))
        try driver.play(script: "down \(at(before, scene))\nup \(at(before, scene))\nwait 50")
        XCTAssertEqual(scene.selectedDates, [], "a click on 31 December 1582 chooses nothing")
        XCTAssertTrue(scene.isDisabled(before))
        XCTAssertFalse(scene.isDisabled(d("1583-01-01")))
        try driver.play(script: "down \(at(d("1583-01-03"), scene))\nup \(at(d("1583-01-03"), scene))\ndown \(at(before, scene)) shift\nup \(at(before, scene))\nwait 50")
        XCTAssertEqual(scene.selectedDates, [d("1583-01-03")], "nor a Shift+click reaching back to it")
        let node = try XCTUnwrap(scene.accessibilityNodes().first { $0.items != nil }?.items?.item(at: ItemPath(item: 0, section: 0)))
        XCTAssertTrue(node.name.contains("1582"), node.name)
        XCTAssertTrue(node.states.contains(.disabled), "assistive technology hears it is disabled")
        scene.showMonth(CalendarSettings.lastMonth, animated: false, now: driver.now)
        try driver.play(script: "wait 50")
        let after = try XCTUnwrap(CalendarDate(year: 10000, month: 1, day: 1))
        XCTAssertTrue(scene.isDisabled(after))
        XCTAssertFalse(scene.isDisabled(d("9999-12-31")))
        if scene.grid(for: CalendarSettings.lastMonth).cell(of: after) != nil {
            try driver.play(script: "down \(at(after, scene))\nup \(at(after, scene))\nwait 50")
            XCTAssertEqual(scene.selectedDates, [d("1583-01-03")])
        }
    }

    func testSelectionIsKeptAsDatesAcrossPagingAndResizing() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]])
        try driver.play(script: """
            down \(at(d("2026-11-05"), scene))
            up \(at(d("2026-11-05"), scene))
            down 600 400
            move 300 400 300
            up 300 400
            wait 800
            down 300 400
            move 600 400 300
            up 600 400
            wait 800
            down 300 400
            move 600 400 300
            up 600 400
            wait 800
            resize 1000 700
            wait 100
            """)
        XCTAssertEqual(scene.visibleMonth.description, "2026-10")
        XCTAssertEqual(scene.selectedDates, [d("2026-11-05")])
        XCTAssertEqual(pageOffset(scene), Double(scene.visibleMonth.index - CalendarSettings.firstMonth.index), accuracy: 1e-9)
        let cell = scene.collection.cellForItem(at: ItemPath(item: scene.grid(for: scene.visibleMonth).cell(of: d("2026-11-05"))!,
                                                              section: scene.visibleMonth.index - CalendarSettings.firstMonth.index)) as? DayCell
        XCTAssertEqual(cell?.model?.isChosen, true, "the greyed 5 November on October's page shows as chosen")
        let cells = driver.root.dumpState()["calendar"]?["cells"]?.arrayValue ?? []
        XCTAssertEqual(cells.count, 42)
        XCTAssertEqual(cells.last?[0].flatMap(\.doubleValue).map { $0 + (cells.last?[2]?.doubleValue ?? 0) } ?? 0,
                       scene.collection.frame.maxX - 12, accuracy: 0.01, "after the resize the cells fill the new grid")
    }

    // MARK: Paging

    func testDragAndFlickPageExactlyOneMonthAndAShortDragStays() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]])
        let start = pageOffset(scene)
        try driver.play(script: "down 700 400\nmove 640 400 300\nwait 300\nup 640 400\nwait 1500")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11", "a slow short drag springs back")
        XCTAssertEqual(pageOffset(scene), start, accuracy: 1e-6)
        try driver.play(script: "down 800 400\nmove 200 400 60\nup 200 400\nwait 3000")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "a hard flick moves one month, not more")
        XCTAssertEqual(pageOffset(scene), start + 1, accuracy: 1e-6)
        try driver.play(script: "down 300 400\nmove 500 400 400\nwait 200\nup 500 400\nwait 1500")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "200 points held still is less than half a page")
        XCTAssertEqual(pageOffset(scene), start + 1, accuracy: 1e-6)
        try driver.play(script: "down 100 400\nmove 700 400 500\nwait 200\nup 700 400\nwait 1500")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11", "more than half a page back goes back")
        XCTAssertEqual(pageOffset(scene), start, accuracy: 1e-6)
    }

    func testWheelKeysAndHome() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]])
        try driver.play(script: "move 500 400\nwheel 0 -1\nwait 600")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "one notch down is one month forward")
        try driver.play(script: "wheel 0 1\nwait 100\nwheel 0 1\nwait 100\nwheel 0 1\nwait 600")
        XCTAssertEqual(scene.visibleMonth.description, "2026-09")
        try driver.play(script: "wheel 0.4 0\nwait 20\nwheel 0.4 0\nwait 20\nwheel 0.4 0\nwait 600")
        XCTAssertEqual(scene.visibleMonth.description, "2026-10", "a trackpad's small deltas add up to one page")
        try driver.play(script: "key pagedown\nkey pagedown\nkey pagedown\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2027-01")
        try driver.play(script: "key pageup\nwait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-12")
        try driver.play(script: "key home\nwait 1500")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11")
        XCTAssertEqual(pageOffset(scene), Double(CalendarMonth(iso: "2026-11")!.index - CalendarSettings.firstMonth.index), accuracy: 1e-6)
    }

    func testArrowKeysMoveTheFocusAcrossMonthsAndSpaceToggles() throws {
        let (driver, scene, _) = try makeApp([:])
        XCTAssertEqual(scene.focus, d("2026-11-21"), "the focus starts on today")
        try driver.play(script: "key down\nkey down\nkey right\nkey right\nkey right\nwait 800")
        XCTAssertEqual(scene.focus, d("2026-12-08"))
        XCTAssertEqual(scene.visibleMonth.description, "2026-12", "leaving the month turns the page")
        try driver.play(script: "key space\nkey left\nkey shift+space\nkey up\nkey space\nkey space\nwait 50")
        XCTAssertEqual(scene.selectedDates, [d("2026-12-07"), d("2026-12-08")])
        XCTAssertEqual(scene.visibleMonth.description, "2026-11", "30 November is November's")
    }

    func testAfterPagingAwayTheFirstKeyBringsTheFocusOntoThePageShown() throws {
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]])
        try driver.play(script: "key pagedown\nkey pagedown\nwait 800\nkey right\nwait 50")
        XCTAssertEqual(scene.visibleMonth.description, "2027-01", "the key did not page back to the focus")
        XCTAssertEqual(scene.focus, d("2027-01-01"))
        try driver.play(script: "key right\nkey space\nwait 50")
        XCTAssertEqual(scene.selectedDates, [d("2027-01-02")])
    }

    func testSameScriptEndsTheSameAtAnyFrameRate() throws {
        var results: [String] = []
        for fps in [30.0, 60, 144] {
            let (driver, scene, _) = try makeApp(["month": ["2026-11"]], fps: fps)
            try driver.play(script: "down 800 400\nmove 500 400 90\nup 500 400\nwait 200\nmove 500 300\nwheel 0 -1\nwait 3000")
            try driver.play(script: "down \(at(d("2027-01-05"), scene))\nup \(at(d("2027-01-05"), scene))\nwait 50")
            results.append(driver.root.dumpState()["calendar"]!.serialized())
        }
        XCTAssertEqual(results[0], results[1])
        XCTAssertEqual(results[1], results[2])
        XCTAssertTrue(results[0].contains("\"visibleMonth\": \"2027-01\""), results[0])
    }

    // MARK: Events and the state dump

    func testStateDumpListsGridCellsSelectionAndEventsInTheIssuesFormat() throws {
        let z = berlin
        let events = [
            EventOccurrence(uid: "meet", title: "Meeting", span: .timed(start: z.instant(of: d("2026-11-21"), hour: 9), end: z.instant(of: d("2026-11-21"), hour: 10))),
            EventOccurrence(uid: "trip", title: "Trip", span: .allDay(first: d("2026-10-20"), end: d("2026-10-28"))),
            EventOccurrence(uid: "summer", title: "Summer", span: .timed(start: z.instant(of: d("2026-10-25"), hour: 1, minute: 30),
                                                                          end: z.instant(of: d("2026-10-25"), hour: 4))),
            EventOccurrence(uid: "late", title: "Too late", span: .allDay(first: d("2026-12-07"), end: d("2026-12-08"))),
            EventOccurrence(uid: "edge", title: "Into the grid", span: .timed(start: z.instant(of: d("2026-10-25"), hour: 23), end: z.instant(of: d("2026-10-26"), hour: 0, minute: 30))),
        ]
        let (driver, scene, _) = try makeApp(["month": ["2026-11"]], events: events)
        try driver.play(script: "down \(at(d("2026-11-21"), scene))\nup \(at(d("2026-11-21"), scene))\nwait 50")
        let cal = driver.root.dumpState()["calendar"]!
        XCTAssertEqual(cal["visibleMonth"], .string("2026-11"))
        XCTAssertEqual(cal["grid"]?.arrayValue?.count, 42)
        XCTAssertEqual(cal["grid"]?[0], .string("2026-10-26"))
        XCTAssertEqual(cal["grid"]?[41], .string("2026-12-06"))
        XCTAssertEqual(cal["selectedDates"], .strings(["2026-11-21"]))
        let first = scene.collection.windowRect(fromContent: scene.collection.layout.attributesForItem(
            at: ItemPath(item: 0, section: scene.visibleMonth.index - CalendarSettings.firstMonth.index))!.frame)
        XCTAssertEqual(cal["cells"]?[0], .rect(first))
        XCTAssertEqual(first.minY, 44 + 78 + 4, "below the tab bar and the header")
        let listed = (cal["events"]?.arrayValue ?? []).map { e in
            ["uid", "start", "end"].map { e[$0]?.stringValue ?? "?" }.joined(separator: " ") + " \(e["allDay"]?.boolValue == true)"
        }
        XCTAssertEqual(listed, [
            "trip 2026-10-20 2026-10-28 true",
            "edge 2026-10-25T23:00:00+01:00 2026-10-26T00:30:00+01:00 false",
            "meet 2026-11-21T09:00:00+01:00 2026-11-21T10:00:00+01:00 false",
        ], "sorted by start, once each, only what touches the 42 days")
        _ = events[2]
    }

    func testCellsShowTheirDaysEventsAndEachMonthIsAskedForOnce() throws {
        let z = berlin
        let events = (0..<5).map { i in
            EventOccurrence(uid: "e\(i)", title: "Event \(i)", span: .timed(start: z.instant(of: d("2026-11-10"), hour: 8 + i),
                                                                            end: z.instant(of: d("2026-11-10"), hour: 9 + i)))
        } + [EventOccurrence(uid: "h", title: "Holiday", span: .allDay(first: d("2026-11-10"), end: d("2026-11-11")))]
        let (driver, scene, source) = try makeApp(["month": ["2026-11"]], events: events)
        try driver.play(script: "wait 50")
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        let cell = scene.collection.cellForItem(at: ItemPath(item: scene.grid(for: scene.visibleMonth).cell(of: d("2026-11-10"))!, section: page)) as! DayCell
        XCTAssertEqual(cell.model?.events.map(\.uid), ["h", "e0", "e1", "e2", "e3", "e4"], "all-day first, then by start")
        let queriesAfterOpen = source.queries
        XCTAssertLessThanOrEqual(queriesAfterOpen, 3, "one query per page: the page shown and its two neighbours")
        XCTAssertTrue(scene.events.isReady(scene.grid(for: CalendarMonth(iso: "2026-12")!)), "idle frames prepared the next page")
        XCTAssertTrue(scene.events.isReady(scene.grid(for: CalendarMonth(iso: "2026-10")!)), "and the previous one")
        try driver.play(script: "key pagedown\nwait 700\nkey pageup\nwait 700\nkey pagedown\nwait 700\nkey pageup\nwait 700")
        XCTAssertLessThanOrEqual(source.queries, queriesAfterOpen + 1, "paging back and forth uses the cache")
        // The draw list shows the first titles and a "+N" for the rest.
        let texts = driver.root.draw().commands.compactMap { c -> String? in if case let .text(t) = c { return t.text }; return nil }
        XCTAssertTrue(texts.contains("Holiday"))
        XCTAssertTrue(texts.contains { $0.hasPrefix("+") }, "\(texts)")
        // The list beside the grid shows the listed day's events with times.
        try driver.play(script: "down \(at(d("2026-11-10"), scene))\nup \(at(d("2026-11-10"), scene))\nwait 50")
        let after = driver.root.draw().commands.compactMap { c -> String? in if case let .text(t) = c { return t.text }; return nil }
        XCTAssertTrue(after.contains("Tuesday, 10 November 2026"), "the locale's long date (en_GB)")
        XCTAssertTrue(after.contains("08:00 – 09:00"))
        XCTAssertTrue(after.contains("All day"))
    }

    func testLoadProblemsBecomeOneNoticePerFile() throws {
        let diags = [LoadDiagnostic(file: "a.ics", line: 3, message: "cannot read 'X'"), LoadDiagnostic(file: "a.ics", line: 9, message: "y"),
                     LoadDiagnostic(file: "b.ics", message: "cannot open calendar: no such file")]
        let (_, scene, _) = try makeApp([:], diagnostics: diags)
        XCTAssertEqual(scene.notices, ["Calendar: a.ics:3: cannot read 'X' (and 1 more problem in this file)",
                                       "Calendar: b.ics: cannot open calendar: no such file"])
    }

    // MARK: Settings

    func testBadFlagsAreClearErrors() {
        let cases: [([String: [String]], String)] = [
            (["month": ["2026-13"]], "--month must be YYYY-MM"),
            (["month": ["1582-12"]], "--month must be in the years 1583 to 9999"),
            (["min-date": ["1500-01-01"]], "--min-date must be in the years 1583 to 9999"),
            (["today": ["2026-02-30"]], "--today must be a date YYYY-MM-DD, got '2026-02-30'"),
            (["min-date": ["yesterday"]], "--min-date must be a date"),
            (["first-weekday": ["friday"]], "--first-weekday must be monday, sunday or saturday"),
            (["timezone": ["Mars/Olympus"]], "--timezone: unknown time zone 'Mars/Olympus'"),
            (["locale": ["en GB!"]], "--locale must be a locale identifier"),
        ]
        for (options, message) in cases {
            XCTAssertThrowsError(try CalendarSettings.parse(options)) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
            }
        }
    }

    func testWeekdayLabelsComeFromTheLocaleAndStartOnTheFirstWeekday() throws {
        XCTAssertEqual(try settings(["locale": ["en_US"], "first-weekday": ["monday"]]).weekdayLabels, ["MO", "TU", "WE", "TH", "FR", "SA", "SU"])
        XCTAssertEqual(try settings(["locale": ["en_US"], "first-weekday": ["sunday"]]).weekdayLabels, ["SU", "MO", "TU", "WE", "TH", "FR", "SA"])
        XCTAssertEqual(try settings(["locale": ["de_DE"]]).weekdayLabels, ["MO", "DI", "MI", "DO", "FR", "SA", "SO"])
        XCTAssertEqual(try settings(["locale": ["fr_FR"], "first-weekday": ["saturday"]]).weekdayLabels, ["SA", "DI", "LU", "MA", "ME", "JE", "VE"])
        XCTAssertEqual(try settings(["locale": ["de_DE"]]).title(of: CalendarMonth(iso: "2026-03")!), "März 2026")
    }

}
