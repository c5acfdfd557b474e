import Foundation

extension FirstWeekday {
    /// The first day of the week where `locale` is used, from CLDR's week data through the
    /// system's ICU: Sunday for en_US, Monday for de_DE, Saturday for ar_EG; a locale's `@fw=`
    /// keyword wins. Regions whose week starts on a day the grid does not offer (Friday in the
    /// Maldives) get Monday, the ISO 8601 first day.
    public init(locale: Locale) { self.init(locale: CalendarLocale(locale)) }

    public init(locale: CalendarLocale) {
        switch SystemICU.firstWeekday(locale: locale.identifier) {
        case 1: self = .sunday
        case 7: self = .saturday
        default: self = .monday
        }
    }
}
