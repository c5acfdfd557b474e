/// A collection view whose items the drag-and-drop manager reorders in place, through the view's
/// interactive movement API: the scene stays the data source, items that cannot move keep their
/// slots while the others flow around them, and the data source is told once when a drop ends.
/// It takes part in drags as both draggable and droppable, for its own items only. The
/// rearrange and mosaic scenes are built on it, so reordering and moving between collections share
/// one machinery (`DragDropManager`). A multi-section view works too: the item moves within its
/// own section (the mosaic's cards, not its featured row). `ItemID` is the app's identifier type,
/// the one its data source answers with; the closures carry it.
public final class ReorderableCollection<ItemID: Hashable>: InPlaceReorderer {
    public let view: CollectionView
    public var title: String
    /// Draws an item into a rect at the origin, for its snapshot.
    public var drawItem: (ItemID, Rect, inout DrawList) -> Void
    /// A completed move, in data index paths (for undo).
    public var didMove: ((ItemPath, ItemPath) -> Void)?
    /// A short human name of an item, for the status line and screen readers ("Tile 12").
    public var describeItem: (ItemID) -> String = { "\($0)" }
    /// True while the drag is over it.
    public private(set) var isDropTarget = false
    /// Whether it takes a drop from another program (text, files); nil refuses every one.
    public var externalDropAcceptance: ((DropPayload) -> DropAcceptance)?
    /// Takes an accepted drop from another program: the app adds items to its data source at the
    /// position given (data coordinates: before the item under the pointer, else at the end).
    public var onExternalDrop: ((DropPayload, ItemPath) throws -> Void)?

    public init(view: CollectionView, title: String, drawItem: @escaping (ItemID, Rect, inout DrawList) -> Void) {
        self.view = view; self.title = title; self.drawItem = drawItem
    }

    /// An identifier of the view's data source, as the app's type.
    static func typed(_ id: AnyHashable) -> ItemID {
        if let typed = id as? ItemID { return typed }
        preconditionFailure("ReorderableCollection<\(ItemID.self)> was given an item of another type: \(id)")
    }

    public var dragName: String { view.name }
    public var dropName: String { view.name }
    public var dropTitle: String { title }
    public var dragFrame: Rect { view.frame }
    public var dropFrame: Rect { view.frame }

    // MARK: Draggable

    /// The item under the point, if the data source lets it move.
    public func draggableItem(at point: Point) -> AnyHashable? {
        guard view.interactiveMove == nil, let ip = view.indexPathForItem(atWindowPoint: point),
              let ds = view.dataSource, ds.collectionView(view, canMoveItemAt: view.dataIndexPath(forDisplayed: ip)) else { return nil }
        return view.identifier(at: ip)
    }

    /// Where the item is shown (O(visible); nil when it is out of view).
    public func indexPath(of id: AnyHashable) -> ItemPath? {
        view.visibleAttributes.first { $0.kind == .cell && view.identifier(at: $0.indexPath) == id }?.indexPath
    }

    public func windowFrame(of id: AnyHashable) -> Rect? {
        guard let ip = indexPath(of: id), let f = view.presentedFrameForItem(at: ip) else { return nil }
        return view.windowRect(fromContent: f)
    }

    public func snapshot(of id: AnyHashable, key: String) -> TextureRecording? {
        guard let frame = windowFrame(of: id) else { return nil }
        var scratch = DrawList()
        scratch.recordTexture(key: key, size: frame.size) { list in drawItem(Self.typed(id), Rect(origin: .zero, size: frame.size), &list) }
        return scratch.textures.last
    }

    /// Begins the interactive movement; the manager hides the item, so its slot shows as a gap.
    public func dragDidBegin(_ ids: [AnyHashable], now: Double) {
        guard let id = ids.first, let ip = indexPath(of: id) else { return }
        _ = view.beginInteractiveMovementForItem(at: ip)
    }

    public func describe(_ id: AnyHashable) -> String { describeItem(Self.typed(id)) }

    public var movingPosition: (position: Int, count: Int)? {
        guard let target = view.interactiveMove?.target, view.sectionCounts.indices.contains(target.section) else { return nil }
        return (target.item + 1, view.sectionCounts[target.section])
    }

    // MARK: Droppable

    public func acceptance(of drag: DropContext) -> DropAcceptance {
        drag.items.allSatisfy { $0.source == dropName } ? .accept : .refuse(drag.strings.takesOnlyOwnItems(title))
    }

    public func dragEntered(_ drag: DropContext, accepted: Bool, now: Double) {
        isDropTarget = accepted && view.interactiveMove != nil
        _ = dragMoved(drag, now: now)
    }

    /// The target follows the snapshot's centre, not the pointer, so an item grabbed by its corner
    /// moves where it is seen to be.
    public func dragMoved(_ drag: DropContext, now: Double) -> ItemPath? {
        guard isDropTarget else { return nil }
        view.updateInteractiveMovementTargetPosition(view.contentPoint(fromWindow: drag.snapshotFrame.center))
        return view.movingItemIndexPath
    }

    /// Leaving keeps the target where it is: the movement ends there or is cancelled.
    public func dragExited(now: Double) { isDropTarget = false }

    /// Ends the movement where it stands: the data source is told once. Returns the item's data
    /// index paths before and after.
    public func commitMove() -> (from: ItemPath, to: ItemPath)? {
        guard let move = view.interactiveMove, let final = view.endInteractiveMovement() else { return nil }
        if final != move.source { didMove?(move.source, final) }
        return (move.source, final)
    }

    /// Puts every item back.
    public func cancelMove() { view.cancelInteractiveMovement() }

    // MARK: Scrolling during a drag

    public func autoScroll(_ scroller: inout AutoScroller, pointer: Point, now: Double) {
        view.autoScroll(with: &scroller, pointer: pointer, now: now)
    }

    public func scrollByWheel(dx: Double, dy: Double, now: Double) { view.physics.wheel(dx: dx, dy: dy, now: now) }
}
