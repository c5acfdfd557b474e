import Glibc

/// The UI fonts' files, mapped into memory once per process and shared by every `TextCache`
/// (the canvas's and a measurer's made before it): a label zooming with its card opens its font
/// at a new size every frame, and FreeType then parses the face from these bytes rather than
/// reading the disk. A mapping, unlike a copy on the heap, costs only the pages FreeType reads,
/// and those are the page cache's, shared with every other program using the font; FreeType maps
/// the fonts it opens by path the same way.
///
/// Used from the thread that draws, as SDL_ttf is. Mappings stay for the life of the process:
/// fonts opened from them may be open in any cache.
enum FontFiles {
    nonisolated(unsafe) private static var mapped: [String: UnsafeRawBufferPointer] = [:]

    /// The bytes of the file at `path`, or nil when it cannot be opened or mapped (the caller then
    /// opens the font by path).
    static func bytes(_ path: String) -> UnsafeRawBufferPointer? {
        if let known = mapped[path] { return known }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
              base != MAP_FAILED else { return nil }
        let bytes = UnsafeRawBufferPointer(start: base, count: Int(info.st_size))
        mapped[path] = bytes
        return bytes
    }
}
