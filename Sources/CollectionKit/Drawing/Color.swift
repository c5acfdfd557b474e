/// An sRGB colour with straight (not premultiplied) alpha.
///
/// Colours are plain values in the draw list; the backend converts them when it renders. Channels
/// are 8-bit, so mixing and fading round to the nearest step.
///
/// ```swift
/// let accent = Color(hex: 0x3478F6)
/// let pressed = accent.mixed(with: .black, 0.2)
/// let label: Color = accent.luminance > 0.6 ? .black : .white
/// let halo = accent.withAlpha(0.35)
/// ```
public struct Color: Hashable, Sendable {
    /// The red, green, blue and alpha channels, 0...255. Alpha 255 is opaque, 0 fully transparent.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// Creates a colour from its channels; it is opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// Creates a colour from a `0xRRGGBB` literal, the way design tools write colours, with a
    /// separate `alpha` (0...255). Bits above the low 24 are ignored.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF), a: alpha)
    }
    /// The same colour with its alpha replaced by `alpha`, given as a fraction (0...1, clamped).
    /// The existing alpha is not multiplied: `withAlpha(0.5)` is half transparent whatever it was.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(r: r, g: g, b: b, a: UInt8(max(0, min(255, (alpha * 255).rounded()))))
    }
    /// Mixes toward another colour; `t` = 0 keeps self, 1 gives `other`.
    ///
    /// Every channel, alpha included, is interpolated linearly in sRGB and rounded. A `t` outside
    /// 0...1 extrapolates, with each channel clamped to 0...255.
    public func mixed(with other: Color, _ t: Double) -> Color {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, lerp(Double(x), Double(y), t).rounded()))) }
        return Color(r: m(r, other.r), g: m(g, other.g), b: m(b, other.b), a: m(a, other.a))
    }
    /// Hue in [0, 1), saturation and value in [0, 1].
    public static func hsv(_ h: Double, _ s: Double, _ v: Double) -> Color {
        let hh = (h - h.rounded(.down)) * 6
        let i = Int(hh) % 6, f = hh - Double(Int(hh))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return Color(r: UInt8((r * 255).rounded()), g: UInt8((g * 255).rounded()), b: UInt8((b * 255).rounded()))
    }
    /// Perceived brightness in [0, 1]; text on a tile picks black or white from it.
    public var luminance: Double { (0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)) / 255 }

    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Fully transparent black: filling with it draws nothing.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
