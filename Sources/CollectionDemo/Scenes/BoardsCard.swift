import CollectionKit

/// A card on the boards: a stable identifier, a title, and whether it is locked to its board.
public struct BoardCard: Equatable, Sendable {
    public var id: Int
    public var title: String
    /// The board it is locked to (it may be reordered there, never dragged out); nil when free.
    public var lockedTo: String?
    /// A palette template or a copy of one: the kind of card it makes.
    public var kind: String?

    /// A stable height for the backlog list: 44, 62 or 80 points.
    public var listHeight: Double { BoardCard.listHeight(id: id) }
    /// The same from the identifier alone, so a list can be measured without making its cards.
    public static func listHeight(id: Int) -> Double { 44 + Double((id &* 7) % 3) * 18 }
    public var color: Color { Theme.tileColor(id) }
}

/// The cell that draws a card.
public final class BoardCardCell: CollectionCell {
    public var card = BoardCard(id: 0, title: "")

    public override func prepareForReuse() {
        super.prepareForReuse()
        card = BoardCard(id: 0, title: "")
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        BoardCardCell.drawCard(card, in: frame, into: &list)
        // The rings the drag-and-drop manager's state asks for: selection inside, focus outside.
        if isSelected { list.stroke(frame.insetBy(dx: 1, dy: 1), Theme.accent, width: 3, radius: 8) }
        if isFocused { list.stroke(frame.insetBy(dx: -1, dy: -1), Theme.text, width: 1, radius: 9) }
    }

    /// Shared with the drag snapshot, so a lifted card looks exactly like the card.
    public static func drawCard(_ card: BoardCard, in frame: Rect, into list: inout DrawList) {
        let r = frame.insetBy(dx: 2, dy: 2)
        let radius = min(8, r.width / 8, r.height / 4)
        list.fill(r, Theme.surfaceRaised, radius: radius)
        list.fill(Rect(x: r.minX, y: r.minY, width: min(6, r.width / 4), height: r.height), card.color, radius: min(3, radius))
        let textSize = min(14, max(9, r.height / 3.2))
        let inset = min(14, r.width / 5)
        list.text(card.title, in: Rect(x: r.minX + inset, y: r.minY, width: max(0, r.width - inset - 22), height: r.height),
                  size: textSize, color: Theme.text, alignment: .leading, weight: .bold)
        if card.lockedTo != nil {
            // A padlock in the corner: body and shackle.
            let c = Point(x: r.maxX - 12, y: r.minY + min(14, r.height / 2))
            list.stroke(Rect(x: c.x - 4, y: c.y - 8, width: 8, height: 9), Theme.textDim, width: 2, radius: 4)
            list.fill(Rect(x: c.x - 6, y: c.y - 3, width: 12, height: 9), Theme.textDim, radius: 2)
        }
    }
}
