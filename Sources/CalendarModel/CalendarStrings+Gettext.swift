import CGettext

extension CalendarStrings {
    /// This table with each word looked up in the gettext text domain `domain` (the program's
    /// catalogue, in the process's language), as `language`'s table, its counts in the language's
    /// plural forms (the English one and many words are the catalogue's singular and plural). A
    /// word without a translation stays as it is.
    public func translated(domain: String, language: String) -> CalendarStrings {
        func t(_ word: String) -> String {
            // gettext answers the pointer it was given when there is no translation: keep it alive.
            word.isEmpty ? word : word.withCString { id in String(cString: dgettext(domain, id)) }
        }
        var s = self
        s.language = language
        s.pluralDomain = domain
        s.keyHints = t(keyHints); s.today = t(today); s.noDaysChosen = t(noDaysChosen); s.oneDayChosen = t(oneDayChosen)
        s.daysChosen = t(daysChosen); s.noEvents = t(noEvents); s.allDay = t(allDay); s.noticePrefix = t(noticePrefix)
        s.oneMoreProblem = t(oneMoreProblem); s.moreProblems = t(moreProblems); s.sampleCalendar = t(sampleCalendar)
        s.yourCalendars = t(yourCalendars); s.weekColumn = t(weekColumn); s.dismiss = t(dismiss)
        s.moveRepeatingQuestion = t(moveRepeatingQuestion); s.thisOccurrence = t(thisOccurrence)
        s.allOccurrences = t(allOccurrences); s.cancel = t(cancel); s.cannotMove = t(cannotMove); s.cannotUndo = t(cannotUndo)
        s.previousMonth = t(previousMonth); s.nextMonth = t(nextMonth); s.cannotCreate = t(cannotCreate)
        s.cannotRename = t(cannotRename); s.cannotDelete = t(cannotDelete); s.newEventPlaceholder = t(newEventPlaceholder)
        s.oneEvent = t(oneEvent); s.someEvents = t(someEvents); s.readOnly = t(readOnly); s.sampleReadOnly = t(sampleReadOnly)
        s.dropNotCalendar = t(dropNotCalendar); s.droppedText = t(droppedText)
        return s
    }

    /// The form of the English `one`/`many` pair the catalogue's plural rule picks for `count`,
    /// with `%d` filled.
    static func plural(_ domain: String, _ one: KeyPath<CalendarStrings, String>, _ many: KeyPath<CalendarStrings, String>,
                       _ count: Int) -> String {
        let singular = english[keyPath: one], plural = english[keyPath: many]
        let form = singular.withCString { a in
            plural.withCString { b in String(cString: dngettext(domain, a, b, UInt(clamping: count.magnitude))) }
        }
        return form.replacingOccurrences(of: "%d", with: "\(count)")
    }
}
