/// Reordering a collection by long press, ready to turn on: a press held `longPressDuration`
/// within `tolerance` points lifts the item under it (the drag-and-drop manager carries it and
/// the others make way), while moving farther first pans the content instead. The item starts to
/// rise while the press is pending; a release before the long press is a click.
///
/// The interaction owns the press: hand it the pointer, focus and key events of the collection
/// (after anything of your own that comes first, such as a menu), call ``update(now:)`` every
/// frame and include ``nextDeadline(after:)`` in yours so the long press fires on time in an idle
/// window. The manager still needs its own `update(now:)` and `draw(into:now:)`.
///
/// ```swift
/// let manager = DragDropManager<PhotoID>()
/// let reorderable = ReorderableCollection(view: collectionView, title: "Photos") { id, rect, list in ... }
/// manager.add(reorderable)
/// let reorder = ReorderInteraction(manager: manager, reorderable: reorderable)
///
/// func handle(_ event: InputEvent, now: Double) {
///     switch reorder.handle(event, now: now) {
///     case let .click(p): select(at: p)
///     case .handled: return
///     case .ignored: break   // wheel, keys of your own
///     }
/// }
/// ```
///
/// A long press on an item the data source says cannot move is refused: by default the item
/// shakes and the press does nothing more until it is released (``shakesItemsThatCannotMove``);
/// otherwise the press carries on and may still pan.
public final class ReorderInteraction: Component {
    /// What ``handle(_:now:)`` did with an event: ``EventDisposition/ignored`` for what is not a
    /// pointer, focus or drag event of this interaction, ``EventDisposition/handled`` for a press,
    /// a pan, a lift, a drag step, a drop or a cancel, and ``EventDisposition/click(_:)`` for a
    /// press released without panning or lifting.

    /// The drag machinery the lifted item is handed to.
    public let manager: DragDropCoordinator
    /// The collection whose items are reordered.
    public let reorderable: any InPlaceReorderer
    /// Refuse a long press on an item that cannot move with a shake and a "not allowed" cursor
    /// until release (true, the default), or let the press go on as a possible pan (false).
    public var shakesItemsThatCannotMove = true
    /// Hover highlights follow the pointer over items that can be lifted (default false).
    public var hoversMovableItems = false
    /// The item under a window point, displayed index path; nil uses the view's own hit test. Set
    /// it when something is drawn over the items (a pinned header) and a press there must not
    /// lift what lies beneath.
    public var itemHitTest: ((Point) -> ItemPath?)?
    /// Called when a long press fires, before anything is lifted (close a menu, say).
    public var willLift: (() -> Void)?
    /// Called once an item was lifted, with its identifier.
    public var didLift: ((AnyHashable) -> Void)?
    /// Called with the window point of a press released without panning or lifting (the click
    /// ``handle(_:now:)`` also answers with), for an owner that lists the interaction in a
    /// ``Composition``.
    public var onClick: ((Point, Double) -> Void)?
    /// The page keys, Home and End while the interaction has the focus (see the ``FocusStop``
    /// conformance); set `crossAxisArrowsScroll` where the arrows have nothing to focus.
    public var keyboardScrolling = KeyboardScrolling()
    /// True while a focus chain has given it the focus.
    var hasFocus = false

    private var press: ScrollPan
    private var pointer = Point(x: -1, y: -1)
    /// A long press on an item that cannot move was refused: the press does nothing until released.
    public private(set) var isRefusingPress = false

    /// Reordering `reorderable` through `manager`: a hold of `longPressDuration` seconds (about
    /// 300 ms) within `tolerance` points (a few) lifts.
    public init(manager: DragDropCoordinator, reorderable: any InPlaceReorderer,
                longPressDuration: Double = 0.3, tolerance: Double = 6) {
        self.manager = manager; self.reorderable = reorderable
        press = ScrollPan(tolerance: tolerance, longPressDuration: longPressDuration)
    }

    private var view: CollectionView { reorderable.view }
    /// How long a press must be held to lift, in seconds.
    public var longPressDuration: Double { press.recognizer.minimumDuration }
    /// True while an item is being dragged.
    public var isDragging: Bool { manager.isDragging }
    /// True while the content follows the pointer.
    public var isPanning: Bool { press.isPanning }
    /// True from a press until its release or cancel.
    public var isPressActive: Bool { press.isActive }

    /// A drag in flight captures input: every event is offered to the interaction before any
    /// other part (a keyboard drag's keys whichever stop has the focus).
    public var inputRole: InputRole { manager.isDragging ? .capture : .normal }

    /// Takes a pointer, focus or Escape event; see ``EventDisposition``. A right click or Escape during a
    /// drag cancels it, losing focus cancels the drag and the press, and other keys are swallowed
    /// while a drag lasts.
    @discardableResult
    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        let result = route(event, now: now)
        if case let .click(p) = result { onClick?(p, now) }
        return result
    }

    private func route(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, .left, _):
            pointer = p
            guard !manager.isDragging, view.frame.contains(p) else { return .ignored }
            // A new press starts afresh, whatever the last one was refused for.
            isRefusingPress = false
            press.down(at: p, now: now, physics: &view.physics)
            // The item starts to rise while the long press is pending.
            if let (ip, id) = item(at: p), id != nil {
                view.beginPressFeedback(on: ip, now: now, duration: longPressDuration)
            }
            return .handled
        case let .pointerDown(p, .right, _):
            pointer = p
            guard manager.isDragging else { return .ignored }
            cancelDrag(now: now)
            return .handled
        case let .pointerMove(p, _):
            pointer = p
            fireLongPressIfDue(now: now)
            if manager.isDragging { manager.pointerMoved(to: p, now: now); return .handled }
            if isRefusingPress { return .handled }
            let wasActive = press.isActive
            press.moved(to: p, now: now, physics: &view.physics)
            if press.isPanning { view.endPressFeedback() }
            if hoversMovableItems { view.updateHover(at: press.isActive ? nil : p, reacts: canMove) }
            return wasActive ? .handled : .ignored
        case let .pointerUp(p, .left, _):
            pointer = p
            let wasActive = press.isActive || manager.isDragging
            view.endPressFeedback()
            if isRefusingPress { isRefusingPress = false; press.cancel(now: now, physics: &view.physics); return .handled }
            fireLongPressIfDue(now: now)
            if manager.isDragging {
                manager.pointerUp(at: p, now: now)
                press.cancel(now: now, physics: &view.physics)
                return .handled
            }
            if press.up(at: p, now: now, physics: &view.physics) { return .click(p) }
            return wasActive ? .handled : .ignored
        case let .wheel(dx, dy):
            // The wheel offered to it (the composition offers it under the pointer) scrolls the
            // view: the long press extends the view's scrolling.
            view.physics.wheel(dx: dx, dy: dy, now: now)
            return .handled
        case .pointerExited:
            if hoversMovableItems { view.updateHover(at: nil) }
            return .ignored
        case .focus(gained: false):
            cancelDrag(now: now)
            press.cancel(now: now, physics: &view.physics)
            view.endPressFeedback()
            isRefusingPress = false
            return .ignored
        case .key(.escape, _):
            guard manager.isDragging else { return .ignored }
            cancelDrag(now: now)
            return .handled
        case let .key(key, mods):
            // A keyboard drag's keys are the manager's; other keys are swallowed while a drag lasts.
            let dragging = manager.isDragging
            if manager.session?.isKeyboard == true { manager.handleKey(key, modifiers: mods, now: now) }
            if dragging { return .handled }
            // Without a drag, keys reach the interaction only as a focus stop, through the chain.
            return handleFocusedKey(key, mods, now: now)
        default:
            return .ignored
        }
    }

    /// Ends the press and any drag it started (the ``Composition`` asks when its root is hidden).
    public func cancelGestures(now: Double) { reset(now: now) }
    /// Its view measures again (text set at another size).
    public func invalidateMeasurements() { view.invalidateMeasurements() }

    /// Fires a long press that came due. Call every frame, before the manager's update.
    public func update(now: Double) { fireLongPressIfDue(now: now) }

    /// When the pending long press fires, if one is pending.
    public func nextDeadline(after now: Double) -> Double? { press.nextDeadline.map { max(now, $0) } }

    /// "Not allowed" while a refused press is held, grabbing while dragging or panning; nil
    /// otherwise (the owner decides: a hand over an item, an arrow elsewhere).
    public func cursor(at p: Point) -> Cursor? {
        if isRefusingPress { return .notAllowed }
        if manager.isDragging || press.isPanning { return .grabbing }
        return nil
    }

    /// Puts every item back (the snapshot flies home) and ends the press.
    public func cancelDrag(now: Double) {
        guard manager.isDragging else { return }
        manager.cancel(now: now)
        press.cancel(now: now, physics: &view.physics)
    }

    /// Ends everything at once (the collection is hidden, the window switches away): feedback,
    /// hover, a refused press, a drag and the press.
    public func reset(now: Double) {
        view.endPressFeedback()
        if hoversMovableItems { view.updateHover(at: nil) }
        isRefusingPress = false
        cancelDrag(now: now)
        press.cancel(now: now, physics: &view.physics)
    }

    /// The item under `p`, and its identifier when it can be lifted now (nil when the data source
    /// says it cannot move, or a movement is already running).
    private func item(at p: Point) -> (ItemPath, AnyHashable?)? {
        let hit = itemHitTest.map { $0(p) } ?? view.indexPathForItem(atWindowPoint: p)
        guard let ip = hit else { return nil }
        guard view.interactiveMove == nil, canMove(ip) else { return (ip, nil) }
        return (ip, view.identifier(at: ip))
    }

    /// True for a displayed item the data source lets move.
    func canMove(_ ip: ItemPath) -> Bool {
        guard let ds = view.dataSource else { return false }
        return ds.collectionView(view, canMoveItemAt: view.dataIndexPath(forDisplayed: ip))
    }

    private func fireLongPressIfDue(now: Double) {
        guard case let .longPress(at, time) = press.advance(to: now) else { return }
        lift(at: at, time: time, now: now)
    }

    /// The long press fired at `time` on `start`: the manager lifts the item there, unless it
    /// cannot move.
    private func lift(at start: Point, time: Double, now: Double) {
        view.endPressFeedback()
        willLift?()
        // The item under the press when the long press came due: content still scrolling (a
        // Home key's animation, a fling) is brought to that moment first, with the items in view
        // there, so a later frame does not lift whatever has moved under the pointer since (as a
        // lower frame rate would).
        if time > view.now { view.update(now: time) }
        guard !manager.isDragging, let (ip, movable) = item(at: start) else {
            press.refuseLongPress(); return
        }
        guard let id = movable else {
            guard shakesItemsThatCannotMove else { press.refuseLongPress(); return }
            // The item says no: it shakes, the cursor shows "not allowed", and the press neither
            // lifts nor scrolls until it is released.
            view.shakeItem(at: ip, now: time)
            press.cancel(now: now, physics: &view.physics)
            isRefusingPress = true
            return
        }
        guard manager.liftItem(id, from: reorderable, grabPoint: start, pointer: pointer, time: time, now: now) else {
            press.refuseLongPress(); return
        }
        if hoversMovableItems { view.updateHover(at: nil) }
        didLift?(id)
    }
}
