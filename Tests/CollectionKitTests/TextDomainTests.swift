@testable import CollectionKit
import Foundation
import XCTest

/// The engine's gettext domain: placeholders filled in the translation's order, and the English
/// originals (with English plurals) when no catalogue answers, as in the C locale tests run in.
final class TextDomainTests: XCTestCase {
    func testPlaceholdersAreFilledInOrderAndByPosition() {
        XCTAssertEqual(TextDomain.fill("%@ to %@", "Task 3", "Today"), "Task 3 to Today")
        XCTAssertEqual(TextDomain.fill("%2$@ ← %1$@", "Task 3", "Today"), "Today ← Task 3")
        XCTAssertEqual(TextDomain.fill("100%% of %@", "5"), "100% of 5")
        XCTAssertEqual(TextDomain.fill("%1$@ and %1$@", "x"), "x and x")
        XCTAssertEqual(TextDomain.fill("%@ %@", "only"), "only %@", "a missing argument shows its placeholder")
        XCTAssertEqual(TextDomain.fill("%@", "a %@ b", "unused"), "a %@ b", "an argument is not filled again")
    }

    func testWithoutACatalogueTheEnglishPluralRuleApplies() {
        let domain = TextDomain("collectionkit-tests-no-catalogue")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 1), "1 item")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 0), "0 items")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 3), "3 items")
        XCTAssertEqual(domain("Trash"), "Trash")
    }

    func testTheDragWordsCountThroughPluralForms() {
        let words = DragDropStrings()
        XCTAssertEqual(words.pickedUpSeveral(2), "2 items picked up")
        XCTAssertEqual(words.holdsAtMost("Focus", 1), "Focus holds 1 item")
        XCTAssertEqual(words.holdsAtMost("Focus", 4), "Focus holds 4 items")
        XCTAssertEqual(words.position(2, 7), "position 2 of 7")
        XCTAssertEqual(words.lockedTo("Task 3", "Today"), "Task 3 is locked to Today")
    }

    // Numbers through ICU's formatting, in the locale: grouping and the locale's own digits.
    func testNumbersAreWrittenAsTheLocaleWritesThem() {
        XCTAssertEqual(TextDomain.number(2000, locale: "en"), "2,000")
        XCTAssertEqual(TextDomain.number(2000, locale: "ar_EG"), "٢٬٠٠٠", "Arabic-Indic digits and the Arabic thousands separator")
        XCTAssertEqual(TextDomain.number(2000, locale: "de_DE"), "2.000")
        XCTAssertEqual(TextDomain.number(-1_234_567, locale: "en"), "-1,234,567")
        XCTAssertEqual(TextDomain.number(7, locale: "he_IL"), "7", "Hebrew writes Western digits")
        XCTAssertEqual(TextDomain.number(12, locale: "ar_MA"), "12", "Morocco's Arabic writes Western digits")
    }

    // A count below 1,000 in a language that writes ASCII digits needs no ICU formatter (making
    // one maps Foundation's ICU code and data: the carousel's "Card 3 of 12" cost its window 4 MB).
    func testSmallNumbersInLanguagesOfASCIIDigitsMakeNoFormatter() {
        let formats = NumberFormats()
        for locale in ["en", "C", "de_DE.UTF-8", "fr_CA", "ja_JP.UTF-8", "es_419"] {
            XCTAssertEqual(formats.format(0, locale: locale), "0", locale)
            XCTAssertEqual(formats.format(999, locale: locale), "999", locale)
        }
        XCTAssertEqual(formats.madeCount, 0, "no formatter for 0 to 999 in these languages")
        XCTAssertEqual(formats.format(1000, locale: "en"), "1,000", "grouping is ICU's")
        XCTAssertEqual(formats.format(-5, locale: "en"), "-5", "the minus sign is ICU's")
        XCTAssertEqual(formats.madeCount, 1)
        XCTAssertEqual(formats.format(12, locale: "ar_EG"), "١٢", "Arabic-Indic digits still come from ICU")
        for locale in ["de@numbers=arab", "de-u-nu-arab", "sr_Latn_RS", "uz_Arab"] {
            XCTAssertFalse(NumberFormats.writesSmallNumbersPlainly(locale), "\(locale) may pick other digits: ICU answers")
        }
    }

    /// Every language the shortcut serves writes 0 to 999 as ICU does.
    func testTheShortcutsLanguagesWriteSmallNumbersAsICUDoes() {
        for language in NumberFormats.asciiDigitLanguages.sorted() where language != "c" && language != "posix" {
            let f = NumberFormatter()
            f.locale = Locale(identifier: language)
            f.numberStyle = .decimal
            for n in [0, 7, 42, 999] {
                XCTAssertEqual(f.string(from: NSNumber(value: n)), String(n), "\(language) writes \(n) otherwise")
            }
        }
    }

    /// Larger counts in a listed locale are grouped as ICU groups them, without a formatter (the
    /// mosaic's "2,000 cards" mapped ICU for its window).
    func testGroupedNumbersInListedLocalesMakeNoFormatterAndMatchICU() {
        let formats = NumberFormats()
        XCTAssertEqual(formats.format(2000, locale: "en"), "2,000")
        XCTAssertEqual(formats.format(1_234_567, locale: "de_DE.UTF-8"), "1.234.567")
        XCTAssertEqual(formats.madeCount, 0, "no formatter for a listed locale")
        XCTAssertEqual(formats.format(1000, locale: "es"), "1000", "Spanish groups from 10,000: ICU's")
        XCTAssertEqual(formats.madeCount, 1)
        for (locale, _) in NumberFormats.groupSeparators where locale != "c" && locale != "posix" {
            let f = NumberFormatter()
            f.locale = Locale(identifier: locale)
            f.numberStyle = .decimal
            for n in [1000, 9999, 12_345, 999_999, 1_234_567, 2_000_000_000] {
                XCTAssertEqual(NumberFormats.grouped(n, NumberFormats.groupSeparator(locale)!), f.string(from: NSNumber(value: n)),
                               "\(locale) writes \(n) otherwise")
            }
        }
    }

    func testACountIsFilledInTheMessagesLanguage() throws {
        let domain = TextDomain("collectionkit-tests-no-catalogue")
        // The C locale speaks English, and English groups thousands.
        XCTAssertEqual(domain.count("%@ item", "%@ items", 2000), "2,000 items")
        XCTAssertEqual(TextDomain.numberLocale, "en")
        let previous = String(cString: setlocale(LC_MESSAGES, nil))
        let previousLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        defer {
            if let previousLanguage { setenv("LANGUAGE", previousLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, previous)
        }
        guard setlocale(LC_MESSAGES, "ar_EG.UTF-8") != nil else {
            return XCTFail("the locale ar_EG.UTF-8 is not installed: scripts/install-deps.sh --test generates it")
        }
        setenv("LANGUAGE", "ar", 1)
        XCTAssertEqual(TextDomain.numberLocale, "ar_EG", "the language of LANGUAGE, the region of the messages locale")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 2000), "٢٬٠٠٠ items", "no catalogue: English words, the locale's number")
        XCTAssertEqual(TextDomain.number(1500), "١٬٥٠٠")
        setenv("LANGUAGE", "de", 1)
        XCTAssertEqual(TextDomain.numberLocale, "de")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 2000), "2.000 items")
    }
}
