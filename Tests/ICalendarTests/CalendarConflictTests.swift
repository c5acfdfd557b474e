import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Writing never goes behind another program's back: a file changed on disk since it was read is
/// read again and the move applied to what it holds now, unless that event itself changed or went;
/// files the app may not or should not write are read-only, with the reason.
final class CalendarConflictTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!
    var path: String!

    static func event(_ uid: String, _ title: String, day: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(title)\r\nDTSTART;VALUE=DATE:\(day)\r\nEND:VEVENT\r\n"
    }
    static func calendar(_ events: String...) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-conflict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("cal.ics").path
        try write(Self.calendar(Self.event("a", "Dentist", day: "20261110"), Self.event("b", "Party", day: "20261112")))
    }

    override func tearDownWithError() throws {
        chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func onDisk() -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
    func move(_ s: ICalendarSource, _ uid: String) -> EditOutcome {
        s.move(EventMove(origin: EventOrigin(file: path, uid: uid), days: 1, scope: .event), now: now)
    }
    func refusal(_ o: EditOutcome) -> String? { if case let .refused(why) = o { return why }; return nil }

    func testAChangeElsewhereInTheFileIsKept() throws {
        let s = ICalendarSource(files: [path], zone: berlin)
        try write(Self.calendar(Self.event("a", "Dentist", day: "20261110"), Self.event("b", "Party", day: "20261112"),
                                Self.event("c", "Added in Evolution", day: "20261120")))
        XCTAssertNil(refusal(move(s, "a")))
        let text = onDisk()
        XCTAssertTrue(text.contains("Added in Evolution"), text)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:20261111"), text)
    }

    func testAnEventChangedOnDiskIsNotOverwritten() throws {
        let s = ICalendarSource(files: [path], zone: berlin)
        let changed = Self.calendar(Self.event("a", "Dentist (moved by phone)", day: "20261113"), Self.event("b", "Party", day: "20261112"))
        try write(changed)
        let why = try XCTUnwrap(refusal(move(s, "a")))
        XCTAssertTrue(why.contains("changed in the file"), why)
        XCTAssertEqual(onDisk(), changed, "nothing written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "~"))
    }

    func testAnEventRemovedOnDiskIsNotWrittenBack() throws {
        let s = ICalendarSource(files: [path], zone: berlin)
        let without = Self.calendar(Self.event("b", "Party", day: "20261112"))
        try write(without)
        let why = try XCTUnwrap(refusal(move(s, "a")))
        XCTAssertTrue(why.contains("no longer in the file"), why)
        XCTAssertEqual(onDisk(), without)
    }

    func testAFileMarkedReadOnlyIsNotWritten() throws {
        chmod(path, 0o444)
        let s = ICalendarSource(files: [path], zone: berlin)
        let why = try XCTUnwrap(s.readOnlyReason(file: path))
        XCTAssertTrue(why.contains("read-only"), why)
        XCTAssertEqual(refusal(move(s, "a")), why)
        XCTAssertEqual(onDisk(), Self.calendar(Self.event("a", "Dentist", day: "20261110"), Self.event("b", "Party", day: "20261112")))
    }

    /// A file libical cannot read whole would lose the lines it drops.
    func testAFileWithUnreadableLinesIsNotWritten() throws {
        let broken = Self.calendar("BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Dentist\r\nDTSTART;VALUE=DATE:20261110\r\nGEO:not a place\r\nEND:VEVENT\r\n")
        try write(broken)
        let s = ICalendarSource(files: [path], zone: berlin)
        let why = try XCTUnwrap(refusal(move(s, "a")))
        XCTAssertTrue(why.contains("libical"), why)
        XCTAssertEqual(onDisk(), broken)
    }

    /// Evolution's store belongs to its data server while that runs: a process whose command is
    /// `evolution-calendar-factory` (here a stand-in that sleeps) makes its calendars read-only.
    func testTheEvolutionStoreIsReadOnlyWhileItsServiceRuns() throws {
        let env = ["XDG_DATA_HOME": folder.path]
        let store = folder.appendingPathComponent("evolution/calendar/system")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let file = store.appendingPathComponent("calendar.ics").path
        XCTAssertNil(CalendarOwnership.ownerReason(file, environment: env), "no service runs")
        let standIn = folder.appendingPathComponent("evolution-calendar-factory").path
        try FileManager.default.createSymbolicLink(atPath: standIn, withDestinationPath: "/bin/sleep")
        let service = Process()
        service.executableURL = URL(fileURLWithPath: standIn)
        service.arguments = ["30"]
        try service.run()
        defer { service.terminate(); service.waitUntilExit() }
        // The stand-in is seen once it has started (its command line is read from /proc).
        var owner: String?
        waitUntil("the stand-in service to be seen") {
            owner = CalendarOwnership.ownerReason(file, environment: env)
            return owner != nil
        }
        let why = try XCTUnwrap(owner)
        XCTAssertTrue(why.contains("evolution-calendar-factory"), why)
        XCTAssertNil(CalendarOwnership.ownerReason(path, environment: env), "files outside the store are not its")
    }
}

/// A writer killed at any moment leaves the old file or the new one, whole. The writer is a small
/// program built with the tests (`calendar-test-writer write-until-killed`, Tests/CalendarTestWriter),
/// writing two versions in turn; it is killed with SIGKILL at random moments.
final class AtomicWriteCrashTests: XCTestCase {
    /// The child program the process tests start: built with the tests, beside the test bundle.
    static var writer: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calendar-test-writer")
    }

    /// Two versions large enough that a write takes a while (kills land inside writes).
    static func version(_ n: Int) -> Data {
        var lines = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for i in 0..<20_000 { lines += "X-FILLER-\(n):\(i) version \(n) of the calendar, long enough to take a while\r\n" }
        return Data((lines + "END:VCALENDAR\r\n").utf8)
    }

    func testAKilledWriterLeavesTheOldOrTheNewFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cal.ics").path
        let a = Self.version(0), b = Self.version(1)
        try a.write(to: URL(fileURLWithPath: path))
        let versions = [path + ".v0", path + ".v1"]
        try a.write(to: URL(fileURLWithPath: versions[0]))
        try b.write(to: URL(fileURLWithPath: versions[1]))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path), "\(Self.writer.path) is missing: swift build --build-tests builds it")
        var generator = SystemRandomNumberGenerator()
        var seen = Set<Int>()
        // At least 25 rounds, and on until kills have landed both before and after a rename.
        var round = 0
        while round < 25 || (seen.count < 2 && round < 100) {
            defer { round += 1 }
            let ready = path + ".ready"
            unlink(ready)
            let child = Process()
            child.executableURL = Self.writer
            child.arguments = ["write-until-killed", path] + versions
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            // The child says when its loop runs; a kill before that would test nothing.
            waitUntil("round \(round): the writer to start") { FileManager.default.fileExists(atPath: ready) || !child.isRunning }
            XCTAssertTrue(FileManager.default.fileExists(atPath: ready), "round \(round): the writer never started")
            // The kill lands at a random moment of the writing: this wait is the test's point.
            usleep(UInt32.random(in: 0...(round < 25 ? 60_000 : 400_000), using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            let now = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertTrue(now == a || now == b, "round \(round): the file is \(now.count) bytes, neither version whole")
            seen.insert(now == a ? 0 : 1)
            if let backup = FileManager.default.contents(atPath: path + "~") {
                XCTAssertTrue(backup == a || backup == b, "round \(round): the backup is neither version whole")
            }
        }
        XCTAssertEqual(seen.count, 2, "kills landed both before and after a rename")
    }
}
