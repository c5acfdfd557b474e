import CSDL2
import CSDL2Image

/// An RGB image in memory (ARGB8888 words, opaque), for screenshots and golden comparisons.
public struct Image: Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Writes the image as a PNG. The pixels are lent to SDL as they are (it only reads them), not
    /// copied first.
    public func writePNG(to path: String) throws {
        let ok = pixels.withUnsafeBytes { raw -> Bool in
            guard let s = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: raw.baseAddress), Int32(width), Int32(height), 32,
                                                             Int32(width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else { return false }
            defer { SDL_FreeSurface(s) }
            return IMG_SavePNG(s, path) == 0
        }
        guard ok else { throw BackendError("cannot write \(path)") }
    }

    /// Writes the image as a JPEG of `quality` (0...100), for test pictures and benchmarks.
    public func writeJPEG(to path: String, quality: Int = 85) throws {
        var copy = pixels
        let ok = copy.withUnsafeMutableBytes { raw -> Bool in
            guard let s = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(width), Int32(height), 32,
                                                             Int32(width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else { return false }
            defer { SDL_FreeSurface(s) }
            return IMG_SaveJPG(s, path, Int32(quality)) == 0
        }
        guard ok else { throw BackendError("cannot write \(path)") }
    }

    public static func readPNG(_ path: String) throws -> Image {
        guard let loaded = IMG_Load(path) else { throw BackendError("cannot read \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw BackendError("cannot convert \(path)")
        }
        defer { SDL_FreeSurface(s) }
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        SDL_LockSurface(s)
        let px = Image.opaqueCopy(of: UnsafeRawPointer(s.pointee.pixels!), width: w, height: h, pitch: pitch)
        SDL_UnlockSurface(s)
        return Image(width: w, height: h, pixels: px)
    }

    /// The pixels of a surface's rows (`pitch` bytes apart) as opaque ARGB words: each row is
    /// copied whole, then its alpha set, through pointers (a debug build's per-pixel array
    /// subscripts made a full-window capture cost a large share of a golden test).
    static func opaqueCopy(of base: UnsafeRawPointer, width w: Int, height h: Int, pitch: Int) -> [UInt32] {
        guard w > 0, h > 0 else { return [] }
        return [UInt32](unsafeUninitializedCapacity: w * h) { out, count in
            let dst = out.baseAddress!
            for y in 0..<h { SDL_memcpy(dst + y * w, base + y * pitch, w * 4) }
            var p = dst
            let end = dst + w * h
            while p < end { p.pointee |= 0xFF00_0000; p += 1 }
            count = w * h
        }
    }

    /// The share of pixels whose any channel differs from `other`'s by more than
    /// `channelTolerance` (1 when the sizes differ). Equal runs are skipped a block at a time, so
    /// two equal images cost a memory comparison; `difference(from:channelTolerance:)` also draws
    /// where they differ.
    public func differingFraction(from other: Image, channelTolerance: Int = 8) -> Double {
        guard width == other.width, height == other.height, pixels.count == other.pixels.count else { return 1 }
        guard !pixels.isEmpty else { return 0 }
        let bad = pixels.withUnsafeBufferPointer { a in
            other.pixels.withUnsafeBufferPointer { b in
                Image.countDiffering(a.baseAddress!, b.baseAddress!, count: a.count, tolerance: channelTolerance)
            }
        }
        return Double(bad) / Double(pixels.count)
    }

    /// How many of `count` pixel words differ in a channel by more than `tolerance`.
    static func countDiffering(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, tolerance: Int) -> Int {
        let block = 256
        var bad = 0
        var start = 0
        while start < count {
            let n = min(block, count - start)
            if SDL_memcmp(a + start, b + start, n * 4) != 0 {
                for i in start..<(start + n) where a[i] != b[i] && Image.channelDistance(a[i], b[i]) > tolerance { bad += 1 }
            }
            start += n
        }
        return bad
    }

    /// The largest difference of the red, green and blue channels of two ARGB words, in plain
    /// integer arithmetic (a debug build's generic `max`/`abs` calls cost more than the rest).
    @inline(__always)
    static func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        var r = Int32(a >> 16 & 0xFF) - Int32(b >> 16 & 0xFF)
        var g = Int32(a >> 8 & 0xFF) - Int32(b >> 8 & 0xFF)
        var bl = Int32(a & 0xFF) - Int32(b & 0xFF)
        if r < 0 { r = -r }
        if g < 0 { g = -g }
        if bl < 0 { bl = -bl }
        if g > r { r = g }
        if bl > r { r = bl }
        return Int(r)
    }

    /// How two images differ: the share of pixels whose any channel differs by more than
    /// `channelTolerance`, and an image marking them in red over a faded copy of `self`. A check
    /// that needs only the share asks `differingFraction(from:channelTolerance:)`, which draws
    /// nothing.
    public func difference(from other: Image, channelTolerance: Int = 8) -> (fraction: Double, diff: Image) {
        guard width == other.width, height == other.height else {
            return (1, self)
        }
        var bad = 0
        let out = [UInt32](unsafeUninitializedCapacity: pixels.count) { out, count in
            pixels.withUnsafeBufferPointer { a in
                other.pixels.withUnsafeBufferPointer { b in
                    for i in 0..<a.count {
                        let p = a[i]
                        if p != b[i] && Image.channelDistance(p, b[i]) > channelTolerance {
                            bad += 1
                            out[i] = 0xFFFF_0000
                        } else {
                            // Faded grey of the original, so the red marks stand out.
                            let g = ((p >> 16 & 0xFF) + (p >> 8 & 0xFF) + (p & 0xFF)) / 3 / 3 + 170
                            out[i] = 0xFF00_0000 | g << 16 | g << 8 | g
                        }
                    }
                }
            }
            count = pixels.count
        }
        return (Double(bad) / Double(max(1, pixels.count)), Image(width: width, height: height, pixels: out))
    }
}
