/// Where each character of one line of text sits as it is drawn: what a text field needs to put
/// its caret, turn a click into a position and paint a selection, in exact agreement with the
/// drawn line.
///
/// Characters are user-perceived characters (Swift `Character`s, grapheme clusters), indexed in
/// logical (typing) order. Edges are in points from the line's left end. In bidirectional text
/// the characters are drawn in visual order (``visualOrder``): a right-to-left run's first
/// character sits at the run's right end.
///
/// ```swift
/// let g = measurer.lineGeometry(of: "abc אבג", style: TextStyle(size: 15))
/// g.caretX(at: 4)                        // the leading (right) edge of א
/// g.offset(movedFrom: 3, right: true)    // 7: from the space into the Hebrew run's left end
/// ```
public struct TextLineGeometry: Equatable, Sendable {
    /// Per character, logical order: its left edge.
    public var left: [Double]
    /// Per character, logical order: its right edge.
    public var right: [Double]
    /// Per character: true when it is laid out right to left.
    public var rightToLeft: [Bool]
    /// The characters' logical indices from left to right as drawn.
    public var visualOrder: [Int]
    /// The line's width as measured.
    public var width: Double
    /// True when the line's own direction (its first strong letter's) is right to left.
    public var isRightToLeft: Bool

    public init(left: [Double], right: [Double], rightToLeft: [Bool], visualOrder: [Int], width: Double, isRightToLeft: Bool) {
        self.left = left; self.right = right; self.rightToLeft = rightToLeft
        self.visualOrder = visualOrder; self.width = width; self.isRightToLeft = isRightToLeft
    }

    /// A left-to-right line whose characters end at `ends` (the width of each prefix).
    public init(leftToRightEnds ends: [Double]) {
        var left: [Double] = [], x = 0.0
        for e in ends { left.append(x); x = e }
        self.init(left: left, right: ends, rightToLeft: ends.map { _ in false }, visualOrder: Array(ends.indices),
                  width: ends.last ?? 0, isRightToLeft: false)
    }

    /// The number of characters.
    public var count: Int { left.count }

    /// The caret's x before character `offset` (0...count): the leading edge of that character
    /// (its right edge when it runs right to left), and after the last one its trailing edge.
    public func caretX(at offset: Int) -> Double {
        guard count > 0 else { return isRightToLeft ? width : 0 }
        if offset < count { let i = max(0, offset); return rightToLeft[i] ? right[i] : left[i] }
        let last = count - 1
        return rightToLeft[last] ? left[last] : right[last]
    }

    /// The caret places from left to right as drawn: between each two characters in visual order
    /// and at both ends, each with the logical offset a caret there has. An offset can appear
    /// twice where the direction changes. O(count).
    public var visualStops: [(x: Double, offset: Int)] {
        guard count > 0 else { return [(isRightToLeft ? width : 0, 0)] }
        var stops: [(Double, Int)] = []
        stops.reserveCapacity(count + 1)
        for c in visualOrder { stops.append((left[c], rightToLeft[c] ? c + 1 : c)) }
        let last = visualOrder[count - 1]
        stops.append((right[last], rightToLeft[last] ? last : last + 1))
        return stops
    }

    /// The offset one place to the right (or left) of `offset` as the line is drawn: arrows move
    /// the caret visually, across a right-to-left run in the direction of the arrow. Stays at the
    /// line's end. O(count).
    public func offset(movedFrom offset: Int, right toRight: Bool) -> Int {
        stop(movedFrom: offset, at: nil, right: toRight).offset
    }

    /// The caret place one step to the right (or left) of the caret at `offset` drawn at `x`.
    /// Where the direction changes one offset has two places on screen (the end of one run and
    /// the start of the next); `x` says which of them the caret is at, so that stepping through a
    /// line visits every place once. Nil `x`: where ``caretX(at:)`` puts it.
    public func stop(movedFrom offset: Int, at x: Double?, right toRight: Bool) -> (x: Double, offset: Int) {
        let stops = visualStops
        let x = x ?? caretX(at: offset)
        let here = stops.indices.filter { stops[$0].offset == offset }
        guard var i = here.min(by: { abs(stops[$0].x - x) < abs(stops[$1].x - x) }) else { return (caretX(at: offset), offset) }
        let start = i
        while true {
            i += toRight ? 1 : -1
            guard stops.indices.contains(i) else { return stops[start] }
            if stops[i].offset != offset || abs(stops[i].x - stops[start].x) > 0.5 { return stops[i] }
        }
    }

    /// The caret's x at `offset`, at the place nearest `preferred` when the offset has two.
    public func caretX(at offset: Int, preferring preferred: Double?) -> Double {
        guard let preferred else { return caretX(at: offset) }
        let xs = visualStops.filter { $0.offset == offset }.map(\.x)
        return xs.min(by: { abs($0 - preferred) < abs($1 - preferred) }) ?? caretX(at: offset)
    }

    /// The offset at the end of the line a Home (`start` true) or End key reaches: its left or
    /// right end as drawn.
    public func edgeOffset(leftEnd: Bool) -> Int {
        let stops = visualStops
        return leftEnd ? stops.first!.offset : stops.last!.offset
    }

    /// The caret offset nearest `x`: the near edge of the character under it. O(count).
    public func offset(atX x: Double) -> Int {
        let stops = visualStops
        guard count > 0 else { return 0 }
        if x <= stops.first!.x { return stops.first!.offset }
        for c in visualOrder where x < right[c] {
            let nearLeft = x < (left[c] + right[c]) / 2
            return nearLeft == !rightToLeft[c] ? c : c + 1
        }
        return stops.last!.offset
    }

    /// The stretches (left, right) that show the characters from `lower` to `upper` (logical
    /// offsets) as selected: the characters in that logical range, merged where they touch on
    /// screen, left to right. A selection across a direction change shows as several stretches.
    public func selectionSpans(_ lower: Int, _ upper: Int) -> [(Double, Double)] {
        let a = max(0, lower), b = min(count, upper)
        guard a < b else { return [] }
        var spans: [(Double, Double)] = []
        for c in visualOrder where c >= a && c < b {
            if let last = spans.last, abs(last.1 - left[c]) < 0.5 { spans[spans.count - 1].1 = right[c] } else { spans.append((left[c], right[c])) }
        }
        return spans
    }

    public static func == (a: TextLineGeometry, b: TextLineGeometry) -> Bool {
        a.left == b.left && a.right == b.right && a.rightToLeft == b.rightToLeft && a.visualOrder == b.visualOrder
            && a.width == b.width && a.isRightToLeft == b.isRightToLeft
    }
}

extension TextMeasuring {
    /// Left to right, from the widths of the line's prefixes (short lines) or its characters
    /// added up (long ones, where measuring every prefix would cost the square of the length).
    /// A backend that shapes bidirectional text answers with its own (CollectionKitSDL's does).
    public func lineGeometry(of text: String, style: TextStyle) -> TextLineGeometry {
        let characters = Array(text)
        var ends: [Double] = []
        ends.reserveCapacity(characters.count)
        if characters.count <= 200 {
            var prefix = ""
            for c in characters { prefix.append(c); ends.append(width(of: prefix, style: style)) }
        } else {
            var widths: [Character: Double] = [:], x = 0.0
            for c in characters {
                let w = widths[c] ?? width(of: String(c), style: style)
                widths[c] = w
                x += w
                ends.append(x)
            }
        }
        return TextLineGeometry(leftToRightEnds: ends)
    }
}
