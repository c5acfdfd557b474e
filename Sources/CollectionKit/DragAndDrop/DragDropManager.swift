/// Coordinates drag and drop across every draggable and droppable of a window (one manager per
/// window, seed 001's design). It recognises the drag (press, then move past a threshold; Space on
/// the focused item; or a long press its owner recognised, through `lift`), shows the lifted snapshot, picks the droppable the snapshot
/// overlaps most (with hysteresis), auto-scrolls the hovered collection, and on release applies
/// the drop to the data of every collection involved as one all-or-nothing change, then to the
/// views. Cancelling (Escape, focus loss, right click, a scene switch) or dropping outside every
/// target sends the items home, animated. Completed drops can be undone and redone.
///
/// Pure state: time comes in with every call, so results do not depend on the frame rate.
public final class DragDropManager {
    /// A drag in flight.
    public struct Session {
        public var items: [DraggedItem]
        public var operation: DragOperation
        /// The lifted snapshot of the pressed item.
        public var lift: DragSession
        /// The droppable the snapshot is over, and whether it takes the items.
        public var over: String?
        public var acceptance: DropAcceptance = .accept
        /// The insertion position shown by the hovered droppable.
        public var index: ItemPath?
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

    public private(set) var collections: [DragDropCollection] = []
    public private(set) var zones: [DropZone] = []
    /// Collections reordered in place through the interactive movement API (rearrange).
    public private(set) var reorderables: [ReorderableCollection] = []
    /// A candidate must overlap the snapshot this many times more than the current target to take
    /// over: a snapshot resting on a boundary does not flip between two containers.
    public var hysteresis = 1.3
    /// Points the pointer must travel from the press before a drag starts.
    public var dragThreshold = 5.0
    public var undoLimit = 100
    public private(set) var session: Session?
    /// Selected items (Ctrl+click): dragging one of them drags them all.
    public private(set) var selection: Set<AnyHashable> = []
    /// The item keyboard commands act on, and its collection.
    public private(set) var focus: (collection: String, id: AnyHashable)?
    /// Items deleted by dropping them on a zone, still undoable.
    public private(set) var trashed: [AnyHashable] = []
    public private(set) var undoStack: [DropRecord] = []
    public private(set) var redoStack: [DropRecord] = []
    /// Errors the user should see (a refused update); kept for the app's notice panel.
    public private(set) var notices: [String] = []
    /// A short-lived line explaining a refusal, with the time it goes away.
    public private(set) var feedback: (text: String, until: Double)?
    public var autoScroller = AutoScroller()
    /// Snapshot textures are named `PREFIX-N`, N counting lifts; a scene may choose the prefix.
    public var snapshotKeyPrefix = "dragdrop-snapshot"
    /// The area lifted snapshots are drawn inside (window points; set it to the scene's frame), so
    /// a drag past the window's edge keeps the snapshot in view; where it is over still follows
    /// the pointer. Nil: no limit.
    public var bounds: Rect? {
        didSet { session?.lift.bounds = bounds }
    }

    private var press: (point: Point, id: AnyHashable, source: DragDropCollection, mods: Modifiers)?
    private var landings: [Landing] = []
    private var snapshotsTaken = 0
    /// The identifiers the drop being applied lands (copies have new ones).
    private var plannedDrop: [AnyHashable] = []
    private var pointer = Point(x: -1, y: -1)
    private(set) var now: Double = 0

    public init() {}

    /// Adds a collection as both a draggable and a droppable.
    public func add(_ collection: DragDropCollection) { collections.append(collection) }
    /// Adds a plain drop target that deletes what is dropped on it.
    public func add(_ zone: DropZone) { zones.append(zone) }
    /// Adds a collection whose own items are reordered in place.
    public func add(_ reorderable: ReorderableCollection) { reorderables.append(reorderable) }

    public var isDragging: Bool { session != nil }
    /// True while snapshots are still flying home or into place.
    public var isLanding: Bool { !landings.isEmpty }

    private var droppables: [any Droppable] {
        collections.map { $0 as any Droppable } + reorderables.map { $0 as any Droppable } + zones.map { $0 as any Droppable }
    }
    private func site(named name: String) -> (any LandingSite)? {
        collection(named: name) ?? reorderables.first { $0.dragName == name }
    }
    /// The hovered droppable when it scrolls and takes the drag.
    private func scrollingTarget(named name: String?) -> (any DropScrolling)? {
        if let c = collection(named: name), c.isDropTarget { return c }
        if let r = reorderables.first(where: { $0.dropName == name }), r.isDropTarget { return r }
        return nil
    }
    private func droppable(named name: String?) -> (any Droppable)? { droppables.first { $0.dropName == name } }
    public func collection(named name: String?) -> DragDropCollection? { collections.first { $0.name == name } }

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
        let context = DropContext(items: items, operation: operation, pointer: pointer, snapshotFrame: .zero)
        let own = target.acceptance(of: context)
        guard own.isAccepted else { return (own, nil) }
        for item in items where item.source != target.dropName {
            if let source = collection(named: item.source), source.isLocked(item.id) {
                return (.refuse("\(source.describe(item.id)) is locked to \(source.title)"), nil)
            }
        }
        guard let coll = target as? DragDropCollection, let capacity = coll.capacity else { return (.accept, nil) }
        let fromHere = items.filter { $0.source == coll.name }.count
        let staying = coll.count - fromHere
        if staying + items.count <= capacity { return (.accept, nil) }
        let noun = capacity == 1 ? "card" : "cards"
        if items.count == 1, staying == capacity, operation == .move,
           let source = collection(named: items[0].source),
           let occupant = coll.items.joined().first(where: { !items.map(\.id).contains($0) }),
           !coll.isLocked(occupant), source.acceptsDrops {
            return (.accept, occupant)
        }
        return (.refuse("\(coll.title) holds \(capacity) \(noun)"), nil)
    }

    // MARK: Pointer

    /// A button went down; returns true when the manager takes the gesture (a press on an item,
    /// or any press during a drag).
    @discardableResult
    public func pointerDown(at p: Point, button: MouseButton, modifiers: Modifiers, now: Double) -> Bool {
        self.now = now
        pointer = p
        if button == .right {
            guard session != nil else { return false }
            cancel(now: now)
            return true
        }
        if session != nil { return true }
        guard button == .left else { return false }
        for c in collections where c.view.frame.contains(p) {
            guard let id = c.draggableItem(at: p) else { continue }
            press = (p, id, c, modifiers)
            focus = (c.name, id)
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
        self.now = now
        pointer = p
        if let press, session == nil {
            // A click: Ctrl toggles the item in the selection, a plain click selects it alone.
            if press.mods.contains(.ctrl) {
                if selection.contains(press.id) { selection.remove(press.id) } else { selection.insert(press.id) }
            } else {
                selection = [press.id]
            }
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
    public func clearSelection() { selection.removeAll() }

    // MARK: Keyboard

    /// Keys for drag and drop: Space picks up the focused item and drops it, arrows move it (or the
    /// focus), Enter drops, Escape cancels, Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
    /// Returns true when the key was used.
    @discardableResult
    public func handleKey(_ key: Key, modifiers mods: Modifiers, now: Double) -> Bool {
        self.now = now
        if key == .escape {
            guard session != nil else {
                // Without a drag, Escape clears the selection.
                guard !selection.isEmpty else { return false }
                selection.removeAll(); return true
            }
            cancel(now: now); return true
        }
        if mods.contains(.ctrl) {
            guard session == nil else { return true }
            if key == Key("z") { if mods.contains(.shift) { redo(now: now) } else { undo(now: now) }; return true }
            if key == Key("y") { redo(now: now); return true }
            return false
        }
        if let s = session {
            if key == .space || key == .enter { if s.isKeyboard { drop(now: now) }; return true }
            guard s.isKeyboard else { return key == .up || key == .down || key == .left || key == .right }
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

    /// Moves the focus: Up/Down within a collection, Left/Right to the neighbouring one.
    private func moveFocus(_ key: Key, now: Double) {
        guard let f = focus, let ci = collections.firstIndex(where: { $0.name == f.collection }) else {
            if let first = collections.first(where: { $0.count > 0 }), let id = first.items.joined().first { setFocus(first, id) }
            return
        }
        let c = collections[ci]
        if key == .up || key == .down {
            let flat = Array(c.items.joined())
            guard let i = flat.firstIndex(of: f.id) else { return }
            let j = min(max(0, i + (key == .down ? 1 : -1)), flat.count - 1)
            setFocus(c, flat[j])
        } else {
            let step = key == .right ? 1 : -1
            var k = ci + step
            while collections.indices.contains(k) {
                if let id = collections[k].items.joined().first { setFocus(collections[k], id); return }
                k += step
            }
        }
    }

    private func setFocus(_ c: DragDropCollection, _ id: AnyHashable) {
        focus = (c.name, id)
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
        let c = collection(named: s.over)
        s.index = c?.isDropTarget == true ? c?.gap : nil
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

    /// The on-screen line describing a drag ("Card 12 picked up, over Today, position 3 of 7").
    public var statusLine: String? {
        guard let s = session, let first = s.items.first, let source = collection(named: first.source) else { return nil }
        var text = s.items.count == 1 ? "\(source.describe(first.id)) picked up" : "\(s.items.count) cards picked up"
        guard let over = droppable(named: s.over) else { return text + ", over no board" }
        text += ", over \(over.dropTitle)"
        if case let .refuse(reason) = s.acceptance { return text + ": " + reason }
        if let c = over as? DragDropCollection, let gap = c.gap {
            var before = c.displayed[..<gap.section].reduce(0) { $0 + $1.count } + gap.item
            var total = c.displayed.reduce(0) { $0 + $1.count } - 1 + s.items.count
            // A swap takes the place of the item it sends away.
            if s.swapsWith != nil { total -= 1; before = min(before, total - 1) }
            text += ", position \(before + 1) of \(total)"
        }
        if let swap = s.swapsWith, let c = collection(named: s.over) { text += ", swaps with \(c.describe(swap))" }
        return text
    }

    // MARK: Drag

    private func beginDrag(pressed: AnyHashable, from source: DragDropCollection, grabPoint: Point?, keyboard: Bool, now: Double) {
        landAll()
        // The pressed item's stack: every selected item when it is selected, in board order.
        var items: [DraggedItem] = []
        if selection.contains(pressed), selection.count > 1 {
            for c in collections {
                for (s, section) in c.items.enumerated() {
                    for (i, id) in section.enumerated() where selection.contains(id) {
                        items.append(DraggedItem(id: id, source: c.name, origin: ItemPath(item: i, section: s)))
                    }
                }
            }
            // A copying source cannot mix with moving ones: the stack is the pressed source's share.
            if items.contains(where: { collection(named: $0.source)?.dragOperation != source.dragOperation }) {
                items = items.filter { $0.source == source.name }
            }
        } else if let origin = source.indexPath(of: pressed) {
            items = [DraggedItem(id: pressed, source: source.name, origin: origin)]
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
                let mine = items.filter { $0.source == c.name }.map(\.id)
                if !mine.isEmpty { c.dragDidBegin(mine, now: now) }
            }
        }
        autoScroller.reset()
        if keyboard {
            setTarget(source.acceptsDrops ? source.name : droppables.first { $0.dropName != source.name }?.dropName, now: now)
            if let c = collection(named: session?.over), c.isDropTarget, c.name == source.name {
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
    public func lift(_ id: AnyHashable, from r: ReorderableCollection, grabPoint: Point, pointer: Point,
                     time: Double, now: Double) -> Bool {
        guard session == nil, let ip = r.indexPath(of: id), let frame = r.windowFrame(of: id) else { return false }
        self.now = now
        self.pointer = pointer
        r.dragDidBegin([id], now: now)
        guard r.view.interactiveMove != nil else { return false }
        landings.removeAll { $0.id == id }
        snapshotsTaken += 1
        guard let snapshot = r.snapshot(of: id, key: "\(snapshotKeyPrefix)-\(snapshotsTaken)") else { r.cancelMove(); return false }
        var lift = DragSession(itemID: id, snapshot: snapshot, liftFrame: frame, grabPoint: grabPoint, pointer: pointer, now: time)
        lift.bounds = bounds
        session = Session(items: [DraggedItem(id: id, source: r.dragName, origin: ip)], operation: .move, lift: lift)
        autoScroller.reset()
        track(now: now)
        return true
    }

    /// Ends every landing flight at once (before a layout change or an undo).
    public func finishLandings() { landAll() }

    private func context(_ s: Session) -> DropContext {
        DropContext(items: s.items, operation: s.operation, pointer: s.lift.pointer, snapshotFrame: s.lift.frame)
    }

    /// Changes the hovered droppable: the old one is told the drag left, the new one that it came.
    private func setTarget(_ name: String?, now: Double) {
        guard var s = session, name != s.over else { return }
        droppable(named: s.over)?.dragExited(now: now)
        s.over = name
        s.overChanges += 1
        s.index = nil
        s.swapsWith = nil
        s.acceptance = .accept
        if let target = droppable(named: name) {
            let verdict = acceptance(of: s.items, operation: s.operation, by: target)
            s.acceptance = verdict.acceptance
            s.swapsWith = verdict.swap
            session = s
            target.dragEntered(context(s), accepted: verdict.acceptance.isAccepted, now: now)
            s.index = (target as? DragDropCollection)?.gap
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
            .filter { d in !(sources.contains(d.dropName) && (d as? DragDropCollection)?.acceptsDrops == false) }
            .map { (name: $0.dropName, frame: $0.dropFrame) }
        let name = DragDropManager.chooseTarget(snapshot: s0.lift.frame, candidates: candidates, current: s0.over,
                                                hysteresis: hysteresis)
        setTarget(name, now: now)
        // Auto-scroll after the choice: a new target starts its scroller where the pointer is.
        scrollingTarget(named: session?.over)?.autoScroll(&autoScroller, pointer: pointer, now: now)
        guard var s = session, let target = droppable(named: s.over), s.acceptance.isAccepted else { return }
        s.index = target.dragMoved(context(s), now: now)
        session = s
    }

    /// Lets go: the drop is applied if the target takes it, otherwise everything flies home.
    private func drop(now: Double) {
        guard let s = session else { return }
        let from = s.lift.visualFrame(at: now)
        guard let over = droppable(named: s.over) else { goHome(s, from: from, now: now); return }
        guard s.acceptance.isAccepted else {
            if case let .refuse(reason) = s.acceptance { feedback = (reason, now + 2.5) }
            goHome(s, from: from, now: now)
            return
        }
        if let r = over as? ReorderableCollection {
            // Reordering in place: the movement ends where it stands; the snapshot lands there.
            session = nil
            r.dragExited(now: now)
            autoScroller.reset()
            _ = r.commit()
            addLanding(id: s.items[0].id, snapshot: s.lift.snapshot, from: from, into: r, now: now)
            return
        }
        do {
            let record = try plan(s, over: over)
            try apply(record, reversed: false, now: now)
            undoStack.append(record)
            if undoStack.count > undoLimit { undoStack.removeFirst(); pruneTrash() }
            redoStack.removeAll()
            session = nil
            over.dragExited(now: now)
            for c in collections { try? c.endDrag(newItems: nil) }
            fly(s, from: from, to: over, now: now)
            selection.subtract(s.ids)
        } catch {
            notices.append("\(error)")
            feedback = ("\(error)", now + 4)
            goHome(s, from: from, now: now)
        }
    }

    /// Puts every dragged item back where it was, with the snapshot flying home.
    public func cancel(now: Double) {
        self.now = now
        press = nil
        guard let s = session else { return }
        goHome(s, from: s.lift.visualFrame(at: now), now: now)
    }

    private func goHome(_ s: Session, from: Rect, now: Double) {
        droppable(named: s.over)?.dragExited(now: now)
        session = nil
        for c in collections { try? c.endDrag(newItems: nil) }
        for r in reorderables where r.view.interactiveMove != nil { r.cancelMove() }
        autoScroller.reset()
        // A copy that is not dropped goes nowhere: its snapshot fades back onto the palette card.
        for (k, item) in s.items.enumerated() {
            guard let c = site(named: item.source) else { continue }
            addLanding(id: item.id, snapshot: s.lift.snapshot, from: stacked(from, k), into: c, now: now)
        }
    }

    private func fly(_ s: Session, from: Rect, to over: any Droppable, now: Double) {
        autoScroller.reset()
        guard let c = over as? DragDropCollection else {
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
        c.view.hiddenIdentifiers.insert(id)
        landings.append(Landing(flight: SnapshotFlight(itemID: id, snapshot: snapshot, from: from, start: now), id: id, collection: c))
    }

    /// Ends every flight at once (before the data changes under them).
    private func landAll() {
        for l in landings { l.collection?.view.hiddenIdentifiers.remove(l.id) }
        landings.removeAll()
    }

    // MARK: Data

    /// What a drop changes, computed before anything changes: the patches per collection and the
    /// trash. Throws when the result would not add up (an item lost or duplicated).
    private func plan(_ s: Session, over: any Droppable) throws -> DropRecord {
        var newItems: [String: [[AnyHashable]]] = [:]
        func items(_ c: DragDropCollection) -> [[AnyHashable]] { newItems[c.name] ?? c.items }
        var dropped = s.ids
        if s.operation == .move {
            for item in s.items {
                guard let c = collection(named: item.source) else { continue }
                newItems[c.name] = items(c).map { $0.filter { $0 != item.id } }
            }
        } else {
            dropped = s.items.map { collection(named: $0.source)?.makeCopy(of: $0.id) ?? $0.id }
        }
        plannedDrop = dropped
        var trashedAfter = trashed
        var summary = ""
        if let target = over as? DragDropCollection {
            var t = items(target)
            if let occupant = s.swapsWith, let source = collection(named: s.items[0].source) {
                t = t.map { $0.filter { $0 != occupant } }
                newItems[target.name] = t
                var back = items(source)
                let origin = s.items[0].origin
                let section = min(origin.section, back.count - 1)
                back[section].insert(occupant, at: min(origin.item, back[section].count))
                newItems[source.name] = back
                t = newItems[target.name]!
            }
            guard !t.isEmpty else { throw CollectionUpdateError(message: "drop refused: \(target.title) has no sections") }
            let gap = target.gap ?? ItemPath(item: t.last?.count ?? 0, section: max(0, t.count - 1))
            let section = min(gap.section, t.count - 1)
            t[section].insert(contentsOf: dropped, at: min(gap.item, t[section].count))
            newItems[target.name] = t
            summary = "\(dropped.count == 1 ? target.describe(dropped[0]) : "\(dropped.count) cards") to \(target.title)"
        } else {
            trashedAfter += dropped
            summary = "\(dropped.count) to \(over.dropTitle)"
        }
        // The whole change must add up: every identifier before is somewhere after, once.
        let touched = newItems.keys.sorted()
        var before: [AnyHashable: Int] = [:], after: [AnyHashable: Int] = [:]
        for name in touched {
            for id in collection(named: name)!.items.joined() { before[id, default: 0] += 1 }
            for id in newItems[name]!.joined() { after[id, default: 0] += 1 }
        }
        for id in trashed { before[id, default: 0] += 1 }
        for id in trashedAfter { after[id, default: 0] += 1 }
        if s.operation == .copy { for id in dropped { before[id, default: 0] += 1 } }
        if let dup = after.first(where: { $0.value > 1 }) {
            throw CollectionUpdateError(message: "drop refused: \(dup.key.base) would appear \(dup.value) times")
        }
        guard before == after else {
            throw CollectionUpdateError(message: "drop refused: the items before and after do not add up")
        }
        var patches: [String: [SectionPatch]] = [:]
        for name in touched {
            let old = collection(named: name)!.items, new = newItems[name]!
            patches[name] = old.indices.compactMap { SectionPatch.between(old[$0], new[$0], section: $0) }
        }
        return DropRecord(patches: patches, trashedBefore: trashed, trashedAfter: trashedAfter, summary: summary)
    }

    /// Applies a record forward or backward, all or nothing: every collection's new data is
    /// computed and validated first; only then does any collection change (data, then view).
    private func apply(_ record: DropRecord, reversed: Bool, now: Double) throws {
        var staged: [(DragDropCollection, [[AnyHashable]])] = []
        for name in record.patches.keys.sorted() {
            guard let c = collection(named: name) else { throw CollectionUpdateError(message: "no collection named \(name)") }
            var items = c.items
            for patch in (reversed ? record.patches[name]!.reversed() : record.patches[name]!) {
                guard let next = patch.applied(to: items, reversed: reversed) else {
                    throw CollectionUpdateError(message: "\(c.title) changed since; cannot \(reversed ? "undo" : "redo") \(record.summary)")
                }
                items = next
            }
            try c.validateChange?(c.items, items)
            staged.append((c, items))
        }
        for (c, items) in staged {
            try c.setItems(items)
        }
        trashed = reversed ? record.trashedBefore : record.trashedAfter
    }

    /// Trash entries whose deletion can no longer be undone are forgotten.
    private func pruneTrash() {
        let undoable = Set(undoStack.flatMap(\.trashedAfter))
        trashed = trashed.filter { undoable.contains($0) }
    }

    public func undo(now: Double) {
        guard session == nil, let record = undoStack.last else { return }
        landAll()
        do {
            try apply(record, reversed: true, now: now)
            undoStack.removeLast()
            redoStack.append(record)
        } catch {
            notices.append("\(error)")
        }
    }

    public func redo(now: Double) {
        guard session == nil, let record = redoStack.last else { return }
        landAll()
        do {
            try apply(record, reversed: false, now: now)
            redoStack.removeLast()
            undoStack.append(record)
        } catch {
            notices.append("\(error)")
        }
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
        if let f = feedback { deadlines.append(max(now, f.until)) }
        return Deadline.earliest(of: deadlines)
    }

    /// Advances auto-scroll and the target to `now`, and retires finished flights.
    public func update(now: Double) {
        self.now = now
        if let s = session {
            if s.isKeyboard { syncKeyboardSession(now: now) } else { track(now: now) }
        }
        for l in landings where l.flight.isFinished(at: now) { l.collection?.view.hiddenIdentifiers.remove(l.id) }
        landings.removeAll { $0.flight.isFinished(at: now) }
        if let f = feedback, now >= f.until { feedback = nil }
    }

    /// Draws the flights and the lifted stack, above every collection.
    public func draw(into list: inout DrawList, now: Double) {
        for l in landings {
            let destination = l.fixedDestination ?? l.collection?.windowFrame(of: l.id) ?? l.flight.from
            l.flight.draw(into: &list, now: now, to: destination)
        }
        guard let s = session else { return }
        // A keyboard drag shows the card lifted over the gap it would fill, at the gap's size.
        let gapFrame = s.isKeyboard ? collection(named: s.over)?.gapWindowFrame : nil
        let frame = gapFrame.map { $0.scaledAboutCenter(DragSession.liftScale) } ?? s.lift.visualFrame(at: now)
        // Items under the top one show as cards stacked behind it.
        for k in stride(from: min(s.items.count - 1, 3), through: 1, by: -1) {
            let r = frame.offsetBy(dx: Double(k) * 6, dy: Double(k) * 6)
            list.shadow(r.offsetBy(dx: 0, dy: 4), Color.black.withAlpha(0.4), radius: 10, blur: 10)
            list.fill(r, Color(hex: 0x3A4050), radius: min(10, r.width / 8))
            list.stroke(r, Color(hex: 0x5A6070), width: 1, radius: min(10, r.width / 8))
        }
        if gapFrame != nil {
            Snapshot.draw(s.lift.snapshot, in: frame, shadow: 1, into: &list)
        } else {
            s.lift.draw(into: &list, now: now)
        }
        if s.items.count > 1 {
            let badge = Rect(x: frame.maxX - 14, y: frame.minY - 10, width: 28, height: 24)
            list.fill(badge, Color(hex: 0x4C8DFF), radius: 12)
            list.text("\(s.items.count)", in: badge, size: 13, color: .white, alignment: .center, weight: .bold)
        }
        if !s.acceptance.isAccepted {
            list.stroke(frame, Color(hex: 0xE5534B), width: 3, radius: min(10, frame.width / 8))
        }
    }
}


/// Where a snapshot lands: a collection whose view hides the item until its flight ends.
public protocol LandingSite: AnyObject {
    var view: CollectionView { get }
    /// The item's frame as drawn now, in window points.
    func windowFrame(of id: AnyHashable) -> Rect?
}

extension DragDropCollection: LandingSite {}
extension ReorderableCollection: LandingSite {}
