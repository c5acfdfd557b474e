import CExif
import CJPEG
import CPNG
import CSDL2
import CSDL2Image
import CollectionKit
import Foundation
import Glibc
import Synchronization

/// Decodes picture files for an `ImagePipeline`: JPEG with libjpeg-turbo, reduced by 1/2, 1/4 or
/// 1/8 while decoding when the pipeline needs less (a 4000x3000 photo for a 256-pixel thumbnail
/// decodes at 500x375, several times faster than whole, see Benchmarks/README.md); PNG, WebP,
/// GIF and the rest with SDL_image. Safe to call from several workers at once.
///
/// A JPEG is turned the way its EXIF orientation says (read with libexif), as photo viewers do: a
/// photo taken with the camera held upright shows upright.
///
/// Before any decoder runs, the file's header is read (``PictureHeader``) and checked against
/// ``budget``: a file over it, of an unknown format, or with a header cut short is refused with
/// the reason, and nothing is allocated for its pixels. PNGs are decoded by libpng with its own
/// limits set to the budget's side (`png_set_user_limits`, `png_set_chunk_malloc_max`). A decoder
/// that crashes, loops or runs away in memory all the same is what ``IsolatedImageDecoder``, which
/// runs this one in a worker process, is for.
///
/// A file that cannot be read, is not a picture, or is corrupt or truncated throws: the pipeline
/// keeps the cell's placeholder. (libjpeg would show a truncated JPEG with grey where the data
/// ran out; a half-grey thumbnail would then be cached on disk as if it were the picture.)
public struct ImageFileDecoder: ImageDecoding {
    /// Whether JPEGs go through SDL_image too (whole size, then scaled): for measuring.
    public var jpegThroughSDLImage = false
    /// The nice value a thread is given the first time it decodes (nil: left as it is). Decoding
    /// is long work and drawing is short: at 10 the scheduler lets the thread that draws run as
    /// soon as it wakes, where at equal priority a frame waited behind a decode on a two-core
    /// machine (main thread p99 6.1 ms of wall time for 0.55 ms of its own CPU; Benchmarks/README).
    /// The thread keeps it: it is one of Swift concurrency's pool threads, which this program
    /// uses for nothing else.
    public var workerNice: Int32? = 10
    /// The most a picture may ask for, checked against its header before decoding.
    public var budget = PictureBudget.default
    /// The largest file read, in bytes.
    public var maximumFileSize = 512 << 20

    public init(jpegThroughSDLImage: Bool = false, workerNice: Int32? = 10, budget: PictureBudget = .default) {
        self.jpegThroughSDLImage = jpegThroughSDLImage
        self.workerNice = workerNice
        self.budget = budget
        // SDL_image loads its codecs on first use; doing it here keeps workers from racing to.
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue))
    }

    public func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        if let workerNice { ImageFileDecoder.lowerThreadPriority(to: workerNice) }
        let data = try FileSystemName.contents(source, limit: maximumFileSize)
        return try decode(data: data, covering: box, mode: mode, name: source)
    }

    /// The budget of an embedded thumbnail: EXIF keeps it within its 64 kB segment, 160x120 by
    /// the standard; a larger one is refused as the hostile file it would be.
    public static let embeddedThumbnailBudget = PictureBudget(maximumPixels: 1 << 20, maximumSide: 2048)

    /// A JPEG's EXIF thumbnail (libexif's `ExifData.data`), decoded and turned as the picture's
    /// own orientation says; nil when the file has none or it is not a whole JPEG within
    /// ``embeddedThumbnailBudget``. Only the file's first 128 kB are read.
    public func embeddedThumbnail(of source: String) -> ImagePixels? {
        if let workerNice { ImageFileDecoder.lowerThreadPriority(to: workerNice) }
        guard let head = try? FileSystemName.head(source, bytes: 131_072) else { return nil }
        return ImageFileDecoder.embeddedThumbnail(inHead: head)
    }

    /// The EXIF thumbnail of a JPEG's first bytes, decoded and turned upright.
    static func embeddedThumbnail(inHead head: Data) -> ImagePixels? {
        guard let bytes = embeddedThumbnailBytes(inHead: head), let header = try? PictureHeader.check(bytes, budget: embeddedThumbnailBudget), header.format == .jpeg,
              let p = decodeJPEG(bytes, covering: PixelSize(width: header.width, height: header.height), mode: .fit) else { return nil }
        return oriented(p, exifOrientation(of: head))
    }

    /// The bytes of the EXIF thumbnail in a JPEG's first bytes (libexif), undecoded; nil when none.
    static func embeddedThumbnailBytes(inHead head: Data) -> Data? {
        guard (try? PictureHeader.read(head))?.format == .jpeg else { return nil }
        return head.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let exif = exif_data_new_from_data(base, UInt32(raw.count)) else { return nil }
            defer { exif_data_unref(exif) }
            guard let data = exif.pointee.data, exif.pointee.size > 0 else { return nil }
            return Data(bytes: data, count: Int(exif.pointee.size))
        }
    }

    /// The nice value of each thread set so far, by thread id (a thread is asked once).
    private static let niced = Mutex<Set<UInt>>([])

    /// Gives the calling thread `nice` (Linux schedules threads one by one), once per thread.
    static func lowerThreadPriority(to nice: Int32) {
        let thread = UInt(pthread_self())
        guard niced.withLock({ $0.insert(thread).inserted }) else { return }
        // Who 0 is the calling thread alone: on Linux the nice value belongs to each thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    }

    /// Decodes a picture held in memory; `name` is for messages.
    /// Throws a ``PictureHeader/Refusal`` for a file refused by its header.
    public func decode(data: Data, covering box: PixelSize, mode: ImageContentMode, name: String = "picture") throws -> ImagePixels {
        let header = try PictureHeader.check(data, budget: budget)
        if header.format == .png {
            guard let p = ImageFileDecoder.decodePNG(data, maximumSide: budget.maximumSide) else {
                throw PictureHeader.Refusal("not a whole PNG")
            }
            return p
        }
        if header.format == .jpeg && !jpegThroughSDLImage {
            let orientation = ImageFileDecoder.exifOrientation(of: data)
            // A picture that turns a quarter is decoded for the box turned the other way.
            let stored = orientation >= 5 ? PixelSize(width: box.height, height: box.width) : box
            guard let p = ImageFileDecoder.decodeJPEG(data, covering: stored, mode: mode) else {
                throw PictureHeader.Refusal("not a whole JPEG")
            }
            return ImageFileDecoder.oriented(p, orientation)
        }
        guard let p = ImageFileDecoder.decodeWithSDLImage(data) else { throw PictureHeader.Refusal("the decoder could not read it") }
        return p
    }

    /// A PNG through libpng with its own limits (see `ck_png_decode`).
    static func decodePNG(_ data: Data, maximumSide: Int) -> ImagePixels? {
        data.withUnsafeBytes { raw -> ImagePixels? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var w: Int32 = 0, h: Int32 = 0
            let side = UInt32(clamping: maximumSide)
            guard let px = ck_png_decode(base, raw.count, side, side, 8 << 20, &w, &h) else { return nil }
            defer { free(px) }
            let count = Int(w) * Int(h)
            let words = [UInt32](unsafeUninitializedCapacity: count) { buffer, n in
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: px, byteCount: count * 4)
                n = count
            }
            return ImagePixels(width: Int(w), height: Int(h), pixels: words)
        }
    }

    /// The largest DCT reduction (8, 4, 2 or 1) that keeps a `w`x`h` picture covering what `box`
    /// needs under `mode`.
    static func denominator(width w: Int, height h: Int, box: PixelSize, mode: ImageContentMode) -> Int {
        let s = min(1, mode.scale(from: PixelSize(width: w, height: h), to: box))
        let needW = Int((Double(w) * s).rounded(.up)), needH = Int((Double(h) * s).rounded(.up))
        for d in [8, 4, 2] where (w + d - 1) / d >= needW && (h + d - 1) / d >= needH { return d }
        return 1
    }

    private final class Need { let box: PixelSize; let mode: ImageContentMode; init(_ b: PixelSize, _ m: ImageContentMode) { box = b; mode = m } }

    static func decodeJPEG(_ data: Data, covering box: PixelSize, mode: ImageContentMode) -> ImagePixels? {
        let need = Need(box, mode)
        var w: Int32 = 0, h: Int32 = 0, fw: Int32 = 0, fh: Int32 = 0
        let raw = data.withUnsafeBytes { bytes -> UnsafeMutablePointer<UInt8>? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            return withExtendedLifetime(need) {
                ck_jpeg_decode(base, UInt(bytes.count), { fw, fh, context in
                    let need = Unmanaged<Need>.fromOpaque(context!).takeUnretainedValue()
                    return Int32(ImageFileDecoder.denominator(width: Int(fw), height: Int(fh), box: need.box, mode: need.mode))
                }, Unmanaged.passUnretained(need).toOpaque(), &w, &h, &fw, &fh)
            }
        }
        guard let raw else { return nil }
        defer { free(raw) }
        let count = Int(w) * Int(h)
        let words = [UInt32](unsafeUninitializedCapacity: count) { buffer, n in
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: raw, byteCount: count * 4)
            n = count
        }
        return ImagePixels(width: Int(w), height: Int(h), pixels: words)
    }

    /// The EXIF orientation of a JPEG (1 to 8, as TIFF numbers them); 1 when it records none.
    /// Only the start of the file is read: EXIF sits in the first 64 kB, right after the JPEG's
    /// start marker.
    static func exifOrientation(of data: Data) -> Int {
        let head = data.prefix(131_072)
        return head.withUnsafeBytes { bytes -> Int in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let exif = exif_data_new_from_data(base, UInt32(bytes.count)) else { return 1 }
            defer { exif_data_unref(exif) }
            guard let ifd0 = exif.pointee.ifd.0, let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
                  entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let value = entry.pointee.data else { return 1 }
            let o = Int(exif_get_short(value, exif_data_get_byte_order(exif)))
            return (1...8).contains(o) ? o : 1
        }
    }

    /// The pixels turned and mirrored as EXIF orientation `o` asks: 2 mirrors, 3 turns a half,
    /// 4 flips, 5 transposes, 6 turns a quarter clockwise, 7 transverses, 8 turns a quarter
    /// anticlockwise. O(pixels).
    static func oriented(_ p: ImagePixels, _ o: Int) -> ImagePixels {
        guard o != 1, (2...8).contains(o) else { return p }
        let w = p.width, h = p.height
        let (ow, oh) = o >= 5 ? (h, w) : (w, h)
        let out = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, n in
            p.pixels.withUnsafeBufferPointer { src in
                for y in 0..<oh {
                    for x in 0..<ow {
                        let (sx, sy): (Int, Int)
                        switch o {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)
                        }
                        buffer[y * ow + x] = src[sy * w + sx]
                    }
                }
            }
            n = w * h
        }
        return ImagePixels(width: ow, height: oh, pixels: out) ?? p
    }

    /// Any format SDL_image reads, converted to ARGB8888.
    static func decodeWithSDLImage(_ data: Data) -> ImagePixels? {
        data.withUnsafeBytes { bytes -> ImagePixels? in
            guard let base = bytes.baseAddress, let rw = SDL_RWFromConstMem(base, Int32(bytes.count)),
                  let loaded = IMG_Load_RW(rw, 1) else { return nil }
            defer { SDL_FreeSurface(loaded) }
            guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
            defer { SDL_FreeSurface(s) }
            let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
            guard w > 0, h > 0 else { return nil }
            SDL_LockSurface(s)
            defer { SDL_UnlockSurface(s) }
            let base8 = UnsafeRawPointer(s.pointee.pixels!)
            let words = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, n in
                for y in 0..<h {
                    UnsafeMutableRawPointer(buffer.baseAddress! + y * w).copyMemory(from: base8 + y * pitch, byteCount: w * 4)
                }
                n = w * h
            }
            return ImagePixels(width: w, height: h, pixels: words)
        }
    }
}
