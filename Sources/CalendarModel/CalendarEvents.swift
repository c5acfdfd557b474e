import Foundation

/// When an occurrence happens. All-day occurrences are dates (iCalendar's DATE values: the end is
/// exclusive, so a one-day holiday on the 24th ends on the 25th); timed ones are instants in
/// seconds since 1970 UTC, shown in the display zone.
public enum EventSpan: Hashable, Sendable {
    case allDay(first: CalendarDate, end: CalendarDate)
    case timed(start: Int64, end: Int64)

    public var isAllDay: Bool { if case .allDay = self { return true }; return false }
}

/// One occurrence of a calendar event (a recurring event has many, all with the master's uid).
public struct EventOccurrence: Hashable, Sendable {
    public var uid: String
    public var title: String
    public var span: EventSpan
    /// The calendar it came from (X-WR-CALNAME or the file name).
    public var calendar: String
    /// Picks the colour of its marks (`Theme.tileColor`).
    public var colorIndex: Int
    /// Where it is stored, when it can be changed there (nil: a fixed list, or no UID to find it by).
    public var origin: EventOrigin?
    /// A cancelled occurrence of a series (STATUS:CANCELLED on its override): shown struck through.
    public var cancelled = false

    public init(uid: String, title: String, span: EventSpan, calendar: String = "", colorIndex: Int = 0, origin: EventOrigin? = nil) {
        self.uid = uid; self.title = title; self.span = span; self.calendar = calendar; self.colorIndex = colorIndex
        self.origin = origin
    }

    /// The instant it starts, all-day ones at the display zone's midnight: the order of the state dump.
    public func sortKey(in zone: DisplayZone) -> Int64 {
        switch span {
        case let .allDay(first, _): return zone.startOfDay(first)
        case let .timed(start, _): return start
        }
    }

    /// The days (in the display zone) it touches; a timed event ending at midnight does not touch the next day.
    public func days(in zone: DisplayZone) -> ClosedRange<CalendarDate> {
        switch span {
        case let .allDay(first, end):
            return first...max(first, end.adding(days: -1))
        case let .timed(start, end):
            let a = zone.day(of: start)
            return a...max(a, zone.day(of: max(start, end - 1)))
        }
    }

    public func overlaps(_ days: ClosedRange<CalendarDate>, in zone: DisplayZone) -> Bool {
        self.days(in: zone).overlaps(days)
    }
}

/// A problem met while loading a calendar: the file, the line where known, what went wrong.
public struct LoadDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    public init(file: String, line: Int? = nil, message: String) { self.file = file; self.line = line; self.message = message }
    public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
}

/// Where a calendar's events come from. The core knows only this; the iCalendar reader lives in
/// its own target so that the core links no C library.
public protocol EventSource: AnyObject {
    /// Every occurrence that touches one of `days` (in the display zone), each once, in any order.
    /// Sources expand recurrences here, so the cost follows the range asked for, not the calendar.
    func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence]
    /// What could not be read; every event that could be read is still served.
    var diagnostics: [LoadDiagnostic] { get }
    /// Does at most `budget` units of the work a later `occurrences(overlapping: days)` would do
    /// (a source decides what a unit is), so idle frames can prepare the next page. True when
    /// nothing is left to do.
    func prefetch(overlapping days: ClosedRange<CalendarDate>, budget: Int) -> Bool
}

extension EventSource {
    public func prefetch(overlapping days: ClosedRange<CalendarDate>, budget: Int) -> Bool { true }
}

/// A fixed list of occurrences (tests, and a calendar with no files).
public final class InMemoryEventSource: EventSource {
    public let all: [EventOccurrence]
    public let zone: DisplayZone
    public let diagnostics: [LoadDiagnostic]
    public private(set) var queries = 0

    public init(_ occurrences: [EventOccurrence], zone: DisplayZone, diagnostics: [LoadDiagnostic] = []) {
        all = occurrences; self.zone = zone; self.diagnostics = diagnostics
    }

    public func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] {
        queries += 1
        return all.filter { $0.overlaps(days, in: zone) }
    }
}

/// The display time zone: instants to days and wall-clock times, and back. Its offsets come from
/// the system's ICU (`ICUZone`), not from Foundation's `TimeZone`, whose ICU copy the calendar
/// would otherwise map for this alone.
public struct DisplayZone: Sendable {
    /// The zone's name as given ("Europe/Berlin", "US/Eastern", "UTC").
    public let identifier: String
    private let zone: ICUZone
    private let offsets: OffsetCache

    /// Nil when the system's ICU knows no zone by that name.
    public init?(identifier: String) {
        guard let zone = ICUZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
        offsets = OffsetCache()
    }

    /// Foundation's zone of the same name; a name the system's ICU does not know (a zone newer
    /// than its data) gets the fixed offset the zone has now.
    public init(_ timeZone: TimeZone) {
        self.init(identifier: SystemICU.knowsZone(timeZone.identifier) ? timeZone.identifier : DisplayZone.fixedName(timeZone))!
    }

    /// "GMT+05:30": the offset `timeZone` has now, as a zone name ICU takes.
    private static func fixedName(_ timeZone: TimeZone) -> String {
        let seconds = timeZone.secondsFromGMT(), sign = seconds < 0 ? "-" : "+", p = CalendarDate.pad
        return "GMT\(sign)\(p(abs(seconds) / 3600, 2)):\(p(abs(seconds) / 60 % 60, 2))"
    }

    public static let utc = DisplayZone(identifier: "UTC")!

    /// The zone as Foundation's `TimeZone`, made when asked (for code that wants one; the calendar
    /// itself does not).
    public var timeZone: TimeZone { TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)! }

    /// The zone the system is set to, as Foundation's `TimeZone.current` finds it on Linux: `TZ`
    /// (":Europe/Berlin" and a path under zoneinfo count), else the zone `/etc/localtime` links
    /// to, else the name in `/etc/timezone`, else UTC. A name the system's ICU does not know is
    /// passed over.
    public static func systemIdentifier(environment: [String: String] = ProcessInfo.processInfo.environment,
                                        localtime: String = "/etc/localtime", timezoneFile: String = "/etc/timezone") -> String {
        func zoneName(_ text: String) -> String? {
            var name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.hasPrefix(":") { name.removeFirst() }
            if let r = name.range(of: "zoneinfo/", options: .backwards) { name = String(name[r.upperBound...]) }
            if name.hasPrefix("posix/") { name.removeFirst(6) }
            return !name.isEmpty && !name.hasPrefix("/") && ICUZone(identifier: name) != nil ? name : nil
        }
        if let tz = environment["TZ"], let name = zoneName(tz) { return name }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime), let name = zoneName(target) { return name }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8), let name = zoneName(text) { return name }
        return "UTC"
    }

    /// Seconds east of UTC at `instant`. ICU answers in microseconds a call; a calendar asks
    /// thousands of times a page, so whole UTC days with one offset are remembered.
    public func offset(at instant: Int64) -> Int64 {
        let day = instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400
        let known = offsets.value(day)
        if known != OffsetCache.unknown { return known == OffsetCache.transition ? exactOffset(at: instant) : known }
        let a = exactOffset(at: day * 86_400), b = exactOffset(at: day * 86_400 + 86_399)
        // A day with a transition keeps asking ICU; every other day is one look-up.
        offsets.set(day, a == b ? a : OffsetCache.transition)
        return a == b ? a : exactOffset(at: instant)
    }

    private func exactOffset(at instant: Int64) -> Int64 { zone.offset(at: instant) }

    public func day(of instant: Int64) -> CalendarDate {
        let local = instant + offset(at: instant)
        return CalendarDate(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// The instant of a wall-clock time in this zone. In a gap (spring forward) it lands after the
    /// gap; in an overlap (fall back) it takes the first of the two.
    public func instant(of date: CalendarDate, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let before = offset(at: local - 86_400), after = offset(at: local + 86_400)
        if offset(at: local - before) == before { return local - before }
        if offset(at: local - after) == after { return local - after }
        // A wall time skipped by a spring-forward: read with the old offset, it lands after the gap.
        return local - before
    }

    public func startOfDay(_ date: CalendarDate) -> Int64 { instant(of: date) }

    /// Hours, minutes and seconds of the wall clock at `instant`.
    public func timeOfDay(_ instant: Int64) -> (hour: Int, minute: Int, second: Int) {
        let local = instant + offset(at: instant)
        let s = Int(((local % 86_400) + 86_400) % 86_400)
        return (s / 3600, s / 60 % 60, s % 60)
    }

    /// `2026-11-21T09:00:00+01:00`.
    public func iso8601(_ instant: Int64) -> String {
        let t = timeOfDay(instant)
        let off = Int(offset(at: instant))
        let sign = off < 0 ? "-" : "+"
        let p = CalendarDate.pad
        return "\(day(of: instant))T\(p(t.hour, 2)):\(p(t.minute, 2)):\(p(t.second, 2))\(sign)\(p(abs(off) / 3600, 2)):\(p(abs(off) / 60 % 60, 2))"
    }

    /// `09:30`.
    public func clock(_ instant: Int64) -> String {
        let t = timeOfDay(instant)
        return "\(CalendarDate.pad(t.hour, 2)):\(CalendarDate.pad(t.minute, 2))"
    }
}

/// Carries a way to load the calendar through `SceneConfig` (a Sendable value); the scene calls it
/// when it is first shown, so other scenes never pay for parsing.
public struct EventSourceBox: Sendable {
    public let load: @Sendable (DisplayZone) -> any EventSource
    /// Where the executable posts the calendar again after its files change on disk (nil: never).
    public var updates: EventSourceMailbox?
    public init(_ load: @escaping @Sendable (DisplayZone) -> any EventSource) { self.load = load }
    /// A source made already: handed over whole (`sending`), so no one else holds it.
    public init(_ source: sending any EventSource) {
        let handed = Disconnected(source)
        self.load = { _ in handed.value }
    }
}

/// Offsets of whole UTC days, in blocks of 1,024 consecutive days: a calendar asks for the
/// same few thousand days over and over, and an array look-up (after one hash per block, none
/// when the block is the last one used) costs a fraction of hashing every day. Used by one
/// thread at a time (a source parsed on another thread is handed over whole).
final class OffsetCache: @unchecked Sendable {
    /// A day not looked up yet, and a day with a transition (no real offset is this far from UTC).
    static let unknown = Int64.min + 1, transition = Int64.min
    private static let shift: Int64 = 10, size = 1 << 10
    private var blocks: [Int64: UnsafeMutablePointer<Int64>] = [:]
    private var lastKey = Int64.min
    private var last: UnsafeMutablePointer<Int64>?

    deinit { for b in blocks.values { b.deallocate() } }

    @inline(__always) private func block(_ day: Int64, create: Bool) -> UnsafeMutablePointer<Int64>? {
        let key = day >> OffsetCache.shift
        if key == lastKey { return last }
        var b = blocks[key]
        if b == nil {
            guard create else { return nil }
            let fresh = UnsafeMutablePointer<Int64>.allocate(capacity: OffsetCache.size)
            fresh.initialize(repeating: OffsetCache.unknown, count: OffsetCache.size)
            blocks[key] = fresh
            b = fresh
        }
        lastKey = key
        last = b
        return b
    }

    /// The offset remembered for `day`, `transition`, or `unknown`.
    func value(_ day: Int64) -> Int64 {
        guard let b = block(day, create: false) else { return OffsetCache.unknown }
        return b[Int(day & Int64(OffsetCache.size - 1))]
    }

    func set(_ day: Int64, _ value: Int64) {
        block(day, create: true)![Int(day & Int64(OffsetCache.size - 1))] = value
    }
}
