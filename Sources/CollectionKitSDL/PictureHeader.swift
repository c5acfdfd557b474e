import Foundation

/// What a picture file's header says, read before any decoder runs: its format and the largest
/// size any decoder would allocate for it (the PNG's IHDR, the JPEG's SOF, the GIF's logical
/// screen and every image descriptor, the WebP's canvas, the BMP's and the TIFF's sizes). A file
/// whose header is cut short, inconsistent or over ``PictureBudget`` is refused with the reason,
/// so that no decoder ever allocates for it (a 35-byte GIF claiming 65535x65535 cost a decoder
/// 7.8 GB; a 45-byte PNG cut inside a chunk sent libpng into an endless loop).
///
/// Reading is O(file size) at most (a GIF's blocks are walked to find each frame's descriptor)
/// and allocates nothing.
public struct PictureHeader: Equatable, Sendable {
    /// The formats the header reader knows; anything else is refused, never handed to a decoder.
    public enum Format: String, Sendable { case png, jpeg, gif, webp, bmp, tiff }
    public var format: Format
    /// The largest width and height any frame or canvas of the file declares.
    public var width: Int
    public var height: Int
    public var pixels: Int { width * height }

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Why a file was refused before decoding.
    public struct Refusal: Error, CustomStringConvertible, Equatable, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// Reads the header of `data`; throws a ``Refusal`` for an unknown format, a header cut short
    /// or impossible, or a size of 0.
    public static func read(_ data: Data) throws -> PictureHeader {
        try data.withUnsafeBytes { raw in try read(Bytes(raw)) }
    }

    /// Reads the header and checks it against `budget`: throws a ``Refusal`` naming the size and
    /// the budget when the picture is over it.
    public static func check(_ data: Data, budget: PictureBudget) throws -> PictureHeader {
        let header = try read(data)
        try budget.check(header)
        return header
    }

    /// Big- and little-endian reads that never go past the end (a read past it throws).
    struct Bytes {
        let raw: UnsafeRawBufferPointer
        init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }
        var count: Int { raw.count }
        func u8(_ at: Int) throws -> Int {
            guard at >= 0, at < raw.count else { throw Refusal("the file ends inside its header") }
            return Int(raw[at])
        }
        func be16(_ at: Int) throws -> Int { try u8(at) << 8 | u8(at + 1) }
        func le16(_ at: Int) throws -> Int { try u8(at) | u8(at + 1) << 8 }
        func be32(_ at: Int) throws -> Int { try be16(at) << 16 | be16(at + 2) }
        func le32(_ at: Int) throws -> Int { try le16(at) | le16(at + 2) << 16 }
        func starts(with prefix: [UInt8], at: Int = 0) -> Bool {
            guard at + prefix.count <= raw.count else { return false }
            for (i, b) in prefix.enumerated() where raw[at + i] != b { return false }
            return true
        }
    }

    static func read(_ b: Bytes) throws -> PictureHeader {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(b) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(b) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return try gif(b) }
        if b.starts(with: Array("RIFF".utf8)), b.starts(with: Array("WEBP".utf8), at: 8) { return try webp(b) }
        if b.starts(with: Array("BM".utf8)) { return try bmp(b) }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return try tiff(b) }
        throw Refusal(b.count == 0 ? "the file is empty" : "not a picture format this program reads")
    }

    static func sized(_ format: Format, _ w: Int, _ h: Int) throws -> PictureHeader {
        guard w > 0, h > 0 else { throw Refusal("its header gives a size of \(w)x\(h)") }
        return PictureHeader(format: format, width: w, height: h)
    }

    /// PNG: IHDR first, then every chunk up to the first IDAT must lie inside the file (a file
    /// cut inside a chunk before its pixels is refused: libpng looped on one).
    static func png(_ b: Bytes) throws -> PictureHeader {
        guard try b.be32(8) == 13, b.starts(with: Array("IHDR".utf8), at: 12) else { throw Refusal("a PNG without IHDR first") }
        let w = try b.be32(16), h = try b.be32(20)
        var at = 8
        while true {
            let length = try b.be32(at)
            guard length <= 0x7FFF_FFFF, at + 12 + length <= b.count else {
                throw Refusal("the PNG is cut short inside a chunk before its pixels")
            }
            if b.starts(with: Array("IDAT".utf8), at: at + 4) { break }
            if b.starts(with: Array("IEND".utf8), at: at + 4) { throw Refusal("a PNG without pixels (no IDAT)") }
            at += 12 + length
        }
        return try sized(.png, w, h)
    }

    /// JPEG: the segments up to the first start-of-frame marker, whose height and width it gives.
    static func jpeg(_ b: Bytes) throws -> PictureHeader {
        var at = 2
        while true {
            guard try b.u8(at) == 0xFF else { throw Refusal("a JPEG whose segments do not follow each other") }
            var marker = try b.u8(at + 1)
            while marker == 0xFF { at += 1; marker = try b.u8(at + 1) }
            // Markers without a length.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            if marker == 0xD9 || marker == 0xDA { throw Refusal("a JPEG without a frame header before its data") }
            let length = try b.be16(at + 2)
            guard length >= 2 else { throw Refusal("a JPEG segment of impossible length") }
            // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let h = try b.be16(at + 5), w = try b.be16(at + 7)
                return try sized(.jpeg, w, h)
            }
            at += 2 + length
        }
    }

    /// GIF: the logical screen and each image descriptor (a frame may declare more than the
    /// screen; decoders allocate for either), walking every block to the trailer or the end.
    static func gif(_ b: Bytes) throws -> PictureHeader {
        var w = try b.le16(6), h = try b.le16(8)
        let flags = try b.u8(10)
        var at = 13
        if flags & 0x80 != 0 { at += 3 << ((flags & 7) + 1) }
        var frames = 0
        func skipSubBlocks() throws {
            while true {
                let n = try b.u8(at)
                at += 1 + n
                if n == 0 { return }
            }
        }
        // A GIF cut short after its first frame still shows that frame (a download cut off):
        // the walk ends where the file does.
        func byte(_ at: Int) throws -> Int? {
            do { return try b.u8(at) } catch { if frames > 0 { return nil }; throw error }
        }
        scan: while at < b.count {
            guard let block = try byte(at) else { break }
            switch block {
            case 0x2C:
                guard at + 10 <= b.count || frames == 0 else { break scan }
                let fw = try b.le16(at + 5), fh = try b.le16(at + 7), left = try b.le16(at + 1), top = try b.le16(at + 3)
                w = max(w, left + fw)
                h = max(h, top + fh)
                frames += 1
                let f = try b.u8(at + 9)
                at += 10
                if f & 0x80 != 0 { at += 3 << ((f & 7) + 1) }
                at += 1 // LZW minimum code size
                do { try skipSubBlocks() } catch { break scan }
            case 0x21:
                at += 2
                do { try skipSubBlocks() } catch { if frames > 0 { break scan }; throw error }
            case 0x3B:
                break scan
            default:
                throw Refusal("a GIF with an unknown block")
            }
        }
        guard frames > 0 else { throw Refusal("a GIF without an image") }
        return try sized(.gif, w, h)
    }

    /// WebP: the canvas of VP8X, or the frame of VP8 (lossy) or VP8L (lossless).
    static func webp(_ b: Bytes) throws -> PictureHeader {
        if b.starts(with: Array("VP8X".utf8), at: 12) {
            let w = try b.u8(24) | b.u8(25) << 8 | b.u8(26) << 16, h = try b.u8(27) | b.u8(28) << 8 | b.u8(29) << 16
            return try sized(.webp, w + 1, h + 1)
        }
        if b.starts(with: Array("VP8L".utf8), at: 12) {
            guard try b.u8(20) == 0x2F else { throw Refusal("a lossless WebP without its signature") }
            let bits = try b.le32(21)
            return try sized(.webp, (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        }
        if b.starts(with: Array("VP8 ".utf8), at: 12) {
            guard b.starts(with: [0x9D, 0x01, 0x2A], at: 23) else { throw Refusal("a WebP frame without its start code") }
            return try sized(.webp, b.le16(26) & 0x3FFF, b.le16(28) & 0x3FFF)
        }
        throw Refusal("a WebP of an unknown kind")
    }

    /// BMP: the DIB header's size (12-byte core headers hold 16-bit sides; a negative height is
    /// a top-down picture).
    static func bmp(_ b: Bytes) throws -> PictureHeader {
        let dib = try b.le32(14)
        if dib == 12 { return try sized(.bmp, b.le16(18), b.le16(20)) }
        guard dib >= 40 else { throw Refusal("a BMP with an unknown header") }
        let w = try Int(Int32(truncatingIfNeeded: b.le32(18))), h = try Int(Int32(truncatingIfNeeded: b.le32(22)))
        return try sized(.bmp, w, abs(h))
    }

    /// TIFF: ImageWidth (256) and ImageLength (257) of each IFD in the chain (at most 64).
    static func tiff(_ b: Bytes) throws -> PictureHeader {
        let little = try b.u8(0) == 0x49
        func u16(_ at: Int) throws -> Int { try little ? b.le16(at) : b.be16(at) }
        func u32(_ at: Int) throws -> Int { try little ? b.le32(at) : b.be32(at) }
        var ifd = try u32(4), w = 0, h = 0, seen = 0
        while ifd != 0, seen < 64 {
            seen += 1
            let n = try u16(ifd)
            for i in 0..<n {
                let e = ifd + 2 + 12 * i
                let tag = try u16(e), type = try u16(e + 2)
                guard tag == 256 || tag == 257 else { continue }
                let v = try type == 3 ? u16(e + 8) : u32(e + 8)
                if tag == 256 { w = max(w, v) } else { h = max(h, v) }
            }
            ifd = try u32(ifd + 2 + 12 * n)
        }
        return try sized(.tiff, w, h)
    }
}

/// The most a picture may ask of a decoder, checked against its header before decoding
/// (``PictureHeader``): the pixel count of its largest frame, and each side.
public struct PictureBudget: Equatable, Sendable {
    /// Pixels of the largest frame or canvas. The default, 100 megapixels (a 12,000x8,000
    /// photo), is more than any camera but a few phones' 200-megapixel modes; decoded whole it
    /// is 400 MB of pixels, within the decode worker's memory limit.
    public var maximumPixels: Int
    /// Either side.
    public var maximumSide: Int

    public static let `default` = PictureBudget(maximumPixels: 100_000_000, maximumSide: 30_000)

    public init(maximumPixels: Int, maximumSide: Int) {
        self.maximumPixels = maximumPixels
        self.maximumSide = maximumSide
    }

    /// Throws a ``PictureHeader/Refusal`` naming the size and the budget when `header` is over it.
    public func check(_ header: PictureHeader) throws {
        guard header.width <= maximumSide, header.height <= maximumSide, header.pixels <= maximumPixels else {
            throw PictureHeader.Refusal("\(header.width)x\(header.height) is over the budget of \(maximumPixels / 1_000_000) megapixels, \(maximumSide) pixels a side")
        }
    }
}
