import CollectionKit
import Foundation

/// What the wall and the viewer say about a picture besides its pixels.
public struct PictureFacts: Sendable, Equatable {
    /// Its size in pixels, from its header (nil: not known).
    public var pixelSize: PixelSize?
    /// When it was taken (EXIF DateTimeOriginal, read as local time), and when the file last changed.
    public var taken: Date?
    public var modified: Date?
    public init(pixelSize: PixelSize? = nil, taken: Date? = nil, modified: Date? = nil) {
        self.pixelSize = pixelSize; self.taken = taken; self.modified = modified
    }
    /// The date a photo wall sorts and groups by: taken, else changed.
    public var date: Date? { taken ?? modified }

    /// The file's modification time only (no header read).
    public static func modificationOnly(_ path: String) -> PictureFacts {
        let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return PictureFacts(modified: date)
    }
}

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
    /// Reads a picture's size and dates (the backend's header and EXIF readers; by default the
    /// modification time only). Called when the viewer opens a picture.
    public var facts: @Sendable (String) -> PictureFacts = { PictureFacts.modificationOnly($0) }
    /// The folder's picture files as a watcher saw them last (nil: not watched): the scene takes
    /// them at its next frame, so files added or removed behind its back appear or go.
    public var folderChanges: PictureFolderMailbox?
    /// Whether sorting by date reads the pictures' dates on a thread of its own (a window: a large
    /// folder's dates take a while to read) rather than at once (headless runs and tests).
    public var readsDatesInBackground = false
    /// Wakes the window when dates read in the background are ready.
    public var wake: @Sendable () -> Void = {}
    /// Shows files (`file://` URIs) selected in the desktop's file manager, or throws why none
    /// did (the backend's `FileManagerItems`); called on a thread of its own. Nil: "Show in Files"
    /// is not offered.
    public var showInFiles: (@Sendable ([String]) throws -> Void)?
    /// Where "Move to Trash" puts files: the trash the environment names.
    var trash = FreedesktopTrash()
    public init(files: [String], folder: String? = nil, total: Int? = nil, scale: PixelScaleBox = PixelScaleBox(),
                makePipeline: @escaping @Sendable () -> ImagePipeline) {
        self.files = files
        self.folder = folder
        self.total = max(total ?? files.count, files.count)
        self.scale = scale
        self.makePipeline = makePipeline
    }

    /// Whether the picture at path `a` is listed before the one at `b`: by folder (a folder's
    /// own pictures before its subfolders'), then by name, so each folder's pictures are together.
    public static func listedBefore(_ a: String, _ b: String) -> Bool {
        let slashA = a.lastIndex(of: "/"), slashB = b.lastIndex(of: "/")
        let dirA = slashA.map { a[..<$0] } ?? "", dirB = slashB.map { b[..<$0] } ?? ""
        if dirA != dirB { return dirA < dirB }
        return a < b
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

/// Hands the latest listing of a watched folder from the watcher's thread to the scene's.
public final class PictureFolderMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: [String]?
    public init() {}
    /// The folder's picture files now (replacing a listing not taken yet).
    public func post(_ files: [String]) { lock.lock(); latest = files; lock.unlock() }
    /// The listing posted since the last take, if any.
    func take() -> [String]? {
        lock.lock(); defer { lock.unlock() }
        let files = latest
        latest = nil
        return files
    }
    /// Puts a listing back that could not be applied yet (a drag was in flight), unless a newer came.
    func putBack(_ files: [String]) { lock.lock(); if latest == nil { latest = files }; lock.unlock() }
}

/// Dates read on a background thread, handed to the scene's thread.
final class PictureFactsMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var read: [String: PictureFacts]?
    func post(_ facts: [String: PictureFacts]) { lock.lock(); read = facts; lock.unlock() }
    func take() -> [String: PictureFacts]? {
        lock.lock(); defer { lock.unlock() }
        let r = read
        read = nil
        return r
    }
}

/// The outcome of a call made on another thread, handed to the scene's thread.
final class PhotoCallMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [String?] = []
    /// Posts how the call ended: nil when it went well, else why not.
    func post(_ failure: String?) { lock.lock(); outcomes.append(failure); lock.unlock() }
    func take() -> [String?] {
        lock.lock(); defer { lock.unlock() }
        let o = outcomes
        outcomes.removeAll()
        return o
    }
}
