import CollectionKit

/// What the photos scene shows and how it loads pictures: the files, and a pipeline made with the
/// decoder and thumbnail cache the executable's backend supplies (the demo target has no codecs).
public struct PhotoLibrary: Sendable {
    /// The picture files the wall shows and takes when dropped, by extension (lower case).
    public static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "bmp", "tif", "tiff"]
    /// The pictures, in the order shown.
    public var files: [String]
    /// The folder they come from (absolute), which the remembered wall is kept for; nil: none.
    public var folder: String?
    /// How many pictures the folder holds, `files` being the first of them when it holds more
    /// than the wall shows.
    public var total: Int
    /// Makes the scene's pipeline, once, when the scene is made.
    public var makePipeline: @Sendable () -> ImagePipeline
    /// Device pixels per point, as the window draws: pictures are made for the cells' pixels.
    public var scale: PixelScaleBox
    public init(files: [String], folder: String? = nil, total: Int? = nil, scale: PixelScaleBox = PixelScaleBox(),
                makePipeline: @escaping @Sendable () -> ImagePipeline) {
        self.files = files
        self.folder = folder
        self.total = max(total ?? files.count, files.count)
        self.scale = scale
        self.makePipeline = makePipeline
    }

    /// Said on screen when the folder holds more pictures than the wall shows.
    public var notice: String? {
        guard total > files.count else { return nil }
        return filled(tr("%1$@ holds %2$@ pictures; the wall shows the first %3$@ by name."),
                      folder ?? "", counted(total), counted(files.count))
    }
}

/// The window's pixel scale, which is known only once the window is open and changes when it
/// moves to another display; the executable keeps it up to date, the scene reads it as it draws.
public final class PixelScaleBox: @unchecked Sendable {
    public var value: Double
    public init(_ value: Double = 1) { self.value = value }
}
