import CLibical

/// Rules libical's iterator cannot expand in bounded time, found before it is asked: within one
/// call it steps unit by unit (every second of a secondly rule, about 10 µs a step) until an
/// instance matches, and nothing can interrupt the call. A rule whose parts exclude each other
/// (30 February) never matches, so it would step to libical's year limit (2582): a minutely one
/// ran for minutes. A secondly or minutely rule limited to rare days (1 March every second)
/// steps through the months between them, tens of seconds a gap.
///
/// These are the cases named in advance, with words that say why. Whatever else libical cannot
/// step to an instance (BYSECOND=60, a leap second it never yields; every other second on an odd
/// one) is caught by a step budget inside the expansion itself: the limit parts of daily and finer
/// rules are checked outside libical's iterator (`RuleLimits`), one step a call, and a rule that
/// finds no instance in `ICalendarSource.iterationLimit` steps is given up with a notice.
enum RuleFeasibility {
    /// The most steps libical may take between two instances (about a second).
    static let stepsBetweenInstances = 100_000

    /// What is wrong with `r`, as words after "its rule", or nil.
    static func problem(_ r: icalrecurrencetype) -> String? {
        if let why = neverMatches(r) { return "never matches (\(why))" }
        let unitsPerDay: Int
        switch r.freq {
        case ICAL_SECONDLY_RECURRENCE: unitsPerDay = 86_400
        case ICAL_MINUTELY_RECURRENCE: unitsPerDay = 1_440
        case ICAL_HOURLY_RECURRENCE: unitsPerDay = 24
        default: return nil
        }
        guard let gap = longestGapInDays(r) else { return "never matches (no day fits all the days it names)" }
        let steps = gap * unitsPerDay / max(1, Int(r.interval))
        guard steps > stepsBetweenInstances else { return nil }
        let unit = r.freq == ICAL_SECONDLY_RECURRENCE ? "second" : r.freq == ICAL_MINUTELY_RECURRENCE ? "minute" : "hour"
        return "looks for its days \(unit) by \(unit), through up to \(gap) days between them, too slow to show"
    }

    /// The most days from one day a sub-daily rule's day parts (BYMONTH, BYMONTHDAY, BYYEARDAY,
    /// BYDAY's weekdays) allow to the next, over the 400-year cycle of the Gregorian calendar
    /// (weekdays included); nil when no day fits. 1 when the rule names no day parts.
    static func longestGapInDays(_ r: icalrecurrencetype) -> Int? {
        let months = Set(values(r.by_month)), monthDays = values(r.by_month_day), yearDays = values(r.by_year_day)
        let weekdays = Set(values(r.by_day).map { Int(icalrecurrencetype_day_day_of_week(Int16($0)).rawValue) })
        if months.isEmpty, monthDays.isEmpty, yearDays.isEmpty, weekdays.isEmpty { return 1 }
        var first: Int?, last = 0, longest = 0
        var day = 0
        // 1 January 2000 was a Saturday (libical's weekday 7; Sunday is 1).
        var weekday = 7
        for year in 2000..<2400 {
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let yearLength = leap ? 366 : 365
            var yearDay = 0
            for month in 1...12 {
                let length = month == 2 ? (leap ? 29 : 28) : monthLengths[month - 1]
                let monthFits = months.isEmpty || months.contains(month)
                for monthDay in 1...length {
                    yearDay += 1
                    defer { day += 1; weekday = weekday % 7 + 1 }
                    guard monthFits,
                          monthDays.isEmpty || monthDays.contains(monthDay) || monthDays.contains(monthDay - length - 1),
                          yearDays.isEmpty || yearDays.contains(yearDay) || yearDays.contains(yearDay - yearLength - 1),
                          weekdays.isEmpty || weekdays.contains(weekday) else { continue }
                    if first == nil { first = day } else { longest = max(longest, day - last) }
                    last = day
                }
            }
        }
        guard let first else { return nil }
        // Around the end of the cycle to its start again.
        return max(longest, first + day - last)
    }

    /// The longest each month can be (February in a leap year).
    static let monthLengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// Why `r` never matches, or nil when it may (or when it has parts this does not judge).
    static func neverMatches(_ r: icalrecurrencetype) -> String? {
        let named = values(r.by_month)
        // Leap months of other calendars (RSCALE) are libical's to judge.
        guard named.allSatisfy({ (1...12).contains($0) }) else { return nil }
        let months = named.isEmpty ? Array(1...12) : named
        let monthDays = values(r.by_month_day)
        if !monthDays.isEmpty, !months.contains(where: { m in monthDays.contains { (1...monthLengths[m - 1]).contains(abs($0)) } }) {
            return "none of the months it names has the days of the month it names"
        }
        let yearDays = values(r.by_year_day)
        if !yearDays.isEmpty, !named.isEmpty {
            let fits = yearDays.contains { d in
                [365, 366].contains { length in
                    let day = d > 0 ? d : length + 1 + d
                    guard (1...length).contains(day) else { return false }
                    return months.contains(month(ofYearDay: day, leap: length == 366))
                }
            }
            if !fits { return "none of the days of the year it names falls in the months it names" }
        }
        return nil
    }

    static func month(ofYearDay day: Int, leap: Bool) -> Int {
        var rest = day
        for m in 1...12 {
            let length = m == 2 ? (leap ? 29 : 28) : monthLengths[m - 1]
            if rest <= length { return m }
            rest -= length
        }
        return 12
    }

    /// The values of one of libical's BY arrays (ended by `ICAL_RECURRENCE_ARRAY_MAX`).
    static func values<T>(_ tuple: T) -> [Int] {
        withUnsafeBytes(of: tuple) { raw in
            raw.bindMemory(to: Int16.self).prefix { $0 != Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) }.map(Int.init)
        }
    }
}
