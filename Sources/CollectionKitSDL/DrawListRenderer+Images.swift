import CSDL2
import CollectionKit

/// A picture ready to copy: the part of the decoded pixels a placement shows, with its corners
/// rounded into its alpha, as a `Sprite` (the pixels on a software target, a texture elsewhere).
/// Made when a frame first draws the picture and kept while frames keep drawing it.
struct ImageSprite {
    var pixels: ImagePixels
    var source: PixelBox
    var radius: Int
    var sprite: Sprite
}

extension DrawListRenderer {
    /// Draws a picture: placed by its content mode in whole device pixels, copied one to one when
    /// it was made for these pixels (sharp at any scale), faded by the opacity in force. Both the
    /// software target and SDL copy the same sprite, so they draw the same pixels.
    func drawImage(_ run: ImageRun) {
        guard opacity > 0, let (src, dst, radius) = imagePlacement(run, transform) else { return }
        let alpha = opacity >= 1 ? 255 : UInt8((opacity * 255).rounded())
        if isSoftwareRenderer, drawImageInPlace(run, source: src, dst: dst, radius: radius, alpha: alpha) { return }
        guard let sprite = imageSprite(run, source: src, radius: radius) else { return }
        copy(sprite, src: nil, dst: frect(dst), alpha: alpha)
    }

    /// On the software renderer, draws the picture straight from the pipeline's pixels, its
    /// corners rounded by the cached disc mask as it is copied (the same pixels as the sprite):
    /// no copy of the picture per cell. False when the pixels are not at hand (SDL draws).
    private func drawImageInPlace(_ run: ImageRun, source: PixelBox, dst: Rect, radius: Int, alpha: UInt8) -> Bool {
        guard let p = direct() else { return false }
        let w = source.x1 - source.x0, h = source.y1 - source.y0
        let r = min(radius, w / 2, h / 2)
        let disc = r >= 1 ? discMask(radius: r) : nil
        let pixels = run.pixels
        pixels.pixels.withUnsafeBufferPointer { all in
            p.blitPicture(all.baseAddress!, width: pixels.width, height: pixels.height,
                          src: SDL_Rect(x: Int32(source.x0), y: Int32(source.y0), w: Int32(w), h: Int32(h)),
                          dst: wholePixels(frect(dst)), alpha: alpha, corners: disc, radius: r, clip: clip)
        }
        return true
    }

    /// Where a picture lands under `t`: the source pixels shown, the destination in whole pixels
    /// and the corner radius in source pixels; nil when nothing shows.
    func imagePlacement(_ run: ImageRun, _ t: Transform) -> (PixelBox, Rect, Int)? {
        let (s, d) = run.mode.placement(image: run.pixels.size, into: t.apply(run.rect))
        let dst = snapped(d)
        guard !dst.isEmpty, s.width > 0, s.height > 0 else { return nil }
        let x0 = max(0, Int(s.minX.rounded())), y0 = max(0, Int(s.minY.rounded()))
        let src = PixelBox(x0: x0, y0: y0, x1: min(run.pixels.width, max(x0 + 1, Int(s.maxX.rounded()))),
                           y1: min(run.pixels.height, max(y0 + 1, Int(s.maxY.rounded()))))
        // The radius rounds the drawn rect; in the sprite it is in source pixels.
        let onScreen = DrawListRenderer.cornerRadius(run.cornerRadius * t.scale, of: dst)
        let radius = Int((onScreen * Double(src.x1 - src.x0) / dst.width).rounded())
        return (src, dst, max(0, min(radius, DrawListRenderer.largestCachedDisc)))
    }

    /// The pixels a picture can touch, for the partial redraw's survey.
    func imageBounds(_ run: ImageRun, _ t: Transform) -> PixelBox {
        guard let (_, dst, _) = imagePlacement(run, t) else { return .empty }
        return PixelBox(covering: dst, margin: 0)
    }

    /// The sprite for `run`'s picture cut to `source` with corners of `radius`, made (again) when
    /// the picture, the part shown or the radius changed.
    private func imageSprite(_ run: ImageRun, source: PixelBox, radius: Int) -> Sprite? {
        if let kept = imageSprites[run.key], kept.pixels === run.pixels, kept.source == source, kept.radius == radius {
            return kept.sprite
        }
        imageSprites[run.key]?.sprite.destroy()
        imageSprites[run.key] = nil
        let bitmap = DrawListRenderer.bitmap(run.pixels, source: source, radius: radius)
        guard let sprite = Sprite(bitmap, renderer: renderer, software: isSoftwareRenderer) else { return nil }
        imageSprites[run.key] = ImageSprite(pixels: run.pixels, source: source, radius: radius, sprite: sprite)
        return sprite
    }

    /// The `source` part of `pixels` as a bitmap, its corners' alpha multiplied by the coverage
    /// of a disc of `radius` (the same anti-aliased edge as a rounded fill's).
    static func bitmap(_ pixels: ImagePixels, source: PixelBox, radius: Int) -> Bitmap {
        let w = source.x1 - source.x0, h = source.y1 - source.y0
        let b = Bitmap(width: w, height: h)
        pixels.pixels.withUnsafeBufferPointer { all in
            for y in 0..<h {
                let from = all.baseAddress! + (source.y0 + y) * pixels.width + source.x0
                (b.pixels + y * w).update(from: from, count: w)
            }
        }
        let r = min(radius, w / 2, h / 2)
        guard r >= 1, let disc = makeDiscMask(radius: r) else { return b }
        // Each corner square takes the matching quadrant of the disc.
        for (cx, cy, qx, qy) in [(0, 0, 0, 0), (w - r, 0, r, 0), (0, h - r, 0, r), (w - r, h - r, r, r)] {
            for y in 0..<r {
                for x in 0..<r {
                    let c = UInt32(disc.coverage[(qy + y) * disc.width + qx + x])
                    let p = b.pixels + (cy + y) * w + cx + x
                    let a = PixelTarget.div255((p.pointee >> 24) * c)
                    p.pointee = a << 24 | p.pointee & 0xFF_FFFF
                }
            }
        }
        return b
    }

    /// Keeps the sprites of the pictures `commands` draw and frees the rest: only what is on
    /// screen is held (the pipeline's memory cache holds the pixels within its own budget).
    func keepImageSprites(namedIn commands: [DrawCommand]) {
        guard !imageSprites.isEmpty else { return }
        var named = Set<ImageKey>()
        for case let .image(run) in commands { named.insert(run.key) }
        for (key, kept) in imageSprites where !named.contains(key) {
            kept.sprite.destroy()
            imageSprites[key] = nil
        }
    }

    /// Frees every picture's texture (before the renderer goes).
    func dropImageSprites() {
        for kept in imageSprites.values { kept.sprite.destroy() }
        imageSprites.removeAll()
    }

    /// Bytes the pictures on screen hold in the backend.
    public var imageSpriteBytes: Int { imageSprites.values.reduce(0) { $0 + $1.sprite.bytes } }
}
