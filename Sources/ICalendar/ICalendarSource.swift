import CICU
import CLibical
import CalendarModel
import Foundation

/// Calendars read from iCalendar (RFC 5545) files with libical. Loading parses the files, keeps
/// every VEVENT as written, then settles what is shown (overrides with their masters, newest
/// versions, cancellations: see `settle()`). Recurring events are expanded only for the days asked
/// for (libical's recurrence iterator, started near the range; simple DAILY and WEEKLY rules by
/// day arithmetic, see `DayRule`), with EXDATE, RDATE and RECURRENCE-ID applied by instant.
/// Sources may be read and used on different threads (one thread per source at a time); their
/// use of libical takes turns (`LibicalLock`).
///
/// Times: UTC is exact; a TZID naming an IANA zone, a Windows zone (Outlook, Exchange; mapped
/// with ICU) or a VTIMEZONE with X-LIC-LOCATION is read with the system's tzdata, right for every
/// year whatever the file's VTIMEZONE covers; other VTIMEZONEs go through libical. Floating times
/// are read in the calendar's X-WR-TIMEZONE (Google), else in the display zone. The zone
/// arithmetic is the adapter's own, so years 1583 to 9999 work (libical's stops at 2037 for zones
/// and 2582 for recurrences; see `RuleExpansion`).
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
    /// Whether simple rules are expanded by day arithmetic (`DayRule`) rather than libical's
    /// iterator; set before loading. Tests turn it off to compare the two.
    var dayArithmetic = true
    /// Whether the limit parts of daily and finer rules are checked here (`RuleLimits`) rather
    /// than inside libical's iterator; set before loading. Tests turn it off to compare the two.
    var limitsStepped = true

    /// Rules that never stop (or would stop after absurdly many steps) are cut here per query.
    static let iterationLimit = 100_000

    /// Says once per event that its rule was cut at `iterationLimit`: some occurrences are not shown.
    func noteIterationLimit(_ r: RecurringEvent) {
        guard cutEvents.insert(r.id).inserted else { return }
        diagnostics.append(LoadDiagnostic(file: r.proto.origin?.file ?? r.proto.calendar,
                                          message: "event '\(ICalendarSource.clip(r.proto.title))': its rule takes more than \(ICalendarSource.iterationLimit) steps to reach the dates shown; later occurrences are not shown"))
    }
    private var cutEvents = Set<Int>()

    /// Says once per event that a rule of it cannot be expanded: libical stepped it through the
    /// whole budget (`iterationLimit`) without one occurrence (a leap second, a day no month has).
    func noteUnexpandable(_ r: RecurringEvent) {
        guard unexpandableEvents.insert(r.id).inserted else { return }
        diagnostics.append(LoadDiagnostic(file: r.proto.origin?.file ?? r.proto.calendar,
                                          message: "event '\(ICalendarSource.clip(r.proto.title))': this rule cannot be expanded (no occurrence in \(ICalendarSource.iterationLimit) steps of libical's iterator); only the first occurrence is shown"))
    }
    private var unexpandableEvents = Set<Int>()

    public init(zone: DisplayZone) {
        self.zone = zone
        _ = ICalendarSource.libicalSetUp
    }

    /// libical may be built to abort on errors; a malformed file must never end the app. The
    /// setting is global, so it is made once, in libical's turn (see `LibicalLock`).
    private static let libicalSetUp: Void = LibicalLock.shared.run { icalerror_set_errors_are_fatal(0) }

    /// Reads each file; unreadable ones become diagnostics.
    public convenience init(files: [String], zone: DisplayZone) {
        self.init(zone: zone)
        for f in files { load(file: f) }
    }

    /// Freeing reads no state shared with other calendars, so it takes no turn (a big calendar
    /// takes tens of milliseconds to free, on the thread that drops it).
    deinit { for r in roots { icalcomponent_free(r) } }

    /// Each file's bytes as read: a change is made to the event as the user saw it (see `move`).
    var contents: [String: Data] = [:]
    /// Says why another program owns a file (the Evolution store while its data server runs).
    public var ownerOfFile: (String) -> String? = CalendarOwnership.ownerReason

    public func load(file path: String) {
        let name = path
        loadedFiles.append(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let why = !FileManager.default.fileExists(atPath: path, isDirectory: &isDir) ? "no such file"
                : isDir.boolValue ? "is a directory" : "cannot be read (permissions?)"
            diagnostics.append(LoadDiagnostic(file: name, message: "cannot open calendar: \(why)"))
            return
        }
        contents[path] = data
        load(data: data, name: name, calendarName: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    /// Reads every file loaded so far again (after the app wrote one of them), from scratch.
    public func reload() {
        let files = loadedFiles
        LibicalLock.shared.run {
            for r in roots { icalcomponent_free(r) }
        }
        roots = []; parsed = []; diagnostics = []; contents = [:]; loadedFiles = []
        singles = []; singleFirstDays = []; longestSingleDays = 0; recurring = []; expansions = []
        sorted = true; eventCount = 0; prefetching = nil; lastZone = nil; reportedZones = []
        for f in files { load(file: f) }
    }
    private var loadedFiles: [String] = []

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
        // Byte scans through `Data`'s iterator cost a large calendar milliseconds; memchr does not.
        let hasNUL = data.withUnsafeBytes { raw in raw.count > 0 && memchr(raw.baseAddress!, 0, raw.count) != nil }
        if hasNUL {
            diagnostics.append(LoadDiagnostic(file: name, message: "not an iCalendar file (it contains binary data)"))
            return
        }
        // A UTF-8 byte order mark (Windows programs write one) is no part of the first line.
        let bytes = [UInt8](data)
        var lines = ICalendarSource.unfold(bytes.starts(with: CalendarText.bom) ? Array(bytes.dropFirst(3)) : bytes)
        // UTF-8 is checked line by line after unfolding (RFC 5545 3.1: a fold may fall inside a
        // character); a line that is still not UTF-8 is read with its stray bytes as U+FFFD and named.
        if String(validating: bytes, as: UTF8.self) == nil {
            var bad = 0
            for i in lines.indices where String(validating: lines[i].bytes, as: UTF8.self) == nil {
                bad += 1
                lines[i].bytes = ArraySlice(String(decoding: lines[i].bytes, as: UTF8.self).utf8)
                diagnostics.append(LoadDiagnostic(file: name, line: lines[i].number,
                                                  message: "this line is not UTF-8 text; the bytes that are not are shown as \u{FFFD}"))
            }
            if bad > 0, bad * 2 > lines.count {
                // Mostly not UTF-8 (another encoding): one message rather than a line each.
                diagnostics.removeLast(bad)
                diagnostics.append(LoadDiagnostic(file: name, message: "not an iCalendar file (it is not UTF-8 text)"))
                return
            }
        }
        // Each VEVENT's revision, in file order: what a change checks the user saw (`EventOrigin.revision`).
        let map = CalendarText(bytes: bytes, identities: false)
        var revisions = map.events.map(map.revision(of:))
        guard lines.contains(where: { $0.hasPrefix("BEGIN:VCALENDAR") }) else {
            diagnostics.append(LoadDiagnostic(file: name, line: lines.isEmpty ? nil : 1,
                                              message: lines.isEmpty ? "the file is empty" : "not an iCalendar file (no BEGIN:VCALENDAR)"))
            return
        }

        // Parsing and settling take libical's turn (checking and unfolding the bytes above need
        // none), handing it over every few lines and events to a thread that waits for it.
        let lock = LibicalLock.shared
        lock.lock()
        defer { lock.unlock() }
        let parser = icalparser_new()
        defer { icalparser_free(parser) }
        // One NUL-terminated buffer for every line, grown as needed (see below).
        var cLine: [CChar] = []
        var parsed: [OpaquePointer] = []
        var eventLines: [Int] = []
        var open: [String] = []
        for (n, line) in lines.enumerated() {
            if n & 31 == 31 { lock.yieldToWaiters() }
            if line.hasPrefix("BEGIN:") {
                open.append(String(decoding: line.bytes.dropFirst(6), as: UTF8.self).uppercased())
                if line.hasPrefix("BEGIN:VEVENT") { eventLines.append(line.number) }
            } else if line.hasPrefix("END:"), !open.isEmpty {
                open.removeLast()
            }
            // libical reads the line during the call and keeps copies of what it needs (it never
            // frees the line; AddressSanitizer saw every malloc'd copy leak), so a temporary
            // NUL-terminated buffer is enough.
            cLine.removeAll(keepingCapacity: true)
            line.bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { cLine.append(contentsOf: $0) }
            }
            cLine.append(0)
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

        self.parsed.reserveCapacity(self.parsed.count + eventLines.count)
        var eventIndex = 0
        // The byte map and libical must agree on the events, or no revision is trusted.
        let libicalEvents = parsed.reduce(0) { n, root in
            icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? n + Int(icalcomponent_count_components(root, ICAL_VEVENT_COMPONENT)) : n
        }
        if libicalEvents != revisions.count { revisions = [] }
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
            // Google names the calendar's zone here; its floating times are meant in that zone.
            var floating = zone
            if let wr = ICalendarSource.xProperty(root, "X-WR-TIMEZONE")?.trimmingCharacters(in: .whitespaces), !wr.isEmpty {
                if let z = tzdataZone(named: wr) { floating = z } else {
                    diagnostics.append(LoadDiagnostic(file: name, message: "unknown X-WR-TIMEZONE '\(wr)'; floating times are read in the display zone"))
                }
            }
            var event = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
            while let e = event {
                if eventIndex & 7 == 7 { lock.yieldToWaiters() }
                let line = eventIndex < eventLines.count ? eventLines[eventIndex] : nil
                read(event: e, root: root, calendar: calendar, floating: floating, file: name, line: line, index: eventIndex,
                     revision: eventIndex < revisions.count ? revisions[eventIndex] : nil)
                eventIndex += 1
                event = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
            }
        }
        // Overrides may come before or after their master, even in another file, so what is shown
        // is settled after each file from everything read so far.
        settle()
    }

    /// One content line after unfolding, as bytes (the file's UTF-8), with the line it began on.
    struct ContentLine {
        var number: Int
        /// A slice of the file's bytes (a folded line gets its own copy when continued).
        var bytes: ArraySlice<UInt8>
        var text: String { String(decoding: bytes, as: UTF8.self) }
        /// ASCII case-insensitive, as iCalendar names are.
        func hasPrefix(_ prefix: StaticString) -> Bool {
            let n = prefix.utf8CodeUnitCount
            guard bytes.count >= n else { return false }
            let p = prefix.utf8Start
            let start = bytes.startIndex
            for i in 0..<n {
                var b = bytes[start + i]
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
        out.reserveCapacity(data.count / 32)
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
                    out.append(ContentLine(number: number, bytes: data[i..<lineEnd]))
                }
            }
            i = end + 1
        }
        return out
    }

    /// `s` without leading and trailing `.whitespaces`. Nearly every UID has none, and Foundation's
    /// trimming costs a large calendar tens of milliseconds, so it runs only when an end is a
    /// space, a tab or a non-ASCII character (which may be one of Unicode's spaces).
    static func trimmedSpaces(_ s: String) -> String {
        guard let first = s.utf8.first, let last = s.utf8.last else { return s }
        func plain(_ b: UInt8) -> Bool { b < 0x80 && b != 0x20 && b != 0x09 }
        if plain(first) && plain(last) { return s }
        return s.trimmingCharacters(in: .whitespaces)
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

    /// Every VEVENT read so far, as written. What is shown is derived from these by `settle()`.
    private var parsed: [ParsedEvent] = []

    private func read(event e: OpaquePointer, root: OpaquePointer, calendar: String, floating: DisplayZone,
                      file: String, line: Int?, index: Int, revision: String?) {
        let fullTitle = icalcomponent_get_summary(e).map { EventTitle.cleaned(String(cString: $0)) } ?? "(no title)"
        let title = EventTitle.clipped(fullTitle)
        func problem(_ message: String) {
            diagnostics.append(LoadDiagnostic(file: file, line: line, message: "event '\(ICalendarSource.clip(title))': \(message)"))
        }
        if title.utf8.count < fullTitle.utf8.count {
            problem("its title is longer than \(EventTitle.limit) characters; shown cut there (the file keeps it whole)")
        }
        var err = icalcomponent_get_first_property(e, ICAL_XLICERROR_PROPERTY)
        var startError: Int?
        var recoveredRules: [icalrecurrencetype] = []
        while let p = err {
            if let m = icalproperty_get_xlicerror(p) {
                let message = String(cString: m)
                let explained = explain(message, file: file, fallbackLine: line, title: title)
                if explained, message.contains("DTSTART") {
                    startError = diagnostics.count - 1
                }
                // A rule with a misspelt part (UNTL=) is read as it was most likely meant, and said so.
                if explained, message.contains("RRULE property"), let text = message.components(separatedBy: ": ").last,
                   let (rule, fixes) = ICalendarSource.repairedRule(text.replacingOccurrences(of: "\\;", with: ";")) {
                    recoveredRules.append(rule)
                    diagnostics[diagnostics.count - 1].message = "event '\(ICalendarSource.clip(title))': RRULE " + fixes.joined(separator: ", ") + "; shown as that"
                }
            }
            err = icalcomponent_get_next_property(e, ICAL_XLICERROR_PROPERTY)
        }
        // A UID names one event (RFC 5545); an empty or missing one names nothing, so such events
        // stand alone under a name of their own.
        let written = icalcomponent_get_uid(e).map { ICalendarSource.trimmedSpaces(String(cString: $0)) }
        let uid = written?.isEmpty == false ? written : nil
        guard let startProp = icalcomponent_get_first_property(e, ICAL_DTSTART_PROPERTY) else {
            // When libical dropped an unreadable DTSTART, that message says it all.
            if let i = startError { diagnostics[i].message += "; the event is skipped" } else { problem("no DTSTART; skipped") }
            return
        }
        func moment(_ prop: OpaquePointer, _ value: icaltimetype) -> Moment? {
            self.moment(of: prop, root: root, value: value, floating: floating, problem: problem)
        }
        // libical's own validity check refuses years after 3000; the calendar goes to 9999.
        guard let written = moment(startProp, icalproperty_get_dtstart(startProp)), ICalendarSource.isValid(written.wall) else {
            problem("DTSTART is not a valid date or time; skipped"); return
        }
        var start = written
        let isDate = start.isDate
        // The length of every occurrence: whole days for all-day events, seconds for timed ones.
        var length: Int64 = isDate ? 1 : 0
        var endMoment: Moment?
        if let endProp = icalcomponent_get_first_property(e, ICAL_DTEND_PROPERTY) {
            if let end = moment(endProp, icalproperty_get_dtend(endProp)) {
                endMoment = end
                if isDate {
                    // A timed end on an all-day start (seen in the wild) still takes in the end's day.
                    let timedEnd = !end.isDate && (end.wall.hour, end.wall.minute, end.wall.second) != (0, 0, 0)
                    length = Int64(dayNumber(end.wall) - dayNumber(start.wall)) + (timedEnd ? 1 : 0)
                } else {
                    length = instant(end) - instant(start)
                }
            }
        } else if let durProp = icalcomponent_get_first_property(e, ICAL_DURATION_PROPERTY) {
            let seconds = Int64(icaldurationtype_as_int(icalproperty_get_duration(durProp)))
            length = isDate ? seconds / 86_400 : seconds
        }
        if length < 0 {
            if let end = endMoment, end.isDate == isDate {
                // Other calendar programs show such an event from the earlier time to the later.
                problem("it ends before it starts; shown from its end to its start")
                start = end
                length = -length
            } else {
                // A DATE end on a timed start: the event is timed at its start.
                if !(endMoment.map { $0.isDate && !isDate } ?? false) { problem("it ends before it starts; shown with no length") }
                length = isDate ? 1 : 0
            }
        }
        if isDate && length == 0 { length = 1 }

        let category = icalcomponent_get_first_property(e, ICAL_CATEGORIES_PROPERTY)
            .flatMap { icalproperty_get_categories($0) }.map { String(cString: $0) }
        let color = ICalendarSource.colorIndex(category ?? calendar)
        // Only a UID finds the event again in the file to change it.
        let ridProp = icalcomponent_get_first_property(e, ICAL_RECURRENCEID_PROPERTY)
        let origin = uid.map { EventOrigin(file: file, uid: $0, recurrenceID: ridProp.flatMap { icalproperty_get_value_as_string($0) }.map { String(cString: $0) },
                                           revision: revision) }
        let proto = EventOccurrence(uid: uid ?? "\(file)#\(index + 1)", title: title, span: .timed(start: 0, end: 0),
                                    calendar: calendar, colorIndex: color, origin: origin)
        eventCount += 1

        var record = ParsedEvent(order: parsed.count, uid: uid, proto: proto, start: start, length: length,
                                 sequence: Int(icalcomponent_get_sequence(e)),
                                 cancelled: icalcomponent_get_first_property(e, ICAL_STATUS_PROPERTY)
                                     .map { icalproperty_get_status($0) == ICAL_STATUS_CANCELLED } ?? false,
                                 floating: floating)
        if let ridProp = icalcomponent_get_first_property(e, ICAL_RECURRENCEID_PROPERTY) {
            if let rid = moment(ridProp, icalproperty_get_recurrenceid(ridProp)) {
                record.recurrenceID = rid
                record.thisAndFuture = icalproperty_get_first_parameter(ridProp, ICAL_RANGE_PARAMETER)
                    .map { icalparameter_get_range($0) == ICAL_RANGE_THISANDFUTURE } ?? false
            } else {
                problem("RECURRENCE-ID is not a valid time")
            }
        } else {
            var p = icalcomponent_get_first_property(e, ICAL_RRULE_PROPERTY)
            while let prop = p {
                let rule = icalproperty_get_rrule(prop)
                if rule.freq == ICAL_NO_RECURRENCE {
                    problem("RRULE cannot be read; only the first occurrence is shown")
                } else if let why = RuleFeasibility.problem(rule) {
                    problem("its rule \(why); only the first occurrence is shown")
                } else {
                    record.rules.append(rule)
                }
                p = icalcomponent_get_next_property(e, ICAL_RRULE_PROPERTY)
            }
            record.rules += recoveredRules
            p = icalcomponent_get_first_property(e, ICAL_EXDATE_PROPERTY)
            while let prop = p {
                if let t = moment(prop, icalproperty_get_exdate(prop)) { record.exdates.append(t) }
                p = icalcomponent_get_next_property(e, ICAL_EXDATE_PROPERTY)
            }
            p = icalcomponent_get_first_property(e, ICAL_RDATE_PROPERTY)
            while let prop = p {
                let v = icalproperty_get_rdate(prop)
                if let t = moment(prop, isNull(v.time) ? v.period.start : v.time) {
                    record.rdates.append(t)
                    // A PERIOD gives its instance a length of its own (RFC 5545 3.8.5.2).
                    var own: Int64? = nil
                    if isNull(v.time), !t.isDate {
                        if !isNull(v.period.end), let end = moment(prop, v.period.end), !end.isDate {
                            own = max(0, instant(end) - instant(t))
                        } else if icaldurationtype_is_null_duration(v.period.duration) == 0 {
                            own = max(0, Int64(icaldurationtype_as_int(v.period.duration)))
                        }
                    }
                    record.rdateLengths.append(own)
                }
                p = icalcomponent_get_next_property(e, ICAL_RDATE_PROPERTY)
            }
        }
        parsed.append(record)
    }

    /// RFC 5545's rule parts, for reading a misspelt one as the part it is one letter away from.
    static let ruleParts = ["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
                            "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST"]

    /// A rule libical refused, with each unknown part name replaced by the known one it is one
    /// edit away from (UNTL → UNTIL) and a COUNT that counts nothing left out, and what was
    /// changed; nil when that does not make it readable.
    static func repairedRule(_ text: String) -> (icalrecurrencetype, [String])? {
        var fixes: [String] = []
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ";").compactMap { part -> String? in
            let kv = part.split(separator: "=", maxSplits: 1)
            let name = kv[0].uppercased()
            // A COUNT of no occurrences (COUNT=-1, written beside an UNTIL by some web calendars)
            // can only mean "no count": the rule ends at its UNTIL, or never.
            if name == "COUNT", kv.count == 2, (Int(kv[1]) ?? 0) <= 0 {
                fixes.append("'COUNT=\(kv[1])' ignored")
                return nil
            }
            guard kv.count == 2, !ruleParts.contains(name),
                  let known = ruleParts.first(where: { oneEditApart(name, $0) }) else { return String(part) }
            fixes.append("'\(name)' read as '\(known)'")
            return known + "=" + kv[1]
        }
        guard !fixes.isEmpty else { return nil }
        let rule = icalrecurrencetype_from_string(parts.joined(separator: ";"))
        return rule.freq == ICAL_NO_RECURRENCE ? nil : (rule, fixes)
    }

    /// Whether `a` becomes `b` by inserting, deleting or changing one letter.
    static func oneEditApart(_ a: String, _ b: String) -> Bool {
        let x = Array(a), y = Array(b)
        if abs(x.count - y.count) > 1 || x == y { return false }
        var i = 0
        while i < min(x.count, y.count), x[i] == y[i] { i += 1 }
        if x.count == y.count { return x[(i + 1)...] == y[(i + 1)...] }
        return x.count < y.count ? x[i...] == y[(i + 1)...] : x[(i + 1)...] == y[i...]
    }

    /// Lines the parser flagged while reading the current file, waiting for libical's explanation.
    private var lineErrors: [(line: Int, text: String)] = []

    /// Reports libical's message for a refused line with that line's number, found by the text the
    /// message quotes.
    @discardableResult
    private func explain(_ message: String, file: String, fallbackLine: Int?, title: String) -> Bool {
        // Cut-short files are reported once, for the whole file.
        if message.hasPrefix("Missing END tag") { return false }
        // An empty text value (Google writes `DESCRIPTION:` and `LOCATION:`) is allowed by RFC 5545;
        // libical complains, but nothing is lost, so nobody is told. Its message quotes no text, so
        // it takes the first waiting empty line (messages come in the file's order) without
        // searching every waiting line for it: a calendar with an empty LOCATION on each of its
        // thousands of events made that search quadratic (14 s for a 1.6 MB file).
        if message.hasPrefix("No value for"), message.contains("property") {
            if let i = lineErrors.firstIndex(where: { $0.text.hasSuffix(":") }) { lineErrors.remove(at: i) }
            return false
        }
        var line = fallbackLine
        let quoted = message.components(separatedBy: ": ").last?.trimmingCharacters(in: .whitespaces) ?? ""
        var quotedLine: Int?
        if !quoted.isEmpty, let i = lineErrors.firstIndex(where: { $0.text.contains(quoted) }) {
            line = lineErrors[i].line
            quotedLine = i
        }
        if let i = quotedLine { lineErrors.remove(at: i) }
        let clean = message.replacingOccurrences(of: ". Removing entire property:", with: " (ignored):")
        diagnostics.append(LoadDiagnostic(file: file, line: line, message: "event '\(ICalendarSource.clip(title))': \(clean)"))
        return true
    }

    // MARK: Settling what is shown

    /// Derives singles and recurring series from everything read, following RFC 5545:
    ///
    /// - UID plus RECURRENCE-ID names one component; of several versions, the highest SEQUENCE
    ///   wins (on a tie, the one read last), wherever it stands and in whichever file.
    /// - An override replaces the master's occurrence at its RECURRENCE-ID (matched by instant, or
    ///   by date when either side is a DATE), also when it moves to another day. `RANGE=THISANDFUTURE`
    ///   carries its shift, length, title and status to every later occurrence.
    /// - EXDATE wins over an override of the same occurrence: the occurrence was deleted.
    /// - `STATUS:CANCELLED`: a cancelled override replaces its occurrence and is shown struck
    ///   through (`EventOccurrence.cancelled`), as Evolution and Thunderbird show it; a cancelled standalone
    ///   event is not shown; a cancelled series is not shown, overrides included (cancelling a
    ///   meeting cancels all of it). An override whose master is missing is shown on its own.
    private func settle() {
        singles = []; recurring = []; longestSingleDays = 0
        expansions = []; sorted = false; prefetching = nil
        cutEvents = []; unexpandableEvents = []

        // Fields are read in place (parsed[i].x): copying whole records costs a large calendar dearly.
        var newest: [String: Int] = [:]
        newest.reserveCapacity(parsed.count)
        var chosen: [Int] = []
        var overridesOf: [String: [Int]] = [:]
        for i in parsed.indices {
            if i & 255 == 255 { LibicalLock.shared.yieldToWaiters() }
            guard let uid = parsed[i].uid else { chosen.append(i); continue }
            let key = parsed[i].recurrenceID.map { uid + "\u{1}" + ridName($0) } ?? uid
            if let j = newest[key] {
                if parsed[j].sequence > parsed[i].sequence { continue }
            }
            newest[key] = i
        }
        chosen += newest.values
        chosen.sort()
        singles.reserveCapacity(chosen.count)
        var hasMaster = Set<String>()
        hasMaster.reserveCapacity(chosen.count)
        for i in chosen {
            guard let uid = parsed[i].uid else { continue }
            if parsed[i].recurrenceID != nil { overridesOf[uid, default: []].append(i) } else { hasMaster.insert(uid) }
        }
        for (n, i) in chosen.enumerated() {
            if n & 63 == 63 { LibicalLock.shared.yieldToWaiters() }
            let p = parsed[i]
            if p.recurrenceID != nil {
                // Overrides are placed with their master; orphans (or UID-less ones) stand alone.
                if p.uid.map({ !hasMaster.contains($0) }) ?? true, !p.cancelled { addSingle(p) }
                continue
            }
            if p.cancelled { continue }
            let overrides = p.uid.flatMap { overridesOf[$0] }?.map { parsed[$0] } ?? []
            if p.rules.isEmpty && p.rdates.isEmpty {
                let replaced = overrides.contains { o in
                    guard let rid = o.recurrenceID else { return false }
                    if rid.isDate || p.start.isDate { return dayNumber(rid.wall) == dayNumber(p.start.wall) }
                    return o.thisAndFuture ? instant(rid) <= instant(p.start) : instant(rid) == instant(p.start)
                }
                if !replaced { addSingle(p) }
                for o in overrides { addSingle(o) }
            } else {
                addRecurring(p, overrides: overrides)
            }
        }
    }

    /// A RECURRENCE-ID's identity for telling versions of one override apart.
    private func ridName(_ m: Moment) -> String { m.isDate ? "d\(dayNumber(m.wall))" : "t\(instant(m))" }

    private func addRecurring(_ p: ParsedEvent, overrides: [ParsedEvent]) {
        let isDate = p.start.isDate
        /// The day a value names for this series: its own date when it is a DATE or the series is
        /// timed. For an all-day series a date-time in a zone of its own names the date written
        /// (Outlook writes an all-day occurrence's RECURRENCE-ID as midnight in its zone, which
        /// may be the day before in another); a UTC one names the day it falls on in the
        /// calendar's zone.
        func day(_ m: Moment) -> Int {
            if m.isDate || !isDate { return dayNumber(m.wall) }
            if case .utc = m.zone { return p.floating.day(of: instant(m)).daysSinceEpoch }
            return dayNumber(m.wall)
        }
        func key(_ m: Moment) -> Int64 { isDate ? Int64(day(m)) * 86_400 : instant(m) }
        var r = RecurringEvent(id: recurring.count, proto: p.proto, firstStart: key(p.start), start: p.start.wall, zone: p.start.zone,
                               length: p.length, floating: p.floating)
        for x in p.exdates {
            if x.isDate || isDate { r.exDays.insert(day(x)) } else { r.exInstants.insert(instant(x)) }
        }
        for o in overrides {
            guard let rid = o.recurrenceID else { continue }
            let excluded = rid.isDate || isDate ? r.exDays.contains(day(rid)) : r.exInstants.contains(instant(rid))
            if o.thisAndFuture {
                let from = key(rid)
                let moved = isDate ? Int64(day(o.start)) * 86_400 : (o.start.isDate ? Int64(day(o.start)) * 86_400 : instant(o.start))
                let length = isDate ? (o.start.isDate ? o.length : 1) : (o.start.isDate ? o.length * 86_400 : o.length)
                r.ranges.append(FutureRange(from: from, delta: moved - from, proto: o.proto, length: length, cancelled: o.cancelled))
                continue
            }
            if rid.isDate || isDate { r.removedDays.insert(day(rid)) } else { r.removedInstants.insert(instant(rid)) }
            // A cancelled occurrence is shown struck through, as Evolution and Thunderbird show it.
            if !excluded { addSingle(o) }
        }
        r.ranges.sort { $0.from < $1.from }
        r.maxLength = r.ranges.reduce(r.length) { max($0, $1.length) }
        r.shiftLater = r.ranges.reduce(0) { max($0, $1.delta) }
        r.shiftEarlier = r.ranges.reduce(0) { max($0, -$1.delta) }

        var open = false
        var lastUntil: Int64 = .min
        for rule in p.rules {
            var x = Rule(rule: rule, untilKey: nil, counted: rule.count > 0, periodYears: RuleExpansion.periodYears(of: rule),
                         days: dayArithmetic ? DayRule(rule, start: p.start.wall) : nil, index: r.rules.count)
            if x.days == nil, limitsStepped, let (stepping, limits) = RuleLimits.split(rule) { x.stepping = stepping; x.limits = limits }
            let u = rule.until
            if !isNull(u) {
                // UNTIL is compared here, not by libical: libical compares a DATE UNTIL with a
                // timed occurrence as midnight (losing that day's occurrence) and reads a floating
                // DTSTART against a UTC UNTIL as if both were UTC.
                var wall = u; wall.zone = nil
                let written = icaltime_is_utc(u) != 0 ? Moment(wall: wall, zone: .utc) : Moment(wall: wall, zone: p.start.zone)
                if isDate {
                    x.untilKey = Int64(day(written)) * 86_400
                } else if u.is_date != 0 {
                    var end = wall; end.is_date = 0; end.hour = 23; end.minute = 59; end.second = 59
                    x.untilKey = instant(end, p.start.zone)
                } else {
                    x.untilKey = instant(written)
                }
                x.rule.until = icaltime_null_time()
                lastUntil = max(lastUntil, x.untilKey!)
            } else {
                open = true
            }
            x.stepping?.until = icaltime_null_time()
            r.rules.append(x)
        }
        // DTSTART always counts as the first occurrence (RFC 5545), even when UNTIL is before it
        // or the rule does not match it; RDATEs add theirs. A DATE RDATE on a timed series means
        // that day at DTSTART's time.
        var extras: [(Moment, Int64?)] = [(p.start, nil)]
        for (rd, own) in zip(p.rdates, p.rdateLengths) {
            if rd.isDate && !isDate {
                var w = p.start.wall
                w.year = rd.wall.year; w.month = rd.wall.month; w.day = rd.wall.day
                extras.append((Moment(wall: w, zone: p.start.zone), nil))
            } else {
                extras.append((rd, isDate ? nil : own))
            }
        }
        // The recurrence set is a set: an RDATE that repeats DTSTART (or another RDATE) is one
        // instance, not two.
        var seen = Set<Int64>()
        for (m, own) in extras {
            guard let key = isDate ? survivingKey(Moment(wall: dateOnly(day(m)), zone: m.zone), of: r) : survivingKey(m, of: r),
                  seen.insert(key).inserted else { continue }
            r.extraKeys.append(key)
            if let own, own != r.length {
                r.extraLengths[key] = own
                r.maxLength = max(r.maxLength, own)
            }
        }
        r.until = open ? nil : max(lastUntil, ([r.firstStart] + r.extraKeys).max()!)
        if !open, !p.rules.isEmpty, lastUntil < r.firstStart {
            // Every rule ends before it starts: only DTSTART (and RDATEs) can be meant, as RFC 5545
            // reads it; the file most likely has a typo, so the user is told.
            diagnostics.append(LoadDiagnostic(file: p.proto.origin?.file ?? p.proto.calendar,
                                              message: "event '\(ICalendarSource.clip(p.proto.title))': its rule ends (UNTIL) before it starts; only the first occurrence is shown"))
        }
        recurring.append(r)
    }

    private func dateOnly(_ day: Int) -> icaltimetype {
        let c = CalendarDate(daysSinceEpoch: day).components
        var t = icaltime_null_date()
        t.year = Int32(c.year); t.month = Int32(c.month); t.day = Int32(c.day)
        return t
    }

    private func addSingle(_ p: ParsedEvent) {
        var o = p.proto
        o.cancelled = p.cancelled
        if p.start.isDate {
            let d = CalendarDate(daysSinceEpoch: dayNumber(p.start.wall))
            o.span = .allDay(first: d, end: d.adding(days: Int(p.length)))
        } else {
            let s = instant(p.start)
            o.span = .timed(start: s, end: s + p.length)
        }
        let days = o.days(in: zone)
        singles.append(o)
        longestSingleDays = max(longestSingleDays, days.lowerBound.days(until: days.upperBound))
    }

    // MARK: Time zones

    /// A value of a date or date-time property with how to read its wall clock: UTC, a TZID, or
    /// floating (the calendar's X-WR-TIMEZONE, else the display zone). An unknown TZID is reported
    /// and read as floating time.
    private func moment(of prop: OpaquePointer, root: OpaquePointer, value: icaltimetype, floating: DisplayZone,
                        problem: (String) -> Void) -> Moment? {
        var t = value
        if isNull(t) { return nil }
        let utc = icaltime_is_utc(t) != 0
        t.zone = nil
        if t.is_date != 0 { return Moment(wall: t, zone: .tzdata(floating)) }
        if utc { return Moment(wall: t, zone: .utc) }
        if let param = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER), let raw = icalparameter_get_tzid(param) {
            // Files name the same few zones over and over: the last answer is kept, by the C string.
            if let last = lastZone, last.root == root, strcmp(last.tzid, raw) == 0 { return Moment(wall: t, zone: last.zone) }
            let tzid = String(cString: raw)
            if let z = resolveZone(tzid, raw: raw, root: root) {
                lastZone = (root, Array(UnsafeBufferPointer(start: raw, count: strlen(raw) + 1)), z)
                return Moment(wall: t, zone: z)
            }
            if reportedZones.insert(tzid).inserted { problem(zoneProblems[tzid] ?? "unknown time zone '\(tzid)'; its times are read in the display zone") }
        }
        return Moment(wall: t, zone: .tzdata(floating))
    }
    private var reportedZones = Set<String>()
    /// Why a VTIMEZONE found by its TZID is not used (see `unexpandable`).
    private var zoneProblems: [String: String] = [:]

    /// Why a VTIMEZONE cannot be used, or nil: an offset no zone has, or a rule libical could
    /// not expand in bounded time. libical expands every
    /// observance's rule from its DTSTART to the year asked for, with no limit: a rule repeating
    /// every second (or a yearly rule listing every hour and minute) never finishes. Real zones
    /// change their offset a few times a year, so a rule is accepted when it is yearly or monthly
    /// and names at most 366 instances a year.
    static func unexpandable(_ zone: OpaquePointer) -> String? {
        guard let vt = icaltimezone_get_component(zone) else { return nil }
        var observance = icalcomponent_get_first_component(vt, ICAL_ANY_COMPONENT)
        while let o = observance {
            // Real zones lie within 18 hours of UTC (ISO 8601's bound; today's are -12 to +14);
            // a larger offset (TZOFFSETTO:-999999) would move events by days.
            for kind in [ICAL_TZOFFSETFROM_PROPERTY, ICAL_TZOFFSETTO_PROPERTY] {
                guard let prop = icalcomponent_get_first_property(o, kind) else { continue }
                let offset = Int(kind == ICAL_TZOFFSETTO_PROPERTY ? icalproperty_get_tzoffsetto(prop) : icalproperty_get_tzoffsetfrom(prop))
                if abs(offset) > 18 * 3600 {
                    let a = abs(offset), clock = String(format: "%d:%02d:%02d", a / 3600, a / 60 % 60, a % 60)
                    return "an observance is \(clock) \(offset < 0 ? "behind" : "ahead of") UTC, where real zones are within 18 hours of it"
                }
            }
            var p = icalcomponent_get_first_property(o, ICAL_RRULE_PROPERTY)
            while let prop = p {
                let r = icalproperty_get_rrule(prop)
                if r.freq != ICAL_YEARLY_RECURRENCE && r.freq != ICAL_MONTHLY_RECURRENCE && r.freq != ICAL_NO_RECURRENCE {
                    return "an observance repeats \(String(cString: icalrecur_freq_to_string(r.freq)).lowercased()), where zones change a few times a year"
                }
                if instancesPerYear(r) > 366 { return "an observance repeats more than daily" }
                p = icalcomponent_get_next_property(o, ICAL_RRULE_PROPERTY)
            }
            observance = icalcomponent_get_next_component(vt, ICAL_ANY_COMPONENT)
        }
        return nil
    }

    /// At most how many instances a yearly or monthly rule names a year: the product of its BY lists.
    static func instancesPerYear(_ r: icalrecurrencetype) -> Int {
        func count<T>(_ tuple: T) -> Int {
            withUnsafeBytes(of: tuple) { raw in
                raw.bindMemory(to: Int16.self).prefix { $0 != Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) }.count
            }
        }
        var n = r.freq == ICAL_MONTHLY_RECURRENCE ? 12 : 1
        for c in [count(r.by_second), count(r.by_minute), count(r.by_hour), count(r.by_day), count(r.by_month_day),
                  count(r.by_year_day), count(r.by_week_no)] where c > 0 {
            n = n.multipliedReportingOverflow(by: c).overflow ? .max : n * c
        }
        return n
    }
    private var lastZone: (root: OpaquePointer, tzid: [CChar], zone: EventZone)?

    /// A TZID's zone. A name tzdata knows (directly, under a Mozilla-style path prefix, as the
    /// VTIMEZONE's X-LIC-LOCATION, or as a Windows name through ICU's CLDR table) is read with
    /// tzdata, right for every year: files' VTIMEZONEs often hold only the rules in force when the
    /// file was written (Outlook: today's rule back to 1601; macOS: from the event's year on). Only
    /// a VTIMEZONE naming no known zone ("Customized Time Zone") is evaluated by libical.
    private func resolveZone(_ tzid: String, raw: UnsafePointer<CChar>, root: OpaquePointer) -> EventZone? {
        if let z = tzdataZone(named: tzid) { return .tzdata(z) }
        if let vt = icalcomponent_get_timezone(root, raw) {
            if let loc = icaltimezone_get_location(vt), let z = tzdataZone(named: String(cString: loc)) { return .tzdata(z) }
            if let why = ICalendarSource.unexpandable(vt) {
                zoneProblems[tzid] = "time zone '\(ICalendarSource.clip(tzid))' cannot be used (\(why)); its times are read in the display zone"
                return nil
            }
            return .vtimezone(vt)
        }
        if let builtin = icaltimezone_get_builtin_timezone_from_tzid(raw) { return .vtimezone(builtin) }
        return nil
    }

    private var namedZones: [String: DisplayZone?] = [:]

    /// tzdata's zone for an IANA or Windows zone name, or nil; remembered per name.
    func tzdataZone(named name: String) -> DisplayZone? {
        if let known = namedZones[name] { return known }
        var found: DisplayZone?
        if name == zone.identifier { found = zone }
        var candidates = [name]
        let parts = name.split(separator: "/")
        if name.hasPrefix("/"), parts.count > 2 { candidates += [parts.suffix(3), parts.suffix(2)].map { $0.joined(separator: "/") } }
        for c in candidates where found == nil {
            if let named = DisplayZone(identifier: c) { found = c == zone.identifier ? zone : named }
        }
        if found == nil, let iana = ICalendarSource.ianaZone(forWindowsZone: name) { found = DisplayZone(identifier: iana) }
        namedZones[name] = .some(found)
        return found
    }

    /// The IANA zone CLDR maps a Windows zone name to ("W. Europe Standard Time" → Europe/Berlin),
    /// through ICU rather than a table of our own that would go stale.
    static func ianaZone(forWindowsZone name: String) -> String? {
        let windows = Array(name.utf16)
        guard !windows.isEmpty else { return nil }
        var out = [UInt16](repeating: 0, count: 128)
        var status: Int32 = 0
        let n = cicu_iana_for_windows_zone(windows, Int32(windows.count), &out, Int32(out.count), &status)
        // ICU's UErrorCode: zero or below is success (negative values are warnings).
        guard status <= 0, n > 0, n <= out.count else { return nil }
        return String(decoding: out[0..<Int(n)], as: UTF16.self)
    }

    /// A date's day number (days since 1970-01-01), ignoring any time.
    func dayNumber(_ t: icaltimetype) -> Int {
        CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))?.daysSinceEpoch ?? 0
    }

    /// A wall clock libical parsed but whose year or fields may be out of what the calendar shows.
    static func isValid(_ t: icaltimetype) -> Bool {
        guard t.year >= 1, t.year <= 9999, CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) != nil else { return false }
        return t.is_date != 0 || (0...23).contains(t.hour) && (0...59).contains(t.minute) && (0...60).contains(t.second)
    }

    func instant(_ m: Moment) -> Int64 { instant(m.wall, m.zone) }

    /// The instant of a wall clock in a zone, by our own arithmetic: libical's conversions go
    /// through time_t and its zone tables stop in 2037, and the calendar reaches 1583 and 9999.
    func instant(_ t: icaltimetype, _ z: EventZone) -> Int64 {
        let day = dayNumber(t)
        let (h, m, s) = t.is_date != 0 ? (0, 0, 0) : (Int(t.hour), Int(t.minute), Int(t.second))
        switch z {
        case .utc:
            return Int64(day) * 86_400 + Int64(h * 3600 + m * 60 + s)
        case let .tzdata(dz):
            return dz.instant(of: CalendarDate(daysSinceEpoch: day), hour: h, minute: m, second: s)
        case let .vtimezone(tz):
            // libical expands a VTIMEZONE's rules for 1970 to 2037 only; other years borrow the
            // offset of a year inside that span with the same calendar (leap year, weekday of 1 January).
            var local = t
            local.is_date = 0; local.zone = nil
            local.year = Int32(ICalendarSource.equivalentYear(Int(t.year)))
            var daylight: Int32 = 0
            let offset = icaltimezone_get_utc_offset(tz, &local, &daylight)
            return Int64(day) * 86_400 + Int64(h * 3600 + m * 60 + s) - Int64(offset)
        }
    }

    static func equivalentYear(_ y: Int) -> Int {
        if (1971...2036).contains(y) { return y }
        func key(_ y: Int) -> (Bool, Int) {
            ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0, CalendarDate(year: y, month: 1, day: 1)!.isoWeekday)
        }
        let k = key(y)
        return (2008...2035).first { key($0) == k } ?? y
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

    /// Expansion takes libical's turn (see `LibicalLock`) for the whole query.
    public func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] {
        LibicalLock.shared.run { occurrencesInTurn(overlapping: days) }
    }

    private func occurrencesInTurn(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] {
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
        if prefetching?.days == days, prefetchInTurn(overlapping: days, budget: .max) { return out + prefetching!.found }
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
    /// difference between the event's zone and the display zone, and THISANDFUTURE shifts widen it.
    private func keyBounds(_ r: RecurringEvent, lo: Int64, hi: Int64) -> (lo: Int64, hi: Int64)? {
        let lengthSeconds = r.isDate ? r.maxLength * 86_400 : r.maxLength
        let margin: Int64 = 2 * 86_400
        let qlo = lo - lengthSeconds - margin - r.shiftLater, qhi = hi + margin + r.shiftEarlier
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
        LibicalLock.shared.run { prefetchInTurn(overlapping: days, budget: budget) }
    }

    private func prefetchInTurn(overlapping days: ClosedRange<CalendarDate>, budget: Int) -> Bool {
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
        guard let (qlo, qhi) = keyBounds(r, lo: lo, hi: hi) else { return }
        func emit(_ key: Int64) {
            var o = r.proto
            var start = key, length = r.extraLengths[key] ?? r.length
            // The last THISANDFUTURE override at or before this occurrence decides how it looks.
            if let range = r.ranges.last(where: { $0.from <= key }) {
                if range.cancelled { return }
                o = range.proto; start = key + range.delta; length = range.length
                // A THISANDFUTURE override's instances are not offered for moving (yet).
                o.origin = nil
            }
            if o.origin != nil, o.origin?.recurrenceID == nil {
                // The instance's own day in the series' zone: DTSTART's day plus whole days (a
                // DST change moves an instant by an hour, never by half a day).
                let days = r.isDate ? Int(floorDiv(key - r.firstStart, 86_400)) : Int(floorDiv(key - r.firstStart + 43_200, 86_400))
                o.origin?.seriesDay = CalendarDate(daysSinceEpoch: dayNumber(r.start) + days)
            }
            if r.isDate {
                let d = CalendarDate(daysSinceEpoch: Int(start >= 0 ? start / 86_400 : (start - 86_399) / 86_400))
                o.span = .allDay(first: d, end: d.adding(days: Int(length)))
            } else {
                o.span = .timed(start: start, end: start + length)
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

    /// The key an instance is filed under, or nil when EXDATE or an override removes it. EXDATEs
    /// and RECURRENCE-IDs match by instant (RFC 5545), so one written in UTC or another zone
    /// still finds its occurrence; DATE ones match that day's occurrence.
    fileprivate func survivingKey(_ m: Moment, of r: RecurringEvent) -> Int64? {
        let day = dayNumber(m.wall)
        if r.exDays.contains(day) || r.removedDays.contains(day) { return nil }
        if r.isDate { return Int64(day) * 86_400 }
        let key = instant(m)
        if r.exInstants.contains(key) || r.removedInstants.contains(key) { return nil }
        return key
    }

    private func partition64(_ a: [Int64], _ isAfter: (Int64) -> Bool) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let mid = (lo + hi) / 2; if isAfter(a[mid]) { hi = mid } else { lo = mid + 1 } }
        return lo
    }
}

/// How a wall clock becomes an instant.
enum EventZone {
    case utc
    /// tzdata through Foundation: IANA and Windows zone names, and floating times (in the
    /// calendar's X-WR-TIMEZONE or the display zone).
    case tzdata(DisplayZone)
    /// A VTIMEZONE naming no zone tzdata knows, evaluated by libical.
    case vtimezone(OpaquePointer)
}

/// A date or date-time as written (wall-clock fields, libical's zone pointer cleared) and its zone.
struct Moment {
    var wall: icaltimetype
    var zone: EventZone
    var isDate: Bool { wall.is_date != 0 }
}

/// One VEVENT as read, before overrides are matched with their masters.
struct ParsedEvent {
    var order: Int
    var uid: String?
    var proto: EventOccurrence
    var start: Moment
    var length: Int64
    var sequence: Int
    var cancelled: Bool
    var floating: DisplayZone
    var recurrenceID: Moment? = nil
    var thisAndFuture = false
    var rules: [icalrecurrencetype] = []
    var rdates: [Moment] = []
    /// Each RDATE's own length in seconds when it is a PERIOD, parallel to `rdates`.
    var rdateLengths: [Int64?] = []
    var exdates: [Moment] = []
}

/// A `RANGE=THISANDFUTURE` override: occurrences from `from` on move by `delta` and take its
/// title, length and status.
struct FutureRange {
    var from: Int64
    var delta: Int64
    var proto: EventOccurrence
    var length: Int64
    var cancelled: Bool
}

/// One RRULE, with UNTIL taken out (the adapter compares it) and the length of its cycle.
struct Rule {
    var rule: icalrecurrencetype
    var untilKey: Int64?
    var counted: Bool
    /// Whole years after which the rule repeats exactly (see `RuleExpansion.periodYears`).
    var periodYears: Int
    /// Set when the rule's days follow from day arithmetic alone (see `DayRule`).
    var days: DayRule? = nil
    /// Its place among the event's rules.
    var index = 0
    /// Set when the rule has parts that only limit its steps: libical steps `stepping` (the
    /// rule without them) and `limits` checks each step here (see `RuleLimits`).
    var stepping: icalrecurrencetype? = nil
    var limits: RuleLimits? = nil
}

/// The parts of a DAILY, HOURLY, MINUTELY or SECONDLY rule that only limit which of its steps
/// are instances (RFC 5545 3.3.10, "Limit"): BYMONTH, BYMONTHDAY, BYDAY (weekdays) and, below
/// daily, BYYEARDAY and the time parts finer than the frequency. libical checks these inside one
/// call of its iterator and steps on, unit by unit, until a step passes; a rule whose limits no
/// step passes (BYSECOND=60: libical never yields a leap second) keeps that call going for
/// billions of steps, and nothing can interrupt it. With them taken out, each call of the
/// iterator takes one step; they are checked here, and every step counts against the
/// expansion's budget (`ICalendarSource.iterationLimit`), so such a rule ends with a notice.
struct RuleLimits {
    var months: Set<Int> = []
    var monthDays: [Int] = []
    var yearDays: [Int] = []
    /// libical's weekdays: Sunday 1 ... Saturday 7.
    var weekdays: Set<Int> = []
    var hours: Set<Int> = []
    var minutes: Set<Int> = []
    var seconds: Set<Int> = []
    /// COUNT, counted here (libical would count every step).
    var count = 0

    /// The rule without its limit parts, and those parts; nil when it has none to take out.
    /// (libical 3.0 applies BYSETPOS to none of these frequencies, with or without them.)
    static func split(_ rule: icalrecurrencetype) -> (icalrecurrencetype, RuleLimits)? {
        let levels: [icalrecurrencetype_frequency: Int] = [ICAL_SECONDLY_RECURRENCE: 0, ICAL_MINUTELY_RECURRENCE: 1,
                                                           ICAL_HOURLY_RECURRENCE: 2, ICAL_DAILY_RECURRENCE: 3]
        guard let level = levels[rule.freq] else { return nil }
        if let scale = rule.rscale, String(cString: scale).uppercased() != "GREGORIAN" { return nil }
        var r = rule
        var l = RuleLimits()
        let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        func take<T>(_ tuple: inout T) -> [Int] {
            let v = RuleFeasibility.values(tuple)
            withUnsafeMutableBytes(of: &tuple) { $0.bindMemory(to: Int16.self)[0] = end }
            return v
        }
        l.months = Set(take(&r.by_month))
        l.monthDays = take(&r.by_month_day)
        l.weekdays = Set(take(&r.by_day).map { abs($0) % 8 })
        if level <= 2 {
            l.yearDays = take(&r.by_year_day)
            l.hours = Set(take(&r.by_hour))
        }
        if level <= 1 { l.minutes = Set(take(&r.by_minute)) }
        if level == 0 { l.seconds = Set(take(&r.by_second)) }
        guard !(l.months.isEmpty && l.monthDays.isEmpty && l.weekdays.isEmpty && l.yearDays.isEmpty
                && l.hours.isEmpty && l.minutes.isEmpty && l.seconds.isEmpty) else { return nil }
        l.count = Int(rule.count)
        r.count = 0
        return (r, l)
    }

    /// Whether a step's wall clock passes every limit (negative days count from the end).
    func admits(_ t: icaltimetype) -> Bool {
        if !seconds.isEmpty, !seconds.contains(Int(t.second)) { return false }
        if !minutes.isEmpty, !minutes.contains(Int(t.minute)) { return false }
        if !hours.isEmpty, !hours.contains(Int(t.hour)) { return false }
        if !months.isEmpty, !months.contains(Int(t.month)) { return false }
        guard !monthDays.isEmpty || !yearDays.isEmpty || !weekdays.isEmpty else { return true }
        guard let date = CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) else { return false }
        if !weekdays.isEmpty, !weekdays.contains(date.isoWeekday % 7 + 1) { return false }
        if !monthDays.isEmpty {
            let length = CalendarDate.daysIn(year: date.year, month: date.month)
            if !monthDays.contains(date.day) && !monthDays.contains(date.day - length - 1) { return false }
        }
        if !yearDays.isEmpty {
            let first = CalendarDate(year: date.year, month: 1, day: 1)!.daysSinceEpoch
            let day = date.daysSinceEpoch - first + 1
            let length = CalendarDate(year: date.year + 1, month: 1, day: 1)!.daysSinceEpoch - first
            if !yearDays.contains(day) && !yearDays.contains(day - length - 1) { return false }
        }
        return true
    }
}

/// A DAILY or WEEKLY rule with no parts but INTERVAL, WKST and plain BYDAY weekdays, and no
/// COUNT (UNTIL is compared by the adapter), from a DTSTART in the Gregorian years: by far the
/// most common rules (weekly meetings, every weekday, daily). libical steps each instance
/// through ICU calendar fields, microseconds apiece, and a 10,000-event calendar opens with a
/// thousand series to step; the same days follow from day numbers in nanoseconds. Anything
/// else goes through libical. `DayRuleTests` checks both give the same occurrences, except that
/// weeks here are grouped by WKST as RFC 5545 says, where libical 3.0's iterator groups some
/// rules' weeks from Sunday whatever WKST names (a test shows the case).
struct DayRule {
    var weekly: Bool
    var interval: Int
    /// By ISO weekday (index 1 Monday ... 7 Sunday); all true when the rule names none (DAILY).
    var weekdays: [Bool]
    /// ISO weekday weeks start on (WKST; Monday by default): it groups days into weeks for INTERVAL.
    var weekStart: Int
    var startDay: Int
    /// With COUNT: the day of the last instance, worked out by arithmetic (never by stepping
    /// through the instances before it).
    var lastCountedDay: Int?

    /// The grid of December 9999 shows days of January 10000; a rule that can never match (DAILY
    /// every 7 days on another weekday) stops here too.
    static let lastDay = CalendarDate(year: 10000, month: 12, day: 31)!.daysSinceEpoch

    init?(_ r: icalrecurrencetype, start: icaltimetype) {
        guard r.freq == ICAL_WEEKLY_RECURRENCE || r.freq == ICAL_DAILY_RECURRENCE,
              start.year >= Int32(RuleExpansion.minYear),
              let startDay = CalendarDate(year: Int(start.year), month: Int(start.month), day: Int(start.day))?.daysSinceEpoch
        else { return nil }
        if let scale = r.rscale, String(cString: scale).uppercased() != "GREGORIAN" { return nil }
        func none<T>(_ tuple: T) -> Bool {
            withUnsafeBytes(of: tuple) { $0.load(as: Int16.self) == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) }
        }
        guard none(r.by_second), none(r.by_minute), none(r.by_hour), none(r.by_month_day), none(r.by_year_day),
              none(r.by_week_no), none(r.by_month), none(r.by_set_pos) else { return nil }
        var named = [Bool](repeating: false, count: 8)
        var any = false
        let ok: Bool = withUnsafeBytes(of: r.by_day) { raw in
            for v in raw.bindMemory(to: Int16.self) {
                if v == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                let weekday = icalrecurrencetype_day_day_of_week(v)
                // An ordinal (1MO, -1FR) means something only in monthly and yearly rules.
                guard icalrecurrencetype_day_position(v) == 0, weekday != ICAL_NO_WEEKDAY else { return false }
                named[(Int(weekday.rawValue) + 5) % 7 + 1] = true   // SU 1 ... SA 7 → ISO
                any = true
            }
            return true
        }
        guard ok else { return nil }
        weekly = r.freq == ICAL_WEEKLY_RECURRENCE
        interval = max(1, Int(r.interval))
        if !any {
            // DAILY: every day; WEEKLY: DTSTART's weekday.
            if weekly { named[DayRule.isoWeekday(startDay)] = true } else { named = [Bool](repeating: true, count: 8) }
        }
        weekdays = named
        weekStart = r.week_start == ICAL_NO_WEEKDAY ? 1 : (Int(r.week_start.rawValue) + 5) % 7 + 1
        self.startDay = startDay
        if r.count > 0 {
            // DTSTART counts as the first instance; when it is not one of the rule's days
            // (libical and RFC 5545 readers differ then), or a daily rule skips weekdays every
            // few days, libical counts.
            guard weekdays[DayRule.isoWeekday(startDay)], weekly || interval == 1 else { return nil }
            lastCountedDay = nthDay(Int(r.count))
        }
    }

    /// The day of the rule's n-th instance (n ≥ 1, DTSTART the first, on one of the rule's days):
    /// whole periods (a week, or INTERVAL weeks) hold the same number of instances each.
    func nthDay(_ n: Int) -> Int {
        let week0 = weekBegin(startDay)
        let inWeek = (0..<7).map { week0 + $0 }.filter { weekdays[DayRule.isoWeekday($0)] }
        let first = inWeek.filter { $0 >= startDay }
        if n <= first.count { return first[n - 1] }
        let rest = n - first.count - 1
        let periods = rest / inWeek.count + 1
        let step = weekly ? interval : 1
        return inWeek[rest % inWeek.count] + periods * step * 7
    }

    static func isoWeekday(_ d: Int) -> Int { ((d % 7) + 7 + 3) % 7 + 1 }

    private func weekBegin(_ d: Int) -> Int { d - (DayRule.isoWeekday(d) - weekStart + 7) % 7 }

    /// The first day of the rule on or after `from` (never before DTSTART's), or nil past `lastDay`.
    func day(onOrAfter from: Int) -> Int? {
        guard let d = firstDay(onOrAfter: from) else { return nil }
        if let last = lastCountedDay, d > last { return nil }
        return d
    }

    private func firstDay(onOrAfter from: Int) -> Int? {
        var d = max(from, startDay)
        if weekly {
            let week0 = weekBegin(startDay)
            while d <= DayRule.lastDay {
                let begin = weekBegin(d)
                let off = ((begin - week0) / 7) % interval
                if off != 0 { d = begin + (interval - off) * 7; continue }
                if weekdays[DayRule.isoWeekday(d)] { return d }
                d += 1
            }
            return nil
        }
        let r = (d - startDay) % interval
        if r != 0 { d += interval - r }
        while d <= DayRule.lastDay {
            if weekdays[DayRule.isoWeekday(d)] { return d }
            d += interval
        }
        return nil
    }
}

/// The instances of one recurring event over a covered span of time. libical's iterators are
/// expensive to create (ICU calendars behind them) and cheap to step, so the forward iterators
/// stay alive and step on as pages move forward; going back fills in with one short-lived
/// iterator per rule. Each extension reaches two weeks past what was asked.
///
/// libical refuses years after 2582. The Gregorian calendar repeats exactly every 400 years
/// (146,097 days, a whole number of weeks), so a rule's occurrences in a far year are those of
/// the same rule in a year a whole number of cycles earlier, shifted back: each iterator works in
/// such a frame, and moves to a new one when it reaches the frame's end.
final class RuleExpansion {
    let event: RecurringEvent
    private(set) var keys: [Int64] = []
    private var from: Int64 = 0, to: Int64 = 0
    private var forward: [Cursor] = []
    private var started = false
    static let ahead: Int64 = 14 * 86_400, behind: Int64 = 14 * 86_400, farJump: Int64 = 730 * 86_400
    /// The last year a frame may reach; libical stops at 2582.
    static let maxYear = 2580

    /// One rule's iterator in a frame: it yields dates `shift` years before the real ones.
    struct Cursor {
        var iterator: OpaquePointer?
        var pending: icaltimetype?
        var shift: Int32
        /// The first key the frame cannot reach.
        var reach: Int64
        var done: Bool
        /// Above 1: the iterator runs with INTERVAL=1 and only every `phase`-th period counts.
        var phase: Int
        /// For a `DayRule`, instead of an iterator: the first day not looked at yet.
        var nextDay = 0
        /// For a rule with `RuleLimits`: the instances counted so far, for COUNT.
        var counted = 0
        /// Whether this cursor has met an instance (libical can step its rule).
        var found = false
    }

    /// Rules (by index) that took the whole step budget without yielding one instance: libical
    /// cannot step them to an instance, so they yield nothing more.
    private(set) var unexpandable = Set<Int>()

    func covers(_ lo: Int64, _ hi: Int64) -> Bool { started && lo >= from && hi <= to }

    init(event: RecurringEvent) { self.event = event }
    deinit { reset() }

    private func reset() {
        for f in forward { if let it = f.iterator { icalrecur_iterator_free(it) } }
        forward = []; keys = []; started = false
    }

    func cover(_ lo: Int64, _ hi: Int64, source: ICalendarSource) {
        if started, lo < from - RuleExpansion.farJump || hi > to + RuleExpansion.farJump { reset() }
        if !started {
            // A first query starts where it asks: every libical step costs microseconds of ICU
            // calendar work, and a margin behind would not spare the page before its own
            // backward fill (a month page reaches further back than the margin).
            started = true
            from = lo
            to = from
            forward = event.rules.map { makeCursor($0, at: from) }
        }
        if lo < from {
            let newFrom = lo - RuleExpansion.behind
            var earlier: [Int64] = []
            for rule in event.rules {
                var c = makeCursor(rule, at: newFrom)
                run(&c, rule: rule, from: newFrom, until: from, into: &earlier, source: source)
                if let it = c.iterator { icalrecur_iterator_free(it) }
            }
            keys = Array(Set(earlier)).sorted() + keys
            from = newFrom
        }
        if hi > to {
            let newTo = max(hi, to + RuleExpansion.ahead)
            var later: [Int64] = []
            for i in forward.indices {
                run(&forward[i], rule: event.rules[i], from: to, until: newTo, into: &later, source: source)
            }
            keys += Array(Set(later)).sorted()
            to = newTo
        }
    }

    /// Steps a cursor over [from, until), moving it to a new frame each time it reaches the end of one.
    private func run(_ c: inout Cursor, rule: Rule, from: Int64, until: Int64, into out: inout [Int64], source: ICalendarSource) {
        var segmentFrom = from
        while !c.done {
            let segmentEnd = min(until, c.reach)
            step(&c, rule: rule, from: segmentFrom, until: segmentEnd, into: &out, source: source)
            if segmentEnd >= until || c.done { return }
            if let it = c.iterator { icalrecur_iterator_free(it) }
            c = makeCursor(rule, at: segmentEnd)
            segmentFrom = segmentEnd
        }
    }

    /// Whole years after which a rule's occurrences repeat: 400 (the Gregorian cycle) times
    /// what makes the cycle a whole number of its intervals (a fortnightly rule: 800 years, as
    /// 400 years are an odd number of weeks).
    static func periodYears(of rule: icalrecurrencetype) -> Int {
        let n = max(1, Int(rule.interval))
        var a = unitsPer400Years(rule.freq), b = n
        while b != 0 { (a, b) = (b, a % b) }
        return 400 * (n / a)
    }

    static func unitsPer400Years(_ freq: icalrecurrencetype_frequency) -> Int {
        switch freq {
        case ICAL_SECONDLY_RECURRENCE: return 146_097 * 86_400
        case ICAL_MINUTELY_RECURRENCE: return 146_097 * 1_440
        case ICAL_HOURLY_RECURRENCE: return 146_097 * 24
        case ICAL_DAILY_RECURRENCE: return 146_097
        case ICAL_WEEKLY_RECURRENCE: return 20_871
        case ICAL_MONTHLY_RECURRENCE: return 4_800
        default: return 400
        }
    }

    /// The first Gregorian year in libical's iterator: it works through ICU's calendar, which is
    /// Julian before October 1582, so no frame may reach below.
    static let minYear = 1583

    /// The shifts (in years) of DTSTART and of the years asked for that bring [loYear, hiYear]
    /// into the years libical iterates right, or nil when none fits.
    ///
    /// Without COUNT, DTSTART moves by whole 400-year cycles into 1777...2176 and the window by
    /// whole cycles too, to a year after the moved DTSTART; a rule with an INTERVAL is then
    /// iterated with INTERVAL=1 and its phase checked here (`phase`), since 400 years are not a
    /// whole number of, say, fortnights. A counted rule must count from the same start, so both
    /// move alike, by whole periods of the rule.
    static func frame(startYear y0: Int, loYear: Int, hiYear: Int, period p: Int, counted: Bool) -> (start: Int, window: Int)? {
        if hiYear <= maxYear && y0 <= maxYear { return (0, 0) }
        if counted {
            let need = max(hiYear, y0) - maxYear
            let a = (need + p - 1) / p * p
            return y0 - a >= minYear ? (a, a) : nil
        }
        let moved = 1777 + ((y0 - 1777) % 400 + 400) % 400
        let a = y0 - moved
        let k = loYear - 1 - y0 >= 0 ? (loYear - 1 - y0) / 400 : 0
        let b = a + k * 400
        return hiYear - b <= maxYear ? (a, b) : nil
    }

    private static func year(of key: Int64) -> Int {
        CalendarDate(daysSinceEpoch: Int(key >= 0 ? key / 86_400 : (key - 86_399) / 86_400)).year
    }

    /// An iterator positioned near `at`, in a frame that reaches a few years past it (rules with
    /// COUNT must walk from DTSTART to count right).
    private func makeCursor(_ rule: Rule, at: Int64) -> Cursor {
        if let days = rule.days {
            // As with libical's iterator below: from the UTC date a day early, early enough in any zone.
            let early = Int((at >= 0 ? at / 86_400 : (at - 86_399) / 86_400) - 1)
            return Cursor(iterator: nil, pending: nil, shift: 0, reach: .max, done: false, phase: 1,
                          nextDay: at > event.firstStart ? max(early, days.startDay) : days.startDay)
        }
        let lo = RuleExpansion.year(of: at - 2 * 86_400), y0 = Int(event.start.year)
        let none = Cursor(iterator: nil, pending: nil, shift: 0, reach: .max, done: true, phase: 1)
        guard let f = RuleExpansion.frame(startYear: y0, loYear: lo, hiYear: lo + 3, period: rule.periodYears, counted: rule.counted) else {
            return none
        }
        if unexpandable.contains(rule.index) { return none }
        var r = rule.stepping ?? rule.rule
        var phase = 1
        if (f.start, f.window) != (0, 0), !rule.counted, r.interval > 1 {
            phase = Int(r.interval); r.interval = 1
        }
        var start = event.start
        start.year -= Int32(f.start)
        guard let it = icalrecur_iterator_new(r, start) else { return none }
        if !rule.counted, at > event.firstStart {
            // The UTC date a day early is early enough in any zone; instances before `at` are skipped.
            let c = CalendarDate(daysSinceEpoch: Int((at >= 0 ? at / 86_400 : (at - 86_399) / 86_400) - 1)).components
            var jump = start
            jump.year = Int32(c.year - f.window); jump.month = Int32(c.month); jump.day = Int32(c.day)
            if jump.is_date == 0 { jump.hour = 0; jump.minute = 0; jump.second = 0 }
            if icaltime_compare(jump, start) > 0 { _ = icalrecur_iterator_set_start(it, jump) }
        }
        let reachDay = CalendarDate(year: RuleExpansion.maxYear + f.window, month: 12, day: 1)!.daysSinceEpoch
        return Cursor(iterator: it, pending: nil, shift: Int32(f.window), reach: Int64(reachDay) * 86_400, done: false, phase: phase)
    }

    /// Whether a wall clock is a whole number of the rule's intervals after DTSTART, counted as
    /// libical counts them (weeks from the week DTSTART is in, by WKST).
    private func inPhase(_ t: icaltimetype, rule: icalrecurrencetype, every n: Int) -> Bool {
        let s = event.start
        let dayT = CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))!.daysSinceEpoch
        let dayS = CalendarDate(year: Int(s.year), month: Int(s.month), day: Int(s.day))!.daysSinceEpoch
        let units: Int
        switch rule.freq {
        case ICAL_YEARLY_RECURRENCE: units = Int(t.year - s.year)
        case ICAL_MONTHLY_RECURRENCE: units = Int(t.year - s.year) * 12 + Int(t.month - s.month)
        case ICAL_WEEKLY_RECURRENCE:
            // icalrecurrencetype_weekday: Sunday 1 ... Saturday 7; ISO: Monday 1 ... Sunday 7.
            let wkst = rule.week_start == ICAL_NO_WEEKDAY ? 1 : (Int(rule.week_start.rawValue) + 5) % 7 + 1
            func weekStart(_ d: Int) -> Int { d - (CalendarDate(daysSinceEpoch: d).isoWeekday - wkst + 7) % 7 }
            units = (weekStart(dayT) - weekStart(dayS)) / 7
        case ICAL_DAILY_RECURRENCE: units = dayT - dayS
        case ICAL_HOURLY_RECURRENCE: units = (dayT - dayS) * 24 + Int(t.hour - s.hour)
        case ICAL_MINUTELY_RECURRENCE: units = ((dayT - dayS) * 24 + Int(t.hour - s.hour)) * 60 + Int(t.minute - s.minute)
        default: units = (((dayT - dayS) * 24 + Int(t.hour - s.hour)) * 60 + Int(t.minute - s.minute)) * 60 + Int(t.second - s.second)
        }
        return ((units % n) + n) % n == 0
    }

    /// Steps until an instance at or past `until`, which is kept as the pending one.
    private func step(_ c: inout Cursor, rule: Rule, from: Int64, until: Int64, into out: inout [Int64], source: ICalendarSource) {
        if c.iterator == nil && rule.days == nil { c.done = true; return }
        var steps = 0
        defer {
            if steps >= ICalendarSource.iterationLimit {
                if rule.limits != nil, !c.found {
                    // Not one instance in the whole budget: libical cannot step this rule.
                    unexpandable.insert(rule.index)
                    c.done = true
                    source.noteUnexpandable(event)
                } else {
                    source.noteIterationLimit(event)
                }
            }
        }
        while steps < ICalendarSource.iterationLimit {
            let t: icaltimetype
            if let p = c.pending {
                t = p; c.pending = nil
            } else if let days = rule.days {
                guard let d = days.day(onOrAfter: c.nextDay) else { c.done = true; return }
                c.nextDay = d + 1
                let date = CalendarDate(daysSinceEpoch: d).components
                var w = event.start
                w.year = Int32(date.year); w.month = Int32(date.month); w.day = Int32(date.day)
                t = w
            } else {
                t = icalrecur_iterator_next(c.iterator!)
            }
            if isNull(t) { c.done = true; return }
            steps += 1
            var wall = t
            wall.year += c.shift; wall.zone = nil
            let raw = event.isDate ? Int64(source.dayNumber(wall)) * 86_400 : source.instant(wall, event.zone)
            if let u = rule.untilKey, raw > u { c.done = true; return }
            if raw >= until { c.pending = t; return }
            if let limits = rule.limits {
                // As libical counts: instances that pass the limits (DTSTART is shown anyway, see `extraKeys`).
                guard limits.admits(wall) else { continue }
                c.found = true
                if limits.count > 0 {
                    if c.counted >= limits.count { c.done = true; return }
                    c.counted += 1
                }
            }
            if raw < from { continue }
            if c.phase > 1, !inPhase(wall, rule: rule.rule, every: c.phase) { continue }
            if let key = source.survivingKey(Moment(wall: wall, zone: event.zone), of: event) { out.append(key) }
        }
    }
}

/// A recurring master event, kept with what expansion needs.
struct RecurringEvent {
    var id: Int
    var proto: EventOccurrence
    /// The first instance's key (instant, or day × 86,400 for all-day events).
    var firstStart: Int64
    /// DTSTART's wall clock (no zone pointer: the adapter does the zone arithmetic) and its zone.
    var start: icaltimetype
    var zone: EventZone
    /// Days for all-day events, seconds for timed ones.
    var length: Int64
    var floating: DisplayZone
    var isDate: Bool { start.is_date != 0 }
    /// DTSTART and RDATEs that survive EXDATE and overrides: instances besides the rules'.
    var extraKeys: [Int64] = []
    /// The lengths of the extra instances whose RDATE was a PERIOD of another length.
    var extraLengths: [Int64: Int64] = [:]
    var rules: [Rule] = []
    var exInstants = Set<Int64>()
    var exDays = Set<Int>()
    /// Occurrences replaced by single overrides.
    var removedInstants = Set<Int64>()
    var removedDays = Set<Int>()
    var ranges: [FutureRange] = []
    var maxLength: Int64 = 0
    /// How far THISANDFUTURE overrides move occurrences later or earlier.
    var shiftLater: Int64 = 0
    var shiftEarlier: Int64 = 0
    /// The latest key an occurrence can have before THISANDFUTURE shifts; nil for open-ended rules.
    var until: Int64?
}

@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }

@inline(__always) func isNull(_ t: icaltimetype) -> Bool { icaltime_is_null_time(t) != 0 }
