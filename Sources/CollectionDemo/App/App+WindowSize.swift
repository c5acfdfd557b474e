import CollectionKit

extension App {
    /// The window sizes the demo accepts: `--size`, an input script's `resize` and the real
    /// window's minimum all read this. The smallest leaves room for the tab bar and a row of tiles.
    public static let windowSizeLimits = WindowSizeLimits(minimum: Size(width: 200, height: 200))
}
