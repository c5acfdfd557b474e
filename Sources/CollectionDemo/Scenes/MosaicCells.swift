import CollectionKit

/// A mosaic card: its value large, its style, and whether it offers a context menu (a "menu"
/// badge, or a struck-out one for cards that do not).
public final class MosaicCardCell: CollectionCell {
    public var value = 0
    public var style = ItemStyle.compact
    public var allowsMenu = false
    public var isFeatured = false

    public override func prepareForReuse() {
        super.prepareForReuse()
        value = 0; style = .compact; allowsMenu = false; isFocused = false; isFeatured = false
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        MosaicCardCell.drawCard(value: value, style: style, allowsMenu: allowsMenu, featured: isFeatured,
                                focused: isFocused, in: frame, into: &list)
    }

    /// Shared with drag snapshots, so a lifted card looks exactly like the card.
    public static func drawCard(value: Int, style: ItemStyle, allowsMenu: Bool, featured: Bool, focused: Bool,
                                in frame: Rect, into list: inout DrawList) {
        let radius = min(14, frame.width / 10)
        let color = featured ? Theme.tileColor(value + 7).mixed(with: .black, 0.25) : Theme.tileColor(value)
        list.fill(frame, color, radius: radius)
        let ink = color.luminance > 0.6 ? Color(hex: 0x1A1C22) : Color.white
        let numberSize = min(56, max(12, frame.height / 3.2))
        let mainSize = featured ? min(28, numberSize) : numberSize
        list.text(featured ? "Featured \(value + 1)" : "\(value)", in: frame, size: mainSize,
                  color: ink, alignment: .center, weight: .bold)
        // The label (30 points at the bottom) and the badge (32 at the top) only where they clear
        // the centred line, which takes about 1.25 times its size.
        guard frame.height >= 64 + 1.25 * mainSize, frame.width >= 80 else { return }
        let label = featured ? "page with a flick" : style.rawValue
        // The caption wraps to a second line rather than being cut, where the card has room for it.
        // Two lines start 18 points higher: they clear the title when the card is 36 points taller.
        let captionLines = frame.height >= 96 + 1.25 * mainSize ? 2.0 : 1.0
        let caption = Rect(x: frame.minX + 12, y: frame.maxY - 30 - 18 * (captionLines - 1), width: frame.width - 24,
                           height: 22 + 18 * (captionLines - 1))
        list.paragraph(label, in: caption, style: ParagraphStyle(text: TextStyle(size: 13), maximumLines: Int(captionLines)),
                       color: ink.withAlpha(0.8))
        if !featured {
            // The badge says whether a right click (or the Menu key) offers a menu here.
            let badge = Rect(x: frame.maxX - 74, y: frame.minY + 10, width: 64, height: 22)
            if allowsMenu {
                list.fill(badge, Color.black.withAlpha(0.35), radius: 8)
                list.text("menu", in: badge, size: 12, color: .white, alignment: .center, weight: .bold)
            } else {
                list.stroke(badge, ink.withAlpha(0.5), width: 1, radius: 8)
                list.text("no menu", in: badge, size: 11, color: ink.withAlpha(0.6), alignment: .center)
            }
        }
        if focused {
            list.stroke(frame.insetBy(dx: -3, dy: -3), Theme.accent, width: 3, radius: radius + 3)
        }
    }
}

/// The mosaic's section headers: the featured row's title, and the pinned mosaic header.
enum MosaicHeader {
    static func draw(title: String, detail: String, pinned: Bool, in frame: Rect, into list: inout DrawList) {
        list.fill(frame, pinned ? Theme.surface : Theme.background)
        if pinned { list.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), Theme.border) }
        list.text(title, in: Rect(x: frame.minX + 16, y: frame.minY, width: 200, height: frame.height), size: 17,
                  color: Theme.text, weight: .bold)
        list.text(detail, in: Rect(x: frame.minX + 150, y: frame.minY, width: max(0, frame.width - 174), height: frame.height),
                  size: 13, color: Theme.textDim, alignment: .trailing)
    }
}
