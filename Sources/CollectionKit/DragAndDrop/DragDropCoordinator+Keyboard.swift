/// Drag and drop by keyboard: Space picks up the focused item, the arrows move it (or the focus),
/// Enter or Space drops it, Escape puts it back; Ctrl+Z undoes. A keyboard drag shows its stack
/// over the gap it would fill and says where it is in ``DragDropCoordinator/statusLine``.
extension DragDropCoordinator {

    /// Keys for drag and drop: Space picks up the focused item and drops it, arrows move it (or the
    /// focus), Enter drops, Escape cancels, Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
    /// Returns true when the key was used.
    @discardableResult
    func handleKey(_ key: Key, modifiers mods: Modifiers, now: Double) -> Bool {
        defer { showStates() }
        self.now = now
        if key == .escape {
            guard session != nil else {
                // Without a drag, Escape clears the selection.
                guard !anySelection.isEmpty else { return false }
                marks.clear(); return true
            }
            cancel(now: now); return true
        }
        if mods.contains(.ctrl) {
            guard session == nil else { return true }
            if key == Key("z") { if mods.contains(.shift) { redo(now: now) } else { undo(now: now) }; return true }
            if key == Key("y") { redo(now: now); return true }
            return false
        }
        if [.space, .enter, .up, .down, .left, .right].contains(key), session?.isKeyboard ?? true { marks.showRing(true) }
        if let s = session {
            if key == .space || key == .enter { if s.isKeyboard { drop(now: now) }; return true }
            guard s.isKeyboard else { return key == .up || key == .down || key == .left || key == .right }
            if let r = reorderer(named: s.over) {
                guard [.up, .down, .left, .right].contains(key) else { return false }
                reorderStep(key, in: r, now: now)
                return true
            }
            switch key {
            case .up: keyboardStep(by: -1, now: now)
            case .down: keyboardStep(by: 1, now: now)
            case .left: keyboardHop(by: -1, now: now)
            case .right: keyboardHop(by: 1, now: now)
            default: return false
            }
            return true
        }
        switch key {
        case .space:
            guard let f = anyFocus, let c = collection(named: f.collection), c.indexPath(of: f.id) != nil else { return false }
            beginDrag(pressed: f.id, from: c, grabPoint: nil, keyboard: true, now: now)
            return true
        case .up, .down, .left, .right:
            moveFocus(key, now: now)
            return true
        default:
            return false
        }
    }

    /// Moves the focus (Up/Down within a collection, Left/Right to the neighbouring one) and
    /// scrolls the newly focused item into view.
    func moveFocus(_ key: Key, now: Double) {
        guard let (c, id) = marks.moveFocus(key, in: collections) else { return }
        if let ip = c.displayedIndexPath(of: id) { c.view.scrollToItem(ip, centered: false, animated: true) }
    }

    func keyboardStep(by step: Int, now: Double) {
        guard let s = session, let target = collection(named: s.over), let gap = target.gap else { return }
        var next = ItemPath(item: gap.item + step, section: gap.section)
        let countWithoutGap = target.displayed[gap.section].count - 1
        if next.item < 0, gap.section > 0 {
            next = ItemPath(item: target.displayed[gap.section - 1].count, section: gap.section - 1)
        } else if next.item > countWithoutGap, gap.section + 1 < target.displayed.count {
            next = ItemPath(item: 0, section: gap.section + 1)
        }
        target.moveGap(to: next)
        if let ip = target.gap { target.view.scrollToItem(ip, centered: false, animated: true) }
        syncKeyboardSession(now: now)
    }

    /// Left/Right during a keyboard drag: to the nearest droppable whose centre lies that way.
    func keyboardHop(by step: Int, now: Double) {
        guard let s = session else { return }
        let all = droppables
        let here = droppable(named: s.over)?.dropFrame.center ?? s.lift.frame.center
        let ahead = all.filter { $0.dropName != s.over && ($0.dropFrame.center.x - here.x) * Double(step) > 1 }
        guard let nextDrop = ahead.min(by: { $0.dropFrame.center.distance(to: here) < $1.dropFrame.center.distance(to: here) }),
              let next = all.firstIndex(where: { $0 === nextDrop }) else { return }
        let keepIndex = collection(named: s.over)?.gap
        setTarget(all[next].dropName, now: now)
        if let c = collection(named: all[next].dropName), c.isDropTarget {
            let section = min(keepIndex?.section ?? 0, c.displayed.count - 1)
            c.moveGap(to: ItemPath(item: keepIndex?.item ?? 0, section: max(0, section)))
        }
        syncKeyboardSession(now: now)
    }

    /// A keyboard drag shows its snapshot over the gap it would fill.
    func syncKeyboardSession(now: Double) {
        guard var s = session, s.isKeyboard else { return }
        // Reordering in place: over the gap as drawn now (it glides, and the view may scroll).
        if let gap = keyboardReorderGap(s) {
            s.lift.grabOffset = Point(x: s.lift.size.width / 2, y: s.lift.size.height / 2)
            s.lift.pointer = gap.center
            session = s
            return
        }
        let c = collection(named: s.over)
        // Drawn at the gap's size: recorded again when the size changes (another board).
        if let c, let gap = c.gap, let gapSize = c.view.layout.attributesForItem(at: gap)?.frame.size, gapSize.width >= 1, gapSize.height >= 1,
           gapSize != s.lift.snapshot.size, let source = collection(named: s.items.first?.source) {
            snapshotsTaken += 1
            if let again = source.snapshot(of: s.lift.itemID, key: "\(snapshotKeyPrefix)-\(snapshotsTaken)", size: gapSize) {
                s.lift.snapshot = again
            }
        }
        if let frame = c?.gapWindowFrame ?? droppable(named: s.over)?.dropFrame.insetBy(dx: 8, dy: 8) {
            s.lift.grabOffset = Point(x: s.lift.size.width / 2, y: s.lift.size.height / 2)
            s.lift.pointer = frame.center
        }
        session = s
    }

    /// The on-screen line describing a drag ("Task 12 picked up, over Today, position 3 of 7").
    public var statusLine: String? {
        guard let s = session, let first = s.items.first else { return nil }
        guard let source = collection(named: first.source) else {
            // A move within one view reordered in place: where the item would land.
            guard let r = reorderer(named: first.source) else { return nil }
            let text = strings.pickedUpOne(r.describe(first.id))
            return r.movingPosition.map { text + strings.clauseSeparator + strings.position($0.position, $0.count) } ?? text
        }
        var text = s.items.count == 1 ? strings.pickedUpOne(source.describe(first.id)) : strings.pickedUpSeveral(s.items.count)
        guard let over = droppable(named: s.over) else { return text + strings.clauseSeparator + strings.overNothing }
        text += strings.clauseSeparator + strings.over(over.dropTitle)
        if case let .refuse(reason) = s.acceptance { return text + strings.reasonSeparator + reason }
        if let c = collection(named: over.dropName), let gap = c.gap {
            var before = c.displayed[..<gap.section].reduce(0) { $0 + $1.count } + gap.item
            var total = c.displayed.reduce(0) { $0 + $1.count } - 1 + s.items.count
            // A swap takes the place of the item it sends away.
            if s.swapsWith != nil { total -= 1; before = min(before, total - 1) }
            text += strings.clauseSeparator + strings.position(before + 1, total)
        }
        if let swap = s.swapsWith, let c = collection(named: s.over) { text += strings.clauseSeparator + strings.swapsWith(c.describe(swap)) }
        return text
    }


    /// An arrow during a keyboard reorder: the gap moves to the nearest item that way (past items
    /// that cannot move, a few at most), the view scrolls to it and the snapshot follows.
    func reorderStep(_ key: Key, in r: any InPlaceReorderer, now: Double) {
        let view = r.view
        guard let start = view.movingItemIndexPath else { return }
        var from = start
        for _ in 0..<4 {
            guard let next = view.item(from: from, toward: key), let f = view.layout.attributesForItem(at: next)?.frame else { break }
            view.updateInteractiveMovementTargetPosition(f.center)
            if view.movingItemIndexPath != start { break }
            from = next
        }
        guard let gap = view.movingItemIndexPath else { return }
        view.scrollToItem(gap, centered: false, animated: true)
        syncKeyboardSession(now: now)
    }

    /// The window frame of a keyboard reorder's gap, as drawn now; nil when the drag is not one.
    func keyboardReorderGap(_ s: Session) -> Rect? {
        guard s.isKeyboard, let r = reorderer(named: s.over), let gap = r.view.movingItemIndexPath,
              let f = r.view.presentedFrameForItem(at: gap) else { return nil }
        return r.view.windowRect(fromContent: f)
    }
}
