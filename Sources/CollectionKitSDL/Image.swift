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
        let px = Image.opaqueCopy(of: s.pointee.pixels!, width: w, height: h, pitch: pitch)
        SDL_UnlockSurface(s)
        return Image(width: w, height: h, pixels: px)
    }

    /// How two images differ: the share of pixels whose any channel differs by more than
    /// `channelTolerance`, and an image marking them in red over a faded copy of `self`.
    public func difference(from other: Image, channelTolerance: Int = 8) -> (fraction: Double, diff: Image) {
        guard width == other.width, height == other.height else {
            return (1, self)
        }
        // Through raw buffers and plain integer arithmetic: a debug build (the tests') otherwise
        // spends most of a golden comparison in generic array and `max`/`abs` calls.
        var out = [UInt32](repeating: 0, count: pixels.count)
        var bad = 0
        let tolerance = Int32(clamping: channelTolerance)
        pixels.withUnsafeBufferPointer { mine in
            other.pixels.withUnsafeBufferPointer { theirs in
                out.withUnsafeMutableBufferPointer { marks in
                    for i in 0..<min(mine.count, theirs.count) {
                        let a = mine[i], b = theirs[i]
                        if a == b, tolerance >= 0 {
                            // Faded grey of the original, so the red marks stand out.
                            let g = ((a >> 16 & 0xFF) + (a >> 8 & 0xFF) + (a & 0xFF)) / 3 / 3 + 170
                            marks[i] = 0xFF00_0000 | g << 16 | g << 8 | g
                            continue
                        }
                        var dr = Int32(a >> 16 & 0xFF) - Int32(b >> 16 & 0xFF)
                        var dg = Int32(a >> 8 & 0xFF) - Int32(b >> 8 & 0xFF)
                        var db = Int32(a & 0xFF) - Int32(b & 0xFF)
                        if dr < 0 { dr = -dr }
                        if dg < 0 { dg = -dg }
                        if db < 0 { db = -db }
                        if dr > tolerance || dg > tolerance || db > tolerance {
                            bad += 1
                            marks[i] = 0xFFFF_0000
                        } else {
                            let g = ((a >> 16 & 0xFF) + (a >> 8 & 0xFF) + (a & 0xFF)) / 3 / 3 + 170
                            marks[i] = 0xFF00_0000 | g << 16 | g << 8 | g
                        }
                    }
                }
            }
        }
        return (Double(bad) / Double(max(1, pixels.count)), Image(width: width, height: height, pixels: out))
    }

    /// The pixels of a locked ARGB8888 surface, made opaque, row by row through raw buffers (a
    /// debug build's array subscripts would cost more than the copy).
    static func opaqueCopy(of pixels: UnsafeMutableRawPointer, width w: Int, height h: Int, pitch: Int) -> [UInt32] {
        var px = [UInt32](repeating: 0, count: w * h)
        let base = pixels.assumingMemoryBound(to: UInt8.self)
        px.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
                let start = y * w
                for x in 0..<w { out[start + x] = row[x] | 0xFF00_0000 }
            }
        }
        return px
    }
}
