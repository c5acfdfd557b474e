/// How a paragraph is set: its font, how many lines it may take, where lines sit, how far apart.
public struct ParagraphStyle: Hashable, Sendable {
    /// The font of every line.
    public var text: TextStyle
    /// The most lines shown; the last one ends with an ellipsis when text remains. 0: no limit.
    public var maximumLines: Int
    /// Where each line sits across the paragraph's width.
    public var alignment: TextAlignment
    /// The distance from one line to the next, as a multiple of the font's line height.
    public var lineSpacing: Double
    /// Creates a style: no line limit, leading alignment and the font's own line height by default.
    public init(text: TextStyle, maximumLines: Int = 0, alignment: TextAlignment = .leading, lineSpacing: Double = 1) {
        self.text = text; self.maximumLines = maximumLines; self.alignment = alignment; self.lineSpacing = lineSpacing
    }
}

/// One line of a wrapped paragraph.
public struct ParagraphLine: Equatable, Sendable {
    /// The line's characters, without the spaces or newline it broke at (and with an ellipsis
    /// when the paragraph was cut there).
    public var text: String
    /// Its width in points, as the measurer gives it.
    public var width: Double
    public init(text: String, width: Double) { self.text = text; self.width = width }
}

/// A paragraph wrapped to a width: its lines, and the size they take.
public struct ParagraphLayout: Equatable, Sendable {
    /// The lines, top to bottom.
    public var lines: [ParagraphLine]
    /// The distance from one line's top to the next one's, in points.
    public var linePitch: Double
    /// True when text was left out (the line limit was reached) and the last line ends with "…".
    public var truncated: Bool
    /// The height the lines take: one pitch per line.
    public var height: Double { Double(lines.count) * linePitch }
    /// The widest line's width.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    public init(lines: [ParagraphLine], linePitch: Double, truncated: Bool) {
        self.lines = lines; self.linePitch = linePitch; self.truncated = truncated
    }

    /// Wraps `text` to `width` points: each line ends at the last break opportunity whose line
    /// still fits (spaces at a line's end do not count), a mandatory break always ends one, and a
    /// word wider than the whole width is cut between characters. With a line limit, the last
    /// line keeps what fits of the rest followed by "…".
    ///
    /// `breaks` come from ``TextMeasuring/lineBreaks(in:)`` and `measure` gives a single line's
    /// width. Each line measures the candidates up to the first that does not fit, so the cost is
    /// about (words per line)² characters per line; widths are the measurer's to cache. Nothing
    /// longer than ``longestLine(width:)`` scalars is measured (it is taken not to fit), so the
    /// whole costs O(text length), however long the text or its words: a 10 MB paragraph with
    /// no break in it is cut into lines in time linear in its length.
    ///
    /// ```swift
    /// // "one two three" at a width that holds "one two" but not "one two three":
    /// // lines ["one two", "three"]
    /// ```
    public static func wrap(_ text: String, style: ParagraphStyle, width: Double, breaks: [LineBreak],
                            lineHeight: Double, measure: (String) -> Double) -> ParagraphLayout {
        wrap(text, continues: false, style: style, width: width, breaks: breaks, lineHeight: lineHeight, measure: measure)
    }

    /// The start of `text` that a paragraph of `style` at `width` can show, and true when the
    /// text goes on past it: with a line limit, no more than the limit's lines of
    /// ``longestLine(width:)`` scalars each can be shown, so a 10 MB title on a card of three
    /// lines costs three lines' work. Without a limit, the whole text. O(what it returns).
    public static func shownStart(of text: String, style: ParagraphStyle, width: Double) -> (String, Bool) {
        guard style.maximumLines > 0 else { return (text, false) }
        let (bound, overflow) = style.maximumLines.multipliedReportingOverflow(by: longestLine(width: width))
        guard !overflow, text.utf8.count > bound else { return (text, false) }
        let scalars = text.unicodeScalars.prefix(bound + 1)
        guard scalars.endIndex != text.unicodeScalars.endIndex else { return (text, false) }
        return (String(String.UnicodeScalarView(scalars)), true)
    }

    /// ``wrap(_:style:width:breaks:lineHeight:measure:)`` of the start of a longer text when
    /// `continues`: the last line then always ends with "…". `breaks` are `text`'s own.
    public static func wrap(_ text: String, continues: Bool, style: ParagraphStyle, width: Double, breaks: [LineBreak],
                            lineHeight: Double, measure: (String) -> Double) -> ParagraphLayout {
        let scalars = ScalarText(text)
        let pitch = lineHeight * style.lineSpacing
        var lines: [ParagraphLine] = []
        var start = 0, next = 0
        let limit = style.maximumLines > 0 ? style.maximumLines : Int.max
        let fits = { (w: Double) in w <= width + 0.001 }
        let bound = longestLine(width: width)
        while start < scalars.count {
            while next < breaks.count && breaks[next].offset <= start { next += 1 }
            if lines.count == limit - 1 {
                if !continues, scalars.trimmedEnd(start, scalars.count) - start <= bound {
                    let rest = scalars.trimmed(start, scalars.count)
                    let restWidth = measure(rest)
                    if fits(restWidth) && !rest.contains("\n") {
                        lines.append(ParagraphLine(text: rest, width: restWidth))
                        return ParagraphLayout(lines: lines, linePitch: pitch, truncated: false)
                    }
                }
                // Only the last line: does the paragraph end at its first mandatory break?
                if !continues,
                   let endOfLine = lastFitting(scalars, from: start, breaks: breaks[next...], bound: bound, fits: fits, measure: measure),
                   endOfLine.end == scalars.count || (endOfLine.mandatory && scalars.onlySpace(from: endOfLine.end)) {
                    lines.append(ParagraphLine(text: endOfLine.text, width: endOfLine.width))
                    return ParagraphLayout(lines: lines, linePitch: pitch, truncated: false)
                }
                let cut = ellipsized(scalars.string(start, min(scalars.count, start + bound)), fits: fits, measure: measure)
                lines.append(cut)
                return ParagraphLayout(lines: lines, linePitch: pitch, truncated: true)
            }
            if let line = lastFitting(scalars, from: start, breaks: breaks[next...], bound: bound, fits: fits, measure: measure) {
                lines.append(ParagraphLine(text: line.text, width: line.width))
                start = line.end
            } else {
                // A word wider than the paragraph: as many characters as fit, at least one.
                let end = min(breaks[next...].first?.offset ?? scalars.count, start + bound)
                let piece = longestFittingPrefix(scalars.string(start, end), fits: fits, measure: measure)
                lines.append(piece.line)
                start += piece.scalarCount
            }
        }
        return ParagraphLayout(lines: lines, linePitch: pitch, truncated: false)
    }

    /// The text with an index per unicode scalar, so that a piece between two scalar offsets is
    /// one copy of its UTF-8 (building it scalar by scalar was most of the cost of wrapping).
    private struct ScalarText {
        let text: String
        /// Where each scalar starts, and the end.
        let starts: [String.Index]
        /// Per scalar, true for white space (a line's end drops it).
        let isSpace: [Bool]
        var count: Int { isSpace.count }

        init(_ text: String) {
            self.text = text
            var starts: [String.Index] = [], isSpace: [Bool] = []
            let view = text.unicodeScalars
            var i = view.startIndex
            while i < view.endIndex {
                starts.append(i)
                let v = view[i].value
                // ASCII answered at once; other scalars by their Unicode property.
                isSpace.append(v < 0x80 ? (v == 0x20 || (v >= 0x09 && v <= 0x0D)) : view[i].properties.isWhitespace)
                view.formIndex(after: &i)
            }
            starts.append(view.endIndex)
            self.starts = starts; self.isSpace = isSpace
        }

        /// The scalars from offset `a` to `b`.
        func string(_ a: Int, _ b: Int) -> String {
            String(Substring(text.unicodeScalars[starts[a]..<starts[b]]))
        }

        /// The scalars from `a` to `b` without the spaces and newlines they end with.
        func trimmed(_ a: Int, _ b: Int) -> String { string(a, trimmedEnd(a, b)) }

        /// Where the scalars from `a` to `b` end without the spaces and newlines they end with.
        func trimmedEnd(_ a: Int, _ b: Int) -> Int {
            var end = b
            while end > a && isSpace[end - 1] { end -= 1 }
            return end
        }

        func onlySpace(from offset: Int) -> Bool { isSpace[offset...].allSatisfy { $0 } }
    }

    private struct Candidate { var text: String; var width: Double; var end: Int; var mandatory: Bool }

    /// The line from `start` to the furthest break that fits, stopping at a mandatory break.
    ///
    /// Widths of whole lines are dear (each is a shaping pass), widths of the pieces between
    /// breaks are cheap (words repeat, and the measurer caches them). So the break is guessed
    /// from the pieces' widths added up, then confirmed by measuring the line itself, stepping
    /// back while it does not fit and on while the next one might (kerning and shaping make the
    /// sum a close guess, not the answer): one or two whole-line measurements a line.
    private static func lastFitting(_ scalars: ScalarText, from start: Int, breaks: ArraySlice<LineBreak>, bound: Int,
                                    fits: (Double) -> Bool, measure: (String) -> Double) -> Candidate? {
        var ends: [LineBreak] = []
        var estimates: [Double] = []
        var guess = -1
        var sum = 0.0, pieceStart = start
        for b in breaks {
            // A line longer than the bound is not measured: it does not fit.
            let end = scalars.trimmedEnd(pieceStart, b.offset)
            let estimate = end - start > bound ? .infinity : sum + measure(scalars.string(pieceStart, end))
            ends.append(b)
            estimates.append(estimate)
            if fits(estimate) { guess = ends.count - 1 }
            if b.mandatory || !fits(estimate) { break }
            sum += b.offset - start > bound ? .infinity : measure(scalars.string(pieceStart, b.offset))
            pieceStart = b.offset
        }
        guard !ends.isEmpty else { return nil }
        func line(_ i: Int) -> Candidate {
            let end = scalars.trimmedEnd(start, ends[i].offset)
            guard end - start <= bound else {
                return Candidate(text: "", width: .infinity, end: ends[i].offset, mandatory: ends[i].mandatory)
            }
            let text = scalars.string(start, end)
            return Candidate(text: text, width: measure(text), end: ends[i].offset, mandatory: ends[i].mandatory)
        }
        var i = max(0, guess)
        var best = line(i)
        while !fits(best.width) {
            guard i > 0 else { return nil }
            i -= 1
            best = line(i)
        }
        while i + 1 < ends.count && !ends[i].mandatory {
            // A next line whose pieces add up well past the width (more than a point a piece,
            // their rounding, and 2% for kerning) cannot fit: no need to shape it to know.
            if !fits(estimates[i + 1] - Double(i + 2) - 0.02 * estimates[i + 1]) { break }
            let next = line(i + 1)
            guard fits(next.width) else { break }
            i += 1
            best = next
        }
        return best
    }

    /// The most scalars a line `width` points wide is taken to hold: eight a point, and 256 more,
    /// far past any real text (a Zalgo letter has a dozen marks; a 6-point glyph is wider than a
    /// point). Longer stretches are taken not to fit without being measured.
    public static func longestLine(width: Double) -> Int {
        guard width.isFinite else { return Int.max / 2 }
        return Int(min(max(0, width), 1e9) * 8) + 256
    }

    /// The longest prefix of `count` characters for which `fitsPrefix` holds (at least `least`),
    /// found by doubling and then halving: O(L log L) characters measured for an answer of L,
    /// whatever the number of characters offered.
    static func longestPrefix(count: Int, least: Int, fitsPrefix: (Int) -> Bool) -> Int {
        var lo = min(least, count), hi = count
        var step = max(8, lo)
        // Doubling: find a prefix that does not fit (or the end).
        while lo < hi {
            let probe = min(hi, lo + step)
            if fitsPrefix(probe) { lo = probe; step *= 2 } else { hi = probe - 1; break }
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fitsPrefix(mid) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The most whole characters of `text` that fit (at least one).
    private static func longestFittingPrefix(_ text: String, fits: (Double) -> Bool,
                                             measure: (String) -> Double) -> (line: ParagraphLine, scalarCount: Int) {
        let characters = Array(text)
        let lo = longestPrefix(count: characters.count, least: 1) { fits(measure(String(characters[..<$0]))) }
        let text = String(characters[..<lo])
        return (ParagraphLine(text: text, width: measure(text)), text.unicodeScalars.count)
    }

    /// The longest start of `text` (on one line: a newline ends it) that fits with "…" after it,
    /// ending at a word's end unless the first word alone is wider than the line.
    private static func ellipsized(_ text: String, fits: (Double) -> Bool, measure: (String) -> Double) -> ParagraphLine {
        let characters = Array(text.prefix { !$0.isNewline })
        func candidate(_ n: Int) -> String {
            var s = String(characters[..<n])
            while let last = s.last, last.isWhitespace { s.removeLast() }
            return s + "…"
        }
        let lo = longestPrefix(count: characters.count, least: 0) { fits(measure(candidate($0))) }
        let line = candidate(wordBoundaryCut(characters, fitting: lo))
        return ParagraphLine(text: line, width: measure(line))
    }

    /// Where a cut of `characters` that keeps `n` of them belongs: at `n` when that is the end or
    /// a word's end, else back at the end of the last whole word that fits, so that an ellipsis
    /// follows a word ("Draft the…", not "Draft the mi…"). A first word wider than the line has no
    /// earlier end and is cut between characters.
    static func wordBoundaryCut(_ characters: [Character], fitting n: Int) -> Int {
        guard n > 0, n < characters.count, !characters[n].isWhitespace, !characters[n - 1].isWhitespace else { return n }
        var end = n - 1
        while end > 0 && !characters[end].isWhitespace { end -= 1 }
        while end > 0 && characters[end - 1].isWhitespace { end -= 1 }
        return end > 0 ? end : n
    }
}
