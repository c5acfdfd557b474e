import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// A write changes only the bytes of the components it changes: for every fixture and the
/// sample, each event moved in turn leaves every byte outside the event's components as it was,
/// and inside them every line of a property the move does not change; undo gives back the file
/// byte for byte. Line ends, folding, case, X- properties, a byte order mark and an unusual
/// component order keep their form; new and removed events touch nothing else.
final class CalendarSpliceTests: XCTestCase {
    static let fixtures = CalendarWriteTests.fixtures
    static let sample = CalendarWriteTests.fixtures.appendingPathComponent("../../Assets/sample.ics").standardized
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-splice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }
    func file(_ name: String, _ content: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(content).write(to: url)
        return url.path
    }

    /// The file without the components of `uid`: what no change of that event may touch.
    static func outside(_ file: [UInt8], uid: String) -> [UInt8] {
        let map = CalendarText(bytes: file)
        return map.spliced(map.events.filter { $0.uid == uid }.map { .init(range: $0.range, bytes: []) })
    }

    /// A component's content lines, each with its original bytes (folding and line end), and
    /// its property name in capitals.
    static func lines(_ component: ArraySlice<UInt8>) -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = component.startIndex
        while i < component.endIndex {
            var end = i
            while end < component.endIndex, component[end] != 0x0A { end += 1 }
            end = min(end + 1, component.endIndex)
            if component[i] == 0x20 || component[i] == 0x09, !out.isEmpty {
                out[out.count - 1].1 += component[i..<end]
            } else {
                let name = String(decoding: component[i..<end].prefix { $0 != 0x3A && $0 != 0x3B }, as: UTF8.self).uppercased()
                out.append((name, Array(component[i..<end])))
            }
            i = end
        }
        return out
    }

    /// The value of the first `name` line, unfolded.
    static func value(of name: String, in lines: [(name: String, bytes: [UInt8])]) -> String? {
        guard let line = lines.first(where: { $0.name == name }) else { return nil }
        let text = String(decoding: CalendarText.unfolded(line.bytes[...]), as: UTF8.self)
        return PlainICalendar.property(text.trimmingCharacters(in: .newlines)).value
    }

    static let moveChanges: Set<String> = ["DTSTART", "DTEND", "DURATION", "SEQUENCE", "DTSTAMP", "LAST-MODIFIED"]

    /// The lines of `old` and `new` that are not of `changing` properties, byte for byte in order.
    func keptLines(_ old: ArraySlice<UInt8>, _ new: ArraySlice<UInt8>, changing: Set<String>) -> [String] {
        let a = Self.lines(old).filter { !changing.contains($0.name) }, b = Self.lines(new).filter { !changing.contains($0.name) }
        guard a.map(\.bytes) != b.map(\.bytes) else { return [] }
        let gone = a.filter { l in !b.contains { $0.bytes == l.bytes } }.map { String(decoding: $0.bytes, as: UTF8.self) }
        let came = b.filter { l in !a.contains { $0.bytes == l.bytes } }.map { String(decoding: $0.bytes, as: UTF8.self) }
        return ["lines changed or reordered; gone: \(gone), new: \(came)"]
    }

    /// Every move the file allows, one per event component: standalone events and overrides
    /// themselves, each series for one occurrence and for all.
    func moves(in content: [UInt8], file: String) -> [EventMove] {
        let map = CalendarText(bytes: content)
        var out: [EventMove] = []
        let counts = Dictionary(grouping: map.events.compactMap(\.uid), by: { $0 }).mapValues(\.count)
        for e in map.events {
            guard let uid = e.uid, !uid.isEmpty else { continue }
            let lines = Self.lines(map.bytes(of: e))
            let isSeries = lines.contains { $0.name == "RRULE" || $0.name == "RDATE" }
            if let rid = e.recurrenceID {
                out.append(EventMove(origin: EventOrigin(file: file, uid: uid, recurrenceID: rid), days: -2, scope: .event))
            } else if isSeries, let start = Self.value(of: "DTSTART", in: lines), let day = CalendarWriteTests.day(start) {
                let origin = EventOrigin(file: file, uid: uid, seriesDay: CalendarDate(daysSinceEpoch: day))
                out.append(EventMove(origin: origin, days: 1, scope: .thisOccurrence))
                out.append(EventMove(origin: origin, days: 7, scope: .allOccurrences))
            } else if counts[uid] == 1 {
                out.append(EventMove(origin: EventOrigin(file: file, uid: uid), days: 3, scope: .event))
            }
        }
        return out
    }

    /// Moves every event of `original` in turn (each on a fresh copy) and checks the bytes.
    /// Returns how many moves were written.
    /// Moves each event of `original` (with `every` n, only every nth) and checks the bytes.
    func checkEveryMove(_ original: [UInt8], name: String, every n: Int = 1) throws -> Int {
        var written = 0
        for (i, m) in moves(in: original, file: "").enumerated() where i % n == 0 {
            let path = try file(name, original)
            var move = m
            move.origin.file = path
            let source = ICalendarSource(files: [path], zone: berlin)
            let label = "\(name): \(move.scope) of \(move.origin.uid) \(move.origin.recurrenceID ?? "")"
            guard case let .written(edit) = source.move(move, now: now) else {
                // Only files libical cannot read whole are refused, and then nothing is written.
                if case let .refused(why) = source.move(move, now: now) { XCTAssertTrue(why.contains("libical"), "\(label): \(why)") }
                XCTAssertEqual(bytes(path), original, "\(label): refused but written")
                continue
            }
            written += 1
            let after = bytes(path)
            let uid = move.origin.uid
            XCTAssertEqual(Self.outside(after, uid: uid), Self.outside(original, uid: uid), "\(label): bytes outside the event changed")
            let old = CalendarText(bytes: original).events.filter { $0.uid == uid }, newMap = CalendarText(bytes: after)
            let new = newMap.events.filter { $0.uid == uid }
            var changing = Self.moveChanges
            if move.scope == .allOccurrences { changing.formUnion(["EXDATE", "RDATE", "RRULE", "RECURRENCE-ID"]) }
            for (o, n) in zip(old, new) {
                XCTAssertEqual(keptLines(CalendarText(bytes: original).bytes(of: o), newMap.bytes(of: n), changing: changing), [], "\(label): \(o.recurrenceID ?? "series")")
            }
            if new.count == old.count + 1, let series = old.first(where: { $0.recurrenceID == nil }), let override = new.first(where: { n in !old.contains { $0.recurrenceID == n.recurrenceID } }) {
                // A new override is its series' text but for its dates, rule and RECURRENCE-ID.
                changing.formUnion(["RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID"])
                XCTAssertEqual(keptLines(CalendarText(bytes: original).bytes(of: series), newMap.bytes(of: override), changing: changing), [], "\(label): the new override")
            } else {
                XCTAssertEqual(new.count, old.count, "\(label): components of the event added or lost")
            }
            // Undo gives the file back byte for byte.
            guard case .written = source.apply(edit.reversed, now: now) else { XCTFail("\(label): undo refused"); continue }
            XCTAssertEqual(bytes(path), original, "\(label): undo did not give the file back")
        }
        return written
    }

    func testEveryEventOfEveryFixtureAndTheSampleMovesInPlace() throws {
        var written = 0
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".ics") }.sorted()
        // Under the sanitizer every third move of each file: every fixture is still read, moved
        // and written there (the plain pass moves every event).
        let every = SanitizerPass.count(1, sanitized: 3)
        for name in names {
            written += try checkEveryMove(bytes(Self.fixtures.appendingPathComponent(name).path), name: name, every: every)
        }
        written += try checkEveryMove(bytes(Self.sample.path), name: "sample.ics", every: every)
        XCTAssertGreaterThanOrEqual(written, SanitizerPass.count(60, sanitized: 20), "most moves can be written")
    }

    /// One calendar in many forms: LF or CRLF, folded lines, lower-case names, X- properties, a
    /// byte order mark, events before the time zone, text after END:VCALENDAR.
    static func unusual(lineEnd: String, bom: Bool) -> [UInt8] {
        let lines = [
            "BEGIN:VCALENDAR", "PRODID:-//hand made//EN", "VERSION:2.0", "X-WR-CALNAME:Hand made",
            "BEGIN:VEVENT", "uid:walk", "summary:A walk with a title long enough that it was folded by hand at an odd pla",
            " ce, twice, and sti", "\tll goes on", "X-MY-APP-COLOR;X-PARAM=\"a:b\":teal", "dtstart;tzid=Europe/Berlin:20261110T090000",
            "DTEND;TZID=Europe/Berlin:20261110T100000", "DTSTAMP:20260101T000000Z", "CATEGORIES:one,two", "END:VEVENT",
            "BEGIN:VEVENT", "UID:weekly", "DTSTAMP:20260101T000000Z", "SUMMARY:Weekly", "DTSTART;VALUE=DATE:20261102",
            "RRULE:BYDAY=MO;FREQ=WEEKLY;COUNT=8", "EXDATE;VALUE=DATE:20261109,20261116", "SEQUENCE:2", "END:VEVENT",
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
            "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE",
            "END:VCALENDAR", "trailing words someone left here",
        ]
        return (bom ? CalendarText.bom : []) + Array((lines.joined(separator: lineEnd) + lineEnd).utf8)
    }

    func testUnusualFormsAreKept() throws {
        for (lineEnd, bom) in [("\r\n", false), ("\n", false), ("\n", true), ("\r\n", true)] {
            let original = Self.unusual(lineEnd: lineEnd, bom: bom)
            let form = "\(lineEnd == "\n" ? "LF" : "CRLF")\(bom ? " with BOM" : "")"
            let path = try file("hand.ics", original)
            let source = ICalendarSource(files: [path], zone: berlin)
            XCTAssertEqual(source.diagnostics.map(\.message), ["cannot read 'trailing words someone left here'"], form)
            XCTAssertEqual(source.occurrences(overlapping: CalendarDate(iso: "2026-11-10")!...CalendarDate(iso: "2026-11-10")!).map(\.uid), ["walk"], form)
            XCTAssertEqual(try checkEveryMove(original, name: "hand.ics"), 3, form)
            // One move, looked at closely.
            guard case .written = ICalendarSource(files: [path], zone: berlin).move(EventMove(origin: EventOrigin(file: path, uid: "walk"), days: 1, scope: .event), now: now) else {
                return XCTFail("\(form): not written")
            }
            let after = bytes(path), text = String(decoding: after, as: UTF8.self)
            XCTAssertEqual(after.starts(with: CalendarText.bom), bom, form)
            XCTAssertEqual(after.filter { $0 == 0x0D }.count, lineEnd == "\r\n" ? after.filter { $0 == 0x0A }.count : 0, "\(form): line ends as found")
            XCTAssertTrue(text.contains("DTSTART;TZID=Europe/Berlin:20261111T090000"), text)
            XCTAssertTrue(text.contains("X-MY-APP-COLOR;X-PARAM=\"a:b\":teal"), text)
            XCTAssertTrue(text.hasSuffix("END:VCALENDAR\(lineEnd)trailing words someone left here\(lineEnd)"), form)
        }
    }

    /// A component the move changes is found by its own text: another program changing another
    /// component of the same event meanwhile does not stop the move, and its change is kept.
    func testAMoveLandsWhenOnlyAnotherComponentOfTheEventChanged() throws {
        let event = { (rid: String, title: String) in
            "BEGIN:VEVENT\r\nUID:s\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(title)\r\nRECURRENCE-ID;VALUE=DATE:\(rid)\r\nDTSTART;VALUE=DATE:\(rid)\r\nEND:VEVENT\r\n"
        }
        let series = "BEGIN:VEVENT\r\nUID:s\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Course\r\nDTSTART;VALUE=DATE:20261102\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\nEND:VEVENT\r\n"
        let path = try file("cal.ics", Array(CalendarConflictTests.calendar(series, event("20261109", "Course A"), event("20261116", "Course B")).utf8))
        let source = ICalendarSource(files: [path], zone: berlin)
        let changed = CalendarConflictTests.calendar(series, event("20261109", "Course A"), event("20261116", "Course B, room changed"))
        try Data(changed.utf8).write(to: URL(fileURLWithPath: path))
        guard case .written = source.move(EventMove(origin: EventOrigin(file: path, uid: "s", recurrenceID: "20261109"), days: 1, scope: .event), now: now) else {
            return XCTFail("refused")
        }
        let text = String(decoding: bytes(path), as: UTF8.self)
        XCTAssertTrue(text.contains("Course B, room changed"), text)
        XCTAssertTrue(text.contains("SUMMARY:Course A\r\nRECURRENCE-ID;VALUE=DATE:20261109\r\nDTSTART;VALUE=DATE:20261110\r\n"), text)
    }

    func testANewEventIsAddedBeforeTheEndOfTheCalendarAndNothingElseChanges() throws {
        let original = Self.unusual(lineEnd: "\n", bom: true)
        let path = try file("hand.ics", original)
        let source = ICalendarSource(files: [path], zone: berlin)
        let day = CalendarDate(iso: "2026-11-20")!
        guard case let .written(edit) = source.create(NewEvent(title: "Dinner, at eight", span: .timed(start: berlin.instant(of: day, hour: 20), end: berlin.instant(of: day, hour: 22))), in: path, now: now) else {
            return XCTFail("not written")
        }
        let after = bytes(path)
        let end = try XCTUnwrap(CalendarText(bytes: original).calendarEnds.first)
        let added = try XCTUnwrap(CalendarText(bytes: after).events.last)
        XCTAssertEqual(added.range.lowerBound, end, "added where END:VCALENDAR was")
        XCTAssertEqual(Array(after[..<added.range.lowerBound]) + Array(after[added.range.upperBound...]), original, "nothing else changed")
        let lines = Self.lines(after[added.range])
        XCTAssertEqual(lines.map(\.name), ["BEGIN", "UID", "DTSTAMP", "SUMMARY", "DTSTART", "DTEND", "END"])
        XCTAssertFalse(after[added.range].contains(0x0D), "the file's LF line ends")
        XCTAssertEqual(String(decoding: lines[3].bytes, as: UTF8.self), "SUMMARY:Dinner\\, at eight\n")
        XCTAssertEqual(String(decoding: lines[4].bytes, as: UTF8.self), "DTSTART:20261120T190000Z\n")
        XCTAssertEqual(added.uid, edit.uid)
        XCTAssertEqual(source.occurrences(overlapping: day...day).map(\.title), ["Dinner, at eight"])
        guard case .written = source.apply(edit.reversed, now: now) else { return XCTFail("undo refused") }
        XCTAssertEqual(bytes(path), original)
        // An all-day event, in a CRLF file.
        let crlf = Self.unusual(lineEnd: "\r\n", bom: false)
        let other = try file("crlf.ics", crlf)
        let s2 = ICalendarSource(files: [other], zone: berlin)
        guard case .written = s2.create(NewEvent(title: "Holiday", span: .allDay(first: day, end: day.adding(days: 2))), in: other, now: now) else { return XCTFail("not written") }
        let text = String(decoding: bytes(other), as: UTF8.self)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:20261120\r\nDTEND;VALUE=DATE:20261122\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"), text)
        XCTAssertEqual(s2.occurrences(overlapping: day...day).map(\.title), ["Holiday"])
    }

    func testADeletedEventLeavesExactlyItsBytes() throws {
        let original = Self.unusual(lineEnd: "\r\n", bom: true)
        let path = try file("hand.ics", original)
        let source = ICalendarSource(files: [path], zone: berlin)
        let walk = try XCTUnwrap(CalendarText(bytes: original).events.first { $0.uid == "walk" })
        guard case let .written(edit) = source.delete(EventOrigin(file: path, uid: "walk"), now: now) else { return XCTFail("not written") }
        XCTAssertEqual(bytes(path), Array(original[..<walk.range.lowerBound]) + Array(original[walk.range.upperBound...]))
        XCTAssertEqual(source.occurrences(overlapping: CalendarDate(iso: "2026-11-10")!...CalendarDate(iso: "2026-11-10")!).map(\.uid), [])
        // Undo puts it back (before the end of the calendar).
        guard case .written = source.apply(edit.reversed, now: now) else { return XCTFail("undo refused") }
        XCTAssertEqual(source.occurrences(overlapping: CalendarDate(iso: "2026-11-10")!...CalendarDate(iso: "2026-11-10")!).map(\.uid), ["walk"])
        XCTAssertEqual(CalendarText(bytes: bytes(path)).events.first { $0.uid == "walk" }.map { Array(bytes(path)[$0.range]) }, Array(original[walk.range]))
        // A series goes with its overrides; deleting what is gone is refused.
        guard case .written = source.delete(EventOrigin(file: path, uid: "weekly"), now: now) else { return XCTFail("not written") }
        XCTAssertFalse(String(decoding: bytes(path), as: UTF8.self).contains("weekly"))
        guard case let .refused(why) = source.delete(EventOrigin(file: path, uid: "weekly"), now: now) else { return XCTFail("deleted twice") }
        XCTAssertTrue(why.contains("no longer in the file"), why)
    }

    /// A rename changes the title (folded and escaped by libical), SEQUENCE, DTSTAMP and
    /// LAST-MODIFIED of that event and no other byte of the file; undo gives back the file exactly.
    func testARenameChangesOnlyTheTitleLines() throws {
        let original = Self.unusual(lineEnd: "\r\n", bom: true)
        let path = try file("hand.ics", original)
        let source = ICalendarSource(files: [path], zone: berlin)
        let title = "Walk, then lunch; a longer title that libical folds at seventy-five octets for us"
        guard case let .written(edit) = source.rename(EventOrigin(file: path, uid: "walk"), to: title, now: now) else {
            return XCTFail("not written")
        }
        let after = bytes(path), text = String(decoding: after, as: UTF8.self)
        let walkBefore = try XCTUnwrap(CalendarText(bytes: original).events.first { $0.uid == "walk" })
        let walkAfter = try XCTUnwrap(CalendarText(bytes: after).events.first { $0.uid == "walk" })
        // Everything outside the event is byte for byte as it was.
        XCTAssertEqual(Array(after[..<walkAfter.range.lowerBound]), Array(original[..<walkBefore.range.lowerBound]))
        XCTAssertEqual(Array(after[walkAfter.range.upperBound...]), Array(original[walkBefore.range.upperBound...]))
        // Inside it, the lines that were not about the title or the change stay as written by hand.
        let inside = String(decoding: after[walkAfter.range], as: UTF8.self)
        for kept in ["uid:walk", "X-MY-APP-COLOR;X-PARAM=\"a:b\":teal", "dtstart;tzid=Europe/Berlin:20261110T090000", "CATEGORIES:one,two"] {
            XCTAssertTrue(inside.contains(kept), "\(kept) kept: \(inside)")
        }
        XCTAssertFalse(inside.contains("odd pla"), "the old title is gone")
        XCTAssertTrue(inside.contains("SEQUENCE:1"), inside)
        let shown = source.occurrences(overlapping: CalendarDate(iso: "2026-11-10")!...CalendarDate(iso: "2026-11-10")!)
        XCTAssertEqual(shown.map(\.title), [title], "read back with its comma and semicolon")
        XCTAssertTrue(text.hasSuffix("END:VCALENDAR\r\ntrailing words someone left here\r\n"))
        guard case .written = source.apply(edit.reversed, now: now) else { return XCTFail("undo refused") }
        XCTAssertEqual(bytes(path), original, "undo gives back the file byte for byte")
    }
}
