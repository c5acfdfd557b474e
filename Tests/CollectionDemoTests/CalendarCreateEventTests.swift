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

    func apply(_ edit: EventEdit, now: Date) -> EditOutcome {
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
}
