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

    /// Draws the flights and the lifted stack, above every collection.
    public func draw(into list: inout DrawList, now: Double) {
        flights.draw(into: &list, now: now)
        defer { if drawsFeedback { drawFeedback(into: &list) } }
        guard let s = session else { return }
        // A keyboard drag shows the card lifted over the gap it would fill, at the gap's size.
        let gapFrame = s.isKeyboard ? collection(named: s.over)?.gapWindowFrame ?? keyboardReorderGap(s) : nil
        var frame = gapFrame.map { $0.scaledAboutCenter(DragSession.liftScale) } ?? s.lift.visualFrame(at: now)
        // Over a full target the item would swap with: the item leaving is marked, and a pointer
        // drag's snapshot shrinks toward the pointer so that item stays in sight.
        let swapping = swapPreview(s)
        if let swapping {
            list.fill(swapping.occupant, style.swapVeil, radius: min(10, swapping.occupant.width / 8))
            list.stroke(swapping.occupant, style.accepting, width: 2, radius: min(10, swapping.occupant.width / 8))
        }
        // The ghost as drawn (`frame`) and the part of it that shows (`shown`, cut to leave the
        // leaving item in sight).
        var shown = frame
        if let swapping, !s.isKeyboard {
            (frame, shown) = DragDropCoordinator.swapGhost(frame, pointer: s.lift.pointer, slot: swapping.slot,
                                                       rightToLeft: collection(named: s.over)?.view.layoutDirection.isRightToLeft ?? false)
        }
        let shrunk = swapping != nil && !s.isKeyboard
        let top: (inout DrawList) -> Void = gapFrame != nil || shrunk
            ? { [frame, shown] list in
                if shown == frame { Snapshot.draw(s.lift.snapshot, in: frame, shadow: 1, into: &list) }
                else { list.clipped(to: shown) { Snapshot.draw(s.lift.snapshot, in: frame, shadow: 1, into: &$0) } }
            }
            : { s.lift.draw(into: &$0, now: now) }
        LiftedStack(count: s.items.count, frame: shown, refused: !s.acceptance.isAccepted, copies: s.operation == .copy, style: style.following(Appearance.colorScheme))
            .draw(into: &list, top: top)
    }
}

extension DragDropCoordinator {
    /// The feedback line's frame now: ``feedbackFrame``, else the bottom of ``bounds`` or of the
    /// containers' frames. Nil when there is nowhere to draw it.
    var resolvedFeedbackFrame: Rect? {
        if let feedbackFrame { return feedbackFrame }
        let frames = collections.map(\.view.frame).filter { $0.width > 0 && $0.height > 0 }
        guard let area = bounds ?? frames.dropFirst().reduce(frames.first, { $0?.union($1) }) else { return nil }
        let height = min(24, area.height)
        return Rect(x: area.minX + 12, y: area.maxY - height - 6, width: max(0, area.width - 24), height: height)
    }

    /// The refusal's reason on a line of its own, above everything else the manager draws.
    func drawFeedback(into list: inout DrawList) {
        guard let text = feedback?.text, let line = resolvedFeedbackFrame, line.width > 0 else { return }
        let style = style.following(Appearance.colorScheme)
        list.fill(line, style.feedbackFill, radius: 6)
        list.text(text, in: line.insetBy(dx: 8, dy: 0), size: min(13, line.height * 0.55), color: style.feedbackText, alignment: .leading)
    }
}
