/// A size in whole device pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// The larger side: what a thumbnail of a given flavour is bounded by.
    public var longerSide: Int { max(width, height) }
    public var description: String { "\(width)x\(height)" }
}

/// Names one picture at one size: the source an app reads it from (a file path for the backend's
/// decoder), the device pixels it is drawn at, and how it is fitted into them.
///
/// The key is what the image pipeline decodes, caches and hands to the backend, so the size is
/// part of it: a cell drawn at 150x150 points on a 2x display asks for 300x300 pixels and gets a
/// picture made for exactly those pixels, copied one to one (sharp, and no scaling per frame).
/// Make keys with ``init(source:size:scale:mode:)`` from the cell's size in points.
public struct ImageKey: Hashable, Sendable, CustomStringConvertible {
    /// Where the picture comes from, as the decoder understands it (a file path).
    public var source: String
    /// The device pixels the picture is made for.
    public var pixelSize: PixelSize
    /// How the picture fits `pixelSize`: `.fill` crops to exactly that size, `.fit` and
    /// `.center` keep the whole picture within it.
    public var mode: ImageContentMode

    public init(source: String, pixelSize: PixelSize, mode: ImageContentMode = .fill) {
        self.source = source
        self.pixelSize = PixelSize(width: max(1, pixelSize.width), height: max(1, pixelSize.height))
        self.mode = mode
    }

    /// The key for drawing `source` into `size` points at `scale` device pixels per point.
    public init(source: String, size: Size, scale: Double, mode: ImageContentMode = .fill) {
        func px(_ v: Double) -> Int { v.isFinite ? Int(max(1, min(16384, (v * scale).rounded()))) : 1 }
        self.init(source: source, pixelSize: PixelSize(width: px(size.width), height: px(size.height)), mode: mode)
    }

    public var description: String { "\(source)@\(pixelSize)/\(mode)" }
}
