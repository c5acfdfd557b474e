import CSDL2
import CSDL2TTF
import CollectionKit
import Glibc

/// Text through SDL_ttf: fonts opened per pixel size, and a cache of rendered strings as
/// textures in their colour, so a label costs one blit after its first frame.
///
/// A string is laid out in runs (`TextLayout`): characters the UI font lacks come from a
/// fallback face fontconfig finds (CJK, Devanagari, colour emoji, symbols), right-to-left runs
/// are put in visual order, and each run is shaped by SDL_ttf's HarfBuzz with its script and
/// direction (Arabic joins, Indic clusters form). Plain ASCII in the UI font, most labels, skips
/// all of that and renders as one run.
final class TextCache {
    private let regularPath: String
    private let boldPath: String
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var faces: [FaceKey: OpenFace] = [:]
    /// When each open font and face was last asked for (a count of asks), so the least recently
    /// used close first once too many are open.
    private var fontUse: [FontKey: Int] = [:], faceUse: [FaceKey: Int] = [:]
    private var fontAsks = 0
    /// The fonts and faces the last frame asked for, from `frameStarted()` to `frameFinished()`:
    /// what the screen at rest needs (see `closeFontsNotInLastFrame()`).
    private var frameFonts: Set<FontKey> = [], frameFaces: Set<FaceKey> = []
    private var inFrame = false
    /// Fonts and faces opened so far (for tests that count them).
    private(set) var fontsOpened = 0
    /// The fallback face for a character (nil: none has it), from fontconfig once per character.
    private var fallbackFace: [FallbackKey: FontFace?] = [:]
    private var textures: [TextKey: Entry] = [:]
    /// Colour runs scaled from a bitmap face's strike, kept by `renderRun`.
    private var scaledRuns: [ScaledRunKey: UnsafeMutablePointer<SDL_Surface>] = [:]
    /// What `fit` made of a string at a width: measuring is a glyph walk in SDL_ttf, too dear to
    /// repeat for every label of every frame.
    private var fitted: [FitKey: String] = [:]
    /// Per UI font and size, its table for adding up plain text (nil: the font failed the check,
    /// its plain text is shaped whole).
    private var plainWidths: [FontKey: PlainTextWidths?] = [:]
    /// When each table was last asked for (a count of asks, as `fontUse`), and the tables the last
    /// frame asked for. A table answers without its font (it shapes with a HarfBuzz font of its
    /// own, about a third of an SDL_ttf font's memory), so a frame that only adds up plain text
    /// asks for no font, and the fonts close at rest while the frame's tables stay.
    private var tableUse: [FontKey: Int] = [:]
    private var frameTables: Set<FontKey> = []
    private var frame = 0
    /// Strings rendered so far (cache misses), for tests of what is prepared ahead.
    private(set) var renderedCount = 0
    /// Bytes of text measured, laid out or rendered so far, for tests of what a label costs.
    private(set) var textBytesWorked = 0

    struct FontKey: Hashable { var pixelSize: Int; var bold: Bool }
    /// Textures are made in their colour: a plain alpha blit is SDL's fast path, while a
    /// colour-modulated one takes its generic per-pixel blitter, which was most of a frame.
    /// `neutralRightToLeft`: a text without a strong letter laid out as a right-to-left paragraph.
    struct TextKey: Hashable {
        var text: String; var font: FontKey; var color: UInt32; var neutralRightToLeft = false
        static func == (a: TextKey, b: TextKey) -> Bool {
            a.font == b.font && a.color == b.color && a.neutralRightToLeft == b.neutralRightToLeft && ExactText.equal(a.text, b.text)
        }
        func hash(into h: inout Hasher) {
            ExactText.hash(text, into: &h); h.combine(font); h.combine(color); h.combine(neutralRightToLeft)
        }
    }
    struct FitKey: Hashable {
        var text: String; var font: FontKey; var maxWidth: Int32
        static func == (a: FitKey, b: FitKey) -> Bool { a.font == b.font && a.maxWidth == b.maxWidth && ExactText.equal(a.text, b.text) }
        func hash(into h: inout Hasher) { ExactText.hash(text, into: &h); h.combine(font); h.combine(maxWidth) }
    }
    /// A rendered string. `lineTop` is where the UI font's line box starts inside the texture
    /// (a taller fallback face can reach above it), and `lineHeight` is that box's height: a
    /// label is centred on the UI font's line, so mixed scripts keep one baseline.
    struct Entry {
        /// The rendered pixels, held once (see `Sprite`).
        var sprite: Sprite; var width: Int32; var height: Int32; var lineTop: Int32; var lineHeight: Int32; var lastUsed: Int
    }

    private struct FaceKey: Hashable { var face: FontFace; var pixelSize: Int; var bold: Bool }
    private struct FallbackKey: Hashable { var scalar: UInt32; var emoji: Bool }
    /// An opened fallback face. Bitmap-only faces (colour emoji) come in one strike size; their
    /// runs are scaled by `scale` to the UI font's line height.
    private struct OpenFace { var font: OpaquePointer; var scale: Double; var colour: Bool }

    /// With a limit, at most that many UI fonts are open: a size not open takes the least recently
    /// used font of the same file and resizes it (`TTF_SetFontSize`, which empties its glyph
    /// cache) instead of opening another face. For a cache that measures more than it draws (a
    /// measurer with fonts of its own): each open size holds a FreeType face and HarfBuzz's copies
    /// of the font's tables, about 150 KB, and a resize costs about a third of opening a face.
    /// Without one (a canvas's cache, which draws at its sizes frame after frame), a font per size.
    let resizedFontLimit: Int?
    /// UI fonts resized to another size so far (for tests that count them).
    private(set) var fontsResized = 0

    init(regular: String, bold: String, resizedFontLimit: Int? = nil) {
        regularPath = regular
        boldPath = bold
        self.resizedFontLimit = resizedFontLimit
    }

    /// Textures must already be dropped (they go with their renderer, before it); fonts close
    /// here or in `close()`, before SDL_ttf quits.
    deinit { close() }

    /// Closes the fonts. Text asked for afterwards opens them again.
    func close() {
        assert(textures.isEmpty, "text textures outlived their renderer")
        dropScaledRuns()
        plainWidths.removeAll()
        tableUse.removeAll()
        for f in fonts.values { TTF_CloseFont(f) }
        fonts.removeAll()
        for f in faces.values { TTF_CloseFont(f.font) }
        faces.removeAll()
        fontUse.removeAll()
        faceUse.removeAll()
        fitted.removeAll()
    }

    private func openUIFont(_ path: String, size: Int32) -> OpaquePointer? {
        if let file = FontFiles.bytes(path), let rw = SDL_RWFromConstMem(file.baseAddress, Int32(file.count)) {
            return TTF_OpenFontRW(rw, 1, size)
        }
        return TTF_OpenFont(path, size)
    }

    func font(_ key: FontKey) -> OpaquePointer? {
        fontAsks += 1
        if inFrame { frameFonts.insert(key) }
        if let f = fonts[key] { fontUse[key] = fontAsks; return f }
        if let limit = resizedFontLimit, fonts.count >= limit,
           let (old, f) = fonts.filter({ $0.key.bold == key.bold }).min(by: { fontUse[$0.key, default: 0] < fontUse[$1.key, default: 0] }),
           TTF_SetFontSize(f, Int32(key.pixelSize)) == 0 {
            fonts[old] = nil
            fontUse[old] = nil
            fonts[key] = f
            fontUse[key] = fontAsks
            fontsResized += 1
            return f
        }
        guard let f = openUIFont(key.bold ? boldPath : regularPath, size: Int32(key.pixelSize)) else { return nil }
        fontsOpened += 1
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[key] = f
        fontUse[key] = fontAsks
        return f
    }

    // MARK: Fonts for runs

    private func openFace(_ face: FontFace, _ key: FontKey) -> OpenFace? {
        let fk = FaceKey(face: face, pixelSize: key.pixelSize, bold: key.bold)
        fontAsks += 1
        if inFrame { frameFaces.insert(fk) }
        if let f = faces[fk] { faceUse[fk] = fontAsks; return f }
        guard let f = TTF_OpenFontIndex(face.path, Int32(key.pixelSize), face.index) else { return nil }
        fontsOpened += 1
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        // A scalable face follows the size asked for; a bitmap one (colour emoji) answers with
        // its only strike, far from it, and is scaled to the UI font's line instead.
        let height = Double(TTF_FontHeight(f)), wanted = Double(key.pixelSize)
        let bitmap = height > 2 * wanted + 4 || height < wanted / 2
        var scale = 1.0
        if bitmap, let primary = font(key), height > 0 { scale = Double(TTF_FontHeight(primary)) / height }
        // Fallback faces come in one weight; bold is SDL_ttf's emboldening.
        if key.bold && !bitmap { TTF_SetFontStyle(f, TTF_STYLE_BOLD) }
        let open = OpenFace(font: f, scale: scale, colour: bitmap)
        faces[fk] = open
        faceUse[fk] = fontAsks
        return open
    }

    /// Which font draws a character: the UI font when it has the glyph, else a fallback face.
    private func fontChoice(for c: TextLayout.Cluster, _ key: FontKey, primary: OpaquePointer) -> TextLayout.FontChoice {
        if !c.emoji && TTF_GlyphIsProvided32(primary, c.base) != 0 { return .primary }
        let fk = FallbackKey(scalar: c.base, emoji: c.emoji)
        let face: FontFace?
        if let known = fallbackFace[fk] { face = known } else {
            face = FallbackFonts.shared.face(for: c.base, emoji: c.emoji)
            fallbackFace[fk] = face
        }
        if let face { return .fallback(face) }
        // No face has it: the UI font's own missing-glyph box is all there is.
        return .primary
    }

    private func provides(_ choice: TextLayout.FontChoice, _ scalar: UInt32, _ key: FontKey, primary: OpaquePointer) -> Bool {
        switch choice {
        case .primary: return TTF_GlyphIsProvided32(primary, scalar) != 0
        case let .fallback(face):
            guard let f = openFace(face, key) else { return false }
            return TTF_GlyphIsProvided32(f.font, scalar) != 0
        }
    }

    /// The font of a run, with SDL_ttf's HarfBuzz set to the run's script and direction.
    private func prepared(_ run: TextLayout.Run, _ key: FontKey, primary: OpaquePointer) -> (font: OpaquePointer, scale: Double, colour: Bool)? {
        let f: OpaquePointer, scale: Double, colour: Bool
        switch run.font {
        case .primary: (f, scale, colour) = (primary, 1, false)
        case let .fallback(face):
            guard let open = openFace(face, key) else { return nil }
            (f, scale, colour) = (open.font, open.scale, open.colour)
        }
        _ = TTF_SetFontDirection(f, run.rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        _ = TTF_SetFontScriptName(f, run.script)
        return (f, scale, colour)
    }

    /// The runs of `text` in visual order.
    func layout(_ text: String, _ key: FontKey, primary: OpaquePointer, neutralRightToLeft: Bool = false) -> [TextLayout.Run] {
        TextLayout.runs(text, neutralRightToLeft: neutralRightToLeft,
                        choose: { fontChoice(for: $0, key, primary: primary) },
                        provides: { provides($0, $1, key, primary: primary) })
    }

    /// Plain ASCII the UI font draws in one run with no shaping choices to make.
    private static func isPlain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    func measure(_ text: String, _ key: FontKey) -> (Int32, Int32) {
        textBytesWorked += text.utf8.count
        guard let primary = font(key) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        if let added = plainTextWidths(key, primary: primary)?.width(of: text) { return (added, TTF_FontHeight(primary)) }
        if TextCache.isPlain(text) {
            resetShaping(primary)
            TTF_SizeUTF8(primary, text, &w, &h)
            return (w, h)
        }
        var total = 0.0
        for run in layout(text, key, primary: primary) {
            guard let p = prepared(run, key, primary: primary) else { continue }
            TTF_SizeUTF8(p.font, run.text, &w, &h)
            total += (Double(w) * p.scale).rounded()
        }
        return (Int32(total), TTF_FontHeight(primary))
    }

    /// The width of `text` added up glyph by glyph when it is plain text in a font that allows it
    /// (see `PlainTextWidths`): as cheap as looking it up in a cache, so it is not cached.
    /// A table already made answers without opening its font; text that is not plain opens
    /// neither (it is shaped whole).
    func addedUpWidth(_ text: String, _ key: FontKey) -> Int32? {
        guard TextCache.isPlain(text) else { return nil }
        if let known = plainWidths[key] {
            noteTableUse(key)
            return known?.width(of: text)
        }
        guard let primary = font(key) else { return nil }
        return plainTextWidths(key, primary: primary)?.width(of: text)
    }

    private func noteTableUse(_ key: FontKey) {
        fontAsks += 1
        tableUse[key] = fontAsks
        if inFrame { frameTables.insert(key) }
    }

    /// The table that adds up plain text in the UI font `key`, made on first use (and checked
    /// against SDL_ttf's own measurement); nil when the font does not pass.
    private func plainTextWidths(_ key: FontKey, primary: OpaquePointer) -> PlainTextWidths? {
        noteTableUse(key)
        if let known = plainWidths[key] { return known }
        var table: PlainTextWidths?
        if let file = FontFiles.bytes(key.bold ? boldPath : regularPath), let base = file.baseAddress {
            table = PlainTextWidths(bytes: base, count: file.count, pixelSize: key.pixelSize, ttf: primary) { text in
                var w: Int32 = 0, h: Int32 = 0
                self.resetShaping(primary)
                TTF_SizeUTF8(primary, text, &w, &h)
                return w
            }
        }
        plainWidths[key] = table
        return table
    }

    private func resetShaping(_ f: OpaquePointer) {
        _ = TTF_SetFontDirection(f, TTF_DIRECTION_LTR)
        _ = TTF_SetFontScriptName(f, TextLayout.commonScript)
    }

    /// The texture for `text` in `color`, cut with an ellipsis to fit `maxWidth` pixels. With
    /// `neutralRightToLeft` (a right-to-left UI), a text without a strong letter runs right to
    /// left ("09:00 – 10:00" shows 10:00 at the left), as the paragraphs around it do.
    func texture(_ text: String, _ key: FontKey, color: Color, maxWidth: Int32, renderer: OpaquePointer, software: Bool,
                 neutralRightToLeft: Bool = false) -> Entry? {
        // A string longer than the label can show is fitted (and keyed) by its start alone, so a
        // label costs the same whatever the length of its text (a 10 MB title is one label).
        let (text, cut) = TextCache.shownStart(of: text, maxWidth: maxWidth)
        let rtl = neutralRightToLeft && UnicodeText.startsRightToLeft(text) == nil
        let fk = FitKey(text: text, font: key, maxWidth: maxWidth)
        let fittedText: String
        if let known = fitted[fk] { fittedText = known } else if !cut, !rtl, TextCache.isPlain(text),
           let whole = plainTexture(text, key, color: color, renderer: renderer, software: software), whole.width <= maxWidth {
            // Plain text is one run whose texture is exactly as wide as it measures: when the
            // whole string fits, drawing it is the measurement (a label zooming with its card
            // meets a new size every frame, and measuring it first cost as much again).
            fitted[fk] = text
            return whole
        } else {
            fittedText = fit(text, key, maxWidth: maxWidth, cut: cut)
            fitted[fk] = fittedText
        }
        guard !fittedText.isEmpty else { return nil }
        return entry(TextKey(text: fittedText, font: key, color: TextCache.colorKey(color), neutralRightToLeft: rtl), color: color,
                     renderer: renderer, software: software)
    }

    /// The texture `texture(...)` would give for the same arguments when it is cached already
    /// (its fit known and its pixels rendered); nil otherwise. Nothing is measured, rendered or
    /// marked used: the frame's survey asks it for where a line of text lands.
    func cachedTexture(_ text: String, _ key: FontKey, color: Color, maxWidth: Int32, neutralRightToLeft: Bool = false) -> Entry? {
        let (text, _) = TextCache.shownStart(of: text, maxWidth: maxWidth)
        guard let fittedText = fitted[FitKey(text: text, font: key, maxWidth: maxWidth)], !fittedText.isEmpty else { return nil }
        let rtl = neutralRightToLeft && UnicodeText.startsRightToLeft(text) == nil
        return textures[TextKey(text: fittedText, font: key, color: TextCache.colorKey(color), neutralRightToLeft: rtl)]
    }

    /// The texture of the whole of a plain string (cached like any other).
    private func plainTexture(_ text: String, _ key: FontKey, color: Color, renderer: OpaquePointer, software: Bool) -> Entry? {
        guard !text.isEmpty else { return nil }
        return entry(TextKey(text: text, font: key, color: TextCache.colorKey(color)), color: color, renderer: renderer,
                     software: software)
    }

    private static func colorKey(_ color: Color) -> UInt32 {
        UInt32(color.a) << 24 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    }

    /// The cached texture for `tk`, rendered if it is not there yet.
    private func entry(_ tk: TextKey, color: Color, renderer: OpaquePointer, software: Bool) -> Entry? {
        if var e = textures[tk] {
            e.lastUsed = frame
            textures[tk] = e
            return e
        }
        renderedCount += 1
        textBytesWorked += tk.text.utf8.count
        guard let primary = font(tk.font),
              let line = renderLine(tk.text, tk.font, color: color, primary: primary, neutralRightToLeft: tk.neutralRightToLeft) else { return nil }
        defer { SDL_FreeSurface(line.surface) }
        // Text in one colour (all but colour emoji) is kept as its coverage, a byte a pixel.
        let rgb = TextCache.colorKey(color) & 0xFF_FFFF
        let sprite: Sprite?
        if let mask = AlphaMask.alpha(of: line.surface, allOf: rgb) {
            sprite = Sprite(mask, rgb: rgb, renderer: renderer, software: software)
        } else {
            sprite = Bitmap(surface: line.surface).flatMap { Sprite($0, renderer: renderer, software: software) }
        }
        guard let sprite else { return nil }
        let e = Entry(sprite: sprite, width: line.surface.pointee.w, height: line.surface.pointee.h,
                      lineTop: line.lineTop, lineHeight: line.lineHeight, lastUsed: frame)
        textures[tk] = e
        textureBytes += sprite.bytes
        return e
    }

    /// A string rendered in `color` into a new ARGB8888 surface (the caller frees it).
    private func renderLine(_ text: String, _ key: FontKey, color: Color, primary: OpaquePointer, neutralRightToLeft: Bool = false)
        -> (surface: UnsafeMutablePointer<SDL_Surface>, lineTop: Int32, lineHeight: Int32)? {
        // Text in the UI font alone is centred on its own surface, as it always was.
        if !neutralRightToLeft, TextCache.isPlain(text) {
            resetShaping(primary)
            guard let s = renderRun(primary, text, color: color, colourGlyphs: false, scale: 1) else { return nil }
            return (s, 0, s.pointee.h)
        }
        // Each run rendered on its own, then set side by side on a shared baseline.
        var pieces: [(surface: UnsafeMutablePointer<SDL_Surface>, ascent: Int32, primary: Bool)] = []
        defer { for p in pieces { SDL_FreeSurface(p.surface) } }
        for run in layout(text, key, primary: primary, neutralRightToLeft: neutralRightToLeft) {
            guard let p = prepared(run, key, primary: primary),
                  let s = renderRun(p.font, run.text, color: color, colourGlyphs: p.colour, scale: p.scale) else { continue }
            pieces.append((s, Int32((Double(TTF_FontAscent(p.font)) * p.scale).rounded()), run.font == .primary))
        }
        guard !pieces.isEmpty else { return nil }
        let primaryAscent = TTF_FontAscent(primary)
        if pieces.count == 1 {
            // One run (all CJK, say): its own surface, placed so its baseline meets the UI font's.
            let only = pieces.removeFirst()
            if only.primary { return (only.surface, 0, only.surface.pointee.h) }
            return (only.surface, only.ascent - primaryAscent, TTF_FontHeight(primary))
        }
        let baseline = max(primaryAscent, pieces.map(\.ascent).max()!)
        let bottom = pieces.map { baseline - $0.ascent + $0.surface.pointee.h }.max()!
        let width = pieces.reduce(Int32(0)) { $0 + $1.surface.pointee.w }
        guard let line = SDL_CreateRGBSurfaceWithFormat(0, max(1, width), max(1, bottom), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        var x: Int32 = 0
        for p in pieces {
            TextCache.composite(p.surface, onto: line, x: x, y: baseline - p.ascent)
            x += p.surface.pointee.w
        }
        return (line, baseline - primaryAscent, TTF_FontHeight(primary))
    }

    /// One run as an ARGB8888 surface in `color`; colour glyphs keep their own colours and take
    /// only the alpha, and a bitmap face is scaled to the UI font's size.
    private func renderRun(_ font: OpaquePointer, _ text: String, color: Color, colourGlyphs: Bool, scale: Double)
        -> UnsafeMutablePointer<SDL_Surface>? {
        // A colour run from a bitmap face (emoji) is rendered at the face's strike, about five
        // times the text's size, and averaged down: the dear part of a line that has one. The
        // result is kept (a few hundred bytes a run) and copied for the next line that has it.
        let scaledKey = abs(scale - 1) > 0.001 && colourGlyphs
            ? ScaledRunKey(text: text, font: UInt(bitPattern: font), scale: scale, alpha: color.a) : nil
        if let scaledKey, let kept = scaledRuns[scaledKey] { return SDL_DuplicateSurface(kept) }
        let made = renderRunAnew(font, text, color: color, colourGlyphs: colourGlyphs, scale: scale)
        if let scaledKey, let made, let copy = SDL_DuplicateSurface(made) {
            if scaledRuns.count >= TextCache.scaledRunBound { dropScaledRuns() }
            scaledRuns[scaledKey] = copy
        }
        return made
    }

    /// A colour run as rendered and scaled: its text, the face, the scale and the text's alpha.
    struct ScaledRunKey: Hashable {
        var text: String; var font: UInt; var scale: Double; var alpha: UInt8
        static func == (a: ScaledRunKey, b: ScaledRunKey) -> Bool {
            a.font == b.font && a.scale == b.scale && a.alpha == b.alpha && ExactText.equal(a.text, b.text)
        }
        func hash(into h: inout Hasher) { ExactText.hash(text, into: &h); h.combine(font); h.combine(scale); h.combine(alpha) }
    }
    /// At most this many scaled colour runs are kept (each a small surface).
    static let scaledRunBound = 256
    /// Colour runs scaled so far, and kept now (for tests, which count the work and the bound).
    private(set) var scaledRunsMade = 0
    var scaledRunsKept: Int { scaledRuns.count }

    /// Closes a font, forgetting the colour runs scaled from it (a font opened later may get its address).
    private func closeFont(_ f: OpaquePointer) {
        let key = UInt(bitPattern: f)
        for (k, surface) in scaledRuns where k.font == key {
            SDL_FreeSurface(surface)
            scaledRuns[k] = nil
        }
        TTF_CloseFont(f)
    }

    /// Frees the kept colour runs (their face may close; a run asked for again is made again).
    func dropScaledRuns() {
        for s in scaledRuns.values { SDL_FreeSurface(s) }
        scaledRuns.removeAll()
    }

    private func renderRunAnew(_ font: OpaquePointer, _ text: String, color: Color, colourGlyphs: Bool, scale: Double)
        -> UnsafeMutablePointer<SDL_Surface>? {
        guard let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        // SDL_ttf's blended output is ARGB8888 already; anything else is converted so the tint applies.
        var surface = rendered
        if rendered.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue {
            guard let converted = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                SDL_FreeSurface(rendered)
                return nil
            }
            SDL_FreeSurface(rendered)
            surface = converted
        }
        if abs(scale - 1) > 0.001, let scaled = TextCache.downscaled(surface, by: scale) {
            scaledRunsMade += 1
            SDL_FreeSurface(surface)
            surface = scaled
        }
        if colourGlyphs { TextCache.fade(surface, alpha: color.a) } else { TextCache.tint(surface, color) }
        return surface
    }

    /// Colours white coverage in place with SDL's own modulation arithmetic (channel × mod / 255),
    /// so the pixels match what a colour- and alpha-modulated blit of the white text gave.
    static func tint(_ surface: UnsafeMutablePointer<SDL_Surface>, _ c: Color) {
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else { return }
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return }
        let rgb = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b), ca = UInt32(c.a)
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let a = (row[x] >> 24) * ca / 255
                row[x] = a << 24 | rgb
            }
        }
    }

    /// Multiplies alpha only: colour glyphs keep their colours under a translucent text colour.
    static func fade(_ surface: UnsafeMutablePointer<SDL_Surface>, alpha: UInt8) {
        guard alpha < 255 else { return }
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return }
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { row[x] = ((row[x] >> 24) * UInt32(alpha) / 255) << 24 | (row[x] & 0x00FF_FFFF) }
        }
    }

    /// An area-averaged copy of `src` scaled by `scale` (< 1), in premultiplied arithmetic so
    /// transparent pixels do not darken the edges. Colour emoji strikes are about five times a
    /// label's size; a bilinear step that far would alias.
    static func downscaled(_ src: UnsafeMutablePointer<SDL_Surface>, by scale: Double) -> UnsafeMutablePointer<SDL_Surface>? {
        let sw = Int(src.pointee.w), sh = Int(src.pointee.h)
        let dw = max(1, Int((Double(sw) * scale).rounded())), dh = max(1, Int((Double(sh) * scale).rounded()))
        guard let dst = SDL_CreateRGBSurfaceWithFormat(0, Int32(dw), Int32(dh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        SDL_LockSurface(src); SDL_LockSurface(dst)
        defer { SDL_UnlockSurface(src); SDL_UnlockSurface(dst) }
        guard let sbase = src.pointee.pixels?.assumingMemoryBound(to: UInt8.self),
              let dbase = dst.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return dst }
        let spitch = Int(src.pointee.pitch), dpitch = Int(dst.pointee.pitch)
        let fx = Double(sw) / Double(dw), fy = Double(sh) / Double(dh)
        for dy in 0..<dh {
            let y0 = Double(dy) * fy, y1 = y0 + fy
            let drow = UnsafeMutableRawPointer(dbase + dy * dpitch).assumingMemoryBound(to: UInt32.self)
            for dx in 0..<dw {
                let x0 = Double(dx) * fx, x1 = x0 + fx
                var a = 0.0, r = 0.0, g = 0.0, b = 0.0, area = 0.0
                var sy = Int(y0)
                while Double(sy) < y1 && sy < sh {
                    let wy = min(y1, Double(sy + 1)) - max(y0, Double(sy))
                    let srow = UnsafeRawPointer(sbase + sy * spitch).assumingMemoryBound(to: UInt32.self)
                    var sx = Int(x0)
                    while Double(sx) < x1 && sx < sw {
                        let w = wy * (min(x1, Double(sx + 1)) - max(x0, Double(sx)))
                        let p = srow[sx]
                        let pa = Double(p >> 24) / 255
                        a += w * pa
                        r += w * pa * Double(p >> 16 & 0xFF)
                        g += w * pa * Double(p >> 8 & 0xFF)
                        b += w * pa * Double(p & 0xFF)
                        area += w
                        sx += 1
                    }
                    sy += 1
                }
                guard area > 0, a > 0 else { drow[dx] = 0; continue }
                let outA = a / area
                func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v / a).rounded()))) }
                drow[dx] = UInt32(min(255, (outA * 255).rounded())) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
            }
        }
        return dst
    }

    /// Draws `src` over `dst` at (x, y) with straight-alpha "over" compositing.
    static func composite(_ src: UnsafeMutablePointer<SDL_Surface>, onto dst: UnsafeMutablePointer<SDL_Surface>, x: Int32, y: Int32) {
        SDL_LockSurface(src); SDL_LockSurface(dst)
        defer { SDL_UnlockSurface(src); SDL_UnlockSurface(dst) }
        guard let sbase = src.pointee.pixels?.assumingMemoryBound(to: UInt8.self),
              let dbase = dst.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return }
        let sw = Int(src.pointee.w), sh = Int(src.pointee.h), dw = Int(dst.pointee.w), dh = Int(dst.pointee.h)
        for sy in 0..<sh {
            let ty = Int(y) + sy
            guard ty >= 0 && ty < dh else { continue }
            let srow = UnsafeRawPointer(sbase + sy * Int(src.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            let drow = UnsafeMutableRawPointer(dbase + ty * Int(dst.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for sx in 0..<sw {
                let tx = Int(x) + sx
                guard tx >= 0 && tx < dw else { continue }
                let s = srow[sx]
                let sa = s >> 24
                guard sa > 0 else { continue }
                let d = drow[tx], da = d >> 24
                if sa == 255 || da == 0 { drow[tx] = s; continue }
                // out = s·sa + d·da·(1 − sa), over the combined alpha.
                let inv = 255 - sa
                let oa = sa * 255 + da * inv   // ×255
                func mix(_ shift: UInt32) -> UInt32 {
                    let sc = s >> shift & 0xFF, dc = d >> shift & 0xFF
                    return (sc * sa * 255 + dc * da * inv) / oa
                }
                drow[tx] = (oa / 255) << 24 | mix(16) << 16 | mix(8) << 8 | mix(0)
            }
        }
    }

    /// The most characters a label `maxWidth` pixels wide is given to fit: a drawn character is
    /// at least a pixel wide, and no texture is wider than 32768 pixels. A longer text is cut to
    /// this many before anything is measured, and always ends with an ellipsis.
    static func shownCharacterBound(maxWidth: Int32) -> Int { Int(min(max(0, maxWidth), 32768)) + 16 }

    /// `text`, or its first ``shownCharacterBound(maxWidth:)`` characters and true when it has
    /// more. O(the bound), whatever the text's length.
    static func shownStart(of text: String, maxWidth: Int32) -> (String, Bool) {
        let bound = shownCharacterBound(maxWidth: maxWidth)
        // UTF-8 length is known at once; at most as many characters as bytes.
        guard text.utf8.count > bound else { return (text, false) }
        let head = text.prefix(bound)
        return head.endIndex == text.endIndex ? (text, false) : (String(head), true)
    }

    /// The longest start of `text` that fits `maxWidth` with an ellipsis after it, or the whole
    /// text when it fits (never when `cut`: the text is the start of a longer one).
    private func fit(_ text: String, _ key: FontKey, maxWidth: Int32, cut: Bool = false) -> String {
        if !cut, measure(text, key).0 <= maxWidth { return text }
        // The longest prefix that fits with an ellipsis, found by halving (a longer prefix is never
        // narrower), as a label cut during a resize or a zoom is measured at every new size.
        let chars = Array(text)
        func candidate(_ n: Int) -> String { String(chars[..<n]).trimmingTrailingSpaces + "…" }
        var lo = 0, hi = cut ? chars.count : chars.count - 1  // the answer's length lies in lo...hi; lo = 0 is "none"
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(candidate(mid), key).0 <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        // At a word's end when a whole word fits ("Draft the…"), between characters only when
        // the first word alone is wider than the label.
        if lo > 0 { return candidate(TextCache.wordBoundaryCut(chars, fitting: lo)) }
        return measure(candidate(0), key).0 <= maxWidth && !chars.isEmpty ? candidate(0) : ""
    }

    /// Where a cut keeping `n` of `characters` belongs: at `n` at a word's end, else after the
    /// last whole word that fits; at `n` when there is none (one word wider than the label).
    static func wordBoundaryCut(_ characters: [Character], fitting n: Int) -> Int {
        guard n > 0, n < characters.count, !characters[n].isWhitespace, !characters[n - 1].isWhitespace else { return n }
        var end = n - 1
        while end > 0 && !characters[end].isWhitespace { end -= 1 }
        while end > 0 && characters[end - 1].isWhitespace { end -= 1 }
        return end > 0 ? end : n
    }

    /// Drops strings not drawn for a while, once there are many; past `textureBudget` bytes the
    /// least recently drawn go first. Fonts opened at many sizes (a label zooming with its card)
    /// are closed past `openFontLimit`, and opened again when next asked for.
    func endFrame() {
        frame += 1
        if fitted.count > 6000 { fitted.removeAll(keepingCapacity: true) }
        if fallbackFace.count > 4096 { fallbackFace.removeAll(keepingCapacity: true) }
        closeLeastUsedFonts()
        if textures.count > TextCache.staleSweepCount {
            // A few a frame: a scrolled grid makes a label for every new cell, and dropping the
            // thousand or so stale ones at once took one frame in 400 of its pan to 2-3 ms.
            // Found first and dropped after: dropping while iterating would copy the dictionary.
            let stale = Array(textures.lazy.filter { self.frame - $0.value.lastUsed > TextCache.staleAfterFrames }
                .prefix(TextCache.staleDropsPerFrame))
            for (k, e) in stale { drop(k, e) }
        }
        if textureBytes > textureBudget { trimTextures(to: textureBudget * 3 / 4) }
    }

    /// Bytes the cached strings may hold now: `textureBudget` (the static) unless the window
    /// sized it to what it shows (`sizeTextureBudget(toPixels:)`).
    private(set) var textureBudget = TextCache.textureBudget

    /// Sizes the budget to a target of `pixels` device pixels: four bytes a pixel (four screens of
    /// single-colour text, or a screenful in colour), at least `smallestTextureBudget`, at most
    /// `textureBudget`. A frame's own strings are never dropped, so a screen never thrashes.
    func sizeTextureBudget(toPixels pixels: Int) {
        textureBudget = TextCache.textureBudget(forPixels: pixels)
    }

    static func textureBudget(forPixels pixels: Int) -> Int {
        min(TextCache.textureBudget, max(TextCache.smallestTextureBudget, 4 * pixels))
    }

    /// Strings cached past which those not drawn for `staleAfterFrames` frames are dropped, at
    /// most `staleDropsPerFrame` of them each frame.
    static let staleSweepCount = 1500
    static let staleAfterFrames = 120
    static let staleDropsPerFrame = 64
    /// Bytes the cached strings may hold: the carousel's paging script, its neighbouring pages
    /// drawn ahead, came to 8.7 MB as ARGB8888 pixels, a quarter of that as coverage masks.
    static let textureBudget = 12 << 20
    /// The least a window's budget is sized to: the carousel's drawn-ahead text at 1280x800 came
    /// to 2.2 MB of coverage.
    static let smallestTextureBudget = 4 << 20
    /// Faces open at once. Each size of each font is one FreeType face with its own tables,
    /// HarfBuzz font and glyph cache, about 0.35 MB; the carousel's cards, drawn ahead at 48 steps
    /// of a page turn, met 25 sizes, 9 MB of faces that nothing needed once their text was made.
    /// A face closed is opened again from the font's bytes in memory when next asked for.
    static let openFontLimit = 8
    /// Bytes of the cached strings' pixels now.
    private(set) var textureBytes = 0

    /// Drops the least recently drawn strings until at most `bytes` remain; strings drawn or
    /// prepared in the current frame stay.
    private func trimTextures(to bytes: Int) {
        for (k, e) in textures.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard textureBytes > bytes, e.lastUsed < frame else { break }
            drop(k, e)
        }
    }

    private func drop(_ k: TextKey, _ e: Entry) {
        textureBytes -= e.sprite.bytes
        e.sprite.destroy()
        textures[k] = nil
    }

    /// Closes the least recently used fonts and faces past `openFontLimit` (the UI fonts' files
    /// stay mapped to open them again, `FontFiles`). Called between frames, between slices of
    /// preparing ahead and after a measure, when no font pointer is held.
    func closeLeastUsedFonts() {
        dropLeastUsedTables()
        let excess = fonts.count + faces.count - TextCache.openFontLimit
        guard excess > 0 else { return }
        let uses = fontUse.map { (use: $0.value, font: $0.key as FontKey?, face: nil as FaceKey?) }
            + faceUse.map { (use: $0.value, font: nil as FontKey?, face: $0.key as FaceKey?) }
        for stale in uses.sorted(by: { $0.use < $1.use }).prefix(excess) {
            if let key = stale.font, let f = fonts.removeValue(forKey: key) {
                closeFont(f)
                fontUse[key] = nil
            } else if let key = stale.face, let f = faces.removeValue(forKey: key) {
                closeFont(f.font)
                faceUse[key] = nil
            }
        }
    }

    /// Tables of added-up widths outlive their fonts (see `tableUse`), up to `openFontLimit` of
    /// them; past it the least recently asked for go (made again from the mapped file and a font).
    private func dropLeastUsedTables() {
        let excess = plainWidths.count - TextCache.openFontLimit
        guard excess > 0 else { return }
        for (key, _) in tableUse.sorted(by: { $0.value < $1.value }).prefix(excess) {
            plainWidths[key] = nil
            tableUse[key] = nil
        }
    }

    /// A frame begins: the fonts it asks for are the ones the screen at rest keeps open.
    func frameStarted() {
        frameFonts.removeAll(keepingCapacity: true)
        frameFaces.removeAll(keepingCapacity: true)
        frameTables.removeAll(keepingCapacity: true)
        inFrame = true
    }

    /// The frame is drawn; what is asked for after it (drawing ahead) is not the screen's.
    func frameFinished() { inFrame = false }

    /// Closes the fonts and faces the last frame did not ask for: those only drawing ahead met
    /// (the carousel's number at each step of a turn, about 0.35 MB each), whose text is made.
    /// Called when the window has gone quiet; a font asked for again is opened again from the
    /// font's bytes in memory, as past `openFontLimit`.
    func closeFontsNotInLastFrame() {
        for (key, f) in fonts where !frameFonts.contains(key) {
            closeFont(f)
            fonts[key] = nil
            fontUse[key] = nil
        }
        // The frame's tables of added-up widths stay: they answer without their fonts.
        for key in Array(plainWidths.keys) where !frameTables.contains(key) {
            plainWidths[key] = nil
            tableUse[key] = nil
        }
        for (key, f) in faces where !frameFaces.contains(key) {
            closeFont(f.font)
            faces[key] = nil
            faceUse[key] = nil
        }
    }

    /// Closes every font and face and keeps the tables of added-up widths (a measurer's, at rest:
    /// see `TextMeasurer.closeOwnFontsAtRest()`).
    func closeFontsKeepingTables() {
        for f in fonts.values { closeFont(f) }
        fonts.removeAll()
        fontUse.removeAll()
        for f in faces.values { closeFont(f.font) }
        faces.removeAll()
        faceUse.removeAll()
    }

    /// Strings cached now (for tests of the sweep).
    var cachedStringCount: Int { textures.count }

    /// Fonts and faces open now (for tests of the bound).
    var openFontCount: Int { fonts.count + faces.count }

    /// UI fonts open now, without the fallback faces (for tests of the bound).
    var openUIFontCount: Int { fonts.count }

    /// Tables of added-up widths kept now (for tests of the bound).
    var plainWidthTableCount: Int { plainWidths.count }

    /// Textures belong to one renderer; a new renderer needs them made again.
    func dropTextures() {
        for e in textures.values { e.sprite.destroy() }
        textures.removeAll()
        textureBytes = 0
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// Text as a cache key by its UTF-8 bytes. Swift's own `String` hashing and equality work on the
/// canonical (NFC) form, checking every non-ASCII string for it each time: a frame's text lookups
/// (each visible note's body, twice a frame) spent a tenth of the CPU there. Two spellings of the
/// same text in different normal forms are then two entries of a cache, each drawn right.
enum ExactText {
    static func hash(_ text: String, into h: inout Hasher) {
        var text = text
        text.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
        h.combine(text.utf8.count)
    }

    static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
