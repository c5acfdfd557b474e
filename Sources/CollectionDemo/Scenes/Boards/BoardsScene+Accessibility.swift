import CollectionKit

extension BoardsScene {
    public var dragDropManager: DragDropCoordinator? { manager }

    /// Each board as a list or grid of its cards (named by their whole text, locked ones pinned),
    /// the drag status line as a live region, and a delete's toast (the engine's) as a
    /// notification quoting the card with its Undo and close buttons, read out as it appears.
    public func accessibilityNodes() -> [AccessibleNode] {
        let lists = boards.map { $0.view.accessibilityNode(name: $0.title) }
        let status = AccessibleNode(role: .liveRegion, name: manager.feedback?.text ?? manager.statusLine ?? "", frame: statusFrame)
        return lists + [status] + deleteToast.accessibilityNodes()
    }
}
