/// What the core asks the backend to draw: plain data, no graphics handles.
///
/// Commands run in order. Clip, transform and opacity are stacks: each push is matched by a pop.
/// Transforms scale and translate (no rotation); a rect drawn under transform `t` lands at
/// `t.apply(rect)`, so the core can compute hit areas with the same arithmetic.
///
/// Rects, points and sizes are in the coordinates of the current transform; the backend maps them
/// to pixels. You rarely build commands directly: ``DrawList``'s methods append them and keep the
/// pushes and pops paired.
public enum DrawCommand: Equatable, Sendable {
    /// Fills a rect with a colour, its corners rounded by `cornerRadius` (0 for square corners).
    case fill(Rect, Color, cornerRadius: Double)
    /// Outlines a rect with a line `width` points wide (at least one pixel), corners rounded by
    /// `cornerRadius`.
    case stroke(Rect, Color, width: Double, cornerRadius: Double)
    /// A soft shadow under a rounded rect: `blur` points of falloff, already offset.
    case shadow(Rect, Color, cornerRadius: Double, blur: Double)
    /// A straight segment from one point to another, `width` points wide (at least one pixel).
    case line(from: Point, to: Point, Color, width: Double)
    /// One line of text, placed, measured and cut by the backend; see ``TextRun``.
    case text(TextRun)
    /// A paragraph wrapped to its rect's width by the backend's measurer; see ``ParagraphRun``.
    case paragraph(ParagraphRun)
    /// Draws the texture recorded under `key` (see `DrawList.textures`) into `rect`.
    case texture(key: String, rect: Rect)
    /// Restricts drawing to a rect, intersected with any clip already pushed, until the matching
    /// ``DrawCommand/popClip``. The rect is mapped by the current transform.
    case pushClip(Rect)
    /// Restores the clip in force before the matching ``DrawCommand/pushClip(_:)``.
    case popClip
    /// Applies a transform on top of the current one (the current one applied after it, as
    /// ``Transform/concatenating(_:)`` composes) until the matching ``DrawCommand/popTransform``.
    case pushTransform(Transform)
    /// Restores the transform in force before the matching ``DrawCommand/pushTransform(_:)``.
    case popTransform
    /// Multiplies the opacity of everything drawn until the matching ``DrawCommand/popOpacity`` by a
    /// factor in 0...1; nested opacities multiply.
    case pushOpacity(Double)
    /// Restores the opacity in force before the matching ``DrawCommand/pushOpacity(_:)``.
    case popOpacity
}

/// Where a ``TextRun`` sits horizontally in its rect.
public enum TextAlignment: String, Sendable { case leading, center, trailing }
/// The weight of a ``TextRun``'s font; the backend picks a regular or a bold face.
public enum FontWeight: String, Sendable { case regular, bold }

/// A single line of text placed in a rect: the backend measures and aligns it, vertically centred,
/// and cuts it with an ellipsis when it does not fit.
///
/// The core never measures text, so a run carries everything the backend needs to lay it out.
public struct TextRun: Equatable, Sendable {
    /// The characters to draw, on one line.
    public var text: String
    /// The rect the line is placed in: vertically centred, aligned by ``alignment``, cut with an
    /// ellipsis when it is wider than the rect.
    public var rect: Rect
    /// The font size in points.
    public var size: Double
    /// The text colour.
    public var color: Color
    /// Horizontal placement within ``rect``.
    public var alignment: TextAlignment
    /// Regular or bold.
    public var weight: FontWeight
    /// Creates a run; the alignment defaults to leading and the weight to regular.
    public init(_ text: String, in rect: Rect, size: Double, color: Color,
                alignment: TextAlignment = .leading, weight: FontWeight = .regular) {
        self.text = text; self.rect = rect; self.size = size; self.color = color
        self.alignment = alignment; self.weight = weight
    }
}

/// Scale then translate: `p' = p * scale + translation`.
///
/// Transforms stay this simple (uniform scale, translation, no rotation) so that the core can map
/// rects for hit testing with the same arithmetic the backend draws with.
///
/// ```swift
/// // Draw a tile 6% larger, centred on where it was.
/// let tile = Rect(x: 40, y: 40, width: 100, height: 100)
/// let lift = Transform.scale(1.06, about: tile.center)
/// let drawn = lift.apply(tile)          // about [37, 37, 106, 106]
/// ```
public struct Transform: Equatable, Sendable {
    /// The uniform scale factor, applied first.
    public var scale: Double
    /// The offset added after scaling.
    public var translation: Point
    /// Creates a transform; the defaults give the identity.
    public init(scale: Double = 1, translation: Point = .zero) { self.scale = scale; self.translation = translation }
    /// The transform that changes nothing. ``DrawList/transformed(_:_:)`` pushes nothing for it.
    public static let identity = Transform()
    /// A scale of `s` about point `c`.
    public static func scale(_ s: Double, about c: Point) -> Transform {
        Transform(scale: s, translation: Point(x: c.x * (1 - s), y: c.y * (1 - s)))
    }
    /// A pure translation by `dx`, `dy`.
    public static func translate(_ dx: Double, _ dy: Double) -> Transform { Transform(translation: Point(x: dx, y: dy)) }
    /// Maps a point: `p * scale + translation`.
    public func apply(_ p: Point) -> Point { Point(x: p.x * scale + translation.x, y: p.y * scale + translation.y) }
    /// Maps a rect: its origin maps as a point and its size scales.
    public func apply(_ r: Rect) -> Rect {
        Rect(origin: apply(r.origin), size: Size(width: r.width * scale, height: r.height * scale))
    }
    /// `self` applied after `inner`.
    public func concatenating(_ inner: Transform) -> Transform {
        Transform(scale: scale * inner.scale, translation: apply(inner.translation))
    }
}

/// Commands recorded once into an offscreen texture of `size` points, drawn with `.texture`.
/// The backend keeps a texture while frames keep naming its key and drops it when they stop.
///
/// Use it for content that is expensive to draw and does not change from frame to frame, such as a
/// lifted item's snapshot. Record it with ``DrawList/recordTexture(key:size:_:)``.
public struct TextureRecording: Equatable, Sendable {
    /// The name frames use to draw the texture; a new key means a new texture.
    public var key: String
    /// The texture's size in points; the commands draw with their origin at (0, 0).
    public var size: Size
    /// What is drawn into the texture, once.
    public var commands: [DrawCommand]
    /// Creates a recording of `commands` into a texture of `size` named `key`.
    public init(key: String, size: Size, commands: [DrawCommand]) { self.key = key; self.size = size; self.commands = commands }
}

/// One frame as plain data: the commands to run in order, and the offscreen textures they use.
///
/// The core builds a draw list each frame (``InteractiveRoot/draw()``) and a backend renders it.
/// Because it is a value, tests can compare lists, look for commands, or check ``isBalanced``
/// without any graphics. The helper methods append commands; the scoped ones
/// (``clipped(to:_:)``, ``transformed(_:_:)``, ``withOpacity(_:_:)``) pair every push with its pop.
/// Appending is amortised O(1) per command.
///
/// ```swift
/// var list = DrawList()
/// let card = Rect(x: 20, y: 20, width: 240, height: 120)
/// list.shadow(card.offsetBy(dx: 0, dy: 4), Color.black.withAlpha(0.3), radius: 12, blur: 10)
/// list.fill(card, Color(hex: 0x2B2D31), radius: 12)
/// list.clipped(to: card) { list in
///     list.text("Inbox", in: card.insetBy(dx: 16, dy: 0), size: 17, color: .white, weight: .bold)
/// }
/// list.withOpacity(0.5) { list in
///     list.stroke(card, .white, width: 1, radius: 12)
/// }
/// assert(list.isBalanced)
/// ```
public struct DrawList: Equatable, Sendable {
    /// The commands, run in order.
    public var commands: [DrawCommand] = []
    /// Textures this frame uses; each is rendered when its key is first seen, then reused.
    public var textures: [TextureRecording] = []
    /// An empty list.
    public init() {}

    /// Appends any command as is. Prefer the typed helpers, and the scoped ones for pushes and pops.
    public mutating func append(_ c: DrawCommand) { commands.append(c) }
    /// Fills `r` with `c`, corners rounded by `radius`.
    public mutating func fill(_ r: Rect, _ c: Color, radius: Double = 0) { commands.append(.fill(r, c, cornerRadius: radius)) }
    /// Outlines `r` in `c` with a line `width` points wide, corners rounded by `radius`.
    public mutating func stroke(_ r: Rect, _ c: Color, width: Double = 1, radius: Double = 0) {
        commands.append(.stroke(r, c, width: width, cornerRadius: radius))
    }
    /// A soft shadow of `c` under the rounded rect `r`, fading over `blur` points. Offset `r` yourself
    /// to move the shadow away from the shape that casts it.
    public mutating func shadow(_ r: Rect, _ c: Color, radius: Double = 0, blur: Double) {
        commands.append(.shadow(r, c, cornerRadius: radius, blur: blur))
    }
    /// A straight segment from `a` to `b` in `c`, `width` points wide.
    public mutating func line(_ a: Point, _ b: Point, _ c: Color, width: Double = 1) {
        commands.append(.line(from: a, to: b, c, width: width))
    }
    /// One line of text placed in `r`; see ``TextRun`` for how it is aligned and cut.
    public mutating func text(_ s: String, in r: Rect, size: Double, color: Color,
                              alignment: TextAlignment = .leading, weight: FontWeight = .regular) {
        commands.append(.text(TextRun(s, in: r, size: size, color: color, alignment: alignment, weight: weight)))
    }
    /// Runs `body` with a clip, transform or opacity pushed, and pops it after.
    ///
    /// The clip is `r` intersected with any enclosing clip, in the current transform's coordinates.
    public mutating func clipped(to r: Rect, _ body: (inout DrawList) -> Void) {
        commands.append(.pushClip(r)); body(&self); commands.append(.popClip)
    }
    /// Runs `body` under the transform `t` (composed with the current one), then restores it. The
    /// identity pushes nothing.
    public mutating func transformed(_ t: Transform, _ body: (inout DrawList) -> Void) {
        if t == .identity { body(&self); return }
        commands.append(.pushTransform(t)); body(&self); commands.append(.popTransform)
    }
    /// Runs `body` with everything it draws faded by `o` (0...1), then restores the opacity. An
    /// opacity of 1 or more pushes nothing.
    public mutating func withOpacity(_ o: Double, _ body: (inout DrawList) -> Void) {
        if o >= 1 { body(&self); return }
        commands.append(.pushOpacity(o)); body(&self); commands.append(.popOpacity)
    }
    /// Records `body` as a texture of `size` (drawn with origin at 0,0) unless this frame has it already.
    ///
    /// Textures that `body` records in turn are kept too. The check for an existing key is linear in
    /// the number of textures this frame records, which is normally a handful.
    ///
    /// ```swift
    /// list.recordTexture(key: "badge", size: Size(width: 32, height: 32)) { list in
    ///     list.fill(Rect(x: 0, y: 0, width: 32, height: 32), .white, radius: 16)
    /// }
    /// list.append(.texture(key: "badge", rect: Rect(x: 100, y: 10, width: 32, height: 32)))
    /// ```
    public mutating func recordTexture(key: String, size: Size, _ body: (inout DrawList) -> Void) {
        if textures.contains(where: { $0.key == key }) { return }
        var inner = DrawList()
        body(&inner)
        textures.append(contentsOf: inner.textures)
        textures.append(TextureRecording(key: key, size: size, commands: inner.commands))
    }

    /// Checks that every push has its pop; the backend asserts on this in debug runs and tests use it.
    ///
    /// O(n) in the number of commands.
    public var isBalanced: Bool {
        var depth = (clip: 0, transform: 0, opacity: 0)
        for c in commands {
            switch c {
            case .pushClip: depth.clip += 1
            case .popClip: depth.clip -= 1
            case .pushTransform: depth.transform += 1
            case .popTransform: depth.transform -= 1
            case .pushOpacity: depth.opacity += 1
            case .popOpacity: depth.opacity -= 1
            default: break
            }
            if depth.clip < 0 || depth.transform < 0 || depth.opacity < 0 { return false }
        }
        return depth == (0, 0, 0)
    }
}
