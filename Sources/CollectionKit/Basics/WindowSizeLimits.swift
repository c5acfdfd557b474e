/// The window sizes a program accepts, in points: a value the app sets once and hands to what
/// needs it (its command line, the window's minimum size, an input script's `resize`), so they
/// cannot disagree.
///
/// The default minimum is one point a side; an app with a fixed chrome (a tab bar, a toolbar)
/// sets the smallest size that still shows it. The maximum defaults to ``largestRenderable``.
///
/// ```swift
/// let limits = WindowSizeLimits(minimum: Size(width: 320, height: 240))
/// limits.contains(Size(width: 800, height: 600))   // true
/// limits.summary                                   // "320x240 to 16384x16384"
/// ```
public struct WindowSizeLimits: Equatable, Sendable {
    /// The largest window a frame can be rendered for, in points: a software-rendered frame must
    /// stay inside what SDL can address (a 32-bit pixel count and pitch), and 16384 × 16384 × 4
    /// bytes is 1 GiB, the largest surface that still fits.
    public static let largestRenderable = Size(width: 16384, height: 16384)

    /// The smallest window, in points.
    public var minimum: Size
    /// The largest window, in points.
    public var maximum: Size

    /// Limits from `minimum` (default one point a side) to `maximum` (default ``largestRenderable``).
    public init(minimum: Size = Size(width: 1, height: 1), maximum: Size = WindowSizeLimits.largestRenderable) {
        self.minimum = minimum; self.maximum = maximum
    }

    /// True when both sides lie within the limits (NaN and infinities never do).
    public func contains(_ size: Size) -> Bool {
        size.width >= minimum.width && size.width <= maximum.width
            && size.height >= minimum.height && size.height <= maximum.height
    }

    /// The limits as people read them: "200x200 to 16384x16384".
    public var summary: String {
        "\(Int(minimum.width))x\(Int(minimum.height)) to \(Int(maximum.width))x\(Int(maximum.height))"
    }
}
