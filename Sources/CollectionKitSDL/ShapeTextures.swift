import CSDL2
import CollectionKit

/// Textures for outline corners and soft shadows, made once per shape and colour with one
/// renderer, and blitted whole-pixel-aligned: the software renderer and a GPU then draw the
/// same pixels, and a frame costs blits rather than rasterising curves or blurring.
final class ShapeTextures {
    private let renderer: OpaquePointer
    /// Whether the renderer is SDL's software one, whose target draws the pixels itself.
    private let software: Bool
    private struct RingKey: Hashable { var radius: Int; var width: Int; var rgb: UInt32 }
    private var rings: [RingKey: Sprite] = [:]
    private struct ShadowKey: Hashable { var width: Int; var height: Int; var radius: Int; var blur: Int; var rgb: UInt32 }
    private var shadows: [ShadowKey: Shadow] = [:]
    /// Animated sizes or blurs would grow the caches without end; past these counts, or these
    /// bytes of pixels (a shadow too small to slice is as large as its rect), they start over.
    static let maxRings = 512, maxShadows = 96
    static let ringBudget = 4 << 20, shadowBudget = 16 << 20
    private(set) var ringBytes = 0, shadowBytes = 0
    /// Rings and shadows made so far (cache misses), for tests of what is prepared ahead.
    private(set) var madeCount = 0

    /// A blurred rounded rect. With `nineSlice`, the texture is the shadow of the smallest rect
    /// whose middle row and column are flat, and a shadow of any larger size is its corners
    /// (`edge`² each) plus its middle row and column stretched; otherwise it is the whole
    /// shadow of one size. `pad` is how far the blur reaches past the rect.
    struct Shadow {
        /// The blurred pixels, held once (see `Sprite`).
        var sprite: Sprite
        var pad: Int
        var edge: Int
        var nineSlice: Bool
        /// Coverage at the middle, 0...1 (just under 1 for the flattest base).
        var centre: Double
    }

    init(renderer: OpaquePointer, software: Bool) {
        self.renderer = renderer
        self.software = software
    }

    func drop() {
        dropRings()
        dropShadows()
    }

    private func dropRings() {
        for t in rings.values { t.destroy() }
        rings.removeAll()
        ringBytes = 0
    }

    private func dropShadows() {
        for s in shadows.values { s.sprite.destroy() }
        shadows.removeAll()
        shadowBytes = 0
    }

    private static func rgb(_ c: Color) -> UInt32 { UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b) }

    // MARK: Coverage

    /// Coverage of pixel (px, py) by the quarter-plane x ≥ o, y ≥ o with its corner rounded to
    /// radius r; the arc's coverage is the one the fills' corner discs use.
    static func cornerCoverage(_ px: Int, _ py: Int, origin o: Int, radius r: Int) -> Double {
        guard px >= o, py >= o else { return 0 }
        guard r >= 1, px < o + r, py < o + r else { return 1 }
        let dx = Double(px) + 0.5 - Double(o + r), dy = Double(py) + 0.5 - Double(o + r)
        return min(1, max(0, Double(r) + 0.5 - (dx * dx + dy * dy).squareRoot()))
    }

    /// Coverage of pixel (px, py) by a w×h rect at the origin with corner radius r.
    static func roundedRectCoverage(_ px: Int, _ py: Int, width w: Int, height h: Int, radius r: Int) -> Double {
        guard px >= 0, py >= 0, px < w, py < h else { return 0 }
        // Every corner is the top-left one mirrored.
        let fx = px < w / 2 ? px : w - 1 - px, fy = py < h / 2 ? py : h - 1 - py
        return cornerCoverage(fx, fy, origin: 0, radius: r)
    }

    // MARK: Rings

    /// Four corners of an outline of `width` pixels whose outside has `radius`, as quadrants of
    /// a (2c)² texture, c = max(radius, width): outer coverage less inner coverage.
    func ring(radius: Int, width: Int, color: Color) -> Sprite? {
        let key = RingKey(radius: radius, width: width, rgb: ShapeTextures.rgb(color))
        if let t = rings[key] { return t }
        madeCount += 1
        let c = max(radius, width), size = 2 * c
        let inner = max(0, radius - width)
        guard let made = makeTexture(width: size, height: size, rgb: key.rgb, alpha: { x, y in
            let fx = x < c ? x : size - 1 - x, fy = y < c ? y : size - 1 - y
            return ShapeTextures.cornerCoverage(fx, fy, origin: 0, radius: radius)
                - ShapeTextures.cornerCoverage(fx, fy, origin: width, radius: inner)
        }) else { return nil }
        if rings.count >= ShapeTextures.maxRings || ringBytes + made.bytes > ShapeTextures.ringBudget { dropRings() }
        rings[key] = made
        ringBytes += made.bytes
        return made
    }

    // MARK: Shadows

    /// The shadow of a w×h rect with corner `radius`, blurred like CSS's box-shadow (a Gaussian
    /// with σ = blur / 2), in `color` at full alpha (the caller modulates alpha).
    func shadow(width w: Int, height h: Int, radius: Int, blur: Int, color: Color) -> Shadow? {
        let sigma = Double(blur) / 2
        let pad = ShapeTextures.padding(blur: blur)
        // The smallest rect whose middle row and column the corners and the far side do not reach.
        let m = radius + pad
        let base = 2 * m + 1
        let nineSlice = w >= base && h >= base
        let key = ShadowKey(width: nineSlice ? 0 : w, height: nineSlice ? 0 : h, radius: radius, blur: blur,
                            rgb: ShapeTextures.rgb(color))
        if let s = shadows[key] { return s }
        madeCount += 1
        let (rw, rh) = nineSlice ? (base, base) : (w, h)
        let tw = rw + 2 * pad, th = rh + 2 * pad
        guard tw <= 8192, th <= 8192 else { return nil }
        var alpha = [Float](repeating: 0, count: tw * th)
        for y in 0..<th {
            for x in 0..<tw {
                alpha[y * tw + x] = Float(ShapeTextures.roundedRectCoverage(x - pad, y - pad, width: rw, height: rh, radius: radius))
            }
        }
        ShapeTextures.gaussianBlur(&alpha, width: tw, height: th, sigma: sigma)
        guard let made = makeTexture(width: tw, height: th, rgb: key.rgb, alpha: { x, y in Double(alpha[y * tw + x]) })
        else { return nil }
        let shadow = Shadow(sprite: made, pad: pad, edge: pad + m, nineSlice: nineSlice,
                            centre: Double(alpha[(th / 2) * tw + tw / 2]))
        if shadows.count >= ShapeTextures.maxShadows || shadowBytes + made.bytes > ShapeTextures.shadowBudget { dropShadows() }
        shadows[key] = shadow
        shadowBytes += made.bytes
        return shadow
    }

    /// How far a shadow of `blur` pixels reaches past its rect: three σ (σ = blur / 2).
    static func padding(blur: Int) -> Int { Int((3 * Double(blur) / 2).rounded(.up)) }

    /// A Gaussian blur approximated by three box blurs per axis (within a few per cent of the
    /// true kernel), O(pixels) whatever σ; outside the image counts as transparent.
    static func gaussianBlur(_ a: inout [Float], width w: Int, height h: Int, sigma: Double) {
        guard sigma > 0.2 else { return }
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: w)
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: w)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        defer { scratch.deallocate(); sums.deallocate(); out.deallocate() }
        a.withUnsafeMutableBufferPointer { buffer in
            let a = buffer.baseAddress!
            for box in boxSizes(sigma: sigma, passes: 3) {
                let r = (box - 1) / 2
                guard r > 0 else { continue }
                for y in 0..<h {
                    boxBlur(a + y * w, into: scratch, count: w, radius: r)
                    (a + y * w).update(from: scratch, count: w)
                }
                // Down the columns, all columns at once (a row of running sums): the same sums
                // in the same order as one column at a time, read along rows.
                let scale = 1 / Float(2 * r + 1)
                sums.initialize(repeating: 0, count: w)
                for i in 0...min(r, h - 1) {
                    let row = a + i * w
                    for x in 0..<w { sums[x] += row[x] }
                }
                for y in 0..<h {
                    let o = out + y * w
                    for x in 0..<w { o[x] = sums[x] * scale }
                    let add = y + r + 1, remove = y - r
                    if add < h {
                        let row = a + add * w
                        for x in 0..<w { sums[x] += row[x] }
                    }
                    if remove >= 0 {
                        let row = a + remove * w
                        for x in 0..<w { sums[x] -= row[x] }
                    }
                }
                a.update(from: out, count: w * h)
            }
        }
    }

    /// Odd box widths whose repeated application has the variance of a Gaussian of `sigma`.
    static func boxSizes(sigma: Double, passes n: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - Double(n) * l * l - 4 * Double(n) * l - 3 * Double(n)) / (-4 * l - 4)).rounded()
        return (0..<n).map { Double($0) < m ? lower : upper }
    }

    private static func boxBlur(_ src: UnsafePointer<Float>, into dst: UnsafeMutablePointer<Float>, count n: Int, radius r: Int) {
        let scale = 1 / Float(2 * r + 1)
        var sum: Float = 0
        for i in 0...min(r, n - 1) { sum += src[i] }
        for i in 0..<n {
            dst[i] = sum * scale
            let add = i + r + 1, remove = i - r
            if add < n { sum += src[add] }
            if remove >= 0 { sum -= src[remove] }
        }
    }

    /// An image in `rgb` whose alpha is `alpha(x, y)` (0...1), blended and never filtered. On the
    /// software renderer it is kept as its coverage, one byte a pixel rather than four (a shape is
    /// in one colour): the pixel target draws a mask in its colour with the same pixels as the
    /// ARGB copy (`PixelTarget.blitMask`).
    private func makeTexture(width w: Int, height h: Int, rgb: UInt32, alpha: (Int, Int) -> Double) -> Sprite? {
        guard w > 0, h > 0 else { return nil }
        if software {
            let mask = AlphaMask(width: w, height: h)
            for y in 0..<h {
                let row = mask.coverage + y * w
                for x in 0..<w { row[x] = UInt8((min(1, max(0, alpha(x, y))) * 255).rounded()) }
            }
            return Sprite(mask, rgb: rgb, renderer: renderer, software: true, nearest: true)
        }
        let bitmap = Bitmap(width: w, height: h)
        for y in 0..<h {
            let row = bitmap.pixels + y * w
            for x in 0..<w {
                let a = UInt32((min(1, max(0, alpha(x, y))) * 255).rounded())
                row[x] = a << 24 | rgb
            }
        }
        return Sprite(bitmap, renderer: renderer, software: software, nearest: true)
    }
}
