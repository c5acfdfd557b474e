/// The capabilities a `DragDropManager` asks of its participants, beyond `Draggable` and
/// `Droppable`. The manager keeps each kind in a list of its own and finds a participant by its
/// name, so it never needs to know a concrete type: a new kind of container, zone or reorderer
/// adopts the protocol and is added as it is.

/// A participant that holds items as data, shows a gap where a drop would land, and takes drops
/// into its data: the manager moves items between containers as one all-or-nothing change.
/// `DragDropCollection` is the engine's container.
public protocol DropContainer: Draggable, Droppable, DropScrolling, LandingSite {
    /// Shown in on-screen lines ("over Today").
    var title: String { get }
    /// The data: identifiers per section, in display order.
    var items: [ItemList] { get }
    /// What is shown now: the data without the dragged items, with the gap if one is open.
    var displayed: [ItemList] { get }
    /// False for a drag-only source (a palette).
    var acceptsDrops: Bool { get }
    /// The most items it holds; nil when unlimited.
    var capacity: Int? { get }
    /// Where the gap is, in displayed coordinates; nil when none is open.
    var gap: ItemPath? { get }
    /// The gap's frame as drawn now, in window points.
    var gapWindowFrame: Rect? { get }
    /// True while an accepted drag is over it.
    var isDropTarget: Bool { get }
    /// Checks a change of the data before it is made; throwing refuses it.
    var validateChange: (([ItemList], [ItemList]) throws -> Void)? { get }
    /// Replaces the data and brings the view there.
    func setItems(_ newItems: [ItemList], animated: Bool) throws
    /// The drag is over: closes the gap and shows every item again.
    func endDrag(newItems: [ItemList]?) throws
    /// Moves the gap (keyboard drags).
    func moveGap(to ip: ItemPath)
    /// Where an item is shown, in displayed coordinates.
    func displayedIndexPath(of id: AnyHashable) -> ItemPath?
    /// The item drawn once at `size`, for a keyboard drag shown at the gap's size.
    func snapshot(of id: AnyHashable, key: String, size: Size) -> TextureRecording?
    /// Tells the items' cells their state: which items are selected, which one has the keyboard
    /// focus (nil: none here; a click gives it too), whether that focus shows its ring (only after
    /// keyboard use), and which are being dragged.
    func showStates(selected: Set<AnyHashable>, focused: AnyHashable?, showsRing: Bool, dragged: Set<AnyHashable>)
}

extension DropContainer {
    /// How many items the data holds.
    public var count: Int { items.reduce(0) { $0 + $1.count } }
}

/// A droppable that takes items out of every collection and holds them (a trash, an archive).
/// `DropZone` is the engine's sink.
public protocol DropSink: Droppable {
    /// The items dropped on it and still held, oldest first. The manager sets it when a drop,
    /// an undo or a redo changes it.
    var items: [AnyHashable] { get set }
    /// True when it keeps every item ever dropped (an archive); false when it forgets an item
    /// once its drop can no longer be undone (a trash).
    var keepsItems: Bool { get }
}

/// A participant whose own items are reordered in place by the view's interactive movement, its
/// owner staying the data source. `ReorderableCollection` is the engine's reorderer.
public protocol InPlaceReorderer: Draggable, Droppable, DropScrolling, LandingSite {
    /// True while the drag is over it and moves its gap.
    var isDropTarget: Bool { get }
    /// Ends the movement where it stands; the item's data positions before and after.
    func commitMove() -> (from: ItemPath, to: ItemPath)?
    /// Puts every item back.
    func cancelMove()
    /// Where the moving item would land now, counted from 1 within its section, and how many
    /// items the section has: for the status line and screen readers. Nil when nothing moves.
    var movingPosition: (position: Int, count: Int)? { get }
}

extension InPlaceReorderer {
    public var movingPosition: (position: Int, count: Int)? { nil }
}

/// Why the manager refuses a participant.
public struct DragDropSetupError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
