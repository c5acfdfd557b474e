import CSDL2
import CSDL2TTF
import CSDL2Image
import CollectionKit

/// A real window: SDL events in, frames out, with vsync and HiDPI.
public final class WindowCanvas {
    private let window: OpaquePointer
    /// The SDL window, for extensions in other files.
    var sdlWindow: OpaquePointer { window }
    public let drawer: DrawListRenderer
    private let text: TextCache
    /// Measures text as this canvas draws it (same fonts, same shaping), for cells that size
    /// themselves from their text. The renderer wraps paragraphs with the same measurer, so a
    /// paragraph measured to size a cell is not wrapped again to be drawn.
    public private(set) lazy var measurer = drawer.measurer
    private var cursors: [Cursor: OpaquePointer] = [:]
    private var currentCursor: Cursor?
    private var closed = false
    private var inputTimes = InputTimes()
    /// The modifier keys held as of the last event read (see `EventTranslator`); key events
    /// bring it up to date.
    private var heldModifiers: Modifiers = []
    /// Sees each key press and release before it becomes input; returning true consumes it (and
    /// the text its press would type). A screen reader's key forwarding sets it.
    public var keyFilter: ((KeyStroke) -> Bool)?
    private var dropsNextText = false
    /// Drops from other programs, gathered from their events until complete.
    private var externalDrops = ExternalDropReader()
    /// Window coordinates per point. Wayland's driver works in points and gives a buffer at the
    /// compositor's scale (SDL_WINDOW_ALLOW_HIGHDPI), so this is 1 there; SDL's X11 driver works
    /// in pixels, so there the window is made `scale` times larger and input is divided back.
    public let pointScale: Double
    /// Where the window's inside is on the screen, in window coordinates (assistive technology
    /// asks for screen positions).
    public var screenPosition: Point {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }
    /// True while the window has the keyboard focus (the active window).
    public var hasInputFocus: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 }

    /// Opens a resizable window of `size` points that the user cannot make smaller than
    /// `sizeLimits.minimum`. `scale` overrides the X11 scale found from `GDK_SCALE` / `Xft.dpi`
    /// (`DisplayScale`); under Wayland the compositor's scale is used.
    public init(title: String, size: Size, fonts: (regular: String, bold: String), sizeLimits: WindowSizeLimits = WindowSizeLimits(),
                scale: Double? = nil) throws {
        try SDLSystem.start(headless: false)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        pointScale = driver == "wayland" ? 1 : (scale ?? DisplayScale.x11())
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let w = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                       Int32((size.width * pointScale).rounded()), Int32((size.height * pointScale).rounded()), flags) else {
            throw BackendError("cannot open a window")
        }
        window = w
        InputTimes.enableMessages(for: w)
        guard let renderer = WindowCanvas.makeRenderer(w) else {
            let error = BackendError("cannot create a renderer")
            SDL_DestroyWindow(w)
            throw error
        }
        // After the renderer: an OpenGL renderer makes SDL re-create the X11 window, and a
        // resizable window is created without size hints, so a minimum set before it never
        // reached the window manager (WM_NORMAL_HINTS had no minimum).
        SDL_SetWindowMinimumSize(w, Int32((sizeLimits.minimum.width * pointScale).rounded()),
                                 Int32((sizeLimits.minimum.height * pointScale).rounded()))
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
    /// the user names (`SDL_RENDER_DRIVER`) is kept. Where no GPU render node exists the software
    /// renderer is made straight away, without loading OpenGL to find out (`RendererChoice`).
    private static func makeRenderer(_ w: OpaquePointer) -> OpaquePointer? {
        let userDriver = SDL_GetHint(SDL_HINT_RENDER_DRIVER).map { String(cString: $0) }
        // Under Wayland a software renderer's frames reach the compositor through a texture at
        // scale 1 (SDL has no framebuffer there), which would lose the buffer scale: keep GL.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if driver != "wayland", RendererChoice.decide(renderNodes: RendererChoice.renderNodes(), userDriver: userDriver) == .software {
            showSurfaceWithoutOpenGL()
            if let software = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) { return software }
            SDL_ClearError()
        }
        let accelerated = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        guard let accelerated else { return SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil, driver != "wayland", rasterisesOnTheCPU(accelerated) else { return accelerated }
        SDL_DestroyRenderer(accelerated)
        showSurfaceWithoutOpenGL()
        if let software = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) { return software }
        SDL_ClearError()
        return SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
    }

    /// On X11 the window's surface goes to the display by shared memory; SDL would otherwise show
    /// it through an OpenGL texture, and load OpenGL to decide whether to.
    private static func showSurfaceWithoutOpenGL() {
        if SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "x11" {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
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
        return Size(width: (Double(w) / pointScale).rounded(), height: (Double(h) / pointScale).rounded())
    }

    /// Device pixels per point the frames are drawn at.
    public var pixelScale: Double { drawer.pixelScale }

    /// HiDPI: render at the output's pixel size, with points scaled up.
    private func updatePixelScale() {
        guard !closed else { return }
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(drawer.renderer, &pw, &ph)
        let s = size
        drawer.pixelScale = s.width > 0 ? Double(pw) / s.width : 1
        // Cached text for what the window shows, not a fixed amount (see `TextCache`).
        text.sizeTextureBudget(toPixels: Int(pw) * Int(ph))
    }

    /// Drains SDL's queue into input events. `quit` becomes true on window close.
    public func pollEvents(quit: inout Bool) -> [InputEvent] {
        pollTimedEvents(quit: &quit).map(\.event)
    }

    /// The events queued since the last call, each with the wall-clock time (`Clock.wallSeconds`)
    /// at which it happened where the windowing system says so (X11), else nil.
    public func pollTimedEvents(quit: inout Bool) -> [(event: InputEvent, time: Double?)] {
        var out: [(event: InputEvent, time: Double?)] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            // The window shown, uncovered or resized: the next frame goes to the screen whole.
            if EventTranslator.isWindowEvent(e) { presentsWhole = true }
            if e.type == SDL_SYSWMEVENT.rawValue {
                inputTimes.read(message: &e, now: Clock.wallSeconds())
                continue
            }
            if let keyFilter, let stroke = EventTranslator.keyStroke(e) {
                if keyFilter(stroke) {
                    if stroke.pressed { dropsNextText = true }
                    continue
                }
                dropsNextText = false
            }
            if dropsNextText, EventTranslator.isTextInput(e) {
                dropsNextText = false
                continue
            }
            if ExternalDropReader.isDrop(e) {
                if var drop = externalDrops.read(e, window: window) {
                    if pointScale != 1 { drop = inPoints(drop) }
                    out.append((drop, inputTimes.current))
                }
                continue
            }
            if var ev = EventTranslator.translate(e, quit: &quit, modifiers: &heldModifiers) {
                if pointScale != 1 { ev = inPoints(ev) }
                if case .resize = ev { updatePixelScale() }
                // While a button is held the pointer is captured: a drag past the window's edge
                // keeps reporting where the pointer is (outside the window).
                if case .pointerDown = ev { SDL_CaptureMouse(SDL_TRUE) }
                if case .pointerUp = ev, SDL_GetMouseState(nil, nil) == 0 { SDL_CaptureMouse(SDL_FALSE) }
                out.append((ev, inputTimes.current))
            }
        }
        return out
    }

    /// An event in X11 window pixels, in points: positions and sizes divided by `pointScale`.
    private func inPoints(_ event: InputEvent) -> InputEvent {
        func p(_ q: Point) -> Point { Point(x: q.x / pointScale, y: q.y / pointScale) }
        switch event {
        case let .pointerDown(q, b, m): return .pointerDown(p(q), b, m)
        case let .pointerMove(q, m): return .pointerMove(p(q), m)
        case let .pointerUp(q, b, m): return .pointerUp(p(q), b, m)
        case .resize: return .resize(size)
        case let .drop(payload, q): return .drop(payload, at: p(q))
        default: return event
        }
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
            case .copy: id = SDL_SYSTEM_CURSOR_ARROW
            }
            // The copy cursor is drawn (SDL has none); the plain arrow only if that fails.
            cursors[c] = (c == .copy ? CopyCursor.make(scale: pointScale) : nil) ?? SDL_CreateSystemCursor(id)
        }
        SDL_SetCursor(cursors[c])
    }

    public func render(_ list: DrawList) {
        // SDL's software renderer draws into the window's surface (made anew on a resize); the
        // drawer then draws rects and cached textures straight into it, as a headless canvas does.
        drawer.softwareSurface = isSoftware ? SDL_GetWindowSurface(window) : nil
        // The compositor may tell the window its scale only after it is shown (Wayland).
        updatePixelScale()
        drawer.render(list)
    }

    /// Whether the window's renderer is SDL's software one.
    private lazy var isSoftware: Bool = {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(drawer.renderer, &info) == 0 else { return false }
        return info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }()
    /// Shows the frame; with vsync this waits for the display. A frame SDL's software renderer
    /// drew in part goes to the screen in part: only the boxes that changed are sent.
    /// Returns whether anything went to the screen (false when the frame changed no pixel).
    @discardableResult
    public func present() -> Bool {
        guard !closed else { return false }
        if isSoftware, !presentsWhole, let boxes = drawer.changedBoxes {
            guard !boxes.isEmpty else { return false }
            let rects = boxes.map(\.sdl)
            if SDL_UpdateWindowSurfaceRects(window, rects, Int32(rects.count)) == 0 { return true }
        }
        presentsWhole = false
        SDL_RenderPresent(drawer.renderer)
        return true
    }

    /// Whether the window shows `list` already: it is the list drawn last (`drawnBefore`), on the
    /// same pixels (no window event since, no change of scale, of the renderer's mode or of the
    /// background the app leaves to the scheme). Then a frame needs neither rendering nor presenting.
    func isShowing(_ list: DrawList, drawnBefore: DrawList) -> Bool {
        guard !closed, !presentsWhole, list == drawnBefore else { return false }
        let before = pixelScale
        updatePixelScale()
        return pixelScale == before && drawer.showsUnchanged(list)
    }
    /// Whether the next frame must go to the screen whole (after the window was shown, uncovered
    /// or resized).
    private(set) var presentsWhole = true

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
