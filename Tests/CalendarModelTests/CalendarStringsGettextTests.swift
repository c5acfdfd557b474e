import CGettext
import CalendarModel
import Foundation
import XCTest

/// The calendar's words from the demo's catalogue (compiled into .build/locale by
/// scripts/translations.sh): counts take the language's plural form, Arabic's six included.
final class CalendarStringsGettextTests: XCTestCase {
    private let domain = "collection-demo"

    /// Runs `body` with messages in `locale`, the catalogues read from the build directory;
    /// skipped where the locale or the catalogues are missing.
    private func speaking(_ locale: String, _ body: () throws -> Void) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/locale").standardized.path
        let language = String(locale.prefix { $0.isLetter })
        guard FileManager.default.fileExists(atPath: "\(root)/\(language)/LC_MESSAGES/\(domain).mo") else {
            throw XCTSkip("no catalogues in \(root): run scripts/translations.sh")
        }
        let previous = String(cString: setlocale(LC_MESSAGES, nil))
        defer { setlocale(LC_MESSAGES, previous) }
        guard setlocale(LC_MESSAGES, locale) != nil else { throw XCTSkip("the locale \(locale) is not installed") }
        // The program binds its catalogues at start (DemoWords); the model's tests bind them here.
        bindtextdomain(domain, root)
        bind_textdomain_codeset(domain, "UTF-8")
        try body()
    }

    func testArabicCountsTakeTheirSixForms() throws {
        try speaking("ar_EG.UTF-8") {
            let words = CalendarStrings.english.translated(domain: domain, language: "ar")
            XCTAssertEqual(words.chosen(1), "يوم واحد محدد")
            XCTAssertEqual(words.chosen(2), "يومان محددان")
            XCTAssertEqual(words.chosen(3), "3 أيام محددة")
            XCTAssertEqual(words.chosen(11), "11 يومًا محددًا")
            XCTAssertEqual(words.chosen(100), "100 يوم محدد")
            XCTAssertEqual(words.chosen(0), words.noDaysChosen)
            XCTAssertEqual(words.previousMonth, "الشهر السابق")
        }
    }

    func testGermanKeepsTheBuiltInWording() throws {
        try speaking("de_DE.UTF-8") {
            let words = CalendarStrings.english.translated(domain: domain, language: "de")
            let builtIn = CalendarStrings.forLocale(Locale(identifier: "de_DE"))
            for n in [1, 2, 5] {
                XCTAssertEqual(words.chosen(n), builtIn.chosen(n))
                XCTAssertEqual(words.eventCount(n), builtIn.eventCount(n))
                XCTAssertEqual(words.moreProblemsNote(n), builtIn.moreProblemsNote(n))
            }
            XCTAssertEqual(words.weekColumn, builtIn.weekColumn)
            XCTAssertEqual(words.sampleReadOnly, builtIn.sampleReadOnly)
        }
    }
}
