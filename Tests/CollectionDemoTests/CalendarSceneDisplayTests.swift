import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// The calendar in any year, in other languages, with week numbers, bars for multi-day events,
/// bands for ranges, notices that can be closed, reloaded calendars, and small windows.
final class CalendarSceneDisplayTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func makeApp(_ options: [String: [String]] = [:], events: [EventOccurrence] = [], diagnostics: [LoadDiagnostic] = [],
                 size: Size = Size(width: 1280, height: 800)) throws -> (HeadlessDriver<App>, CalendarScene) {
        var o: [String: [String]] = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"]]
        o.merge(options) { _, new in new }
        let s = try CalendarSettings.parse(o)
        let scene = CalendarScene(settings: s, source: InMemoryEventSource(events, zone: s.zone, diagnostics: diagnostics))
        let app = try App(scene: "calendar", size: size, entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        return (HeadlessDriver(root: app, fps: 60), scene)
    }

    func cellFrame(_ date: CalendarDate, _ scene: CalendarScene) -> Rect {
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        let item = scene.grid(for: scene.visibleMonth).cell(of: date)!
        return scene.collection.windowRect(fromContent: scene.collection.layout.attributesForItem(at: ItemPath(item: item, section: page))!.frame)
    }

    func at(_ date: CalendarDate, _ scene: CalendarScene) -> String {
        let c = cellFrame(date, scene).center
        return "\(c.x) \(c.y)"
    }

    func encloses(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
    }

    func texts(_ driver: HeadlessDriver<App>) -> [String] {
        driver.root.draw().commands.compactMap { c -> String? in if case let .text(t) = c { return t.text }; return nil }
    }

    func dayCell(_ date: CalendarDate, _ scene: CalendarScene) -> DayCell? {
        let page = scene.visibleMonth.index - CalendarSettings.firstMonth.index
        return scene.collection.cellForItem(at: ItemPath(item: scene.grid(for: scene.visibleMonth).cell(of: date)!, section: page)) as? DayCell
    }

    // MARK: Any year

    func testTheFirstAndLastMonthsCanBeShownPagedToAndChosen() throws {
        let (driver, scene) = try makeApp(["month": ["1583-02"]])
        try driver.play(script: "wait 50")
        XCTAssertEqual(scene.visibleMonth.description, "1583-02")
        try driver.play(script: "key pageup\nwait 700\nkey pageup\nwait 700")
        XCTAssertEqual(scene.visibleMonth.description, "1583-01", "the pager stops at the first month")
        try driver.play(script: "down \(at(d("1583-01-10"), scene))\nup \(at(d("1583-01-10"), scene))\nwait 50")
        XCTAssertEqual(scene.selectedDates, [d("1583-01-10")])

        let (late, lateScene) = try makeApp(["month": ["9999-11"]])
        try late.play(script: "key pagedown\nwait 700\nkey pagedown\nwait 700")
        XCTAssertEqual(lateScene.visibleMonth.description, "9999-12", "and at the last")
        try late.play(script: "down \(at(d("9999-12-31"), lateScene))\nup \(at(d("9999-12-31"), lateScene))\nwait 50")
        XCTAssertEqual(lateScene.selectedDates, [d("9999-12-31")])
        XCTAssertTrue(texts(late).contains("December 9999"))
        XCTAssertEqual(lateScene.grid(for: lateScene.visibleMonth).lastDate.description, "10000-01-09",
                       "the last page's trailing days are real dates too")
    }

    // MARK: Week numbers

    func testWeekNumbersTakeANarrowFirstColumn() throws {
        let (plain, plainScene) = try makeApp(["month": ["2026-11"]])
        try plain.play(script: "wait 50")
        let (driver, scene) = try makeApp(["month": ["2026-11"], "week-numbers": ["true"]])
        try driver.play(script: "wait 50")
        let withColumn = cellFrame(d("2026-10-26"), scene), without = cellFrame(d("2026-10-26"), plainScene)
        XCTAssertGreaterThan(withColumn.minX, without.minX + 20, "the days move right to make room")
        XCTAssertLessThan(withColumn.width, without.width)
        let shown = texts(driver)
        for week in 44...49 { XCTAssertTrue(shown.contains("\(week)"), "week \(week) of November 2026's rows") }
        XCTAssertTrue(shown.contains("Wk"))
        XCTAssertFalse(texts(plain).contains("Wk"))
    }

    // MARK: Bars and bands

    func testWhenARowOverflowsBarsAreHiddenWholeAndOneDayEventsStillShow() {
        let one = EventOccurrence(uid: "d", title: "Dentist", span: .allDay(first: d("2026-11-24"), end: d("2026-11-25")))
        let bar = EventOccurrence(uid: "p", title: "Party", span: .allDay(first: d("2026-11-27"), end: d("2026-11-29")))
        var single = DayCell.Model(date: d("2026-11-24"))
        single.events = [one]
        single.slots = [LaneSlot(event: one, continuesBefore: false, continuesAfter: false)]
        single.rowLaneCount = 2
        XCTAssertEqual(DayCell.shownLanes(single, fits: 1), 1, "a lone one-day event shows")
        var piece = DayCell.Model(date: d("2026-11-28"))
        var slot = LaneSlot(event: bar, continuesBefore: true, continuesAfter: false)
        slot.startsEarlier = true
        piece.events = [bar]
        piece.slots = [slot]
        piece.rowLaneCount = 2
        XCTAssertEqual(DayCell.shownLanes(piece, fits: 1), 1, "the first lane shows on every day of the row, so the bar is whole; +N sits beside the number")
        piece.rowLaneCount = 1
        XCTAssertEqual(DayCell.shownLanes(piece, fits: 1), 1, "the row fits: everything shows")
    }

    func testTheSceneDrawsABarsTitleOnceAcrossItsDays() throws {
        let trip = EventOccurrence(uid: "trip", title: "Trip to Lisbon", span: .allDay(first: d("2026-11-10"), end: d("2026-11-13")))
        let (driver, scene) = try makeApp(["month": ["2026-11"]], events: [trip])
        try driver.play(script: "wait 100")
        let runs = driver.root.draw().commands.compactMap { c -> TextRun? in if case let .text(t) = c, t.text == "Trip to Lisbon" { return t }; return nil }
        XCTAssertEqual(runs.count, 1)
        let a = cellFrame(d("2026-11-10"), scene), c = cellFrame(d("2026-11-12"), scene)
        XCTAssertGreaterThan(runs[0].rect.maxX, c.minX, "the title runs across the bar, not one cell")
        XCTAssertGreaterThanOrEqual(runs[0].rect.minX, a.minX)
        XCTAssertEqual(dayCell(d("2026-11-11"), scene)?.model?.slots.first??.continuesBefore, true)
    }

    func testAChosenRangeJoinsIntoOneBandWithinEachRow() throws {
        let (driver, scene) = try makeApp(["month": ["2026-11"]])
        try driver.play(script: """
            down \(at(d("2026-11-13"), scene))
            up \(at(d("2026-11-13"), scene))
            down \(at(d("2026-11-17"), scene)) shift
            up \(at(d("2026-11-17"), scene))
            wait 50
            """)
        func joins(_ s: String) -> [Bool] {
            let m = dayCell(d(s), scene)!.model!
            return [m.bandJoinsBefore, m.bandJoinsAfter]
        }
        XCTAssertEqual(joins("2026-11-13"), [false, true])
        XCTAssertEqual(joins("2026-11-14"), [true, true])
        XCTAssertEqual(joins("2026-11-15"), [true, false], "Sunday closes the row's band")
        XCTAssertEqual(joins("2026-11-16"), [false, true], "Monday opens the next row's")
        XCTAssertEqual(joins("2026-11-17"), [true, false])
        // The band's pieces meet: the fill of the 13th reaches the middle of the gap to the 14th.
        let gap = cellFrame(d("2026-11-14"), scene).minX - cellFrame(d("2026-11-13"), scene).maxX
        XCTAssertGreaterThan(gap, 0)
        var list = DrawList()
        dayCell(d("2026-11-13"), scene)!.draw(in: cellFrame(d("2026-11-13"), scene), into: &list)
        let reach = list.commands.compactMap { c -> Double? in if case let .fill(r, _, _) = c { return r.maxX }; return nil }.max()!
        XCTAssertEqual(reach, cellFrame(d("2026-11-13"), scene).maxX + gap / 2, accuracy: 1e-9)
    }

    func testSeveralChosenDaysAreListedGroupedByDay() throws {
        let z = berlin
        let events = [
            EventOccurrence(uid: "a", title: "Alpha", span: .timed(start: z.instant(of: d("2026-11-10"), hour: 9), end: z.instant(of: d("2026-11-10"), hour: 10))),
            EventOccurrence(uid: "b", title: "Beta", span: .timed(start: z.instant(of: d("2026-11-12"), hour: 14), end: z.instant(of: d("2026-11-12"), hour: 15))),
        ]
        let (driver, scene) = try makeApp(["month": ["2026-11"]], events: events)
        try driver.play(script: """
            down \(at(d("2026-11-12"), scene))
            up \(at(d("2026-11-12"), scene))
            down \(at(d("2026-11-10"), scene))
            up \(at(d("2026-11-10"), scene))
            down \(at(d("2026-11-11"), scene))
            up \(at(d("2026-11-11"), scene))
            wait 50
            """)
        XCTAssertEqual(scene.listedDates.map(\.description), ["2026-11-10", "2026-11-11", "2026-11-12"])
        let shown = texts(driver)
        let order = ["Tuesday, 10 November 2026", "Alpha", "Wednesday, 11 November 2026", "No events", "Thursday, 12 November 2026", "Beta"]
        let positions = order.map { word in shown.lastIndex(of: word) }  // the side panel is drawn after the grid
        XCTAssertFalse(positions.contains(nil), "\(shown)")
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), "each day's heading, then its events")
        XCTAssertTrue(shown.contains("3 days chosen"))
    }

    // MARK: Locale

    func testDatesTimesAndWordsFollowTheLocale() throws {
        let de = CalendarFormatter(locale: Locale(identifier: "de_DE"), zone: berlin)
        XCTAssertEqual(de.long(d("2026-09-01")), "Dienstag, 1. September 2026")
        XCTAssertEqual(de.clock(berlin.instant(of: d("2026-09-01"), hour: 21, minute: 5)), "21:05")
        let fr = CalendarFormatter(locale: Locale(identifier: "fr_FR"), zone: berlin)
        XCTAssertEqual(fr.long(d("2026-09-01")), "mardi 1 septembre 2026")
        let us = CalendarFormatter(locale: Locale(identifier: "en_US"), zone: berlin)
        let evening = us.clock(berlin.instant(of: d("2026-09-01"), hour: 21, minute: 5))
        XCTAssertTrue(evening.hasPrefix("9:05") && evening.hasSuffix("PM"), "12-hour clock in the US: \(evening)")
        XCTAssertEqual(us.long(d("1600-02-29")), "Tuesday, February 29, 1600", "Gregorian in 1600 too")
        XCTAssertEqual(de.monthTitle(CalendarMonth(iso: "1600-03")!), "März 1600")
        XCTAssertEqual(fr.monthTitle(CalendarMonth(iso: "9999-12")!), "Décembre 9999")
        XCTAssertEqual(CalendarFormatter(locale: Locale(identifier: "ja_JP"), zone: berlin).monthTitle(CalendarMonth(iso: "2026-11")!), "2026年11月",
                       "the locale's order of month and year")
        XCTAssertEqual(CalendarStrings.forLocale(Locale(identifier: "de_AT")).allDay, "Ganztägig")
        XCTAssertEqual(CalendarStrings.forLocale(Locale(identifier: "fr_CA")).noEvents, "Aucun évènement")
        XCTAssertEqual(CalendarStrings.forLocale(Locale(identifier: "ja_JP")), .english, "other languages fall back to English")

        let (driver, scene) = try makeApp(["month": ["2026-09"], "locale": ["de_DE"], "today": ["2026-09-01"]],
                                          events: [EventOccurrence(uid: "x", title: "X", span: .allDay(first: d("2026-09-01"), end: d("2026-09-02")))])
        try driver.play(script: "wait 50")
        let shown = texts(driver)
        for word in ["September 2026", "Dienstag, 1. September 2026", "Ganztägig"] {
            XCTAssertTrue(shown.contains(word), "\(word) in \(shown)")
        }
        XCTAssertFalse(shown.contains("Bild↑ / Bild↓ · Pos1: heute"), "no key hints in the header: the keys are in the shortcuts window")
        XCTAssertFalse(shown.contains("Keine Tage ausgewählt"), "nothing chosen says nothing")
        try driver.play(script: "key space\nwait 50")
        XCTAssertTrue(texts(driver).contains("1 Tag ausgewählt"), "the count of chosen days, in German")
        XCTAssertEqual(scene.strings.language, "de")
    }

    func testTheHeaderSaysWhichCalendarIsShown() throws {
        let (local, _) = try makeApp(["month": ["2026-11"], "calendar-label": ["local"], "calendar-files": ["/x/evolution/calendar/system/calendar.ics"]])
        try local.play(script: "wait 50")
        XCTAssertTrue(texts(local).contains("Your calendars"))
        XCTAssertEqual(local.root.dumpState()["calendar"]?["calendarSource"], .string("local"))
        XCTAssertEqual(local.root.dumpState()["calendar"]?["calendarFiles"], .strings(["/x/evolution/calendar/system/calendar.ics"]))
        let (sample, _) = try makeApp(["month": ["2026-11"], "calendar-label": ["sample"], "locale": ["fr_FR"]])
        try sample.play(script: "wait 50")
        XCTAssertTrue(texts(sample).contains("Calendrier d’exemple"))
        XCTAssertEqual(sample.root.dumpState()["calendar"]?["calendarSource"], .string("sample"))
    }

    // MARK: Notices

    func testANoticeTakesItsOwnRoomSwallowsClicksAndCanBeClosed() throws {
        let diags = [LoadDiagnostic(file: "broken.ics", line: 3, message: "cannot read")]
        let (driver, scene) = try makeApp(["month": ["2026-11"]], diagnostics: diags)
        try driver.play(script: "wait 50")
        let app = driver.root
        XCTAssertEqual(app.shownNotices, ["Calendar: broken.ics:3: cannot read"])
        let bottom = scene.collection.frame.maxY
        XCTAssertLessThan(bottom, app.size.height - 40, "the grid ends above the notice bar")
        // A press on the bar, where the last row of days was before, chooses nothing.
        try driver.play(script: "down 300 \(app.size.height - 30)\nup 300 \(app.size.height - 30)\nwait 50")
        XCTAssertTrue(scene.selectedDates.isEmpty)
        XCTAssertEqual(app.shownNotices.count, 1, "a press beside the close button leaves the notice")
        try driver.play(script: "move \(app.size.width - 36) \(app.size.height - 35)")
        XCTAssertEqual(app.cursor, .hand, "the close button is a button")
        // The close button: the cross at the bar's right end.
        try driver.play(script: "down \(app.size.width - 36) \(app.size.height - 35)\nup \(app.size.width - 36) \(app.size.height - 35)\nwait 50")
        XCTAssertEqual(app.shownNotices, [])
        XCTAssertTrue(scene.selectedDates.isEmpty)
        XCTAssertEqual(scene.collection.frame.maxY, app.size.height, accuracy: 1e-9, "the grid takes the room back")
        XCTAssertEqual(app.dumpState()["notices"], .strings([]))
    }

    func testEscapeDismissesTheNotices() throws {
        let (driver, scene) = try makeApp(["month": ["2026-11"]], diagnostics: [LoadDiagnostic(file: "a.ics", message: "x"),
                                                                                  LoadDiagnostic(file: "b.ics", message: "y")])
        try driver.play(script: "wait 50")
        XCTAssertEqual(driver.root.shownNotices.count, 2)
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertEqual(driver.root.shownNotices, [])
        XCTAssertEqual(scene.visibleMonth.description, "2026-11")
    }

    // MARK: Reloading

    func testAReloadedCalendarReplacesTheShownOneKeepingMonthAndSelection() throws {
        let old = EventOccurrence(uid: "old", title: "Old", span: .allDay(first: d("2027-03-03"), end: d("2027-03-04")))
        let (driver, scene) = try makeApp(["month": ["2027-03"]], events: [old])
        let mailbox = EventSourceMailbox()
        scene.updates = mailbox
        try driver.play(script: "down \(at(d("2027-03-03"), scene))\nup \(at(d("2027-03-03"), scene))\nwait 50")
        let new = EventOccurrence(uid: "new", title: "New", span: .allDay(first: d("2027-03-03"), end: d("2027-03-04")))
        let fresh = InMemoryEventSource([new], zone: scene.settings.zone)
        // The source is handed over whole (`sending`): the test keeps only its identity.
        let freshID = ObjectIdentifier(fresh)
        mailbox.post(fresh, files: ["/a/calendar.ics", "/b/calendar.ics"])
        driver.frame()
        XCTAssertNotEqual(ObjectIdentifier(scene.events.source), freshID, "the new calendar is prepared off screen first")
        XCTAssertEqual(dayCell(d("2027-03-03"), scene)?.model?.events.map(\.uid), ["old"], "meanwhile the old one stays shown")
        try driver.play(script: "wait 100")
        XCTAssertEqual(ObjectIdentifier(scene.events.source), freshID)
        XCTAssertEqual(scene.reloadCount, 1)
        XCTAssertEqual(driver.root.dumpState()["calendar"]?["calendarFiles"], .strings(["/a/calendar.ics", "/b/calendar.ics"]),
                       "the dump lists the files now shown")
        XCTAssertEqual(scene.visibleMonth.description, "2027-03")
        XCTAssertEqual(scene.selectedDates, [d("2027-03-03")])
        XCTAssertEqual(dayCell(d("2027-03-03"), scene)?.model?.events.map(\.uid), ["new"], "the cells show the new events")
        XCTAssertNil(mailbox.take(), "taken once")
        XCTAssertEqual(mailbox.takeRetired().count, 1, "the old calendar goes back to be freed off the frame thread")
    }

    // MARK: Far jumps

    func testHomeFromTenYearsAwayNeverExpandsAPageInOneFrame() throws {
        let z = berlin
        let events = (0..<30).map { i in
            EventOccurrence(uid: "e\(i)", title: "E\(i)", span: .timed(start: z.instant(of: d("2026-11-01").adding(days: i), hour: 9),
                                                                        end: z.instant(of: d("2026-11-01").adding(days: i), hour: 10)))
        }
        let (driver, scene) = try makeApp(["month": ["2036-11"]], events: events)
        try driver.play(script: "wait 100")
        let todayPage = scene.grid(for: CalendarMonth(iso: "2026-11")!)
        XCTAssertFalse(scene.events.isReady(todayPage))
        try driver.play(script: "key Home")
        XCTAssertFalse(scene.events.isReady(todayPage), "the key's frame leaves the page to idle frames")
        var frames = 0
        while !scene.events.isReady(todayPage), frames < 60 { try driver.play(script: "wait 16"); frames += 1 }
        XCTAssertTrue(scene.events.isReady(todayPage), "prepared within a second")
        try driver.play(script: "wait 800")
        XCTAssertEqual(scene.visibleMonth.description, "2026-11")
        XCTAssertEqual(dayCell(d("2026-11-21"), scene)?.model?.events.map(\.uid), ["e20"])
    }

    // MARK: Small windows

    /// At the minimum window size and two more, everything a day cell draws stays in its cell
    /// (bands and bars reach half a gap towards a joined neighbour, no further).
    func testCellsKeepTheirContentInsideAtSmallSizes() throws {
        let z = berlin
        let events = (0..<4).map { i in
            EventOccurrence(uid: "e\(i)", title: "Event \(i)", span: .timed(start: z.instant(of: d("2026-11-21"), hour: 8 + i), end: z.instant(of: d("2026-11-21"), hour: 9 + i)))
        }
        for size in [Size(width: 360, height: 240), Size(width: 640, height: 400), Size(width: 800, height: 600)] {
            let (driver, scene) = try makeApp(["month": ["2026-11"]], events: events, size: size)
            try driver.play(script: "wait 100")
            for date in [d("2026-11-21"), d("2026-11-02")] {
                let frame = cellFrame(date, scene)
                var list = DrawList()
                dayCell(date, scene)!.draw(in: frame, into: &list)
                let slack = scene.collection.layout is CalendarLayout ? (scene.collection.layout as! CalendarLayout).spacing / 2 + 2.01 : 0
                for c in list.commands {
                    switch c {
                    case let .fill(r, _, _): XCTAssertTrue(encloses(frame.insetBy(dx: -slack, dy: -0.01), r), "\(size) \(date) fill \(r) in \(frame)")
                    case let .text(t): XCTAssertTrue(encloses(frame.insetBy(dx: -0.01, dy: -0.01), t.rect), "\(size) \(date) text \(t.text) \(t.rect) in \(frame)")
                    default: break
                    }
                }
            }
            XCTAssertGreaterThan(scene.collection.frame.height, 100, "\(size): the grid keeps most of the height")
            if size.width < 760 { XCTAssertEqual(scene.sidebarWidth, 0, "\(size): the side panel gives way") }
        }
    }

    func testTheMonthTitleIsNeverCutAndTheHeaderShowsNoKeyHints() throws {
        let (_, scene) = try makeApp(["month": ["2026-09"], "calendar-label": ["sample"]])
        let title = "September 2026"
        let wide = scene.headerPlan(title: title, width: 900)
        XCTAssertEqual(wide, .init(titleSize: 22, showsSource: true, showsHints: false, showsReadOnly: true),
                       "the sample is read only; no key hints, even with room (F1 lists the keys)")
        let narrow = scene.headerPlan(title: title, width: 360)
        XCTAssertEqual(narrow.titleSize, 22, "the title keeps its size at the minimum width")
        XCTAssertFalse(narrow.showsHints, "the hints went first")
        XCTAssertLessThanOrEqual(scene.textWidth(title, size: narrow.titleSize, bold: true), 360 - 32)
        let tiny = scene.headerPlan(title: title, width: 200)
        XCTAssertLessThan(tiny.titleSize, 22)
        XCTAssertEqual([tiny.showsHints, tiny.showsSource], [false, false])
    }
}

/// An event that runs past midnight reads in full on both days: "7:00 PM – Sat 1:30 AM", never
/// "7:00 PM – …" or "… – 1:30 AM".
final class CalendarMultiDayTimeTests: XCTestCase {
    func testMultiDayTimesAreWrittenInFull() throws {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_US"], "month": ["2026-11"]])
        let z = s.zone
        let friday = CalendarDate(iso: "2026-11-20")!, saturday = CalendarDate(iso: "2026-11-21")!
        let party = EventOccurrence(uid: "p", title: "Party",
                                    span: .timed(start: z.instant(of: friday, hour: 19), end: z.instant(of: saturday, hour: 1) + 30 * 60))
        let scene = CalendarScene(settings: s, source: InMemoryEventSource([party], zone: z))
        let onFriday = scene.timeText(party, on: friday), onSaturday = scene.timeText(party, on: saturday)
        XCTAssertFalse(onFriday.contains("…"), onFriday)
        XCTAssertFalse(onSaturday.contains("…"), onSaturday)
        XCTAssertTrue(onFriday.hasPrefix("7:00"), onFriday)
        XCTAssertTrue(onFriday.contains("Sat") && onFriday.contains("1:30"), "the end's weekday and time: \(onFriday)")
        XCTAssertTrue(onSaturday.contains("Fri") && onSaturday.contains("7:00"), "the start's weekday and time: \(onSaturday)")
        XCTAssertTrue(onSaturday.hasSuffix("AM") && onSaturday.contains("– 1:30"), onSaturday)
    }
}
