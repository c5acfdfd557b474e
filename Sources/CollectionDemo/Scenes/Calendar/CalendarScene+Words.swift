import CalendarModel
import CollectionKit
import Foundation

extension CalendarScene {
    /// The calendar's words for `locale`: the demo's catalogue when the process speaks that
    /// language (the environment's, or --locale's), else the calendar's built-in English, German
    /// and French tables (a scene made for another locale than the process's, as tests make them).
    static func words(for locale: CalendarLocale) -> CalendarStrings {
        let language = String(locale.identifier.lowercased().prefix { $0.isLetter })
        let probe = CalendarStrings.english.today
        if language != "en", language == TextDomain.language, DemoWords.domain(probe) != probe {
            return CalendarStrings.english.translated(domain: DemoWords.domain.name, language: language)
        }
        return CalendarStrings.forLocale(locale)
    }
}
