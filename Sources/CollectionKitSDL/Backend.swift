import CSDL2
import CSDL2TTF
import CSDL2Image
import CollectionKit

/// A failure of SDL or its libraries (no display, a font that cannot be opened, a renderer that
/// cannot be made), with SDL's own message appended when it gave one. Its description is the one
/// line the program prints before exiting non-zero.
public struct BackendError: Error, CustomStringConvertible {
    /// What failed, then SDL's explanation.
    public var description: String
    init(_ what: String) {
        let detail = String(cString: SDL_GetError())
        description = detail.isEmpty ? what : "\(what): \(detail)"
    }
    init(plain: String) { description = plain }
}

/// SDL, SDL_ttf and SDL_image set up once per process, and shut down in a defined order.
///
/// Teardown order matters: SDL frees a renderer's textures with the renderer, and SDL_ttf frees
/// every face with the library. So a canvas closes its textures, then its renderer, then its
/// window or surface, then its fonts; and `shutdown()` quits SDL_ttf and SDL only once no canvas
/// is left (or, when one still is, as soon as the last one closes).
public enum SDLSystem {
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var openCanvases = 0
    nonisolated(unsafe) private static var shutdownRequested = false

    /// Starts SDL. Headless runs use the offscreen video driver, so no display is needed.
    public static func start(headless: Bool) throws {
        shutdownRequested = false
        guard !started else { return }
        if headless { SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen") }
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        if SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) != 0 {
            if headless {
                // No offscreen driver in this SDL build: the software renderer needs no video at all.
                SDL_ClearError()
                guard SDL_Init(UInt32(SDL_INIT_EVENTS)) == 0 else { throw BackendError("cannot start SDL") }
            } else {
                throw BackendError(plain: "cannot open a window: no display could be reached (\(String(cString: SDL_GetError()))). "
                                   + "Set DISPLAY, or run with --headless.")
            }
        }
        if !headless, let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), ["offscreen", "dummy"].contains(driver) {
            // SDL falls back to an invisible driver when no display answers; a window there helps nobody.
            SDL_Quit()
            throw BackendError(plain: "cannot open a window: no display could be reached (SDL chose its '\(driver)' driver). "
                               + "Set DISPLAY, or run with --headless.")
        }
        guard TTF_Init() == 0 else {
            SDL_Quit()
            throw BackendError("cannot start SDL_ttf")
        }
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
        started = true
    }

    /// Quits SDL_image, SDL_ttf and SDL, in that order, once every canvas has closed. Call it when
    /// the program is done drawing; with a canvas still open it waits for that canvas to close.
    public static func shutdown() {
        guard started else { return }
        guard openCanvases == 0 else {
            shutdownRequested = true
            return
        }
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
        started = false
        shutdownRequested = false
    }

    /// Whether SDL is running (for tests of the teardown order).
    public static var isRunning: Bool { started }

    static func canvasOpened() { openCanvases += 1 }

    static func canvasClosed() {
        openCanvases -= 1
        if openCanvases == 0 && shutdownRequested { shutdown() }
    }
}

/// Renders frames into a memory surface with SDL's software renderer: identical pixels on every run.
public final class HeadlessCanvas {
    /// The largest side a headless canvas takes, in pixels (the same bound as `--size`).
    public static let maximumSide = 16384

    public private(set) var size: Size
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    public private(set) var drawer: DrawListRenderer
    private let text: TextCache
    /// A size that could not be made, and why: asked again every frame, it fails at once.
    private var refused: (size: Size, error: BackendError)?

    public init(size: Size, fonts: (regular: String, bold: String)) throws {
        try SDLSystem.start(headless: true)
        self.size = size
        text = TextCache(regular: fonts.regular, bold: fonts.bold)
        let (s, r) = try HeadlessCanvas.makeTarget(size)
        surface = s
        drawer = DrawListRenderer(renderer: r, text: text)
        drawer.softwareSurface = s
        SDLSystem.canvasOpened()
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
        do { made = try HeadlessCanvas.makeTarget(newSize) } catch let error as BackendError {
            refused = (newSize, error)
            throw error
        }
        let next = DrawListRenderer(renderer: made.1, text: text)
        next.pixelScale = drawer.pixelScale
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

    /// The current frame as an image (empty once closed).
    public func capture() -> Image {
        guard let surface else { return Image(width: 0, height: 0, pixels: []) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        var px = [UInt32](repeating: 0, count: w * h)
        SDL_LockSurface(surface)
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { px[y * w + x] = row[x] | 0xFF00_0000 }
        }
        SDL_UnlockSurface(surface)
        return Image(width: w, height: h, pixels: px)
    }
}

/// A real window: SDL events in, frames out, with vsync and HiDPI.
public final class WindowCanvas {
    private let window: OpaquePointer
    public let drawer: DrawListRenderer
    private let text: TextCache
    private var cursors: [Cursor: OpaquePointer] = [:]
    private var currentCursor: Cursor?
    private var closed = false

    public init(title: String, size: Size, fonts: (regular: String, bold: String)) throws {
        try SDLSystem.start(headless: false)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let w = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                       Int32(size.width), Int32(size.height), flags) else {
            throw BackendError("cannot open a window")
        }
        window = w
        SDL_SetWindowMinimumSize(w, Int32(WindowSizeLimits.minimum.width), Int32(WindowSizeLimits.minimum.height))
        guard let renderer = WindowCanvas.makeRenderer(w) else {
            let error = BackendError("cannot create a renderer")
            SDL_DestroyWindow(w)
            throw error
        }
        text = TextCache(regular: fonts.regular, bold: fonts.bold)
        drawer = DrawListRenderer(renderer: renderer, text: text)
        SDLSystem.canvasOpened()
        updatePixelScale()
    }

    /// The window's renderer: the GPU's, unless OpenGL is itself rasterised on the CPU (Mesa's
    /// llvmpipe or softpipe, as in a virtual machine, a remote desktop or Xvfb). Then SDL's
    /// software renderer draws into the window's surface instead, which the pixel target draws
    /// straight into, and on X11 the surface goes to the display by shared memory rather than
    /// through OpenGL, for the same pixels at a sixth of the CPU time (see the README). A renderer
    /// the user names (`SDL_RENDER_DRIVER`) is kept.
    private static func makeRenderer(_ w: OpaquePointer) -> OpaquePointer? {
        let accelerated = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        guard let accelerated else { return SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil, rasterisesOnTheCPU(accelerated) else { return accelerated }
        SDL_DestroyRenderer(accelerated)
        // SDL would otherwise show the window's surface through an OpenGL texture again.
        if SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "x11" {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        if let software = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) { return software }
        SDL_ClearError()
        return SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
    }

    /// Whether `renderer` is OpenGL drawn by one of Mesa's CPU rasterisers (its GL_RENDERER string).
    private static func rasterisesOnTheCPU(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name.map({ String(cString: $0) }),
              name.hasPrefix("opengl"), let proc = SDL_GL_GetProcAddress("glGetString") else { return false }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRenderer: UInt32 = 0x1F01
        guard let text = unsafeBitCast(proc, to: GetString.self)(glRenderer) else { return false }
        let description = String(cString: text).lowercased()
        return ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains { description.contains($0) }
    }

    deinit { close() }

    /// Frees everything in order: textures, the renderer, cursors, the window, then the fonts.
    /// Called by `deinit`; safe to call more than once.
    public func close() {
        guard !closed else { return }
        closed = true
        drawer.close()
        SDL_SetCursor(SDL_GetDefaultCursor())
        for c in cursors.values { SDL_FreeCursor(c) }
        cursors.removeAll()
        SDL_DestroyWindow(window)
        text.close()
        SDLSystem.canvasClosed()
    }

    /// The window's size in points.
    public var size: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// HiDPI: render at the output's pixel size, with points scaled up.
    private func updatePixelScale() {
        guard !closed else { return }
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(drawer.renderer, &pw, &ph)
        let s = size
        drawer.pixelScale = s.width > 0 ? Double(pw) / s.width : 1
    }

    /// Drains SDL's queue into input events. `quit` becomes true on window close.
    public func pollEvents(quit: inout Bool) -> [InputEvent] {
        var out: [InputEvent] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let ev = EventTranslator.translate(e, quit: &quit) {
                if case .resize = ev { updatePixelScale() }
                // While a button is held the pointer is captured: a drag past the window's edge
                // keeps reporting where the pointer is (outside the window).
                if case .pointerDown = ev { SDL_CaptureMouse(SDL_TRUE) }
                if case .pointerUp = ev, SDL_GetMouseState(nil, nil) == 0 { SDL_CaptureMouse(SDL_FALSE) }
                out.append(ev)
            }
        }
        return out
    }

    public func setCursor(_ c: Cursor) {
        guard c != currentCursor else { return }
        currentCursor = c
        if cursors[c] == nil {
            let id: SDL_SystemCursor
            switch c {
            case .arrow: id = SDL_SYSTEM_CURSOR_ARROW
            case .hand: id = SDL_SYSTEM_CURSOR_HAND
            case .grabbing: id = SDL_SYSTEM_CURSOR_SIZEALL
            case .notAllowed: id = SDL_SYSTEM_CURSOR_NO
            }
            cursors[c] = SDL_CreateSystemCursor(id)
        }
        SDL_SetCursor(cursors[c])
    }

    public func render(_ list: DrawList) {
        // SDL's software renderer draws into the window's surface (made anew on a resize); the
        // drawer then draws rects and cached textures straight into it, as a headless canvas does.
        drawer.softwareSurface = isSoftware ? SDL_GetWindowSurface(window) : nil
        drawer.render(list)
    }

    /// Whether the window's renderer is SDL's software one.
    private lazy var isSoftware: Bool = {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(drawer.renderer, &info) == 0 else { return false }
        return info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }()
    /// Shows the frame; with vsync this waits for the display.
    public func present() {
        guard !closed else { return }
        SDL_RenderPresent(drawer.renderer)
    }

    /// The frame last rendered (call before `present`).
    public func capture() -> Image {
        guard !closed else { return Image(width: 0, height: 0, pixels: []) }
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(drawer.renderer, &pw, &ph)
        var px = [UInt32](repeating: 0, count: Int(pw * ph))
        _ = px.withUnsafeMutableBytes {
            SDL_RenderReadPixels(drawer.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, pw * 4)
        }
        return Image(width: Int(pw), height: Int(ph), pixels: px.map { $0 | 0xFF00_0000 })
    }
}

/// SDL events to core input events, and nothing else.
public enum EventTranslator {
    static func modifiers(_ m: UInt16) -> Modifiers {
        var out: Modifiers = []
        if m & UInt16(KMOD_SHIFT.rawValue) != 0 { out.insert(.shift) }
        if m & UInt16(KMOD_CTRL.rawValue) != 0 { out.insert(.ctrl) }
        if m & UInt16(KMOD_ALT.rawValue) != 0 { out.insert(.alt) }
        if m & UInt16(KMOD_GUI.rawValue) != 0 { out.insert(.gui) }
        return out
    }

    static func button(_ b: UInt8) -> MouseButton? {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_RIGHT: return .right
        case SDL_BUTTON_MIDDLE: return .middle
        default: return nil
        }
    }

    public static func translate(_ e: SDL_Event, quit: inout Bool) -> InputEvent? {
        let mods = modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            quit = true
            return nil
        case SDL_MOUSEBUTTONDOWN:
            guard let b = button(e.button.button) else { return nil }
            return .pointerDown(Point(x: Double(e.button.x), y: Double(e.button.y)), b, mods)
        case SDL_MOUSEBUTTONUP:
            guard let b = button(e.button.button) else { return nil }
            return .pointerUp(Point(x: Double(e.button.x), y: Double(e.button.y)), b, mods)
        case SDL_MOUSEMOTION:
            return .pointerMove(Point(x: Double(e.motion.x), y: Double(e.motion.y)), mods)
        case SDL_MOUSEWHEEL:
            let flip: Double = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .wheel(dx: Double(e.wheel.preciseX) * flip, dy: Double(e.wheel.preciseY) * flip)
        case SDL_KEYDOWN:
            let name = String(cString: SDL_GetKeyName(e.key.keysym.sym))
            guard !name.isEmpty else { return nil }
            return .key(Key(name), modifiers(e.key.keysym.mod))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .text(text)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                return .resize(Size(width: Double(e.window.data1), height: Double(e.window.data2)))
            case SDL_WINDOWEVENT_FOCUS_LOST: return .focus(gained: false)
            case SDL_WINDOWEVENT_FOCUS_GAINED: return .focus(gained: true)
            // With a button held the pointer is captured and moves keep coming; only a free
            // pointer leaving ends hover.
            case SDL_WINDOWEVENT_LEAVE where SDL_GetMouseState(nil, nil) == 0: return .pointerExited
            case SDL_WINDOWEVENT_CLOSE:
                quit = true
                return nil
            default: return nil
            }
        default:
            return nil
        }
    }
}
