import CLibical
import CalendarModel
import Foundation

/// Changes to one calendar file through libical: the file is parsed whole and the moved event's
/// components are changed as libical components; each changed one is then written in the form
/// of its original text (`rewritten`, in `CalendarFileEdit+Splice.swift`) and spliced into the
/// file's bytes in its place (`CalendarText`), so nothing else in the file changes. Every
/// function here that touches libical runs in libical's turn.
enum CalendarFileEdit {
    /// A parsed calendar that frees itself.
    final class Parsed {
        let root: OpaquePointer
        init(root: OpaquePointer) { self.root = root }
        deinit { icalcomponent_free(root) }
    }

    /// Parses a whole file, or says why it cannot be written back without losing something.
    static func parse(_ file: Data) -> Result<Parsed, EditFailure> {
        if file.contains(0) { return .failure(EditFailure("the file contains binary data")) }
        // libical does not know the UTF-8 byte order mark some Windows programs write.
        let data = file.starts(with: CalendarText.bom) ? file.dropFirst(3) : file
        var text = [CChar](repeating: 0, count: data.count + 1)
        data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: CChar.self) { b in if b.count > 0 { text.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress!, b.baseAddress!, b.count) } } }
        }
        guard let root = icalparser_parse_string(text) else { return .failure(EditFailure("libical cannot read the file")) }
        let parsed = Parsed(root: root)
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else {
            return .failure(EditFailure("the file holds more than one calendar (or none); writing it back could lose parts of it"))
        }
        // libical turns a line it cannot read into an X-LIC-ERROR property: written back, the
        // original line would be gone.
        if hasParseErrors(root) {
            return .failure(EditFailure("some lines cannot be read by libical; writing the file back would lose them"))
        }
        return .success(parsed)
    }

    private static func hasParseErrors(_ c: OpaquePointer) -> Bool {
        if icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY) != nil { return true }
        var child = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT)
        while let ch = child {
            if hasParseErrors(ch) { return true }
            child = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)
        }
        return false
    }

    static func serialize(_ c: OpaquePointer) -> String {
        guard let s = icalcomponent_as_ical_string_r(c) else { return "" }
        defer { free(s) }
        return String(cString: s)
    }

    /// Every VEVENT of the calendar, in file order.
    static func events(in root: OpaquePointer) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var e = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
        while let c = e {
            out.append(c)
            e = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
        }
        return out
    }

    static func uid(_ c: OpaquePointer) -> String? {
        icalcomponent_get_uid(c).map { ICalendarSource.trimmedSpaces(String(cString: $0)) }
    }

    /// A component's identity within its UID: its RECURRENCE-ID as written ("" for the master).
    static func key(_ c: OpaquePointer) -> String {
        guard let p = icalcomponent_get_first_property(c, ICAL_RECURRENCEID_PROPERTY),
              let v = icalproperty_get_value_as_string(p) else { return "" }
        return String(cString: v)
    }

    // MARK: Making the change

    /// The event's components that `move` changes, before (their text in the file, `texts`) and
    /// after (written like that text); a new override is "" before, and its series' text comes
    /// along unchanged, so that the write checks the series is still what the override copies.
    static func moved(_ components: [OpaquePointer], texts: [ArraySlice<UInt8>], _ move: EventMove, now: Date) -> Result<(before: [String], after: [String]), EditFailure> {
        let clones = components.map { icalcomponent_new_clone($0)! }
        defer { for c in clones { icalcomponent_free(c) } }
        let wanted = move.origin.recurrenceID ?? ""
        let stamp = utc(now)
        var extra: OpaquePointer?
        defer { if let extra { icalcomponent_free(extra) } }
        switch move.scope {
        case .event:
            // Of several versions of one component, the one shown: the highest SEQUENCE, the last on a tie.
            let versions = clones.filter { key($0) == wanted }
            let newest = versions.reduce(nil as OpaquePointer?) { best, c in
                guard let best else { return c }
                return icalcomponent_get_sequence(c) >= icalcomponent_get_sequence(best) ? c : best
            }
            guard let target = newest else {
                return .failure(EditFailure("the event is no longer in the file"))
            }
            shift(target, [ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY], by: move.days)
            touch(target, stamp)
        case .allOccurrences:
            guard clones.contains(where: { key($0) == "" }) else { return .failure(EditFailure("the series is no longer in the file")) }
            for c in clones {
                if key(c) == "" {
                    let oldStart = icalcomponent_get_first_property(c, ICAL_DTSTART_PROPERTY).map { icalproperty_get_dtstart($0) }
                    shift(c, [ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY, ICAL_EXDATE_PROPERTY, ICAL_RDATE_PROPERTY], by: move.days)
                    shiftUntil(c, by: move.days)
                    if let oldStart { shiftRuleDays(c, by: move.days, from: oldStart) }
                } else {
                    shift(c, [ICAL_RECURRENCEID_PROPERTY, ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY], by: move.days)
                }
                touch(c, stamp)
            }
        case .thisOccurrence:
            guard let day = move.origin.seriesDay, let master = clones.first(where: { key($0) == "" }),
                  let masterStart = icalcomponent_get_first_property(master, ICAL_DTSTART_PROPERTY) else {
                return .failure(EditFailure("the series is no longer in the file"))
            }
            let startDay = dayNumber(icalproperty_get_dtstart(masterStart))
            let offset = day.daysSinceEpoch - startDay
            // An override of that instance already written is moved itself.
            if let existing = clones.first(where: { c in
                guard key(c) != "", let p = icalcomponent_get_first_property(c, ICAL_RECURRENCEID_PROPERTY) else { return false }
                return dayNumber(icalproperty_get_recurrenceid(p)) == day.daysSinceEpoch
            }) {
                shift(existing, [ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY], by: move.days)
                touch(existing, stamp)
                break
            }
            let override = icalcomponent_new_clone(master)!
            extra = override
            for kind in [ICAL_RRULE_PROPERTY, ICAL_RDATE_PROPERTY, ICAL_EXDATE_PROPERTY, ICAL_EXRULE_PROPERTY] { removeAll(override, kind) }
            // RECURRENCE-ID names the instance as the series would start it: DTSTART's value
            // type and TZID, on the instance's day (RFC 5545 3.8.4.4; Evolution writes the same).
            let rid = icalproperty_new_clone(icalcomponent_get_first_property(override, ICAL_DTSTART_PROPERTY))!
            let ridValue = icalproperty_get_value(rid)!
            let retyped = icalproperty_new(ICAL_RECURRENCEID_PROPERTY)!
            icalproperty_set_value(retyped, icalvalue_new_clone(ridValue))
            var param = icalproperty_get_first_parameter(rid, ICAL_ANY_PARAMETER)
            while let p = param {
                icalproperty_add_parameter(retyped, icalparameter_new_clone(p))
                param = icalproperty_get_next_parameter(rid, ICAL_ANY_PARAMETER)
            }
            icalproperty_free(rid)
            shiftProperty(retyped, by: offset)
            icalcomponent_add_property(override, retyped)
            shift(override, [ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY], by: offset + move.days)
            touch(override, stamp)
        }
        var before: [String] = [], after: [String] = []
        for (i, c) in clones.enumerated() where serialize(c) != serialize(components[i]) {
            before.append(String(decoding: texts[i], as: UTF8.self))
            after.append(String(decoding: rewritten(texts[i], old: components[i], new: c), as: UTF8.self))
        }
        if let extra, let m = clones.firstIndex(where: { key($0) == "" }) {
            let series = String(decoding: texts[m], as: UTF8.self)
            before += [series, ""]
            after += [series, String(decoding: rewritten(texts[m], old: components[m], new: extra), as: UTF8.self)]
        }
        return .success((before, after))
    }

    /// Moves every value of the named properties by whole days: dates by days, date-times by
    /// days on their own wall clock (so a timed event keeps its time of day in its own zone).
    static func shift(_ c: OpaquePointer, _ kinds: [icalproperty_kind], by days: Int) {
        guard days != 0 else { return }
        for kind in kinds {
            var p = icalcomponent_get_first_property(c, kind)
            while let prop = p {
                shiftProperty(prop, by: days)
                p = icalcomponent_get_next_property(c, kind)
            }
        }
    }

    static func shiftProperty(_ prop: OpaquePointer, by days: Int) {
        guard days != 0, let value = icalproperty_get_value(prop) else { return }
        func moved(_ t: icaltimetype) -> icaltimetype {
            if isNull(t) { return t }
            var m = t
            icaltime_adjust(&m, Int32(days), 0, 0, 0)
            return m
        }
        switch icalvalue_isa(value) {
        case ICAL_DATE_VALUE:
            icalvalue_set_date(value, moved(icalvalue_get_date(value)))
        case ICAL_DATETIME_VALUE:
            icalvalue_set_datetime(value, moved(icalvalue_get_datetime(value)))
        case ICAL_DATETIMEDATE_VALUE:
            icalvalue_set_datetimedate(value, moved(icalvalue_get_datetimedate(value)))
        case ICAL_DATETIMEPERIOD_VALUE:
            var v = icalvalue_get_datetimeperiod(value)
            v.time = moved(v.time)
            v.period.start = moved(v.period.start)
            if !isNull(v.period.end) { v.period.end = moved(v.period.end) }
            icalvalue_set_datetimeperiod(value, v)
        case ICAL_PERIOD_VALUE:
            var v = icalvalue_get_period(value)
            v.start = moved(v.start)
            if !isNull(v.end) { v.end = moved(v.end) }
            icalvalue_set_period(value, v)
        default:
            break
        }
    }

    /// A series moved by days keeps its number of instances: UNTIL moves with DTSTART.
    static func shiftUntil(_ c: OpaquePointer, by days: Int) {
        var p = icalcomponent_get_first_property(c, ICAL_RRULE_PROPERTY)
        while let prop = p {
            if let value = icalproperty_get_value(prop) {
                var r = icalvalue_get_recur(value)
                if !isNull(r.until), r.rscale == nil {
                    icaltime_adjust(&r.until, Int32(days), 0, 0, 0)
                    icalvalue_set_recur(value, r)
                }
            }
            p = icalcomponent_get_next_property(c, ICAL_RRULE_PROPERTY)
        }
    }

    /// A series moved by days keeps its pattern: the days its rules name move with DTSTART, as
    /// GNOME Calendar and Google Calendar do (a Tuesday-and-Thursday series a day later is a
    /// Wednesday-and-Friday one). BYDAY weekdays move by the days (an ordinal is taken from
    /// the new DTSTART when the rule names one day); BYMONTHDAY and BYYEARDAY move by the days,
    /// wrapping past the month's or year's end; BYMONTH and BYWEEKNO move when DTSTART's month
    /// or ISO week changes. Rules of other calendar scales (RSCALE) are left as they are.
    static func shiftRuleDays(_ c: OpaquePointer, by days: Int, from oldStart: icaltimetype) {
        guard days != 0, isNull(oldStart) == false,
              let old = CalendarDate(year: Int(oldStart.year), month: Int(oldStart.month), day: Int(oldStart.day)) else { return }
        let new = old.adding(days: days)
        for kind in [ICAL_RRULE_PROPERTY, ICAL_EXRULE_PROPERTY] {
            var p = icalcomponent_get_first_property(c, kind)
            while let prop = p {
                if let value = icalproperty_get_value(prop) {
                    var r = icalvalue_get_recur(value)
                    if r.rscale == nil {
                        shiftedDays(&r, by: days, from: old, to: new)
                        icalvalue_set_recur(value, r)
                    }
                }
                p = icalcomponent_get_next_property(c, kind)
            }
        }
    }

    static func shiftedDays(_ r: inout icalrecurrencetype, by days: Int, from old: CalendarDate, to new: CalendarDate) {
        let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        func edit<T>(_ tuple: inout T, _ f: (Int) -> Int) {
            withUnsafeMutableBytes(of: &tuple) { raw in
                let a = raw.bindMemory(to: Int16.self)
                for i in a.indices {
                    if a[i] == end { break }
                    a[i] = Int16(f(Int(a[i])))
                }
            }
        }
        // Weekdays: libical's Sunday 1 ... Saturday 7, position × 8 added, signed.
        let named = RuleFeasibility.values(r.by_day)
        let single = named.count == 1
        let length = CalendarDate.daysIn(year: new.year, month: new.month)
        edit(&r.by_day) { v in
            let weekday = abs(v) % 8, position = (abs(v) - weekday) / 8 * (v < 0 ? -1 : 1)
            let moved = ((weekday - 1 + days) % 7 + 7) % 7 + 1
            var n = position
            if single, position != 0 {
                n = position > 0 ? (new.day - 1) / 7 + 1 : -((length - new.day) / 7 + 1)
            }
            return (abs(n) * 8 + moved) * (n < 0 ? -1 : 1)
        }
        func wrap(_ v: Int, _ most: Int) -> Int {
            if v > 0 {
                let m = v + days
                return m > most ? m - most : m < 1 ? m - 1 : m
            }
            let m = v + days
            return m > -1 ? m + 1 : m < -most ? m + most : m
        }
        edit(&r.by_month_day) { wrap($0, 31) }
        edit(&r.by_year_day) { wrap($0, 366) }
        let months = (new.year - old.year) * 12 + new.month - old.month
        if months != 0 { edit(&r.by_month) { v in ((v - 1 + months) % 12 + 12) % 12 + 1 } }
        let weeks = ((new.daysSinceEpoch - new.isoWeekday) - (old.daysSinceEpoch - old.isoWeekday)) / 7
        if weeks != 0 {
            edit(&r.by_week_no) { v in
                let m = v + weeks
                return v > 0 ? (m > 53 ? m - 53 : m < 1 ? m + 53 : m) : (m > -1 ? m - 53 : m < -53 ? m + 53 : m)
            }
        }
    }

    /// RFC 5545: a change of dates increments SEQUENCE; DTSTAMP and LAST-MODIFIED say when.
    static func touch(_ c: OpaquePointer, _ now: icaltimetype) {
        if let seq = icalcomponent_get_first_property(c, ICAL_SEQUENCE_PROPERTY) {
            icalproperty_set_sequence(seq, icalproperty_get_sequence(seq) + 1)
        } else {
            icalcomponent_add_property(c, icalproperty_new_sequence(1))
        }
        if let stamp = icalcomponent_get_first_property(c, ICAL_DTSTAMP_PROPERTY) {
            icalproperty_set_dtstamp(stamp, now)
        } else {
            icalcomponent_add_property(c, icalproperty_new_dtstamp(now))
        }
        if let modified = icalcomponent_get_first_property(c, ICAL_LASTMODIFIED_PROPERTY) {
            icalproperty_set_lastmodified(modified, now)
        } else {
            icalcomponent_add_property(c, icalproperty_new_lastmodified(now))
        }
    }

    static func removeAll(_ c: OpaquePointer, _ kind: icalproperty_kind) {
        while let p = icalcomponent_get_first_property(c, kind) {
            icalcomponent_remove_property(c, p)
            icalproperty_free(p)
        }
    }

    static func utc(_ date: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970.rounded(.down)), 0, icaltimezone_get_utc_timezone())
    }

    static func dayNumber(_ t: icaltimetype) -> Int {
        CalendarDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))?.daysSinceEpoch ?? 0
    }
}

/// Why a change was not written, in words for the user.
struct EditFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
