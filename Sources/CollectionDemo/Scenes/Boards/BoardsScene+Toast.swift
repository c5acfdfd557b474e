import CollectionKit

/// The notice a delete leaves, as a libadwaita toast: a pill centred in the status band at the
/// bottom edge, off the boards, with Undo and Close. It stays until its time runs out, Close or
/// Undo is chosen, or a later change makes its Undo mean something else. Both buttons are in the
/// focus chain (Tab reaches them; Enter or Space presses).
extension BoardsScene {
    /// The toast's frame: centred at the bottom, in the status band.
    var deletedNoticeFrame: Rect? {
        guard deletedNotice != nil, statusFrame.height > 0 else { return nil }
        let w = min(420, statusFrame.width)
        return Rect(x: (statusFrame.midX - w / 2).rounded(), y: statusFrame.minY + 1, width: w, height: max(0, statusFrame.height - 2))
    }

    /// Undo and Close, right to left at the toast's end.
    func toastButtons() -> [(name: String, rect: Rect)] {
        guard let r = deletedNoticeFrame else { return [] }
        let h = max(0, r.height - 6)
        let close = Rect(x: r.maxX - 3 - h, y: r.minY + 3, width: h, height: h)
        let undo = Rect(x: close.minX - 6 - 64, y: r.minY + 3, width: 64, height: h)
        return [("undo", undo), ("close", close)]
    }

    /// The toast's press handler and its two focus stops.
    func toastParts() -> (ClosureComponent, [any FocusStop]) {
        let press = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .pointerDown(p, .left, _) = event, !manager.isDragging,
                  let hit = toastButtons().first(where: { $0.rect.contains(p) }) else { return .ignored }
            pressToast(hit.name, now: now)
            return .handled
        })
        let stops: [any FocusStop] = ["undo", "close"].map { name in
            SceneFocusStop("notice-\(name)", canFocus: { [unowned self] in deletedNotice != nil },
                           contains: { [unowned self] p in toastButtons().contains { $0.name == name && $0.rect.contains(p) } },
                           keys: { [unowned self] key, mods, now in
                               guard mods.isEmpty, key == .enter || key == .space else { return false }
                               pressToast(name, now: now)
                               return true
                           },
                           changed: { [unowned self] focused, ring, _ in
                               if focused && ring { toastFocus = name } else if toastFocus == name { toastFocus = nil }
                           }, showsRing: { [unowned self] in toastFocus == name })
        }
        return (press, stops)
    }

    func pressToast(_ name: String, now: Double) {
        deletedNotice = nil
        toastFocus = nil
        if name == "undo" { manager.undo(now: now) }
    }

    func drawDeletedNotice(into list: inout DrawList) {
        guard let n = deletedNotice, let r = deletedNoticeFrame else { return }
        let buttons = toastButtons()
        let pointer = composition.pointer ?? Point(x: -1, y: -1)
        list.shadow(r.offsetBy(dx: 0, dy: 2), Color.black.withAlpha(0.4), radius: r.height / 2, blur: 8)
        list.fill(r, Theme.surfaceRaised, radius: r.height / 2)
        list.stroke(r, Theme.border, width: 1, radius: r.height / 2)
        let textEnd = buttons.first?.rect.minX ?? r.maxX
        list.text(n.text, in: Rect(x: r.minX + 16, y: r.minY, width: max(0, textEnd - r.minX - 24), height: r.height),
                  size: min(13, r.height * 0.5), color: Theme.text, alignment: .leading)
        for (name, b) in buttons {
            let hovered = b.contains(pointer)
            if name == "undo" {
                list.fill(b, hovered ? Theme.accent.mixed(with: .white, 0.15) : Theme.accent, radius: b.height / 2)
                list.text(BoardsScene.undoTitle, in: b, size: min(13, b.height * 0.55), color: .white, alignment: .center, weight: .bold)
            } else {
                if hovered { list.fill(b, Theme.text.withAlpha(0.12), radius: b.height / 2) }
                let c = b.center, d = min(4.5, b.height / 5)
                list.line(Point(x: c.x - d, y: c.y - d), Point(x: c.x + d, y: c.y + d), Theme.text, width: 1.5)
                list.line(Point(x: c.x - d, y: c.y + d), Point(x: c.x + d, y: c.y - d), Theme.text, width: 1.5)
            }
            if toastFocus == name { FocusRing.draw(around: b, radius: b.height / 2, into: &list) }
        }
    }
}
