import CLibical
import CollectionCore
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
        if data.contains(0) {
            diagnostics.append(LoadDiagnostic(file: name, message: "not an iCalendar file (it contains binary data)"))
            return
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.append(LoadDiagnostic(file: name, message: "not an iCalendar file (it is not UTF-8 text)"))
            return
        }
        let lines = ICalendarSource.unfold(text)
        guard lines.contains(where: { $0.text.uppercased().hasPrefix("BEGIN:VCALENDAR") }) else {
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
            let upper = line.text.uppercased()
            if upper.hasPrefix("BEGIN:") {
                open.append(String(upper.dropFirst(6)))
                if upper.hasPrefix("BEGIN:VEVENT") { eventLines.append(line.number) }
            } else if upper.hasPrefix("END:"), !open.isEmpty {
                open.removeLast()
            }
            // libical takes ownership of the line it is given.
            let component = icalparser_add_line(parser, strdup(line.text))
            if icalparser_get_state(parser) == ICALPARSER_ERROR { lineErrors.append((line.number, line.text)) }
            if let component { parsed.append(component) }
        }
        if !open.isEmpty {
            diagnostics.append(LoadDiagnostic(file: name, line: lines.last?.number,
                                              message: "the file ends inside a component (missing END lines; cut short?)"))
            // Closing what is open lets the parser hand back what it read, through its normal path.
            for component in open.reversed() {
                if let c = icalparser_add_line(parser, strdup("END:\(component)")) { parsed.append(c) }
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
    }

    /// Joins folded lines (a line starting with a space or tab continues the previous one),
    /// remembering where each logical line began so problems can name it.
    static func unfold(_ text: String) -> [(number: Int, text: String)] {
        var out: [(number: Int, text: String)] = []
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !out.isEmpty {
                out[out.count - 1].text += line.dropFirst()
            } else if !line.isEmpty {
                out.append((i + 1, String(line)))
            }
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
        while let p = err {
            if let m = icalproperty_get_xlicerror(p) { explain(String(cString: m), file: file, fallbackLine: line, title: title) }
            err = icalcomponent_get_next_property(e, ICAL_XLICERROR_PROPERTY)
        }
        let uid = icalcomponent_get_uid(e).map { String(cString: $0) } ?? "\(file)#\(index + 1)"
        guard let startProp = icalcomponent_get_first_property(e, ICAL_DTSTART_PROPERTY) else {
            problem("no DTSTART; skipped"); return
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
        recurring.append(RecurringEvent(proto: proto, start: start, length: length, rules: rules, rdates: rdates,
                                        exdates: exdates, exdays: exdays, until: ICalendarSource.lastStart(rules, source: self)))
    }

    /// Lines the parser flagged while reading the current file, waiting for libical's explanation.
    private var lineErrors: [(line: Int, text: String)] = []

    /// Reports libical's message for a refused line with that line's number, found by the text the
    /// message quotes.
    private func explain(_ message: String, file: String, fallbackLine: Int?, title: String) {
        // Cut-short files are reported once, for the whole file.
        if message.hasPrefix("Missing END tag") { return }
        var line = fallbackLine
        let quoted = message.components(separatedBy: ": ").last?.trimmingCharacters(in: .whitespaces) ?? ""
        if !quoted.isEmpty, let i = lineErrors.firstIndex(where: { $0.text.contains(quoted) }) {
            line = lineErrors[i].line
            lineErrors.remove(at: i)
        }
        let clean = message.replacingOccurrences(of: "Removing entire property", with: "ignored")
        diagnostics.append(LoadDiagnostic(file: file, line: line, message: "event '\(ICalendarSource.clip(title))': \(clean)"))
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
        singles.sort { $0.days(in: zone).lowerBound < $1.days(in: zone).lowerBound }
        singleFirstDays = singles.map { $0.days(in: zone).lowerBound.daysSinceEpoch }
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
        let loInstant = zone.startOfDay(days.lowerBound), hiInstant = zone.startOfDay(days.upperBound.adding(days: 1))
        for r in recurring { expand(r, days: days, lo: loInstant, hi: hiInstant, into: &out) }
        return out
    }

    private func partition(_ a: [Int], _ isAfter: (Int) -> Bool) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let mid = (lo + hi) / 2; if isAfter(a[mid]) { hi = mid } else { lo = mid + 1 } }
        return lo
    }

    private func expand(_ r: RecurringEvent, days: ClosedRange<CalendarDate>, lo: Int64, hi: Int64, into out: inout [EventOccurrence]) {
        let isDate = r.start.is_date != 0
        // Day-based bounds with two days of slack cover any zone offset between wall time and display.
        let margin: Int64 = 2 * 86_400
        let firstStart = isDate ? Int64(dayNumber(r.start)) * 86_400 : instant(r.start)
        if firstStart > hi + margin { return }
        if let until = r.until, until + (isDate ? r.length * 86_400 : r.length) < lo - margin { return }
        let skipped = overrides[r.proto.uid] ?? []
        let skippedDays = overrideDays[r.proto.uid] ?? []
        var seen = Set<Int64>()
        func emit(_ t: icaltimetype) {
            let key = isDate ? Int64(dayNumber(t)) : instant(t)
            guard seen.insert(key).inserted, !skipped.contains(key) else { return }
            if isDate, skippedDays.contains(dayNumber(t)) { return }
            if r.exdays.contains(dayNumber(t)) || (!isDate && r.exdates.contains(key)) { return }
            var o = r.proto
            o.span = span(start: t, length: r.length)
            if o.overlaps(days, in: zone) { out.append(o) }
        }
        let lengthSeconds = isDate ? r.length * 86_400 : r.length
        for rule in r.rules {
            guard let it = icalrecur_iterator_new(rule, r.start) else { continue }
            defer { icalrecur_iterator_free(it) }
            if rule.count == 0 {
                // Jump near the range instead of walking from DTSTART.
                let jump = lo - lengthSeconds - margin
                if jump > firstStart {
                    var from = icaltime_from_timet_with_zone(time_t(jump), r.start.is_date, r.start.zone)
                    from.is_date = r.start.is_date
                    _ = icalrecur_iterator_set_start(it, from)
                }
            }
            var steps = 0
            while steps < ICalendarSource.iterationLimit {
                let t = icalrecur_iterator_next(it)
                if isNull(t) { break }
                steps += 1
                let s = isDate ? Int64(dayNumber(t)) * 86_400 : instant(t)
                if s >= hi + margin { break }
                if s + lengthSeconds + margin < lo { continue }
                emit(t)
            }
        }
        // RDATEs and DTSTART itself (an instance even when the rule would not produce it).
        emit(r.start)
        for t in r.rdates { emit(t) }
    }
}

/// A recurring master event, kept with what expansion needs.
struct RecurringEvent {
    var proto: EventOccurrence
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
