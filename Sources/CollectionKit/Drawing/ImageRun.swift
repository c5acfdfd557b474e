/// A picture placed in a rect: what ``DrawCommand/image(_:)`` draws.
///
/// The backend keeps what it makes from the pixels (a texture, or a copy with rounded corners)
/// under `key` for as long as frames keep drawing it. The pixels travel with the command, so a
/// draw list stays a self-contained value a test can inspect; they are shared, not copied.
public struct ImageRun: Equatable, Sendable {
    /// Which picture at which size; the backend caches by it.
    public var key: ImageKey
    /// The rect in the current transform's coordinates.
    public var rect: Rect
    /// How the picture fills `rect`; see ``ImageContentMode/placement(image:into:)``.
    public var mode: ImageContentMode
    /// The corners of the drawn picture, rounded by this many points (0: square).
    public var cornerRadius: Double
    /// The decoded picture.
    public var pixels: ImagePixels

    public init(key: ImageKey, pixels: ImagePixels, in rect: Rect, mode: ImageContentMode, cornerRadius: Double = 0) {
        self.key = key; self.pixels = pixels; self.rect = rect; self.mode = mode; self.cornerRadius = cornerRadius
    }
}

extension DrawList {
    /// Draws `pixels` (the picture `key` names) into `r` under `mode`, corners rounded by `radius`.
    /// Usually an ``ImagePipeline`` appends this for you, with the placeholder and fade around it.
    public mutating func image(_ pixels: ImagePixels, key: ImageKey, in r: Rect, mode: ImageContentMode? = nil, radius: Double = 0) {
        commands.append(.image(ImageRun(key: key, pixels: pixels, in: r, mode: mode ?? key.mode, cornerRadius: radius)))
    }
}
