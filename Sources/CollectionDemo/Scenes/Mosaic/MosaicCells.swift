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
    /// A card made from a dropped picture: the picture, drawn through `pipeline`.
    public var picture: CardPicture?

    public override func prepareForReuse() {
        super.prepareForReuse()
        value = 0; name = nil; style = .compact; allowsMenu = false; isFocused = false; isFeatured = false; showsMoreButton = false
        picture = nil
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        MosaicCardCell.drawCard(value: value, name: name, style: style, allowsMenu: allowsMenu, featured: isFeatured,
                                focused: isFocused, showsMoreButton: showsMoreButton, picture: picture, in: frame, into: &list)
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
                                showsMoreButton: Bool = false, picture: CardPicture? = nil, in frame: Rect, into list: inout DrawList) {
        let radius = min(14, frame.width / 10)
        let color = featured ? Theme.tileColor(value + 7).mixed(with: .black, 0.25) : Theme.tileColor(value)
        if let picture, !featured {
            // The picture fills the card; its name on a dark band at the bottom.
            picture.pipeline.draw(ImageKey(source: picture.path, size: frame.size, scale: picture.scale), in: frame, cornerRadius: radius, into: &list)
            if let name {
                let h = min(30, frame.height / 3)
                let band = Rect(x: frame.minX + 6, y: frame.maxY - h - 6, width: max(0, frame.width - 12), height: h)
                list.fill(band, Color(r: 0, g: 0, b: 0, a: 0x99), radius: 6)
                list.text(name, in: band.insetBy(dx: 10, dy: 0), size: 13, color: .white, alignment: .leading, weight: .bold)
            }
            if showsMoreButton && allowsMenu { drawMoreButton(in: moreButtonFrame(in: frame), on: Color(hex: 0x30343C), into: &list) }
            if focused { FocusRing.draw(around: frame, radius: radius, into: &list) }
            return
        }
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

/// A picture a card shows: its file, and the pipeline that decodes it for the card's pixels.
public struct CardPicture {
    public var path: String
    public var pipeline: ImagePipeline
    public var scale: Double
}

/// The mosaic's section headers: the featured row's title, and the pinned mosaic header.
enum MosaicHeader {
    /// Right to left the header is the mirror image: the title at the right end, aligned to it.
    /// `inset`: the grid's left edge from the frame's, where the title starts (the cards' edge).
    static let titleStyle = TextStyle(size: 17, weight: .bold), detailStyle = TextStyle(size: 13)
    /// Room between the title and the detail, and between the detail and the buttons.
    static let gap = 12.0

    /// The title's and the detail's widths as measured at the current text scale, each at most
    /// what the header holds after the insets: the text takes the room it needs.
    static func widths(title: String, detail: String, inset: Double, width: Double, measurer: any TextMeasuring) -> (title: Double, detail: Double) {
        let room = max(0, width - 2 * inset)
        let t = min(room, (measurer.width(of: title, style: titleStyle) + 2).rounded(.up))
        // The count shows whole or not at all: a narrow header keeps its title.
        let d = detail.isEmpty ? 0 : (measurer.width(of: detail, style: detailStyle) + 2).rounded(.up)
        return (t, d <= room - t - gap ? d : 0)
    }

    static func draw(title: String, detail: String, pinned: Bool, inset: Double = 16, in frame: Rect,
                     direction: LayoutDirection = .leftToRight, measurer: any TextMeasuring, into list: inout DrawList) {
        HeaderMirror.draw(in: frame, direction, into: &list) { list in
            draw(title: title, detail: detail, pinned: pinned, inset: inset, in: frame, measurer: measurer, into: &list)
        }
    }

    private static func draw(title: String, detail: String, pinned: Bool, inset: Double, in frame: Rect,
                             measurer: any TextMeasuring, into list: inout DrawList) {
        list.fill(frame, pinned ? Theme.surface : Theme.background)
        if pinned { list.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), Theme.border) }
        let w = widths(title: title, detail: detail, inset: inset, width: frame.width, measurer: measurer)
        list.text(title, in: Rect(x: frame.minX + inset, y: frame.minY, width: w.title, height: frame.height), size: titleStyle.size,
                  color: Theme.text, weight: .bold)
        // The detail (how many cards) after the title; the right end is the header's buttons'.
        guard !detail.isEmpty, w.detail > 0 else { return }
        list.text(detail, in: Rect(x: frame.minX + inset + w.title + gap, y: frame.minY, width: w.detail, height: frame.height),
                  size: detailStyle.size, color: Theme.textDim, alignment: .leading)
    }
}
