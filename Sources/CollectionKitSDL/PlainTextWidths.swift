import CSDL2TTF

/// Widths of plain text (printable ASCII) in one UI font at one pixel size, added up a glyph at a
/// time instead of shaped string by string: exactly the width SDL_ttf gives the string, and so
/// the width of the texture it draws, for about a twentieth of the cost.
///
/// SDL_ttf (with HarfBuzz) puts each glyph at the sum of the shaped advances before it (26.6
/// fixed point) and makes a string as wide as the union of its glyphs' boxes, each at the floor
/// of its pen position, and of the pen's end. For plain text in a font with no contextual forms,
/// a glyph's shaped advance depends only on it and on the glyph after it (pair kerning). So the
/// table keeps, per character, its box (from SDL_ttf itself) and its advance alone, and per pair
/// of characters the first one's advance before the second, shaped once by HarfBuzz on a face
/// of its own set up as SDL_ttf sets up its fonts. A pair that does not shape as two plain glyphs
/// (a ligature, a contextual form) sends the string back to whole-string shaping.
///
/// Made only for a font that passes a check: sample strings must measure the same both ways.
final class PlainTextWidths {
    /// Printable ASCII, 0x20..<0x7F.
    private static let first: UInt8 = 0x20
    private static let count = 95
    /// A pair's advance not shaped yet, and one that cannot be added up.
    private static let unknown = Int32.min + 1
    private static let complex = Int32.min

    private let font: OpaquePointer
    /// Per character: its advance (26.6) when nothing follows, its box's left and right edges.
    private let advance: UnsafeMutablePointer<Int32>
    private let left: UnsafeMutablePointer<Int32>
    private let right: UnsafeMutablePointer<Int32>
    /// Per pair `a * count + b`: `a`'s advance (26.6) before `b`, shaped on first use.
    private let pairs: UnsafeMutablePointer<Int32>

    /// The table for `ttf` (an SDL_ttf font opened from `bytes` at `pixelSize`, light hinting), or
    /// nil when the font's plain text cannot be added up glyph by glyph. `sizeOfText` is SDL_ttf's
    /// own measurement, for the check.
    init?(bytes: UnsafeRawPointer, count: Int, pixelSize: Int, ttf: OpaquePointer, sizeOfText: (String) -> Int32) {
        guard let font = ck_shaping_font(bytes, count, Int32(pixelSize)) else { return nil }
        self.font = font
        let n = PlainTextWidths.count
        advance = .allocate(capacity: n); left = .allocate(capacity: n); right = .allocate(capacity: n)
        pairs = .allocate(capacity: n * n)
        pairs.initialize(repeating: PlainTextWidths.unknown, count: n * n)
        var usable = true
        for i in 0..<n {
            let c = PlainTextWidths.first + UInt8(i)
            var minX: Int32 = 0, maxX: Int32 = 0
            advance[i] = ck_shaped_advance(font, c, 0)
            if TTF_GlyphMetrics32(ttf, UInt32(c), &minX, &maxX, nil, nil, nil) != 0 || advance[i] == PlainTextWidths.complex {
                usable = false
            }
            left[i] = minX; right[i] = maxX
        }
        // A sample with a ligature is shaped whole (nil) and so cannot disagree.
        guard usable, PlainTextWidths.samples.allSatisfy({ sample in width(of: sample).map { $0 == sizeOfText(sample) } ?? true })
        else { return nil }
    }

    deinit {
        hb_font_destroy(font)
        advance.deallocate(); left.deallocate(); right.deallocate(); pairs.deallocate()
    }

    /// Strings checked against SDL_ttf before a table is trusted: letters, digits, punctuation and
    /// spaces in the pairs real labels have, and the characters whose boxes reach past their
    /// advances (italic-like overhangs, a leading space).
    static let samples = [
        "The quick brown fox jumps over the lazy dog.", "AVATAR Wave Type LT ff fi fl ffi office",
        "Hello, World! (1,234.56) 'quoted' \"double\" -- #tag @user 50% & co.",
        " j_y/\\|{[()]}~`^ ", "1st 2nd 3rd 4th: 10:45 -> 11:30; a+b=c*d<e>f?",
        "WWW.iiii.llll.MMMM.mmmm", "To Ty Yo P. F, L' r. y, w. v.",
    ]

    /// The width in pixels SDL_ttf gives `text`, or nil when it is not plain text this table can
    /// add up (then it has to be shaped whole).
    func width(of text: String) -> Int32? {
        if let known = text.utf8.withContiguousStorageIfAvailable({ width(ofBytes: $0) }) { return known }
        return width(ofBytes: Array(text.utf8))
    }

    private func width<Bytes: Collection<UInt8>>(ofBytes bytes: Bytes) -> Int32? {
        let n = PlainTextWidths.count
        // 64 bits: a long line's pen (26.6 fixed point) passes 2^31 after a few million glyphs.
        var x: Int64 = 0, minX: Int64 = 0, maxX: Int64 = 0
        var previous = -1
        for byte in bytes {
            let c = Int(byte) &- Int(PlainTextWidths.first)
            guard c >= 0 && c < n else { return nil }
            if previous >= 0 {
                var a = pairs[previous * n + c]
                if a == PlainTextWidths.unknown {
                    a = ck_shaped_advance(font, PlainTextWidths.first + UInt8(previous), byte)
                    pairs[previous * n + c] = a
                }
                if a == PlainTextWidths.complex { return nil }
                x += Int64(a)
            }
            // SDL_ttf's FT_FLOOR: whole pixels, rounded down.
            let pen = x >> 6
            minX = min(minX, pen + Int64(left[c]))
            maxX = max(maxX, pen + Int64(right[c]))
            previous = c
        }
        guard previous >= 0 else { return 0 }
        x += Int64(advance[previous])
        maxX = max(maxX, x >> 6)
        return Int32(clamping: maxX - minX)
    }
}
