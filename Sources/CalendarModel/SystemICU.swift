import CICU
import Foundation

/// The calendar's zones, date patterns, names and week data through the system's ICU (libicui18n,
/// which the window maps anyway for its text and libical for recurrences), not through
/// Foundation's `TimeZone`, `Calendar`, `DateFormatter` and `NumberFormatter`: those run on the
/// copy of ICU built into the program, whose code and data (2 MB of one, 1.5 MB of the other,
/// resident once touched) no other scene needs. The calls are the ones Foundation makes itself
/// (`ucal` offsets, `udatpg` best patterns, `udat` formats and symbols), so the
/// text is the same; `SystemICUTests` compares both for a table of locales, zones and dates.
enum SystemICU {
    /// ICU's `U_BUFFER_OVERFLOW_ERROR`: the answer did not fit; its length was returned.
    private static let bufferOverflow: Int32 = 15

    /// `text` as UTF-16 for a call that takes a pointer and a length.
    static func withUTF16<R>(_ text: String, _ body: (UnsafePointer<UInt16>, Int32) -> R) -> R {
        var units = Array(text.utf16)
        units.append(0)
        return units.withUnsafeBufferPointer { body($0.baseAddress!, Int32($0.count - 1)) }
    }

    /// What an ICU call writes into a buffer, asked again with room for it when the first buffer
    /// was too small; nil when ICU reports an error.
    static func string(_ fill: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32) -> String? {
        var capacity: Int32 = 128
        for _ in 0..<2 {
            var status: Int32 = 0
            var buffer = [UInt16](repeating: 0, count: Int(capacity))
            let length = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, capacity, &status) }
            if status == bufferOverflow, length >= capacity { capacity = length + 1; continue }
            guard status <= 0, length >= 0 else { return nil }
            return String(decoding: buffer[0..<Int(min(length, capacity))], as: UTF16.self)
        }
        return nil
    }

    /// `identifier` with the Gregorian calendar asked for, as Foundation's formatters with a
    /// Gregorian `Calendar` ask for it ("fa_IR@calendar=gregorian"; a locale's own keywords stay).
    static func gregorian(_ identifier: String) -> String {
        identifier.contains("@") ? identifier + ";calendar=gregorian" : identifier + "@calendar=gregorian"
    }

    /// Whether ICU knows `identifier` as a time zone (an IANA name, an alias such as US/Eastern,
    /// or a fixed offset such as GMT+01:00).
    static func knowsZone(_ identifier: String) -> Bool {
        guard !identifier.isEmpty else { return false }
        return withUTF16(identifier) { id, length in
            string { out, capacity, status in
                var system: Int8 = 0
                return cicu_ucal_getCanonicalTimeZoneID(id, length, out, capacity, &system, &status)
            } != nil
        }
    }

    /// The first day of the week where `locale` is used, 1 = Sunday ... 7 = Saturday (ICU's week
    /// data from CLDR; a locale's `@fw=` keyword wins); nil if ICU cannot open a calendar for it.
    static func firstWeekday(locale: String) -> Int? {
        // The `fw` keyword ("de_DE@fw=sun"), which Foundation reads itself (ICU before 74 ignores it).
        if let keywords = locale.split(separator: "@", maxSplits: 1).dropFirst().first {
            for keyword in keywords.split(separator: ";") {
                let pair = keyword.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
                if pair.count == 2, pair[0] == "fw", let day = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].firstIndex(of: pair[1]) {
                    return day + 1
                }
            }
        }
        var status: Int32 = 0
        guard let calendar = withUTF16("UTC", { cicu_ucal_open($0, $1, locale, 1, &status) }), status <= 0 else { return nil }
        defer { cicu_ucal_close(calendar) }
        // UCAL_FIRST_DAY_OF_WEEK
        return Int(cicu_ucal_getAttribute(calendar, 1))
    }

    /// The ten digits of `locale`'s default numbering system, zero first; nil when it is not a
    /// decimal one (Roman, Hebrew letters), which Foundation's number formatting did not write as
    /// single digits either.
    static func digits(locale: String) -> [String]? {
        var status: Int32 = 0
        guard let system = cicu_unumsys_open(locale, &status), status <= 0 else { return nil }
        defer { cicu_unumsys_close(system) }
        guard cicu_unumsys_isAlgorithmic(system) == 0, cicu_unumsys_getRadix(system) == 10,
              let description = string({ cicu_unumsys_getDescription(system, $0, $1, &$2) }) else { return nil }
        let digits = description.map(String.init)
        return digits.count == 10 ? digits : nil
    }

    /// `text` in upper case by `locale`'s rules (Turkish i to İ).
    static func uppercased(_ text: String, locale: String) -> String {
        withUTF16(text) { source, length in
            string { out, capacity, status in cicu_u_strToUpper(out, capacity, source, length, locale, &status) }
        } ?? text.uppercased()
    }

    /// The date pattern `locale` uses for a skeleton ("EEEEdMMMMy" gives "EEEE d MMMM y" in en_GB),
    /// as Foundation's `setLocalizedDateFormatFromTemplate` finds it.
    static func pattern(skeleton: String, locale: String) -> String? {
        var status: Int32 = 0
        guard let generator = cicu_udatpg_open(locale, &status), status <= 0 else { return nil }
        defer { cicu_udatpg_close(generator) }
        return withUTF16(skeleton) { skeleton, length in
            string { out, capacity, status in cicu_udatpg_bestPattern(generator, skeleton, length, out, capacity, &status) }
        }
    }
}

/// A date pattern of a locale in a zone, through the system's ICU (`udat`). Not thread-safe:
/// one formatter is used on one thread at a time.
final class ICUDateFormat {
    private let format: UnsafeMutableRawPointer

    /// The locale's pattern for `skeleton` on the Gregorian calendar in `zone`; nil when ICU
    /// cannot open one.
    convenience init?(skeleton: String, locale: String, zone: String) {
        let id = SystemICU.gregorian(locale)
        guard let pattern = SystemICU.pattern(skeleton: skeleton, locale: locale) else { return nil }
        self.init(pattern: pattern, icuLocale: id, zone: zone)
    }

    init?(pattern: String, icuLocale: String, zone: String) {
        var status: Int32 = 0
        let opened = SystemICU.withUTF16(zone) { zone, zoneLength in
            SystemICU.withUTF16(pattern) { cicu_udat_open(icuLocale, zone, zoneLength, $0, $1, &status) }
        }
        guard let opened, status <= 0 else {
            if let opened { cicu_udat_close(opened) }
            return nil
        }
        format = opened
    }

    /// A formatter of the locale's default style, for its names (`symbols`), on the locale's own calendar.
    init?(namesOf locale: String) {
        var status: Int32 = 0
        guard let opened = cicu_udat_open_default(locale, &status), status <= 0 else { return nil }
        format = opened
    }

    deinit { cicu_udat_close(format) }

    /// `instant` (seconds since 1970) formatted.
    func string(_ instant: Double) -> String {
        SystemICU.string { out, capacity, status in cicu_udat_format(format, instant * 1000, out, capacity, &status) } ?? ""
    }

    /// The kinds of names `symbols(_:)` lists (ICU's `UDateFormatSymbolType`).
    enum Names: Int32 {
        case standaloneMonths = 10, standaloneWeekdays = 13, standaloneShortWeekdays = 14, standaloneNarrowWeekdays = 15
    }

    /// The names of one kind: months from January, weekdays from Sunday (as Foundation lists them).
    func symbols(_ kind: Names) -> [String] {
        // ICU's weekday lists start at index 1 (Sunday); months at 0.
        let range: Range<Int32> = kind == .standaloneMonths ? 0..<12 : 1..<8
        return range.map { index in
            SystemICU.string { out, capacity, status in cicu_udat_getSymbols(format, kind.rawValue, index, out, capacity, &status) } ?? ""
        }
    }
}

/// A time zone's offsets from UTC through the system's ICU (`ucal`): one calendar per zone,
/// used under a lock (a zone is shared between the scene and the thread that reads files).
final class ICUZone: @unchecked Sendable {
    let identifier: String
    private let calendar: UnsafeMutableRawPointer
    private let lock = NSLock()

    init?(identifier: String) {
        guard SystemICU.knowsZone(identifier) else { return nil }
        var status: Int32 = 0
        // UCAL_GREGORIAN, in the root locale: only the zone's offsets are asked.
        guard let opened = SystemICU.withUTF16(identifier, { cicu_ucal_open($0, $1, "", 1, &status) }), status <= 0 else { return nil }
        self.identifier = identifier
        calendar = opened
    }

    deinit { cicu_ucal_close(calendar) }

    /// Seconds east of UTC at `instant`: the zone's raw offset and its daylight-saving offset.
    func offset(at instant: Int64) -> Int64 {
        lock.lock(); defer { lock.unlock() }
        var status: Int32 = 0
        cicu_ucal_setMillis(calendar, Double(instant) * 1000, &status)
        // UCAL_ZONE_OFFSET and UCAL_DST_OFFSET, in milliseconds.
        let raw = cicu_ucal_get(calendar, 15, &status), daylight = cicu_ucal_get(calendar, 16, &status)
        return status <= 0 ? Int64(raw + daylight) / 1000 : 0
    }
}
