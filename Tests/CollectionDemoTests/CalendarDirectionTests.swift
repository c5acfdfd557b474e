import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The calendar in Arabic (Egypt): the week starts on Saturday (CLDR's week data), runs right to
/// left, and the day numbers use the locale's Arabic-Indic digits; the arrows follow the screen.
final class CalendarDirectionTests: XCTestCase {
    private func makeScene(locale: String, direction: LayoutDirection) throws -> (HeadlessDriver<App>, CalendarScene) {
        var config = SceneConfig()
        config.options = ["locale": [locale], "timezone": ["UTC"], "today": ["2026-11-21"], "week-numbers": ["true"]]
        config.layoutDirection = direction
        let scene = try CalendarScene(config: config)
        let entries = [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }]
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800), entries: entries)
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.frame()
        return (driver, scene)
    }

    /// The shown page's cells by position in the month grid, with their window frames.
    private func cells(_ scene: CalendarScene) -> [(model: DayCell.Model, frame: Rect)] {
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        return (0..<MonthGrid.cellCount).compactMap { item in
            let ip = ItemPath(item: item, section: page)
            guard let cell = scene.collection.visibleCells[ip] as? DayCell, let m = cell.model,
                  let f = scene.collection.layout.attributesForItem(at: ip)?.frame else { return nil }
            return (m, scene.collection.windowRect(fromContent: f))
        }
    }

    func testArabicEgyptStartsOnSaturdayAtTheRightWithArabicIndicDigits() throws {
        let (_, scene) = try makeScene(locale: "ar_EG", direction: .rightToLeft)
        let shown = cells(scene)
        XCTAssertEqual(shown.count, 42)
        let first = shown[0]
        XCTAssertEqual(first.model.date.isoWeekday, 6, "the first column is Saturday")
        XCTAssertEqual(first.model.date, CalendarDate(iso: "2026-10-31"))
        // Right to left, the first column is the rightmost, and each day lies left of the one before.
        for column in 1..<MonthGrid.columns {
            XCTAssertLessThan(shown[column].frame.maxX, shown[column - 1].frame.minX, "column \(column)")
        }
        XCTAssertGreaterThan(first.frame.minX, scene.collection.frame.midX)
        // Day 21 of November: the Arabic-Indic digits two and one.
        let day21 = shown.first { $0.model.date == CalendarDate(iso: "2026-11-21") }!
        XCTAssertEqual(day21.model.numberText, "\u{0662}\u{0661}")
        XCTAssertTrue(day21.model.isRightToLeft)
        XCTAssertEqual(scene.settings.number(1583), "\u{0661}\u{0665}\u{0668}\u{0663}")
    }

    func testLeftToRightLocalesKeepLatinDigitsAndTheirWeek() throws {
        let (_, scene) = try makeScene(locale: "de_DE", direction: .leftToRight)
        let shown = cells(scene)
        XCTAssertEqual(shown[0].model.date.isoWeekday, 1, "Monday first in Germany")
        XCTAssertEqual(shown.first { $0.model.date == CalendarDate(iso: "2026-11-21") }?.model.numberText, "21")
        XCTAssertLessThan(shown[0].frame.maxX, shown[1].frame.minX, "the week runs from the left")
        XCTAssertEqual(CalendarSettings.digits(of: Locale(identifier: "he_IL")), (0...9).map(String.init), "Hebrew writes Latin digits")
    }

    func testHebrewWeekdayHeadingsTellTheDaysApart() throws {
        let labels = try CalendarSettings.parse(["locale": ["he_IL"], "timezone": ["UTC"]]).weekdayLabels
        XCTAssertEqual(Set(labels).count, 7, "\(labels)")
        XCTAssertEqual(labels.first, "א׳", "Sunday first in Israel, by its narrow name")
    }

    func testTheArrowsFollowTheScreenRightToLeft() throws {
        let (driver, scene) = try makeScene(locale: "ar_EG", direction: .rightToLeft)
        XCTAssertEqual(scene.focus, CalendarDate(iso: "2026-11-21"))
        try driver.play(script: "key left\nwait 50")
        XCTAssertEqual(scene.focus, CalendarDate(iso: "2026-11-22"), "left is the next day, the cell on the left")
        try driver.play(script: "key right\nkey right\nwait 50")
        XCTAssertEqual(scene.focus, CalendarDate(iso: "2026-11-20"))
    }

    func testTheMonthPagesAreTheMirrorOfLeftToRight() {
        var ltr = CalendarLayout(insets: EdgeInsets(all: 10), spacing: 4, weekNumbers: true)
        var rtl = ltr
        ltr.prepare(LayoutContext(boundsSize: Size(width: 716, height: 604), itemCounts: [42, 42, 42]))
        rtl.prepare(LayoutContext(boundsSize: Size(width: 716, height: 604), itemCounts: [42, 42, 42], layoutDirection: .rightToLeft))
        let width = ltr.contentSize.width
        for page in 0..<3 {
            XCTAssertEqual(rtl.offset(ofPage: page).x, width - 716 - ltr.offset(ofPage: page).x)
            XCTAssertEqual(rtl.page(nearest: rtl.offset(ofPage: page)), page)
            for item in [0, 6, 20, 41] {
                let a = ltr.attributesForItem(at: ItemPath(item: item, section: page))!.frame
                let b = rtl.attributesForItem(at: ItemPath(item: item, section: page))!.frame
                XCTAssertEqual(b, Rect(width - a.maxX, a.minY, a.width, a.height), "page \(page) item \(item)")
            }
        }
        let shown = rtl.attributesForElements(in: Rect(x: rtl.offset(ofPage: 1).x, y: 0, width: 716, height: 604))
        XCTAssertEqual(Set(shown.map(\.indexPath.section)), [1], "the page at its offset, and only it")
        XCTAssertEqual(shown.count, 42)
        XCTAssertEqual(rtl.pages(showingFrom: rtl.offset(ofPage: 2).x, width: 716), 2...2)
        // From page 1, a flick to the right (the offset falling) turns to the next month.
        let from1 = ScrollDecision(startOffset: rtl.offset(ofPage: 1), currentOffset: Point(rtl.offset(ofPage: 1).x - 200, 0),
                                   boundsSize: Size(width: 716, height: 604))
        XCTAssertEqual(rtl.targetContentOffset(proposed: Point(-3000, 0), velocity: Point(-9000, 0), decision: from1), rtl.offset(ofPage: 2))
        XCTAssertGreaterThan(rtl.columnMinX(0), rtl.columnMinX(6), "the first weekday's heading on the right")
    }
}

/// The tab bar right to left: the first tab on the right, each next one to its left, the row the
/// mirror image of left to right; on the focused bar the left arrow goes to the next scene.
final class RightToLeftTabBarTests: XCTestCase {
    func testTheTabsRunFromTheRightAndTheArrowsFollow() throws {
        var rtl = SceneConfig(items: 10)
        rtl.layoutDirection = .rightToLeft
        let ltrApp = try App(scene: "grid", size: Size(width: 1280, height: 600), config: SceneConfig(items: 10))
        let app = try App(scene: "grid", size: Size(width: 1280, height: 600), config: rtl)
        let mirrored = ltrApp.tabRects().map { Rect(1280 - $0.maxX, $0.minY, $0.width, $0.height) }
        XCTAssertEqual(app.tabRects(), mirrored)
        XCTAssertGreaterThan(app.tabRects()[0].minX, app.tabRects()[1].maxX, "the second tab is left of the first")
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.frame()
        // Tab past the scene's stops lands on the tab bar; Left then goes forward.
        for _ in 0..<10 where !app.tabBarFocused { try driver.play(script: "key Tab\nwait 20") }
        XCTAssertTrue(app.tabBarFocused)
        try driver.play(script: "key Left\nwait 50")
        XCTAssertEqual(app.currentName, "carousel")
        try driver.play(script: "key Right\nwait 50")
        XCTAssertEqual(app.currentName, "grid")
    }

    func testADraggedEventTurnsToTheNextMonthAtTheLeftEdge() throws {
        var config = SceneConfig()
        config.options = ["locale": ["ar_EG"], "timezone": ["UTC"], "today": ["2026-11-21"]]
        config.layoutDirection = .rightToLeft
        let scene = try CalendarScene(config: config)
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                          entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        HeadlessDriver(root: app, fps: 60).frame()
        let g = scene.collection.frame
        XCTAssertEqual(scene.edgeDirection(at: Point(g.minX + 5, g.midY)), 1, "the next month lies to the left")
        XCTAssertEqual(scene.edgeDirection(at: Point(g.maxX - 5, g.midY)), -1)
    }
}

/// The calendar's side panel right to left: at the left, the mirror image of its place left to
/// right, with the grid after it; each event row's "⋯" at the row's left end.
final class RightToLeftCalendarPanelTests: XCTestCase {
    func makeScene(_ direction: LayoutDirection) throws -> CalendarScene {
        var config = SceneConfig()
        config.options = ["locale": ["he_IL"], "timezone": ["UTC"], "today": ["2026-11-21"], "month": ["2026-11"]]
        config.layoutDirection = direction
        let zone = DisplayZone(identifier: "UTC")!
        let day = CalendarDate(iso: "2026-11-21")!
        let events = [EventOccurrence(uid: "a", title: "Review", span: .timed(start: zone.instant(of: day, hour: 9), end: zone.instant(of: day, hour: 10)))]
        config.calendarSource = EventSourceBox { zone in InMemoryEventSource(events, zone: zone) }
        let scene = try CalendarScene(config: config)
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                          entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 500")
        return scene
    }

    func testThePanelIsAtTheLeftAndItsRowsMirror() throws {
        let ltr = try makeScene(.leftToRight), rtl = try makeScene(.rightToLeft)
        let s = rtl.sceneFrame
        func m(_ r: Rect) -> Rect { Rect(s.minX + s.maxX - r.maxX, r.minY, r.width, r.height) }
        XCTAssertGreaterThan(rtl.panel.view.frame.width, 0)
        XCTAssertEqual(rtl.panelArea(in: s), m(ltr.panelArea(in: s)), "the panel is the mirror image of its left-to-right place")
        XCTAssertEqual(rtl.panelArea(in: s).minX, s.minX, "the panel starts at the scene's left edge")
        XCTAssertGreaterThanOrEqual(rtl.collection.frame.minX, rtl.panelArea(in: s).maxX, "the grid is right of the panel")
        XCTAssertEqual(rtl.collection.frame, m(ltr.collection.frame))
        let ltrRows = ltr.panelRows(), rtlRows = rtl.panelRows()
        XCTAssertEqual(rtlRows.count, 1)
        XCTAssertEqual(rtlRows.map(\.frame), ltrRows.map { m($0.frame) })
        XCTAssertEqual(rtlRows.map(\.button), ltrRows.map { m($0.button) }, "the ⋯ at the row's left end")
        XCTAssertEqual(rtlRows.map(\.titleFrame), ltrRows.map { m($0.titleFrame) })
        XCTAssertLessThan(rtlRows[0].button.midX, rtlRows[0].frame.midX)
        // The row's cell draws mirrored: its accent bar at the right end.
        var list = DrawList()
        let cell = try XCTUnwrap(rtl.panel.view.visibleCells.first?.1 as? CalendarPanelCell)
        let f = rtlRows[0].frame
        cell.draw(in: f, into: &list)
        let bars = list.commands.compactMap { c -> Rect? in if case let .fill(r, _, _) = c, r.width == 4 { return r }; return nil }
        XCTAssertEqual(bars.count, 1)
        XCTAssertGreaterThan(bars.first?.midX ?? 0, f.midX, "the accent bar at the row's right")
    }
}
