/// The font a piece of text is set in, as the engine names it: a size in points and a weight.
/// The backend turns it into a face; the engine only compares and hashes it.
public struct TextStyle: Hashable, Sendable {
    /// The font size in points.
    public var size: Double
    /// Regular or bold.
    public var weight: FontWeight
    /// Creates a style; the weight defaults to regular.
    public init(size: Double, weight: FontWeight = .regular) { self.size = size; self.weight = weight }
}

/// How the engine learns how large text is: the backend that draws text answers, so what a cell
/// or a layout measures is what is drawn.
///
/// Widths are in points, for a single line with no wrapping. Line breaks are the places Unicode
/// allows a line to end (UAX #14), as offsets in the string's unicode scalars (a break at `k`
/// means a line may start at scalar `k`), with mandatory ones (after a newline) marked.
/// ``lines(of:style:width:)`` wraps a paragraph with both; a measurer rarely needs to implement it.
///
/// ```swift
/// let style = TextStyle(size: 15)
/// let w = measurer.width(of: "Groceries", style: style)            // one line, in points
/// let p = measurer.lines(of: note.body, style: ParagraphStyle(text: style, maximumLines: 6), width: 180)
/// let height = p.height                                             // for the cell's size
/// ```
public protocol TextMeasuring: AnyObject {
    /// The width of `text` on one line, in points.
    func width(of text: String, style: TextStyle) -> Double
    /// The height of one line box in `style` (ascent plus descent), in points.
    func lineHeight(style: TextStyle) -> Double
    /// Where lines may break in `text`, ascending, without 0 and with the text's end.
    func lineBreaks(in text: String) -> [LineBreak]
    /// `text` wrapped to `width` points under `style`.
    func lines(of text: String, style: ParagraphStyle, width: Double) -> ParagraphLayout
    /// Where each character of one line sits as drawn, for carets, hit testing and selections
    /// (see ``TextLineGeometry``). The default is left to right from measured widths.
    func lineGeometry(of text: String, style: TextStyle) -> TextLineGeometry
}

extension TextMeasuring {
    /// Wraps with ``ParagraphLayout/wrap(_:style:width:breaks:lineHeight:measure:)`` from this
    /// measurer's breaks and widths.
    public func lines(of text: String, style: ParagraphStyle, width: Double) -> ParagraphLayout {
        // With a line limit, only the start that can show is broken and wrapped.
        let (shown, continues) = ParagraphLayout.shownStart(of: text, style: style, width: width)
        return ParagraphLayout.wrap(shown, continues: continues, style: style, width: width, breaks: lineBreaks(in: shown),
                                    lineHeight: lineHeight(style: style.text),
                                    measure: { self.width(of: $0, style: style.text) })
    }
}

/// A place a line may end: before the unicode scalar at `offset`.
public struct LineBreak: Hashable, Sendable {
    /// The offset in unicode scalars of the first scalar of the next line.
    public var offset: Int
    /// True when the line must end here (after a newline or a paragraph separator).
    public var mandatory: Bool
    /// Creates a break before scalar `offset`.
    public init(_ offset: Int, mandatory: Bool = false) { self.offset = offset; self.mandatory = mandatory }
}
