import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Text from outside, read and written: folds inside a UTF-8 character, stray bytes of another
/// encoding, control characters, titles past the limit.
final class CalendarTextInputTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let november = CalendarDate(iso: "2026-11-01")!...CalendarDate(iso: "2026-11-30")!
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func file(_ bytes: [UInt8]) throws -> String {
        let path = folder.appendingPathComponent("cal.ics").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
    func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }
    static func event(_ uid: String, _ summary: [UInt8], day: String) -> [UInt8] {
        Array("BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:".utf8) + summary
            + Array("\r\nDTSTART;VALUE=DATE:\(day)\r\nEND:VEVENT\r\n".utf8)
    }
    static func calendar(_ events: [UInt8]...) -> [UInt8] {
        Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n".utf8) + events.joined() + Array("END:VCALENDAR\r\n".utf8)
    }
    func titles(_ s: ICalendarSource) -> [String] { s.occurrences(overlapping: november).map(\.title).sorted() }

    /// RFC 5545 3.1 folds by octets: "Café" folded between the two bytes of "é" is legal.
    func testAFoldInsideAUTF8CharacterIsReadAndTheEventCanBeMoved() throws {
        let path = try file(Self.calendar(Self.event("a", Array("Caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9], day: "20261110"),
                                          Self.event("b", Array("Party".utf8), day: "20261112")))
        let s = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(s.diagnostics, [])
        XCTAssertEqual(titles(s), ["Café", "Party"])
        guard case .written = s.move(EventMove(origin: EventOrigin(file: path, uid: "a"), days: 1, scope: .event), now: now) else {
            return XCTFail("the event with the folded character was not moved: \(s.diagnostics)")
        }
        let after = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(after.diagnostics, [])
        XCTAssertEqual(after.occurrences(overlapping: november).first { $0.title == "Café" }?.span,
                       .allDay(first: CalendarDate(iso: "2026-11-11")!, end: CalendarDate(iso: "2026-11-12")!))
    }

    /// One Latin-1 byte: the file is read, the line named, the other events untouched; that
    /// event is not changed (its bytes would be), the others are, and the byte stays.
    func testALatin1ByteNamesItsLineAndTheRestIsRead() throws {
        let path = try file(Self.calendar(Self.event("a", Array("Caf".utf8) + [0xE9], day: "20261110"),
                                          Self.event("b", Array("Party".utf8), day: "20261112")))
        let s = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(s.diagnostics.map(\.line), [7], "\(s.diagnostics)")
        XCTAssertTrue(s.diagnostics.first?.message.contains("not UTF-8") == true)
        XCTAssertEqual(titles(s), ["Caf\u{FFFD}", "Party"])
        guard case let .refused(why) = s.move(EventMove(origin: EventOrigin(file: path, uid: "a"), days: 1, scope: .event), now: now) else {
            return XCTFail("the Latin-1 byte was rewritten")
        }
        XCTAssertTrue(why.contains("not UTF-8"), why)
        guard case .written = s.move(EventMove(origin: EventOrigin(file: path, uid: "b"), days: 1, scope: .event), now: now) else {
            return XCTFail("the other event was not moved")
        }
        XCTAssertTrue(bytes(path).starts(with: Self.calendar(Self.event("a", Array("Caf".utf8) + [0xE9], day: "20261110")).dropLast(15)),
                      "the Latin-1 byte is still there")
    }

    /// Control characters typed or pasted into a title do not reach the file; tabs and line
    /// ends become spaces. One in a file is not shown either.
    func testControlCharactersAreStrippedFromTitles() throws {
        let path = try file(Self.calendar(Self.event("a", Array("Bell".utf8) + [0x07] + Array("s".utf8), day: "20261110")))
        let s = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(titles(s), ["Bells"])
        guard case .written = s.rename(EventOrigin(file: path, uid: "a"), to: "Red\u{1B}[31m\tAlert\u{0}\u{85}!", now: now) else { return XCTFail("not renamed") }
        let text = String(decoding: bytes(path), as: UTF8.self)
        XCTAssertTrue(text.contains("SUMMARY:Red[31m Alert !\r\n"), text)
        guard case .written = s.create(NewEvent(title: "New\u{7F}\nline", span: .allDay(first: CalendarDate(iso: "2026-11-20")!, end: CalendarDate(iso: "2026-11-21")!)),
                                       in: path, now: now) else { return XCTFail("not created") }
        XCTAssertTrue(String(decoding: bytes(path), as: UTF8.self).contains("SUMMARY:New line\r\n"))
    }

    /// The writer takes titles up to the limit the field stops at, and refuses longer; the
    /// reader shows another program's longer title cut there and says so.
    func testTitlesStopAtTheSameLimitForTheWriterAndTheReader() throws {
        XCTAssertEqual(EventTitle.limit, 500)
        let path = try file(Self.calendar(Self.event("a", Array(String(repeating: "x", count: 600).utf8), day: "20261110")))
        let s = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(titles(s).first?.count, 500)
        XCTAssertEqual(s.diagnostics.count, 1)
        XCTAssertTrue(s.diagnostics.first?.message.contains("longer than 500") == true, "\(s.diagnostics)")
        guard case let .refused(why) = s.rename(EventOrigin(file: path, uid: "a"), to: String(repeating: "é", count: 501), now: now) else {
            return XCTFail("a title the reader would cut was written")
        }
        XCTAssertTrue(why.contains("500"), why)
        guard case .written = s.rename(EventOrigin(file: path, uid: "a"), to: String(repeating: "é", count: 500), now: now) else { return XCTFail("not renamed") }
        let again = ICalendarSource(files: [path], zone: berlin)
        XCTAssertEqual(titles(again), [String(repeating: "é", count: 500)], "read back whole")
        XCTAssertEqual(again.diagnostics, [])
    }
}
