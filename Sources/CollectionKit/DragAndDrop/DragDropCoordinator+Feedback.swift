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

    /// The lifted snapshot as drawn while it would swap: at most half the target's width (never
    /// below a third of its own size), keeping the pointer at the same place on it.
    static func swapGhost(_ frame: Rect, pointer: Point, slot: Rect) -> Rect {
        guard frame.width > 0 else { return frame }
        let k = max(0.35, min(1, 0.5 * slot.width / frame.width))
        return Rect(x: pointer.x - (pointer.x - frame.minX) * k, y: pointer.y - (pointer.y - frame.minY) * k,
                    width: frame.width * k, height: frame.height * k)
    }

    /// The lifted snapshot's frame as drawn now, in window points (nil with no drag): what a
    /// test or an app's dump can check the ghost against.
    public var liftedFrame: Rect? {
        guard let s = session else { return nil }
        let gapFrame = s.isKeyboard ? collection(named: s.over)?.gapWindowFrame ?? keyboardReorderGap(s) : nil
        let frame = gapFrame.map { $0.scaledAboutCenter(DragSession.liftScale) } ?? s.lift.visualFrame(at: now)
        guard !s.isKeyboard, let swapping = swapPreview(s) else { return frame }
        return DragDropCoordinator.swapGhost(frame, pointer: s.lift.pointer, slot: swapping.slot)
    }
}
