/// The window sizes the program accepts, in points. The command line's `--size`, an input
/// script's `resize` and the real window's minimum size all read these, so the three cannot
/// disagree.
///
/// The maximum keeps a software-rendered frame inside what SDL can address (a 32-bit pixel
/// count and pitch): 16384 × 16384 × 4 bytes is 1 GiB, the largest surface that still fits.
public enum WindowSizeLimits {
    /// The smallest window, in points: enough for the tab bar and a row of tiles.
    public static let minimum = Size(width: 200, height: 200)
    /// The largest window, in points.
    public static let maximum = Size(width: 16384, height: 16384)

    /// True when both sides lie within the limits (NaN and infinities never do).
    public static func contains(_ size: Size) -> Bool {
        size.width >= minimum.width && size.width <= maximum.width
            && size.height >= minimum.height && size.height <= maximum.height
    }

    /// The limits as people read them: "200x200 to 16384x16384".
    public static var summary: String {
        "\(Int(minimum.width))x\(Int(minimum.height)) to \(Int(maximum.width))x\(Int(maximum.height))"
    }
}
