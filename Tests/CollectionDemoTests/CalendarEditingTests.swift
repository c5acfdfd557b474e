import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// A calendar that records the moves the scene asks for and applies them to its own list, as a
/// file-backed source would after writing; it can be made read-only.
final class RecordingCalendar: EventSource, EventEditor {
    var events: [EventOccurrence]
    let zone: DisplayZone
    var readOnly: String?
    private(set) var moves: [EventMove] = []
    private(set) var applied: [EventEdit] = []
    var diagnostics: [LoadDiagnostic] { [] }

    init(_ events: [EventOccurrence], zone: DisplayZone) { self.events = events; self.zone = zone }

    func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] { events.filter { $0.overlaps(days, in: zone) } }
    func readOnlyReason(file: String) -> String? { readOnly }

    func move(_ move: EventMove, now: Date) -> EditOutcome {
        if let readOnly { return .refused(readOnly) }
        moves.append(move)
        let before = events
        shift(uid: move.origin.uid, days: move.days)
        return .written(EventEdit(file: move.origin.file, uid: move.origin.uid, before: [Self.text(before)], after: [Self.text(events)]))
    }

    func apply(_ edit: EventEdit, now: Date) -> EditOutcome {
        guard edit.before == [Self.text(events)] else { return .refused("the event was changed in the file since it was read") }
        applied.append(edit)
        // The recorded states are the moved event's day offsets; undo moves it back.
        let from = Int(edit.before[0].split(separator: "|").last!)!, to = Int(edit.after[0].split(separator: "|").last!)!
        shift(uid: edit.uid, days: to - from)
        return .written(edit)
    }

    private func shift(uid: String, days: Int) {
        for i in events.indices where events[i].uid == uid {
            if case let .timed(s, e) = events[i].span { events[i].span = .timed(start: s + Int64(days) * 86_400, end: e + Int64(days) * 86_400) }
        }
    }

    static func text(_ events: [EventOccurrence]) -> String {
        events.map { e -> String in
            if case let .timed(s, _) = e.span { return "\(e.uid)|\(s / 86_400)" }
            return e.uid
        }.joined(separator: ",")
    }
}

/// Moving events in the calendar scene with the pointer and the keyboard, with the source's
/// editor standing in for the file (`CalendarWriteTests` covers the file itself).
final class CalendarEditingTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func timed(_ uid: String, _ title: String, _ day: String, hour: Int, series: Bool = false) -> EventOccurrence {
        let start = berlin.instant(of: d(day), hour: hour)
        return EventOccurrence(uid: uid, title: title, span: .timed(start: start, end: start + 3600),
                               origin: EventOrigin(file: "/cal.ics", uid: uid, seriesDay: series ? d(day) : nil))
    }

    func makeApp(_ events: [EventOccurrence], label: String? = nil) throws -> (HeadlessDriver<App>, CalendarScene, RecordingCalendar) {
        var options = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"]]
        if let label { options["calendar-label"] = [label] }
        let s = try CalendarSettings.parse(options)
        let source = RecordingCalendar(events, zone: s.zone)
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

    /// The middle of `uid`'s first chip on the page shown, from the state dump, as "X Y".
    func chip(_ uid: String, _ driver: HeadlessDriver<App>) throws -> Point {
        guard case let .array(list)? = calendar(driver)["events"] else { throw XCTSkip("no events") }
        for case let .object(e) in list {
            let fields = Dictionary(e, uniquingKeysWith: { a, _ in a })
            guard fields["uid"] == .string(uid), case let .array(frames)? = fields["frames"], let first = frames.first else { continue }
            return try XCTUnwrap(Self.rect(first)).center
        }
        XCTFail("\(uid) has no chip on the page")
        return .zero
    }

    /// A rectangle as the dump writes it.
    static func rect(_ j: JSON) -> Rect? {
        guard case let .array(v) = j, v.count == 4 else { return nil }
        let n = v.compactMap { x -> Double? in if case let .number(d) = x { return d }; return nil }
        return n.count == 4 ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
    }

    func cell(_ date: CalendarDate, _ scene: CalendarScene) -> Point { scene.cellFrame(of: date)!.center }

    func dragScript(from a: Point, to b: Point, release: Bool = true) -> String {
        "move \(a.x) \(a.y)\ndown \(a.x) \(a.y)\nmove \(a.x + 20) \(a.y + 5) 100\nmove \(b.x) \(b.y) 200\nwait 50\n" + (release ? "up \(b.x) \(b.y)\nwait 100\n" : "")
    }

    func testDraggingAChipMovesItsEventAndUndoRedoFollow() throws {
        let (driver, scene, source) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)])
        let from = try chip("dentist", driver)
        try driver.play(script: dragScript(from: from, to: cell(d("2026-11-26"), scene), release: false))
        guard case let .object(drag)? = calendar(driver)["drag"] else { return XCTFail("no drag in the dump") }
        XCTAssertEqual(drag.first { $0.0 == "over" }?.1, .string("2026-11-26"))
        XCTAssertTrue(scene.isDragging)
        try driver.play(script: "up \(cell(d("2026-11-26"), scene).x) \(cell(d("2026-11-26"), scene).y)\nwait 100")
        XCTAssertEqual(source.moves, [EventMove(origin: EventOrigin(file: "/cal.ics", uid: "dentist"), days: 2, scope: .event)])
        XCTAssertEqual(calendar(driver)["undo"], .number(1))
        XCTAssertTrue(scene.cellFrame(of: d("2026-11-26"))!.contains(try chip("dentist", driver)))
        try driver.play(script: "key ctrl+z\nwait 100")
        XCTAssertTrue(scene.cellFrame(of: d("2026-11-24"))!.contains(try chip("dentist", driver)), "undone")
        XCTAssertEqual(calendar(driver)["redo"], .number(1))
        try driver.play(script: "key ctrl+shift+z\nwait 100")
        XCTAssertTrue(scene.cellFrame(of: d("2026-11-26"))!.contains(try chip("dentist", driver)), "redone")
        XCTAssertEqual(source.applied.count, 2)
    }

    func testEscapeAndARightClickCancel() throws {
        let (driver, scene, source) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)])
        for cancel in ["key Escape", "down 600 400 right\nup 600 400 right"] {
            let target = cell(d("2026-11-27"), scene)
            try driver.play(script: dragScript(from: try chip("dentist", driver), to: target, release: false) + cancel + "\nwait 50\nup \(target.x) \(target.y)\nwait 50")
            XCTAssertFalse(scene.isDragging, cancel)
            XCTAssertEqual(source.moves, [], cancel)
            XCTAssertEqual(calendar(driver)["drag"], .null)
        }
    }

    func testARepeatingEventAsksThisOrAllOccurrences() throws {
        let (driver, scene, source) = try makeApp([timed("standup", "Standup", "2026-11-17", hour: 10, series: true)])
        try driver.play(script: dragScript(from: try chip("standup", driver), to: cell(d("2026-11-18"), scene)))
        XCTAssertEqual(source.moves, [], "nothing written before the answer")
        XCTAssertNotEqual(calendar(driver)["moveChoice"], .null)
        try driver.play(script: "key Right\nkey Return\nwait 50")
        XCTAssertEqual(source.moves.map(\.scope), [.allOccurrences])
        XCTAssertEqual(calendar(driver)["moveChoice"], .null)
    }

    func testAReadOnlyCalendarRefusesWithTheReason() throws {
        let (driver, scene, source) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)])
        source.readOnly = "you may not change /cal.ics (permissions)"
        try driver.play(script: dragScript(from: try chip("dentist", driver), to: cell(d("2026-11-26"), scene)))
        XCTAssertEqual(source.moves, [])
        XCTAssertEqual(driver.root.shownNotices, ["Cannot move “Dentist”: you may not change /cal.ics (permissions)"])
        XCTAssertEqual(calendar(driver)["readOnlyReason"], .string("you may not change /cal.ics (permissions)"))
    }

    /// The sample that comes with the app is never rewritten (demos and random scripts drag on it).
    func testTheSampleCalendarIsNotRewritten() throws {
        let (driver, scene, source) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)], label: "sample")
        try driver.play(script: dragScript(from: try chip("dentist", driver), to: cell(d("2026-11-26"), scene)))
        XCTAssertEqual(source.moves, [])
        XCTAssertEqual(driver.root.shownNotices, ["Cannot move “Dentist”: the sample calendar can’t be changed; open a calendar file of your own to edit events"])
    }

    /// A calendar that cannot be changed says so in its header from the start, before a drag is
    /// tried; one that can says nothing.
    func testAReadOnlyCalendarSaysSoInItsHeader() throws {
        let (sample, _, _) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)], label: "sample")
        XCTAssertEqual(calendar(sample)["headerReadOnly"], .bool(true))
        let header = sample.root.draw().commands.contains { c in
            if case let .text(t) = c { return t.text == "Read only" && t.rect.maxY < 100 }; return false
        }
        XCTAssertTrue(header, "\"Read only\" in the header")
        XCTAssertEqual(sample.root.shownNotices, [], "said before anything was refused")
        let (writable, _, _) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)])
        XCTAssertEqual(calendar(writable)["headerReadOnly"], .bool(false))
        XCTAssertFalse(writable.root.draw().commands.contains { if case let .text(t) = $0 { return t.text == "Read only" }; return false })
    }

    /// Holding the dragged chip at the grid's left edge turns the pages back, one per hold.
    func testHoldingAtTheEdgeTurnsThePage() throws {
        let (driver, scene, source) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)])
        let edge = Point(x: scene.collection.frame.minX + 8, y: cell(d("2026-11-24"), scene).y)
        try driver.play(script: dragScript(from: try chip("dentist", driver), to: edge, release: false) + "wait 900")
        XCTAssertEqual(scene.visibleMonth, CalendarMonth(year: 2026, month: 10))
        let target = cell(d("2026-10-14"), scene)
        try driver.play(script: "move \(target.x) \(target.y) 100\nwait 400\nup \(target.x) \(target.y)\nwait 100")
        XCTAssertEqual(source.moves.map(\.days), [d("2026-11-24").days(until: d("2026-10-14"))])
    }

    func testTheKeyboardPicksUpAndMovesAChip() throws {
        let (driver, scene, source) = try makeApp([timed("dentist", "Dentist", "2026-11-24", hour: 9)])
        let day = cell(d("2026-11-24"), scene)
        try driver.play(script: "down \(day.x) \(day.y - 30)\nup \(day.x) \(day.y - 30)\nkey Tab\nwait 50")
        XCTAssertEqual(calendar(driver)["focusedEvent"], .string("dentist"))
        try driver.play(script: "key Space\nkey Right\nkey Right\nwait 50")
        XCTAssertTrue(scene.isDragging)
        try driver.play(script: "key Return\nwait 50")
        XCTAssertEqual(source.moves.map(\.days), [2])
    }
}
