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
