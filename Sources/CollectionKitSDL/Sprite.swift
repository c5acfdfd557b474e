import CSDL2

/// A cached image that frames draw many times (a text run, a shadow, outline corners), held once.
/// Text in one colour is held as its coverage, one byte a pixel, with the colour beside it.
///
/// On SDL's software renderer the pixel target blends the image's pixels itself, and an SDL
/// texture would be a second copy of the same pixels: there only the `bitmap` is kept, and a
/// texture is made from it if SDL itself must draw the image (as when recording a snapshot).
/// On any other renderer the pixels go to a texture at once and only the texture is kept.
final class Sprite {
    let width: Int
    let height: Int
    /// The pixels, on a software renderer; nil elsewhere, or when the image is a `mask`.
    let bitmap: Bitmap?
    /// The coverage of an image in one colour (`maskRGB`), on a software renderer.
    let mask: AlphaMask?
    let maskRGB: UInt32
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
        mask = nil
        maskRGB = 0
        if !software {
            guard let t = Sprite.upload(bitmap.pixels, bitmap.width, bitmap.height, renderer, nearest: nearest) else { return nil }
            made = t
        }
    }

    /// An image in one colour `rgb` whose alpha is `mask`: kept as the mask on a software
    /// renderer, uploaded as ARGB8888 pixels on any other. `nearest`: as for a bitmap.
    init?(_ mask: AlphaMask, rgb: UInt32, renderer: OpaquePointer, software: Bool, nearest: Bool = false) {
        width = mask.width
        height = mask.height
        self.renderer = renderer
        self.nearest = nearest
        bitmap = nil
        self.mask = software ? mask : nil
        maskRGB = rgb
        if !software {
            guard let t = Sprite.upload(mask, rgb, renderer, nearest: nearest) else { return nil }
            made = t
        }
    }

    /// Bytes of memory the image holds (its pixels or mask, or its texture's; a texture made later
    /// from kept pixels, for SDL to draw with, is not counted).
    var bytes: Int { width * height * (mask != nil ? 1 : 4) }

    /// The texture for SDL to draw with, made from the pixels the first time it is needed.
    var texture: OpaquePointer? {
        if made == nil, let bitmap { made = Sprite.upload(bitmap.pixels, width, height, renderer, nearest: nearest) }
        if made == nil, let mask { made = Sprite.upload(mask, maskRGB, renderer, nearest: nearest) }
        return made
    }

    /// Frees the texture, which must go before its renderer. The sprite is not used afterwards.
    func destroy() {
        if let made { SDL_DestroyTexture(made) }
        made = nil
    }

    private static func upload(_ mask: AlphaMask, _ rgb: UInt32, _ renderer: OpaquePointer, nearest: Bool) -> OpaquePointer? {
        var pixels = mask.pixels(in: rgb)
        return pixels.withUnsafeMutableBufferPointer { upload($0.baseAddress!, mask.width, mask.height, renderer, nearest: nearest) }
    }

    private static func upload(_ pixels: UnsafeMutablePointer<UInt32>, _ width: Int, _ height: Int, _ renderer: OpaquePointer,
                               nearest: Bool) -> OpaquePointer? {
        guard let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                          Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width), Int32(height))
        else { return nil }
        guard SDL_UpdateTexture(tex, nil, pixels, Int32(width * 4)) == 0 else {
            SDL_DestroyTexture(tex)
            return nil
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        if nearest { SDL_SetTextureScaleMode(tex, SDL_ScaleModeNearest) }
        return tex
    }
}
