import CSDL2
import CollectionKit

/// The copy cursor: SDL has no system cursor for it, so it is drawn here, as desktop themes
/// draw theirs: the arrow (white, outlined in black) with a green "+" badge at its lower right.
/// Drawn at `scale` (2 on a HiDPI screen), so it is as large there as the other cursors.
enum CopyCursor {
    /// The arrow's outline, in points from its tip (the hot spot).
    private static let arrow: [(Double, Double)] = [(0, 0), (0, 16), (4, 12.5), (7, 18.5), (9.5, 17.5), (6.5, 11.5), (11.5, 11.5)]

    static func make(scale: Double) -> OpaquePointer? {
        let s = max(1, scale.rounded())
        let side = Int(24 * s)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(side), Int32(side), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.bindMemory(to: UInt32.self, capacity: pitch * side)
        for i in 0..<(pitch * side) { pixels[i] = 0 }
        let white: UInt32 = 0xFFFF_FFFF, black: UInt32 = 0xFF00_0000
        let green: UInt32 = 0xFF2E_A043, dark: UInt32 = 0xFF1A_1C22
        func inArrow(_ x: Double, _ y: Double) -> Bool {
            var inside = false
            var j = arrow.count - 1
            for i in arrow.indices {
                let (xi, yi) = arrow[i], (xj, yj) = arrow[j]
                if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                j = i
            }
            return inside
        }
        let edge = 1.0 / s
        for py in 0..<side {
            for px in 0..<side {
                let x = (Double(px) + 0.5) / s, y = (Double(py) + 0.5) / s
                var colour: UInt32 = 0
                if inArrow(x, y) {
                    let outline = !(inArrow(x - edge, y) && inArrow(x + edge, y) && inArrow(x, y - edge) && inArrow(x, y + edge))
                    colour = outline ? black : white
                }
                // The badge: a green disc with a white plus, ringed in dark.
                let dx = x - 17.5, dy = y - 17.5, d = (dx * dx + dy * dy).squareRoot()
                if d <= 6 { colour = dark }
                if d <= 5 { colour = green }
                if d <= 5, (abs(dx) <= 0.9 && abs(dy) <= 3.2) || (abs(dy) <= 0.9 && abs(dx) <= 3.2) { colour = white }
                pixels[py * pitch + px] = colour
            }
        }
        return SDL_CreateColorCursor(surface, 0, 0)
    }
}
