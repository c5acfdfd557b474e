import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

private extension EventOccurrence {
    var firstDay: CalendarDate {
        if case let .allDay(first, _) = span { return first }
        return CalendarDate(daysSinceEpoch: 0)
    }
}

/// Moving all occurrences of a series by days moves its pattern: the days its rule names move
/// with DTSTART, so the series keeps its number of occurrences and their spacing.
final class CalendarSeriesMoveTests: XCTestCase {
    let zone = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-series-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Writes a series, moves all of it by `days`, and gives the file's RRULE line and the days
    /// of its occurrences in the year after DTSTART.
    func moved(start: String, rule: String, days: Int) throws -> (rule: String, days: [CalendarDate], before: [CalendarDate]) {
        let path = folder.appendingPathComponent("series.ics").path
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTAMP:20260101T000000Z\r\n"
            + "SUMMARY:Series\r\nDTSTART;VALUE=DATE:\(start)\r\nRRULE:\(rule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let first = try XCTUnwrap(CalendarDate(iso: String(start.prefix(4)) + "-" + String(start.dropFirst(4).prefix(2)) + "-" + String(start.suffix(2))))
        let range = first.adding(days: -10)...first.adding(days: 400)
        let s = ICalendarSource(files: [path], zone: zone)
        let before = s.occurrences(overlapping: range).map(\.firstDay).sorted()
        guard case .written = s.move(EventMove(origin: EventOrigin(file: path, uid: "s", seriesDay: first), days: days, scope: .allOccurrences), now: now) else {
            XCTFail("not written"); return ("", [], before)
        }
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let line = written.components(separatedBy: "\r\n").first { $0.hasPrefix("RRULE:") } ?? ""
        let after = ICalendarSource(files: [path], zone: zone).occurrences(overlapping: range).map(\.firstDay).sorted()
        return (line, after, before)
    }

    /// The case: Tuesdays and Thursdays, eight times, a day later: Wednesdays and
    /// Fridays, eight times (not one Wednesday and then Tuesdays and Thursdays, nine times).
    func testATuesdayThursdaySeriesADayLaterIsWednesdayFriday() throws {
        let r = try moved(start: "20261103", rule: "FREQ=WEEKLY;COUNT=8;BYDAY=TU,TH", days: 1)
        XCTAssertTrue(r.rule.contains("BYDAY=WE,FR"), r.rule)
        XCTAssertEqual(r.days.count, 8)
        XCTAssertEqual(Set(r.days.map(\.isoWeekday)), [3, 5], "Wednesdays and Fridays")
        XCTAssertEqual(r.days, r.before.map { $0.adding(days: 1) }, "every occurrence a day later")
    }

    func testMonthDaysMoveWithTheStart() throws {
        let r = try moved(start: "20261110", rule: "FREQ=MONTHLY;COUNT=6;BYMONTHDAY=10,20", days: 1)
        XCTAssertTrue(r.rule.contains("BYMONTHDAY=11,21"), r.rule)
        XCTAssertEqual(r.days, r.before.map { $0.adding(days: 1) })
        let back = try moved(start: "20261110", rule: "FREQ=MONTHLY;COUNT=6;BYMONTHDAY=10,20", days: -3)
        XCTAssertTrue(back.rule.contains("BYMONTHDAY=7,17"), back.rule)
        XCTAssertEqual(back.days, back.before.map { $0.adding(days: -3) })
    }

    /// 31 March a day later is 1 April: the month moves with the day.
    func testAYearlyDateAcrossAMonthEndMovesItsMonth() throws {
        let r = try moved(start: "20270331", rule: "FREQ=YEARLY;COUNT=3;BYMONTH=3;BYMONTHDAY=31", days: 1)
        XCTAssertTrue(r.rule.contains("BYMONTHDAY=1") && r.rule.contains("BYMONTH=4"), r.rule)
        XCTAssertEqual(r.days, r.before.map { $0.adding(days: 1) })
    }

    /// The second Tuesday a day later: the second Wednesday, taken from the new start.
    func testAnOrdinalWeekdayTakesItsOrdinalFromTheNewStart() throws {
        let r = try moved(start: "20261110", rule: "FREQ=MONTHLY;COUNT=4;BYDAY=2TU", days: 1)
        XCTAssertTrue(r.rule.contains("BYDAY=2WE"), r.rule)
        XCTAssertEqual(r.days.first, CalendarDate(iso: "2026-11-11"))
        XCTAssertEqual(r.days.count, 4)
        XCTAssertEqual(Set(r.days.map(\.isoWeekday)), [3])
    }

    func testYearDaysMoveWithTheStart() throws {
        // Day 300 of 2026 is 27 October.
        let r = try moved(start: "20261027", rule: "FREQ=YEARLY;COUNT=3;BYYEARDAY=300", days: 2)
        XCTAssertTrue(r.rule.contains("BYYEARDAY=302"), r.rule)
        XCTAssertEqual(r.days.first, CalendarDate(iso: "2026-10-29"))
        XCTAssertEqual(r.days, r.before.map { $0.adding(days: 2) })
    }
}
