/// A day in the proleptic Gregorian calendar, with no time and no zone: what a calendar cell shows.
/// Stored as days since 1970-01-01 so that arithmetic and comparison are integer operations.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// Nil when the triple is not a real date (month 13, 31 April, 29 February of a common year).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDate.daysIn(year: year, month: month) else { return nil }
        daysSinceEpoch = CalendarDate.days(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` strictly (four-digit year, two-digit month and day).
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    public func adding(days n: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: daysSinceEpoch + n) }
    public func days(until other: CalendarDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    public var components: (year: Int, month: Int, day: Int) { CalendarDate.civil(daysSinceEpoch) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }
    public var calendarMonth: CalendarMonth { let c = components; return CalendarMonth(year: c.year, month: c.month)! }

    /// ISO weekday: 1 = Monday ... 7 = Sunday. 1970-01-01 was a Thursday.
    public var isoWeekday: Int { ((daysSinceEpoch % 7) + 7 + 3) % 7 + 1 }
    public var isWeekend: Bool { isoWeekday >= 6 }

    public var description: String {
        let c = components
        return "\(CalendarDate.pad(c.year, 4))-\(CalendarDate.pad(c.month, 2))-\(CalendarDate.pad(c.day, 2))"
    }

    static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(abs(v))
        return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a civil date; eras of 400 years keep it exact for any year.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12          // March = 0, so the leap day ends the year
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A month of a year: one page of the calendar.
public struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...12).contains(month) else { return nil }
        self.year = year; self.month = month
    }

    /// Parses `YYYY-MM` strictly.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(year: y, month: m)
    }

    /// Months since January 1970, for page arithmetic.
    public var index: Int { (year - 1970) * 12 + (month - 1) }
    public init(index: Int) {
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        year = 1970 + y
        month = index - y * 12 + 1
    }

    public func adding(months n: Int) -> CalendarMonth { CalendarMonth(index: index + n) }
    public var firstDay: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }
    public var lastDay: CalendarDate { CalendarDate(year: year, month: month, day: numberOfDays)! }
    public var numberOfDays: Int { CalendarDate.daysIn(year: year, month: month) }
    public func contains(_ d: CalendarDate) -> Bool { d.calendarMonth == self }

    public static func < (a: CalendarMonth, b: CalendarMonth) -> Bool { a.index < b.index }
    public var description: String { "\(CalendarDate.pad(year, 4))-\(CalendarDate.pad(month, 2))" }
}
