import CalendarModel
import Foundation
import ICalendar
import XCTest

/// Finding the user's Evolution/GNOME calendars, and reading them again when they change on disk.
final class LocalCalendarTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("local-calendars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func calendar(_ summary: String, on day: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//GNOME//Evolution//EN\r\nBEGIN:VEVENT\r\nUID:\(summary)\r\n" +
        "DTSTART;VALUE=DATE:\(day)\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// Writes `<XDG_DATA_HOME>/evolution/calendar/<folder>/calendar.ics`, as Evolution keeps them.
    @discardableResult
    func write(_ text: String, folder: String, data: URL? = nil) throws -> String {
        let dir = (data ?? root).appendingPathComponent("evolution/calendar/\(folder)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("calendar.ics")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Waits until the watcher's thread has taken its first look at the files, so a change made
    /// after this is a change to it: an object given back wakes the thread, which counts a look.
    func waitUntilWatching(_ watcher: CalendarFileWatcher, file: StaticString = #filePath, line: UInt = #line) {
        final class Token {}
        watcher.mailbox.retire(Token())
        waitUntil("the watcher's first look", file: file, line: line) { watcher.looks > 0 }
    }

    func testEveryEvolutionCalendarUnderXDGDataHomeIsFoundInAFixedOrder() throws {
        let b = try write(calendar("B", on: "20261102"), folder: "system")
        let a = try write(calendar("A", on: "20261101"), folder: "1700000000.1234.1@host")
        // A folder without a calendar.ics (Evolution keeps other things there too) is skipped.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("evolution/calendar/trash"), withIntermediateDirectories: true)
        XCTAssertEqual(LocalCalendars.files(environment: ["XDG_DATA_HOME": root.path, "HOME": "/nonexistent"]), [a, b])
    }

    func testHomeIsUsedWithoutXDGDataHomeAndARelativeOneIsIgnored() throws {
        let home = root.appendingPathComponent("home")
        let file = try write(calendar("H", on: "20261101"), folder: "system", data: home.appendingPathComponent(".local/share"))
        XCTAssertEqual(LocalCalendars.files(environment: ["HOME": home.path]), [file])
        XCTAssertEqual(LocalCalendars.files(environment: ["HOME": home.path, "XDG_DATA_HOME": "relative/data"]), [file])
        XCTAssertEqual(LocalCalendars.files(environment: ["XDG_DATA_HOME": root.appendingPathComponent("none").path]), [],
                       "no calendars: the caller shows its sample")
    }

    func testAChangedFileIsReadAgainOnTheWatchersThreadAndPosted() throws {
        let file = try write(calendar("Before", on: "20261103"), folder: "system")
        let watcher = CalendarFileWatcher(files: [file], timeZone: TimeZone(identifier: "Europe/Berlin")!, interval: 0.05)
        watcher.start()
        defer { watcher.stop() }
        waitUntilWatching(watcher)
        XCTAssertEqual(watcher.mailbox.posted, 0, "nothing changed yet")
        // A different size as well as a new time, so filesystems with coarse times see the change.
        try calendar("After the change", on: "20261104").write(toFile: file, atomically: true, encoding: .utf8)
        waitUntil("the watcher to post") { watcher.mailbox.posted > 0 }
        XCTAssertEqual(watcher.mailbox.posted, 1, "posted within a second or so")
        let source = try XCTUnwrap(watcher.mailbox.take())
        let month = CalendarMonth(iso: "2026-11")!
        XCTAssertEqual(source.occurrences(overlapping: month.firstDay...month.lastDay).map(\.title), ["After the change"])
        XCTAssertNil(watcher.mailbox.take())
    }

    func testAWatcherSleepsUntilSomethingHappensAndWakesToDropWhatIsGivenBack() throws {
        let file = try write(calendar("Still", on: "20261103"), folder: "system")
        let env = ["XDG_DATA_HOME": root.path]
        // Polling at this interval would look 20 times a second.
        let watcher = CalendarFileWatcher(files: [file], timeZone: TimeZone(identifier: "UTC")!, interval: 0.05,
                                          discover: { LocalCalendars.files(environment: env) })
        watcher.start()
        defer { watcher.stop() }
        // What is measured is time: for half a second (ten intervals of polling) the thread takes no look.
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(watcher.looks, 0, "nothing changed: the thread slept")
        XCTAssertEqual(watcher.mailbox.posted, 0)
        // Something the scene gives back is dropped on the watcher's thread, promptly.
        final class Token {}
        weak var dropped: Token?
        do {
            let token = Token()
            dropped = token
            watcher.mailbox.retire(token)
        }
        waitUntil("the retired object to be dropped") { dropped == nil }
        XCTAssertNil(dropped, "the retired object was released on the watcher's thread")
        XCTAssertEqual(watcher.looks, 1)
        XCTAssertEqual(watcher.mailbox.posted, 0, "a look that finds nothing new posts nothing")
    }

    func testACalendarAddedToTheFolderIsShownToo() throws {
        let first = try write(calendar("First", on: "20261103"), folder: "system")
        let env = ["XDG_DATA_HOME": root.path]
        let watcher = CalendarFileWatcher(files: [first], timeZone: TimeZone(identifier: "UTC")!, interval: 0.05,
                                          discover: { LocalCalendars.files(environment: env) })
        watcher.start()
        defer { watcher.stop() }
        waitUntilWatching(watcher)
        XCTAssertEqual(watcher.mailbox.posted, 0)
        let second = try write(calendar("Second", on: "20261105"), folder: "new-calendar")
        waitUntil("the watcher to post") { watcher.mailbox.posted > 0 }
        let update = try XCTUnwrap(watcher.mailbox.takeUpdate())
        XCTAssertEqual(update.files, [second, first].sorted())
        let month = CalendarMonth(iso: "2026-11")!
        XCTAssertEqual(update.source.occurrences(overlapping: month.firstDay...month.lastDay).map(\.title).sorted(), ["First", "Second"])
        XCTAssertEqual(watcher.files, [second, first].sorted())
    }

    /// As a shell's `>` does: the new calendar's folder is made, its file created empty and filled
    /// a moment later, at once after the folder appears (before the watcher can watch it). What
    /// is shown in the end is the whole file, and a half-written one is never posted on its own.
    func testACalendarWrittenInPiecesIntoANewFolderIsShownWhole() throws {
        let first = try write(calendar("First", on: "20261103"), folder: "system")
        let env = ["XDG_DATA_HOME": root.path]
        let watcher = CalendarFileWatcher(files: [first], timeZone: TimeZone(identifier: "UTC")!, interval: 0.25,
                                          discover: { LocalCalendars.files(environment: env) })
        watcher.start()
        defer { watcher.stop() }
        waitUntilWatching(watcher)
        for (n, name) in ["added", "added-too"].enumerated() {
            let dir = root.appendingPathComponent("evolution/calendar/\(name)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let path = dir.appendingPathComponent("calendar.ics").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            // A moment between the empty file and its contents, as a shell's `>` leaves: the test's point.
            Thread.sleep(forTimeInterval: 0.03)
            handle.write(Data(calendar("Added \(n)", on: "2026110\(5 + n)").utf8))
            try handle.close()
            waitUntil("calendar \(n + 2) to be watched and posted") { watcher.files.count >= n + 2 && watcher.mailbox.posted >= n + 1 }
            XCTAssertEqual(watcher.mailbox.posted, n + 1, "one update for each calendar added")
            let update = try XCTUnwrap(watcher.mailbox.takeUpdate())
            let month = CalendarMonth(iso: "2026-11")!
            let titles = update.source.occurrences(overlapping: month.firstDay...month.lastDay).map(\.title).sorted()
            XCTAssertEqual(titles, (["First"] + (0...n).map { "Added \($0)" }).sorted())
        }
    }
}
