import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar
import CollectionKitSDL
import XCTest

/// The calendar as pixels: the sample calendar's November 2026, with fixed today, zone and locale
/// so the images repeat on any machine.
final class CalendarGoldenTests: XCTestCase {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/sample.ics").standardized.path

    func config(_ extra: [String: [String]] = [:], files: [String] = [sample]) -> SceneConfig {
        var c = SceneConfig()
        c.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"]]
        c.options.merge(extra) { _, new in new }
        c.calendarSource = EventSourceBox { zone in ICalendarSource(files: files, zone: zone) }
        return c
    }

    /// Text scale 2 in the default window: the header's title row and weekday row, the days'
    /// numbers and bars and the panel's title and rows are as tall as their words (nothing
    /// overlaps, the panel's date wraps rather than ending in "…").
    func testTextScaleTwo() throws {
        let previous = Appearance.textScale
        defer { Appearance.textScale = previous }
        Appearance.textScale = 2
        let (image, app) = try Golden.render(scene: "calendar", config: config(), script: "wait 100")
        let canvas = try HeadlessCanvas(size: Size(1280, 800), fonts: try Golden.fonts())
        defer { canvas.close() }
        let texts = app.draw().placedTexts(measuredBy: canvas.measurer)
        XCTAssertEqual(LayoutCheckTests.problems(in: texts, window: Size(1280, 800)), [])
        try Golden.assertMatches(image, named: "calendar-text-2x")
    }

    func testMonthWithEventsAndASelection() throws {
        // Cells are 131.4 points apart from x = 12 and 111 apart from y = 126 (see the state dump).
        let script = """
            # choose the 3rd, then Shift+click the 5th for a range, and click the 18th alone
            down 210 290
            up 210 290
            down 470 290 shift
            up 470 290
            down 340 512
            up 340 512
            wait 100
            """
        let (image, app) = try Golden.render(scene: "calendar", config: config(), script: script)
        let cal = app.dumpState()["calendar"]
        XCTAssertEqual(cal?["selectedDates"], .strings(["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-18"]))
        try Golden.assertMatches(image, named: "calendar-november-selection")
    }

    func testSundayFirstGermanWithDisabledDays() throws {
        let (image, app) = try Golden.render(scene: "calendar", size: Size(width: 1000, height: 700),
                                             config: config(["first-weekday": ["sunday"], "locale": ["de_DE"], "min-date": ["2026-11-10"]]))
        XCTAssertEqual(app.dumpState()["calendar"]?["grid"]?[0], .string("2026-11-01"))
        try Golden.assertMatches(image, named: "calendar-sunday-de-disabled")
    }

    func testBrokenFileShowsANoticeAndKeepsTheGoodFile() throws {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(getpid()).ics")
        try "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\nSUMMARY:Half\nDTSTART:2026-11-xx\nEND:VEVENT\n".write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        let (image, app) = try Golden.render(scene: "calendar", config: config(files: [Self.sample, broken.path]))
        let notices = app.currentScene.notices
        XCTAssertEqual(notices.count, 1)
        XCTAssertTrue(notices[0].hasPrefix("Calendar: \(broken.path):6: event 'Half'"), notices[0])
        XCTAssertFalse((app.dumpState()["calendar"]?["events"]?.arrayValue ?? []).isEmpty, "the sample's events are still there")
        // The notice is a band across the bottom of the window, up to its corner.
        let p = image.pixels[(800 - 40) * image.width + 40]
        XCTAssertEqual(p & 0xFFFFFF, 0x4A2326, "notice background at the bottom left")
        let corner = image.pixels[(800 - 2) * image.width + 1]
        XCTAssertEqual(corner & 0xFFFFFF, 0x4A2326, "the band reaches the window's corner: not a floating box")
    }

    func testWeekNumbersARangeBandAndMultiDayBars() throws {
        // Choose Friday 6 November, Shift+click Tuesday the 10th: a band over a row break.
        let script = """
            down 660 300
            up 660 300
            down 230 420 shift
            up 230 420
            wait 100
            """
        let (image, app) = try Golden.render(scene: "calendar", config: config(["week-numbers": ["true"]]), script: script)
        XCTAssertEqual(app.dumpState()["calendar"]?["selectedDates"]?.arrayValue?.count, 5)
        XCTAssertEqual(app.dumpState()["calendar"]?["weekNumbers"], .bool(true))
        try Golden.assertMatches(image, named: "calendar-week-numbers-range")
    }

    func testMinimumWindowFrenchYear9999() throws {
        let (image, app) = try Golden.render(scene: "calendar", size: Size(width: 360, height: 240),
                                             config: config(["locale": ["fr_FR"], "month": ["9999-12"]]))
        XCTAssertEqual(app.dumpState()["calendar"]?["visibleMonth"], .string("9999-12"))
        try Golden.assertMatches(image, named: "calendar-minimum-fr-9999")
    }

    /// The smallest window (200×200): numbered tabs, and ‹ › and Today (as an icon) beside a
    /// title that gives way to them.
    func testSmallestWindowKeepsTheHeaderButtons() throws {
        let (image, app) = try Golden.render(scene: "calendar", size: App.windowSizeLimits.minimum, config: config())
        XCTAssertEqual(app.dumpState()["calendar"]?["headerButtons"]?.arrayValue?.count, 3)
        try Golden.assertMatches(image, named: "calendar-smallest")
    }

    /// 640×480: no side panel; bars in the lane a cell has, "+N" beside the numbers, and the 12th's
    /// popover opened from its "+2" (at 346,255 in this window, see the state dump's "moreButtons").
    func testNarrowWindowWithADayPopover() throws {
        let (image, app) = try Golden.render(scene: "calendar", size: Size(width: 640, height: 480), config: config(),
                                             script: "move 346 255\ndown 346 255\nup 346 255\nwait 100")
        XCTAssertEqual(app.dumpState()["calendar"]?["popover"]?["date"], .string("2026-11-12"))
        try Golden.assertMatches(image, named: "calendar-narrow-popover")
    }

    /// The 12th chosen; the pointer over the side panel's second event ("Yoga", whose row is at
    /// 953,158 315×40, see the dump's "eventRows") shows the row's "⋯" button at its end.
    func testPanelRowShowsItsMenuButtonUnderThePointer() throws {
        let (image, app) = try Golden.render(scene: "calendar", config: config(),
                                             script: "move 471 403\ndown 471 403\nup 471 403\nwait 100\nmove 1100 178 30\nwait 100")
        let rows = app.dumpState()["calendar"]?["eventRows"]?.arrayValue ?? []
        XCTAssertEqual(rows.compactMap { $0["title"]?.stringValue }, ["Trip to Lisbon", "Yoga", "Book club"])
        try Golden.assertMatches(image, named: "calendar-panel-row-button")
    }

    /// The same popover with the keyboard on its second event (Down twice: its ring and "⋯") and
    /// that event's menu opened with Shift+F10, its first entry highlighted.
    func testPopoverRowMenuFromTheKeyboard() throws {
        let (image, app) = try Golden.render(scene: "calendar", size: Size(width: 640, height: 480), config: config(),
                                             script: "move 346 255\ndown 346 255\nup 346 255\nwait 100\nkey Down\nkey Down\nkey shift+f10\nwait 100")
        let cal = app.dumpState()["calendar"]
        XCTAssertEqual(cal?["popover"]?["focusedRow"], .int(1))
        XCTAssertEqual(cal?["eventMenu"]?["actions"], .strings(["Rename…", "Delete"]))
        try Golden.assertMatches(image, named: "calendar-popover-row-menu")
    }

    /// 1920×1200: the range from the 2nd to the 20th in the side panel, which followed the 20th to
    /// the list's end; then four notches up over the list scroll it back (its scroll bar still
    /// shown), the month unmoved; the pointer rests on the › button, lit.
    func testLargeWindowWithAScrolledPanel() throws {
        // Cells are 222.9 points apart from x = 12, 177.7 apart from y = 126; › is at 1536...1564, 54...82.
        let script = """
            down 121 390
            up 121 390
            down 1013 746 shift
            up 1013 746
            wait 1500
            move 1700 600
            wheel 0 4
            wait 300
            move 1550 68
            wait 100
            """
        let (image, app) = try Golden.render(scene: "calendar", size: Size(width: 1920, height: 1200), config: config(), script: script)
        let cal = app.dumpState()["calendar"]
        XCTAssertEqual(cal?["visibleMonth"], .string("2026-11"))
        XCTAssertEqual(cal?["selectedDates"]?.arrayValue?.count, 19)
        XCTAssertEqual(cal?["headerButtons"]?[2]?["hovered"], .bool(true))
        try Golden.assertMatches(image, named: "calendar-large-scrolled-panel")
    }
}
