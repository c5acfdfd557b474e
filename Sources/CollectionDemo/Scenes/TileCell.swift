import CollectionKit
/// A coloured, numbered tile: the cell the grid and rearrange scenes show.
public final class TileCell: CollectionCell {
    public var number = 0
    public var color = Color.white
    public var isPinned = false

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
                          highlighted: isHighlighted, in: frame, into: &list)
    }

    /// Shared with snapshots, so a lifted tile looks exactly like the tile.
    public static func drawTile(number: Int, color: Color, pinned: Bool, selected: Bool, highlighted: Bool,
                                in frame: Rect, into list: inout DrawList) {
        let radius = min(12, frame.width / 8)
        list.fill(frame, highlighted ? color.mixed(with: .black, 0.15) : color, radius: radius)
        let ink = color.luminance > 0.6 ? Color(hex: 0x1A1C22) : Color.white
        let size = min(28, max(11, frame.height / 4))
        list.text("\(number)", in: frame, size: size, color: ink, alignment: .center, weight: .bold)
        if pinned {
            // A pin badge in the corner.
            let c = Point(x: frame.maxX - 16, y: frame.minY + 16)
            list.fill(Rect(x: c.x - 9, y: c.y - 9, width: 18, height: 18), Color.black.withAlpha(0.35), radius: 9)
            list.fill(Rect(x: c.x - 4, y: c.y - 5, width: 8, height: 8), .white, radius: 4)
            list.fill(Rect(x: c.x - 1, y: c.y + 2, width: 2, height: 5), .white)
        }
        if selected {
            list.stroke(frame.insetBy(dx: -3, dy: -3), Theme.accent, width: 3, radius: radius + 3)
        }
    }
}
