import CalendarModel
import XCTest

/// The locale the environment names, as POSIX decides it (LC_ALL, then the category, then LANG).
final class EnvironmentLocaleTests: XCTestCase {
    func locale(_ category: String, _ env: [String: String]) -> String? { CalendarSettings.environmentLocale(category, environment: env) }

    func testPrecedenceIsLCAllThenTheCategoryThenLang() {
        XCTAssertEqual(locale("LC_TIME", ["LANG": "en_US.UTF-8"]), "en_US")
        XCTAssertEqual(locale("LC_TIME", ["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"]), "en_GB", "LC_TIME wins over LANG for dates and times")
        XCTAssertEqual(locale("LC_MESSAGES", ["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"]), "en_US", "words keep LANG")
        XCTAssertEqual(locale("LC_TIME", ["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8", "LC_ALL": "de_DE.UTF-8"]), "de_DE", "LC_ALL wins")
        XCTAssertEqual(locale("LC_TIME", ["LC_ALL": "", "LC_TIME": "", "LANG": "fr_FR"]), "fr_FR", "empty variables count as unset")
    }

    func testCodesetAndModifierAreDroppedAndCNamesNoLanguage() {
        XCTAssertEqual(locale("LC_TIME", ["LANG": "de_DE.UTF-8@euro"]), "de_DE")
        XCTAssertEqual(locale("LC_TIME", ["LANG": "sr_RS@latin"]), "sr_RS")
        XCTAssertNil(locale("LC_TIME", ["LANG": "C.UTF-8"]))
        XCTAssertNil(locale("LC_TIME", ["LANG": "POSIX"]))
        XCTAssertNil(locale("LC_TIME", ["LANG": "C"]))
        XCTAssertNil(locale("LC_TIME", [:]))
        XCTAssertNil(locale("LC_TIME", ["LANG": "../../etc/passwd"]), "not a locale name")
    }

    /// Both of the panel's formats come from the one locale: no British date with a 12-hour clock.
    func testTheLongDateAndTheClockFollowTheSameLocale() {
        let day = CalendarDate(year: 2026, month: 11, day: 18)!
        let instant = DisplayZone.utc.instant(of: day, hour: 14, minute: 30)
        let us = CalendarFormatter(locale: Locale(identifier: "en_US"), zone: .utc)
        XCTAssertEqual(us.long(day), "Wednesday, November 18, 2026")
        XCTAssertEqual(us.clock(instant).replacingOccurrences(of: "\u{202F}", with: " "), "2:30 PM")
        let gb = CalendarFormatter(locale: Locale(identifier: "en_GB"), zone: .utc)
        XCTAssertEqual(gb.long(day), "Wednesday, 18 November 2026")
        XCTAssertEqual(gb.clock(instant), "14:30")
    }
}
