import CLibical
import CalendarModel
import Foundation

/// Renaming an event: its SUMMARY (with SEQUENCE, DTSTAMP and LAST-MODIFIED, as any change) in each
/// component of its UID, every other line of the file byte for byte as it was. An edit like a move,
/// so undo, redo and the check against the file on disk are the same.
extension ICalendarSource {
    public func rename(_ origin: EventOrigin, to title: String, now: Date) -> EditOutcome {
        let file = origin.file
        if let why = readOnlyReason(file: file) { return .refused(why) }
        let title = EventTitle.cleaned(title)
        if title.count > EventTitle.limit { return .refused("the title is longer than \(EventTitle.limit) characters") }
        guard let seen = contents[file] else { return .refused("this calendar was not read from a file") }
        let text = CalendarText(seen)
        if let why = changedSincePickedUp(origin, in: text) { return .refused(why) }
        let edit: Result<EventEdit, EditFailure> = LibicalLock.shared.run {
            CalendarFileEdit.parse(seen).flatMap { parsed in
                let all = CalendarFileEdit.events(in: parsed.root)
                guard all.count == text.events.count else {
                    return .failure(EditFailure("the file's events cannot be matched with its lines, so it cannot be changed in place"))
                }
                let mine = all.indices.filter { CalendarFileEdit.uid(all[$0]) == origin.uid }
                guard !mine.isEmpty else { return .failure(EditFailure("the event is no longer in the file")) }
                let stamp = CalendarFileEdit.utc(now)
                var before: [String] = [], after: [String] = []
                for i in mine {
                    let clone = icalcomponent_new_clone(all[i])!
                    defer { icalcomponent_free(clone) }
                    icalcomponent_set_summary(clone, title)
                    CalendarFileEdit.touch(clone, stamp)
                    let original: ArraySlice<UInt8>
                    switch CalendarText.editable(text.bytes(of: text.events[i])) {
                    case let .success(t): original = t
                    case let .failure(f): return .failure(f)
                    }
                    before.append(String(decoding: original, as: UTF8.self))
                    after.append(String(decoding: CalendarFileEdit.rewritten(original, old: all[i], new: clone), as: UTF8.self))
                }
                return .success(EventEdit(file: file, uid: origin.uid, before: before, after: after))
            }
        }
        switch edit {
        case let .failure(f): return .refused(f.message)
        case let .success(e): return apply(e, now: now)
        }
    }
}
