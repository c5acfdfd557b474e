import CLibical
import CalendarModel
import Foundation

/// Adding and removing whole events: one component's bytes inserted before END:VCALENDAR, or an
/// event's components' bytes taken out; nothing else in the file changes. Both are edits like a
/// move (`EventEdit`), so undo and redo and the checks against the file on disk are the same.
extension ICalendarSource {
    public func create(_ event: NewEvent, in file: String, now: Date) -> EditOutcome {
        if let why = readOnlyReason(file: file) { return .refused(why) }
        let title = EventTitle.cleaned(event.title)
        if title.count > EventTitle.limit { return .refused("the title is longer than \(EventTitle.limit) characters") }
        let uid = UUID().uuidString.lowercased()
        let text: String = LibicalLock.shared.run {
            let c = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
            defer { icalcomponent_free(c) }
            icalcomponent_add_property(c, icalproperty_new_uid(uid))
            icalcomponent_add_property(c, icalproperty_new_dtstamp(CalendarFileEdit.utc(now)))
            icalcomponent_add_property(c, icalproperty_new_summary(title))
            switch event.span {
            case let .allDay(first, end):
                icalcomponent_add_property(c, icalproperty_new_dtstart(Self.date(first)))
                if end > first { icalcomponent_add_property(c, icalproperty_new_dtend(Self.date(end))) }
            case let .timed(start, end):
                icalcomponent_add_property(c, icalproperty_new_dtstart(Self.utc(start)))
                if end > start { icalcomponent_add_property(c, icalproperty_new_dtend(Self.utc(end))) }
            }
            return CalendarFileEdit.serialize(c)
        }
        return apply(EventEdit(file: file, uid: uid, before: [""], after: [text]), now: now)
    }

    public func delete(_ origin: EventOrigin, now: Date) -> EditOutcome {
        let file = origin.file
        if let why = readOnlyReason(file: file) { return .refused(why) }
        guard let seen = contents[file] else { return .refused("this calendar was not read from a file") }
        let text = CalendarText(seen)
        if let why = changedSincePickedUp(origin, in: text) { return .refused(why) }
        let texts: Result<[String], EditFailure> = LibicalLock.shared.run {
            CalendarFileEdit.parse(seen).flatMap { parsed in
                let all = CalendarFileEdit.events(in: parsed.root)
                guard all.count == text.events.count else {
                    return .failure(EditFailure("the file's events cannot be matched with its lines, so it cannot be changed in place"))
                }
                let mine = all.indices.filter { CalendarFileEdit.uid(all[$0]) == origin.uid }
                guard !mine.isEmpty else { return .failure(EditFailure("the event is no longer in the file")) }
                var texts: [String] = []
                for i in mine {
                    switch CalendarText.editable(text.bytes(of: text.events[i])) {
                    case let .success(t): texts.append(String(decoding: t, as: UTF8.self))
                    case let .failure(f): return .failure(f)
                    }
                }
                return .success(texts)
            }
        }
        switch texts {
        case let .failure(f): return .refused(f.message)
        case let .success(before):
            return apply(EventEdit(file: file, uid: origin.uid, before: before, after: before.map { _ in "" },
                                   places: Self.places(of: origin.uid, in: text)), now: now)
        }
    }

    /// For each component of `uid` (in file order), the text of the first component after it
    /// that is not `uid`'s, "" when none is before the calendar's end: where an undo puts it back.
    static func places(of uid: String, in text: CalendarText) -> [String?] {
        let all = text.components
        return all.indices.filter { all[$0].name == "VEVENT" && all[$0].uid == uid }.map { i in
            guard let next = all[(i + 1)...].first(where: { !($0.name == "VEVENT" && $0.uid == uid) }),
                  !text.calendarEnds.contains(where: { $0 > all[i].range.lowerBound && $0 < next.range.lowerBound }) else { return "" }
            return text.text(of: next)
        }
    }

    private static func date(_ d: CalendarDate) -> icaltimetype {
        var t = icaltime_null_date()
        t.year = Int32(d.year); t.month = Int32(d.month); t.day = Int32(d.day)
        return t
    }

    private static func utc(_ seconds: Int64) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
    }
}
