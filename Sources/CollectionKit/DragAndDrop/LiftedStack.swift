/// How a lifted stack of items is drawn: the items under the top one as plain cards behind it,
/// the top item's snapshot, a count badge when there are several, and an outline while the
/// target refuses them. Colours come from the style.
struct LiftedStack {
    /// How many items are lifted.
    var count: Int
    /// The top item's frame as drawn, in window points.
    var frame: Rect
    var refused: Bool
    /// The drag copies: a "+" badge at the top's leading corner says so (while it is accepted).
    var copies: Bool
    var style: DragDropStyle

    init(count: Int, frame: Rect, refused: Bool, copies: Bool = false, style: DragDropStyle) {
        self.count = count; self.frame = frame; self.refused = refused; self.copies = copies; self.style = style
    }

    /// The copy badge's frame: a circle over the top item's top-left corner.
    var copyBadgeFrame: Rect {
        let d = DragDropStyle.copyBadgeDiameter
        return Rect(x: frame.minX - d / 3, y: frame.minY - d / 3, width: d, height: d)
    }

    /// Draws the stack; `top` draws the top item's snapshot at ``frame``.
    func draw(into list: inout DrawList, top: (inout DrawList) -> Void) {
        let radius = min(10, frame.width / 8)
        for k in stride(from: min(count - 1, 3), through: 1, by: -1) {
            let r = frame.offsetBy(dx: Double(k) * 6, dy: Double(k) * 6)
            list.shadow(r.offsetBy(dx: 0, dy: 4), style.stackShadow, radius: 10, blur: 10)
            list.fill(r, style.stackFill, radius: min(10, r.width / 8))
            list.stroke(r, style.stackStroke, width: 1, radius: min(10, r.width / 8))
        }
        top(&list)
        if count > 1 {
            let badge = Rect(x: frame.maxX - 14, y: frame.minY - 10, width: 28, height: 24)
            list.fill(badge, style.badgeFill, radius: 12)
            list.text("\(count)", in: badge, size: 13, color: style.badgeText, alignment: .center, weight: .bold)
        }
        if copies, !refused {
            let b = copyBadgeFrame, c = b.center, arm = b.width * 0.26
            list.fill(b.insetBy(dx: -1.5, dy: -1.5), style.copyBadgeRing, radius: b.width / 2 + 1.5)
            list.fill(b, style.copyBadgeFill, radius: b.width / 2)
            list.line(Point(x: c.x - arm, y: c.y), Point(x: c.x + arm, y: c.y), style.copyBadgeMark, width: 2.5)
            list.line(Point(x: c.x, y: c.y - arm), Point(x: c.x, y: c.y + arm), style.copyBadgeMark, width: 2.5)
        }
        if refused { list.stroke(frame, style.refusing, width: 3, radius: radius) }
    }
}
