import Foundation

/// The calendar scene's own words in English, German and French, picked by the locale's language
/// (anything else falls back to English). Dates and times are not here: `CalendarFormatter`
/// formats them with the locale's own patterns.
public struct CalendarStrings: Sendable, Equatable {
    public var language: String
    public var keyHints: String
    public var today: String
    public var noDaysChosen: String
    public var oneDayChosen: String
    /// "%d days chosen": `%d` is replaced by the count.
    public var daysChosen: String
    public var noEvents: String
    public var allDay: String
    public var noticePrefix: String
    /// "(and %d more problems in this file)"; singular and plural.
    public var oneMoreProblem: String
    public var moreProblems: String
    public var sampleCalendar: String
    public var yourCalendars: String
    /// The week-number column's heading ("Wk", "KW", "Sem.").
    public var weekColumn: String
    /// Short name of the close button, for the state dump and accessibility ("Dismiss").
    public var dismiss: String
    /// Moving one instance of a repeating event asks which: the question and its answers.
    public var moveRepeatingQuestion = "Move a repeating event"
    public var thisOccurrence = "This occurrence"
    public var allOccurrences = "All occurrences"
    public var cancel = "Cancel"
    /// "Cannot move “%1”: %2" (the event's title, the reason).
    public var cannotMove = "Cannot move “%1”: %2"
    /// "Nothing to undo" / "Nothing to redo" are not shown; a refused undo says why.
    public var cannotUndo = "Cannot undo the move: %2"
    /// The header's ‹ and › buttons, by name (for the state dump and assistive technology).
    public var previousMonth = "Previous month"
    public var nextMonth = "Next month"
    /// "Cannot add an event: %2" (the reason) when a new event is refused.
    public var cannotCreate = "Cannot add an event: %2"
    /// "Cannot rename “%1”: %2" and "Cannot delete “%1”: %2" (the event's title, the reason).
    public var cannotRename = "Cannot rename “%1”: %2"
    public var cannotDelete = "Cannot delete “%1”: %2"
    /// The entries of an event's menu (its "⋯" button in the day popover and the side panel).
    public var renameEvent = "Rename…"
    public var deleteEvent = "Delete"
    /// The empty title field of a new event.
    public var newEventPlaceholder = "New event"
    /// A day's events as a screen reader describes the day: "1 event", "%d events".
    public var oneEvent = "1 event"
    public var someEvents = "%d events"
    /// The header's badge on a calendar whose events cannot be changed (GNOME Calendar marks a
    /// read-only calendar the same way before anything is tried).
    public var readOnly = "Read only"
    /// Why the bundled sample is not changed.
    public var sampleReadOnly = "the sample calendar can’t be changed; open a calendar file of your own to edit events"
    /// A drop from another program that holds no calendar file: %1 names what was dropped.
    public var dropNotCalendar = "The calendar opens only calendar files (.ics); %1 is not one"
    /// What was dropped when it was text, for `dropNotCalendar`.
    public var droppedText = "dropped text"
    /// The gettext domain counts are looked up in, with the language's plural rule (see
    /// ``translated(domain:language:)``); nil picks between the one and many words above.
    public var pluralDomain: String? = nil

    /// The table for `locale`'s language code.
    public static func forLocale(_ locale: Locale) -> CalendarStrings { forLocale(CalendarLocale(locale)) }

    public static func forLocale(_ locale: CalendarLocale) -> CalendarStrings {
        let id = locale.identifier.lowercased()
        let language = String(id.prefix { $0.isLetter })
        return table[language] ?? english
    }

    public static let english = CalendarStrings(
        language: "en", keyHints: "PgUp / PgDn · Home: today", today: "Today", noDaysChosen: "No days chosen",
        oneDayChosen: "1 day chosen", daysChosen: "%d days chosen", noEvents: "No events", allDay: "All day",
        noticePrefix: "Calendar", oneMoreProblem: "(and 1 more problem in this file)",
        moreProblems: "(and %d more problems in this file)", sampleCalendar: "Sample calendar",
        yourCalendars: "Your calendars", weekColumn: "Wk", dismiss: "Dismiss")

    public static let german: CalendarStrings = {
        var s = germanBase
        s.moveRepeatingQuestion = "Wiederkehrenden Termin verschieben"
        s.thisOccurrence = "Nur diesen Termin"; s.allOccurrences = "Alle Termine"; s.cancel = "Abbrechen"
        s.cannotMove = "„%1“ kann nicht verschoben werden: %2"; s.cannotUndo = "Rückgängig nicht möglich: %2"
        s.cannotRename = "„%1“ kann nicht umbenannt werden: %2"; s.cannotDelete = "„%1“ kann nicht gelöscht werden: %2"
        s.sampleReadOnly = "der Beispielkalender kann nicht geändert werden; öffnen Sie eine eigene Kalenderdatei, um Termine zu bearbeiten"
        s.dropNotCalendar = "Der Kalender öffnet nur Kalenderdateien (.ics); %1 ist keine"
        s.droppedText = "abgelegter Text"
        s.previousMonth = "Vorheriger Monat"; s.nextMonth = "Nächster Monat"; s.readOnly = "Schreibgeschützt"
        s.oneEvent = "1 Termin"; s.someEvents = "%d Termine"
        s.renameEvent = "Umbenennen…"; s.deleteEvent = "Löschen"
        return s
    }()
    static let germanBase = CalendarStrings(
        language: "de", keyHints: "Bild↑ / Bild↓ · Pos1: heute", today: "Heute", noDaysChosen: "Keine Tage ausgewählt",
        oneDayChosen: "1 Tag ausgewählt", daysChosen: "%d Tage ausgewählt", noEvents: "Keine Termine", allDay: "Ganztägig",
        noticePrefix: "Kalender", oneMoreProblem: "(und 1 weiteres Problem in dieser Datei)",
        moreProblems: "(und %d weitere Probleme in dieser Datei)", sampleCalendar: "Beispielkalender",
        yourCalendars: "Ihre Kalender", weekColumn: "KW", dismiss: "Schließen")

    public static let french: CalendarStrings = {
        var s = frenchBase
        s.moveRepeatingQuestion = "Déplacer un évènement périodique"
        s.thisOccurrence = "Cette occurrence"; s.allOccurrences = "Toutes les occurrences"; s.cancel = "Annuler"
        s.cannotMove = "Impossible de déplacer « %1 » : %2"; s.cannotUndo = "Impossible d’annuler : %2"
        s.cannotRename = "Impossible de renommer « %1 » : %2"; s.cannotDelete = "Impossible de supprimer « %1 » : %2"
        s.sampleReadOnly = "le calendrier d’exemple ne peut pas être modifié ; ouvrez votre propre fichier de calendrier pour modifier des évènements"
        s.dropNotCalendar = "Le calendrier n’ouvre que des fichiers de calendrier (.ics) ; %1 n’en est pas un"
        s.droppedText = "le texte déposé"
        s.previousMonth = "Mois précédent"; s.nextMonth = "Mois suivant"; s.readOnly = "Lecture seule"
        s.oneEvent = "1 évènement"; s.someEvents = "%d évènements"
        s.renameEvent = "Renommer…"; s.deleteEvent = "Supprimer"
        return s
    }()
    static let frenchBase = CalendarStrings(
        language: "fr", keyHints: "Pg préc / Pg suiv · Origine : aujourd’hui", today: "Aujourd’hui",
        noDaysChosen: "Aucun jour sélectionné", oneDayChosen: "1 jour sélectionné", daysChosen: "%d jours sélectionnés",
        noEvents: "Aucun évènement", allDay: "Toute la journée", noticePrefix: "Calendrier",
        oneMoreProblem: "(et 1 autre problème dans ce fichier)", moreProblems: "(et %d autres problèmes dans ce fichier)",
        sampleCalendar: "Calendrier d’exemple", yourCalendars: "Vos calendriers", weekColumn: "Sem.", dismiss: "Fermer")

    static let table: [String: CalendarStrings] = ["en": english, "de": german, "fr": french]

    /// "3 days chosen" in this language.
    /// "2 events"; nil for none (a day without events has no description).
    public func eventCount(_ count: Int) -> String? {
        count == 0 ? nil : pluralDomain.map { CalendarStrings.plural($0, \.oneEvent, \.someEvents, count) }
            ?? (count == 1 ? oneEvent : someEvents.replacingOccurrences(of: "%d", with: "\(count)"))
    }

    public func chosen(_ count: Int) -> String {
        count == 0 ? noDaysChosen : pluralDomain.map { CalendarStrings.plural($0, \.oneDayChosen, \.daysChosen, count) }
            ?? (count == 1 ? oneDayChosen : daysChosen.replacingOccurrences(of: "%d", with: "\(count)"))
    }

    /// `template` with %1 and %2 replaced.
    public func fill(_ template: String, _ one: String, _ two: String) -> String {
        template.replacingOccurrences(of: "%1", with: one).replacingOccurrences(of: "%2", with: two)
    }

    /// The tail of a notice line for a file with `more` further problems ("" when none).
    public func moreProblemsNote(_ more: Int) -> String {
        more <= 0 ? "" : pluralDomain.map { CalendarStrings.plural($0, \.oneMoreProblem, \.moreProblems, more) }
            ?? (more == 1 ? oneMoreProblem : moreProblems.replacingOccurrences(of: "%d", with: "\(more)"))
    }
}

/// Formats the calendar's dates and times with the locale's patterns (the system's ICU, as
/// Foundation's `DateFormatter` would with the same templates and a Gregorian calendar): `de_DE`
/// gives "Dienstag, 1. September 2026" and "09:30", `en_US` "Tuesday, September 1, 2026" and
/// "9:30 AM". Each pattern's formatter is made once; results are remembered, because an ICU
/// format call costs microseconds and the side panel asks every frame. Main thread only.
public final class CalendarFormatter {
    public let locale: CalendarLocale
    public let zone: DisplayZone
    private let longDate: ICUDateFormat?
    private let monthYear: ICUDateFormat?
    /// The clock's formatters are made when first asked: a month without timed events on the
    /// chosen days never asks, and ICU's hour-cycle data then stays unread.
    private lazy var time = ICUDateFormat(skeleton: "jmm", locale: locale.identifier, zone: zone.identifier)
    private lazy var dayTime = ICUDateFormat(skeleton: "EEEjmm", locale: locale.identifier, zone: zone.identifier)
    private var longDates: [CalendarDate: String] = [:]
    private var times: [Int64: String] = [:]

    /// The same for Foundation's `locale`.
    public convenience init(locale: Locale, zone: DisplayZone) { self.init(locale: CalendarLocale(locale), zone: zone) }

    public init(locale: CalendarLocale, zone: DisplayZone) {
        self.locale = locale; self.zone = zone
        let id = locale.identifier
        // ICU's Gregorian calendar is Julian before October 1582; the pager starts in 1583.
        longDate = ICUDateFormat(skeleton: "EEEEdMMMMy", locale: id, zone: "UTC")
        monthYear = ICUDateFormat(skeleton: "LLLLy", locale: id, zone: "UTC")
    }

    /// The weekday, day, month and year of `date` ("Dienstag, 1. September 2026").
    public func long(_ date: CalendarDate) -> String {
        if let hit = longDates[date] { return hit }
        let text = longDate?.string(Double(date.daysSinceEpoch) * 86_400 + 43_200) ?? date.description
        if longDates.count > 512 { longDates.removeAll() }
        longDates[date] = text
        return text
    }

    /// A page's title in the locale's order ("November 2026", "2026年11月"), its first letter
    /// upper case as a heading is written ("Septembre 2026").
    public func monthTitle(_ month: CalendarMonth) -> String {
        let mid = month.firstDay.adding(days: 14)
        let text = monthYear?.string(Double(mid.daysSinceEpoch) * 86_400) ?? month.description
        return SystemICU.uppercased(String(text.prefix(1)), locale: locale.identifier) + text.dropFirst()
    }

    /// The short weekday and wall-clock time of `instant`, in the locale's order ("Sat 1:30 AM",
    /// "Sa., 01:30"): the end of an event on another day than the one it is listed under.
    public func dayAndClock(_ instant: Int64) -> String {
        dayTime?.string(Double(instant)) ?? zone.clock(instant)
    }

    /// The wall-clock time of `instant` in the display zone, on the locale's 12- or 24-hour clock.
    public func clock(_ instant: Int64) -> String {
        if let hit = times[instant] { return hit }
        let text = time?.string(Double(instant)) ?? zone.clock(instant)
        if times.count > 2048 { times.removeAll() }
        times[instant] = text
        return text
    }
}
