import CExif
import CollectionKit
import Foundation

/// What a picture file says about itself without being decoded: its size from its header
/// (``PictureHeader``) and, for a JPEG, when it was taken (EXIF `DateTimeOriginal`, read with
/// libexif). Only the file's first 128 kB are read, where both sit, so a file of any size costs
/// the same; a file that says nothing (or is not a picture) gives nils.
public enum PictureFileInfo {
    /// The bytes read from the start of a file.
    public static let headBytes = 131_072

    /// The size and the date taken of the picture at `path` (local time, as cameras record it).
    ///
    /// ```swift
    /// let info = PictureFileInfo.read("/photos/a.jpg")   // (PixelSize 4000x3000, 2024-07-01 12:00)
    /// ```
    public static func read(_ path: String) -> (size: PixelSize?, taken: Date?) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return (nil, nil) }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: headBytes)) ?? Data()
        let header = try? PictureHeader.read(head)
        let size = header.map { PixelSize(width: $0.width, height: $0.height) }
        return (size, header?.format == .jpeg ? dateTaken(head) : nil)
    }

    /// EXIF `DateTimeOriginal` ("YYYY:MM:DD hh:mm:ss") of a JPEG's first bytes, as a local time.
    public static func dateTaken(_ head: Data) -> Date? {
        let text: String? = head.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                  let exif = exif_data_new_from_data(base, UInt32(min(bytes.count, headBytes))) else { return nil }
            defer { exif_data_unref(exif) }
            guard let ifd = exif.pointee.ifd.2, let entry = exif_content_get_entry(ifd, EXIF_TAG_DATE_TIME_ORIGINAL),
                  entry.pointee.format == EXIF_FORMAT_ASCII, entry.pointee.size >= 19, let value = entry.pointee.data else { return nil }
            return String(decoding: UnsafeBufferPointer(start: value, count: 19), as: UTF8.self)
        }
        guard let text else { return nil }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone.current
        f.dateFormat = "yyyy:MM:dd HH:mm:ss"
        return f.date(from: text)
    }
}
