import CSDL2TTF
import CollectionKit

/// The engine's `TextMeasuring`, answered by SDL_ttf: widths are the shaped widths of the runs
/// text is drawn in (HarfBuzz, the same fallback faces, the same pixel sizes), and line breaks
/// are ICU's. A canvas has one sharing its fonts (`HeadlessCanvas.measurer`,
/// `WindowCanvas.measurer`); `TextMeasurer(fonts:)` makes one before any canvas exists, for an
/// app that lays itself out first. Sizes are in points at a pixel scale of 1.
///
/// Plain text is measured a glyph at a time (`PlainTextWidths`), to the pixel what SDL_ttf
/// gives. Other widths, breaks and wrapped paragraphs are cached (each cache is emptied when it grows past
/// its bound, so memory stays flat however much text goes by).
public final class TextMeasurer: TextMeasuring {
    private let cache: TextCache
    private var widths: [WidthKey: Double] = [:]
    private var breaks: [String: [LineBreak]] = [:]
    private var paragraphs: [ParagraphKey: ParagraphLayout] = [:]
    private var lineHeights: [TextCache.FontKey: Double] = [:]

    /// Keys hash and compare their text by its UTF-8 bytes (`ExactText`).
    private struct WidthKey: Hashable {
        var text: String; var font: TextCache.FontKey
        static func == (a: WidthKey, b: WidthKey) -> Bool { a.font == b.font && ExactText.equal(a.text, b.text) }
        func hash(into h: inout Hasher) { ExactText.hash(text, into: &h); h.combine(font) }
    }
    /// With the text scale: a paragraph wrapped at another scale has other lines.
    private struct ParagraphKey: Hashable {
        var text: String; var continues: Bool; var style: ParagraphStyle; var width: Double; var textScale: Double
        static func == (a: ParagraphKey, b: ParagraphKey) -> Bool {
            a.continues == b.continues && a.style == b.style && a.width == b.width && a.textScale == b.textScale
                && ExactText.equal(a.text, b.text)
        }
        func hash(into h: inout Hasher) {
            ExactText.hash(text, into: &h); h.combine(continues); h.combine(style); h.combine(width); h.combine(textScale)
        }
    }

    /// The most entries a cache keeps before it starts again.
    static let cacheBound = 20_000

    /// UI fonts a measurer with fonts of its own keeps open: one for each of the two files.
    static let ownFontLimit = 2

    /// True for a measurer with fonts of its own, which it closes before SDL_ttf may quit.
    private let ownsFonts: Bool

    init(cache: TextCache) { self.cache = cache; ownsFonts = false }

    /// A measurer with fonts of its own, for laying out before a canvas is made. It starts SDL
    /// as a canvas would (`headless` as for `SDLSystem.start`) and, like a canvas, holds
    /// `SDLSystem.shutdown()` back until it is released.
    public init(fonts: (regular: String, bold: String), headless: Bool) throws {
        try SDLSystem.start(headless: headless)
        // Its plain text is added up from tables that need no font once made (`PlainTextWidths`);
        // the rest is shaped a string at a time and cached: one font a file, resized, will do.
        cache = TextCache(regular: fonts.regular, bold: fonts.bold, resizedFontLimit: TextMeasurer.ownFontLimit)
        ownsFonts = true
        SDLSystem.canvasOpened()
        TextMeasurer.withOwnFonts[ObjectIdentifier(self)] = WeakMeasurer(measurer: self)
    }

    deinit {
        guard ownsFonts else { return }
        TextMeasurer.withOwnFonts[ObjectIdentifier(self)] = nil
        cache.close()
        SDLSystem.canvasClosed()
    }

    private struct WeakMeasurer { weak var measurer: TextMeasurer? }
    /// The measurers with fonts of their own, which the window loop tells when it goes quiet.
    /// Used on the main thread only, as the measurers are.
    nonisolated(unsafe) private static var withOwnFonts: [ObjectIdentifier: WeakMeasurer] = [:]

    /// Closes the fonts of every measurer with fonts of its own; their tables of added-up widths
    /// and cached widths stay, and a font is opened again when next needed. Called by the window
    /// loop when it goes quiet, as it closes the fonts its last frame did not use: a measurer made
    /// before the canvas (a scene's, for its layout) measures no more at rest.
    static func closeOwnFontsAtRest() {
        for entry in withOwnFonts.values { entry.measurer?.cache.closeFontsKeepingTables() }
    }

    /// Fonts its cache holds open now (for tests of the bound).
    var openFontCount: Int { cache.openFontCount }
    /// UI fonts (not fallback faces) its cache holds open now.
    var openUIFontCount: Int { cache.openUIFontCount }
    /// Fonts its cache opened so far (for tests that count them).
    var fontsOpened: Int { cache.fontsOpened }
    /// Fonts its cache resized to another size so far (for tests that count them).
    var fontsResized: Int { cache.fontsResized }

    /// The pixel font a style is drawn with at a scale of 1 (as `DrawListRenderer` picks it).
    static func fontKey(_ style: TextStyle) -> TextCache.FontKey {
        TextCache.FontKey(pixelSize: Int(max(6, (style.size * Appearance.textScale).rounded())), bold: style.weight == .bold)
    }

    public func width(of text: String, style: TextStyle) -> Double {
        guard !text.isEmpty else { return 0 }
        let font = TextMeasurer.fontKey(style)
        if let added = cache.addedUpWidth(text, font) {
            // Adding up opens the font too; a measurer owning its fonts keeps few open.
            if ownsFonts { cache.closeLeastUsedFonts() }
            return Double(added)
        }
        let key = WidthKey(text: text, font: font)
        if let w = widths[key] { return w }
        if widths.count >= TextMeasurer.cacheBound { widths.removeAll(keepingCapacity: true) }
        let w = Double(cache.measure(text, key.font).0)
        // A canvas's cache closes fonts between frames; one of the measurer's own, here.
        if ownsFonts { cache.closeLeastUsedFonts() }
        widths[key] = w
        return w
    }

    public func lineHeight(style: TextStyle) -> Double {
        let key = TextMeasurer.fontKey(style)
        if let h = lineHeights[key] { return h }
        let h = cache.font(key).map { Double(TTF_FontHeight($0)) } ?? (style.size * Appearance.textScale).rounded()
        lineHeights[key] = h
        return h
    }

    public func lineBreaks(in text: String) -> [LineBreak] {
        if let b = breaks[text] { return b }
        if breaks.count >= TextMeasurer.cacheBound { breaks.removeAll(keepingCapacity: true) }
        let b = UnicodeText.lineBreaks(in: text)
        breaks[text] = b
        return b
    }

    public func lines(of text: String, style: ParagraphStyle, width: Double) -> ParagraphLayout {
        // The alignment places lines, it does not break them: paragraphs that differ only in it
        // share one wrap.
        var style = style
        style.alignment = .leading
        // With a line limit, only the start that can show is broken, wrapped and hashed: a 10 MB
        // title on a three-line card costs three lines.
        let (shown, continues) = ParagraphLayout.shownStart(of: text, style: style, width: width)
        let key = ParagraphKey(text: shown, continues: continues, style: style, width: width, textScale: Appearance.textScale)
        if let p = paragraphs[key] { return p }
        // A cell sized by its whole text (no limit) and then drawn in a rect that fits its lines
        // (the limit lowered to them): the lines measured are the lines to draw, not wrapped again.
        if style.maximumLines > 0, !continues {
            var whole = style
            whole.maximumLines = 0
            let wholeKey = ParagraphKey(text: text, continues: false, style: whole, width: width, textScale: Appearance.textScale)
            if let p = paragraphs[wholeKey], !p.truncated, p.lines.count <= style.maximumLines { return p }
        }
        if paragraphs.count >= TextMeasurer.cacheBound { paragraphs.removeAll(keepingCapacity: true) }
        wraps += 1
        let p = ParagraphLayout.wrap(shown, continues: continues, style: style, width: width, breaks: lineBreaks(in: shown),
                                     lineHeight: lineHeight(style: style.text),
                                     measure: { self.width(of: $0, style: style.text) })
        paragraphs[key] = p
        return p
    }

    /// Paragraphs wrapped so far (for tests, which count the work).
    private(set) var wraps = 0
}
