import CSDL2

/// A cached image that frames draw many times (a text run, a shadow, outline corners), held once.
///
/// On SDL's software renderer the pixel target blends the image's pixels itself, and an SDL
/// texture would be a second copy of the same pixels: there only the `bitmap` is kept, and a
/// texture is made from it if SDL itself must draw the image (as when recording a snapshot).
/// On any other renderer the pixels go to a texture at once and only the texture is kept.
final class Sprite {
    let width: Int
    let height: Int
    /// The pixels, on a software renderer; nil elsewhere.
    let bitmap: Bitmap?
    private let renderer: OpaquePointer
    private let nearest: Bool
    private var made: OpaquePointer?

    /// With `software`, keeps `bitmap`; otherwise uploads it and lets it go. `nearest`: the
    /// texture is never filtered when stretched.
    init?(_ bitmap: Bitmap, renderer: OpaquePointer, software: Bool, nearest: Bool = false) {
        width = bitmap.width
        height = bitmap.height
        self.renderer = renderer
        self.nearest = nearest
        self.bitmap = software ? bitmap : nil
        if !software {
            guard let t = Sprite.upload(bitmap, renderer, nearest: nearest) else { return nil }
            made = t
        }
    }

    /// Bytes of memory the image holds (its pixels, or its texture's; a texture made later from
    /// kept pixels, for SDL to draw with, is not counted).
    var bytes: Int { width * height * 4 }

    /// The texture for SDL to draw with, made from the pixels the first time it is needed.
    var texture: OpaquePointer? {
        if made == nil, let bitmap { made = Sprite.upload(bitmap, renderer, nearest: nearest) }
        return made
    }

    /// Frees the texture, which must go before its renderer. The sprite is not used afterwards.
    func destroy() {
        if let made { SDL_DestroyTexture(made) }
        made = nil
    }

    private static func upload(_ bitmap: Bitmap, _ renderer: OpaquePointer, nearest: Bool) -> OpaquePointer? {
        guard let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                          Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(bitmap.width), Int32(bitmap.height))
        else { return nil }
        guard SDL_UpdateTexture(tex, nil, bitmap.pixels, Int32(bitmap.width * 4)) == 0 else {
            SDL_DestroyTexture(tex)
            return nil
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        if nearest { SDL_SetTextureScaleMode(tex, SDL_ScaleModeNearest) }
        return tex
    }
}
