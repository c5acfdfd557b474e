/// The identifier of the placeholder gap a collection shows where dragged items would land.
struct DropGapID: Hashable, Sendable {
    init() {}
}

/// The gap's cell: an empty slot with an outline.
final class DropGapCell: CollectionCell {
    var style = DragDropStyle()
    override func draw(in frame: Rect, into list: inout DrawList) {
        let style = self.style.following(Appearance.colorScheme)
        let r = frame.insetBy(dx: 2, dy: 2)
        let radius = min(10, r.width / 8, r.height / 3)
        list.fill(r, style.gapFill, radius: radius)
        list.stroke(r, style.gapStroke, width: 2, radius: radius)
    }
}
