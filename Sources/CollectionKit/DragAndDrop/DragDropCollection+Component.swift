/// A drag-and-drop collection is a part of a ``Composition`` as it is: list it after its
/// ``DragDropManager`` (which takes presses on items and every event of a drag) and it draws
/// itself, moves, pans with a press on its empty space, and scrolls with the wheel under the pointer.
extension DragDropCollection: Component {
    /// Draws the view, the empty placeholder and the drop outline.
    public func draw(into list: inout DrawList) {
        let style = self.style.following(Appearance.colorScheme)
        view.draw(into: &list)
        if displayed.allSatisfy(\.isEmpty), let emptyText {
            let r = view.frame.insetBy(dx: 10, dy: 10)
            if !r.isEmpty {
                list.stroke(r, isDropTarget ? style.accepting : style.placeholderStroke, width: 2, radius: 10)
                list.text(emptyText, in: r, size: 14, color: style.placeholderText, alignment: .center)
            }
        }
        // A refused drop from another program shows the refusal outline as long as its line.
        let refusedExternally = externalRefusalUntil.map { view.now < $0 } ?? false
        if isDropTarget || isRefusing || refusedExternally {
            list.stroke(view.frame.insetBy(dx: 1, dy: 1), isRefusing || refusedExternally ? style.refusing : style.accepting, width: 2, radius: 6)
        }
    }

    public func contains(_ p: Point) -> Bool { view.frame.contains(p) }

    /// True while a press on the collection's empty space pans it.
    public var isPanning: Bool { pan.isPanning }

    /// Text set at another size: every item's length is asked again.
    public func invalidateMeasurements() { remeasure() }

    /// A press the manager left (empty space, or a board's own padding) pans; the wheel scrolls.
    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, .left, _):
            pan.down(at: p, now: now, physics: &view.physics)
        case let .pointerMove(p, _):
            guard pan.isActive else { return .ignored }
            pan.moved(to: p, now: now, physics: &view.physics)
        case let .pointerUp(p, .left, _):
            guard pan.isActive else { return .ignored }
            _ = pan.up(at: p, now: now, physics: &view.physics)
        case let .wheel(dx, dy):
            view.physics.wheel(dx: dx, dy: dy, now: now)
        case .focus(gained: false):
            cancelGestures(now: now)
            return .ignored
        default:
            return .ignored
        }
        return .handled
    }

    /// Without a pan under way a move changes nothing here (hover is the manager's to show).
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool { !pan.isActive }

    public func update(now: Double) { view.update(now: now) }
    public func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(view.nextDeadline(after: now), pan.nextDeadline.map { max(now, $0) })
    }
    public func cursor(at p: Point) -> Cursor? {
        if pan.isPanning { return .grabbing }
        guard view.frame.contains(p) else { return nil }
        return draggableItem(at: p) != nil ? .hand : .arrow
    }
    public var liveCellCount: Int { view.liveCellCount }
    public func cancelGestures(now: Double) { pan.cancel(now: now, physics: &view.physics) }
}
