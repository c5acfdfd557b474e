import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension TextDomain {
    /// `n` as the language messages are shown in writes it, through ICU's number formatting
    /// (Foundation's `NumberFormatter`, which is ICU's `unum` on Linux): its grouping and its
    /// digits, "2,000" in English and in the C locale, "2.000" in German, "٢٬٠٠٠" in Arabic (Egypt),
    /// where the calendar's dates use the same Arabic-Indic digits. ``count(_:_:_:)`` fills its
    /// `%@` with it; an app writes every count it shows so. O(digits) after the first number of a
    /// language (making ICU's formatter for it).
    public static func number(_ n: Int) -> String {
        number(n, locale: numberLocale)
    }

    /// `n` written as `locale` (an ICU or POSIX identifier: "ar_EG", "de", "fr_CA.UTF-8") writes
    /// numbers; ASCII digits if ICU does not answer. 0 to 999 in a language that writes them in
    /// ASCII digits (English, German, French, Japanese…) are written without asking ICU.
    public static func number(_ n: Int, locale: String) -> String {
        NumberFormats.shared.format(n, locale: locale)
    }

    /// The locale numbers are written in, as the words are chosen (see ``language``): the first
    /// language of `LANGUAGE`, with the messages locale's region when it is the same language
    /// (`LANGUAGE=ar`, `LC_MESSAGES=ar_EG.UTF-8`: "ar_EG"), else the messages locale; "en" in the
    /// C locale, whose words are English.
    public static var numberLocale: String {
        guard let language else { return "en" }
        let current = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? ""
        let base = String(current.prefix { $0 != "." && $0 != "@" })
        if base.lowercased().hasPrefix(language + "_") || base.lowercased() == language { return base }
        let listed = getenv("LANGUAGE").map { String(cString: $0) }?.split(separator: ":").first.map(String.init) ?? ""
        let entry = String(listed.prefix { $0 != "." && $0 != "@" })
        return entry.isEmpty ? language : entry
    }
}

/// ICU's number formatters, one a locale, made once: making one costs far more than using it.
final class NumberFormats: @unchecked Sendable {
    static let shared = NumberFormats()
    private let lock = NSLock()
    private var formatters: [String: NumberFormatter] = [:]

    /// Languages whose numbers ICU writes in ASCII digits with no grouping below 1,000 (CLDR's
    /// default numbering system is `latn` for them; TextDomainTests checks each against ICU).
    static let asciiDigitLanguages: Set<String> = [
        "c", "posix", "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "no", "fi", "is",
        "pl", "cs", "sk", "sl", "hr", "bs", "sr", "hu", "ro", "ru", "uk", "be", "bg", "mk", "el", "tr",
        "et", "lv", "lt", "ca", "gl", "eu", "ga", "cy", "he", "ja", "zh", "ko", "vi", "id", "ms", "th", "hi",
    ]

    /// True when `locale` writes 0...999 as `String(n)` does: a language in
    /// ``asciiDigitLanguages`` with at most a region and an encoding ("de", "fr_CA.UTF-8"); a
    /// script, a `@` modifier or a BCP 47 extension (`-u-nu-arab`) may pick other digits.
    static func writesSmallNumbersPlainly(_ locale: String) -> Bool {
        let name = locale.prefix { $0 != "." }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count), !name.contains("@"),
              asciiDigitLanguages.contains(parts[0].lowercased()) else { return false }
        guard parts.count == 2 else { return true }
        let region = parts[1]
        return (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter })
            || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// Languages and locales whose numbers ICU writes in ASCII digits in groups of three from 1,000
    /// up, with this separator between groups (TextDomainTests checks each against ICU). A region
    /// not listed asks ICU: Spanish and Italian start grouping at 10,000, Swiss German writes ’.
    static let groupSeparators: [String: String] = [
        "c": ",", "posix": ",", "en": ",", "en_us": ",", "en_gb": ",", "en_au": ",", "en_ca": ",",
        "ja": ",", "ja_jp": ",", "zh": ",", "zh_cn": ",", "zh_tw": ",", "ko": ",", "ko_kr": ",", "he": ",", "he_il": ",",
        "de": ".", "de_de": ".", "nl": ".", "nl_nl": ".", "pt": ".", "pt_br": ".", "tr": ".", "tr_tr": ".",
        "fr": "\u{202F}", "fr_fr": "\u{202F}", "ru": "\u{00A0}", "ru_ru": "\u{00A0}", "uk": "\u{00A0}", "uk_ua": "\u{00A0}",
        "sv": "\u{00A0}", "sv_se": "\u{00A0}", "fi": "\u{00A0}", "fi_fi": "\u{00A0}",
    ]

    /// The separator ``groupSeparators`` gives `locale` ("de_DE.UTF-8" is "de_de"); nil when it has
    /// a modifier or a locale not listed.
    static func groupSeparator(_ locale: String) -> String? {
        let name = locale.prefix { $0 != "." }
        guard !name.contains("@") else { return nil }
        return groupSeparators[name.lowercased().replacingOccurrences(of: "-", with: "_")]
    }

    /// `n` (0 or more) in groups of three digits.
    static func grouped(_ n: Int, _ separator: String) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += separator }
            out.append(d)
        }
        return out
    }

    /// Formatters made so far (for tests of what a number costs).
    var madeCount: Int { lock.lock(); defer { lock.unlock() }; return formatters.count }

    func format(_ n: Int, locale: String) -> String {
        // Most counts on screen are below 1,000: in a language that writes them as Swift does,
        // ICU is not asked; nor for larger ones in a locale whose grouping is listed. Making its formatter maps Foundation's ICU code and CLDR data, 4 to
        // 5 MB of a window's resident memory that a scene with no larger number never needs.
        if (0...999).contains(n), NumberFormats.writesSmallNumbersPlainly(locale) { return String(n) }
        if n >= 1000, let separator = NumberFormats.groupSeparator(locale) { return NumberFormats.grouped(n, separator) }
        lock.lock(); defer { lock.unlock() }
        let formatter: NumberFormatter
        if let known = formatters[locale] {
            formatter = known
        } else {
            formatter = NumberFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 0
            formatters[locale] = formatter
        }
        return formatter.string(from: NSNumber(value: n)) ?? String(n)
    }
}
