/// Coordinates drag and drop across every draggable and droppable of a window (one manager per
/// window). It recognises the drag (press, then move past a threshold; Space on
/// the focused item; or a long press its owner recognised, through `lift`), shows the lifted snapshot, picks the droppable the snapshot
/// overlaps most (with hysteresis), auto-scrolls the hovered collection, and on release applies
/// the drop to the data of every collection involved as one all-or-nothing change, then to the
/// views. Cancelling (Escape, focus loss, right click, a scene switch) or dropping outside every
/// target sends the items home, animated. Completed drops can be undone and redone.
///
/// Pure state: time comes in with every call, so results do not depend on the frame rate.
public final class DragDropManager: Component {
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

    /// A snapshot flying to where its item now is (a drop) or back home (a cancel).
    struct Landing {
        var flight: SnapshotFlight
        var id: AnyHashable
        /// The collection whose view hides the item until the flight lands; nil for a trash.
        var collection: (any LandingSite)?
        /// Where a flight into a non-collection ends (the trash's centre).
        var fixedDestination: Rect?
    }

    /// The containers items move between (`DragDropCollection`s), in the order added.
    public private(set) var collections: [any DropContainer] = []
    /// The zones that take items out of the containers (`DropZone`s).
    public private(set) var zones: [any DropSink] = []
    /// Participants whose own items are reordered in place (`ReorderableCollection`s).
    public private(set) var reorderables: [any InPlaceReorderer] = []
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
    public private(set) var session: Session?
    /// Selection and keyboard focus, a piece of their own (see ``DragDropSelection``).
    public internal(set) var marks = DragDropSelection()
    /// Selected items (Ctrl+click): dragging one of them drags them all.
    public var selection: Set<AnyHashable> { marks.selected }
    /// The item keyboard commands act on, and its collection.
    public var focus: (collection: String, id: AnyHashable)? { marks.focus }
    /// Every item the drop zones hold, zone by zone (each zone's ``DropZone/items``).
    public var trashed: [AnyHashable] { zones.flatMap(\.items) }
    /// Told once after every committed change of the data: a drop, a delete into a zone, an undo,
    /// a redo (never for a cancelled or refused drag). The collections already hold their new data
    /// when it is called; save from here.
    public var onChange: ((DragDropChange) -> Void)?
    /// The undo history drops are recorded on. Share one with the rest of the app (set it, or
    /// push the app's own edits onto this one) so Ctrl+Z takes back whatever came last.
    public var history = UndoHistory()
    /// The drops still on the history (undoable or redoable), by entry: what a trash may keep.
    private var liveRecords: [Int: DropRecord] = [:]
    private var recordsMade = 0
    /// Notices and the short-lived refusal line, a piece of their own (see ``DragDropNotices``).
    public private(set) var messages = DragDropNotices()
    /// Errors the user should see (a refused update); kept for the app's notice panel.
    public var notices: [String] { messages.notices }
    /// A short-lived line explaining a refusal, with the time it goes away.
    public var feedback: (text: String, until: Double)? { messages.feedback }
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
    private var landings: [Landing] = []
    private var snapshotsTaken = 0
    /// The identifiers the drop being applied lands (copies have new ones).
    private var plannedDrop: [AnyHashable] = []
    /// The pointer as the manager last saw it (window points), for an app routing the wheel.
    public private(set) var pointer = Point(x: -1, y: -1)
    private(set) var now: Double = 0

    public init() {}

    /// Adds a container as both a draggable and a droppable. Throws, adding nothing, when its
    /// name is taken or it holds an item twice or an item another container holds: a drop
    /// touching both could never add up.
    ///
    /// The item check costs the identifiers listed one by one in every container added so far,
    /// plus their runs (``ItemList``) compared as ranges: ten million generated identifiers in
    /// one run cost as little as one. `checkingItems: false` leaves it out (the name is checked
    /// either way).
    public func add(_ collection: any DropContainer, checkingItems: Bool = true) throws {
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
    public var isLanding: Bool { !landings.isEmpty }

    private var droppables: [any Droppable] {
        collections.map { $0 as any Droppable } + reorderables.map { $0 as any Droppable } + zones.map { $0 as any Droppable }
    }
    private func site(named name: String) -> (any LandingSite)? {
        collection(named: name) ?? reorderer(named: name)
    }
    /// The hovered droppable when it scrolls and takes the drag.
    private func scrollingTarget(named name: String?) -> (any DropScrolling)? {
        if let c = collection(named: name), c.isDropTarget { return c }
        if let r = reorderer(named: name), r.isDropTarget { return r }
        return nil
    }
    private func droppable(named name: String?) -> (any Droppable)? { droppables.first { $0.dropName == name } }
    /// The container with this name.
    public func collection(named name: String?) -> (any DropContainer)? { collections.first { $0.dropName == name } }
    /// The zone with this name.
    public func zone(named name: String?) -> (any DropSink)? { zones.first { $0.dropName == name } }
    private func reorderer(named name: String?) -> (any InPlaceReorderer)? { reorderables.first { $0.dropName == name } }
    /// The collection or in-place reorderer with this name: where a drag's items come from.
    public func draggable(named name: String?) -> (any Draggable)? { collection(named: name) ?? reorderer(named: name) }

    /// Where the hovered container would insert the dragged items now (its gap), in displayed
    /// coordinates; nil over a zone, over nothing, or over a container that refuses the drag.
    public var insertionIndex: ItemPath? {
        guard let s = session, let c = collection(named: s.over), c.isDropTarget else { return nil }
        return c.gap
    }

    // MARK: Target choice

    /// The candidate whose frame overlaps `snapshot` most. The `current` target keeps the drag
    /// unless another overlaps more than `hysteresis` times as much; nil when nothing overlaps.
    /// O(candidates).
    ///
    /// Example: a 100×100 snapshot at x 150 over frames [0, 200) and [200, 400) overlaps them
    /// 50×100 and 50×100; the current target keeps it, and a first choice takes the first.
    public static func chooseTarget(snapshot: Rect, candidates: [(name: String, frame: Rect)],
                                    current: String?, hysteresis: Double) -> String? {
        var best: (name: String, area: Double)?
        var currentArea = 0.0
        for c in candidates {
            let area = snapshot.overlapArea(with: c.frame)
            if c.name == current { currentArea = area }
            if area > 0, area > (best?.area ?? 0) { best = (c.name, area) }
        }
        guard let best else { return nil }
        if let current, currentArea > 0, best.name != current, best.area < currentArea * hysteresis { return current }
        return best.name
    }

    /// Whether `target` takes the drag, with the manager's own rules on top of the target's:
    /// locked items stay in their collection, copies never go into a trash, and a full collection
    /// with a capacity swaps its item with a single dragged one (the item goes where the dragged
    /// one came from). `swap` names the item that would be swapped out.
    public func acceptance(of items: [DraggedItem], operation: DragOperation, by target: any Droppable)
        -> (acceptance: DropAcceptance, swap: AnyHashable?) {
        let context = DropContext(items: items, operation: operation, pointer: pointer, snapshotFrame: .zero, strings: strings)
        let own = target.acceptance(of: context)
        guard own.isAccepted else { return (own, nil) }
        for item in items where item.source != target.dropName {
            if let source = collection(named: item.source), source.isLocked(item.id) {
                return (.refuse(strings.lockedTo(source.describe(item.id), source.title)), nil)
            }
        }
        guard let coll = collection(named: target.dropName), let capacity = coll.capacity else { return (.accept, nil) }
        let fromHere = items.filter { $0.source == coll.dropName }.count
        let staying = coll.count - fromHere
        if staying + items.count <= capacity { return (.accept, nil) }
        if items.count == 1, staying == capacity, operation == .move,
           let source = collection(named: items[0].source),
           let occupant = coll.items.joined().first(where: { !items.map(\.id).contains($0) }),
           !coll.isLocked(occupant), source.acceptsDrops {
            return (.accept, occupant)
        }
        return (.refuse(strings.holdsAtMost(coll.title, capacity)), nil)
    }

    // MARK: Pointer

    /// A button went down; returns true when the manager takes the gesture (a press on an item,
    /// or any press during a drag).
    @discardableResult
    public func pointerDown(at p: Point, button: MouseButton, modifiers: Modifiers, now: Double) -> Bool {
        defer { showStates() }
        self.now = now
        pointer = p
        if button == .right {
            guard session != nil else { return false }
            cancel(now: now)
            return true
        }
        if session != nil { return true }
        guard button == .left else { return false }
        marks.showRing(false)
        for c in collections where c.view.frame.contains(p) {
            guard let id = c.draggableItem(at: p) else { continue }
            press = (p, id, c, modifiers)
            marks.focus(id, in: c.dropName)
            return true
        }
        return false
    }

    public func pointerMoved(to p: Point, now: Double) {
        self.now = now
        pointer = p
        if session == nil, let press, p.distance(to: press.point) >= dragThreshold {
            beginDrag(pressed: press.id, from: press.source, grabPoint: press.point, keyboard: false, now: now)
            self.press = nil
        }
        guard var s = session, !s.isKeyboard else { return }
        s.lift.pointer = p
        session = s
        track(now: now)
    }

    public func pointerUp(at p: Point, now: Double) {
        defer { showStates() }
        self.now = now
        pointer = p
        if let press, session == nil {
            marks.click(press.id, ctrl: press.mods.contains(.ctrl))
            self.press = nil
            return
        }
        press = nil
        guard let s = session, !s.isKeyboard else { return }
        var moved = s
        moved.lift.pointer = p
        session = moved
        track(now: now)
        drop(now: now)
    }

    /// Wheel turns during a drag scroll the hovered collection; returns true when it took them.
    @discardableResult
    public func wheel(dx: Double, dy: Double, now: Double) -> Bool {
        guard let s = session else { return false }
        if let target = collection(named: s.over) { target.scrollByWheel(dx: dx, dy: dy, now: now) }
        return true
    }

    /// Clears the selection (a click on empty space).
    public func clearSelection() { marks.clear(); showStates() }

    /// Tells every container's cells their selection, focus and drag state. The focus's ring shows
    /// only after keyboard use (``DragDropSelection/showsRing``).
    func showStates() {
        let dragged = Set(session?.ids ?? [])
        for c in collections {
            c.showStates(selected: selection, focused: focus?.collection == c.dropName ? focus?.id : nil,
                         showsRing: marks.showsRing, dragged: dragged)
        }
    }

    // MARK: Keyboard

    /// Keys for drag and drop: Space picks up the focused item and drops it, arrows move it (or the
    /// focus), Enter drops, Escape cancels, Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
    /// Returns true when the key was used.
    @discardableResult
    public func handleKey(_ key: Key, modifiers mods: Modifiers, now: Double) -> Bool {
        defer { showStates() }
        self.now = now
        if key == .escape {
            guard session != nil else {
                // Without a drag, Escape clears the selection.
                guard !selection.isEmpty else { return false }
                marks.clear(); return true
            }
            cancel(now: now); return true
        }
        if mods.contains(.ctrl) {
            guard session == nil else { return true }
            if key == Key("z") { if mods.contains(.shift) { redo(now: now) } else { undo(now: now) }; return true }
            if key == Key("y") { redo(now: now); return true }
            return false
        }
        if [.space, .enter, .up, .down, .left, .right].contains(key), session?.isKeyboard ?? true { marks.showRing(true) }
        if let s = session {
            if key == .space || key == .enter { if s.isKeyboard { drop(now: now) }; return true }
            guard s.isKeyboard else { return key == .up || key == .down || key == .left || key == .right }
            if let r = reorderer(named: s.over) {
                guard [.up, .down, .left, .right].contains(key) else { return false }
                reorderStep(key, in: r, now: now)
                return true
            }
            switch key {
            case .up: keyboardStep(by: -1, now: now)
            case .down: keyboardStep(by: 1, now: now)
            case .left: keyboardHop(by: -1, now: now)
            case .right: keyboardHop(by: 1, now: now)
            default: return false
            }
            return true
        }
        switch key {
        case .space:
            guard let f = focus, let c = collection(named: f.collection), c.indexPath(of: f.id) != nil else { return false }
            beginDrag(pressed: f.id, from: c, grabPoint: nil, keyboard: true, now: now)
            return true
        case .up, .down, .left, .right:
            moveFocus(key, now: now)
            return true
        default:
            return false
        }
    }

    /// Moves the focus (Up/Down within a collection, Left/Right to the neighbouring one) and
    /// scrolls the newly focused item into view.
    private func moveFocus(_ key: Key, now: Double) {
        guard let (c, id) = marks.moveFocus(key, in: collections) else { return }
        if let ip = c.displayedIndexPath(of: id) { c.view.scrollToItem(ip, centered: false, animated: true) }
    }

    private func keyboardStep(by step: Int, now: Double) {
        guard let s = session, let target = collection(named: s.over), let gap = target.gap else { return }
        var next = ItemPath(item: gap.item + step, section: gap.section)
        let countWithoutGap = target.displayed[gap.section].count - 1
        if next.item < 0, gap.section > 0 {
            next = ItemPath(item: target.displayed[gap.section - 1].count, section: gap.section - 1)
        } else if next.item > countWithoutGap, gap.section + 1 < target.displayed.count {
            next = ItemPath(item: 0, section: gap.section + 1)
        }
        target.moveGap(to: next)
        if let ip = target.gap { target.view.scrollToItem(ip, centered: false, animated: true) }
        syncKeyboardSession(now: now)
    }

    /// Left/Right during a keyboard drag: to the nearest droppable whose centre lies that way.
    private func keyboardHop(by step: Int, now: Double) {
        guard let s = session else { return }
        let all = droppables
        let here = droppable(named: s.over)?.dropFrame.center ?? s.lift.frame.center
        let ahead = all.filter { $0.dropName != s.over && ($0.dropFrame.center.x - here.x) * Double(step) > 1 }
        guard let nextDrop = ahead.min(by: { $0.dropFrame.center.distance(to: here) < $1.dropFrame.center.distance(to: here) }),
              let next = all.firstIndex(where: { $0 === nextDrop }) else { return }
        let keepIndex = collection(named: s.over)?.gap
        setTarget(all[next].dropName, now: now)
        if let c = collection(named: all[next].dropName), c.isDropTarget {
            let section = min(keepIndex?.section ?? 0, c.displayed.count - 1)
            c.moveGap(to: ItemPath(item: keepIndex?.item ?? 0, section: max(0, section)))
        }
        syncKeyboardSession(now: now)
    }

    /// A keyboard drag shows its snapshot over the gap it would fill.
    private func syncKeyboardSession(now: Double) {
        guard var s = session, s.isKeyboard else { return }
        // Reordering in place: over the gap as drawn now (it glides, and the view may scroll).
        if let gap = keyboardReorderGap(s) {
            s.lift.grabOffset = Point(x: s.lift.size.width / 2, y: s.lift.size.height / 2)
            s.lift.pointer = gap.center
            session = s
            return
        }
        let c = collection(named: s.over)
        // Drawn at the gap's size: recorded again when the size changes (another board).
        if let c, let gap = c.gap, let gapSize = c.view.layout.attributesForItem(at: gap)?.frame.size, gapSize.width >= 1, gapSize.height >= 1,
           gapSize != s.lift.snapshot.size, let source = collection(named: s.items.first?.source) {
            snapshotsTaken += 1
            if let again = source.snapshot(of: s.lift.itemID, key: "\(snapshotKeyPrefix)-\(snapshotsTaken)", size: gapSize) {
                s.lift.snapshot = again
            }
        }
        if let frame = c?.gapWindowFrame ?? droppable(named: s.over)?.dropFrame.insetBy(dx: 8, dy: 8) {
            s.lift.grabOffset = Point(x: s.lift.size.width / 2, y: s.lift.size.height / 2)
            s.lift.pointer = frame.center
        }
        session = s
    }

    /// The on-screen line describing a drag ("Task 12 picked up, over Today, position 3 of 7").
    public var statusLine: String? {
        guard let s = session, let first = s.items.first else { return nil }
        guard let source = collection(named: first.source) else {
            // A move within one view reordered in place: where the item would land.
            guard let r = reorderer(named: first.source) else { return nil }
            let text = strings.pickedUpOne(r.describe(first.id))
            return r.movingPosition.map { text + ", " + strings.position($0.position, $0.count) } ?? text
        }
        var text = s.items.count == 1 ? strings.pickedUpOne(source.describe(first.id)) : strings.pickedUpSeveral(s.items.count)
        guard let over = droppable(named: s.over) else { return text + ", " + strings.overNothing }
        text += ", " + strings.over(over.dropTitle)
        if case let .refuse(reason) = s.acceptance { return text + ": " + reason }
        if let c = collection(named: over.dropName), let gap = c.gap {
            var before = c.displayed[..<gap.section].reduce(0) { $0 + $1.count } + gap.item
            var total = c.displayed.reduce(0) { $0 + $1.count } - 1 + s.items.count
            // A swap takes the place of the item it sends away.
            if s.swapsWith != nil { total -= 1; before = min(before, total - 1) }
            text += ", " + strings.position(before + 1, total)
        }
        if let swap = s.swapsWith, let c = collection(named: s.over) { text += ", " + strings.swapsWith(c.describe(swap)) }
        return text
    }

    // MARK: Drag

    private func beginDrag(pressed: AnyHashable, from source: any DropContainer, grabPoint: Point?, keyboard: Bool, now: Double) {
        landAll()
        // The pressed item's stack: every selected item when it is selected, in board order.
        var items: [DraggedItem] = []
        if selection.contains(pressed), selection.count > 1 {
            // Each selected item is looked up where it is (runs answer without a scan), then put in board order.
            for c in collections {
                var found: [DraggedItem] = []
                for id in selection {
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
    public func lift(_ id: AnyHashable, from r: any InPlaceReorderer, grabPoint: Point, pointer: Point,
                     time: Double, now: Double) -> Bool {
        guard session == nil, let ip = r.indexPath(of: id), let frame = r.windowFrame(of: id) else { return false }
        self.now = now
        self.pointer = pointer
        r.dragDidBegin([id], now: now)
        guard r.view.interactiveMove != nil else { return false }
        landings.removeAll { $0.id == id }
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
    public func liftWithKeyboard(_ id: AnyHashable, from r: any InPlaceReorderer, now: Double) -> Bool {
        guard let frame = r.windowFrame(of: id) else { return false }
        let centre = frame.center
        guard lift(id, from: r, grabPoint: centre, pointer: centre, time: now, now: now), var s = session else { return false }
        s.isKeyboard = true
        session = s
        marks.showRing(true)
        return true
    }

    /// An arrow during a keyboard reorder: the gap moves to the nearest item that way (past items
    /// that cannot move, a few at most), the view scrolls to it and the snapshot follows.
    private func reorderStep(_ key: Key, in r: any InPlaceReorderer, now: Double) {
        let view = r.view
        guard let start = view.movingItemIndexPath else { return }
        var from = start
        for _ in 0..<4 {
            guard let next = view.item(from: from, toward: key), let f = view.layout.attributesForItem(at: next)?.frame else { break }
            view.updateInteractiveMovementTargetPosition(f.center)
            if view.movingItemIndexPath != start { break }
            from = next
        }
        guard let gap = view.movingItemIndexPath else { return }
        view.scrollToItem(gap, centered: false, animated: true)
        syncKeyboardSession(now: now)
    }

    /// The window frame of a keyboard reorder's gap, as drawn now; nil when the drag is not one.
    private func keyboardReorderGap(_ s: Session) -> Rect? {
        guard s.isKeyboard, let r = reorderer(named: s.over), let gap = r.view.movingItemIndexPath,
              let f = r.view.presentedFrameForItem(at: gap) else { return nil }
        return r.view.windowRect(fromContent: f)
    }

    /// Ends every landing flight at once (before a layout change or an undo).
    public func finishLandings() { landAll() }

    private func context(_ s: Session) -> DropContext {
        DropContext(items: s.items, operation: s.operation, pointer: s.lift.pointer, snapshotFrame: s.lift.frame, strings: strings,
                    isAutoScrolling: !s.isKeyboard && autoScroller.isActive)
    }

    /// Changes the hovered droppable: the old one is told the drag left, the new one that it came.
    private func setTarget(_ name: String?, now: Double) {
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
    private func track(now: Double) {
        guard let s0 = session, !s0.isKeyboard else { return }
        // A drag-only source is not a place to go back to: over it, the drag is over nothing.
        let sources = Set(s0.items.map(\.source))
        let candidates = droppables
            .filter { d in !(sources.contains(d.dropName) && collection(named: d.dropName)?.acceptsDrops == false) }
            .map { (name: $0.dropName, frame: $0.dropFrame) }
        let name = DragDropManager.chooseTarget(snapshot: s0.lift.frame, candidates: candidates, current: s0.over,
                                                hysteresis: hysteresis)
        setTarget(name, now: now)
        // Auto-scroll after the choice: a new target starts its scroller where the pointer is.
        scrollingTarget(named: session?.over)?.autoScroll(&autoScroller, pointer: pointer, now: now)
        guard let s = session, let target = droppable(named: s.over), s.acceptance.isAccepted else { return }
        _ = target.dragMoved(context(s), now: now)
    }

    /// Lets go: the drop is applied if the target takes it, otherwise everything flies home.
    private func drop(now: Double) {
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
                onChange?(DragDropChange(cause: .drop, edits: [.moved(id: s.items[0].id, from: from, to: to)],
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

    private func goHome(_ s: Session, from: Rect, now: Double) {
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

    private func fly(_ s: Session, from: Rect, to over: any Droppable, now: Double) {
        autoScroller.reset()
        guard let c = collection(named: over.dropName) else {
            for (k, item) in s.items.enumerated() {
                let end = Rect(origin: over.dropFrame.center, size: .zero).insetBy(dx: -4, dy: -4)
                landings.append(Landing(flight: SnapshotFlight(itemID: item.id, snapshot: s.lift.snapshot, from: stacked(from, k), start: now, duration: 0.3),
                                        id: item.id, collection: nil, fixedDestination: end))
            }
            return
        }
        for (k, id) in plannedDrop.enumerated() {
            addLanding(id: id, snapshot: s.lift.snapshot, from: stacked(from, k), into: c, now: now)
        }
    }

    private func stacked(_ r: Rect, _ k: Int) -> Rect { r.offsetBy(dx: Double(min(k, 3)) * 6, dy: Double(min(k, 3)) * 6) }

    private func addLanding(id: AnyHashable, snapshot: TextureRecording, from: Rect, into c: any LandingSite, now: Double) {
        landings.removeAll { $0.id == id }
        hide(id, in: c)
        landings.append(Landing(flight: SnapshotFlight(itemID: id, snapshot: snapshot, from: from, start: now), id: id, collection: c))
    }

    /// Ends every flight at once (before the data changes under them).
    private func landAll() {
        for l in landings { reveal(l.id, in: l.collection) }
        landings.removeAll()
    }

    /// The manager is the one writer of the views' hidden items during drag and drop: an item is
    /// hidden while it is lifted out of a reorderer (its slot is the gap) and while its snapshot
    /// flies to it.
    private func hide(_ id: AnyHashable, in site: any LandingSite) { site.view.hiddenIdentifiers.insert(id) }
    private func reveal(_ id: AnyHashable, in site: (any LandingSite)?) { site?.view.hiddenIdentifiers.remove(id) }

    // MARK: Data

    /// What a drop changes, computed before anything changes: the patches per collection and the
    /// trash. Throws when the result would not add up (an item lost or duplicated).
    private func plan(_ s: Session, over: any Droppable) throws -> DropRecord {
        var newItems: [String: [ItemList]] = [:]
        func items(_ c: any DropContainer) -> [ItemList] { newItems[c.dropName] ?? c.items }
        var dropped = s.ids
        if s.operation == .move {
            for item in s.items {
                guard let c = collection(named: item.source) else { continue }
                newItems[c.dropName] = items(c).map { $0.removing(item.id) }
            }
        } else {
            dropped = s.items.map { collection(named: $0.source)?.makeCopy(of: $0.id) ?? $0.id }
            // A copy must be new: one already held anywhere (not only where this drop changes
            // things) would appear twice. Runs answer without a scan.
            for id in dropped {
                let holders = collections.filter { $0.items.contains { $0.contains(id) } }.count + zones.filter { $0.items.contains(id) }.count
                if holders > 0 { throw CollectionUpdateError(message: strings.dropWouldDuplicate("\(id.base)", holders + 1)) }
            }
        }
        plannedDrop = dropped
        let zone = zone(named: over.dropName)
        let zoneBefore = zone?.items ?? []
        var zoneAfter = zoneBefore
        var summary = ""
        var movedItems = dropped
        if let target = collection(named: over.dropName) {
            var t = items(target)
            if let occupant = s.swapsWith, let source = collection(named: s.items[0].source) {
                movedItems.append(occupant)
                t = t.map { $0.removing(occupant) }
                newItems[target.dropName] = t
                var back = items(source)
                let origin = s.items[0].origin
                let section = min(origin.section, back.count - 1)
                back[section].insert(occupant, at: min(origin.item, back[section].count))
                newItems[source.dropName] = back
                t = newItems[target.dropName]!
            }
            guard !t.isEmpty else { throw CollectionUpdateError(message: strings.targetHasNoSections(target.title)) }
            let gap = target.gap ?? ItemPath(item: t.last?.count ?? 0, section: max(0, t.count - 1))
            let section = min(gap.section, t.count - 1)
            t[section].insert(contentsOf: dropped, at: min(gap.item, t[section].count))
            newItems[target.dropName] = t
            summary = strings.dropSummary(dropped.count == 1 ? target.describe(dropped[0]) : strings.severalItems(dropped.count), target.title)
        } else {
            zoneAfter += dropped
            summary = strings.dropSummary(strings.severalItems(dropped.count), over.dropTitle)
        }
        // The whole change must add up: every identifier before is somewhere after, once. The
        // head and tail each section keeps hold the same identifiers before and after, so only
        // the changed parts are counted; duplicates are looked for everywhere, runs as ranges.
        let touched = newItems.keys.sorted()
        /// The refusal for an identifier the drop would show more than once (counted only then).
        func duplicate(_ id: AnyHashable) -> CollectionUpdateError {
            let times = touched.reduce(zoneAfter.filter { $0 == id }.count) { n, name in
                newItems[name]!.reduce(n) { $0 + $1.filter { $0 == id }.count }
            }
            return CollectionUpdateError(message: strings.dropWouldDuplicate("\(id.base)", times))
        }
        var before: [AnyHashable: Int] = [:], after: [AnyHashable: Int] = [:]
        var owners = ItemOwners()
        for name in touched {
            let old = collection(named: name)!.items, new = newItems[name]!
            for (k, list) in new.enumerated() {
                let (head, tail) = k < old.count ? ItemList.commonEnds(old[k], list) : (0, 0)
                if k < old.count { for id in old[k][head..<(old[k].count - tail)] { before[id, default: 0] += 1 } }
                for id in list[head..<(list.count - tail)] { after[id, default: 0] += 1 }
                if let twice = owners.add(list, owner: name) { throw duplicate(twice.id) }
            }
        }
        for id in zoneBefore { before[id, default: 0] += 1 }
        for id in zoneAfter { after[id, default: 0] += 1 }
        if let twice = owners.add(ItemList(zoneAfter), owner: over.dropName) { throw duplicate(twice.id) }
        if s.operation == .copy { for id in dropped { before[id, default: 0] += 1 } }
        if let dup = after.first(where: { $0.value > 1 }) {
            throw CollectionUpdateError(message: strings.dropWouldDuplicate("\(dup.key.base)", dup.value))
        }
        guard before == after else {
            throw CollectionUpdateError(message: strings.dropDoesNotAddUp)
        }
        var patches: [String: [SectionPatch]] = [:]
        for name in touched {
            let old = collection(named: name)!.items, new = newItems[name]!
            patches[name] = old.indices.compactMap { SectionPatch.between(old[$0], new[$0], section: $0) }
        }
        return DropRecord(patches: patches, zone: zone?.dropName, zoneBefore: zoneBefore, zoneAfter: zoneAfter,
                          movedItems: movedItems, summary: summary)
    }

    /// Applies a record forward or backward, all or nothing: every collection's new data is
    /// computed and validated first; only then does any collection change (data, then view).
    /// Returns the change for ``onChange``.
    private func apply(_ record: DropRecord, reversed: Bool, cause: DragDropChange.Cause) throws -> DragDropChange {
        var staged: [(any DropContainer, [ItemList])] = []
        for name in record.patches.keys.sorted() {
            guard let c = collection(named: name) else { throw CollectionUpdateError(message: "no collection named \(name)") }
            var items = c.items
            for patch in (reversed ? record.patches[name]!.reversed() : record.patches[name]!) {
                guard let next = patch.applied(to: items, reversed: reversed) else {
                    throw CollectionUpdateError(message: (reversed ? strings.cannotUndo : strings.cannotRedo)(c.title, record.summary))
                }
                items = next
            }
            try c.validateChange?(c.items, items)
            staged.append((c, items))
        }
        var before: [String: [ItemList]] = [:], after: [String: [ItemList]] = [:]
        for (c, items) in staged {
            before[c.dropName] = c.items
            after[c.dropName] = items
            try c.setItems(items, animated: true)
        }
        if let zone = zone(named: record.zone) {
            zone.items = reversed ? record.zoneBefore : record.zoneAfter
        }
        marks.repair(in: collections, before: before)
        return DragDropChange.between(before: before, after: after, ids: record.movedItems, cause: cause, zone: record.zone)
    }

    /// Tells the app about a committed change.
    private func notify(_ change: DragDropChange) {
        guard !change.edits.isEmpty || !change.collections.isEmpty else { return }
        onChange?(change)
    }

    /// Puts a committed drop on the history: undoing and redoing it apply its patches and tell
    /// the app; forgetting it lets a trash forget the items only it could bring back.
    private func remember(_ record: DropRecord) {
        recordsMade += 1
        let key = recordsMade
        liveRecords[key] = record
        history.push(record.summary, undo: { [unowned self] in
            notify(try apply(record, reversed: true, cause: .undo))
        }, redo: { [unowned self] in
            notify(try apply(record, reversed: false, cause: .redo))
        }, discard: { [weak self] in
            self?.liveRecords[key] = nil
            self?.pruneTrash()
        })
    }

    /// Items a zone that does not keep them (a trash) holds but no drop left on the history can
    /// bring back are forgotten.
    private func pruneTrash() {
        for zone in zones where !zone.keepsItems {
            let undoable = Set(liveRecords.values.filter { $0.zone == zone.dropName }.flatMap(\.zoneAfter))
            zone.items = zone.items.filter { undoable.contains($0) }
        }
    }

    /// Undoes the last edit on the history (a drop, or an edit the app pushed); nothing during a
    /// drag. A change that cannot be undone (the data changed another way since) stays on the
    /// history and is reported in ``notices``.
    public func undo(now: Double) {
        guard session == nil, history.canUndo else { return }
        landAll()
        do { try history.undo() } catch { messages.post(error, now: now, flashing: false) }
    }

    /// Redoes the last undone edit; as ``undo(now:)``.
    public func redo(now: Double) {
        guard session == nil, history.canRedo else { return }
        landAll()
        do { try history.redo() } catch { messages.post(error, now: now, flashing: false) }
    }

    // MARK: Frame

    /// When the drag machinery next changes without input (see `InteractiveRoot.nextDeadline`):
    /// at once while a held stack auto-scrolls (not once the content's end stops it) or the lift
    /// animates, at once while snapshots fly, when a refusal line expires; nil at rest. The
    /// collections answer for their own gaps.
    public func nextDeadline(after now: Double) -> Double? {
        var deadlines: [Double?] = landings.map { $0.flight.nextDeadline(after: now) }
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
        for l in landings where l.flight.isFinished(at: now) { reveal(l.id, in: l.collection) }
        landings.removeAll { $0.flight.isFinished(at: now) }
        messages.expire(now: now)
    }

    /// Draws the flights and the lifted stack, above every collection.
    public func draw(into list: inout DrawList, now: Double) {
        for l in landings {
            let destination = l.fixedDestination ?? l.collection?.windowFrame(of: l.id) ?? l.flight.from
            l.flight.draw(into: &list, now: now, to: destination)
        }
        guard let s = session else { return }
        // A keyboard drag shows the card lifted over the gap it would fill, at the gap's size.
        let gapFrame = s.isKeyboard ? collection(named: s.over)?.gapWindowFrame ?? keyboardReorderGap(s) : nil
        let frame = gapFrame.map { $0.scaledAboutCenter(DragSession.liftScale) } ?? s.lift.visualFrame(at: now)
        let top: (inout DrawList) -> Void = gapFrame != nil
            ? { Snapshot.draw(s.lift.snapshot, in: frame, shadow: 1, into: &$0) }
            : { s.lift.draw(into: &$0, now: now) }
        LiftedStack(count: s.items.count, frame: frame, refused: !s.acceptance.isAccepted, style: style)
            .draw(into: &list, top: top)
    }
}


/// Where a snapshot lands: a collection whose view hides the item until its flight ends.
public protocol LandingSite: AnyObject {
    var view: CollectionView { get }
    /// The item's frame as drawn now, in window points.
    func windowFrame(of id: AnyHashable) -> Rect?
}
