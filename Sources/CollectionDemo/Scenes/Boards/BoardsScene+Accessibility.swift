import CollectionKit

extension BoardsScene {
    public var dragDropManager: DragDropManager? { manager }

    /// Each board as a list or grid of its cards (named as the status line names them, locked
    /// ones pinned), and the drag status line as a live region.
    public func accessibilityNodes() -> [AccessibleNode] {
        let lists = boards.map { $0.view.accessibilityNode(name: $0.title) }
        let status = AccessibleNode(role: .liveRegion, name: manager.feedback?.text ?? manager.statusLine ?? "", frame: statusFrame)
        return lists + [status]
    }
}
