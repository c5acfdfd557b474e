import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Two programs writing one calendar at the same moment: each is a small program built with the
/// tests (`calendar-test-writer move-on-go`, Tests/CalendarTestWriter) that reads the file, waits
/// for a shared "go", then moves its own event. Every trial must end with both moves in the file, or one refused with its reason and
/// nothing lost.
final class CalendarRaceTests: XCTestCase {
    /// Two events to move and enough others that reading and writing the file take a while (as a
    /// real calendar does), so the two writes overlap: with the folder lock taken out of
    /// `CalendarFolderLock.holding`, 15 and 17 of the 20 trials lost a move in two runs (1,500
    /// events, three times the work, lost one in 6).
    static func calendar() -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        text += CalendarConflictTests.event("a", "Dentist", day: "20261110")
        for i in 0..<500 {
            text += "BEGIN:VEVENT\r\nUID:filler-\(i)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Filler \(i)\r\nDTSTART:20250101T090000Z\r\nDTEND:20250101T100000Z\r\nEND:VEVENT\r\n"
        }
        text += CalendarConflictTests.event("b", "Party", day: "20261112")
        return text + "END:VCALENDAR\r\n"
    }

    func testTwoProgramsMovingTwoEventsAtOnceLoseNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cal.ics").path
        var lost: [String] = []
        var refused = 0
        let calendar = Data(Self.calendar().utf8)
        for trial in 0..<20 {
            try calendar.write(to: URL(fileURLWithPath: path))
            let go = folder.appendingPathComponent("go").path
            unlink(go)
            var children: [(uid: String, process: Process, out: String)] = []
            for uid in ["a", "b"] {
                let out = folder.appendingPathComponent("out-\(uid)").path
                let ready = out + ".ready"
                unlink(out); unlink(ready)
                let child = Process()
                child.executableURL = AtomicWriteCrashTests.writer
                child.arguments = ["move-on-go", path, uid, go, out]
                child.standardOutput = FileHandle.nullDevice
                child.standardError = FileHandle.nullDevice
                try child.run()
                children.append((uid, child, out))
            }
            // Both have read the file before either is told to write.
            waitUntil("trial \(trial): both writers to read the file", timeout: 60) {
                !children.contains { !FileManager.default.fileExists(atPath: $0.out + ".ready") && $0.process.isRunning }
            }
            _ = FileManager.default.createFile(atPath: go, contents: Data())
            for c in children { c.process.waitUntilExit() }
            let events = PlainICalendar(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self))
                .roots.flatMap(\.components).filter { $0.name == "VEVENT" }
            XCTAssertEqual(events.count, 502, "trial \(trial): events lost or duplicated")
            for (uid, old, new) in [("a", "20261110", "20261111"), ("b", "20261112", "20261113")] {
                let outcome = String(decoding: FileManager.default.contents(atPath: children.first { $0.uid == uid }!.out) ?? Data(), as: UTF8.self)
                let start = events.first { $0.first("UID")?.value == uid }?.first("DTSTART")?.value
                if outcome == "written" {
                    if start != new { lost.append("trial \(trial): \(uid) was reported written but the file has \(start ?? "no event")") }
                } else if outcome.hasPrefix("refused: "), outcome.count > 12 {
                    refused += 1
                    if start != old { lost.append("trial \(trial): \(uid) was refused but the file has \(start ?? "no event")") }
                } else {
                    lost.append("trial \(trial): \(uid)'s writer said '\(outcome)'")
                }
            }
        }
        XCTAssertEqual(lost, [], "\(lost.count) moves lost in 20 trials")
        XCTAssertLessThan(refused, 40, "not every move may be refused")
    }
}
