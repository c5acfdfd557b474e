import CSDL2
import CollectionKit

/// Draws a `DrawList` with an SDL_Renderer. Points become pixels through `pixelScale` (HiDPI).
/// Rounded shapes are triangle geometry with a one-pixel feathered edge for anti-aliasing;
/// straight parts use plain rect fills, the software renderer's fast path.
///
/// It owns its SDL renderer: `close()` (or `deinit`) frees every texture made with it (snapshots,
/// corner discs, shadows, text) and only then the renderer, since SDL frees a renderer's textures
/// with it and a texture destroyed afterwards is a use after free.
public final class DrawListRenderer {
    /// The SDL renderer drawn with; valid until `close()`.
    public let renderer: OpaquePointer
    /// True once `close()` has freed the renderer; rendering then does nothing.
    public private(set) var isClosed = false
    let text: TextCache
    /// Wraps paragraphs with the widths text is drawn at.
    lazy var measurer = TextMeasurer(cache: text)
    /// Device pixels per point.
    public var pixelScale: Double = 1
    /// The UI's direction, which text without a strong letter takes (digits, times, signs:
    /// "09:00 – 10:00", "1 / 12"): in a right-to-left window it runs right to left, and a
    /// `natural` alignment puts it at the right, as the Arabic or Hebrew text beside it. Text with
    /// a letter keeps its own direction. An app sets it to its collections' `layoutDirection`.
    public var neutralTextDirection: LayoutDirection = .leftToRight

    private var transforms: [Transform] = []
    private var clips: [SDL_Rect?] = []
    private var opacities: [Double] = []
    var transform = Transform.identity
    var opacity = 1.0
    private(set) var clip: SDL_Rect?
    /// Pictures made ready to copy, by key (see `DrawListRenderer+Images.swift`).
    var imageSprites: [ImageKey: ImageSprite] = [:]
    private var snapshotTextures: [String: OpaquePointer] = [:]
    /// Where each recorded texture is opaque (see `OpaqueParts`), by key, for the survey: a
    /// texture copied at its own size covers up what was drawn under those parts.
    var snapshotOpaque: [String: OpaqueParts] = [:]
    /// The pixels of each recorded texture, read back once (software renderer only): a copy at
    /// the texture's own size goes straight into the target's pixels, not through SDL.
    private var snapshotPixels: [String: Bitmap] = [:]
    /// Recorded textures copied through SDL in the last frame (for tests counting a frame's work).
    private(set) var texturesCopiedBySDL = 0
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    /// The surface a software renderer draws into, when it has one (a headless canvas, or a window
    /// SDL renders in software): rect fills and copies of cached textures are then drawn straight
    /// into its pixels (see `PixelTarget`), and only curves and snapshots go through SDL.
    var softwareSurface: UnsafeMutablePointer<SDL_Surface>?
    /// The pixels drawn straight into during `render` (nil while recording a snapshot).
    private var pixelTarget: PixelTarget?
    /// Whether SDL may hold drawing not yet done: it must be done before pixels are touched.
    private var sdlPending = false
    private var drawColor = Color(r: 0, g: 0, b: 0, a: 255)

    init(renderer: OpaquePointer, text: TextCache) {
        self.renderer = renderer
        self.text = text
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit { close() }

    /// Frees the textures made with the renderer, then the renderer. Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for t in snapshotTextures.values { SDL_DestroyTexture(t) }
        snapshotTextures.removeAll()
        snapshotOpaque.removeAll()
        snapshotPixels.removeAll()
        for t in discTextures.values { SDL_DestroyTexture(t) }
        discTextures.removeAll()
        dropShapeTextures()
        dropImageSprites()
        text.dropTextures()
        SDL_DestroyRenderer(renderer)
    }

    /// Renders a whole frame: textures it names are recorded first, then the commands.
    public func render(_ list: DrawList) {
        guard !isClosed else { return }
        var used = Set<String>()
        for rec in list.textures {
            used.insert(rec.key)
            if snapshotTextures[rec.key] == nil { record(rec) }
        }
        for (k, t) in snapshotTextures where !used.contains(k) {
            SDL_DestroyTexture(t)
            snapshotTextures[k] = nil
            snapshotOpaque[k] = nil
            snapshotPixels[k] = nil
        }
        keepImageSprites(namedIn: list.commands)
        // A frame that starts by painting the whole target opaque needs no clear: in the software
        // renderer each is a full pass over memory.
        pixelTarget = softwareSurface.flatMap { PixelTarget(surface: $0) }
        defer { pixelTarget = nil }
        let clears = !coversTarget(list.commands.first)
        // Where the app draws nothing: the scheme's standard background. When it changed (the
        // desktop turned light), every pixel it showed is stale, so the frame is drawn whole.
        let black = Appearance.colorScheme.standardBackground
        let backgroundChanged = clears && lastBackground != nil && lastBackground != black
        if clears { lastBackground = black }
        surveyed = false
        coveredPixels = 0
        texturesCopiedBySDL = 0
        if let p = pixelTarget, let plan = redrawPlan(list, target: p, clears: clears), !backgroundChanged {
            // Only what changed: the scrolled pixels moved, then each box drawn with what reaches it.
            if let s = plan.shift { for region in s.regions { p.shift(region, dx: s.dx, dy: s.dy, keeping: plan.keep) } }
            for box in plan.boxes {
                if clears { p.fill(box.sdl, color: black, clip: nil) }
                run(list.commands, base: Transform(scale: pixelScale), within: box, culling: true)
            }
            lastPlan = plan
        } else if surveyed, pixelTarget != nil {
            // Drawn whole, with the survey at hand: what opaque fills cover later is not drawn.
            if clears, let p = direct() { p.fill(SDL_Rect(x: 0, y: 0, w: Int32(p.width), h: Int32(p.height)), color: black, clip: nil) }
            run(list.commands, base: Transform(scale: pixelScale), within: drawn.target, culling: true)
            lastPlan = nil
            lastTargetPixels = pixelTarget.map { $0.width * $0.height } ?? 0
        } else {
            if clears {
                if let p = direct() {
                    p.fill(SDL_Rect(x: 0, y: 0, w: Int32(p.width), h: Int32(p.height)), color: black, clip: nil)
                } else {
                    SDL_SetRenderDrawColor(renderer, black.r, black.g, black.b, 255)
                    SDL_RenderClear(renderer)
                }
            }
            run(list.commands, base: Transform(scale: pixelScale))
            lastPlan = nil
            lastTargetPixels = pixelTarget.map { $0.width * $0.height } ?? 0
        }
        if sdlPending { SDL_RenderFlush(renderer); sdlPending = false }
        text.endFrame()
        hasRendered = true
    }
    /// Whether a frame was rendered since the renderer was made or its mode changed.
    private var hasRendered = false

    /// Whether rendering `list` again, the list rendered last, would leave every pixel as it is:
    /// false when frames are drawn whole, or when the background the app leaves to the scheme
    /// changed since (the desktop turned light).
    func showsUnchanged(_ list: DrawList) -> Bool {
        guard !redrawsWholeFrame, hasRendered else { return false }
        return coversTarget(list.commands.first) || lastBackground == Appearance.colorScheme.standardBackground
    }

    /// Draws every frame whole when true. When false (the default), a software target keeps the
    /// last frame's pixels and draws only what changed, moving the pixels of a scrolled view;
    /// the result is the same either way.
    public var redrawsWholeFrame = false {
        didSet { drawn.commands = []; hasRendered = false }
    }
    /// The pixels the last frame drew (all of the target when drawn whole), and whether it moved
    /// scrolled pixels rather than draw them.
    public var lastRedraw: (pixels: Int, shifted: Bool) {
        guard let lastPlan else { return (lastTargetPixels, false) }
        return (lastPlan.boxes.reduce(0) { $0 + $1.area }, lastPlan.shift != nil)
    }
    /// The parts of the target the last frame changed; nil when it drew the whole target.
    var changedBoxes: [PixelBox]? {
        lastPlan.map { plan in plan.boxes + plan.shiftedBoxes }
    }
    /// The pixels the last frame moved rather than drew (0 when it moved none).
    var lastShiftedPixels: Int {
        (lastPlan?.shiftedBoxes ?? []).reduce(0) { $0 + $1.intersection(drawn.target).area }
    }
    /// How the last frame was drawn in part; nil when it was drawn whole, over `lastTargetPixels`.
    private var lastPlan: RedrawPlan?
    /// The colour the last frame was cleared to where the app drew nothing.
    private var lastBackground: Color?
    private var lastTargetPixels = 0
    /// The frame on the target now, and a spare to survey the next into.
    private var drawn = DrawnFrame(), spare = DrawnFrame()
    /// Whether `drawn` is the survey of the frame being rendered.
    private var surveyed = false
    /// Pixels the last frame did not draw because an opaque fill drawn later covers them (a
    /// command left out whole counts its bound), for tests counting the work of a frame.
    private(set) var coveredPixels = 0

    /// Surveys `list` and compares it with the frame on the target: the plan to draw only what
    /// changed, or nil to draw it whole.
    private func redrawPlan(_ list: DrawList, target p: PixelTarget, clears: Bool) -> RedrawPlan? {
        guard !redrawsWholeFrame else { return nil }
        var next = spare
        next.reset(target: PixelBox(x0: 0, y0: 0, x1: p.width, y1: p.height), pixelScale: pixelScale,
                   surface: UnsafeMutableRawPointer(p.pixels), clears: clears)
        survey(list.commands, into: &next)
        let plan = drawn.clears == clears ? drawn.damage(to: next) : nil
        spare = drawn
        drawn = next
        surveyed = true
        return plan
    }

    /// The target to draw straight into, once SDL has done what it was asked; nil: draw with SDL.
    func direct() -> PixelTarget? {
        guard let p = pixelTarget else { return nil }
        if sdlPending {
            SDL_RenderFlush(renderer)
            sdlPending = false
        }
        return p
    }

    /// Whole pixels as SDL's software renderer takes them from a float rect (truncated).
    func wholePixels(_ f: SDL_FRect) -> SDL_Rect {
        func i(_ v: Float) -> Int32 { v.isFinite ? Int32(max(-1e9, min(1e9, v))) : 0 }
        return SDL_Rect(x: i(f.x), y: i(f.y), w: i(f.w), h: i(f.h))
    }

    /// Copies part of a cached image: into the pixels when they are at hand, else with SDL.
    func copy(_ sprite: Sprite, src: SDL_Rect?, dst: SDL_FRect, alpha: UInt8) {
        if let bitmap = sprite.bitmap, let p = direct() {
            let s = src ?? SDL_Rect(x: 0, y: 0, w: Int32(bitmap.width), h: Int32(bitmap.height))
            p.blit(bitmap, src: s, dst: wholePixels(dst), alpha: alpha, clip: clip)
            return
        }
        if let mask = sprite.mask, let p = direct() {
            // The same pixels as the ARGB8888 copy in the mask's colour: coverage times `alpha`.
            let s = src ?? SDL_Rect(x: 0, y: 0, w: Int32(mask.width), h: Int32(mask.height))
            let rgb = sprite.maskRGB
            let colour = Color(r: UInt8(rgb >> 16 & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF), a: alpha)
            p.blitMask(mask, src: s, dst: wholePixels(dst), color: colour, clip: clip)
            return
        }
        guard let texture = sprite.texture else { return }
        copyWithSDL(texture, src: src, dst: dst, alpha: alpha)
    }

    private func copyWithSDL(_ texture: OpaquePointer, src: SDL_Rect?, dst: SDL_FRect, alpha: UInt8) {
        SDL_SetTextureAlphaMod(texture, alpha)
        var d = dst
        if var s = src { SDL_RenderCopyF(renderer, texture, &s, &d) } else { SDL_RenderCopyF(renderer, texture, nil, &d) }
        sdlPending = true
    }

    private func coversTarget(_ command: DrawCommand?) -> Bool {
        guard case let .fill(r, color, radius)? = command, color.a == 255, radius <= 0 else { return false }
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { return false }
        let px = snapped(Transform(scale: pixelScale).apply(r))
        return px.minX <= 0 && px.minY <= 0 && px.maxX >= Double(w) && px.maxY >= Double(h)
    }

    private func record(_ rec: TextureRecording) {
        let w = Int32(max(1, (rec.size.width * pixelScale).rounded(.up)))
        let h = Int32(max(1, (rec.size.height * pixelScale).rounded(.up)))
        guard let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                          Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else { return }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let previous = SDL_GetRenderTarget(renderer)
        // Drawn by SDL into the texture: nothing straight into the target's pixels meanwhile.
        if sdlPending { SDL_RenderFlush(renderer); sdlPending = false }
        let savedTarget = pixelTarget
        pixelTarget = nil
        defer { pixelTarget = savedTarget }
        SDL_SetRenderTarget(renderer, tex)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        run(rec.commands, base: Transform(scale: pixelScale))
        // Read back once (software renderer only): where the recording came out opaque.
        if isSoftwareRenderer {
            var px = [UInt32](repeating: 0, count: Int(w) * Int(h))
            let read = px.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, w * 4)
            }
            if read == 0 {
                snapshotOpaque[rec.key] = OpaqueParts(argb: px, width: Int(w), height: Int(h))
                let bitmap = Bitmap(width: Int(w), height: Int(h))
                px.withUnsafeBufferPointer { bitmap.pixels.update(from: $0.baseAddress!, count: $0.count) }
                snapshotPixels[rec.key] = bitmap
            }
        }
        SDL_SetRenderTarget(renderer, previous)
        snapshotTextures[rec.key] = tex
    }

    /// Runs `commands` from `base`; `within` a box of the target, only the drawing that reaches
    /// it (by the survey of this frame), clipped to it. `culling` (with the survey of this
    /// frame): a command is drawn only where no opaque fill drawn after it covers it.
    private func run(_ commands: [DrawCommand], base: Transform, within box: PixelBox? = nil, culling: Bool = false) {
        let saved = (transforms, clips, opacities, transform, opacity, clip)
        transforms = []; clips = []; opacities = []
        transform = base; opacity = 1; clip = box?.sdl
        applyClip()
        if let box {
            let entries = drawn.entries
            var occlusion = culling && pixelTarget != nil ? Occlusion(entries, within: box) : nil
            var n = 0
            for c in commands {
                switch c {
                case .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity:
                    execute(c)
                default:
                    let v = entries[n].visible.intersection(box)
                    if !v.isEmpty {
                        if occlusion != nil { executeUncovered(c, entries[n], v, &occlusion!, n) } else { execute(c) }
                    }
                    n += 1
                }
            }
        } else {
            for c in commands { execute(c) }
        }
        (transforms, clips, opacities, transform, opacity, clip) = saved
        if let c = clip { var r = c; SDL_RenderSetClipRect(renderer, &r) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    /// Draws `c` (entry `n` of the survey, reaching `v` of the box drawn) where no opaque fill
    /// drawn after it covers it: not at all when they cover all it can touch; in the parts left,
    /// each clipped, when it draws the same pixels in parts; else whole. An opaque fill replaces
    /// every pixel it covers whatever was drawn there before, so the pixels come out the same.
    private func executeUncovered(_ c: DrawCommand, _ e: DrawnFrame.Entry, _ v: PixelBox, _ occlusion: inout Occlusion, _ n: Int) {
        guard let parts = occlusion.uncovered(v, before: n, limit: e.drawsInParts ? (e.uniform ? 48 : 8) : 0) else {
            execute(c)
            return
        }
        let drawnArea = parts.reduce(0) { $0 + $1.area }
        coveredPixels += v.area - drawnArea
        guard !parts.isEmpty else { return }
        if parts.count == 1, parts[0] == v {
            execute(c)
            return
        }
        let saved = clip
        for part in parts {
            var r = part.sdl
            if let current = saved {
                var a = current, out = SDL_Rect()
                if SDL_IntersectRect(&a, &r, &out) == SDL_FALSE { continue }
                r = out
            }
            clip = r
            applyClip()
            execute(c)
        }
        clip = saved
        applyClip()
    }

    private func execute(_ c: DrawCommand) {
        switch c {
        case let .fill(r, color, radius):
            fill(hairline(transform.apply(r), points: r), color: tinted(color), radius: radius * transform.scale)
        case let .stroke(r, color, width, radius):
            stroke(transform.apply(r), color: tinted(color), width: lineWidth(width), radius: radius * transform.scale)
        case let .shadow(r, color, radius, blur):
            shadow(transform.apply(r), color: tinted(color), radius: radius * transform.scale, blur: blur * transform.scale)
        case let .line(a, b, color, width):
            line(transform.apply(a), transform.apply(b), tinted(color), width: lineWidth(width))
        case let .text(run):
            drawText(run)
        case let .paragraph(p):
            for run in p.resolvingNaturalAlignment(neutral: neutralTextDirection).lineRuns(measurer) { drawText(run) }
        case let .image(run):
            drawImage(run)
        case let .texture(key, r):
            guard let tex = snapshotTextures[key] else { return }
            var dst = frect(transform.apply(r))
            // A texture drawn at its own size lands on whole pixels, copied 1:1 (no resampling).
            var tw: Int32 = 0, th: Int32 = 0
            if SDL_QueryTexture(tex, nil, nil, &tw, &th) == 0, abs(dst.w - Float(tw)) < 0.75, abs(dst.h - Float(th)) < 0.75 {
                dst = SDL_FRect(x: dst.x.rounded(), y: dst.y.rounded(), w: Float(tw), h: Float(th))
                // At its own size (a lifted card): its pixels go straight into the target's, as
                // a cached picture's do, without SDL's command queue and blitter.
                if let bitmap = snapshotPixels[key], bitmap.width == Int(tw), bitmap.height == Int(th), let p = direct() {
                    p.blit(bitmap, src: SDL_Rect(x: 0, y: 0, w: tw, h: th), dst: wholePixels(dst),
                           alpha: UInt8((opacity * 255).rounded()), clip: clip)
                    return
                }
            }
            texturesCopiedBySDL += 1
            SDL_SetTextureAlphaMod(tex, UInt8((opacity * 255).rounded()))
            SDL_RenderCopyF(renderer, tex, nil, &dst)
            sdlPending = true
        case let .pushClip(r):
            clips.append(clip)
            let px = transform.apply(r)
            var next = DrawListRenderer.clipPixels(px)
            if let current = clip {
                var a = current, out = SDL_Rect()
                if SDL_IntersectRect(&a, &next, &out) == SDL_FALSE { out = SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
                next = out
            }
            clip = next
            applyClip()
        case .popClip:
            clip = clips.popLast() ?? nil
            applyClip()
        case let .pushTransform(t):
            transforms.append(transform)
            transform = DrawListRenderer.pushing(t, onto: transform)
        case .popTransform:
            transform = transforms.popLast() ?? transform
        case let .pushOpacity(o):
            opacities.append(opacity)
            opacity *= max(0, min(1, o))
        case .popOpacity:
            opacity = opacities.popLast() ?? 1
        }
    }

    // MARK: Hairlines

    /// A line's width in pixels. A hairline (a point or less) stays as many device pixels as it
    /// has points at any `pixelScale`, so rules and outlines stay as fine as the screen allows.
    private func lineWidth(_ width: Double) -> Double { lineWidth(width, scale: transform.scale) }

    func lineWidth(_ width: Double, scale: Double) -> Double {
        let hairline = pixelScale > 1 && width <= 1
        return max(1, width * scale / (hairline ? pixelScale : 1))
    }

    /// A fill a point or less thick (a separator rule) keeps that thickness in device pixels,
    /// at its top or left edge, when drawn at a pixel scale above 1.
    func hairline(_ r: Rect, points: Rect) -> Rect {
        guard pixelScale > 1 else { return r }
        var out = r
        if points.height > 0, points.height <= 1 { out.size.height = r.height / pixelScale }
        if points.width > 0, points.width <= 1 { out.size.width = r.width / pixelScale }
        return out
    }

    private func applyClip() {
        if var c = clip {
            // SDL treats an empty clip rect as "no clip"; clip to a pixel off-screen instead.
            if c.w <= 0 || c.h <= 0 { c = SDL_Rect(x: -10, y: -10, w: 1, h: 1) }
            SDL_RenderSetClipRect(renderer, &c)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
    }

    private func tinted(_ c: Color) -> Color {
        opacity >= 1 ? c : Color(r: c.r, g: c.g, b: c.b, a: UInt8((Double(c.a) * opacity).rounded()))
    }

    func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }

    // MARK: Shapes

    private func setColor(_ c: Color) {
        drawColor = c
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    /// Opaque rect fills skip blending: SDL's software renderer otherwise blends every pixel, even
    /// at full alpha, which made plain fills the most expensive part of a frame. Same pixels.
    private func fillRects(_ rects: UnsafePointer<SDL_FRect>, count: Int32, opaque: Bool) {
        if let p = direct() {
            for i in 0..<Int(count) {
                // As SDL's software renderer fills: at least one pixel wide and high.
                var r = wholePixels(rects[i])
                r.w = max(r.w, 1); r.h = max(r.h, 1)
                p.fill(r, color: drawColor, clip: clip)
            }
            return
        }
        sdlPending = true
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        SDL_RenderFillRectsF(renderer, rects, count)
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    /// Snaps to whole pixels so neighbouring bands and corners meet without seams.
    func snapped(_ r: Rect) -> Rect {
        let x0 = DrawListRenderer.nearest(r.minX), y0 = DrawListRenderer.nearest(r.minY)
        return Rect(x: x0, y: y0, width: DrawListRenderer.nearest(r.maxX) - x0, height: DrawListRenderer.nearest(r.maxY) - y0)
    }

    /// The nearest whole pixel, halves rounded up: the same for a coordinate moved by whole
    /// pixels (`rounded()` takes halves away from zero, so -0.5 and 0.5 would land 2 apart).
    static func nearest(_ v: Double) -> Double { (v + 0.5).rounded(.down) }

    /// A clip rect in pixels as drawn: each edge at its nearest whole pixel, so clips that share
    /// an edge tile without a seam.
    static func clipPixels(_ px: Rect) -> SDL_Rect {
        func i(_ v: Double) -> Int32 { v.isFinite ? Int32(max(-1e9, min(1e9, nearest(v)))) : 0 }
        let x0 = i(px.minX), y0 = i(px.minY)
        return SDL_Rect(x: x0, y: y0, w: i(px.maxX) - x0, h: i(px.maxY) - y0)
    }

    /// `outer` with `inner` applied first. A pure translation lands on whole pixels: everything
    /// in a scrolled view moves by whole pixels, so its cells draw the same at every offset and
    /// the next frame can move the last one's pixels rather than draw them again.
    static func pushing(_ inner: Transform, onto outer: Transform) -> Transform {
        var t = outer.concatenating(inner)
        if inner.scale == 1, t.translation.x.isFinite, t.translation.y.isFinite {
            t.translation = Point(x: nearest(t.translation.x), y: nearest(t.translation.y))
        }
        return t
    }

    private func fill(_ unsnapped: Rect, color: Color, radius: Double) {
        let r = snapped(unsnapped)
        guard color.a > 0, !r.isEmpty else { return }
        let rad = DrawListRenderer.cornerRadius(radius, of: r)
        setColor(color)
        if rad < 0.5 {
            var f = frect(r)
            fillRects(&f, count: 1, opaque: color.a == 255)
            return
        }
        // Three bands for the straight parts...
        var bands = [
            frect(Rect(x: r.minX + rad, y: r.minY, width: r.width - 2 * rad, height: r.height)),
            frect(Rect(x: r.minX, y: r.minY + rad, width: rad, height: r.height - 2 * rad)),
            frect(Rect(x: r.maxX - rad, y: r.minY + rad, width: rad, height: r.height - 2 * rad)),
        ]
        fillRects(&bands, count: 3, opaque: color.a == 255)
        // ...and an anti-aliased quarter disc in each corner.
        let rpx = Int(rad)
        if let p = direct(), let mask = discMask(radius: rpx) {
            // Drawn in the colour straight from the coverage: no texture per colour (a fading
            // card's colours change every frame).
            for (qx, qy, x, y) in [(0, 0, r.minX, r.minY), (1, 0, r.maxX - rad, r.minY),
                                   (1, 1, r.maxX - rad, r.maxY - rad), (0, 1, r.minX, r.maxY - rad)] as [(Int32, Int32, Double, Double)] {
                let src = SDL_Rect(x: qx * Int32(rpx), y: qy * Int32(rpx), w: Int32(rpx), h: Int32(rpx))
                let dst = wholePixels(SDL_FRect(x: Float(x), y: Float(y), w: Float(rad), h: Float(rad)))
                p.blitMask(mask, src: src, dst: dst, color: color, clip: clip)
            }
        } else if let disc = discTexture(radius: rpx) {
            SDL_SetTextureColorMod(disc, color.r, color.g, color.b)
            let quadrants: [(Int32, Int32, Double, Double)] = [
                (0, 0, r.minX, r.minY), (1, 0, r.maxX - rad, r.minY),
                (1, 1, r.maxX - rad, r.maxY - rad), (0, 1, r.minX, r.maxY - rad),
            ]
            for (qx, qy, x, y) in quadrants {
                let src = SDL_Rect(x: qx * Int32(rpx), y: qy * Int32(rpx), w: Int32(rpx), h: Int32(rpx))
                let dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(rad), h: Float(rad))
                copyWithSDL(disc, src: src, dst: dst, alpha: color.a)
            }
        } else {
            cornerGeometry(r, rad: rad, color: color)
        }
    }

    /// A fill's corner radius in whole pixels, at most half its snapped rect's sides: whole-pixel
    /// radii keep the bands and the corner blits from leaving a seam between them.
    static func cornerRadius(_ radius: Double, of r: Rect) -> Double {
        min(radius, r.width / 2, r.height / 2).rounded(.down)
    }

    /// Outline corners and shadows (see `ShapeTextures`).
    private lazy var shapes = ShapeTextures(renderer: renderer, software: isSoftwareRenderer)
    /// Whether the renderer is SDL's software one: cached images then keep only their pixels.
    lazy var isSoftwareRenderer: Bool = {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }()
    private func ringTexture(radius: Int, width: Int, color: Color) -> Sprite? {
        shapes.ring(radius: radius, width: width, color: color)
    }
    private func dropShapeTextures() { shapes.drop() }

    /// White discs of whole-pixel radii with anti-aliased edges (alpha = coverage), one texture
    /// per radius, drawn in a fill's colour by colour and alpha modulation, which a GPU does for
    /// nothing. A corner is one blit from a quadrant rather than the dozens of triangles a
    /// tessellated corner takes. (A texture per colour would make one a frame for every rounded
    /// fill of a fading card, whose colours change every frame.) For drawing through SDL; a
    /// software target draws `discMask`s itself.
    private var discTextures: [Int: OpaquePointer] = [:]
    static let largestCachedDisc = 256

    private func discTexture(radius: Int) -> OpaquePointer? {
        if let t = discTextures[radius] { return t }
        guard let mask = DrawListRenderer.makeDiscMask(radius: radius) else { return nil }
        var white = mask.whitePixels()
        guard let surface = white.withUnsafeMutableBytes({
            SDL_CreateRGBSurfaceWithFormatFrom($0.baseAddress, Int32(mask.width), Int32(mask.height), 32,
                                               Int32(mask.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue)
        }) else { return nil }
        defer { SDL_FreeSurface(surface); withExtendedLifetime(white) {} }
        discsMade += 1
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        // A radius animated through every size would grow this without end.
        let bytes = 4 * (2 * radius) * (2 * radius)
        if discTextures.count >= 512 || discTextureBytes + bytes > DrawListRenderer.discBudget {
            for t in discTextures.values { SDL_DestroyTexture(t) }
            discTextures.removeAll()
            discTextureBytes = 0
        }
        discTextures[radius] = tex
        discTextureBytes += bytes
        return tex
    }

    private var discMasks: [Int: AlphaMask] = [:]
    /// Bytes of disc pixels the caches may hold: textures (4 bytes a pixel; a disc of the largest
    /// radius is 1 MB) and masks (1 byte a pixel). The carousel's scaling cards, drawn ahead,
    /// meet radii enough for 7.4 MB of textures or 1.9 MB of masks (the paging script).
    static let discBudget = 12 << 20, discMaskBudget = 4 << 20
    private var discTextureBytes = 0, discMaskBytes = 0

    /// Text, shapes and corner masks made so far: each is a cache miss, the dear part of a frame.
    var preparedCount: Int { text.renderedCount + shapes.madeCount + discsMade }
    private var discsMade = 0

    /// A disc's coverage, one byte a pixel, for drawing in any colour.
    func discMask(radius: Int) -> AlphaMask? {
        if let m = discMasks[radius] { return m }
        guard let m = DrawListRenderer.makeDiscMask(radius: radius) else { return nil }
        discsMade += 1
        let bytes = m.width * m.height
        if discMasks.count >= 512 || discMaskBytes + bytes > DrawListRenderer.discMaskBudget {
            discMasks.removeAll()
            discMaskBytes = 0
        }
        discMasks[radius] = m
        discMaskBytes += bytes
        return m
    }

    /// A new disc mask: each pixel's coverage from its centre's distance to the edge, worked out
    /// for one quadrant and mirrored, with the square root only in the band around the edge (a
    /// scaling card asks for a new radius every frame).
    static func makeDiscMask(radius: Int) -> AlphaMask? {
        guard radius >= 1, radius <= DrawListRenderer.largestCachedDisc else { return nil }
        let size = 2 * radius, r = Double(radius)
        let m = AlphaMask(width: size, height: size)
        let inside = (r - 0.5) * (r - 0.5), outside = (r + 0.5) * (r + 0.5)
        for y in 0..<radius {
            let dy = Double(y) + 0.5 - r
            for x in 0..<radius {
                let dx = Double(x) + 0.5 - r
                let d2 = dx * dx + dy * dy
                let coverage = d2 <= inside ? 1 : d2 >= outside ? 0 : min(1, max(0, r + 0.5 - d2.squareRoot()))
                let value = UInt8((coverage * 255).rounded())
                let top = m.coverage + y * size, bottom = m.coverage + (size - 1 - y) * size
                top[x] = value; top[size - 1 - x] = value
                bottom[x] = value; bottom[size - 1 - x] = value
            }
        }
        return m
    }

    /// Corners as triangle fans with a one-pixel feather, for radii too large to cache.
    private func cornerGeometry(_ r: Rect, rad: Double, color: Color) {
        vertices.removeAll(keepingCapacity: true); indices.removeAll(keepingCapacity: true)
        let corners: [(Double, Double, Double)] = [
            (r.minX + rad, r.minY + rad, Double.pi), (r.maxX - rad, r.minY + rad, 1.5 * Double.pi),
            (r.maxX - rad, r.maxY - rad, 0), (r.minX + rad, r.maxY - rad, 0.5 * Double.pi),
        ]
        let n = segments(rad)
        for (cx, cy, start) in corners {
            let centre = Int32(vertices.count)
            vertices.append(vertex(cx, cy, color))
            for i in 0...n {
                let a = start + Double(i) / Double(n) * Double.pi / 2
                let (ca, sa) = (cos(a), sin(a))
                vertices.append(vertex(cx + ca * (rad - 0.5), cy + sa * (rad - 0.5), color))
                vertices.append(vertex(cx + ca * (rad + 0.5), cy + sa * (rad + 0.5), color, alpha: 0))
            }
            for i in 0..<Int32(n) {
                let inner0 = centre + 1 + 2 * i, outer0 = inner0 + 1, inner1 = inner0 + 2, outer1 = inner0 + 3
                indices += [centre, inner0, inner1, inner0, outer0, inner1, inner1, outer0, outer1]
            }
        }
        flushGeometry()
    }

    /// A rounded outline: the straight sides as whole-pixel rect fills and the corners as blits
    /// of a cached anti-aliased ring, the way fills are drawn, so a side and its corner meet with
    /// no seam and the software renderer and a GPU draw the same pixels.
    private func stroke(_ unsnapped: Rect, color: Color, width: Double, radius: Double) {
        let r = snapped(unsnapped)
        guard color.a > 0, !r.isEmpty else { return }
        let (w, rad, c) = DrawListRenderer.strokeShape(r, width: width, radius: radius)
        guard 2 * c < r.width, 2 * c < r.height, Int(rad) <= DrawListRenderer.largestCachedDisc,
              let corners = ringTexture(radius: Int(rad), width: Int(w), color: color) else {
            // A ring that is all corners (or too large to cache) is drawn as geometry.
            ring(outer: r, outerRadius: rad, inner: r.insetBy(dx: w, dy: w), innerRadius: max(0, rad - w),
                 outerColor: color, innerColor: color, feather: true)
            return
        }
        setColor(color)
        var sides = [
            frect(Rect(x: r.minX + c, y: r.minY, width: r.width - 2 * c, height: w)),
            frect(Rect(x: r.minX + c, y: r.maxY - w, width: r.width - 2 * c, height: w)),
            frect(Rect(x: r.minX, y: r.minY + c, width: w, height: r.height - 2 * c)),
            frect(Rect(x: r.maxX - w, y: r.minY + c, width: w, height: r.height - 2 * c)),
        ]
        fillRects(&sides, count: 4, opaque: color.a == 255)
        blitCorners(corners, of: r, size: Int(c), alpha: color.a)
    }

    /// An outline's width and corner radius in whole pixels, and the side of its corner squares:
    /// they hold the arc, or the stroke's width when that is larger.
    static func strokeShape(_ r: Rect, width: Double, radius: Double) -> (width: Double, radius: Double, corner: Double) {
        let w = max(1, width.rounded())
        let rad = max(0, min(radius, r.width / 2, r.height / 2).rounded(.down))
        return (w, rad, max(rad, w))
    }

    /// Copies the four corner squares of a corner texture (each `size`², `gap` pixels apart) to
    /// the corners of `r`.
    private func blitCorners(_ sprite: Sprite, of r: Rect, size: Int, gap: Int = 0, alpha: UInt8) {
        let s = Double(size)
        let quadrants: [(Int32, Int32, Double, Double)] = [
            (0, 0, r.minX, r.minY), (1, 0, r.maxX - s, r.minY),
            (1, 1, r.maxX - s, r.maxY - s), (0, 1, r.minX, r.maxY - s),
        ]
        for (qx, qy, x, y) in quadrants {
            let src = SDL_Rect(x: qx * Int32(size + gap), y: qy * Int32(size + gap), w: Int32(size), h: Int32(size))
            let dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(s), h: Float(s))
            copy(sprite, src: src, dst: dst, alpha: alpha)
        }
    }

    /// A soft shadow: a rounded rect blurred like CSS's box-shadow, from a texture cached per
    /// radius, blur and colour (and per size only for rects too small to slice): the corners
    /// blitted as they are, the sides stretched along their length, the middle a plain fill.
    private func shadow(_ unsnapped: Rect, color: Color, radius: Double, blur: Double) {
        let r = snapped(unsnapped)
        guard color.a > 0, !r.isEmpty else { return }
        let (b, rad) = DrawListRenderer.shadowShape(r, radius: radius, blur: blur)
        guard b >= 1, let s = shapes.shadow(width: Int(r.width), height: Int(r.height), radius: rad, blur: b, color: color)
        else {
            fill(r, color: color, radius: Double(rad))
            return
        }
        let pad = Double(s.pad)
        let outer = Rect(x: r.minX - pad, y: r.minY - pad, width: r.width + 2 * pad, height: r.height + 2 * pad)
        guard s.nineSlice else {
            copy(s.sprite, src: nil, dst: frect(outer), alpha: color.a)
            return
        }
        let e = Double(s.edge), ei = Int32(s.edge)
        let midW = outer.width - 2 * e, midH = outer.height - 2 * e
        blitCorners(s.sprite, of: outer, size: s.edge, gap: 1, alpha: color.a)
        // Sides: the texture's middle column or row, stretched.
        let sides: [(SDL_Rect, Rect)] = [
            (SDL_Rect(x: ei, y: 0, w: 1, h: ei), Rect(x: outer.minX + e, y: outer.minY, width: midW, height: e)),
            (SDL_Rect(x: ei, y: ei + 1, w: 1, h: ei), Rect(x: outer.minX + e, y: outer.maxY - e, width: midW, height: e)),
            (SDL_Rect(x: 0, y: ei, w: ei, h: 1), Rect(x: outer.minX, y: outer.minY + e, width: e, height: midH)),
            (SDL_Rect(x: ei + 1, y: ei, w: ei, h: 1), Rect(x: outer.maxX - e, y: outer.minY + e, width: e, height: midH)),
        ]
        for (src, dst) in sides where !dst.isEmpty {
            copy(s.sprite, src: src, dst: frect(dst), alpha: color.a)
        }
        let middle = Rect(x: outer.minX + e, y: outer.minY + e, width: midW, height: midH)
        if !middle.isEmpty {
            setColor(Color(r: color.r, g: color.g, b: color.b, a: UInt8((Double(color.a) * s.centre).rounded())))
            var f = frect(middle)
            fillRects(&f, count: 1, opaque: false)
        }
    }

    /// A shadow's blur and corner radius in whole pixels for its snapped rect: an animated blur
    /// revisits a few textures instead of making one a frame.
    static func shadowShape(_ r: Rect, radius: Double, blur: Double) -> (blur: Int, radius: Int) {
        (Int(max(0, blur).rounded()), Int(max(0, min(radius, r.width / 2, r.height / 2)).rounded(.down)))
    }

    /// A band between two rounded rects, with colours interpolated across it.
    private func ring(outer: Rect, outerRadius: Double, inner: Rect, innerRadius: Double,
                      outerColor: Color, innerColor: Color, feather: Bool) {
        vertices.removeAll(keepingCapacity: true); indices.removeAll(keepingCapacity: true)
        let n = segments(max(outerRadius, 2))
        let po = outline(outer, radius: outerRadius, n: n)
        let pi = outline(inner.isEmpty ? Rect(origin: outer.center, size: .zero) : inner, radius: innerRadius, n: n)
        // With `feather`, half-pixel soft edges on both sides of a solid band.
        let layers: [([(Double, Double)], Color, Double)]
        if feather {
            layers = [
                (outline(outer.insetBy(dx: -0.5, dy: -0.5), radius: outerRadius + 0.5, n: n), outerColor, 0),
                (outline(outer.insetBy(dx: 0.5, dy: 0.5), radius: max(0, outerRadius - 0.5), n: n), outerColor, 1),
                (outline(inner.insetBy(dx: -0.5, dy: -0.5), radius: innerRadius + 0.5, n: n), innerColor, 1),
                (outline(inner.insetBy(dx: 0.5, dy: 0.5), radius: max(0, innerRadius - 0.5), n: n), innerColor, 0),
            ]
        } else {
            layers = [(po, outerColor, Double(outerColor.a) / 255), (pi, innerColor, Double(innerColor.a) / 255)]
        }
        let count = Int32(po.count)
        for (points, color, alpha) in layers {
            for p in points { vertices.append(vertex(p.0, p.1, color, alpha: alpha)) }
        }
        for layer in 0..<Int32(layers.count - 1) {
            let a = layer * count, b = (layer + 1) * count
            for i in 0..<count {
                let j = (i + 1) % count
                indices += [a + i, b + i, a + j, a + j, b + i, b + j]
            }
        }
        flushGeometry()
    }

    /// Points around a rounded rect, clockwise from the top-left corner, `n` segments per corner.
    private func outline(_ r: Rect, radius: Double, n: Int) -> [(Double, Double)] {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        var pts: [(Double, Double)] = []
        pts.reserveCapacity(4 * (n + 1))
        let corners: [(Double, Double, Double)] = [
            (r.minX + rad, r.minY + rad, Double.pi), (r.maxX - rad, r.minY + rad, 1.5 * Double.pi),
            (r.maxX - rad, r.maxY - rad, 0), (r.minX + rad, r.maxY - rad, 0.5 * Double.pi),
        ]
        for (cx, cy, start) in corners {
            for i in 0...n {
                let a = start + Double(i) / Double(n) * Double.pi / 2
                pts.append((cx + cos(a) * rad, cy + sin(a) * rad))
            }
        }
        return pts
    }

    private func segments(_ radius: Double) -> Int { max(2, min(16, Int(radius / 1.5))) }

    private func line(_ a: Point, _ b: Point, _ color: Color, width: Double) {
        let d = b - a
        let len = d.length
        guard len > 0 else { return }
        let n = Point(x: -d.y / len * width / 2, y: d.x / len * width / 2)
        vertices.removeAll(keepingCapacity: true); indices.removeAll(keepingCapacity: true)
        for p in [a + n, a - n, b + n, b - n] { vertices.append(vertex(p.x, p.y, color)) }
        indices = [0, 1, 2, 2, 1, 3]
        flushGeometry()
    }

    private func vertex(_ x: Double, _ y: Double, _ c: Color, alpha: Double? = nil) -> SDL_Vertex {
        let a = alpha.map { UInt8((Double(c.a) * $0).rounded()) } ?? c.a
        return SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)),
                          color: SDL_Color(r: c.r, g: c.g, b: c.b, a: a), tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    private func flushGeometry() {
        guard !indices.isEmpty else { return }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
        sdlPending = true
    }

    // MARK: Text

    /// Text at least this many pixels tall is display type (a carousel card's big number), whose
    /// scale steps by ``displayScaleStep``.
    static let displayTextPixels = 64.0
    /// Display type under a scale between whole steps is set at the nearest step: each pixel size
    /// is a font opened (FreeType's face, HarfBuzz's tables, its glyph cache) and a texture per
    /// string, and a card turning from 0.86 to full size met one size a pixel (22 of 150-point
    /// digits, the carousel's window 4 MB larger once its turns were drawn ahead). 2 % of the
    /// type size stays inside the text's box; 1 and the carousel's 0.86 are steps, so type at
    /// rest is set at its own size.
    static let displayScaleStep = 0.02

    /// The run's rect in pixels and the font it is set in, under `transform`.
    static func textPlacement(_ run: TextRun, _ transform: Transform) -> (rect: Rect, font: TextCache.FontKey) {
        let points = run.size * Appearance.textScale
        var scale = transform.scale
        if points * scale >= displayTextPixels { scale = (scale / displayScaleStep).rounded() * displayScaleStep }
        let px = Int(max(6, (points * scale).rounded()))
        return (transform.apply(run.rect), TextCache.FontKey(pixelSize: px, bold: run.weight == .bold))
    }

    private func drawText(_ run: TextRun) {
        let (r, key) = DrawListRenderer.textPlacement(run, transform)
        // The texture carries the run's own colour; a fading group's opacity changes every frame,
        // so it stays a modulation rather than a new texture per frame.
        guard r.width >= 1, run.color.a > 0, opacity > 0,
              let e = text.texture(run.text, key, color: run.color, maxWidth: Int32(r.width), renderer: renderer,
                                     software: isSoftwareRenderer, neutralRightToLeft: neutralTextDirection.isRightToLeft) else { return }
        let d = textDestination(run, in: r, e)
        let dst = SDL_FRect(x: Float(d.minX), y: Float(d.minY), w: Float(d.width), h: Float(d.height))
        copy(e.sprite, src: nil, dst: dst, alpha: opacity >= 1 ? 255 : UInt8((opacity * 255).rounded()))
    }

    /// Where a line's texture `e` lands for `run` placed in `r` (pixels): aligned in `r`, on
    /// whole pixels.
    func textDestination(_ run: TextRun, in r: Rect, _ e: TextCache.Entry) -> Rect {
        let w = Double(e.width), h = Double(e.height)
        let x: Double
        switch run.alignment.resolved(for: run.text, neutral: neutralTextDirection) {
        case .leading, .natural: x = r.minX
        case .center: x = r.midX - w / 2
        case .trailing: x = r.maxX - w
        }
        // Centred on the UI font's line box, wherever a taller fallback face put it in the texture.
        let top = r.midY - Double(e.lineHeight) / 2 - Double(e.lineTop)
        return Rect(x: DrawListRenderer.nearest(x), y: DrawListRenderer.nearest(top), width: w, height: h)
    }

    // MARK: Preparing ahead

    /// A draw-ahead list being worked through: where it has got to, and the transforms in force.
    private struct AheadWalk {
        var commands: [DrawCommand]
        var next = 0
        var transform: Transform
        var stack: [Transform] = []
    }
    private var ahead: AheadWalk?

    /// How long an idle loop prepares drawing ahead before it looks for input again: input waits
    /// at most about this long for its frame.
    public static let idleSlice = 0.004
    /// How long a loop prepares drawing ahead after a frame while something moves: a small share
    /// of a 60 Hz frame, so the motion keeps its rate.
    public static let sliceBetweenFrames = 0.002

    /// Takes a list of drawing expected soon (see `InteractiveRoot.drawAhead()`), in place of any
    /// not finished, to prepare a slice at a time with `continuePreparingAhead(for:)`.
    public func prepareAhead(_ list: DrawList) {
        ahead = list.commands.isEmpty ? nil : AheadWalk(commands: list.commands, transform: Transform(scale: pixelScale))
    }

    /// Idle work for a loop with nothing due: takes `root`'s new draw-ahead list if it has one,
    /// then prepares for up to `seconds`. Returns true while some remains.
    @discardableResult
    public func prepareAhead(of root: some InteractiveRoot, for seconds: Double) -> Bool {
        if let list = root.drawAhead() { prepareAhead(list) }
        return continuePreparingAhead(for: seconds)
    }

    /// True while part of a draw-ahead list is still to be prepared.
    public var isPreparingAhead: Bool { ahead != nil }

    /// Makes what the draw-ahead list's commands will need (text in its sizes and colours, the
    /// fit of text cut to a width, shadows, corner masks and rings) without drawing anything,
    /// until `seconds` of wall time have passed. Returns true while some remains.
    @discardableResult
    public func continuePreparingAhead(for seconds: Double) -> Bool {
        guard var walk = ahead, !isClosed else { ahead = nil; return false }
        let end = Clock.wallSeconds() + seconds
        while walk.next < walk.commands.count {
            let command = walk.commands[walk.next]
            walk.next += 1
            let t = walk.transform
            switch command {
            case let .pushTransform(next):
                walk.stack.append(t)
                walk.transform = DrawListRenderer.pushing(next, onto: t)
            case .popTransform:
                walk.transform = walk.stack.popLast() ?? t
            case let .fill(r, color, radius):
                let px = snapped(t.apply(r))
                let rad = Int(DrawListRenderer.cornerRadius(radius * t.scale, of: px))
                guard color.a > 0, rad >= 1 else { continue }
                if softwareSurface != nil { _ = discMask(radius: rad) } else { _ = discTexture(radius: rad) }
            case let .stroke(r, color, width, radius):
                let px = snapped(t.apply(r))
                let (w, rad, c) = DrawListRenderer.strokeShape(px, width: max(1, width * t.scale), radius: radius * t.scale)
                guard color.a > 0, 2 * c < px.width, 2 * c < px.height, Int(rad) <= DrawListRenderer.largestCachedDisc else { continue }
                _ = ringTexture(radius: Int(rad), width: Int(w), color: color)
            case let .shadow(r, color, radius, blur):
                let px = snapped(t.apply(r))
                let (b, rad) = DrawListRenderer.shadowShape(px, radius: radius * t.scale, blur: blur * t.scale)
                guard color.a > 0, !px.isEmpty, b >= 1 else { continue }
                _ = shapes.shadow(width: Int(px.width), height: Int(px.height), radius: rad, blur: b, color: color)
            case let .text(run):
                let (r, key) = DrawListRenderer.textPlacement(run, t)
                guard r.width >= 1, run.color.a > 0 else { continue }
                _ = text.texture(run.text, key, color: run.color, maxWidth: Int32(r.width), renderer: renderer,
                                     software: isSoftwareRenderer, neutralRightToLeft: neutralTextDirection.isRightToLeft)
            case let .paragraph(p):
                for run in p.lineRuns(measurer) {
                    let (r, key) = DrawListRenderer.textPlacement(run, t)
                    guard r.width >= 1, run.color.a > 0 else { continue }
                    _ = text.texture(run.text, key, color: run.color, maxWidth: Int32(r.width), renderer: renderer,
                                     software: isSoftwareRenderer, neutralRightToLeft: neutralTextDirection.isRightToLeft)
                }
            case .line, .texture, .image, .pushClip, .popClip, .pushOpacity, .popOpacity:
                continue
            }
            // Something may have been made: the slice ends once its time is up.
            if Clock.wallSeconds() >= end, walk.next < walk.commands.count {
                ahead = walk
                text.closeLeastUsedFonts()
                return true
            }
        }
        ahead = nil
        text.closeLeastUsedFonts()
        return false
    }
}
