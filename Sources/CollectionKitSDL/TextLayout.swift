/// How one line of text breaks into runs that SDL_ttf can shape and draw: each run has one font,
/// one direction and one script, and the runs come out in visual (left-to-right) order.
///
/// Direction is ICU's implementation of the Unicode bidirectional algorithm (UAX #9: paired
/// brackets, numbers, neutrals, explicit marks), the paragraph taking the direction of its first
/// strong letter; runs are then reordered by rule L2. Mirroring and the glyph order inside a
/// right-to-left run are HarfBuzz's, through SDL_ttf's direction setting.
enum TextLayout {
    /// ISO 15924 "unknown": HarfBuzz's default shaping, as SDL_ttf starts with.
    static let commonScript = "Zzzz"

    enum FontChoice: Hashable {
        case primary
        case fallback(FontFace)
    }

    enum BidiClass { case left, right, number, neutral }

    /// A user-perceived character (a grapheme cluster: a letter with its marks, an emoji sequence).
    struct Cluster {
        var text: String
        /// The first scalar, which decides the font.
        var base: UInt32
        /// Drawn from a colour emoji face: emoji presentation, or an explicit emoji selector.
        var emoji: Bool
        var bidi: BidiClass
        /// ISO 15924 code of a letter's script; nil for characters common to every script.
        var script: String?
    }

    struct Run: Equatable {
        var text: String
        var font: FontChoice
        var level: Int
        var script: String
        var rightToLeft: Bool { level % 2 == 1 }
    }

    static func clusters(_ text: String) -> [Cluster] {
        text.map { ch in
            let scalars = ch.unicodeScalars
            let first = scalars.first!
            let emoji = scalars.contains { $0.value == 0xFE0F }
                || (first.properties.isEmojiPresentation && !scalars.contains { $0.value == 0xFE0E })
            return Cluster(text: String(ch), base: first.value, emoji: emoji,
                           bidi: emoji ? .neutral : bidiClass(first), script: emoji ? nil : script(of: first))
        }
    }

    /// The embedding level of each cluster (even: left to right, odd: right to left), from ICU's
    /// bidirectional algorithm over the whole line: a cluster takes the level of its first unit.
    static func levels(_ text: String, _ clusters: [Cluster], neutralRightToLeft: Bool = false) -> [Int] {
        let units = UnicodeText.bidiLevels(text, neutralRightToLeft: neutralRightToLeft)
        guard !units.isEmpty else { return clusters.map { _ in 0 } }
        var offset = 0
        return clusters.map { c in
            defer { offset += c.text.utf16.count }
            return offset < units.count ? Int(units[offset]) : 0
        }
    }

    /// The runs of `text` in visual order. `choose` picks the font of a letter; `provides` says
    /// whether a font has a scalar, so that spaces, digits and punctuation stay in the run they
    /// sit in (an Arabic phrase keeps its spaces, a Chinese one its full stops).
    static func runs(_ text: String, neutralRightToLeft: Bool = false, choose: (Cluster) -> FontChoice,
                     provides: (FontChoice, UInt32) -> Bool) -> [Run] {
        let cs = clusters(text)
        guard !cs.isEmpty else { return [] }
        let lv = levels(text, cs, neutralRightToLeft: neutralRightToLeft)
        var logical: [Run] = []
        var previousEmoji = false
        for (c, level) in zip(cs, lv) {
            let font: FontChoice
            // Spaces, digits and punctuation stay in the run they sit in; letters, Latin
            // included, always go to the font chosen for them.
            if let last = logical.last, last.level == level, !previousEmoji, !c.emoji,
               c.bidi == .neutral || c.bidi == .number, provides(last.font, c.base) {
                font = last.font
            } else {
                font = choose(c)
            }
            previousEmoji = c.emoji
            // Decided apart from the append, so no copy of the run holds its text while it grows:
            // appending to a copied-out run copied its whole text at every character, which made
            // a line's layout cost the square of its length (a 2 MB title took 41 s).
            let joins = logical.last.map { last in
                last.font == font && last.level == level && (c.script == nil || last.script == commonScript || last.script == c.script)
            } ?? false
            if joins {
                let i = logical.count - 1
                logical[i].text += c.text
                if logical[i].script == commonScript, let s = c.script { logical[i].script = s }
            } else {
                logical.append(Run(text: c.text, font: font, level: level, script: c.script ?? commonScript))
            }
        }
        return visualOrder(logical)
    }

    /// L2: from the highest level down to the lowest odd one, reverse every stretch of runs at
    /// that level or above. A right-to-left run's own glyphs are already in visual order.
    static func visualOrder(_ runs: [Run]) -> [Run] {
        guard let highest = runs.map(\.level).max(), highest > 0 else { return runs }
        let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest
        var out = runs
        var level = highest
        while level >= max(1, min(lowestOdd, highest)) {
            var i = 0
            while i < out.count {
                guard out[i].level >= level else { i += 1; continue }
                var j = i
                while j < out.count && out[j].level >= level { j += 1 }
                out[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return out
    }

    static func bidiClass(_ s: Unicode.Scalar) -> BidiClass {
        let v = s.value
        // Arabic-Indic and extended Arabic-Indic digits: numbers, kept left to right.
        if (0x0660...0x0669).contains(v) || (0x06F0...0x06F9).contains(v) { return .number }
        if isRightToLeft(v) { return s.properties.generalCategory == .spaceSeparator ? .neutral : .right }
        switch s.properties.generalCategory {
        case .decimalNumber: return .number
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
             .letterNumber:
            return .left
        default: return .neutral
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo and the other right-to-left blocks.
    static func isRightToLeft(_ v: UInt32) -> Bool {
        (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
            || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v)
    }

    /// The script of a letter, as HarfBuzz's ISO 15924 name; nil for common characters (spaces,
    /// digits, punctuation, symbols) and for Latin, which keeps the default shaping it always
    /// had. Han, Hiragana and Katakana count as one, so Japanese text stays one run.
    static func script(of s: Unicode.Scalar) -> String? {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .letterNumber:
            break
        default:
            return nil
        }
        let v = s.value
        return scripts.first { $0.0.contains(v) }?.1
    }

    private static let scripts: [(ClosedRange<UInt32>, String)] = [
            (0x0370...0x03FF, "Grek"), (0x0400...0x052F, "Cyrl"),
            (0x0530...0x058F, "Armn"), (0x0590...0x05FF, "Hebr"), (0x0600...0x06FF, "Arab"),
            (0x0700...0x074F, "Syrc"), (0x0750...0x077F, "Arab"), (0x0780...0x07BF, "Thaa"),
            (0x08A0...0x08FF, "Arab"), (0x0900...0x097F, "Deva"), (0x0980...0x09FF, "Beng"),
            (0x0A00...0x0A7F, "Guru"), (0x0A80...0x0AFF, "Gujr"), (0x0B00...0x0B7F, "Orya"),
            (0x0B80...0x0BFF, "Taml"), (0x0C00...0x0C7F, "Telu"), (0x0C80...0x0CFF, "Knda"),
            (0x0D00...0x0D7F, "Mlym"), (0x0D80...0x0DFF, "Sinh"), (0x0E00...0x0E7F, "Thai"),
            (0x0E80...0x0EFF, "Laoo"), (0x0F00...0x0FFF, "Tibt"), (0x1000...0x109F, "Mymr"),
            (0x10A0...0x10FF, "Geor"), (0x1100...0x11FF, "Hang"), (0x1780...0x17FF, "Khmr"),
            (0x1F00...0x1FFF, "Grek"), (0x3040...0x30FF, "Hani"),
            (0x3130...0x318F, "Hang"), (0x3400...0x4DBF, "Hani"), (0x4E00...0x9FFF, "Hani"),
            (0xA960...0xA97F, "Hang"), (0xAC00...0xD7AF, "Hang"), (0xF900...0xFAFF, "Hani"),
            (0xFB1D...0xFB4F, "Hebr"), (0xFB50...0xFDFF, "Arab"), (0xFE70...0xFEFF, "Arab"),
            (0xFF66...0xFF9F, "Hani"), (0x20000...0x3134F, "Hani"),
        ]
}
