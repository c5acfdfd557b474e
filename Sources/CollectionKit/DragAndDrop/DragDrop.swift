/// The two small protocols of drag and drop between containers: a
/// **draggable** says whether a drag can start at a point and with what; a **droppable** says
/// whether it accepts what is dragged, is told when a drag enters, moves over and leaves it, and
/// takes part in the drop. One `DragDropManager` per window coordinates any number of them.
/// `DragDropCollection` adopts both for a collection view; `DropZone` is a droppable that is not
/// a collection (a trash).

/// Whether dragging from a source moves its items or inserts copies of them (a palette).
public enum DragOperation: String, Equatable, Sendable {
    case move, copy
}

/// One dragged item: its stable identifier and where it came from.
public struct DraggedItem: Hashable {
    public var id: AnyHashable
    /// The name of the draggable it came from.
    public var source: String
    /// Its position in the source when the drag began.
    public var origin: ItemPath
    public init(id: AnyHashable, source: String, origin: ItemPath) {
        self.id = id; self.source = source; self.origin = origin
    }
}

/// What a droppable is told about the drag over it.
public struct DropContext {
    public var items: [DraggedItem]
    public var operation: DragOperation
    /// The pointer, in window points.
    public var pointer: Point
    /// The dragged snapshot's frame, in window points (before the lift scale).
    public var snapshotFrame: Rect
    /// The manager's words, for a refusal's sentence.
    public var strings: DragDropStrings
    /// True while the hovered droppable auto-scrolls under the drag: its insertion position
    /// changes every few frames, so it should move without animation (items gliding to one
    /// position while the gap is already at the next would be drawn over it).
    public var isAutoScrolling: Bool
    public init(items: [DraggedItem], operation: DragOperation, pointer: Point, snapshotFrame: Rect,
                strings: DragDropStrings = DragDropStrings(), isAutoScrolling: Bool = false) {
        self.items = items; self.operation = operation; self.pointer = pointer; self.snapshotFrame = snapshotFrame
        self.strings = strings; self.isAutoScrolling = isAutoScrolling
    }
    /// The identifiers, in drag order.
    public var ids: [AnyHashable] { items.map(\.id) }
}

/// A droppable's answer to "do you take these items?".
public enum DropAcceptance: Equatable {
    case accept
    /// Refused, with the sentence shown to the user.
    case refuse(String)
    public var isAccepted: Bool { self == .accept }
}

/// Something a drag can start from.
public protocol Draggable: AnyObject {
    /// Unique among the manager's participants; the state dump uses it.
    var dragName: String { get }
    /// The area it occupies, in window points.
    var dragFrame: Rect { get }
    /// Whether dragging moves items out or copies them.
    var dragOperation: DragOperation { get }
    /// The draggable item under a window point, if any.
    func draggableItem(at point: Point) -> AnyHashable?
    /// Where an item is, if this draggable holds it.
    func indexPath(of id: AnyHashable) -> ItemPath?
    /// The item's frame as drawn now, in window points.
    func windowFrame(of id: AnyHashable) -> Rect?
    /// The item drawn once into a texture under `key`, for the lifted snapshot.
    func snapshot(of id: AnyHashable, key: String) -> TextureRecording?
    /// The drag of `ids` (those this draggable holds) began: show their slot as a gap.
    func dragDidBegin(_ ids: [AnyHashable], now: Double)
    /// True when the item may only move within this draggable (shown, and refused elsewhere).
    func isLocked(_ id: AnyHashable) -> Bool
    /// A new item made from `id` for a copying drag (a new unique identifier).
    func makeCopy(of id: AnyHashable) -> AnyHashable
    /// A short human name of an item for on-screen lines ("Task 12").
    func describe(_ id: AnyHashable) -> String
}

extension Draggable {
    public var dragOperation: DragOperation { .move }
    public func isLocked(_ id: AnyHashable) -> Bool { false }
    public func makeCopy(of id: AnyHashable) -> AnyHashable { id }
    public func describe(_ id: AnyHashable) -> String { "\(id.base)" }
}

/// Something a drag can be dropped on.
public protocol Droppable: AnyObject {
    /// Unique among the manager's participants; the state dump uses it.
    var dropName: String { get }
    /// Shown in on-screen lines and notices ("Today").
    var dropTitle: String { get }
    /// The area it occupies, in window points: target choice compares overlaps with it.
    var dropFrame: Rect { get }
    /// Whether it takes these items (capacity, rules of its own). The manager checks locked items
    /// and drag-only sources itself.
    func acceptance(of drag: DropContext) -> DropAcceptance
    /// The drag came over it (`accepted` false when it will be refused: show it, take nothing in).
    func dragEntered(_ drag: DropContext, accepted: Bool, now: Double)
    /// The drag moved over it; returns the insertion position it shows now (nil: no position, a trash).
    func dragMoved(_ drag: DropContext, now: Double) -> ItemPath?
    /// The drag left it (or ended over it).
    func dragExited(now: Double)
}

/// A scrollable droppable: auto-scroll and the wheel act on the hovered one during a drag.
public protocol DropScrolling: AnyObject {
    /// Advances auto-scroll to `now` with the pointer where the scroller last tracked it.
    func autoScroll(_ scroller: inout AutoScroller, pointer: Point, now: Double)
    func scrollByWheel(dx: Double, dy: Double, now: Double)
}

/// A droppable that is not a collection: a rectangle that takes items out of the collections
/// (a trash, an archive). Each zone holds what was dropped on it, so two zones can be told apart,
/// and the manager's change notification names the zone that received a drop.
public final class DropZone: DropSink {
    public let dropName: String
    public var dropTitle: String
    public var dropFrame: Rect = .zero
    /// True while an accepted drag is over it (for drawing a highlight).
    public private(set) var isHovered = false
    /// True while a refused drag is over it.
    public private(set) var isRefusing = false
    /// Whether it takes copies from a drag-only source (a trash does not: nothing to delete).
    public var acceptsCopies = false
    /// What a drop on it means. A zone that keeps its items (an archive) holds every item ever
    /// dropped on it; one that does not (a trash) forgets an item once its drop can no longer be
    /// undone.
    public var keepsItems = false
    /// The items dropped on it and still held, oldest first.
    public var items: [AnyHashable] = []

    public init(name: String, title: String, keepsItems: Bool = false) {
        dropName = name; dropTitle = title; self.keepsItems = keepsItems
    }

    public func acceptance(of drag: DropContext) -> DropAcceptance {
        if drag.operation == .copy && !acceptsCopies {
            return .refuse(drag.strings.takesOnlyMovedItems(dropTitle))
        }
        return .accept
    }
    public func dragEntered(_ drag: DropContext, accepted: Bool, now: Double) { isHovered = accepted; isRefusing = !accepted }
    public func dragMoved(_ drag: DropContext, now: Double) -> ItemPath? { nil }
    public func dragExited(now: Double) { isHovered = false; isRefusing = false }
}
