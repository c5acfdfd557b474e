import CalendarModel
/// The longest text of each kind, in characters, one number for the field that edits it, the
/// file that loads it and the write that saves it: what a field accepts, the next start keeps.
/// A field refuses more and says so; a paste or a drop keeps what fits and says what was cut.
public enum TextLimits {
    /// A board card's title (the boards scene, the remembered state).
    public static let cardTitle = 1_000
    /// A calendar event's title (SUMMARY) typed in the calendar: the calendar files' own limit,
    /// which their reader and writer keep too.
    public static let eventTitle = EventTitle.limit
    /// A mosaic tile's name.
    public static let mosaicName = 200

    /// What a field or a paste says when its limit kept something out.
    static func reached(_ limit: Int) -> String {
        filled(trp("At most %@ character: the rest was left out.", "At most %@ characters: the rest was left out.", limit), counted(limit))
    }

    /// `text` cut to `limit` characters, and whether it was cut. O(limit).
    static func cut(_ text: String, to limit: Int) -> (String, Bool) {
        guard text.utf8.count > limit else { return (text, false) }
        let head = text.prefix(limit)
        return head.endIndex == text.endIndex ? (text, false) : (String(head), true)
    }
}
