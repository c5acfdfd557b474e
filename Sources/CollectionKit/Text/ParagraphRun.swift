/// A paragraph placed in a rect: wrapped to the rect's width by the backend, with the measurer
/// that a cell used to size itself, so the lines drawn are the lines measured.
///
/// The first line's box starts at the rect's top; lines follow one ``ParagraphLayout/linePitch``
/// apart. Only the lines whose boxes fit in the rect's height are drawn (always at least one),
/// and the last one drawn ends with "…" when text remains, as does the last of
/// ``ParagraphStyle/maximumLines``.
public struct ParagraphRun: Equatable, Sendable {
    /// The text; newlines end lines.
    public var text: String
    /// Where the paragraph is drawn; its width is the wrapping width.
    public var rect: Rect
    /// Font, line limit, alignment and line spacing.
    public var style: ParagraphStyle
    /// The text colour.
    public var color: Color
    /// Chrome or an item's text (see ``TextRole``); a collection view marks its cells' as `content`.
    public var role: TextRole = .control
    public init(_ text: String, in rect: Rect, style: ParagraphStyle, color: Color) {
        self.text = text; self.rect = rect; self.style = style; self.color = color
    }

    /// The style the paragraph is wrapped with: its own line limit, lowered to the lines whose
    /// boxes fit in the rect's height.
    public func fittedStyle(lineHeight: Double) -> ParagraphStyle {
        var s = style
        let pitch = lineHeight * style.lineSpacing
        guard pitch > 0 else { return s }
        let room = max(1, Int(((rect.height - lineHeight) / pitch).rounded(.down) + 1 + 0.001))
        s.maximumLines = s.maximumLines > 0 ? min(s.maximumLines, room) : room
        return s
    }

    /// The lines to draw, each as a one-line ``TextRun`` in its box (wide enough for its measured
    /// width), wrapped by `measurer`.
    public func lineRuns(_ measurer: some TextMeasuring) -> [TextRun] {
        let lineHeight = measurer.lineHeight(style: style.text)
        let layout = measurer.lines(of: text, style: fittedStyle(lineHeight: lineHeight), width: rect.width)
        return layout.lines.enumerated().map { i, line in
            // A line never wider than the rect (by its measurer) is never cut again when drawn;
            // the box grows by a pixel's slack around it for rounding at other scales.
            let w = max(rect.width, line.width) + 2
            let x: Double
            switch style.alignment {
            // A natural paragraph not yet resolved by the backend is laid out from the left.
            case .leading, .natural: x = rect.minX
            case .center: x = rect.midX - w / 2
            case .trailing: x = rect.maxX - w
            }
            let box = Rect(x: x, y: rect.minY + Double(i) * layout.linePitch, width: w, height: lineHeight)
            return TextRun(line.text, in: box, size: style.text.size, color: color,
                           alignment: style.alignment, weight: style.text.weight)
        }
    }
}

extension DrawList {
    /// A paragraph wrapped to `r`'s width; see ``ParagraphRun``.
    public mutating func paragraph(_ s: String, in r: Rect, style: ParagraphStyle, color: Color) {
        append(.paragraph(ParagraphRun(s, in: r, style: style, color: color)))
    }
}
