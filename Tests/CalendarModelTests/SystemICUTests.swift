@testable import CalendarModel
import Foundation
import XCTest

/// The calendar's zones, dates, names, digits and week starts come from the system's ICU; these
/// tests hold them to what Foundation's `TimeZone`, `Calendar`, `DateFormatter` and
/// `NumberFormatter` (the calendar's path before, on the copy of ICU built into the program) give
/// for a table of locales, zones and dates.
final class SystemICUTests: XCTestCase {
    static let locales = ["en_US", "en_GB", "en_US_POSIX", "de_DE", "de_AT", "fr_FR", "fr_CA", "ja_JP", "zh_Hans_CN", "ru_RU",
                          "tr_TR", "ar_EG", "ar_MA", "he_IL", "fa_IR", "th_TH", "dv_MV", "de_DE@fw=sun", "en_US@fw=mon"]
    static let zones = ["UTC", "Europe/Berlin", "America/New_York", "America/St_Johns", "Asia/Kolkata", "Australia/Lord_Howe",
                        "Pacific/Chatham", "US/Eastern"]
    /// Days from the pager's first year to its last, month ends, leap days and both DST changes.
    static let dates = ["1583-01-01", "1600-02-29", "1899-12-31", "1970-01-01", "2000-02-29", "2026-03-29", "2026-09-01",
                        "2026-10-25", "2026-11-21", "2038-01-19", "9999-12-31"].map { CalendarDate(iso: $0)! }

    /// Where the two copies of ICU carry different CLDR data (the system's ICU 72 has CLDR 42,
    /// Foundation's ICU 76 CLDR 46), by locale: the kinds of text that differ for that reason and
    /// not for the calls. For example de_DE's weekday and time "Sa., 09:30" (CLDR 46: "Sa. 09:30"),
    /// fr_CA's "09 h 30" ("09:30"), ja_JP's "9:30 (土)" ("土 9:30") and "2026年11月21日土曜日" (with a space before
    /// the weekday), ar_EG's "السبت، ٢١ نوفمبر ٢٠٢٦" (a comma before the year), its short weekdays "السبت"
    /// ("سبت") and its clock's plain space before ص (a no-break space), ru_RU's "сб" ("Сб"),
    /// zh_Hans_CN's week from Monday (Sunday). dv_MV has no data in either: the system's ICU falls
    /// back to its default locale ("January 1583"), Foundation's to the root ("1583 M01").
    static let cldrDifferences: [String: Set<String>] = [
        "fr_CA": ["clock", "dayClock"], "de_DE": ["dayClock"], "de_AT": ["dayClock"], "de_DE@fw=sun": ["dayClock"],
        "ja_JP": ["dayClock", "long"], "zh_Hans_CN": ["dayClock", "long", "firstWeekday"], "ru_RU": ["dayClock", "shortWeekdays"],
        "ar_EG": ["long", "clock", "dayClock", "shortWeekdays"], "ar_MA": ["dayClock", "shortWeekdays"],
        "dv_MV": ["long", "title", "dayClock", "months", "weekdays", "shortWeekdays"],
    ]
    private func same(_ locale: String, _ kind: String) -> Bool { !(Self.cldrDifferences[locale]?.contains(kind) ?? false) }

    /// Foundation's formatter as the calendar made it before: the template's localized pattern on
    /// a Gregorian calendar in `zone`.
    private func foundation(_ locale: String, _ template: String, _ zone: TimeZone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        f.calendar = calendar
        f.timeZone = zone
        f.setLocalizedDateFormatFromTemplate(template)
        return f
    }

    func testLongDatesMonthTitlesAndTimesMatchFoundations() {
        let berlin = DisplayZone(identifier: "Europe/Berlin")!
        let utc = TimeZone(identifier: "UTC")!
        for locale in Self.locales {
            let ours = CalendarFormatter(locale: CalendarLocale(identifier: locale), zone: berlin)
            let long = foundation(locale, "EEEEdMMMMy", utc), title = foundation(locale, "LLLLy", utc)
            let clock = foundation(locale, "jmm", berlin.timeZone), dayClock = foundation(locale, "EEEjmm", berlin.timeZone)
            for date in Self.dates {
                if same(locale, "long") { XCTAssertEqual(ours.long(date), long.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 43_200)),
                               "\(locale) \(date)") }
                let month = date.calendarMonth, mid = month.firstDay.adding(days: 14)
                let text = title.string(from: Date(timeIntervalSince1970: Double(mid.daysSinceEpoch) * 86_400))
                if same(locale, "title") {
                    XCTAssertEqual(ours.monthTitle(month), text.prefix(1).uppercased(with: Locale(identifier: locale)) + text.dropFirst(),
                                   "\(locale) \(month)")
                }
                for hour in [0, 9, 13, 23] {
                    let instant = berlin.instant(of: date, hour: hour, minute: 30)
                    let at = Date(timeIntervalSince1970: Double(instant))
                    if same(locale, "clock") { XCTAssertEqual(ours.clock(instant), clock.string(from: at), "\(locale) \(date) \(hour)") }
                    if same(locale, "dayClock") { XCTAssertEqual(ours.dayAndClock(instant), dayClock.string(from: at), "\(locale) \(date) \(hour)") }
                }
            }
        }
    }

    func testNamesDigitsAndWeekStartsMatchFoundations() {
        for locale in Self.locales {
            var settings = CalendarSettings()
            settings.locale = CalendarLocale(identifier: locale)
            let f = DateFormatter()
            f.locale = Locale(identifier: locale)
            if same(locale, "months") { XCTAssertEqual(settings.names(.standaloneMonths), f.standaloneMonthSymbols, locale) }
            if same(locale, "weekdays") { XCTAssertEqual(settings.names(.standaloneWeekdays), f.standaloneWeekdaySymbols, locale) }
            if same(locale, "shortWeekdays") {
                XCTAssertEqual(settings.names(.standaloneShortWeekdays), f.shortStandaloneWeekdaySymbols, locale)
            }
            XCTAssertEqual(settings.names(.standaloneNarrowWeekdays), f.veryShortStandaloneWeekdaySymbols, locale)

            let n = NumberFormatter()
            n.locale = Locale(identifier: locale)
            n.numberStyle = .none
            n.usesGroupingSeparator = false
            let digits = (0...9).map { n.string(from: NSNumber(value: $0)) ?? String($0) }
            XCTAssertEqual(CalendarSettings.digits(of: CalendarLocale(identifier: locale)),
                           digits.allSatisfy { $0.count == 1 } ? digits : (0...9).map(String.init), locale)

            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: locale)
            if same(locale, "firstWeekday") { XCTAssertEqual(SystemICU.firstWeekday(locale: locale), calendar.firstWeekday, locale) }

            let name = "\u{131}stanbul i" // dotless ı and a plain i: Turkish upper-cases the second to İ
            XCTAssertEqual(SystemICU.uppercased(name, locale: locale), name.uppercased(with: Locale(identifier: locale)), locale)
        }
    }

    func testZoneOffsetsMatchFoundationsAcrossTransitions() {
        for id in Self.zones {
            let ours = DisplayZone(identifier: id)!, theirs = TimeZone(identifier: id)!
            XCTAssertEqual(ours.identifier, id)
            for date in Self.dates where date.year <= 2037 && date.year >= 1900 {
                // Every half hour of two days, so a change of offset inside them is crossed.
                for step in 0..<96 {
                    let instant = Int64(date.daysSinceEpoch) * 86_400 + Int64(step) * 1800
                    XCTAssertEqual(ours.offset(at: instant), Int64(theirs.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))),
                                   "\(id) \(instant)")
                }
            }
        }
        XCTAssertNil(DisplayZone(identifier: "Mars/Olympus"))
        XCTAssertNil(DisplayZone(identifier: ""))
        XCTAssertEqual(DisplayZone(TimeZone(identifier: "Asia/Tokyo")!).identifier, "Asia/Tokyo")
    }

    func testTheSystemZoneIsFoundLikeFoundationFindsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/localtime", named = folder + "/timezone"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        try "Asia/Tokyo\n".write(toFile: named, atomically: true, encoding: .utf8)
        func zone(_ env: [String: String], _ localtime: String = link) -> String {
            DisplayZone.systemIdentifier(environment: env, localtime: localtime, timezoneFile: named)
        }
        XCTAssertEqual(zone(["TZ": "Europe/Berlin"]), "Europe/Berlin", "TZ wins")
        XCTAssertEqual(zone(["TZ": ":Europe/Paris"]), "Europe/Paris", "a leading colon")
        XCTAssertEqual(zone(["TZ": "/usr/share/zoneinfo/Asia/Kolkata"]), "Asia/Kolkata", "a path under zoneinfo")
        XCTAssertEqual(zone(["TZ": "Mars/Olympus"]), "America/New_York", "an unknown TZ is passed over")
        XCTAssertEqual(zone([:]), "America/New_York", "/etc/localtime's link")
        XCTAssertEqual(zone([:], folder + "/none"), "Asia/Tokyo", "/etc/timezone")
        XCTAssertEqual(DisplayZone.systemIdentifier(environment: [:], localtime: folder + "/none", timezoneFile: folder + "/none"), "UTC")
        // This machine's own setting, as Foundation reads it.
        XCTAssertEqual(DisplayZone.systemIdentifier(), TimeZone.current.identifier)
    }
}
