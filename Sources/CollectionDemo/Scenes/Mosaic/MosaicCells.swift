import CollectionKit

/// A mosaic card: its value large; a card that offers a context menu shows a ⋯ button while
/// hovered or focused.
public final class MosaicCardCell: CollectionCell {
    public var value = 0
    /// The name the user gave the card, shown instead of its number.
    public var name: String?
    public var style = ItemStyle.compact
    public var allowsMenu = false
    public var isFeatured = false
    /// The ⋯ button shows on a hovered or focused card that offers a menu; the scene sets it.
    public var showsMoreButton = false

    public override func prepareForReuse() {
        super.prepareForReuse()
        value = 0; name = nil; style = .compact; allowsMenu = false; isFocused = false; isFeatured = false; showsMoreButton = false
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        MosaicCardCell.drawCard(value: value, name: name, style: style, allowsMenu: allowsMenu, featured: isFeatured,
                                focused: isFocused, showsMoreButton: showsMoreButton, in: frame, into: &list)
    }

    /// The ⋯ button in the top-right corner of a card drawn in `frame` (the scene hit-tests the same rect).
    public static func moreButtonFrame(in frame: Rect) -> Rect {
        let side = min(28, frame.height / 3, frame.width / 3)
        return Rect(x: frame.maxX - side - 8, y: frame.minY + 8, width: side, height: side)
    }

    /// A round button with three dots: the desktop's "more actions" affordance.
    static func drawMoreButton(in r: Rect, on card: Color, into list: inout DrawList) {
        // Opaque (the card's colour darkened): a translucent disc shows the seam where its halves meet.
        list.fill(r, card.mixed(with: .black, 0.35), radius: r.width / 2)
        let dot = max(2, r.width / 9)
        for i in -1...1 {
            let c = Point(x: r.midX + Double(i) * dot * 2.2, y: r.midY)
            list.fill(Rect(x: c.x - dot / 2, y: c.y - dot / 2, width: dot, height: dot), .white, radius: dot / 2)
        }
    }

    /// Shared with drag snapshots, so a lifted card looks exactly like the card.
    public static func drawCard(value: Int, name: String? = nil, style: ItemStyle, allowsMenu: Bool, featured: Bool, focused: Bool,
                                showsMoreButton: Bool = false, in frame: Rect, into list: inout DrawList) {
        let radius = min(14, frame.width / 10)
        let color = featured ? Theme.tileColor(value + 7).mixed(with: .black, 0.25) : Theme.tileColor(value)
        list.fill(frame, color, radius: radius)
        let ink = color.luminance > 0.6 ? Color(hex: 0x1A1C22) : Color.white
        let numberSize = min(56, max(12, frame.height / 3.2))
        let mainSize = featured ? min(28, numberSize) : numberSize
        if let name, !featured {
            // A name wraps at word boundaries inside the card, at most three lines.
            let style = ParagraphStyle(text: TextStyle(size: min(22, max(12, mainSize / 2)), weight: .bold), maximumLines: 3, alignment: .center)
            list.paragraph(name, in: frame.insetBy(dx: 12, dy: max(8, frame.height / 2 - 36)), style: style, color: ink)
        } else {
            list.text(featured ? filled(tr("Featured %@"), "\(value + 1)") : "\(value)", in: frame, size: mainSize,
                      color: ink, alignment: .center, weight: .bold)
        }
        if showsMoreButton && allowsMenu && !featured { drawMoreButton(in: moreButtonFrame(in: frame), on: color, into: &list) }
        if focused { FocusRing.draw(around: frame, radius: radius, into: &list) }
    }
}

/// The mosaic's section headers: the featured row's title, and the pinned mosaic header.
enum MosaicHeader {
    /// `inset`: the grid's left edge from the frame's, where the title starts (the cards' edge).
    static func draw(title: String, detail: String, pinned: Bool, inset: Double = 16, in frame: Rect, into list: inout DrawList) {
        list.fill(frame, pinned ? Theme.surface : Theme.background)
        if pinned { list.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), Theme.border) }
        list.text(title, in: Rect(x: frame.minX + inset, y: frame.minY, width: 200, height: frame.height), size: 17,
                  color: Theme.text, weight: .bold)
        // The detail (how many cards) beside the title; the right end is the header's buttons'.
        guard !detail.isEmpty else { return }
        list.text(detail, in: Rect(x: frame.minX + inset + 84, y: frame.minY, width: max(0, min(160, frame.width - inset - 100)), height: frame.height),
                  size: 13, color: Theme.textDim, alignment: .leading)
    }
}
