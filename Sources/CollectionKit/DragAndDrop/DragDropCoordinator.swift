/// Coordinates drag and drop across every draggable and droppable of a window (one manager per
/// window). It recognises the drag (press, then move past a threshold; Space on
/// the focused item; or a long press its owner recognised, through `lift`), shows the lifted snapshot, picks the droppable the snapshot
/// overlaps most (with hysteresis), auto-scrolls the hovered collection, and on release applies
/// the drop to the data of every collection involved as one all-or-nothing change, then to the
/// views. Cancelling (Escape, focus loss, right click, a scene switch) or dropping outside every
/// target sends the items home, animated. Completed drops can be undone and redone.
///
/// Pure state: time comes in with every call, so results do not depend on the frame rate.
///
/// An app creates a ``DragDropManager`` typed by its item identifier (`DragDropManager<CardID>`);
/// this class is what every manager is, whatever its identifiers: code that works with any
/// manager (an accessibility bridge, a composition) holds a `DragDropCoordinator`.
public class DragDropCoordinator: Component {
    /// A drag in flight.
    public struct Session {
        public var items: [DraggedItem]
        public var operation: DragOperation
        /// The lifted snapshot of the pressed item.
        public var lift: DragSession
        /// The droppable the snapshot is over, and whether it takes the items.
        public var over: String?
        public var acceptance: DropAcceptance = .accept
        /// How often `over` changed during this drag (hysteresis keeps it low).
        public var overChanges = 0
        /// Picked up with the keyboard: arrows move it, no pointer involved.
        public var isKeyboard = false
        /// The item the focused collection had at `focus` when a capacity swap is shown.
        public var swapsWith: AnyHashable?
        public var ids: [AnyHashable] { items.map(\.id) }
    }

    /// The containers items move between (`DragDropCollection`s), in the order added.
    public private(set) var collections: [any DropContainer] = []
    /// True once ``focusStops()`` handed out the containers' stops.
    var focusStopsTaken = false
    /// The zones that take items out of the containers (`DropZone`s).
    public private(set) var zones: [any DropSink] = []
    /// Participants whose own items are reordered in place (`ReorderableCollection`s).
    public private(set) var reorderables: [any InPlaceReorderer] = []
    /// Areas that take drops from other programs (see ``dropExternal(_:at:now:)``).
    public internal(set) var externalAreas: [ExternalDropArea] = []
    /// A candidate must overlap the snapshot this many times more than the current target to take
    /// over: a snapshot resting on a boundary does not flip between two containers.
    public var hysteresis = 1.3
    /// Points the pointer must travel from the press before a drag starts.
    public var dragThreshold = 5.0
    /// The most edits the history keeps (the history's own limit).
    public var undoLimit: Int {
        get { history.limit }
        set { history.limit = newValue }
    }
    public internal(set) var session: Session?
    /// Selection and keyboard focus, a piece of their own (see ``DragDropSelection``).
    var marks = DragDropSelection()
    /// Selected items, whatever their type (``DragDropManager/selection`` gives them typed).
    var anySelection: Set<AnyHashable> { marks.selected }
    /// The focused item, whatever its type (``DragDropManager/focus`` gives it typed).
    var anyFocus: (collection: String, id: AnyHashable)? { marks.focus }
    /// The collection holding the item keyboard commands act on.
    public var focusedCollection: String? { marks.focus?.collection }
    /// Whether the focused item shows its ring: only after keyboard use (a click focuses without one).
    public var showsFocusRing: Bool { marks.showsRing }
    /// Every item the drop zones hold, whatever their type (``DragDropManager/itemsInZones``).
    var anyItemsInZones: [AnyHashable] { zones.flatMap(\.items) }
    /// Told once after every committed change of the data: a drop, a delete into a zone, an undo,
    /// a redo (never for a cancelled or refused drag). The collections already hold their new data
    /// when it is called; save from here.
    public var onChange: ((DragDropChange) -> Void)?
    /// Further observers of committed changes, told after `onChange` in the order added (an
    /// accessibility watcher, an autosave): adding one never replaces another.
    var changeObservers: [(DragDropChange) -> Void] = []
    /// The undo history drops are recorded on. Share one with the rest of the app (set it, or
    /// push the app's own edits onto this one) so Ctrl+Z takes back whatever came last.
    public var history = UndoHistory()
    /// The drops still on the history (undoable or redoable), by entry: what a trash may keep.
    var liveRecords: [Int: DropRecord] = [:]
    var recordsMade = 0
    /// Notices and the short-lived refusal line, a piece of their own (see ``DragDropNotices``).
    var messages = DragDropNotices()
    /// Errors the user should see (a refused update); kept for the app's notice panel.
    public var notices: [String] { messages.notices }
    /// A short-lived line explaining a refusal, with the time it goes away.
    public var feedback: (text: String, until: Double)? { messages.feedback }
    /// Whether ``draw(into:now:)`` draws ``feedback`` (a refused drag or drop's reason) as a short
    /// line at the bottom of ``feedbackFrame``, in ``style``'s feedback colours: on by default, so
    /// no refusal is silent. Turn it off when the app shows ``feedback`` itself (a status line).
    public var drawsFeedback = true
    /// Where the feedback line is drawn (window points). Nil (the default): 24 points tall, 12 in
    /// from the edges, at the bottom of ``bounds``, else of the containers' frames together.
    public var feedbackFrame: Rect?
    public var autoScroller = AutoScroller()
    /// Snapshot textures are named `PREFIX-N`, N counting lifts; a scene may choose the prefix.
    public var snapshotKeyPrefix = "dragdrop-snapshot"
    /// Every sentence shown to the user (status line, refusals, notices); replace it for the
    /// app's own words or a translation.
    public var strings = DragDropStrings()
    /// The colours of the lifted stack, its count badge and the refusal outline.
    public var style = DragDropStyle()
    /// The area lifted snapshots are drawn inside (window points; set it to the scene's frame), so
    /// a drag past the window's edge keeps the snapshot in view; where it is over still follows
    /// the pointer. Nil: no limit.
    public var bounds: Rect? {
        didSet { session?.lift.bounds = bounds }
    }

    var press: (point: Point, id: AnyHashable, source: any DropContainer, mods: Modifiers)?
    var flights = LandingFlights()
    var snapshotsTaken = 0
    /// The identifiers the drop being applied lands (copies have new ones).
    var plannedDrop: [AnyHashable] = []
    /// The pointer as the manager last saw it (window points), for an app routing the wheel.
    public internal(set) var pointer = Point(x: -1, y: -1)
    var now: Double = 0

    /// Apps create a ``DragDropManager``.
    init() {}

    /// Adds a container as both a draggable and a droppable. Throws, adding nothing, when its
    /// name is taken or it holds an item twice or an item another container holds: a drop
    /// touching both could never add up.
    ///
    /// The item check costs the identifiers listed one by one in every container added so far,
    /// plus their runs (``ItemList``) compared as ranges: ten million generated identifiers in
    /// one run cost as little as one. `checkingItems: false` leaves it out (the name is checked
    /// either way).
    ///
    /// Once ``focusStops()`` were taken, adding a container here throws too: a chain built from
    /// those stops would leave it out without a word. Add it with
    /// ``add(_:updating:now:checkingItems:)``, which gives the chain its stop.
    public func add(_ collection: any DropContainer, checkingItems: Bool = true) throws {
        if focusStopsTaken {
            throw DragDropSetupError(message: "\(collection.dropName) was added after focusStops() was taken: a focus chain built from them would leave it out. "
                                     + "Add every collection before taking the stops, or add this one with add(_:updating:now:).")
        }
        try addContainer(collection, checkingItems: checkingItems)
    }

    func addContainer(_ collection: any DropContainer, checkingItems: Bool) throws {
        let name = collection.dropName
        if droppables.contains(where: { $0.dropName == name }) {
            throw DragDropSetupError(message: "a participant named \(name) is already added: names must be unique")
        }
        guard checkingItems else { collections.append(collection); return }
        var held = ItemOwners()
        for c in collections { for list in c.items { _ = held.add(list, owner: c.dropName) } }
        var own = ItemOwners()
        for list in collection.items {
            if let twice = own.add(list, owner: name) {
                throw DragDropSetupError(message: "\(name) holds item \(twice.id.base) twice: every item may be in one collection only")
            }
        }
        for list in collection.items {
            if let clash = held.add(list, owner: name) {
                throw DragDropSetupError(message: "\(name) holds item \(clash.id.base), which \(clash.holder) already holds: every item may be in one collection only")
            }
        }
        collections.append(collection)
    }
    /// Adds a drop target that takes items out of the containers (a trash, an archive).
    public func add(_ zone: any DropSink) { zones.append(zone) }
    /// Adds a participant whose own items are reordered in place.
    public func add(_ reorderable: any InPlaceReorderer) { reorderables.append(reorderable) }

    public var isDragging: Bool { session != nil }
    /// True while snapshots are still flying home or into place.
    public var isLanding: Bool { !flights.isEmpty }

    var droppables: [any Droppable] {
        collections.map { $0 as any Droppable } + reorderables.map { $0 as any Droppable } + zones.map { $0 as any Droppable }
    }
    func site(named name: String) -> (any LandingSite)? {
        collection(named: name) ?? reorderer(named: name)
    }
    /// The hovered droppable when it scrolls and takes the drag.
    func scrollingTarget(named name: String?) -> (any DropScrolling)? {
        if let c = collection(named: name), c.isDropTarget { return c }
        if let r = reorderer(named: name), r.isDropTarget { return r }
        return nil
    }
    func droppable(named name: String?) -> (any Droppable)? { droppables.first { $0.dropName == name } }
    /// The container with this name.
    public func collection(named name: String?) -> (any DropContainer)? { collections.first { $0.dropName == name } }
    /// The zone with this name.
    public func zone(named name: String?) -> (any DropSink)? { zones.first { $0.dropName == name } }
    func reorderer(named name: String?) -> (any InPlaceReorderer)? { reorderables.first { $0.dropName == name } }
    /// The collection or in-place reorderer with this name: where a drag's items come from.
    public func draggable(named name: String?) -> (any Draggable)? { collection(named: name) ?? reorderer(named: name) }

    /// Where the hovered container would insert the dragged items now (its gap), in displayed
    /// coordinates; nil over a zone, over nothing, or over a container that refuses the drag.
    public var insertionIndex: ItemPath? {
        guard let s = session, let c = collection(named: s.over), c.isDropTarget else { return nil }
        return c.gap
    }

    // MARK: Drag

    func beginDrag(pressed: AnyHashable, from source: any DropContainer, grabPoint: Point?, keyboard: Bool, now: Double) {
        landAll()
        // The pressed item's stack: every selected item when it is selected, in board order.
        var items: [DraggedItem] = []
        if anySelection.contains(pressed), anySelection.count > 1 {
            // Each selected item is looked up where it is (runs answer without a scan), then put in board order.
            for c in collections {
                var found: [DraggedItem] = []
                for id in anySelection {
                    for (s, section) in c.items.enumerated() {
                        guard let i = section.firstIndex(of: id) else { continue }
                        found.append(DraggedItem(id: id, source: c.dropName, origin: ItemPath(item: i, section: s)))
                        break
                    }
                }
                items += found.sorted { ($0.origin.section, $0.origin.item) < ($1.origin.section, $1.origin.item) }
            }
            // A copying source cannot mix with moving ones: the stack is the pressed source's share.
            if items.contains(where: { collection(named: $0.source)?.dragOperation != source.dragOperation }) {
                items = items.filter { $0.source == source.dropName }
            }
        } else if let origin = source.indexPath(of: pressed) {
            items = [DraggedItem(id: pressed, source: source.dropName, origin: origin)]
        }
        guard !items.isEmpty, let frame = source.windowFrame(of: pressed) else { return }
        snapshotsTaken += 1
        guard let snapshot = source.snapshot(of: pressed, key: "\(snapshotKeyPrefix)-\(snapshotsTaken)") else { return }
        let grab = grabPoint ?? frame.center
        var lift = DragSession(itemID: pressed, snapshot: snapshot, liftFrame: frame, grabPoint: grab,
                               pointer: keyboard ? frame.center : pointer, now: now)
        if keyboard { lift.pointer = frame.center }
        lift.bounds = bounds
        session = Session(items: items, operation: source.dragOperation, lift: lift, isKeyboard: keyboard)
        if source.dragOperation == .move {
            for c in collections {
                let mine = items.filter { $0.source == c.dropName }.map(\.id)
                if !mine.isEmpty { c.dragDidBegin(mine, now: now) }
            }
        }
        autoScroller.reset()
        if keyboard {
            setTarget(source.acceptsDrops ? source.dropName : droppables.first { $0.dropName != source.dropName }?.dropName, now: now)
            if let c = collection(named: session?.over), c.isDropTarget, c.dropName == source.dropName {
                c.moveGap(to: items[0].origin)
            }
            syncKeyboardSession(now: now)
        } else {
            track(now: now)
        }
    }

    /// Lifts an item of a reorderable collection (the owner recognised the long press, dated
    /// `time`): its snapshot follows `pointer`. A snapshot still landing for it is taken over; other
    /// landings go on. Returns false, changing nothing, when the item cannot move.
    @discardableResult
    func liftItem(_ id: AnyHashable, from r: any InPlaceReorderer, grabPoint: Point, pointer: Point,
                     time: Double, now: Double) -> Bool {
        guard session == nil, let ip = r.indexPath(of: id), let frame = r.windowFrame(of: id) else { return false }
        self.now = now
        self.pointer = pointer
        r.dragDidBegin([id], now: now)
        guard r.view.interactiveMove != nil else { return false }
        flights.forget(id)
        snapshotsTaken += 1
        guard let snapshot = r.snapshot(of: id, key: "\(snapshotKeyPrefix)-\(snapshotsTaken)") else { r.cancelMove(); return false }
        hide(id, in: r)
        var lift = DragSession(itemID: id, snapshot: snapshot, liftFrame: frame, grabPoint: grabPoint, pointer: pointer, now: time)
        lift.bounds = bounds
        session = Session(items: [DraggedItem(id: id, source: r.dragName, origin: ip)], operation: .move, lift: lift)
        autoScroller.reset()
        track(now: now)
        return true
    }

    /// Lifts `id` of an in-place reorderer from the keyboard (Space on the focused item): the
    /// snapshot sits over the gap, the arrows move the gap to the nearest item that way on screen
    /// (`CollectionView.item(from:toward:)`), Space or Enter drops and Escape cancels, as a keyboard
    /// drag between collections does. Returns false when the item cannot be lifted.
    @discardableResult
    func liftItemWithKeyboard(_ id: AnyHashable, from r: any InPlaceReorderer, now: Double) -> Bool {
        guard let frame = r.windowFrame(of: id) else { return false }
        let centre = frame.center
        guard liftItem(id, from: r, grabPoint: centre, pointer: centre, time: now, now: now), var s = session else { return false }
        s.isKeyboard = true
        session = s
        marks.showRing(true)
        return true
    }

    /// Ends every landing flight at once (before a layout change or an undo).
    public func finishLandings() { landAll() }

    func context(_ s: Session) -> DropContext {
        DropContext(items: s.items, operation: s.operation, pointer: s.lift.pointer, snapshotFrame: s.lift.frame, strings: strings,
                    isAutoScrolling: !s.isKeyboard && autoScroller.isActive)
    }

    /// Changes the hovered droppable: the old one is told the drag left, the new one that it came.
    func setTarget(_ name: String?, now: Double) {
        guard var s = session, name != s.over else { return }
        droppable(named: s.over)?.dragExited(now: now)
        s.over = name
        s.overChanges += 1
        s.swapsWith = nil
        s.acceptance = .accept
        if let target = droppable(named: name) {
            let verdict = acceptance(of: s.items, operation: s.operation, by: target)
            s.acceptance = verdict.acceptance
            s.swapsWith = verdict.swap
            session = s
            target.dragEntered(context(s), accepted: verdict.acceptance.isAccepted, now: now)
        }
        autoScroller.reset()
        session = s
    }

    /// Re-evaluates the target and the insertion position for where the snapshot is now, after
    /// auto-scrolling the hovered collection up to `now`.
    func track(now: Double) {
        guard let s0 = session, !s0.isKeyboard else { return }
        // A drag-only source is not a place to go back to: over it, the drag is over nothing.
        let sources = Set(s0.items.map(\.source))
        let candidates = droppables
            .filter { d in !(sources.contains(d.dropName) && collection(named: d.dropName)?.acceptsDrops == false) }
            .map { (name: $0.dropName, frame: $0.dropFrame) }
        let name = DragDropCoordinator.chooseTarget(snapshot: s0.lift.frame, candidates: candidates, current: s0.over,
                                                hysteresis: hysteresis)
        setTarget(name, now: now)
        // Auto-scroll after the choice: a new target starts its scroller where the pointer is.
        scrollingTarget(named: session?.over)?.autoScroll(&autoScroller, pointer: pointer, now: now)
        guard let s = session, let target = droppable(named: s.over), s.acceptance.isAccepted else { return }
        _ = target.dragMoved(context(s), now: now)
    }

    /// Lets go: the drop is applied if the target takes it, otherwise everything flies home.
    func drop(now: Double) {
        guard let s = session else { return }
        let from = s.lift.visualFrame(at: now)
        guard let over = droppable(named: s.over) else { goHome(s, from: from, now: now); return }
        guard s.acceptance.isAccepted else {
            if case let .refuse(reason) = s.acceptance { messages.flash(reason, now: now, seconds: 2.5) }
            goHome(s, from: from, now: now)
            return
        }
        if let r = reorderer(named: over.dropName) {
            // Reordering in place: the movement ends where it stands; the snapshot lands there.
            session = nil
            r.dragExited(now: now)
            autoScroller.reset()
            if let move = r.commitMove(), move.from != move.to {
                let from = ItemLocation(collection: r.dragName, indexPath: move.from)
                let to = ItemLocation(collection: r.dragName, indexPath: move.to)
                notify(DragDropChange(cause: .drop, edits: [.moved(id: s.items[0].id, from: from, to: to)],
                                      zone: nil, collections: [r.dragName]))
            }
            addLanding(id: s.items[0].id, snapshot: s.lift.snapshot, from: from, into: r, now: now)
            return
        }
        do {
            let record = try plan(s, over: over)
            let change = try apply(record, reversed: false, cause: .drop)
            remember(record)
            session = nil
            over.dragExited(now: now)
            for c in collections { try? c.endDrag(newItems: nil) }
            fly(s, from: from, to: over, now: now)
            marks.deselect(s.ids)
            notify(change)
        } catch {
            messages.post(error, now: now, flashing: true)
            goHome(s, from: from, now: now)
        }
    }

    /// Puts every dragged item back where it was, with the snapshot flying home.
    public func cancel(now: Double) {
        defer { showStates() }
        self.now = now
        press = nil
        guard let s = session else { return }
        goHome(s, from: s.lift.visualFrame(at: now), now: now)
    }

    func goHome(_ s: Session, from: Rect, now: Double) {
        droppable(named: s.over)?.dragExited(now: now)
        session = nil
        for c in collections { try? c.endDrag(newItems: nil) }
        for r in reorderables {
            guard let home = r.view.interactiveMove?.source else { continue }
            r.cancelMove()
            // The view comes back to where the item flies home (a drag that auto-scrolled far, then
            // was released outside the window, would otherwise land out of sight).
            r.view.scrollToItem(home, centered: false, animated: true)
        }
        autoScroller.reset()
        // A copy that is not dropped goes nowhere: its snapshot fades back onto the palette card.
        for (k, item) in s.items.enumerated() {
            guard let c = site(named: item.source) else { continue }
            addLanding(id: item.id, snapshot: s.lift.snapshot, from: stacked(from, k), into: c, now: now)
        }
    }

    func fly(_ s: Session, from: Rect, to over: any Droppable, now: Double) {
        autoScroller.reset()
        guard let c = collection(named: over.dropName) else {
            for (k, item) in s.items.enumerated() {
                let end = Rect(origin: over.dropFrame.center, size: .zero).insetBy(dx: -4, dy: -4)
                flights.vanish(item.id, snapshot: s.lift.snapshot, from: stacked(from, k), into: end, now: now)
            }
            return
        }
        for (k, id) in plannedDrop.enumerated() {
            addLanding(id: id, snapshot: s.lift.snapshot, from: stacked(from, k), into: c, now: now)
        }
    }

    func stacked(_ r: Rect, _ k: Int) -> Rect { r.offsetBy(dx: Double(min(k, 3)) * 6, dy: Double(min(k, 3)) * 6) }

    func addLanding(id: AnyHashable, snapshot: TextureRecording, from: Rect, into c: any LandingSite, now: Double) {
        flights.land(id, snapshot: snapshot, from: from, into: c, now: now)
    }

    /// Ends every flight at once (before the data changes under them).
    func landAll() { flights.finishAll() }

    /// The manager is the one writer of the views' hidden items during drag and drop: an item is
    /// hidden while it is lifted out of a reorderer (its slot is the gap) and while its snapshot
    /// flies to it.
    func hide(_ id: AnyHashable, in site: any LandingSite) { site.view.hiddenIdentifiers.insert(id) }

    // MARK: Frame

    /// When the drag machinery next changes without input (see `InteractiveRoot.nextDeadline`):
    /// at once while a held stack auto-scrolls (not once the content's end stops it) or the lift
    /// animates, at once while snapshots fly, when a refusal line expires; nil at rest. The
    /// collections answer for their own gaps.
    public func nextDeadline(after now: Double) -> Double? {
        var deadlines: [Double?] = [flights.nextDeadline(after: now)]
        if let s = session {
            deadlines.append(s.lift.nextDeadline(after: now))
            if !s.isKeyboard, autoScroller.canScroll { deadlines.append(now) }
        }
        deadlines.append(messages.nextDeadline(after: now))
        return Deadline.earliest(of: deadlines)
    }

    /// Advances auto-scroll and the target to `now`, and retires finished flights.
    public func update(now: Double) {
        defer { showStates() }
        self.now = now
        if let s = session {
            if s.isKeyboard { syncKeyboardSession(now: now) } else { track(now: now) }
        }
        flights.retire(at: now)
        messages.expire(now: now)
    }
}
