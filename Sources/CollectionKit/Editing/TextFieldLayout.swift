/// The lines a text field shows: its text (with any input-method composition in place) broken
/// into lines where it has line breaks and, in a multi-line field, wrapped at Unicode's break
/// opportunities to the field's width, with the same measurer the labels use.
struct TextFieldLayout {
    /// One line: the characters from `start` to `end` (a line break after `end` is not part of it).
    struct Line: Equatable {
        var start: Int
        var end: Int
        var text: String
    }

    let characters: [Character]
    let lines: [Line]
    let lineHeight: Double
    let style: TextStyle
    /// The width lines wrap at; nil for a one-line field (hard breaks only).
    let wrapWidth: Double?
    private let measurer: any TextMeasuring
    /// Geometry per line text, made when a line is first drawn or hit.
    private var geometries: [String: TextLineGeometry]

    /// `previous` lends the geometry of lines that did not change (typing changes one line).
    init(text: [Character], style: TextStyle, wrapWidth: Double?, measurer: any TextMeasuring, previous: TextFieldLayout?) {
        characters = text
        self.style = style
        self.wrapWidth = wrapWidth
        self.measurer = measurer
        lineHeight = measurer.lineHeight(style: style)
        lines = TextFieldLayout.breakLines(text, style: style, wrapWidth: wrapWidth, measurer: measurer)
        var kept: [String: TextLineGeometry] = [:]
        if let previous { for l in lines { if let g = previous.geometries[l.text] { kept[l.text] = g } } }
        geometries = kept
    }

    /// The geometry of line `i`.
    mutating func geometry(_ i: Int) -> TextLineGeometry {
        let text = lines[i].text
        if let g = geometries[text] { return g }
        let g = measurer.lineGeometry(of: text, style: style)
        geometries[text] = g
        return g
    }

    /// The line a caret at `offset` is on: a caret at a wrapped line's end goes to the start of
    /// the next line, as in every editor.
    func lineIndex(of offset: Int) -> Int {
        var lo = 0, hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines[mid].start <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The widest line, for a one-line field's scrolling.
    var contentHeight: Double { Double(lines.count) * lineHeight }

    private static func breakLines(_ chars: [Character], style: TextStyle, wrapWidth: Double?, measurer: any TextMeasuring) -> [Line] {
        var lines: [Line] = []
        var start = 0
        let n = chars.count
        func line(_ a: Int, _ b: Int) -> Line { Line(start: a, end: b, text: String(chars[a..<b])) }
        guard let width = wrapWidth else {
            // Hard breaks only.
            for (i, c) in chars.enumerated() where c == "\n" { lines.append(line(start, i)); start = i + 1 }
            lines.append(line(start, n))
            return lines
        }
        let text = String(chars)
        // Break opportunities in characters (the measurer gives them in unicode scalars).
        var scalarToChar: [Int: Int] = [:]
        var scalar = 0
        for (i, c) in chars.enumerated() { scalarToChar[scalar] = i; scalar += c.unicodeScalars.count }
        scalarToChar[scalar] = n
        let breaks = measurer.lineBreaks(in: text).compactMap { b in scalarToChar[b.offset].map { (offset: $0, mandatory: b.mandatory || (($0 > 0) && chars[$0 - 1] == "\n")) } }
        var next = 0
        func trimmedEnd(_ a: Int, _ b: Int) -> Int { var e = b; while e > a, chars[e - 1].isWhitespace { e -= 1 }; return e }
        // No line longer than a paragraph's bound is measured (it does not fit): a pasted word of
        // megabytes costs each line its own length, not the rest of the word.
        let bound = ParagraphLayout.longestLine(width: width)
        func fits(_ a: Int, _ b: Int) -> Bool {
            let end = trimmedEnd(a, b)
            return end - a <= bound && measurer.width(of: String(chars[a..<end]), style: style) <= width + 0.001
        }
        while start < n {
            while next < breaks.count && breaks[next].offset <= start { next += 1 }
            var best: (offset: Int, mandatory: Bool)?
            var k = next
            while k < breaks.count {
                let b = breaks[k]
                guard fits(start, b.offset) else { break }
                best = b
                if b.mandatory { break }
                k += 1
            }
            if let b = best {
                let end = b.mandatory && b.offset > 0 && chars[b.offset - 1] == "\n" ? b.offset - 1 : b.offset
                lines.append(line(start, end))
                start = b.offset
                if b.mandatory && end < b.offset && start == n { lines.append(line(n, n)) }
            } else {
                // A word wider than the field: as many characters as fit, at least one.
                let limit = min(k < breaks.count ? breaks[k].offset : n, start + bound)
                let lo = start + ParagraphLayout.longestPrefix(count: limit - start, least: 1) { count in
                    measurer.width(of: String(chars[start..<(start + count)]), style: style) <= width + 0.001
                }
                let end = lo < limit || chars[lo - 1] != "\n" ? lo : lo - 1
                lines.append(line(start, end))
                start = lo
            }
        }
        if lines.isEmpty { lines.append(line(0, 0)) }
        return lines
    }
}
