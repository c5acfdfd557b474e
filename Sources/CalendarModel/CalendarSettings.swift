import Foundation

/// The calendar scene's options, read from `SceneConfig.options` (the command line's
/// `--first-weekday`, `--locale`, `--timezone`, `--today`, `--month`, `--min-date`, `--ics`).
/// `parse` is also what the executable's `validate()` calls, so a bad flag fails before any window.
public struct CalendarSettings: Sendable {
    /// `--first-weekday`, else the locale's (`--locale` or the environment's), else Monday.
    public var firstWeekday: FirstWeekday = .monday
    public var locale = CalendarLocale(identifier: "en_US_POSIX")
    /// The locale whose language the scene's own words follow (option `language`: the
    /// environment's `LC_MESSAGES`); nil: `locale`'s.
    public var wordsLocale: CalendarLocale? = nil
    public var zone: DisplayZone = .utc
    /// The day marked as today. The core reads no clock: the executable passes the real date.
    public var today: CalendarDate = CalendarDate(year: 2026, month: 1, day: 1)!
    public var month: CalendarMonth? = nil
    public var minDate: CalendarDate? = nil
    public var icsFiles: [String] = []
    /// `--week-numbers`: a narrow first column with each row's ISO 8601 week number.
    public var weekNumbers = false
    /// What the calendar shows, for the header: "Sample calendar", "Your calendars", the file names.
    /// Set by the executable (option `calendar-label`), which decides where events come from.
    public var sourceLabel: String? = nil
    /// The files the calendar shows (option `calendar-files`, set by the executable), for the state dump.
    public var shownFiles: [String] = []

    /// Months the pager can reach: 1583 is the first whole year of the Gregorian calendar, and
    /// four-digit years end with 9999.
    public static let firstMonth = CalendarMonth(year: 1583, month: 1)!
    public static let lastMonth = CalendarMonth(year: 9999, month: 12)!

    public init() {}

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    public static func parse(_ options: [String: [String]]) throws -> CalendarSettings {
        var s = CalendarSettings()
        if let v = options["first-weekday"]?.last {
            guard let f = FirstWeekday(rawValue: v.lowercased()) else {
                throw Invalid(description: "--first-weekday must be monday, sunday or saturday, got '\(v)'")
            }
            s.firstWeekday = f
        }
        if let v = options["locale"]?.last {
            guard !v.isEmpty, v.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@" || $0 == "=" }) else {
                throw Invalid(description: "--locale must be a locale identifier such as en_GB or de_DE, got '\(v)'")
            }
            s.locale = CalendarLocale(identifier: v)
            s.digits = digits(of: s.locale)
            // Without --first-weekday the week starts where the locale's does.
            if options["first-weekday"] == nil { s.firstWeekday = FirstWeekday(locale: s.locale) }
        }
        if let v = options["language"]?.last, !v.isEmpty {
            s.wordsLocale = CalendarLocale(identifier: v)
        }
        if let v = options["timezone"]?.last {
            guard let z = DisplayZone(identifier: v) else {
                throw Invalid(description: "--timezone: unknown time zone '\(v)' (use an IANA name such as Europe/Berlin or UTC)")
            }
            s.zone = z
        }
        func inRange(_ m: CalendarMonth) -> Bool { m >= firstMonth && m <= lastMonth }
        let span = "\(firstMonth.year) to \(lastMonth.year)"
        if let v = options["today"]?.last {
            guard let d = CalendarDate(iso: v) else { throw Invalid(description: "--today must be a date YYYY-MM-DD, got '\(v)'") }
            guard inRange(d.calendarMonth) else { throw Invalid(description: "--today must be in the years \(span), got '\(v)'") }
            s.today = d
        }
        if let v = options["month"]?.last {
            guard let m = CalendarMonth(iso: v) else { throw Invalid(description: "--month must be YYYY-MM (month 01 to 12), got '\(v)'") }
            guard inRange(m) else { throw Invalid(description: "--month must be in the years \(span), got '\(v)'") }
            s.month = m
        }
        if let v = options["min-date"]?.last {
            guard let d = CalendarDate(iso: v) else { throw Invalid(description: "--min-date must be a date YYYY-MM-DD, got '\(v)'") }
            guard inRange(d.calendarMonth) else { throw Invalid(description: "--min-date must be in the years \(span), got '\(v)'") }
            s.minDate = d
        }
        s.icsFiles = options["ics"] ?? []
        if let v = options["week-numbers"]?.last {
            guard let on = ["true": true, "false": false][v] else { throw Invalid(description: "week-numbers must be true or false, got '\(v)'") }
            s.weekNumbers = on
        }
        s.sourceLabel = options["calendar-label"]?.last
        s.shownFiles = options["calendar-files"] ?? s.icsFiles
        return s
    }

    /// The locale the environment names for `category` ("LC_TIME", "LC_MESSAGES") as POSIX
    /// decides it: `LC_ALL`, else the category's own variable, else `LANG`, an empty one counting as
    /// unset; "de_DE.UTF-8@euro" gives "de_DE". Nil for "C", "POSIX" and "C.UTF-8", which name no
    /// language (the scene keeps its English default). Foundation's `Locale.current` is not used:
    /// on Linux it answers "en_001" whatever these say, which gave British dates with 12-hour times.
    public static func environmentLocale(_ category: String, environment: [String: String]) -> String? {
        let value = [environment["LC_ALL"], environment[category], environment["LANG"]].lazy.compactMap { $0 }.first { !$0.isEmpty }
        guard let value else { return nil }
        let id = String(value.prefix { $0 != "." && $0 != "@" })
        guard !id.isEmpty, id != "C", id != "POSIX", id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        return id
    }

    /// The locale's ten digits, zero first, from its default numbering system (the system's
    /// ICU): Arabic-Indic for ar_EG, extended Arabic-Indic for fa_IR, Latin for en, de, he and
    /// ar_MA. Worked out once when the settings are parsed.
    public var digits: [String] = (0...9).map(String.init)

    /// `n` written in the locale's digits, without grouping: "٢١" for 21 in ar_EG. O(digits).
    public func number(_ n: Int) -> String {
        guard digits[1] != "1" else { return String(n) }
        return String(n).map { c in c.wholeNumberValue.map { digits[$0] } ?? String(c) }.joined()
    }

    /// The default digits of `locale`'s numbering system, zero first.
    public static func digits(of locale: CalendarLocale) -> [String] {
        SystemICU.digits(locale: locale.identifier) ?? (0...9).map(String.init)
    }
    public static func digits(of locale: Locale) -> [String] { digits(of: CalendarLocale(locale)) }

    /// The locale's names of one kind (weekdays from Sunday, months from January), on its own calendar.
    func names(_ kind: ICUDateFormat.Names) -> [String] {
        ICUDateFormat(namesOf: locale.identifier)?.symbols(kind) ?? []
    }

    /// `text` with its first letter in upper case by the locale's rules.
    func capitalizedFirst(_ text: String) -> String {
        SystemICU.uppercased(String(text.prefix(1)), locale: locale.identifier) + text.dropFirst()
    }

    /// Weekday labels in column order: the locale's short names cut to two letters, upper case ("MO").
    public var weekdayLabels: [String] {
        let format = ICUDateFormat(namesOf: locale.identifier)
        // Listed from Sunday.
        let names = format?.symbols(.standaloneShortWeekdays) ?? []
        let labels = firstWeekday.columns.map { iso in
            let i = iso % 7
            let name = names.indices.contains(i) ? names[i] : ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][i]
            return SystemICU.uppercased(String(name.filter { $0 != "." }.prefix(2)), locale: locale.identifier)
        }
        // Where two letters do not tell the days apart (Hebrew's short names all begin "יום"), the
        // locale's narrowest names do ("א׳", "ב׳").
        let narrow = format?.symbols(.standaloneNarrowWeekdays) ?? []
        guard Set(labels).count < labels.count, narrow.count == 7, Set(narrow).count == 7 else { return labels }
        return firstWeekday.columns.map { narrow[$0 % 7] }
    }

    /// The weekdays' whole names in column order ("Monday" …).
    public var weekdayNames: [String] {
        let symbols = names(.standaloneWeekdays)
        return firstWeekday.columns.map { symbols.indices.contains($0 % 7) ? symbols[$0 % 7] : "\($0)" }
    }

    /// "November 2026", in the locale's month name.
    public func title(of month: CalendarMonth) -> String {
        let names = names(.standaloneMonths)
        let name = names.indices.contains(month.month - 1) ? names[month.month - 1] : "\(month.month)"
        return "\(capitalizedFirst(name)) \(month.year)"
    }
}
