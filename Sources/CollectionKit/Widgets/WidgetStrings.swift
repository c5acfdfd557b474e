/// The words the engine's widgets say themselves when an app gives none: the name a screen reader
/// gives a toast's close button (which shows only a symbol). An app replaces the table to use its
/// own words or to translate them; everything else a widget shows comes from the app.
///
/// ```swift
/// var strings = WidgetStrings()
/// strings.close = words("Dismiss")
/// let toast = Toast(measurer: measurer, strings: strings)
/// ```
public struct WidgetStrings: Sendable {
    /// A toast's close button, as a screen reader names it.
    public var close = TextDomain.collectionKit("Close")
    public init() {}
}
