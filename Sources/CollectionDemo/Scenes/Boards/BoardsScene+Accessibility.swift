import CollectionKit

extension BoardsScene {
    public var dragDropManager: DragDropCoordinator? { manager }

    /// Each board as a list or grid of its cards (named by their whole text, locked ones pinned),
    /// the drag status line as a live region, and a delete's toast (the engine's) as a
    /// notification quoting the card with its Undo and close buttons, read out as it appears; a
    /// card's menu while it is open.
    public func accessibilityNodes() -> [AccessibleNode] {
        // Each board's list, then its "+ Add a card" (a push button, as the Tab order has it).
        let lists = boards.flatMap { b in
            [b.view.accessibilityNode(name: b.title)] + (addCardButtons[b.name].map { $0.frame.isEmpty ? [] : $0.accessibilityNodes() } ?? [])
        }
        let status = AccessibleNode(role: .liveRegion, name: manager.feedback?.text ?? manager.statusLine ?? "", frame: statusFrame)
        return lists + [status] + deleteToast.accessibilityNodes() + menuAccessibilityNodes()
    }
}
