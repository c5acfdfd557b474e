import CICUText
import CollectionKit

/// ICU's answers about text that fonts do not give: where lines may break (UAX #14, with the
/// dictionaries for Thai and the like) and the embedding levels of the bidirectional algorithm
/// (UAX #9, brackets and numbers included).
enum UnicodeText {
    /// The line-break opportunities of `text`, as offsets in unicode scalars (see `LineBreak`).
    static func lineBreaks(in text: String) -> [LineBreak] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        var status: Int32 = 0
        guard let iterator = cicu_line_breaks_open(units, Int32(units.count), &status), status <= 0 else {
            return [LineBreak(text.unicodeScalars.count, mandatory: true)]
        }
        defer { cicu_breaks_close(iterator) }
        let scalarAt = scalarOffsets(units)
        var breaks: [LineBreak] = []
        var b = cicu_breaks_first(iterator)
        while true {
            b = cicu_breaks_next(iterator)
            guard b != cicu_break_done else { break }
            let hard = cicu_breaks_rule_status(iterator) >= cicu_break_hard
            breaks.append(LineBreak(scalarAt[Int(b)], mandatory: hard || Int(b) == units.count))
        }
        return breaks
    }

    /// The embedding level of each UTF-16 unit of `text` (even: left to right, odd: right to
    /// left), the paragraph taking the direction of its first strong letter, or without one
    /// (digits, signs: "09:00 – 10:00") right to left when `neutralRightToLeft` (the UI's direction).
    static func bidiLevels(_ text: String, neutralRightToLeft: Bool = false) -> [UInt8] {
        let units = Array(text.utf16)
        guard !units.isEmpty, let bidi = cicu_bidi_open() else { return [] }
        defer { cicu_bidi_close(bidi) }
        var status: Int32 = 0
        cicu_bidi_set_paragraph(bidi, units, Int32(units.count), neutralRightToLeft ? cicu_bidi_default_rtl : cicu_bidi_default_ltr, &status)
        guard status <= 0, let levels = cicu_bidi_levels(bidi, &status), status <= 0 else { return [] }
        return Array(UnsafeBufferPointer(start: levels, count: units.count))
    }

    /// The bidirectional algorithm's answer for one line: the level of each UTF-16 unit, the
    /// units' logical indices in visual order (ICU's visual map, rule L2 applied), and whether
    /// the line runs right to left (its first strong letter's direction).
    static func bidiLine(_ text: String, neutralRightToLeft: Bool = false) -> (levels: [UInt8], visualMap: [Int], rightToLeft: Bool)? {
        let units = Array(text.utf16)
        guard !units.isEmpty, let bidi = cicu_bidi_open() else { return nil }
        defer { cicu_bidi_close(bidi) }
        var status: Int32 = 0
        cicu_bidi_set_paragraph(bidi, units, Int32(units.count), neutralRightToLeft ? cicu_bidi_default_rtl : cicu_bidi_default_ltr, &status)
        guard status <= 0, let levels = cicu_bidi_levels(bidi, &status), status <= 0 else { return nil }
        var map = [Int32](repeating: 0, count: units.count)
        cicu_bidi_visual_map(bidi, &map, &status)
        guard status <= 0 else { return nil }
        return (Array(UnsafeBufferPointer(start: levels, count: units.count)), map.map(Int.init),
                cicu_bidi_paragraph_level(bidi) % 2 == 1)
    }

    /// For each UTF-16 offset (and the end), the offset in unicode scalars it falls at.
    private static func scalarOffsets(_ units: [UInt16]) -> [Int] {
        var out = [Int](repeating: 0, count: units.count + 1)
        var scalar = 0
        for (i, u) in units.enumerated() {
            out[i] = scalar
            if !UTF16.isLeadSurrogate(u) { scalar += 1 }
        }
        out[units.count] = scalar
        return out
    }
}

extension UnicodeText {
    /// Whether `text`'s first strong letter is written right to left (ICU's `ubidi_getBaseDirection`):
    /// true for Arabic or Hebrew, false for Latin, nil when it has no strong letter (digits, signs).
    static func startsRightToLeft(_ text: String) -> Bool? {
        // The first strong letter is looked for in the text's first 64K units only: a label's
        // alignment is decided at every frame, and a 10 MB title would cost 10 MB each time.
        let units = Array(text.utf16.prefix(65_536))
        guard !units.isEmpty else { return nil }
        switch cicu_bidi_base_direction(units, Int32(units.count)) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }
}

extension TextAlignment {
    /// `natural` made leading or trailing by `text`'s direction, or without a strong letter by
    /// `neutral` (the UI's direction: a time range in a Hebrew window sits at the right); the
    /// others as they are.
    func resolved(for text: String, neutral: LayoutDirection = .leftToRight) -> TextAlignment {
        guard self == .natural else { return self }
        switch UnicodeText.startsRightToLeft(text) {
        case true?: return .trailing
        case false?: return .leading
        case nil: return neutral.isRightToLeft ? .trailing : .leading
        }
    }
}

extension ParagraphRun {
    /// The paragraph with a natural alignment made leading or trailing by its whole text, so a
    /// Hebrew paragraph whose second line starts with a Latin word keeps every line at the right.
    func resolvingNaturalAlignment(neutral: LayoutDirection = .leftToRight) -> ParagraphRun {
        guard style.alignment == .natural else { return self }
        var p = self
        p.style.alignment = style.alignment.resolved(for: text, neutral: neutral)
        return p
    }
}
