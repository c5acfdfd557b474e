import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// A calendar kept in memory that adds and removes events as a file-backed source would after
/// writing: each created event is an edit whose `after` text names it, so undo takes it out and
/// redo puts it back, checked against what the calendar holds.
final class CreatingCalendar: EventSource, EventEditor {
    var events: [EventOccurrence] = []
    let zone: DisplayZone
    var readOnly: String?
    private(set) var created: [(NewEvent, String)] = []
    var diagnostics: [LoadDiagnostic] { [] }
    private var counter = 0

    init(zone: DisplayZone) { self.zone = zone }

    func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] { events.filter { $0.overlaps(days, in: zone) } }
    func readOnlyReason(file: String) -> String? { readOnly }
    func move(_ move: EventMove, now: Date) -> EditOutcome { .refused("not in this test") }

    func create(_ event: NewEvent, in file: String, now: Date) -> EditOutcome {
        if let readOnly { return .refused(readOnly) }
        counter += 1
        let uid = "new-\(counter)"
        created.append((event, file))
        guard case let .allDay(first, _) = event.span else { return .refused("all-day events only") }
        let text = "\(uid)|\(event.title)|\(first)"
        add(text, file: file)
        return .written(EventEdit(file: file, uid: uid, before: [""], after: [text]))
    }

    func delete(_ origin: EventOrigin, now: Date) -> EditOutcome {
        if let readOnly { return .refused(readOnly) }
        guard let e = events.first(where: { $0.uid == origin.uid }) else { return .refused("the event is no longer in the file") }
        let text = "\(e.uid)|\(e.title)|\(Self.firstDay(e))"
        events.removeAll { $0.uid == origin.uid }
        return .written(EventEdit(file: origin.file, uid: origin.uid, before: [text], after: [""]))
    }

    static func firstDay(_ e: EventOccurrence) -> String {
        if case let .allDay(first, _) = e.span { return first.description }
        return ""
    }

    func rename(_ origin: EventOrigin, to title: String, now: Date) -> EditOutcome {
        if let readOnly { return .refused(readOnly) }
        guard let i = events.firstIndex(where: { $0.uid == origin.uid }) else { return .refused("the event is no longer in the file") }
        let e = events[i]
        let before = "\(e.uid)|\(e.title)|\(Self.firstDay(e))", after = "\(e.uid)|\(title)|\(Self.firstDay(e))"
        events[i].title = title
        return .written(EventEdit(file: origin.file, uid: origin.uid, before: [before], after: [after]))
    }

    func apply(_ edit: EventEdit, now: Date) -> EditOutcome {
        if edit.before.count == 1, edit.after.count == 1, !edit.before[0].isEmpty, !edit.after[0].isEmpty {
            guard let i = events.firstIndex(where: { $0.uid == edit.uid }) else { return .refused("the event was removed from the file since") }
            events[i].title = edit.after[0].split(separator: "|").map(String.init)[1]
            return .written(edit)
        }
        if edit.before == [""] {
            guard !events.contains(where: { $0.uid == edit.uid }) else { return .refused("already there") }
            add(edit.after[0], file: edit.file)
        } else if edit.after == [""] {
            guard events.contains(where: { $0.uid == edit.uid }) else { return .refused("the event was removed from the file since") }
            events.removeAll { $0.uid == edit.uid }
        } else {
            return .refused("not in this test")
        }
        return .written(edit)
    }

    private func add(_ text: String, file: String) {
        let parts = text.split(separator: "|").map(String.init)
        let day = CalendarDate(iso: parts[2])!
        events.append(EventOccurrence(uid: parts[0], title: parts[1], span: .allDay(first: day, end: day.adding(days: 1)),
                                      origin: EventOrigin(file: file, uid: parts[0])))
    }
}

/// Adding events in the calendar scene: a double-click on a day or Ctrl+N opens a title field over
/// the day, Enter writes the event through the source's editor, Ctrl+Z takes it back, and a
/// calendar that cannot be changed refuses with its reason.
final class CalendarCreateEventTests: XCTestCase {
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func makeApp(label: String? = nil, readOnly: String? = nil) throws -> (HeadlessDriver<App>, CalendarScene, CreatingCalendar) {
        var options = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"],
                       "calendar-files": ["/home/me/cal.ics"]]
        if let label { options["calendar-label"] = [label] }
        let s = try CalendarSettings.parse(options)
        let source = CreatingCalendar(zone: s.zone)
        source.readOnly = readOnly
        let scene = CalendarScene(settings: s, source: source)
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800), entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 100")
        return (driver, scene, source)
    }

    func calendar(_ driver: HeadlessDriver<App>) -> [String: JSON] {
        guard case let .object(pairs) = driver.root.dumpState(), case let .object(c)? = pairs.first(where: { $0.0 == "calendar" })?.1 else { return [:] }
        return Dictionary(c, uniquingKeysWith: { a, _ in a })
    }

    /// The titles of the events the dump lists on the page shown.
    func dumpedTitles(_ driver: HeadlessDriver<App>) -> [String] {
        guard case let .array(list)? = calendar(driver)["events"] else { return [] }
        return list.compactMap { $0["title"]?.stringValue }
    }

    func doubleClick(_ p: Point) -> String {
        "move \(p.x) \(p.y) 30\ndown \(p.x) \(p.y)\nup \(p.x) \(p.y)\nwait 80\ndown \(p.x) \(p.y)\nup \(p.x) \(p.y)\nwait 50\n"
    }

    func testADoubleClickOnADayTypesAnEventThatIsWrittenAndUndone() throws {
        let (driver, scene, source) = try makeApp()
        let day = d("2026-11-24")
        try driver.play(script: doubleClick(scene.cellFrame(of: day)!.center))
        XCTAssertEqual(scene.creatingOn, day)
        XCTAssertTrue(scene.titleEditor.isEditing)
        let field = try XCTUnwrap(scene.titleEditor.field?.frame)
        XCTAssertTrue(scene.cellFrame(of: day)!.contains(field.center), "the field is over the day")
        XCTAssertEqual(calendar(driver)["creatingOn"]?.stringValue, "2026-11-24")
        try driver.play(script: "text \"Dentist\"\nwait 50\nkey Return\nwait 300")
        XCTAssertFalse(scene.titleEditor.isEditing)
        XCTAssertEqual(source.created.count, 1)
        XCTAssertEqual(source.created.first?.0, NewEvent(title: "Dentist", span: .allDay(first: day, end: d("2026-11-25"))))
        XCTAssertEqual(source.created.first?.1, "/home/me/cal.ics", "written to the calendar's file")
        XCTAssertEqual(dumpedTitles(driver), ["Dentist"], "the new event is shown")
        XCTAssertEqual(calendar(driver)["undo"]?.doubleValue, 1)
        XCTAssertEqual(calendar(driver)["lastWrite"]?["ok"]?.boolValue, true)

        try driver.play(script: "key ctrl+z\nwait 200")
        XCTAssertEqual(source.events.count, 0, "undo takes the event out of the file")
        XCTAssertEqual(dumpedTitles(driver), [])
        try driver.play(script: "key ctrl+shift+z\nwait 200")
        XCTAssertEqual(dumpedTitles(driver), ["Dentist"], "redo writes it again")
    }

    func testCtrlNAddsOnTheFocusedDayAndEscapeOrAnEmptyTitleAddsNothing() throws {
        let (driver, scene, source) = try makeApp()
        try driver.play(script: "key ctrl+n\nwait 50")
        XCTAssertEqual(scene.creatingOn, d("2026-11-21"), "today is focused at start")
        try driver.play(script: "text \"Not this\"\nkey Escape\nwait 50")
        XCTAssertNil(scene.creatingOn)
        try driver.play(script: "key ctrl+n\nwait 50\nkey Return\nwait 50")
        XCTAssertEqual(source.created.count, 0)
        try driver.play(script: "key Right\nkey ctrl+n\nwait 50\ntext \"  Call the printer \"\nkey Return\nwait 200")
        XCTAssertEqual(source.created.map(\.0.title), ["Call the printer"])
        XCTAssertEqual(source.events.first?.span, .allDay(first: d("2026-11-22"), end: d("2026-11-23")))
    }

    func testAReadOnlyCalendarRefusesWithItsReason() throws {
        let (driver, scene, source) = try makeApp(readOnly: "the file is read-only")
        try driver.play(script: doubleClick(scene.cellFrame(of: d("2026-11-24"))!.center) + "key ctrl+n\nwait 50")
        XCTAssertFalse(scene.titleEditor.isEditing)
        XCTAssertEqual(source.created.count, 0)
        XCTAssertEqual(scene.editing.notices, ["Cannot add an event: the file is read-only"])

        let (sampleDriver, sample, _) = try makeApp(label: "sample")
        try sampleDriver.play(script: "key ctrl+n\nwait 50")
        XCTAssertFalse(sample.titleEditor.isEditing)
        XCTAssertEqual(sample.editing.notices.last, "Cannot add an event: " + CalendarStrings.english.sampleReadOnly)
    }

    /// F2 on a focused event opens a field with its title over its chip; Enter renames it in its
    /// file, Ctrl+Z takes the new title back; Delete removes it and Ctrl+Z puts it back; a
    /// double-click on the chip renames too.
    func testAnEventIsRenamedAndDeletedFromTheKeyboardAndUndone() throws {
        let (driver, scene, source) = try makeApp()
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Dentist\"\nkey Return\nwait 300")
        XCTAssertEqual(dumpedTitles(driver), ["Dentist"])
        XCTAssertTrue(scene.cycleChipFocus(backwards: false), "Tab's way into the day's events")
        try driver.play(script: "key F2\nwait 50")
        XCTAssertTrue(scene.titleEditor.isEditing, "F2 opens the field over the focused event")
        XCTAssertEqual(scene.titleEditor.field?.text, "Dentist")
        try driver.play(script: "key ctrl+a\ntext \"Dentist at 9\"\nkey Return\nwait 300")
        XCTAssertEqual(source.events.map(\.title), ["Dentist at 9"])
        XCTAssertEqual(dumpedTitles(driver), ["Dentist at 9"])
        try driver.play(script: "key ctrl+z\nwait 200")
        XCTAssertEqual(source.events.map(\.title), ["Dentist"], "undo gives the old title back")

        XCTAssertEqual(scene.focusedChipEvent?.title, "Dentist", "the event keeps the keyboard focus")
        try driver.play(script: "key Delete\nwait 200")
        XCTAssertEqual(source.events.count, 0, "Delete removes the focused event")
        try driver.play(script: "key ctrl+z\nwait 200")
        XCTAssertEqual(source.events.map(\.title), ["Dentist"], "undo puts it back")

        let chip = try XCTUnwrap(scene.chipFrame(of: try XCTUnwrap(source.events.first)))
        try driver.play(script: doubleClick(chip.center))
        XCTAssertTrue(scene.titleEditor.isEditing, "a double-click on a chip renames it")
        XCTAssertEqual(scene.titleEditor.field?.text, "Dentist")
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertEqual(source.events.map(\.title), ["Dentist"], "Escape renames nothing")
    }
}

/// An event's title stops at its limit and says so: it stopped at 500 characters without a word.
extension CalendarCreateEventTests {
    func testATitlePastItsLimitIsRefusedWithANotice() throws {
        let (driver, scene, source) = try makeApp()
        let day = d("2026-11-24")
        try driver.play(script: doubleClick(scene.cellFrame(of: day)!.center))
        XCTAssertTrue(scene.titleEditor.isEditing)
        try driver.play(script: "text \"\(String(repeating: "a", count: TextLimits.eventTitle + 20))\"\nwait 50")
        let field = try XCTUnwrap(scene.titleEditor.field)
        XCTAssertEqual(field.buffer.count, TextLimits.eventTitle)
        XCTAssertTrue(field.showsLimit)
        XCTAssertTrue(scene.notices.contains { $0.contains("\(TextLimits.eventTitle)") }, "\(scene.notices)")
        try driver.play(script: "key Return\nwait 300")
        XCTAssertEqual(source.created.first?.0.title.count, TextLimits.eventTitle)
    }
}
