import CollectionKit

extension TextMeasurer {
    /// Where each character of a line sits as SDL_ttf draws it: the line in ICU's visual order
    /// (the same bidirectional levels the renderer's runs come from), each run of one direction
    /// measured whole and its characters placed by the widths of their prefixes within the run
    /// (from the run's right end when it runs right to left). Measured, drawn and caret positions
    /// therefore come from one shaping of the same runs.
    public func lineGeometry(of text: String, style: TextStyle) -> TextLineGeometry {
        let chars = Array(text)
        guard !chars.isEmpty else { return TextLineGeometry(leftToRightEnds: []) }
        guard let bidi = UnicodeText.bidiLine(text), bidi.levels.contains(where: { $0 % 2 == 1 }) else {
            return leftToRight(chars, style: style)
        }
        // Per character: its first unit, its level, and where that unit is drawn.
        var firstUnit: [Int] = [], unit = 0
        for c in chars { firstUnit.append(unit); unit += c.utf16.count }
        var visualOfUnit = [Int](repeating: 0, count: bidi.visualMap.count)
        for (v, l) in bidi.visualMap.enumerated() where l >= 0 && l < visualOfUnit.count { visualOfUnit[l] = v }
        let level = firstUnit.map { Int(bidi.levels[$0]) }
        let order = chars.indices.sorted { visualOfUnit[firstUnit[$0]] < visualOfUnit[firstUnit[$1]] }
        var left = [Double](repeating: 0, count: chars.count), right = left
        var x = 0.0, v = 0
        while v < order.count {
            // A run: consecutive characters as drawn, of one level, consecutive in logical order.
            let rtl = level[order[v]] % 2 == 1
            var w = v + 1
            while w < order.count, level[order[w]] == level[order[v]], order[w] == order[w - 1] + (rtl ? -1 : 1) { w += 1 }
            let lo = rtl ? order[w - 1] : order[v], hi = rtl ? order[v] : order[w - 1]
            let runWidth = width(of: String(chars[lo...hi]), style: style)
            // A long run adds its characters' widths up (scaled to the run's): measuring every
            // prefix of it would cost the square of its length.
            let long = hi - lo >= TextMeasurer.prefixMeasuringLimit
            var scale = 1.0
            if long {
                let sum = chars[lo...hi].reduce(0.0) { $0 + width(of: String($1), style: style) }
                scale = sum > 0 ? runWidth / sum : 1
            }
            var prefix = "", before = 0.0
            for k in lo...hi {
                let through: Double
                if k == hi { through = runWidth } else if long { through = before + width(of: String(chars[k]), style: style) * scale } else {
                    prefix.append(chars[k])
                    through = width(of: prefix, style: style)
                }
                if rtl { right[k] = x + runWidth - before; left[k] = x + runWidth - through } else { left[k] = x + before; right[k] = x + through }
                before = through
            }
            x += runWidth
            v = w
        }
        return TextLineGeometry(left: left, right: right, rightToLeft: level.map { $0 % 2 == 1 }, visualOrder: order, width: x,
                                isRightToLeft: bidi.rightToLeft)
    }

    /// The longest run whose characters are placed by measuring each prefix; longer ones add
    /// their characters' widths up, so a line's geometry costs O(its length).
    static let prefixMeasuringLimit = 400

    /// A line with no right-to-left letters: each character ends at its prefix's width. A long
    /// line adds its characters' widths up instead, as measuring every prefix would cost the
    /// square of its length.
    private func leftToRight(_ chars: [Character], style: TextStyle) -> TextLineGeometry {
        var ends: [Double] = []
        ends.reserveCapacity(chars.count)
        if chars.count <= TextMeasurer.prefixMeasuringLimit {
            var prefix = ""
            for c in chars { prefix.append(c); ends.append(width(of: prefix, style: style)) }
        } else {
            var x = 0.0
            for c in chars { x += width(of: String(c), style: style); ends.append(x) }
        }
        return TextLineGeometry(leftToRightEnds: ends)
    }
}
