/// What the core asks the backend to draw: plain data, no graphics handles.
///
/// Commands run in order. Clip, transform and opacity are stacks: each push is matched by a pop.
/// Transforms scale and translate (no rotation); a rect drawn under transform `t` lands at
/// `t.apply(rect)`, so the core can compute hit areas with the same arithmetic.
public enum DrawCommand: Equatable, Sendable {
    case fill(Rect, Color, cornerRadius: Double)
    case stroke(Rect, Color, width: Double, cornerRadius: Double)
    /// A soft shadow under a rounded rect: `blur` points of falloff, already offset.
    case shadow(Rect, Color, cornerRadius: Double, blur: Double)
    case line(from: Point, to: Point, Color, width: Double)
    case text(TextRun)
    /// Draws the texture recorded under `key` (see `DrawList.textures`) into `rect`.
    case texture(key: String, rect: Rect)
    case pushClip(Rect)
    case popClip
    case pushTransform(Transform)
    case popTransform
    case pushOpacity(Double)
    case popOpacity
}

public enum TextAlignment: String, Sendable { case leading, center, trailing }
public enum FontWeight: String, Sendable { case regular, bold }

/// A single line of text placed in a rect: the backend measures and aligns it, vertically centred,
/// and cuts it with an ellipsis when it does not fit.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var rect: Rect
    public var size: Double
    public var color: Color
    public var alignment: TextAlignment
    public var weight: FontWeight
    public init(_ text: String, in rect: Rect, size: Double, color: Color,
                alignment: TextAlignment = .leading, weight: FontWeight = .regular) {
        self.text = text; self.rect = rect; self.size = size; self.color = color
        self.alignment = alignment; self.weight = weight
    }
}

/// Scale then translate: `p' = p * scale + translation`.
public struct Transform: Equatable, Sendable {
    public var scale: Double
    public var translation: Point
    public init(scale: Double = 1, translation: Point = .zero) { self.scale = scale; self.translation = translation }
    public static let identity = Transform()
    /// A scale of `s` about point `c`.
    public static func scale(_ s: Double, about c: Point) -> Transform {
        Transform(scale: s, translation: Point(x: c.x * (1 - s), y: c.y * (1 - s)))
    }
    public static func translate(_ dx: Double, _ dy: Double) -> Transform { Transform(translation: Point(x: dx, y: dy)) }
    public func apply(_ p: Point) -> Point { Point(x: p.x * scale + translation.x, y: p.y * scale + translation.y) }
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
public struct TextureRecording: Equatable, Sendable {
    public var key: String
    public var size: Size
    public var commands: [DrawCommand]
    public init(key: String, size: Size, commands: [DrawCommand]) { self.key = key; self.size = size; self.commands = commands }
}

public struct DrawList: Equatable, Sendable {
    public var commands: [DrawCommand] = []
    /// Textures this frame uses; each is rendered when its key is first seen, then reused.
    public var textures: [TextureRecording] = []
    public init() {}

    public mutating func append(_ c: DrawCommand) { commands.append(c) }
    public mutating func fill(_ r: Rect, _ c: Color, radius: Double = 0) { commands.append(.fill(r, c, cornerRadius: radius)) }
    public mutating func stroke(_ r: Rect, _ c: Color, width: Double = 1, radius: Double = 0) {
        commands.append(.stroke(r, c, width: width, cornerRadius: radius))
    }
    public mutating func shadow(_ r: Rect, _ c: Color, radius: Double = 0, blur: Double) {
        commands.append(.shadow(r, c, cornerRadius: radius, blur: blur))
    }
    public mutating func line(_ a: Point, _ b: Point, _ c: Color, width: Double = 1) {
        commands.append(.line(from: a, to: b, c, width: width))
    }
    public mutating func text(_ s: String, in r: Rect, size: Double, color: Color,
                              alignment: TextAlignment = .leading, weight: FontWeight = .regular) {
        commands.append(.text(TextRun(s, in: r, size: size, color: color, alignment: alignment, weight: weight)))
    }
    /// Runs `body` with a clip, transform or opacity pushed, and pops it after.
    public mutating func clipped(to r: Rect, _ body: (inout DrawList) -> Void) {
        commands.append(.pushClip(r)); body(&self); commands.append(.popClip)
    }
    public mutating func transformed(_ t: Transform, _ body: (inout DrawList) -> Void) {
        if t == .identity { body(&self); return }
        commands.append(.pushTransform(t)); body(&self); commands.append(.popTransform)
    }
    public mutating func withOpacity(_ o: Double, _ body: (inout DrawList) -> Void) {
        if o >= 1 { body(&self); return }
        commands.append(.pushOpacity(o)); body(&self); commands.append(.popOpacity)
    }
    /// Records `body` as a texture of `size` (drawn with origin at 0,0) unless this frame has it already.
    public mutating func recordTexture(key: String, size: Size, _ body: (inout DrawList) -> Void) {
        if textures.contains(where: { $0.key == key }) { return }
        var inner = DrawList()
        body(&inner)
        textures.append(contentsOf: inner.textures)
        textures.append(TextureRecording(key: key, size: size, commands: inner.commands))
    }

    /// Checks that every push has its pop; the backend asserts on this in debug runs and tests use it.
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
