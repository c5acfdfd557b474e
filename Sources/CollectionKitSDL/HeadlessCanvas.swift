import CSDL2
import CSDL2TTF
import CSDL2Image
import CollectionKit

/// Renders frames into a memory surface with SDL's software renderer: identical pixels on every run.
public final class HeadlessCanvas {
    /// The largest side a headless canvas takes, in pixels (the same bound as `--size`).
    public static let maximumSide = 16384

    /// The canvas's size in points; its pixels are `size` times `scale`.
    public private(set) var size: Size
    /// Device pixels per point (HiDPI): text is rasterised at the pixel size, not scaled up.
    public let scale: Double
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    public private(set) var drawer: DrawListRenderer
    private let text: TextCache
    /// Measures text as this canvas draws it (same fonts, same shaping), for cells that size
    /// themselves from their text. The renderer wraps paragraphs with the same measurer, so a
    /// paragraph measured to size a cell is not wrapped again to be drawn.
    public private(set) lazy var measurer = drawer.measurer
    /// A size that could not be made, and why: asked again every frame, it fails at once.
    private var refused: (size: Size, error: BackendError)?

    public init(size: Size, fonts: (regular: String, bold: String), scale: Double = 1) throws {
        guard scale.isFinite, scale > 0 else { throw BackendError(plain: "cannot make a headless canvas at scale \(scale)") }
        try SDLSystem.start(headless: true)
        self.size = size
        self.scale = scale
        text = TextCache(regular: fonts.regular, bold: fonts.bold)
        let (s, r) = try HeadlessCanvas.makeTarget(HeadlessCanvas.pixels(size, scale))
        surface = s
        drawer = DrawListRenderer(renderer: r, text: text)
        drawer.pixelScale = scale
        drawer.softwareSurface = s
        SDLSystem.canvasOpened()
    }

    /// Whole pixels for `size` points at `scale`.
    private static func pixels(_ size: Size, _ scale: Double) -> Size {
        scale == 1 ? size : Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    /// A surface and a software renderer drawing into it; nothing is left behind when it throws.
    private static func makeTarget(_ size: Size) throws -> (UnsafeMutablePointer<SDL_Surface>, OpaquePointer) {
        let name = "\(size.width.isFinite ? String(Int(size.width)) : "?")x\(size.height.isFinite ? String(Int(size.height)) : "?")"
        guard size.width.isFinite, size.height.isFinite,
              (1...Double(maximumSide)).contains(size.width), (1...Double(maximumSide)).contains(size.height) else {
            throw BackendError(plain: "cannot make a \(name) headless canvas: each side must be 1 to \(maximumSide) pixels")
        }
        let w = Int32(size.width), h = Int32(size.height)
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw BackendError("cannot make a \(name) headless canvas: no memory for its surface")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            let error = BackendError("cannot make a \(name) headless canvas: no software renderer")
            SDL_FreeSurface(s)
            throw error
        }
        return (s, r)
    }

    deinit { close() }

    /// Frees everything in order: textures, the renderer, the surface, then the fonts. Rendering
    /// after this draws nothing. Called by `deinit`; safe to call more than once.
    public func close() {
        guard let surface else { return }
        drawer.close()
        SDL_FreeSurface(surface)
        self.surface = nil
        text.close()
        SDLSystem.canvasClosed()
    }

    /// Makes the new surface and renderer first, and frees the old ones only once that worked:
    /// when it throws, the canvas is unchanged and keeps drawing at its old size.
    public func resize(_ newSize: Size) throws {
        guard newSize != size, let old = surface else { return }
        if let refused, refused.size == newSize { throw refused.error }
        let made: (UnsafeMutablePointer<SDL_Surface>, OpaquePointer)
        do { made = try HeadlessCanvas.makeTarget(HeadlessCanvas.pixels(newSize, scale)) } catch let error as BackendError {
            refused = (newSize, error)
            throw error
        }
        let next = DrawListRenderer(renderer: made.1, text: text)
        next.measurer = measurer
        next.pixelScale = drawer.pixelScale
        next.redrawsWholeFrame = drawer.redrawsWholeFrame
        next.neutralTextDirection = drawer.neutralTextDirection
        next.softwareSurface = made.0
        drawer.close()
        SDL_FreeSurface(old)
        surface = made.0
        drawer = next
        size = newSize
        refused = nil
    }

    public func render(_ list: DrawList) {
        guard surface != nil else { return }
        drawer.render(list)
        SDL_RenderPresent(drawer.renderer)
    }

    /// The first pixel (row by row) where `other`'s frame differs from this one's, nil when they
    /// are the same; a size that differs counts as a difference at 0,0. Compares whole rows of
    /// memory, for tests that check every frame.
    func firstDifference(from other: HeadlessCanvas) -> (x: Int, y: Int)? {
        guard let a = surface, let b = other.surface, a.pointee.w == b.pointee.w, a.pointee.h == b.pointee.h else { return (0, 0) }
        let w = Int(a.pointee.w)
        for y in 0..<Int(a.pointee.h) {
            let ra = (a.pointee.pixels! + y * Int(a.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            let rb = (b.pointee.pixels! + y * Int(b.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            guard SDL_memcmp(ra, rb, w * 4) != 0 else { continue }
            for x in 0..<w where ra[x] & 0xFF_FFFF != rb[x] & 0xFF_FFFF { return (x, y) }
        }
        return nil
    }

    /// The current frame as an image (empty once closed).
    /// Writes the frame as a PNG straight from the canvas, read as opaque as ``capture()`` makes
    /// it, with no copy of its pixels: a 16384-point frame is a gigabyte, and capturing it to
    /// write it held four at once. Nothing is written from a closed canvas.
    public func writePNG(to path: String) throws {
        guard let surface else { throw BackendError("cannot write \(path): the canvas is closed") }
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        // The same memory seen without its alpha byte (XRGB8888): SDL_image writes RGB.
        guard let opaque = SDL_CreateRGBSurfaceWithFormatFrom(surface.pointee.pixels, surface.pointee.w, surface.pointee.h, 32,
                                                              surface.pointee.pitch, SDL_PIXELFORMAT_RGB888.rawValue) else {
            throw BackendError("cannot write \(path)")
        }
        defer { SDL_FreeSurface(opaque) }
        guard IMG_SavePNG(opaque, path) == 0 else { throw BackendError("cannot write \(path)") }
    }

    public func capture() -> Image {
        guard let surface else { return Image(width: 0, height: 0, pixels: []) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        SDL_LockSurface(surface)
        let px = Image.opaqueCopy(of: UnsafeRawPointer(surface.pointee.pixels!), width: w, height: h, pitch: Int(surface.pointee.pitch))
        SDL_UnlockSurface(surface)
        return Image(width: w, height: h, pixels: px)
    }
}
