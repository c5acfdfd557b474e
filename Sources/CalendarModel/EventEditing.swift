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
    /// The version of the component it was read from (a hash of its text), so that a change
    /// made to it on disk after the user picked it up is refused instead of moved on. Nil: not
    /// checked.
    public var revision: String?

    public init(file: String, uid: String, recurrenceID: String? = nil, seriesDay: CalendarDate? = nil, revision: String? = nil) {
        self.file = file; self.uid = uid; self.recurrenceID = recurrenceID; self.seriesDay = seriesDay
        self.revision = revision
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

/// A change written to a calendar file, as the text of the event's changed components before
/// and after it, exactly as the file holds them (line ends and folding included), paired by
/// position: "" before is a component the change adds, "" after one it removes, and a pair of
/// equal texts one the change relies on without changing it. Applying it checks that the file
/// still holds each `before` and replaces only those bytes; undoing applies it reversed, with the
/// same check, and gives back the bytes the file had.
///
/// `places` says where a component the edit removes stood, so that undoing the removal puts it
/// back there, byte for byte: for each pair by position, the text of the first component after
/// it that the edit keeps ("" for the end of the calendar), or nil when not known (a new
/// component goes after the event's others).
public struct EventEdit: Hashable, Sendable {
    public var file: String
    public var uid: String
    public var before: [String]
    public var after: [String]
    public var places: [String?]
    public init(file: String, uid: String, before: [String], after: [String], places: [String?] = []) {
        self.file = file; self.uid = uid; self.before = before; self.after = after; self.places = places
    }
    public var reversed: EventEdit { EventEdit(file: file, uid: uid, before: after, after: before, places: places) }
}

/// A new event to add to a calendar file: a title and when it happens (a timed event is written
/// in UTC).
public struct NewEvent: Hashable, Sendable {
    public var title: String
    public var span: EventSpan
    public init(title: String, span: EventSpan) { self.title = title; self.span = span }
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
    /// Adds an event to `file`, before the end of its calendar.
    func create(_ event: NewEvent, in file: String, now: Date) -> EditOutcome
    /// Removes the event `origin` names, every component of its UID.
    func delete(_ origin: EventOrigin, now: Date) -> EditOutcome
    /// Gives the event `origin` names, every component of its UID, the title `title`.
    func rename(_ origin: EventOrigin, to title: String, now: Date) -> EditOutcome
    /// Starts waiting for the right to write `file` (another program may be writing beside it)
    /// without blocking the calling thread; a change made while the turn is `.ready` uses it.
    func waitForTurn(file: String) -> WriteTurn
}

/// Where a wait for the right to write a calendar file stands.
public enum WriteTurnState: Hashable, Sendable {
    case waiting
    case ready
    /// Another program kept it too long; the reason is for the user.
    case gaveUp(String)
}

/// The right to write one calendar file, waited for on another thread so that the window keeps
/// answering while another program holds it. `finish()` gives it back when the change is made
/// (or not made); a turn never finished is given back when it is released.
public protocol WriteTurn: AnyObject, Sendable {
    var state: WriteTurnState { get }
    func finish()
}

/// A turn that is there at once: for editors that take none.
public final class ImmediateTurn: WriteTurn {
    public init() {}
    public var state: WriteTurnState { .ready }
    public func finish() {}
}

extension EventEditor {
    public func create(_ event: NewEvent, in file: String, now: Date) -> EditOutcome { .refused("this calendar cannot add events") }
    public func delete(_ origin: EventOrigin, now: Date) -> EditOutcome { .refused("this calendar cannot remove events") }
    public func rename(_ origin: EventOrigin, to title: String, now: Date) -> EditOutcome { .refused("this calendar cannot rename events") }
    public func waitForTurn(file: String) -> WriteTurn { ImmediateTurn() }
}

/// What an event's title may hold, the same for the field it is typed in, the writer and the
/// reader: at most `limit` characters, no control characters.
public enum EventTitle {
    /// The most characters a title has: the field stops there, the writer refuses more and the
    /// reader shows a longer one (another program's) cut there, with a notice.
    public static let limit = 500

    /// `text` without control characters (C0, DEL, C1): tabs, line ends and line or paragraph
    /// separators become spaces, the rest go. Pasted text brings them; a file may hold them.
    public static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            if u == "\t" || u == "\n" || u == "\r" || u == "\u{2028}" || u == "\u{2029}" || u == "\u{85}" {
                out.append(" ")
            } else if !isControl(u) {
                out.append(u)
            }
        }
        return String(out)
    }

    static func isControl(_ u: Unicode.Scalar) -> Bool {
        u.value < 0x20 || (u.value >= 0x7F && u.value < 0xA0) || u.value == 0x2028 || u.value == 0x2029
    }

    /// `text` cut to `limit` characters.
    public static func clipped(_ text: String) -> String {
        guard text.utf8.count > limit else { return text }
        return text.count > limit ? String(text.prefix(limit)) : text
    }
}
