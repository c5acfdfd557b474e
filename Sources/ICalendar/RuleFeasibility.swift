import CLibical

/// Rules whose parts exclude each other, so that no instance ever matches: libical's iterator
/// would look for the first one to its year limit (2582), unit by unit: a minutely rule for
/// 30 February ran for minutes inside a single call that nothing can interrupt. Such a rule is
/// found here, before libical is asked, and reported.
enum RuleFeasibility {
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
