/// Every sentence the drag-and-drop machinery shows a user: the status line, refusals, and the
/// notices of a drop that could not be applied or undone. The defaults speak of items and
/// collections; an app replaces the table (``DragDropCoordinator/strings``) to use its own words or
/// to translate them. Participants read it from the ``DropContext`` they are given. The defaults
/// are the engine's text domain (``TextDomain/collectionKit``) in the process's language.
///
/// ```swift
/// var words = DragDropStrings()
/// words.overNothing = "over no list"
/// words.pickedUpSeveral = { count in "\(count) tasks picked up" }
/// manager.strings = words
/// ```
public struct DragDropStrings: Sendable {
    /// One item lifted: "Task 3 picked up" from the item's description.
    public var pickedUpOne: @Sendable (_ item: String) -> String = { TextDomain.fill(words("%@ picked up"), $0) }
    /// Several items lifted at once.
    public var pickedUpSeveral: @Sendable (_ count: Int) -> String = { words.count("%@ item picked up", "%@ items picked up", $0) }
    /// Appended to the status line while the drag is over no target.
    public var overNothing = words("over nothing")
    /// Appended while it is over a target: "over Today".
    public var over: @Sendable (_ target: String) -> String = { TextDomain.fill(words("over %@"), $0) }
    /// Where the items would land: one-based position and the count after the drop.
    public var position: @Sendable (_ position: Int, _ total: Int) -> String = {
        TextDomain.fill(words("position %1$@ of %2$@"), TextDomain.number($0), TextDomain.number($1))
    }
    /// A full collection would send its item back where the dragged one came from.
    public var swapsWith: @Sendable (_ item: String) -> String = { TextDomain.fill(words("swaps with %@"), $0) }
    /// Refusal: a locked item may not leave its collection.
    public var lockedTo: @Sendable (_ item: String, _ collection: String) -> String = {
        TextDomain.fill(words("%1$@ is locked to %2$@"), $0, $1)
    }
    /// Refusal: a collection with a capacity is full.
    public var holdsAtMost: @Sendable (_ collection: String, _ capacity: Int) -> String = { title, capacity in
        TextDomain.fill(words.plural("%1$@ holds %2$@ item", "%1$@ holds %2$@ items", capacity), title, TextDomain.number(capacity))
    }
    /// Refusal: a drag-only collection (a palette).
    public var takesNoDrops: @Sendable (_ collection: String) -> String = { TextDomain.fill(words("nothing can be dropped on %@"), $0) }
    /// Refusal: a zone does not take copies from a copying source.
    public var takesOnlyMovedItems: @Sendable (_ zone: String) -> String = {
        TextDomain.fill(words("%@ takes only items moved out of a collection"), $0)
    }
    /// Refusal: an in-place reorderer takes only its own items.
    public var takesOnlyOwnItems: @Sendable (_ collection: String) -> String = { TextDomain.fill(words("%@ takes only its own items"), $0) }
    /// Announced to assistive technology when a drag ends with a drop, and when it is cancelled.
    public var dropped = words("dropped")
    public var dragCancelled = words("drag cancelled")
    /// What a drop did, for notices: "Task 3 to Today", "2 items to Trash".
    public var dropSummary: @Sendable (_ items: String, _ target: String) -> String = { TextDomain.fill(words("%1$@ to %2$@"), $0, $1) }
    /// The items of a summary when there are several.
    public var severalItems: @Sendable (_ count: Int) -> String = { words.count("%@ item", "%@ items", $0) }
    /// Notice: the data changed another way since, so the change cannot be undone or redone.
    public var cannotUndo: @Sendable (_ collection: String, _ summary: String) -> String = {
        TextDomain.fill(words("%1$@ changed since; cannot undo %2$@"), $0, $1)
    }
    public var cannotRedo: @Sendable (_ collection: String, _ summary: String) -> String = {
        TextDomain.fill(words("%1$@ changed since; cannot redo %2$@"), $0, $1)
    }
    /// Notice: a drop would lose or duplicate an item, so nothing changed.
    public var dropDoesNotAddUp = words("drop refused: the items before and after do not add up")
    public var dropWouldDuplicate: @Sendable (_ item: String, _ times: Int) -> String = { item, times in
        TextDomain.fill(words.plural("drop refused: %1$@ would appear %2$@ time", "drop refused: %1$@ would appear %2$@ times", times),
                        item, TextDomain.number(times))
    }
    /// Refusal: an add or delete by command while a drag is in flight.
    public var cannotEditDuringDrag = words("finish the drag first")
    /// Between the parts of the status line ("Task 3 picked up, over Today") and before a refusal's
    /// reason ("over Palette: nothing can be dropped on Palette"): Japanese writes "、", French " : ".
    // TRANSLATORS: between the parts of the drag status line.
    public var clauseSeparator = words(", ")
    // TRANSLATORS: before the reason a drop is refused.
    public var reasonSeparator = words(": ")
    /// Refusal: a drop from another program where nothing takes one ("" when the target has no title).
    public var takesNothingDropped: @Sendable (_ target: String) -> String = {
        $0.isEmpty ? words("nothing dropped from another program can go here")
            : TextDomain.fill(words("%@ takes nothing dropped from another program"), $0)
    }
    /// Refusal: a drop from another program carried nothing the window can read.
    public var droppedNothingReadable = words("the drop carried nothing that can be read here")
    /// Refusal: a target takes only some kinds of dropped things ("Today takes only text").
    public var takesOnly: @Sendable (_ target: String, _ kinds: String) -> String = {
        TextDomain.fill(words("%1$@ takes only %2$@"), $0, $1)
    }
    /// Kinds of dropped things, for `takesOnly`.
    // TRANSLATORS: a kind of thing dropped from another program, as in "Today takes only text".
    public var textKind = words("text")
    // TRANSLATORS: a kind of thing dropped from another program, as in "Photos takes only pictures".
    public var pictureKind = words("pictures")
    public var targetHasNoSections: @Sendable (_ collection: String) -> String = { TextDomain.fill(words("drop refused: %@ has no sections"), $0) }

    public init() {}
}

/// The engine's catalogue, for the defaults above.
private let words = TextDomain.collectionKit
