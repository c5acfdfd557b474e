import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Undoing a delete gives back the file's bytes: each component where it stood, with its own line
/// ends, whatever the file's first line uses.
final class CalendarUndoDeleteTests: XCTestCase {
    let zone = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// 92 events: the first lines end in LF, events alternate CRLF and LF, some titles are folded,
    /// every seventh is a weekly series with an override further down the file, and a VTIMEZONE
    /// stands among the events.
    static func fixture() -> (text: [UInt8], uids: [String]) {
        var out = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//undo//EN\n"
        var uids: [String] = []
        var overrides: [String] = []
        for i in 0..<92 {
            let end = i % 2 == 0 ? "\r\n" : "\n"
            let uid = "event-\(i)"
            uids.append(uid)
            let day = String(format: "202611%02d", i % 28 + 1)
            var lines = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z"]
            if i % 5 == 0 {
                lines += ["SUMMARY:A long title that is folded across two lines because it is lon", " ger than seventy-five octets \(i)"]
            } else {
                lines.append("SUMMARY:Event \(i)")
            }
            lines.append("DTSTART;VALUE=DATE:\(day)")
            if i % 7 == 0 {
                lines.append("RRULE:FREQ=WEEKLY;COUNT=4")
                overrides.append(["BEGIN:VEVENT", "UID:\(uid)", "RECURRENCE-ID;VALUE=DATE:" + String(format: "202611%02d", i % 28 + 8),
                                  "DTSTAMP:20260101T000000Z", "SUMMARY:Moved \(i)", "DTSTART;VALUE=DATE:" + String(format: "202611%02d", i % 28 + 9),
                                  "END:VEVENT"].map { $0 + end }.joined())
            }
            lines.append("END:VEVENT")
            out += lines.map { $0 + end }.joined()
            if i % 13 == 12, let o = overrides.first { out += o; overrides.removeFirst() }
            if i == 40 {
                out += "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
            }
        }
        out += overrides.joined()
        out += "END:VCALENDAR\n"
        return (Array(out.utf8), uids)
    }

    func testEachOf92DeletesUndoneGivesTheFileBackByteForByte() throws {
        let (original, uids) = Self.fixture()
        XCTAssertEqual(uids.count, 92)
        let path = folder.appendingPathComponent("many.ics").path
        var identical = 0
        var differing: [String] = []
        for uid in uids {
            try Data(original).write(to: URL(fileURLWithPath: path))
            let s = ICalendarSource(files: [path], zone: zone)
            XCTAssertTrue(s.diagnostics.isEmpty, "\(s.diagnostics)")
            guard case let .written(edit) = s.delete(EventOrigin(file: path, uid: uid), now: now) else {
                XCTFail("\(uid) not deleted"); continue
            }
            XCTAssertFalse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("UID:\(uid)\r"))
            guard case .written = s.apply(edit.reversed, now: now) else { XCTFail("\(uid): the undo was not written"); continue }
            if [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == original { identical += 1 } else { differing.append(uid) }
        }
        XCTAssertEqual(identical, 92, "files not given back byte for byte after undoing the delete of: \(differing)")
    }

    /// Redo after undo removes it again, and a second undo puts it back in place again.
    func testRedoAndASecondUndoKeepThePlace() throws {
        let (original, _) = Self.fixture()
        let path = folder.appendingPathComponent("many.ics").path
        try Data(original).write(to: URL(fileURLWithPath: path))
        let s = ICalendarSource(files: [path], zone: zone)
        guard case let .written(edit) = s.delete(EventOrigin(file: path, uid: "event-14"), now: now) else { return XCTFail("not deleted") }
        let deleted = try Data(contentsOf: URL(fileURLWithPath: path))
        for _ in 0..<2 {
            guard case .written = s.apply(edit.reversed, now: now) else { return XCTFail("undo not written") }
            XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), original)
            guard case .written = s.apply(edit, now: now) else { return XCTFail("redo not written") }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), deleted)
        }
    }
}
