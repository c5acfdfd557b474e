import CollectionKit
import CollectionKitSDL
import Foundation

/// The benchmark's folder of photos: `count` JPEGs of 4000x3000, made once and kept (a marker
/// file says the folder is complete). Encoding 10,000 of them would take hours on two cores and
/// 40 GB of disk, so `distinct` different pictures are encoded and the rest are hard links to
/// them under names of their own: every name is its own picture to the pipeline (its own URI and
/// thumbnail), with the bytes (and the decoding work) of a real 4 MB JPEG of that size. Reads
/// come from the page cache, as on a second visit to a folder.
enum PhotoFolder {
    static func prepare(at dir: String, count: Int, distinct: Int, width: Int, height: Int) throws -> [String] {
        let fm = FileManager.default
        let marker = "\(dir)/.complete-\(count)-\(distinct)-\(width)x\(height)"
        let names = (0..<count).map { String(format: "%@/photo-%05d.jpg", dir, $0) }
        if fm.fileExists(atPath: marker) { return names }
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let start = Date()
        for i in 0..<distinct {
            let image = photo(width: width, height: height, seed: i)
            try image.writeJPEG(to: names[i], quality: 90)
        }
        let encoded = Date().timeIntervalSince(start)
        for i in distinct..<count {
            if fm.fileExists(atPath: names[i]) { try fm.removeItem(atPath: names[i]) }
            try fm.linkItem(atPath: names[i % distinct], toPath: names[i])
        }
        _ = fm.createFile(atPath: marker, contents: nil)
        print(String(format: "generated %d JPEGs (%d encoded in %.1f s, the rest linked) in %.1f s", count, distinct, encoded,
                     Date().timeIntervalSince(start)))
        return names
    }

    /// A photo-like picture: a sky gradient, a sun, hills and grain (a photo's noise is most of
    /// what makes its JPEG large and slow to decode; this grain gives files of about 4 MB, as a
    /// 12-megapixel phone photo).
    static func photo(width w: Int, height h: Int, seed: Int) -> Image {
        var px = [UInt32](repeating: 0, count: w * h)
        var rng = (UInt64(truncatingIfNeeded: seed) &+ 1) &* 0x9E37_79B9_7F4A_7C15 | 1
        let hue = Double(seed % 7) / 7
        let sunX = Double(w) * (0.2 + 0.6 * Double((seed * 37) % 100) / 100), sunY = Double(h) * 0.3, sunR = Double(h) * 0.08
        px.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let t = Double(y) / Double(h)
                let horizon = 0.6 + 0.08 * sin(Double(seed))
                for x in 0..<w {
                    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17
                    let grain = Double(Int(rng & 31) - 16)
                    var r: Double, g: Double, b: Double
                    let hill = horizon + 0.05 * sin(Double(x) / Double(w) * 9 + Double(seed))
                    if t > hill {
                        r = 50 + 60 * hue; g = 110 - 50 * t; b = 40 + 30 * hue
                    } else {
                        r = 70 + 140 * t + 40 * hue; g = 120 + 70 * t; b = 235 - 100 * t - 60 * hue
                    }
                    let dx = Double(x) - sunX, dy = Double(y) - sunY
                    if dx * dx + dy * dy < sunR * sunR { r = 250; g = 215; b = 100 }
                    func c(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v + grain))) }
                    out[y * w + x] = 0xFF00_0000 | c(r) << 16 | c(g) << 8 | c(b)
                }
            }
        }
        return Image(width: w, height: h, pixels: px)
    }

    /// `jpeg` with an EXIF block after its start marker carrying `thumbnail` (IFD1's
    /// JPEGInterchangeFormat and its length), little-endian TIFF.
    static func withEmbeddedThumbnail(_ jpeg: Data, _ thumbnail: Data) -> Data {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let ifd1 = 8 + 2 + 4, data = ifd1 + 2 + 24 + 4
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(8) + u16(0) + u32(ifd1)
        tiff += u16(2) + u16(0x0201) + u16(4) + u32(1) + u32(data) + u16(0x0202) + u16(4) + u32(1) + u32(thumbnail.count) + u32(0)
        tiff += Array(thumbnail)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body)
        out.append(jpeg.dropFirst(2))
        return out
    }
}
