import CollectionKit
/// A coloured, numbered tile: the cell the grid and rearrange scenes show.
public final class TileCell: CollectionCell {
    public var number = 0
    public var color = Color.white
    public var isPinned = false
    /// Right to left the pin badge and the check sit at the mirrored corners; set by the scene.
    public var direction: LayoutDirection = .leftToRight

    public override func prepareForReuse() {
        super.prepareForReuse()
        number = 0; color = .white; isPinned = false
    }

    public func configure(number: Int) {
        self.number = number
        color = Theme.tileColor(number)
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        TileCell.drawTile(number: number, color: color, pinned: isPinned, selected: isSelected,
                          highlighted: isHighlighted, hovered: isHovered, direction: direction, in: frame, into: &list)
        if isFocused { FocusRing.draw(around: frame, radius: min(12, frame.width / 8), outset: isSelected ? 6 : 0, into: &list) }
    }

    /// Shared with snapshots, so a lifted tile looks exactly like the tile.
    public static func drawTile(number: Int, color: Color, pinned: Bool, selected: Bool, highlighted: Bool,
                                hovered: Bool = false, direction: LayoutDirection = .leftToRight, in frame: Rect, into list: inout DrawList) {
        let radius = min(12, frame.width / 8)
        if selected {
            // A thick accent ring outside the tile, with a thin dark gap so it reads on every tile
            // colour, including blue ones close to the accent.
            list.fill(frame.insetBy(dx: -6, dy: -6), Theme.accent, radius: radius + 6)
            list.fill(frame.insetBy(dx: -2, dy: -2), Theme.background, radius: radius + 2)
        }
        var fill = highlighted ? color.mixed(with: .black, 0.15) : color
        if selected { fill = fill.mixed(with: Theme.accent, 0.35) }
        if hovered && !highlighted { fill = fill.mixed(with: .white, 0.14) }
        list.fill(frame, fill, radius: radius)
        if hovered && !selected { list.stroke(frame, Color.white.withAlpha(0.55), width: 2, radius: radius) }
        let ink = fill.luminance > 0.6 ? Color(hex: 0x1A1C22) : Color.white
        let size = min(28, max(11, frame.height / 4))
        list.text("\(number)", in: frame, size: size, color: ink, alignment: .center, weight: .bold)
        drawBadges(pinned: pinned, selected: selected, direction: direction, in: frame, radius: radius, into: &list)
    }

    /// The pin badge (top right) and the check (top left), at the mirrored corners right to left.
    static func drawBadges(pinned: Bool, selected: Bool, direction: LayoutDirection, in frame: Rect, radius: Double, into list: inout DrawList) {
        guard pinned || selected else { return }
        HeaderMirror.draw(in: frame, direction, into: &list) { list in
            if pinned { drawPin(in: frame, radius: radius, into: &list) }
            if selected { drawCheck(in: frame, into: &list) }
        }
    }

    /// A pinned tile: a hatched band along the bottom and a pin badge in the corner, in dark and
    /// white so they read on every tile colour.
    static func drawPin(in frame: Rect, radius: Double, into list: inout DrawList) {
        let s = min(1, max(0.6, frame.width / 120))
        let c = Point(x: frame.maxX - 18 * s, y: frame.minY + 18 * s)
        let r = 12 * s
        list.fill(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), Color(hex: 0x1A1C22).withAlpha(0.75), radius: r)
        // The pin: a round head and a needle.
        list.fill(Rect(x: c.x - 5 * s, y: c.y - 7 * s, width: 10 * s, height: 10 * s), .white, radius: 5 * s)
        list.fill(Rect(x: c.x - 1.5 * s, y: c.y + 1 * s, width: 3 * s, height: 7 * s), .white)
        // A dashed band says "fixed in place" without relying on colour.
        let band = Rect(x: frame.minX, y: frame.maxY - 8 * s, width: frame.width, height: 8 * s)
        list.clipped(to: band) { list in
            var x = band.minX - band.height
            while x < band.maxX {
                list.line(Point(x: x, y: band.maxY), Point(x: x + band.height, y: band.minY), Color(hex: 0x1A1C22).withAlpha(0.55), width: 3 * s)
                x += 9 * s
            }
        }
    }

    /// A white check in an accent disc at the top-left corner of a selected tile.
    static func drawCheck(in frame: Rect, into list: inout DrawList) {
        let s = min(1, max(0.6, frame.width / 120))
        let c = Point(x: frame.minX + 16 * s, y: frame.minY + 16 * s)
        let r = 11 * s
        list.fill(Rect(x: c.x - r - 2, y: c.y - r - 2, width: 2 * r + 4, height: 2 * r + 4), .white, radius: r + 2)
        list.fill(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), Theme.accent, radius: r)
        list.line(Point(x: c.x - 5 * s, y: c.y), Point(x: c.x - 1.5 * s, y: c.y + 4 * s), .white, width: 2.5 * s)
        list.line(Point(x: c.x - 1.5 * s, y: c.y + 4 * s), Point(x: c.x + 5.5 * s, y: c.y - 4.5 * s), .white, width: 2.5 * s)
    }
}
