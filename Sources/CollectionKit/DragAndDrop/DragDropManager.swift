/// A window's drag-and-drop manager, typed by the app's item identifier: the collections it
/// coordinates (``DragDropCollection``, ``ReorderableCollection``) hold `ItemID`s, and what the
/// manager tells and takes is typed the same way, so an app never wraps an identifier in
/// `AnyHashable`.
///
/// ```swift
/// let manager = DragDropManager<CardID>()
/// try manager.add(todo)                     // a DragDropCollection<CardID>
/// try manager.insert([newCard], into: "todo", at: ItemPath(item: .max, section: 0), summary: "add card")
/// manager.focusItem(newCard, in: "todo", showingRing: true)
/// if let f = manager.focus { rename(f.id) }  // f.id is a CardID
/// ```
///
/// Everything that does not name an item (adding collections and zones, the session, undo, drawing,
/// input) is the ``DragDropCoordinator``'s, which this class is. Code that works with any manager
/// holds a `DragDropCoordinator`.
public final class DragDropManager<ItemID: Hashable>: DragDropCoordinator {
    public override init() { super.init() }

    /// Selected items (Ctrl+click): dragging one of them drags them all.
    public var selection: Set<ItemID> { Set(anySelection.compactMap { $0 as? ItemID }) }

    /// The item keyboard commands act on, and its collection.
    public var focus: (collection: String, id: ItemID)? {
        guard let f = anyFocus, let id = f.id as? ItemID else { return nil }
        return (f.collection, id)
    }

    /// Every item the drop zones hold, zone by zone (each zone's ``DropZone/items``).
    public var itemsInZones: [ItemID] { anyItemsInZones.compactMap { $0 as? ItemID } }

    @available(*, deprecated, renamed: "itemsInZones", message: "the manager knows zones, of which a trash is one")
    public var trashed: [ItemID] { itemsInZones }

    /// The items of the drag in flight, in the order they are carried.
    public var draggedItems: [ItemID] { session?.ids.compactMap { $0 as? ItemID } ?? [] }

    /// Where `id` is in the collections' data, if anywhere.
    public func location(of id: ItemID) -> ItemLocation? { locateItem(AnyHashable(id)) }

    /// Adds new items to `collection` at `position` (its end when the item index is past it), as
    /// one undoable edit. Throws, changing nothing, when an identifier is already held anywhere,
    /// the collection is unknown or refuses the change.
    ///
    /// ```swift
    /// try manager.insert([newID], into: "todo", at: ItemPath(item: .max, section: 0), summary: "add item")
    /// ```
    public func insert(_ ids: [ItemID], into collection: String, at position: ItemPath, summary: String) throws {
        try insertItems(ids.map { AnyHashable($0) }, into: collection, at: position, summary: summary)
    }

    /// Deletes items into the drop zone `zone` (a trash), as one undoable edit: what a drop on
    /// the zone does, by a key instead of a drag.
    public func remove(_ ids: [ItemID], intoZone zone: String, summary: String) throws {
        try removeItems(ids.map { AnyHashable($0) }, intoZone: zone, summary: summary)
    }

    /// Records a change the app made to an item's content (a rename): `apply(false)` makes it and
    /// `apply(true)` takes it back. It is made now, goes on the undo history, and
    /// ``DragDropCoordinator/onChange`` hears `.changed` for the item with the cause `.edit` (then
    /// `.undo`, `.redo`).
    public func recordEdit(of id: ItemID, summary: String, apply: @escaping (_ undoing: Bool) -> Void) {
        recordItemEdit(of: AnyHashable(id), summary: summary, apply: apply)
    }

    /// Puts the keyboard focus on item `id` of the collection named `collection` (a card just
    /// created or renamed), scrolled into view, with the ring when `showingRing`. Hand the focus
    /// chain to that collection's stop too (``FocusChain/focus(_:showingRing:now:)``): its stop then
    /// keeps this item rather than its first.
    public func focusItem(_ id: ItemID, in collection: String, showingRing: Bool) {
        focusAnyItem(AnyHashable(id), in: collection, showingRing: showingRing)
    }

    /// Lifts an item of a reorderable collection (the owner recognised the long press, dated
    /// `time`): its snapshot follows `pointer`. A snapshot still landing for it is taken over; other
    /// landings go on. Returns false, changing nothing, when the item cannot move.
    @discardableResult
    public func lift(_ id: ItemID, from r: any InPlaceReorderer, grabPoint: Point, pointer: Point,
                     time: Double, now: Double) -> Bool {
        liftItem(AnyHashable(id), from: r, grabPoint: grabPoint, pointer: pointer, time: time, now: now)
    }

    /// Lifts `id` of an in-place reorderer from the keyboard (Space on the focused item): the
    /// snapshot sits over the gap, the arrows move the gap to the nearest item that way on screen
    /// (`CollectionView.item(from:toward:)`), Space or Enter drops and Escape cancels, as a keyboard
    /// drag between collections does. Returns false when the item cannot be lifted.
    @discardableResult
    public func liftWithKeyboard(_ id: ItemID, from r: any InPlaceReorderer, now: Double) -> Bool {
        liftItemWithKeyboard(AnyHashable(id), from: r, now: now)
    }
}
