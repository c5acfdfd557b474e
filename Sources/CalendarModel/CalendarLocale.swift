import Foundation

/// A locale by its identifier ("de_DE", "ar_EG", "de_DE@fw=sun"), as the calendar hands it to the
/// system's ICU. The calendar does not make a Foundation `Locale`: making one opens the locale's
/// calendar data in Foundation's own copy of ICU, which nothing else in the scene needs.
public struct CalendarLocale: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    public init(identifier: String) { self.identifier = identifier }
    /// The identifier of Foundation's `locale`.
    public init(_ locale: Locale) { identifier = locale.identifier }
    public var description: String { identifier }
}
