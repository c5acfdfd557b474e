import CollectionKit

extension BoardsScene {
    public var dragDropManager: DragDropManager? { manager }

    /// Each board as a list or grid of its cards (named by their whole text, locked ones pinned),
    /// the drag status line as a live region, and a delete's toast as a notification offering its
    /// Undo ("Deleted Fix login. Undo"), read out as it appears, with its two buttons.
    public func accessibilityNodes() -> [AccessibleNode] {
        let lists = boards.map { $0.view.accessibilityNode(name: $0.title) }
        let status = AccessibleNode(role: .liveRegion, name: manager.feedback?.text ?? manager.statusLine ?? "", frame: statusFrame)
        guard let notice = deletedNotice, let frame = deletedNoticeFrame else { return lists + [status] }
        let buttons = toastButtons().enumerated().map { i, b in
            let title = b.name == "undo" ? BoardsScene.undoTitle : BoardsScene.closeTitle
            let press = AccessibleAction(name: "click", description: tr("Presses the button")) { [weak self] now in
                guard let self, self.deletedNotice != nil else { return false }
                self.pressToast(b.name, now: now)
                return true
            }
            return AccessibleNode(role: .pushButton, name: title, states: toastFocus == b.name ? [.focusable, .focused] : [.focusable],
                                  index: i, frame: b.rect, actions: [press])
        }
        let toast = AccessibleNode(role: .notification, name: filled(tr("%@. %@"), notice.text, BoardsScene.undoTitle), frame: frame,
                                   children: buttons)
        return lists + [status, toast]
    }
}
