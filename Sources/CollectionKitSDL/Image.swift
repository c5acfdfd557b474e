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
        var px = [UInt32](repeating: 0, count: w * h)
        SDL_LockSurface(s)
        let base = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { px[y * w + x] = row[x] | 0xFF00_0000 }
        }
        SDL_UnlockSurface(s)
        return Image(width: w, height: h, pixels: px)
    }

    /// How two images differ: the share of pixels whose any channel differs by more than
    /// `channelTolerance`, and an image marking them in red over a faded copy of `self`.
    public func difference(from other: Image, channelTolerance: Int = 8) -> (fraction: Double, diff: Image) {
        guard width == other.width, height == other.height else {
            return (1, self)
        }
        var out = [UInt32](repeating: 0, count: pixels.count)
        var bad = 0
        for i in pixels.indices {
            let a = pixels[i], b = other.pixels[i]
            var worst = 0
            for shift in [0, 8, 16] as [UInt32] {
                worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
            }
            if worst > channelTolerance {
                bad += 1
                out[i] = 0xFFFF_0000
            } else {
                // Faded grey of the original, so the red marks stand out.
                let g = ((a >> 16 & 0xFF) + (a >> 8 & 0xFF) + (a & 0xFF)) / 3 / 3 + 170
                out[i] = 0xFF00_0000 | g << 16 | g << 8 | g
            }
        }
        return (Double(bad) / Double(max(1, pixels.count)), Image(width: width, height: height, pixels: out))
    }
}
