/// Every sentence the drag-and-drop machinery shows a user: the status line, refusals, and the
/// notices of a drop that could not be applied or undone. The defaults speak of items and
/// collections; an app replaces the table (``DragDropManager/strings``) to use its own words or
/// to translate them. Participants read it from the ``DropContext`` they are given.
///
/// ```swift
/// var words = DragDropStrings()
/// words.overNothing = "over no list"
/// words.pickedUpSeveral = { count in "\(count) tasks picked up" }
/// manager.strings = words
/// ```
public struct DragDropStrings: Sendable {
    /// One item lifted: "Task 3 picked up" from the item's description.
    public var pickedUpOne: @Sendable (_ item: String) -> String = { "\($0) picked up" }
    /// Several items lifted at once.
    public var pickedUpSeveral: @Sendable (_ count: Int) -> String = { "\($0) items picked up" }
    /// Appended to the status line while the drag is over no target.
    public var overNothing = "over nothing"
    /// Appended while it is over a target: "over Today".
    public var over: @Sendable (_ target: String) -> String = { "over \($0)" }
    /// Where the items would land: one-based position and the count after the drop.
    public var position: @Sendable (_ position: Int, _ total: Int) -> String = { "position \($0) of \($1)" }
    /// A full collection would send its item back where the dragged one came from.
    public var swapsWith: @Sendable (_ item: String) -> String = { "swaps with \($0)" }
    /// Refusal: a locked item may not leave its collection.
    public var lockedTo: @Sendable (_ item: String, _ collection: String) -> String = { "\($0) is locked to \($1)" }
    /// Refusal: a collection with a capacity is full.
    public var holdsAtMost: @Sendable (_ collection: String, _ capacity: Int) -> String = { title, capacity in
        "\(title) holds \(capacity) \(capacity == 1 ? "item" : "items")"
    }
    /// Refusal: a drag-only collection (a palette).
    public var takesNoDrops: @Sendable (_ collection: String) -> String = { "nothing can be dropped on \($0)" }
    /// Refusal: a zone does not take copies from a copying source.
    public var takesOnlyMovedItems: @Sendable (_ zone: String) -> String = { "\($0) takes only items moved out of a collection" }
    /// Refusal: an in-place reorderer takes only its own items.
    public var takesOnlyOwnItems: @Sendable (_ collection: String) -> String = { "\($0) takes only its own items" }
    /// Announced to assistive technology when a drag ends with a drop, and when it is cancelled.
    public var dropped = "dropped"
    public var dragCancelled = "drag cancelled"
    /// What a drop did, for notices: "Task 3 to Today", "2 items to Trash".
    public var dropSummary: @Sendable (_ items: String, _ target: String) -> String = { "\($0) to \($1)" }
    /// The items of a summary when there are several.
    public var severalItems: @Sendable (_ count: Int) -> String = { "\($0) items" }
    /// Notice: the data changed another way since, so the change cannot be undone or redone.
    public var cannotUndo: @Sendable (_ collection: String, _ summary: String) -> String = { "\($0) changed since; cannot undo \($1)" }
    public var cannotRedo: @Sendable (_ collection: String, _ summary: String) -> String = { "\($0) changed since; cannot redo \($1)" }
    /// Notice: a drop would lose or duplicate an item, so nothing changed.
    public var dropDoesNotAddUp = "drop refused: the items before and after do not add up"
    public var dropWouldDuplicate: @Sendable (_ item: String, _ times: Int) -> String = { "drop refused: \($0) would appear \($1) times" }
    /// Refusal: an add or delete by command while a drag is in flight.
    public var cannotEditDuringDrag = "finish the drag first"
    /// Refusal: a drop from another program where nothing takes one ("" when the target has no title).
    public var takesNothingDropped: @Sendable (_ target: String) -> String = {
        $0.isEmpty ? "nothing dropped from another program can go here" : "\($0) takes nothing dropped from another program"
    }
    /// Refusal: a drop from another program carried nothing the window can read.
    public var droppedNothingReadable = "the drop carried nothing that can be read here"
    /// Refusal: a target takes only some kinds of dropped things ("Today takes only text").
    public var takesOnly: @Sendable (_ target: String, _ kinds: String) -> String = { "\($0) takes only \($1)" }
    /// Kinds of dropped things, for `takesOnly`.
    public var textKind = "text"
    public var pictureKind = "pictures"
    public var targetHasNoSections: @Sendable (_ collection: String) -> String = { "drop refused: \($0) has no sections" }

    public init() {}
}
