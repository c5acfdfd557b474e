import CSDL2
import CollectionKit

/// A copy of a texture's ARGB8888 pixels (colour not premultiplied), kept beside the texture so
/// that a software target can blend it itself.
final class Bitmap {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>

    /// Copies an ARGB8888 surface; nil for any other format.
    init?(surface: UnsafeMutablePointer<SDL_Surface>) {
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              surface.pointee.w > 0, surface.pointee.h > 0 else { return nil }
        width = Int(surface.pointee.w)
        height = Int(surface.pointee.h)
        pixels = .allocate(capacity: width * height)
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        let base = UnsafeRawPointer(surface.pointee.pixels!)
        for y in 0..<height {
            (pixels + y * width).update(from: (base + y * pitch).assumingMemoryBound(to: UInt32.self), count: width)
        }
    }

    /// A blank (transparent) bitmap.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
    }

    deinit { pixels.deallocate() }

    /// True when every pixel's colour is black (only alpha varies), as in a shadow: such a copy
    /// only darkens, and takes the branch-free path. Worked out once, on first use.
    lazy var isBlack: Bool = {
        for i in 0..<width * height where pixels[i] & 0xFF_FFFF != 0 { return false }
        return true
    }()
}

/// Coverage at one byte a pixel (a corner disc's, or a run of text in one colour), drawn in a
/// colour by `PixelTarget.blitMask`: a quarter of the memory of ARGB8888 pixels with that alpha.
final class AlphaMask {
    let width: Int
    let height: Int
    let coverage: UnsafeMutablePointer<UInt8>

    /// A clear mask.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        coverage = .allocate(capacity: width * height)
        coverage.initialize(repeating: 0, count: width * height)
    }

    deinit { coverage.deallocate() }

    /// Per row, the columns from the first to past the last pixel with any coverage (equal when
    /// none): what a copy reads, so the clear margins of a run of text cost nothing. Worked out at
    /// the first copy, once the coverage is written.
    private(set) lazy var inkedColumns: [(start: Int32, end: Int32)] = (0..<height).map { y in
        let row = coverage + y * width
        guard let first = (0..<width).first(where: { row[$0] != 0 }) else { return (0, 0) }
        let last = (first..<width).last(where: { row[$0] != 0 })!
        return (Int32(first), Int32(last + 1))
    }

    /// The alpha of an ARGB8888 surface every visible pixel of which is `rgb` (text rendered in
    /// one colour); nil when one is not (colour emoji), or for another format.
    static func alpha(of surface: UnsafeMutablePointer<SDL_Surface>, allOf rgb: UInt32) -> AlphaMask? {
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              surface.pointee.w > 0, surface.pointee.h > 0 else { return nil }
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = UnsafeRawPointer(surface.pointee.pixels!)
        for y in 0..<h {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w where row[x] >> 24 != 0 && row[x] & 0xFF_FFFF != rgb { return nil }
        }
        let mask = AlphaMask(width: w, height: h)
        for y in 0..<h {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { mask.coverage[y * w + x] = UInt8(row[x] >> 24) }
        }
        return mask
    }

    /// The mask as ARGB8888 pixels in `rgb` with its coverage as alpha.
    func pixels(in rgb: UInt32) -> [UInt32] {
        (0..<width * height).map { UInt32(coverage[$0]) << 24 | rgb }
    }

    /// The mask as white ARGB8888 pixels with its coverage as alpha (for a texture).
    func whitePixels() -> [UInt32] {
        (0..<width * height).map { UInt32(coverage[$0]) << 24 | 0x00FF_FFFF }
    }
}

/// Drawing straight into the memory of a software renderer's target surface: whole-pixel rect
/// fills and blended copies of `Bitmap`s, with SDL's blend equation (source alpha times the
/// alpha modulation, over the destination).
///
/// SDL's software renderer fills with non-temporal stores, which push every filled line out of
/// the cache just before the text and corners drawn over it read it back; its modulated and
/// stretched copies go through generic per-pixel blitters and a scaled copy into a temporary
/// surface. Plain stores and one blend loop draw the same pixels for a fraction of the cost.
struct PixelTarget {
    let pixels: UnsafeMutablePointer<UInt32>
    /// Pixels per row (the surface's pitch in pixels).
    let stride: Int
    let width: Int
    let height: Int

    /// The surface's pixels, if it is a 32-bit surface with the ARGB8888 layout (alpha ignored
    /// or not) that needs no locking.
    init?(surface: UnsafeMutablePointer<SDL_Surface>) {
        let format = surface.pointee.format.pointee.format
        guard format == SDL_PIXELFORMAT_ARGB8888.rawValue || format == SDL_PIXELFORMAT_RGB888.rawValue,
              surface.pointee.pitch % 4 == 0, surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0,
              let p = surface.pointee.pixels else { return nil }
        pixels = p.assumingMemoryBound(to: UInt32.self)
        stride = Int(surface.pointee.pitch) / 4
        width = Int(surface.pointee.w)
        height = Int(surface.pointee.h)
    }

    /// Pixels in memory of its own (for tests).
    init(pixels: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int) {
        self.pixels = pixels
        self.stride = stride
        self.width = width
        self.height = height
    }

    /// `r` cut to the target and to `clip` (nil: no clip); nil when nothing is left.
    func clipped(_ r: SDL_Rect, _ clip: SDL_Rect?) -> SDL_Rect? {
        var x0 = Int(r.x), y0 = Int(r.y), x1 = x0 + Int(r.w), y1 = y0 + Int(r.h)
        x0 = max(x0, 0); y0 = max(y0, 0); x1 = min(x1, width); y1 = min(y1, height)
        if let c = clip {
            x0 = max(x0, Int(c.x)); y0 = max(y0, Int(c.y))
            x1 = min(x1, Int(c.x) + Int(c.w)); y1 = min(y1, Int(c.y) + Int(c.h))
        }
        guard x1 > x0, y1 > y0 else { return nil }
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }

    /// Moves the pixels of `region` by `dx`, `dy` within it: each pixel of the region whose
    /// source (`dx`, `dy` back) is in the region takes that pixel's colour, in one copy per row;
    /// the rest keep theirs, to be drawn over. Pixels in `keep` stay as they are (they show
    /// already what the frame draws there: see `RedrawPlan.keep`).
    func shift(_ region: PixelBox, dx: Int, dy: Int, keeping keep: [PixelBox] = []) {
        let r = region.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        let moved = r.intersection(r.offsetBy(dx, dy))
        guard !moved.isEmpty, dx != 0 || dy != 0 else { return }
        let kept = keep.map { $0.intersection(moved) }.filter { !$0.isEmpty }
        if !kept.isEmpty { return shift(moved, dx: dx, dy: dy, leaving: kept) }
        let bytes = (moved.x1 - moved.x0) * 4
        if dx == 0, moved.x0 == 0, moved.x1 == stride {
            // Whole rows moved up or down: one block.
            UnsafeMutableRawPointer(pixels + moved.y0 * stride)
                .copyMemory(from: UnsafeRawPointer(pixels + (moved.y0 - dy) * stride), byteCount: bytes * (moved.y1 - moved.y0))
            return
        }
        func copyRow(_ y: Int) {
            UnsafeMutableRawPointer(pixels + y * stride + moved.x0)
                .copyMemory(from: UnsafeRawPointer(pixels + (y - dy) * stride + moved.x0 - dx), byteCount: bytes)
        }
        // Rows in the order that reads each source row before it is written over.
        if dy > 0 {
            var y = moved.y1 - 1
            while y >= moved.y0 { copyRow(y); y -= 1 }
        } else {
            for y in moved.y0..<moved.y1 { copyRow(y) }
        }
    }

    /// Moves the pixels that land in `moved` as `shift` does, but leaves those in `kept` (within
    /// `moved`) as they are. Rows go in the order that reads each source row before it is
    /// written over; within a row, the spans between kept pixels go in the order the pixels
    /// move, so no span writes over the source of a span after it.
    private func shift(_ moved: PixelBox, dx: Int, dy: Int, leaving kept: [PixelBox]) {
        var bands = moved.uncutBands(kept)
        if dy > 0 { bands.reverse() }
        for band in bands {
            let spans = dx > 0 ? Array(band.spans.reversed()) : band.spans
            func copyRow(_ y: Int) {
                for (a, b) in spans {
                    UnsafeMutableRawPointer(pixels + y * stride + a)
                        .copyMemory(from: UnsafeRawPointer(pixels + (y - dy) * stride + a - dx), byteCount: (b - a) * 4)
                }
            }
            if dy > 0 {
                var y = band.y1 - 1
                while y >= band.y0 { copyRow(y); y -= 1 }
            } else {
                for y in band.y0..<band.y1 { copyRow(y) }
            }
        }
    }

    /// x / 255 rounded, for x in 0...255².
    @inline(__always) static func div255(_ x: UInt32) -> UInt32 {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }

    /// Fills `r` (already whole pixels) with `color`: stored when opaque, blended otherwise.
    func fill(_ r: SDL_Rect, color c: Color, clip: SDL_Rect?) {
        guard c.a > 0, let d = clipped(r, clip) else { return }
        let w = Int(d.w)
        var row = pixels + Int(d.y) * stride + Int(d.x)
        if c.a == 255 {
            let value = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            for _ in 0..<Int(d.h) {
                row.update(repeating: value, count: w)
                row += stride
            }
            return
        }
        let a = UInt32(c.a), s = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        for _ in 0..<Int(d.h) {
            for x in 0..<w { row[x] = PixelTarget.blend(row[x], s, a) }
            row += stride
        }
    }

    /// `s` over `d` at alpha `a` (0...255), red and blue worked on together; the result is opaque.
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, _ a: UInt32) -> UInt32 {
        let inv = 255 - a
        var rb = (d & 0xFF00FF) &* inv &+ (s & 0xFF00FF) &* a &+ 0x80_0080
        rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
        var g = (d & 0xFF00) &* inv &+ (s & 0xFF00) &* a &+ 0x8000
        g = ((g &+ ((g >> 8) & 0xFF00)) >> 8) & 0xFF00
        return 0xFF00_0000 | rb | g
    }

    /// Puts `s` (colour) at alpha `a` over the pixel at `p`: skipped when clear, stored when
    /// opaque; a black source (a shadow) only darkens what is there.
    @inline(__always) static func over(_ p: UnsafeMutablePointer<UInt32>, _ s: UInt32, _ a: UInt32) {
        if a == 0 { return }
        if a == 255 { p.pointee = s | 0xFF00_0000; return }
        if s & 0xFF_FFFF == 0 {
            p.pointee = darkened(p.pointee, a)
            return
        }
        p.pointee = blend(p.pointee, s, a)
    }

    /// `d` under black at alpha `a` (0...255), opaque; `d` itself when `a` is 0. Branch-free but
    /// for that select, so the darkening loops below vectorise.
    @inline(__always) static func darkened(_ d: UInt32, _ a: UInt32) -> UInt32 {
        let inv = 255 &- a
        var rb = (d & 0xFF00FF) &* inv &+ 0x80_0080
        rb = ((rb &+ ((rb &>> 8) & 0xFF00FF)) &>> 8) & 0xFF00FF
        var g = (d & 0xFF00) &* inv &+ 0x8000
        g = ((g &+ ((g &>> 8) & 0xFF00)) &>> 8) & 0xFF00
        return a == 0 ? d : 0xFF00_0000 | rb | g
    }

    /// Darkens `count` pixels at `dst` by the alpha of the black pixels at `src` times `m`
    /// (0...255): the same pixels as `over` with a black source, in a loop without branches that
    /// the compiler vectorises. A pixel whose alpha comes to 0 is left exactly as it was.
    static func darken(_ dst: UnsafeMutablePointer<UInt32>, by src: UnsafePointer<UInt32>, count: Int, modulation m: UInt32) {
        if m == 255 {
            for i in 0..<count { dst[i] = darkened(dst[i], src[i] &>> 24) }
        } else {
            for i in 0..<count { dst[i] = darkened(dst[i], div255((src[i] &>> 24) &* m)) }
        }
    }

    /// `darken(_:by:count:modulation:)` for coverage bytes: the same pixels as `over` in black.
    static func darken(_ dst: UnsafeMutablePointer<UInt32>, byCoverage src: UnsafePointer<UInt8>, count: Int, modulation m: UInt32) {
        if m == 255 {
            for i in 0..<count { dst[i] = darkened(dst[i], UInt32(src[i])) }
        } else {
            for i in 0..<count { dst[i] = darkened(dst[i], div255(UInt32(src[i]) &* m)) }
        }
    }

    /// Draws the `src` part of `mask` onto `dst` (whole pixels) in `color`: each pixel at the
    /// mask's coverage times the colour's alpha. The same pixels as `blit` of a white bitmap with
    /// that coverage as alpha, given `color`.
    func blitMask(_ mask: AlphaMask, src: SDL_Rect, dst: SDL_Rect, color: Color, clip: SDL_Rect?) {
        let m = UInt32(color.a)
        guard m > 0, src.w > 0, src.h > 0, dst.w > 0, dst.h > 0,
              src.x >= 0, src.y >= 0, Int(src.x + src.w) <= mask.width, Int(src.y + src.h) <= mask.height,
              let d = clipped(dst, clip) else { return }
        let rgb = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let w = Int(d.w)
        var row = pixels + Int(d.y) * stride + Int(d.x)
        // Unscaled (text, corners: nearly every mask a frame draws): rows of coverage read in
        // place, with nothing made per call; an opaque colour needs no table either.
        if src.w == dst.w, src.h == dst.h {
            let sx = Int(d.x) - Int(dst.x) + Int(src.x), sy = Int(d.y) - Int(dst.y) + Int(src.y)
            let coverage = mask.coverage, maskWidth = mask.width, base = row, stride = stride
            // Each row from its first inked column to past its last, within the copied part.
            let copyRows = { (each: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt8>, Int) -> Void) in
                mask.inkedColumns.withUnsafeBufferPointer { inked in
                    for j in 0..<Int(d.h) {
                        let (start, end) = inked[sy + j]
                        let lo = max(Int(start), sx), hi = min(Int(end), sx + w)
                        if lo < hi { each(base + j * stride + (lo - sx), coverage + (sy + j) * maskWidth + lo, hi - lo) }
                    }
                }
            }
            // A shadow (black) only darkens: the branch-free loop, as `blit` takes for black pixels.
            if rgb == 0 {
                copyRows { p, from, n in PixelTarget.darken(p, byCoverage: from, count: n, modulation: m) }
                return
            }
            // The branching loop steps over clear and full coverage, which is most of a mask; a
            // branch-free loop the compiler vectorises measured no faster on rows this short.
            if m == 255 {
                copyRows { p, from, n in for i in 0..<n { PixelTarget.over(p + i, rgb, UInt32(from[i])) } }
                return
            }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { modulated in
                for a in 0..<256 as Range<UInt32> { modulated[Int(a)] = PixelTarget.div255(a * m) }
                copyRows { p, from, n in for i in 0..<n { PixelTarget.over(p + i, rgb, modulated[Int(from[i])]) } }
            }
            return
        }
        // Nearest sampling in 16.16 fixed point, from each destination pixel's centre, as `blit`.
        let stepX = (Int(src.w) << 16) / Int(dst.w), stepY = (Int(src.h) << 16) / Int(dst.h)
        let sameHeight = src.h == dst.h
        var column = [Int](repeating: 0, count: w)
        for i in 0..<w {
            let dx = Int(d.x) + i - Int(dst.x)
            column[i] = src.w == dst.w ? dx + Int(src.x) : min(Int(src.w) - 1, (dx * stepX + stepX / 2) >> 16) + Int(src.x)
        }
        let modulated = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        defer { modulated.deallocate() }
        for a in 0..<256 as Range<UInt32> { modulated[Int(a)] = m == 255 ? a : PixelTarget.div255(a * m) }
        column.withUnsafeBufferPointer { cols in
            for j in 0..<Int(d.h) {
                let dy = Int(d.y) + j - Int(dst.y)
                let sy = sameHeight ? dy + Int(src.y) : min(Int(src.h) - 1, (dy * stepY + stepY / 2) >> 16) + Int(src.y)
                let srcRow = mask.coverage + sy * mask.width
                if src.w == 1 {
                    // One source column stretched (a shadow's side): one colour along the row.
                    let a = modulated[Int(srcRow[Int(src.x)])]
                    if a == 255 {
                        row.update(repeating: rgb | 0xFF00_0000, count: w)
                    } else if a > 0 {
                        for i in 0..<w { row[i] = PixelTarget.blend(row[i], rgb, a) }
                    }
                } else if src.w == dst.w && rgb == 0 {
                    // A row copied as it is, in black (a shadow's side stretched down).
                    PixelTarget.darken(row, byCoverage: srcRow + cols[0], count: w, modulation: m)
                } else {
                    for i in 0..<w { PixelTarget.over(row + i, rgb, modulated[Int(srcRow[cols[i]])]) }
                }
                row += stride
            }
        }
    }

    /// Copies the `src` part of a picture (`pixels`, `width` × `height` ARGB8888 words) onto `dst`
    /// (whole pixels) with its corners rounded as it goes: the pixels `blit` draws from a copy of
    /// that part whose corners' alpha was multiplied by the quadrants of `disc` (a disc of radius
    /// `radius` source pixels; nil or 0 for square corners), without making the copy. A picture a
    /// frame shows is then held once, in the pipeline's cache, not again per cell.
    func blitPicture(_ pixels: UnsafePointer<UInt32>, width pw: Int, height ph: Int, src: SDL_Rect, dst: SDL_Rect,
                     alpha mod: UInt8, corners disc: AlphaMask?, radius: Int, clip: SDL_Rect?) {
        let m = UInt32(mod)
        guard m > 0, src.w > 0, src.h > 0, dst.w > 0, dst.h > 0,
              src.x >= 0, src.y >= 0, Int(src.x + src.w) <= pw, Int(src.y + src.h) <= ph,
              let d = clipped(dst, clip) else { return }
        let bw = Int(src.w), bh = Int(src.h)
        let r = disc == nil ? 0 : max(0, min(radius, bw / 2, bh / 2))
        if let disc, r > 0, disc.width < 2 * r || disc.height < 2 * r { return }
        let w = Int(d.w)
        // Nearest sampling in 16.16 fixed point, from each destination pixel's centre, as `blit`;
        // columns and rows within the copied part.
        let stepX = (bw << 16) / Int(dst.w), stepY = (bh << 16) / Int(dst.h)
        let sameWidth = src.w == dst.w, sameHeight = src.h == dst.h
        var column = [Int](repeating: 0, count: w)
        for i in 0..<w {
            let dx = Int(d.x) + i - Int(dst.x)
            column[i] = sameWidth ? dx : min(bw - 1, (dx * stepX + stepX / 2) >> 16)
        }
        var row = self.pixels + Int(d.y) * stride + Int(d.x)
        let modulated = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        defer { modulated.deallocate() }
        for a in 0..<256 as Range<UInt32> { modulated[Int(a)] = m == 255 ? a : PixelTarget.div255(a * m) }
        let coverage = disc?.coverage, discWidth = disc?.width ?? 0
        column.withUnsafeBufferPointer { cols in
            for j in 0..<Int(d.h) {
                let dy = Int(d.y) + j - Int(dst.y)
                let by = sameHeight ? dy : min(bh - 1, (dy * stepY + stepY / 2) >> 16)
                let srcRow = pixels + (Int(src.y) + by) * pw + Int(src.x)
                if bw == 1 {
                    // One source column stretched: one colour along the row (no corners at this width).
                    let s = srcRow[0]
                    var a = s >> 24
                    if m != 255 { a = PixelTarget.div255(a * m) }
                    if a == 255 {
                        row.update(repeating: s | 0xFF00_0000, count: w)
                    } else if a > 0 {
                        for i in 0..<w { row[i] = PixelTarget.blend(row[i], s, a) }
                    }
                    row += stride
                    continue
                }
                // The disc's row for a row in the top or bottom corners; none between them.
                let discRow = by < r ? by : (by >= bh - r ? r + by - (bh - r) : -1)
                if discRow < 0 || coverage == nil {
                    for i in 0..<w { let s = srcRow[cols[i]]; PixelTarget.over(row + i, s, modulated[Int(s >> 24)]) }
                } else {
                    let line = coverage! + discRow * discWidth
                    for i in 0..<w {
                        let bx = cols[i], s = srcRow[bx]
                        var a = s >> 24
                        if bx < r {
                            a = PixelTarget.div255(a * UInt32(line[bx]))
                        } else if bx >= bw - r {
                            a = PixelTarget.div255(a * UInt32(line[r + bx - (bw - r)]))
                        }
                        PixelTarget.over(row + i, s, modulated[Int(a)])
                    }
                }
                row += stride
            }
        }
    }

    /// Copies the `src` part of `bitmap` onto `dst` (whole pixels), blended by the bitmap's alpha
    /// times `alpha`. When the sizes differ each destination pixel takes the nearest source pixel.
    /// With `color`, the bitmap is a coverage mask: its alpha times the colour's is drawn in that
    /// colour (and `alpha` is ignored).
    func blit(_ bitmap: Bitmap, src: SDL_Rect, dst: SDL_Rect, alpha mod: UInt8, color: Color? = nil, clip: SDL_Rect?) {
        let m = UInt32(color?.a ?? mod)
        guard m > 0, src.w > 0, src.h > 0, dst.w > 0, dst.h > 0,
              src.x >= 0, src.y >= 0, Int(src.x + src.w) <= bitmap.width, Int(src.y + src.h) <= bitmap.height,
              let d = clipped(dst, clip) else { return }
        let tint: UInt32? = color.map { UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) }
        // A shadow (black pixels, or a mask drawn in black) only darkens: the branch-free path.
        let darkensOnly = tint.map { $0 == 0 } ?? bitmap.isBlack
        let w = Int(d.w)
        // Nearest sampling in 16.16 fixed point, from each destination pixel's centre.
        let stepX = (Int(src.w) << 16) / Int(dst.w), stepY = (Int(src.h) << 16) / Int(dst.h)
        let sameWidth = src.w == dst.w, sameHeight = src.h == dst.h
        var column = [Int](repeating: 0, count: sameWidth ? 0 : w)
        if !sameWidth {
            for i in 0..<w {
                let dx = Int(d.x) + i - Int(dst.x)
                column[i] = min(Int(src.w) - 1, (dx * stepX + stepX / 2) >> 16) + Int(src.x)
            }
        }
        var row = pixels + Int(d.y) * stride + Int(d.x)
        let sx0 = Int(d.x) - Int(dst.x) + Int(src.x)
        // Each source alpha times the modulation, worked out once for the whole copy.
        let modulated = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        defer { modulated.deallocate() }
        for a in 0..<256 as Range<UInt32> { modulated[Int(a)] = m == 255 ? a : PixelTarget.div255(a * m) }
        column.withUnsafeBufferPointer { cols in
            for j in 0..<Int(d.h) {
                let dy = Int(d.y) + j - Int(dst.y)
                let sy = sameHeight ? dy + Int(src.y) : min(Int(src.h) - 1, (dy * stepY + stepY / 2) >> 16) + Int(src.y)
                let srcRow = bitmap.pixels + sy * bitmap.width
                if src.w == 1 {
                    // One source column stretched: one colour along the row.
                    var s = srcRow[Int(src.x)]
                    var a = s >> 24
                    if let tint { s = tint }
                    if m != 255 { a = PixelTarget.div255(a * m) }
                    if a == 255 {
                        row.update(repeating: s | 0xFF00_0000, count: w)
                    } else if a > 0 {
                        for i in 0..<w { row[i] = PixelTarget.blend(row[i], s, a) }
                    }
                    row += stride
                    continue
                }
                if sameWidth {
                    let from = srcRow + sx0
                    if darkensOnly {
                        PixelTarget.darken(row, by: from, count: w, modulation: m)
                    } else if let tint {
                        for i in 0..<w { PixelTarget.over(row + i, tint, modulated[Int(from[i] >> 24)]) }
                    } else {
                        for i in 0..<w { let s = from[i]; PixelTarget.over(row + i, s, modulated[Int(s >> 24)]) }
                    }
                } else {
                    for i in 0..<w {
                        let s = srcRow[cols[i]]
                        PixelTarget.over(row + i, tint ?? s, modulated[Int(s >> 24)])
                    }
                }
                row += stride
            }
        }
    }
}
