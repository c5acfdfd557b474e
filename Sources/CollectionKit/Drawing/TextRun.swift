/// Where a ``TextRun`` sits horizontally in its rect: `leading` at its left, `trailing` at its
/// right, and `natural` after the text's own direction (GTK's and Pango's natural alignment): at
/// the right when its first strong letter is written right to left (Arabic, Hebrew), at the left
/// when it is written left to right, whatever the window's direction; text with no strong letter
/// (digits, times, signs) takes the UI's direction (CollectionKitSDL's
/// `DrawListRenderer.neutralTextDirection`). The backend finds the direction (Unicode's bidi
/// algorithm, rules P2–P3); a paragraph takes the direction of its whole text for every line.
public enum TextAlignment: String, Sendable { case leading, center, trailing, natural }
/// The weight of a ``TextRun``'s font; the backend picks a regular or a bold face.
public enum FontWeight: String, Sendable { case regular, bold }
/// What a run of text is to the person reading it: `control` for the chrome's words (buttons,
/// tabs, headers, chips, dialog rows), `content` for an item's own text. Drawing ignores it; a
/// layout check reads it (``DrawList/placedTexts(measuredBy:)``): chrome can grow, content may be cut.
public enum TextRole: String, Sendable { case control, content }

/// A single line of text placed in a rect: the backend measures and aligns it, vertically centred,
/// and cuts it with an ellipsis when it does not fit.
///
/// The core never measures text, so a run carries everything the backend needs to lay it out.
public struct TextRun: Equatable, Sendable {
    /// The characters to draw, on one line.
    public var text: String
    /// The rect the line is placed in: vertically centred, aligned by ``alignment``, cut with an
    /// ellipsis when it is wider than the rect.
    public var rect: Rect
    /// The font size in points.
    public var size: Double
    /// The text colour.
    public var color: Color
    /// Horizontal placement within ``rect``.
    public var alignment: TextAlignment
    /// Regular or bold.
    public var weight: FontWeight
    /// Chrome or an item's text; a collection view marks what its cells draw as `content`.
    public var role: TextRole = .control
    /// Creates a run; the alignment defaults to leading and the weight to regular.
    public init(_ text: String, in rect: Rect, size: Double, color: Color,
                alignment: TextAlignment = .leading, weight: FontWeight = .regular) {
        self.text = text; self.rect = rect; self.size = size; self.color = color
        self.alignment = alignment; self.weight = weight
    }
}
