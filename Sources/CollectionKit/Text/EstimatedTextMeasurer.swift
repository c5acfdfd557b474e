/// A measurer for programs and tests that run the engine with no backend to draw text: widths
/// are estimates from each character's class (narrow, wide, emoji), not a font's, and lines
/// break after spaces and hyphens and around ideographs, not by all of Unicode's rules. A
/// backend's measurer (CollectionKitSDL's `TextMeasurer`) gives the real widths and breaks;
/// use this only where nothing is drawn.
public final class EstimatedTextMeasurer: TextMeasuring {
    /// Narrow characters advance this fraction of the font size; wide ones (CJK, emoji) a whole em.
    public var narrowAdvance: Double
    /// Creates a measurer that estimates narrow characters at `narrowAdvance` em.
    public init(narrowAdvance: Double = 0.55) { self.narrowAdvance = narrowAdvance }

    public func width(of text: String, style: TextStyle) -> Double {
        let ems = text.reduce(0.0) { sum, c in sum + (EstimatedTextMeasurer.isWide(c) ? 1 : narrowAdvance) }
        return (ems * style.size * (style.weight == .bold ? 1.05 : 1)).rounded()
    }

    public func lineHeight(style: TextStyle) -> Double { (style.size * 1.2).rounded() }

    public func lineBreaks(in text: String) -> [LineBreak] {
        var breaks: [LineBreak] = []
        var offset = 0
        var previous: Unicode.Scalar?
        for s in text.unicodeScalars {
            if let p = previous {
                if p == "\n" { breaks.append(LineBreak(offset, mandatory: true)) }
                else if (p == " " || p == "-") && s != " " { breaks.append(LineBreak(offset)) }
                else if EstimatedTextMeasurer.isIdeograph(p) || EstimatedTextMeasurer.isIdeograph(s) { breaks.append(LineBreak(offset)) }
            }
            previous = s
            offset += 1
        }
        if offset > 0 { breaks.append(LineBreak(offset, mandatory: true)) }
        return breaks
    }

    private static func isWide(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        // Below U+2300 nothing is an ideograph or shown as an emoji by default: most text is
        // answered without a Unicode property lookup.
        guard s.value >= 0x2300 else { return false }
        return isIdeograph(s) || s.properties.isEmojiPresentation
    }

    private static func isIdeograph(_ s: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(s.value) || (0x3400...0x9FFF).contains(s.value) || (0xAC00...0xD7AF).contains(s.value)
            || (0xF900...0xFAFF).contains(s.value) || (0x20000...0x3134F).contains(s.value)
    }
}
