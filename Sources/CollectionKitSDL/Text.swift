import CSDL2
import CSDL2TTF
import CollectionKit

/// Text through SDL_ttf: fonts opened per pixel size, and a cache of rendered strings as white
/// textures tinted at draw time, so a label costs one blit after its first frame.
final class TextCache {
    private let regularPath: String
    private let boldPath: String
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var textures: [TextKey: Entry] = [:]
    /// What `fit` made of a string at a width: measuring is a glyph walk in SDL_ttf, too dear to
    /// repeat for every label of every frame.
    private var fitted: [FitKey: String] = [:]
    private var frame = 0

    struct FontKey: Hashable { var pixelSize: Int; var bold: Bool }
    /// Textures are made in their colour: a plain alpha blit is SDL's fast path, while a
    /// colour-modulated one takes its generic per-pixel blitter, which was most of a frame.
    struct TextKey: Hashable { var text: String; var font: FontKey; var color: UInt32 }
    struct FitKey: Hashable { var text: String; var font: FontKey; var maxWidth: Int32 }
    struct Entry { var texture: OpaquePointer; var width: Int32; var height: Int32; var lastUsed: Int }

    init(regular: String, bold: String) {
        regularPath = regular
        boldPath = bold
    }

    /// Textures must already be dropped (they go with their renderer, before it); fonts close
    /// here or in `close()`, before SDL_ttf quits.
    deinit { close() }

    /// Closes the fonts. Text asked for afterwards opens them again.
    func close() {
        assert(textures.isEmpty, "text textures outlived their renderer")
        for f in fonts.values { TTF_CloseFont(f) }
        fonts.removeAll()
        fitted.removeAll()
    }

    func font(_ key: FontKey) -> OpaquePointer? {
        if let f = fonts[key] { return f }
        guard let f = TTF_OpenFont(key.bold ? boldPath : regularPath, Int32(key.pixelSize)) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[key] = f
        return f
    }

    func measure(_ text: String, _ key: FontKey) -> (Int32, Int32) {
        guard let f = font(key) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, text, &w, &h)
        return (w, h)
    }

    /// The texture for `text` in `color`, cut with an ellipsis to fit `maxWidth` pixels.
    func texture(_ text: String, _ key: FontKey, color: Color, maxWidth: Int32, renderer: OpaquePointer) -> Entry? {
        let fk = FitKey(text: text, font: key, maxWidth: maxWidth)
        let fittedText: String
        if let known = fitted[fk] { fittedText = known } else {
            fittedText = fit(text, key, maxWidth: maxWidth)
            fitted[fk] = fittedText
        }
        guard !fittedText.isEmpty else { return nil }
        let tk = TextKey(text: fittedText, font: key,
                         color: UInt32(color.a) << 24 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b))
        if var e = textures[tk] {
            e.lastUsed = frame
            textures[tk] = e
            return e
        }
        guard let f = font(key),
              let rendered = TTF_RenderUTF8_Blended(f, fittedText, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        // SDL_ttf's blended output is ARGB8888 already; anything else is converted so the tint applies.
        let argb = rendered.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let surface = argb ? rendered : SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { if !argb { SDL_FreeSurface(surface) } }
        TextCache.tint(surface, color)
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let e = Entry(texture: tex, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
        textures[tk] = e
        return e
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

    private func fit(_ text: String, _ key: FontKey, maxWidth: Int32) -> String {
        if measure(text, key).0 <= maxWidth { return text }
        var chars = Array(text)
        while !chars.isEmpty {
            chars.removeLast()
            let candidate = String(chars).trimmingTrailingSpaces + "…"
            if measure(candidate, key).0 <= maxWidth { return candidate }
        }
        return ""
    }

    /// Drops strings not drawn for a while, once there are many.
    func endFrame() {
        frame += 1
        if fitted.count > 6000 { fitted.removeAll(keepingCapacity: true) }
        guard textures.count > 1500 else { return }
        for (k, e) in textures where frame - e.lastUsed > 120 {
            SDL_DestroyTexture(e.texture)
            textures[k] = nil
        }
    }

    /// Textures belong to one renderer; a new renderer needs them made again.
    func dropTextures() {
        for e in textures.values { SDL_DestroyTexture(e.texture) }
        textures.removeAll()
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
