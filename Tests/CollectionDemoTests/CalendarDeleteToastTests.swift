import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import ICalendar
import XCTest

/// Deleting an event leaves the engine's toast, "“Title” deleted" with Undo: Undo writes the file
/// back as it was, byte for byte; a click elsewhere leaves the toast; Ctrl+Z takes the same delete
/// back and the toast goes, since its Undo would mean something else.
final class CalendarDeleteToastTests: XCTestCase {
    var folder: URL!
    var path: String!
    static let title = "Dentist appointment with a title long enough to be cut in a day's cell"
    /// Lines the file keeps as they are: CRLF ends, a folded line, a property the calendar does not know.
    static let original = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//Toast//EN\r\n"
        + "BEGIN:VEVENT\r\nUID:other\r\nDTSTAMP:20261101T090000Z\r\nDTSTART;VALUE=DATE:20261110\r\nDTEND;VALUE=DATE:20261111\r\n"
        + "SUMMARY:Other\r\nX-KEPT:  two spaces \r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:dentist\r\nDTSTAMP:20261101T090000Z\r\nDTSTART;VALUE=DATE:20261121\r\nDTEND;VALUE=DATE:20261122\r\n"
        + "SUMMARY:\(title)\r\nDESCRIPTION:A long description that is folded over two lines of the f\r\n ile as RFC 5545 allows\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-toast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("cal.ics").path
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: path))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func makeApp() throws -> (HeadlessDriver<App>, CalendarScene, App) {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"],
                                            "calendar-files": [path]])
        let scene = CalendarScene(settings: s, source: ICalendarSource(files: [path], zone: s.zone))
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800), entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 100")
        return (driver, scene, app)
    }

    var bytes: Data { FileManager.default.contents(atPath: path) ?? Data() }

    /// Plays frames until `condition` holds, or a generous deadline passes.
    func playUntil(_ driver: HeadlessDriver<App>, _ condition: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            try driver.play(script: "wait 20")
        }
        return true
    }

    /// Tab onto today's event, Delete: the toast names the whole title and offers Undo.
    func deleteTodaysEvent(_ driver: HeadlessDriver<App>, _ scene: CalendarScene) throws {
        try driver.play(script: "key Tab\nwait 20")
        XCTAssertEqual(scene.focusedChipEvent?.title, Self.title)
        try driver.play(script: "key Delete\nwait 50")
        XCTAssertTrue(try playUntil(driver) { !String(decoding: bytes, as: UTF8.self).contains("UID:dentist") }, "the event is deleted from its file")
    }

    func testUndoOnTheToastWritesTheFileBackByteForByte() throws {
        let (driver, scene, app) = try makeApp()
        try deleteTodaysEvent(driver, scene)
        let toast = app.dumpState()["deletedEvent"]
        XCTAssertEqual(toast?["message"], .string("“\(Self.title)” deleted"), "the whole title, not the cell's cut one")
        XCTAssertEqual(toast?["action"], .string("Undo"))
        XCTAssertTrue(scene.toast.isShowing)
        XCTAssertTrue(scene.composition.focus.stops.contains { $0 === scene.toast.actionButton }, "its buttons are in the focus chain")

        // A click on a day elsewhere chooses it and leaves the toast.
        let day = try XCTUnwrap(scene.cellFrame(of: CalendarDate(iso: "2026-11-10")!))
        try driver.play(script: "move \(day.midX) \(day.midY)\ndown \(day.midX) \(day.midY)\nup \(day.midX) \(day.midY)\nwait 50")
        XCTAssertEqual(scene.selectedDates, [CalendarDate(iso: "2026-11-10")!])
        XCTAssertTrue(scene.toast.isShowing, "a click elsewhere leaves the toast")

        // Undo, pressed: the file is as it was.
        let undo = scene.toast.actionButton.frame
        XCTAssertFalse(undo.isEmpty)
        XCTAssertTrue(scene.toast.box.intersects(scene.collection.frame), "the toast sits over the month")
        try driver.play(script: "move \(undo.midX) \(undo.midY)\ndown \(undo.midX) \(undo.midY)\nup \(undo.midX) \(undo.midY)\nwait 50")
        XCTAssertTrue(try playUntil(driver) { bytes == Data(Self.original.utf8) }, "Undo restores the file byte for byte")
        XCTAssertFalse(scene.toast.isShowing)
        XCTAssertNil(app.dumpState()["deletedEvent"])
        XCTAssertEqual(scene.events.occurrences(on: scene.grid(for: scene.visibleMonth)).map(\.title).sorted(), ["Other", Self.title].sorted())
    }

    /// Ctrl+Z takes the delete back itself: the toast goes, so its Undo cannot undo twice.
    func testCtrlZTakesTheDeleteBackAndTheToastGoes() throws {
        let (driver, scene, _) = try makeApp()
        try deleteTodaysEvent(driver, scene)
        XCTAssertTrue(scene.toast.isShowing)
        try driver.play(script: "key ctrl+z\nwait 50")
        XCTAssertTrue(try playUntil(driver) { bytes == Data(Self.original.utf8) })
        XCTAssertFalse(scene.toast.isShowing, "its Undo would mean something else now")
    }
}
