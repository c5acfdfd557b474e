import CollectionKit

/// What the photos scene shows and how it loads pictures: the files, and a pipeline made with the
/// decoder and thumbnail cache the executable's backend supplies (the demo target has no codecs).
public struct PhotoLibrary: Sendable {
    /// The picture files the wall shows and takes when dropped, by extension (lower case).
    public static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "bmp", "tif", "tiff"]
    /// The pictures, in the order shown.
    public var files: [String]
    /// Makes the scene's pipeline, once, when the scene is made.
    public var makePipeline: @Sendable () -> ImagePipeline
    /// Device pixels per point, as the window draws: pictures are made for the cells' pixels.
    public var scale: PixelScaleBox
    public init(files: [String], scale: PixelScaleBox = PixelScaleBox(), makePipeline: @escaping @Sendable () -> ImagePipeline) {
        self.files = files
        self.scale = scale
        self.makePipeline = makePipeline
    }
}

/// The window's pixel scale, which is known only once the window is open and changes when it
/// moves to another display; the executable keeps it up to date, the scene reads it as it draws.
public final class PixelScaleBox: @unchecked Sendable {
    public var value: Double
    public init(_ value: Double = 1) { self.value = value }
}
