import CLibical
import CalendarModel
import Foundation

/// Calendars read from iCalendar (RFC 5545) files with libical. Loading parses the files and
/// indexes their events; recurring events are expanded only for the days asked for (libical's
/// recurrence iterator, started near the range), with EXDATE, RDATE and RECURRENCE-ID overrides
/// applied. TZID times use the file's VTIMEZONE blocks or the system's tzdata, UTC times are
/// exact, and floating times are read in the display zone.
///
/// Problems are collected as diagnostics with the file and, where known, the line; every event
/// that can be read is kept.
public final class ICalendarSource: EventSource {
    public let zone: DisplayZone
    public private(set) var diagnostics: [LoadDiagnostic] = []
    /// Parsed calendars; zones and rules below point into them, so they live as long as the source.
    private var roots: [OpaquePointer] = []
    /// Non-recurring occurrences (and overrides of single instances), by first day.
    private var singles: [EventOccurrence] = []
    private var singleFirstDays: [Int] = []
    private var longestSingleDays = 0
    private var recurring: [RecurringEvent] = []
    private var sorted = true
    public private(set) var eventCount = 0

    /// Rules that never stop (or would stop after absurdly many steps) are cut here per query.
    static let iterationLimit = 100_000

    public init(zone: DisplayZone) {
        self.zone = zone
        // libical may be built to abort on errors; a malformed file must never end the app.
        icalerror_set_errors_are_fatal(0)
    }

    /// Reads each file; unreadable ones become diagnostics.
    public convenience init(files: [String], zone: DisplayZone) {
        self.init(zone: zone)
        for f in files { load(file: f) }
    }

    deinit { for r in roots { icalcomponent_free(r) } }

    public func load(file path: String) {
        let name = path
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let why = !FileManager.default.fileExists(atPath: path, isDirectory: &isDir) ? "no such file"
                : isDir.boolValue ? "is a directory" : "cannot be read (permissions?)"
            diagnostics.append(LoadDiagnostic(file: name, message: "cannot open calendar: \(why)"))
            return
        }
        load(data: data, name: name, calendarName: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    public func load(text: String, name: String) {
        load(data: Data(text.utf8), name: name, calendarName: name)
    }

    // MARK: Parsing

    private func load(data: Data, name: String, calendarName: String) {
        let before = diagnostics.count
        read(data: data, name: name, calendarName: calendarName)
        // A file's problems in the order of its lines, so the first one named is the first one met.
        let mine = diagnostics[before...].enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
        diagnostics.replaceSubrange(before..., with: mine.map(\.element))
    }

    private func read(data: Data, name: String, calendarName: String) {
        if data.contains(0) {
            diagnostics.append(LoadDiagnostic(file: name, message: "not an iCalendar file (it contains binary data)"))
            return
        }
        guard String(data: data, encoding: .utf8) != nil else {
            diagnostics.append(LoadDiagnostic(file: name, message: "not an iCalendar file (it is not UTF-8 text)"))
            return
        }
        let lines = ICalendarSource.unfold([UInt8](data))
        guard lines.contains(where: { $0.hasPrefix("BEGIN:VCALENDAR") }) else {
            diagnostics.append(LoadDiagnostic(file: name, line: lines.isEmpty ? nil : 1,
                                              message: lines.isEmpty ? "the file is empty" : "not an iCalendar file (no BEGIN:VCALENDAR)"))
            return
        }

        let parser = icalparser_new()
        defer { icalparser_free(parser) }
        var parsed: [OpaquePointer] = []
        var eventLines: [Int] = []
        var open: [String] = []
        for line in lines {
            if line.hasPrefix("BEGIN:") {
                open.append(String(decoding: line.bytes.dropFirst(6), as: UTF8.self).uppercased())
                if line.hasPrefix("BEGIN:VEVENT") { eventLines.append(line.number) }
            } else if line.hasPrefix("END:"), !open.isEmpty {
                open.removeLast()
            }
            // libical reads the line during the call and keeps copies of what it needs (it never
            // frees the line; AddressSanitizer saw every malloc'd copy leak), so a temporary
            // NUL-terminated buffer is enough.
            var cLine = line.bytes.map { CChar(bitPattern: $0) } + [0]
            let component = icalparser_add_line(parser, &cLine)
            if icalparser_get_state(parser) == ICALPARSER_ERROR { lineErrors.append((line.number, line.text)) }
            if let component { parsed.append(component) }
        }
        if !open.isEmpty {
            diagnostics.append(LoadDiagnostic(file: name, line: lines.last?.number,
                                              message: "the file ends inside a component (missing END lines; cut short?)"))
            // Closing what is open lets the parser hand back what it read, through its normal path.
            for component in open.reversed() {
                var end = Array("END:\(component)".utf8CString)
                if let c = icalparser_add_line(parser, &end) { parsed.append(c) }
            }
        }

        var eventIndex = 0
        defer {
            // Lines libical refused that no event's error message explained.
            for e in lineErrors {
                diagnostics.append(LoadDiagnostic(file: name, line: e.line, message: "cannot read '\(ICalendarSource.clip(e.text))'"))
            }
            lineErrors.removeAll()
        }
        for root in parsed {
            roots.append(root)
            guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else {
                diagnostics.append(LoadDiagnostic(file: name, message: "a component outside BEGIN:VCALENDAR was ignored"))
                continue
            }
            let calendar = ICalendarSource.xProperty(root, "X-WR-CALNAME") ?? calendarName
            var event = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
            while let e = event {
                let line = eventIndex < eventLines.count ? eventLines[eventIndex] : nil
                read(event: e, root: root, calendar: calendar, file: name, line: line, index: eventIndex)
                eventIndex += 1
                event = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
            }
        }
        sorted = false
        prefetching = nil
        // Overrides may come before or after their master, so what survives is settled after reading.
        expansions.removeAll()
        for i in recurring.indices {
            let r = recurring[i]
            recurring[i].extraKeys = ([r.start] + r.rdates).compactMap { survivingKey($0, of: r) }
        }
    }

    /// One content line after unfolding, as bytes (the file's UTF-8), with the line it began on.
    struct ContentLine {
        var number: Int
        var bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// ASCII case-insensitive, as iCalendar names are.
        func hasPrefix(_ prefix: StaticString) -> Bool {
            let n = prefix.utf8CodeUnitCount
            guard bytes.count >= n else { return false }
            let p = prefix.utf8Start
            for i in 0..<n {
                var b = bytes[i]
                if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                if b != p[i] { return false }
            }
            return true
        }
    }

    /// Joins folded lines (a line starting with a space or tab continues the previous one),
    /// remembering where each logical line began so problems can name it. Works on bytes: a
    /// large calendar has tens of thousands of lines.
    static func unfold(_ data: [UInt8]) -> [ContentLine] {
        var out: [ContentLine] = []
        var number = 0
        var i = 0
        while i < data.count {
            number += 1
            var end = i
            while end < data.count, data[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > i, data[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > i {
                if (data[i] == 0x20 || data[i] == 0x09), !out.isEmpty {
                    out[out.count - 1].bytes.append(contentsOf: data[(i + 1)..<lineEnd])
                } else {
                    out.append(ContentLine(number: number, bytes: Array(data[i..<lineEnd])))
                }
            }
            i = end + 1
        }
        return out
    }

    static func clip(_ s: String) -> String { s.count > 60 ? s.prefix(57) + "..." : s }

    static func xProperty(_ c: OpaquePointer, _ name: String) -> String? {
        var p = icalcomponent_get_first_property(c, ICAL_X_PROPERTY)
        while let prop = p {
            if let n = icalproperty_get_x_name(prop), String(cString: n).uppercased() == name,
               let v = icalproperty_get_x(prop) { return String(cString: v) }
            p = icalcomponent_get_next_property(c, ICAL_X_PROPERTY)
        }
        return nil
    }

    // MARK: Events

    private func read(event e: OpaquePointer, root: OpaquePointer, calendar: String, file: String, line: Int?, index: Int) {
        let title = icalcomponent_get_summary(e).map { String(cString: $0) } ?? "(no title)"
        func problem(_ message: String) {
            diagnostics.append(LoadDiagnostic(file: file, line: line, message: "event '\(ICalendarSource.clip(title))': \(message)"))
        }
        var err = icalcomponent_get_first_property(e, ICAL_XLICERROR_PROPERTY)
        var startError: Int?
        while let p = err {
            if let m = icalproperty_get_xlicerror(p) {
                let message = String(cString: m)
                if explain(message, file: file, fallbackLine: line, title: title), message.contains("DTSTART") {
                    startError = diagnostics.count - 1
                }
            }
            err = icalcomponent_get_next_property(e, ICAL_XLICERROR_PROPERTY)
        }
        let uid = icalcomponent_get_uid(e).map { String(cString: $0) } ?? "\(file)#\(index + 1)"
        guard let startProp = icalcomponent_get_first_property(e, ICAL_DTSTART_PROPERTY) else {
            // When libical dropped an unreadable DTSTART, that message says it all.
            if let i = startError { diagnostics[i].message += "; the event is skipped" } else { problem("no DTSTART; skipped") }
            return
        }
        guard let start = time(of: startProp, root: root, value: icalproperty_get_dtstart(startProp), problem: problem),
              !isNull(start), icaltime_is_valid_time(start) != 0 else {
            problem("DTSTART is not a valid date or time; skipped"); return
        }
        let isDate = start.is_date != 0
        // The length of every occurrence: whole days for all-day events, seconds for timed ones.
        var length: Int64 = isDate ? 1 : 0
        if let endProp = icalcomponent_get_first_property(e, ICAL_DTEND_PROPERTY) {
            if let end = time(of: endProp, root: root, value: icalproperty_get_dtend(endProp), problem: problem), !isNull(end) {
                length = isDate ? Int64(dayNumber(end) - dayNumber(start)) : instant(end) - instant(start)
            }
        } else if let durProp = icalcomponent_get_first_property(e, ICAL_DURATION_PROPERTY) {
            let seconds = Int64(icaldurationtype_as_int(icalproperty_get_duration(durProp)))
            length = isDate ? seconds / 86_400 : seconds
        }
        if length < 0 { problem("it ends before it starts; shown with no length"); length = isDate ? 1 : 0 }
        if isDate && length == 0 { length = 1 }

        let category = icalcomponent_get_first_property(e, ICAL_CATEGORIES_PROPERTY)
            .flatMap { icalproperty_get_categories($0) }.map { String(cString: $0) }
        let color = ICalendarSource.colorIndex(category ?? calendar)
        let proto = EventOccurrence(uid: uid, title: title, span: .timed(start: 0, end: 0), calendar: calendar, colorIndex: color)
        eventCount += 1

        let cancelled = icalcomponent_get_first_property(e, ICAL_STATUS_PROPERTY).map { icalproperty_get_status($0) == ICAL_STATUS_CANCELLED } ?? false
        if let ridProp = icalcomponent_get_first_property(e, ICAL_RECURRENCEID_PROPERTY) {
            // An override: it replaces (or, cancelled, removes) the master's instance at RECURRENCE-ID.
            if let rid = time(of: ridProp, root: root, value: icalproperty_get_recurrenceid(ridProp), problem: problem) {
                overrides[uid, default: []].insert(rid.is_date != 0 ? Int64(dayNumber(rid)) : instant(rid))
                overrideDays[uid, default: []].insert(dayNumber(rid))
            } else {
                problem("RECURRENCE-ID is not a valid time")
            }
            if !cancelled { addSingle(proto, start: start, length: length) }
            return
        }

        var rules: [icalrecurrencetype] = []
        var p = icalcomponent_get_first_property(e, ICAL_RRULE_PROPERTY)
        while let prop = p {
            let rule = icalproperty_get_rrule(prop)
            if rule.freq == ICAL_NO_RECURRENCE { problem("RRULE cannot be read; only the first occurrence is shown") } else { rules.append(rule) }
            p = icalcomponent_get_next_property(e, ICAL_RRULE_PROPERTY)
        }
        var exdates = Set<Int64>(), exdays = Set<Int>()
        p = icalcomponent_get_first_property(e, ICAL_EXDATE_PROPERTY)
        while let prop = p {
            if let t = time(of: prop, root: root, value: icalproperty_get_exdate(prop), problem: problem), !isNull(t) {
                if t.is_date != 0 { exdays.insert(dayNumber(t)) } else { exdates.insert(instant(t)) }
            }
            p = icalcomponent_get_next_property(e, ICAL_EXDATE_PROPERTY)
        }
        var rdates: [icaltimetype] = []
        p = icalcomponent_get_first_property(e, ICAL_RDATE_PROPERTY)
        while let prop = p {
            let v = icalproperty_get_rdate(prop)
            let raw = isNull(v.time) ? v.period.start : v.time
            if let t = time(of: prop, root: root, value: raw, problem: problem), !isNull(t) { rdates.append(t) }
            p = icalcomponent_get_next_property(e, ICAL_RDATE_PROPERTY)
        }
        if rules.isEmpty && rdates.isEmpty {
            if !cancelled { addSingle(proto, start: start, length: length) }
            return
        }
        if cancelled { return }
        let first = isDate ? Int64(dayNumber(start)) * 86_400 : instant(start)
        recurring.append(RecurringEvent(id: recurring.count, proto: proto, firstStart: first, start: start, length: length,
                                        rules: rules, rdates: rdates, exdates: exdates, exdays: exdays,
                                        until: ICalendarSource.lastStart(rules, source: self)))
    }

    /// Lines the parser flagged while reading the current file, waiting for libical's explanation.
    private var lineErrors: [(line: Int, text: String)] = []

    /// Reports libical's message for a refused line with that line's number, found by the text the
    /// message quotes.
    @discardableResult
    private func explain(_ message: String, file: String, fallbackLine: Int?, title: String) -> Bool {
        // Cut-short files are reported once, for the whole file.
        if message.hasPrefix("Missing END tag") { return false }
        var line = fallbackLine
        let quoted = message.components(separatedBy: ": ").last?.trimmingCharacters(in: .whitespaces) ?? ""
        if !quoted.isEmpty, let i = lineErrors.firstIndex(where: { $0.text.contains(quoted) }) {
            line = lineErrors[i].line
            lineErrors.remove(at: i)
        }
        let clean = message.replacingOccurrences(of: ". Removing entire property:", with: " (ignored):")
        diagnostics.append(LoadDiagnostic(file: file, line: line, message: "event '\(ICalendarSource.clip(title))': \(clean)"))
        return true
    }

    private var overrides: [String: Set<Int64>] = [:]
    private var overrideDays: [String: Set<Int>] = [:]

    /// The value of a date or date-time property with its TZID resolved: the file's VTIMEZONE
    /// first, then the system's zones. An unknown TZID is reported and read as floating time.
    private func time(of prop: OpaquePointer, root: OpaquePointer, value: icaltimetype, problem: (String) -> Void) -> icaltimetype? {
        var t = value
        if isNull(t) { return nil }
        if let param = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER), let raw = icalparameter_get_tzid(param) {
            let tzid = String(cString: raw)
            if let z = icalcomponent_get_timezone(root, raw) ?? icaltimezone_get_builtin_timezone(raw)
                ?? icaltimezone_get_builtin_timezone_from_tzid(raw) {
                t.zone = z
            } else if t.is_date == 0 {
                reportedZones.insert(tzid).inserted ? problem("unknown time zone '\(tzid)'; its times are read in the display zone") : ()
                t.zone = nil
            }
        }
        return t
    }
    private var reportedZones = Set<String>()

    /// A date's day number (days since 1970-01-01), ignoring any time.
    func dayNumber(_ t: icaltimetype) -> Int {
        CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))?.daysSinceEpoch ?? 0
    }

    /// The instant of a date-time: through its zone, or in the display zone when floating.
    func instant(_ t: icaltimetype) -> Int64 {
        if let z = t.zone { return Int64(icaltime_as_timet_with_zone(t, z)) }
        guard let d = CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) else { return 0 }
        return zone.instant(of: d, hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
    }

    private func span(start t: icaltimetype, length: Int64) -> EventSpan {
        if t.is_date != 0 {
            let d = CalendarDate(daysSinceEpoch: dayNumber(t))
            return .allDay(first: d, end: d.adding(days: Int(length)))
        }
        let s = instant(t)
        return .timed(start: s, end: s + length)
    }

    private func addSingle(_ proto: EventOccurrence, start: icaltimetype, length: Int64) {
        var o = proto
        o.span = span(start: start, length: length)
        let days = o.days(in: zone)
        singles.append(o)
        longestSingleDays = max(longestSingleDays, days.lowerBound.days(until: days.upperBound))
    }

    /// The last possible start of a rule set with UNTIL everywhere; nil when any rule is open-ended
    /// or counted (the iterator finds a COUNT's end).
    static func lastStart(_ rules: [icalrecurrencetype], source: ICalendarSource) -> Int64? {
        var latest: Int64 = .min
        for r in rules {
            guard r.count == 0, !isNull(r.until) else { return nil }
            latest = max(latest, r.until.is_date != 0 ? Int64(source.dayNumber(r.until) + 1) * 86_400 + 86_400 * 2 : source.instant(r.until))
        }
        return rules.isEmpty ? nil : latest
    }

    /// A stable colour slot from a name (Swift's own hashes change between runs).
    static func colorIndex(_ name: String) -> Int {
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return Int(h % 97)
    }

    // MARK: Queries

    private func sortSingles() {
        guard !sorted else { return }
        let order = singles.map { $0.days(in: zone).lowerBound.daysSinceEpoch }.enumerated().sorted { $0.element < $1.element }
        singles = order.map { singles[$0.offset] }
        singleFirstDays = order.map(\.element)
        sorted = true
    }

    public func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] {
        sortSingles()
        var out: [EventOccurrence] = []
        // Singles starting from (first day − the longest single) on may reach into the range.
        let lo = days.lowerBound.daysSinceEpoch - longestSingleDays
        var i = partition(singleFirstDays) { $0 >= lo }
        while i < singles.count, singleFirstDays[i] <= days.upperBound.daysSinceEpoch {
            if singles[i].overlaps(days, in: zone) { out.append(singles[i]) }
            i += 1
        }
        // A page asked for mid-prefetch finishes that work rather than starting over.
        if prefetching?.days == days, prefetch(overlapping: days, budget: .max) { return out + prefetching!.found }
        let loInstant = zone.startOfDay(days.lowerBound), hiInstant = zone.startOfDay(days.upperBound.adding(days: 1))
        for r in recurring { expand(r, days: days, lo: loInstant, hi: hiInstant, into: &out) }
        return out
    }

    private func partition(_ a: [Int], _ isAfter: (Int) -> Bool) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let mid = (lo + hi) / 2; if isAfter(a[mid]) { hi = mid } else { lo = mid + 1 } }
        return lo
    }

    /// The span of instance keys that can touch [lo, hi), or nil when the event cannot.
    /// Keys are instants, or day numbers × 86,400 for all-day events; two days of slack cover any
    /// difference between the event's zone and the display zone.
    private func keyBounds(_ r: RecurringEvent, lo: Int64, hi: Int64) -> (lo: Int64, hi: Int64)? {
        let lengthSeconds = r.start.is_date != 0 ? r.length * 86_400 : r.length
        let margin: Int64 = 2 * 86_400
        let qlo = lo - lengthSeconds - margin, qhi = hi + margin
        if r.firstStart >= qhi { return nil }
        if let until = r.until, until < qlo { return nil }
        return (qlo, qhi)
    }

    /// The range being prefetched, the next recurring event to look at, and the occurrences of
    /// those already looked at, so the query that follows costs only the singles.
    private var prefetching: (days: ClosedRange<CalendarDate>, next: Int, found: [EventOccurrence])?
    /// Expanding an event whose instances are already found costs about this share of a unit.
    static let expandOnlyCost = 0.15

    /// A unit of work is one recurring event whose iterator has to create or step.
    public func prefetch(overlapping days: ClosedRange<CalendarDate>, budget: Int) -> Bool {
        sortSingles()
        let lo = zone.startOfDay(days.lowerBound), hi = zone.startOfDay(days.upperBound.adding(days: 1))
        var state = prefetching?.days == days ? prefetching! : (days: days, next: 0, found: [])
        prefetching = nil
        var used = 0.0
        while state.next < recurring.count, used < Double(budget) {
            let r = recurring[state.next]
            if let b = keyBounds(r, lo: lo, hi: hi) {
                let e = expansion(of: r)
                if !e.covers(b.lo, b.hi) { e.cover(b.lo, b.hi, source: self); used += 1 }
                expand(r, days: days, lo: lo, hi: hi, into: &state.found)
                used += ICalendarSource.expandOnlyCost
            }
            state.next += 1
        }
        prefetching = state
        return state.next >= recurring.count
    }

    private func expand(_ r: RecurringEvent, days: ClosedRange<CalendarDate>, lo: Int64, hi: Int64, into out: inout [EventOccurrence]) {
        let isDate = r.start.is_date != 0
        guard let (qlo, qhi) = keyBounds(r, lo: lo, hi: hi) else { return }
        func emit(_ key: Int64) {
            var o = r.proto
            if isDate {
                let d = CalendarDate(daysSinceEpoch: Int(key / 86_400))
                o.span = .allDay(first: d, end: d.adding(days: Int(r.length)))
            } else {
                o.span = .timed(start: key, end: key + r.length)
            }
            if o.overlaps(days, in: zone) { out.append(o) }
        }
        let e = expansion(of: r)
        e.cover(qlo, qhi, source: self)
        let first = partition64(e.keys) { $0 >= qlo }
        var i = first
        while i < e.keys.count, e.keys[i] < qhi { emit(e.keys[i]); i += 1 }
        // DTSTART and RDATEs, unless a rule already produced them.
        for key in r.extraKeys where key >= qlo && key < qhi && !e.keys[first..<i].contains(key) { emit(key) }
    }

    /// Each recurring event's instances found so far, kept between queries.
    private var expansions: [RuleExpansion?] = []

    private func expansion(of r: RecurringEvent) -> RuleExpansion {
        if expansions.count < recurring.count { expansions += Array(repeating: nil, count: recurring.count - expansions.count) }
        if let e = expansions[r.id] { return e }
        let e = RuleExpansion(event: r)
        expansions[r.id] = e
        return e
    }

    /// The key an instance is filed under, or nil when EXDATE or an override removes it.
    fileprivate func survivingKey(_ t: icaltimetype, of r: RecurringEvent) -> Int64? {
        let day = dayNumber(t)
        if r.exdays.contains(day) { return nil }
        if r.start.is_date != 0 {
            if (overrideDays[r.proto.uid] ?? []).contains(day) { return nil }
            return Int64(day) * 86_400
        }
        let key = instant(t)
        if r.exdates.contains(key) || (overrides[r.proto.uid] ?? []).contains(key) { return nil }
        return key
    }

    private func partition64(_ a: [Int64], _ isAfter: (Int64) -> Bool) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let mid = (lo + hi) / 2; if isAfter(a[mid]) { hi = mid } else { lo = mid + 1 } }
        return lo
    }
}

/// The instances of one recurring event over a covered span of time. libical's iterators are
/// expensive to create (ICU calendars behind them) and cheap to step, so the forward iterators
/// stay alive and step on as pages move forward; going back fills in with one short-lived
/// iterator per rule. Each extension reaches two weeks past what was asked.
final class RuleExpansion {
    let event: RecurringEvent
    private(set) var keys: [Int64] = []
    private var from: Int64 = 0, to: Int64 = 0
    private var forward: [(iterator: OpaquePointer, pending: icaltimetype?)] = []
    private var started = false
    static let ahead: Int64 = 14 * 86_400, behind: Int64 = 14 * 86_400, farJump: Int64 = 730 * 86_400

    func covers(_ lo: Int64, _ hi: Int64) -> Bool { started && lo >= from && hi <= to }

    init(event: RecurringEvent) { self.event = event }
    deinit { reset() }

    private func reset() {
        for f in forward { icalrecur_iterator_free(f.iterator) }
        forward = []; keys = []; started = false
    }

    func cover(_ lo: Int64, _ hi: Int64, source: ICalendarSource) {
        if started, lo < from - RuleExpansion.farJump || hi > to + RuleExpansion.farJump { reset() }
        if !started {
            started = true
            from = lo - RuleExpansion.behind
            to = from
            forward = event.rules.map { (makeIterator($0, at: from), nil) }
        }
        if lo < from {
            let newFrom = lo - RuleExpansion.behind
            var earlier: [Int64] = []
            for rule in event.rules {
                let it = makeIterator(rule, at: newFrom)
                _ = step(it, pending: nil, from: newFrom, until: from, into: &earlier, source: source)
                icalrecur_iterator_free(it)
            }
            keys = Array(Set(earlier)).sorted() + keys
            from = newFrom
        }
        if hi > to {
            let newTo = max(hi, to + RuleExpansion.ahead)
            var later: [Int64] = []
            for i in forward.indices {
                forward[i].pending = step(forward[i].iterator, pending: forward[i].pending, from: to, until: newTo, into: &later, source: source)
            }
            keys += Array(Set(later)).sorted()
            to = newTo
        }
    }

    /// An iterator positioned near `at` (rules with COUNT must walk from DTSTART to count right).
    private func makeIterator(_ rule: icalrecurrencetype, at: Int64) -> OpaquePointer {
        let it = icalrecur_iterator_new(rule, event.start)!
        if rule.count == 0, at > event.firstStart {
            var jump = icaltime_from_timet_with_zone(time_t(at), event.start.is_date, event.start.zone)
            jump.is_date = event.start.is_date
            _ = icalrecur_iterator_set_start(it, jump)
        }
        return it
    }

    /// Steps until an instance at or past `until`, which is handed back as the pending one.
    private func step(_ it: OpaquePointer, pending: icaltimetype?, from: Int64, until: Int64,
                      into out: inout [Int64], source: ICalendarSource) -> icaltimetype? {
        var next = pending
        var steps = 0
        while steps < ICalendarSource.iterationLimit {
            let t = next ?? icalrecur_iterator_next(it)
            next = nil
            if isNull(t) { return t }
            steps += 1
            let raw = event.start.is_date != 0 ? Int64(source.dayNumber(t)) * 86_400 : source.instant(t)
            if raw >= until { return t }
            if raw < from { continue }
            if let key = source.survivingKey(t, of: event) { out.append(key) }
        }
        return nil
    }
}

/// A recurring master event, kept with what expansion needs.
struct RecurringEvent {
    var id: Int
    var proto: EventOccurrence
    /// The first instance's key (instant, or day × 86,400 for all-day events).
    var firstStart: Int64
    /// DTSTART and RDATEs that survive EXDATE and overrides: instances besides the rules'.
    var extraKeys: [Int64] = []
    var start: icaltimetype
    /// Days for all-day events, seconds for timed ones.
    var length: Int64
    var rules: [icalrecurrencetype]
    var rdates: [icaltimetype]
    var exdates: Set<Int64>
    var exdays: Set<Int>
    /// The latest instant an occurrence can start; nil for open-ended rules.
    var until: Int64?
}

@inline(__always) func isNull(_ t: icaltimetype) -> Bool { icaltime_is_null_time(t) != 0 }
