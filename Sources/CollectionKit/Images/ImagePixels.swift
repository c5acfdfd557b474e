/// A decoded picture: ARGB8888 words (alpha in the top byte, colour not premultiplied), row by
/// row with no padding. Immutable once made, so it crosses from the worker that decoded it to the
/// main thread and into draw lists without copies.
///
/// Two values are equal only when they are the same decoded picture (identity): a draw list
/// compares its commands every frame to find what changed, and comparing pixels would cost more
/// than drawing them.
public final class ImagePixels: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    /// Wraps `pixels` (`width` × `height` ARGB8888 words); nil when the count does not match.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// Memory the pixels take, what the memory cache budgets.
    public var bytes: Int { pixels.count * 4 }

    /// The mean colour, for a placeholder that matches the picture. O(pixels), on a sample grid
    /// of at most 32x32 so it stays cheap for large pictures.
    public var averageColor: Color {
        var r = 0, g = 0, b = 0, n = 0
        let stepX = max(1, width / 32), stepY = max(1, height / 32)
        var y = stepY / 2
        while y < height {
            var x = stepX / 2
            while x < width {
                let p = pixels[y * width + x]
                r += Int(p >> 16 & 0xFF); g += Int(p >> 8 & 0xFF); b += Int(p & 0xFF); n += 1
                x += stepX
            }
            y += stepY
        }
        guard n > 0 else { return Color(r: 128, g: 128, b: 128) }
        return Color(r: UInt8(r / n), g: UInt8(g / n), b: UInt8(b / n))
    }

    public static func == (a: ImagePixels, b: ImagePixels) -> Bool { a === b }

    public var description: String { "ImagePixels(\(width)x\(height))" }
}
