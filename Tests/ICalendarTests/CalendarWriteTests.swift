import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// Writing a moved event back: for every fixture, a move changes the moved event's dates (and
/// SEQUENCE, DTSTAMP, LAST-MODIFIED, as RFC 5545 asks) and nothing else, as read by a parser
/// of the tests' own (`PlainICalendar`), not by libical.
final class CalendarWriteTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures").standardized
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A copy of `text` in the test's folder, under `name`.
    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".ics") }.sorted()
    }

    func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }

    /// The properties a move may change, per scope.
    static func changeable(_ scope: MoveScope) -> Set<String> {
        var names: Set<String> = ["DTSTART", "DTEND", "SEQUENCE", "DTSTAMP", "LAST-MODIFIED"]
        if scope == .allOccurrences { names.formUnion(["EXDATE", "RDATE", "RECURRENCE-ID", "RRULE"]) }
        return names
    }

    /// The day number of a DATE or DATE-TIME value (`20261105`, `20261105T090000Z`).
    static func day(_ value: String) -> Int? {
        let digits = value.prefix(8)
        guard digits.count == 8, let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
        return CalendarDate(year: y, month: m, day: d)?.daysSinceEpoch
    }

    /// Everything outside the moved event is equal; the moved event's components differ only in
    /// `changeable` properties, with their dates moved by exactly `days`. Returns the problems found.
    func compare(_ old: String, _ new: String, uid: String, scope: MoveScope, days: Int) -> [String] {
        let a = PlainICalendar(old).roots.map(\.normalized), b = PlainICalendar(new).roots.map(\.normalized)
        var problems: [String] = []
        guard a.count == b.count else { return ["\(a.count) top-level components became \(b.count)"] }
        for (ra, rb) in zip(a, b) {
            if ra.name != rb.name || ra.properties != rb.properties { problems.append("the calendar's own properties changed") }
            let others = { (c: PlainICalendar.Component) in c.name != "VEVENT" || c.first("UID")?.value.trimmingCharacters(in: .whitespaces) != uid }
            let keptA = ra.components.filter(others), keptB = rb.components.filter(others)
            if keptA.count != keptB.count { problems.append("other components: \(keptA.count) became \(keptB.count)") }
            for (x, y) in zip(keptA, keptB) where x != y {
                problems.append("\(x.name) \(x.identity) changed: " + differences(x, y))
            }
            let movedA = ra.components.filter { !others($0) }, movedB = rb.components.filter { !others($0) }
            let added = movedB.count - movedA.count
            if added != (scope == .thisOccurrence ? 1 : 0) && !(scope == .thisOccurrence && added == 0) {
                problems.append("the event had \(movedA.count) components and has \(movedB.count)")
            }
            var changed = 0
            for (x, y) in zip(movedA, movedB) where x != y {
                changed += 1
                problems += movedProblems(x, y, scope: scope, days: days)
            }
            let expected = scope == .allOccurrences ? movedA.count : scope == .event ? 1 : added == 1 ? 0 : 1
            if changed != expected { problems.append("\(changed) of the event's components changed, not \(expected)") }
            if added == 1, let master = movedA.first(where: { $0.first("RECURRENCE-ID") == nil }), let override = movedB.last {
                let kept = Self.changeable(.allOccurrences)
                if master.properties.filter({ !kept.contains($0.name) }) != override.properties.filter({ !kept.contains($0.name) }) {
                    problems.append("the new override differs from its series: " + differences(master, override))
                }
                if override.first("RRULE") != nil || override.first("RECURRENCE-ID") == nil { problems.append("the new override is not an override") }
                if override.first("RECURRENCE-ID")?.parameters != master.first("DTSTART")?.parameters {
                    problems.append("RECURRENCE-ID is not written like DTSTART")
                }
            }
        }
        return problems
    }

    func differences(_ x: PlainICalendar.Component, _ y: PlainICalendar.Component) -> String {
        Set(x.properties.map(\.description)).symmetricDifference(y.properties.map(\.description)).sorted().joined(separator: " | ")
            + (x.components != y.components ? " (and its subcomponents)" : "")
    }

    /// A changed component of the moved event: only changeable properties differ, dates move by
    /// `days` (a rule only in UNTIL), times of day stay, SEQUENCE goes up by one.
    func movedProblems(_ x: PlainICalendar.Component, _ y: PlainICalendar.Component, scope: MoveScope, days: Int) -> [String] {
        var problems: [String] = []
        let keep = Self.changeable(scope)
        let px = x.properties.filter { !keep.contains($0.name) }, py = y.properties.filter { !keep.contains($0.name) }
        if px != py { problems.append("\(x.identity): " + Set(px.map(\.description)).symmetricDifference(py.map(\.description)).sorted().joined(separator: " | ")) }
        if x.components != y.components { problems.append("\(x.identity): its alarms or other subcomponents changed") }
        for name in ["DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE", "RDATE"] where keep.contains(name) {
            let vx = x.all(name), vy = y.all(name)
            guard vx.count == vy.count else { problems.append("\(x.identity): \(vx.count) \(name) became \(vy.count)"); continue }
            let pairs = zip(vx.sorted { $0.value < $1.value }, vy.sorted { $0.value < $1.value })
            for (u, v) in pairs {
                if u.parameters != v.parameters { problems.append("\(x.identity): \(name)'s parameters changed: \(u) → \(v)") }
                let shifted = v.value.split(separator: ",").map { Self.day(String($0)) }
                let original = u.value.split(separator: ",").map { Self.day(String($0)) }
                if zip(original, shifted).contains(where: { a, b in a.map { $0 + days } != b }) { problems.append("\(x.identity): \(name) \(u.value) became \(v.value), not moved by \(days) days") }
                if u.value.split(separator: ",").map({ $0.dropFirst(8) }) != v.value.split(separator: ",").map({ $0.dropFirst(8) }) {
                    problems.append("\(x.identity): \(name)'s time of day changed: \(u.value) → \(v.value)")
                }
            }
        }
        if let rx = x.first("RRULE")?.value, let ry = y.first("RRULE")?.value {
            let strip = { (r: String) in r.split(separator: ";").filter { !$0.hasPrefix("UNTIL=") } }
            if strip(rx) != strip(ry) { problems.append("\(x.identity): the rule changed beyond UNTIL: \(rx) → \(ry)") }
        }
        let sequence = Int(x.first("SEQUENCE")?.value ?? "0") ?? 0
        if y.first("SEQUENCE")?.value != String(sequence + 1) { problems.append("\(x.identity): SEQUENCE \(sequence) became \(y.first("SEQUENCE")?.value ?? "nothing")") }
        for name in ["DTSTAMP", "LAST-MODIFIED"] where y.first(name)?.value != "20261118T110640Z" {
            problems.append("\(x.identity): \(name) is \(y.first(name)?.value ?? "missing"), not the time of the move")
        }
        return problems
    }

    /// One move of each kind the file allows: a standalone event, an override, a series' one
    /// occurrence and a whole series.
    func moves(in text: String, file: String) -> [EventMove] {
        let events = PlainICalendar(text).roots.flatMap { $0.components.filter { $0.name == "VEVENT" } }
        var out: [EventMove] = []
        func uid(_ c: PlainICalendar.Component) -> String? { c.first("UID")?.value.trimmingCharacters(in: .whitespaces) }
        let counts = Dictionary(grouping: events.compactMap(uid), by: { $0 }).mapValues(\.count)
        if let single = events.first(where: { uid($0) != nil && counts[uid($0)!] == 1 && $0.first("RRULE") == nil && $0.first("RECURRENCE-ID") == nil }) {
            out.append(EventMove(origin: EventOrigin(file: file, uid: uid(single)!), days: 3, scope: .event))
        }
        if let override = events.first(where: { uid($0) != nil && $0.first("RECURRENCE-ID") != nil }) {
            out.append(EventMove(origin: EventOrigin(file: file, uid: uid(override)!, recurrenceID: override.first("RECURRENCE-ID")!.value), days: -2, scope: .event))
        }
        if let series = events.first(where: { uid($0) != nil && $0.first("RRULE") != nil && $0.first("RECURRENCE-ID") == nil }),
           let start = series.first("DTSTART"), let day = Self.day(start.value) {
            let origin = EventOrigin(file: file, uid: uid(series)!, seriesDay: CalendarDate(daysSinceEpoch: day))
            out.append(EventMove(origin: origin, days: 1, scope: .thisOccurrence))
            out.append(EventMove(origin: origin, days: 7, scope: .allOccurrences))
        }
        return out
    }

    func testEveryFixtureKeepsAllButTheMovedEventsDates() throws {
        var tried = 0
        for name in try fixtureNames() {
            let original = text(Self.fixtures.appendingPathComponent(name).path)
            for move in moves(in: original, file: "") {
                let path = try file(name, original)
                var m = move
                m.origin.file = path
                let source = ICalendarSource(files: [path], zone: berlin)
                let outcome = source.move(m, now: now)
                if case let .refused(why) = outcome {
                    // Only files libical cannot read whole may be refused, and then nothing is written.
                    XCTAssertTrue(why.contains("libical"), "\(name) \(m.scope): \(why)")
                    XCTAssertEqual(text(path), original, "\(name): refused but written")
                    continue
                }
                tried += 1
                let problems = compare(original, text(path), uid: m.origin.uid, scope: m.scope, days: m.days)
                XCTAssertEqual(problems, [], "\(name), \(m.scope) of \(m.origin.uid)")
                XCTAssertEqual(text(path + "~"), original, "\(name): the backup is the previous version")
            }
        }
        XCTAssertGreaterThanOrEqual(tried, 15, "most fixtures can be written")
    }
}

/// What a move means, as the calendar shows it after the file is read again.
final class EventMoveTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("event-move-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func file(_ body: String) throws -> String {
        let url = folder.appendingPathComponent("cal.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\(body)END:VCALENDAR\r\n".utf8).write(to: url)
        return url.path
    }

    func month(_ s: String) -> ClosedRange<CalendarDate> { let m = CalendarMonth(iso: s)!; return m.firstDay...m.lastDay }

    func shown(_ s: ICalendarSource, _ m: String) -> [String] {
        s.occurrences(overlapping: month(m)).map { o -> String in
            switch o.span {
            case let .allDay(first, end): return "\(first)..\(end) \(o.title)"
            case let .timed(a, b): return "\(berlin.iso8601(a))..\(berlin.clock(b)) \(o.title)"
            }
        }.sorted()
    }

    func written(_ outcome: EditOutcome, file: StaticString = #filePath, line: UInt = #line) -> EventEdit? {
        if case let .written(e) = outcome { return e }
        XCTFail("not written: \(outcome)", file: file, line: line)
        return nil
    }

    static let weekly = """
        BEGIN:VEVENT\r
        UID:weekly\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Jour fixe\r
        DTSTART;TZID=Europe/Berlin:20261020T090000\r
        DTEND;TZID=Europe/Berlin:20261020T100000\r
        RRULE:FREQ=WEEKLY;UNTIL=20261124T080000Z\r
        EXDATE;TZID=Europe/Berlin:20261027T090000\r
        END:VEVENT\r

        """

    func testThisOccurrenceAddsAnOverrideAndUndoRemovesIt() throws {
        let path = try file(Self.weekly)
        let s = ICalendarSource(files: [path], zone: berlin)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let instance = try XCTUnwrap(s.occurrences(overlapping: month("2026-11")).first { $0.span == .timed(start: berlin.instant(of: CalendarDate(iso: "2026-11-10")!, hour: 9), end: berlin.instant(of: CalendarDate(iso: "2026-11-10")!, hour: 10)) })
        XCTAssertEqual(instance.origin?.seriesDay, CalendarDate(iso: "2026-11-10"))
        let edit = try XCTUnwrap(written(s.move(EventMove(origin: instance.origin!, days: 1, scope: .thisOccurrence), now: now)))
        XCTAssertEqual(shown(s, "2026-11"), [
            "2026-11-03T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-11T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-17T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-24T09:00:00+01:00..10:00 Jour fixe",
        ])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261110T090000"), text)
        // Undo: the override is gone again, the file says what it said.
        _ = try XCTUnwrap(written(s.apply(edit.reversed, now: now)))
        XCTAssertEqual(PlainICalendar(try String(contentsOfFile: path, encoding: .utf8)).roots.map(\.normalized), PlainICalendar(original).roots.map(\.normalized))
        XCTAssertTrue(shown(s, "2026-11").contains("2026-11-10T09:00:00+01:00..10:00 Jour fixe"))
        // Redo.
        _ = try XCTUnwrap(written(s.apply(edit, now: now)))
        XCTAssertTrue(shown(s, "2026-11").contains("2026-11-11T09:00:00+01:00..10:00 Jour fixe"))
    }

    /// The series moves by the same days, with its EXDATE and UNTIL, and keeps 09:00 in Berlin
    /// across the end of summer time (25 October 2026).
    func testAllOccurrencesKeepTheirWallClockAcrossDST() throws {
        let path = try file(Self.weekly)
        let s = ICalendarSource(files: [path], zone: berlin)
        let first = try XCTUnwrap(s.occurrences(overlapping: month("2026-10")).first)
        _ = try XCTUnwrap(written(s.move(EventMove(origin: first.origin!, days: 2, scope: .allOccurrences), now: now)))
        XCTAssertEqual(shown(s, "2026-10"), ["2026-10-22T09:00:00+02:00..10:00 Jour fixe"], "the 29th was excluded and moved with the series")
        XCTAssertEqual(shown(s, "2026-11"), [
            "2026-11-05T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-12T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-19T09:00:00+01:00..10:00 Jour fixe",
            "2026-11-26T09:00:00+01:00..10:00 Jour fixe",
        ], "UNTIL moved too, so the series keeps its last instance")
    }

    func testAnAllDayEventKeepsItsLengthInDays() throws {
        let path = try file("""
            BEGIN:VEVENT\r
            UID:trip\r
            DTSTAMP:20260101T000000Z\r
            SEQUENCE:4\r
            SUMMARY:Trip\r
            DTSTART;VALUE=DATE:20261028\r
            DTEND;VALUE=DATE:20261031\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT15M\r
            DESCRIPTION:Trip\r
            END:VALARM\r
            END:VEVENT\r

            """)
        let s = ICalendarSource(files: [path], zone: berlin)
        let trip = try XCTUnwrap(s.occurrences(overlapping: month("2026-10")).first)
        XCTAssertNil(trip.origin?.seriesDay)
        _ = try XCTUnwrap(written(s.move(EventMove(origin: trip.origin!, days: 5, scope: .event), now: now)))
        XCTAssertEqual(shown(s, "2026-11"), ["2026-11-02..2026-11-05 Trip"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("SEQUENCE:5"), text)
        XCTAssertTrue(text.contains("BEGIN:VALARM"), text)
    }
}
