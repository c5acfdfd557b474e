import Foundation

/// Where an occurrence is stored, so that it can be changed: the file, the event's UID, and which
/// of the event's components or instances it is.
public struct EventOrigin: Hashable, Sendable {
    public var file: String
    public var uid: String
    /// The RECURRENCE-ID of the component it comes from, as written, when that is an override.
    public var recurrenceID: String?
    /// For an instance of a series (not an override): the day it starts on in the series' own
    /// zone, before any move. Nil for a standalone event or an override.
    public var seriesDay: CalendarDate?

    public init(file: String, uid: String, recurrenceID: String? = nil, seriesDay: CalendarDate? = nil) {
        self.file = file; self.uid = uid; self.recurrenceID = recurrenceID; self.seriesDay = seriesDay
    }

    /// An instance of a recurring series, for which a move asks "this occurrence or all".
    public var isSeriesInstance: Bool { seriesDay != nil }
}

/// What a move of a recurring event's instance changes.
public enum MoveScope: String, Hashable, Sendable {
    /// A standalone event, or an override already in the file: its own dates move.
    case event
    /// One instance of a series: an override with RECURRENCE-ID is added (or moved).
    case thisOccurrence
    /// The whole series: DTSTART moves by the same days, and its EXDATEs, RDATEs and overrides with it.
    case allOccurrences
}

/// Moving an occurrence by whole days. Timed events keep their wall-clock time and length in
/// their own zone (across a DST change too); all-day events keep their length in days.
public struct EventMove: Hashable, Sendable {
    public var origin: EventOrigin
    public var days: Int
    public var scope: MoveScope
    public init(origin: EventOrigin, days: Int, scope: MoveScope) {
        self.origin = origin; self.days = days; self.scope = scope
    }
}

/// A change written to a calendar file, as the event's components before and after it (each as
/// libical writes it). Applying it checks that the file still holds `before`; undoing applies
/// it reversed, with the same check.
public struct EventEdit: Hashable, Sendable {
    public var file: String
    public var uid: String
    public var before: [String]
    public var after: [String]
    public init(file: String, uid: String, before: [String], after: [String]) {
        self.file = file; self.uid = uid; self.before = before; self.after = after
    }
    public var reversed: EventEdit { EventEdit(file: file, uid: uid, before: after, after: before) }
}

/// The result of trying to change a calendar file.
public enum EditOutcome: Hashable, Sendable {
    /// Written; the edit can be undone by applying `edit.reversed`.
    case written(EventEdit)
    /// Nothing was changed on disk; the reason is for the user.
    case refused(String)
}

/// Writes changes to the calendar's files. The core knows only this protocol; the iCalendar
/// target implements it.
public protocol EventEditor: AnyObject {
    /// Why events of `file` cannot be changed (permissions, another program owns it), or nil.
    func readOnlyReason(file: String) -> String?
    /// Moves an occurrence as the user saw it; refuses when the file changed that event since.
    func move(_ move: EventMove, now: Date) -> EditOutcome
    /// Applies an edit made earlier (undo applies `edit.reversed`, redo `edit`).
    func apply(_ edit: EventEdit, now: Date) -> EditOutcome
}
