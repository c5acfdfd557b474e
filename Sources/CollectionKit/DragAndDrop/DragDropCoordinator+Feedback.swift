/// What a drag shows besides the lifted item: the item a drop would swap out, and the
/// snapshot's drawn frame.
extension DragDropCoordinator {
    /// The item a drop here would swap out, and the target's frame, in window points (nil when
    /// the drop would not swap).
    func swapPreview(_ s: Session) -> (occupant: Rect, slot: Rect)? {
        guard s.acceptance.isAccepted, let swap = s.swapsWith, let target = collection(named: s.over),
              let occupant = target.windowFrame(of: swap) else { return nil }
        return (occupant, target.view.frame)
    }

    /// The lifted snapshot while it would swap: `frame` is where the snapshot is drawn, `shown`
    /// the part of it that shows. It shrinks toward the pointer to half the target's width, but
    /// never below the scale at which its words stay readable (36 points high, or its own height
    /// if less, and never below a third of its size): a wide, short card shrunk further would be
    /// an unreadable sliver. What is still wider than half the target shows its leading part only
    /// (where its words start: the right end `rightToLeft`), that wide, under the pointer as the
    /// card was, so the item that would swap out stays mostly in sight.
    static func swapGhost(_ frame: Rect, pointer: Point, slot: Rect, rightToLeft: Bool = false) -> (frame: Rect, shown: Rect) {
        guard frame.width > 0, frame.height > 0 else { return (frame, frame) }
        let readable = max(0.35, min(1, swapGhostMinimumHeight / frame.height))
        let k = max(readable, min(1, 0.5 * slot.width / frame.width))
        let drawn = Rect(x: pointer.x - (pointer.x - frame.minX) * k, y: pointer.y - (pointer.y - frame.minY) * k,
                         width: frame.width * k, height: frame.height * k)
        let w = min(drawn.width, max(0.5 * slot.width, 1))
        guard w < drawn.width else { return (drawn, drawn) }
        // The pointer keeps its place across the part shown as across the card; the card is
        // drawn from that part's leading edge.
        let fx = (pointer.x - drawn.minX) / drawn.width
        let shown = Rect(x: pointer.x - w * fx, y: drawn.minY, width: w, height: drawn.height)
        let x = rightToLeft ? shown.maxX - drawn.width : shown.minX
        return (Rect(x: x, y: drawn.minY, width: drawn.width, height: drawn.height), shown)
    }

    /// The height under which a swap ghost stops shrinking.
    static let swapGhostMinimumHeight = 36.0

    /// The lifted snapshot's frame as drawn now, in window points (nil with no drag): what a
    /// test or an app's dump can check the ghost against.
    public var liftedFrame: Rect? {
        guard let s = session else { return nil }
        let gapFrame = s.isKeyboard ? collection(named: s.over)?.gapWindowFrame ?? keyboardReorderGap(s) : nil
        let frame = gapFrame.map { $0.scaledAboutCenter(DragSession.liftScale) } ?? s.lift.visualFrame(at: now)
        guard !s.isKeyboard, let swapping = swapPreview(s) else { return frame }
        return DragDropCoordinator.swapGhost(frame, pointer: s.lift.pointer, slot: swapping.slot,
                                             rightToLeft: collection(named: s.over)?.view.layoutDirection.isRightToLeft ?? false).shown
    }
}
