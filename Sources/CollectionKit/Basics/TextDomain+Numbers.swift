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
    /// numbers; ASCII digits if ICU does not answer.
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

    func format(_ n: Int, locale: String) -> String {
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
