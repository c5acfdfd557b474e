import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
@testable import ICalendar
import XCTest

/// The calendar's writes from the window: a change waits for another program's lock without
/// holding the window up; a refused new title is kept for another try; the title limit is said.
final class CalendarWriteWaitTests: XCTestCase {
    var folder: URL!
    var path: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-wait-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("cal.ics").path
        try Data(CalendarFileSafetyTestsText.original.utf8).write(to: URL(fileURLWithPath: path))
    }

    override func tearDownWithError() throws {
        AtomicFile.writeBytes = { fd, p, n in Glibc.write(fd, p, n) }
        try? FileManager.default.removeItem(at: folder)
    }

    func makeApp() throws -> (HeadlessDriver<App>, CalendarScene) {
        let s = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"],
                                            "calendar-files": [path]])
        let scene = CalendarScene(settings: s, source: ICalendarSource(files: [path], zone: s.zone))
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800), entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 100")
        return (driver, scene)
    }

    func calendar(_ driver: HeadlessDriver<App>) -> [String: JSON] {
        guard case let .object(pairs) = driver.root.dumpState(), case let .object(c)? = pairs.first(where: { $0.0 == "calendar" })?.1 else { return [:] }
        return Dictionary(c, uniquingKeysWith: { a, _ in a })
    }
    var text: String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }

    /// Plays frames until `condition` holds (or a generous deadline passes); the frames played
    /// are the window answering.
    func playUntil(_ driver: HeadlessDriver<App>, _ condition: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            try driver.play(script: "wait 20")
        }
        return true
    }

    /// Another program holds the folder's lock (a lock on another open file description, as
    /// another process's would be): Enter on a new title returns at once, the window goes on
    /// drawing frames and the change waits; when the lock is let go the event is written.
    func testAWriteWaitsForAnotherProgramsLockWhileTheWindowAnswers() throws {
        let (driver, _) = try makeApp()
        let other = open(folder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(other, LOCK_EX), 0)
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Picnic\"\nkey Return\nwait 100")
        XCTAssertEqual(calendar(driver)["writeWaiting"]?.boolValue, true, "the change waits for its turn")
        XCTAssertFalse(text.contains("SUMMARY:Picnic"), "nothing written while the other program holds the lock")
        let frames = driver.frameCount
        try driver.play(script: "key Right\nwait 100")
        XCTAssertGreaterThan(driver.frameCount, frames, "the window draws frames while the change waits")
        XCTAssertEqual(calendar(driver)["focusedDate"]?.stringValue, "2026-11-22", "and answers keys")
        flock(other, LOCK_UN)
        close(other)
        XCTAssertTrue(try playUntil(driver) { text.contains("SUMMARY:Picnic") }, "written once the lock is free")
        XCTAssertTrue(try playUntil(driver) { calendar(driver)["writeWaiting"]?.boolValue == false })
        XCTAssertEqual(calendar(driver)["undo"]?.doubleValue, 1)
        XCTAssertEqual(calendar(driver)["lastWrite"]?["ok"]?.boolValue, true)
    }

    /// Switching to another scene while a change waits: it gives up with a notice and lets go
    /// of its wait, so that no lock is taken for a scene that no longer looks.
    func testLeavingTheSceneWhileAChangeWaitsGivesItUp() throws {
        let (driver, scene) = try makeApp()
        let other = open(folder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(other, LOCK_EX), 0)
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Picnic\"\nkey Return\nwait 50")
        XCTAssertEqual(calendar(driver)["writeWaiting"]?.boolValue, true)
        scene.didDeactivate(now: 1)
        XCTAssertEqual(calendar(driver)["writeWaiting"]?.boolValue, false)
        XCTAssertTrue(scene.editing.notices.last?.contains("nothing was written") == true, "\(scene.editing.notices)")
        flock(other, LOCK_UN)
        close(other)
        // The folder is free for others: a lock taken now is had at once.
        let again = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(again) }
        waitUntil("the folder's lock to be free (no lock left held)", timeout: 60) { flock(again, LOCK_EX | LOCK_NB) == 0 }
        XCTAssertFalse(text.contains("Picnic"))
    }

    /// A full disk refuses the new event with the reason, and the field opens again holding the
    /// title typed, so that the user can try again.
    func testAFullDiskKeepsTheTypedTitleForAnotherTry() throws {
        let (driver, scene) = try makeApp()
        AtomicFile.writeBytes = { _, _, _ in errno = ENOSPC; return -1 }
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Dentist at nine\"\nkey Return\nwait 100")
        XCTAssertTrue(scene.editing.notices.last?.contains("no space left on the device") == true, "\(scene.editing.notices)")
        XCTAssertTrue(scene.titleEditor.isEditing, "the field is open again")
        XCTAssertEqual(scene.titleEditor.field?.text, "Dentist at nine", "holding what was typed")
        XCTAssertFalse(text.contains("Dentist at nine"))
        AtomicFile.writeBytes = { fd, p, n in Glibc.write(fd, p, n) }
        try driver.play(script: "key Return\nwait 100")
        XCTAssertTrue(text.contains("SUMMARY:Dentist at nine"), "the second try is written")
        XCTAssertFalse(scene.titleEditor.isEditing)
    }

    /// The same for a new title of an event: refused by a full disk, the field opens again over
    /// the event holding the title typed; after the undo of a delete under another program's
    /// lock, the event is back in its place in the file.
    func testAFullDiskKeepsARenamedTitleAndAnUndoneDeleteWaitsForTheLock() throws {
        let (driver, scene) = try makeApp()
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Picnic\"\nkey Return\nwait 200")
        XCTAssertTrue(scene.cycleChipFocus(backwards: false))
        AtomicFile.writeBytes = { _, _, _ in errno = ENOSPC; return -1 }
        try driver.play(script: "key F2\nwait 50\nkey ctrl+a\ntext \"Picnic by the lake\"\nkey Return\nwait 100")
        XCTAssertTrue(scene.editing.notices.last?.contains("no space left on the device") == true, "\(scene.editing.notices)")
        XCTAssertEqual(scene.titleEditor.field?.text, "Picnic by the lake", "the field holds what was typed")
        AtomicFile.writeBytes = { fd, p, n in Glibc.write(fd, p, n) }
        try driver.play(script: "key Return\nwait 100")
        XCTAssertTrue(text.contains("SUMMARY:Picnic by the lake"), "the second try is written")

        let before = text
        try driver.play(script: "key Delete\nwait 100")
        XCTAssertFalse(text.contains("Picnic by the lake"))
        let other = open(folder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(other, LOCK_EX), 0)
        try driver.play(script: "key ctrl+z\nwait 100")
        XCTAssertEqual(calendar(driver)["writeWaiting"]?.boolValue, true)
        flock(other, LOCK_UN)
        close(other)
        XCTAssertTrue(try playUntil(driver) { text == before }, "the undone delete gives the file back byte for byte")
    }

    /// Typing past the limit: the field stops at it and a notice says so.
    func testReachingTheTitleLimitIsSaid() throws {
        let (driver, scene) = try makeApp()
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"\(String(repeating: "a", count: 520))\"\nwait 50")
        XCTAssertEqual(scene.titleEditor.field?.text.count, EventTitle.limit)
        XCTAssertEqual(scene.editing.notices.last, "Event titles stop at 500 characters")
        try driver.play(script: "key Return\nwait 100")
        XCTAssertTrue(text.contains(String(repeating: "a", count: 70)), "the 500 characters are written")
    }
}

/// The two-event calendar of `CalendarFileSafetyTests` (that target's tests are not visible here).
enum CalendarFileSafetyTestsText {
    static let original = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        + "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dentist\r\nDTSTART;VALUE=DATE:20261110\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:b\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Party\r\nDTSTART;VALUE=DATE:20261112\r\nEND:VEVENT\r\n"
        + "END:VCALENDAR\r\n"
}
