import CollectionKit
/// The layouts the rearrange scene can show.
public enum RearrangeLayoutKind: String, CaseIterable, Sendable {
    case grid, horizontal, waterfall

    var next: RearrangeLayoutKind {
        let all = RearrangeLayoutKind.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// Numbered tiles rearranged by dragging (seeds 000 and 002): a long press lifts a snapshot of the
/// tile, the others make way as it moves, holding it at an edge scrolls, and letting go drops it
/// into its slot. Escape, a right click or losing focus cancels; Ctrl+Z and Ctrl+Shift+Z undo and
/// redo completed moves; L switches between a vertical grid, a horizontal grid and a waterfall.
/// Every 7th tile is pinned: it cannot be lifted, keeps its slot while others flow around it, and
/// nothing is dropped in its place.
public final class RearrangeScene: Scene, CollectionDataSource {
    public let name = "rearrange"
    public let collection: CollectionView
    /// Tile identifiers in data order; a tile shows its identifier.
    public private(set) var ids: [Int]
    public private(set) var layoutKind: RearrangeLayoutKind
    public private(set) var drag: DragSession?
    private var press = ScrollPan(tolerance: 6, longPressDuration: 0.3)
    private var autoScroller = AutoScroller()
    /// Snapshots on their way into a slot, with the data index path of their item.
    private var landings: [(flight: SnapshotFlight, indexPath: IndexPath)] = []
    private struct Move: Equatable { var from: Int, to: Int }
    private var undoStack: [Move] = []
    private var redoStack: [Move] = []
    private var snapshotsTaken = 0
    private var pointer = Point(x: -1, y: -1)
    private var sceneNotices: [String] = []
    /// A press on a pinned tile was refused: it shook, and the press does nothing until released.
    private var refusedPress = false

    public static func isPinned(_ id: Int) -> Bool { id % 7 == 6 }

    public init(itemCount: Int, layout: RearrangeLayoutKind = .grid) {
        ids = Array(0..<max(0, itemCount))
        layoutKind = layout
        collection = CollectionView(name: "rearrange", layout: GridLayout())
        // No background fill of its own: the app has just filled the window with the same colour,
        // and a second full-screen fill is a large share of a software-rendered frame.
        collection.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        collection.dataSource = self
        collection.setLayout(makeLayout(layout))
        collection.reloadData()
    }

    /// For the scene catalogue: the layout by its command-line name.
    public convenience init(itemCount: Int, layoutNamed name: String) throws {
        guard let kind = RearrangeLayoutKind(rawValue: name) else {
            throw AppError("unknown rearrange layout '\(name)' (\(RearrangeLayoutKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.init(itemCount: itemCount, layout: kind)
    }

    /// A stable height-to-width ratio per tile for the waterfall, between 0.6 and 1.6.
    static func waterfallRatio(_ id: Int) -> Double {
        let h = (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 40
        return 0.6 + Double(h % 1000) / 1000
    }

    private func makeLayout(_ kind: RearrangeLayoutKind) -> any CollectionLayout {
        switch kind {
        case .grid:
            return GridLayout(minimumCrossSize: 120, itemLength: .aspect(1), interitemSpacing: 10, lineSpacing: 10,
                              insets: EdgeInsets(all: 12))
        case .horizontal:
            return GridLayout(scrollAxis: .horizontal, minimumCrossSize: 130, itemLength: .aspect(1),
                              interitemSpacing: 10, lineSpacing: 10, insets: EdgeInsets(all: 12))
        case .waterfall:
            return WaterfallLayout(minimumColumnWidth: 150, spacing: 10, insets: EdgeInsets(all: 12)) { [unowned self] ip, width in
                (width * RearrangeScene.waterfallRatio(self.ids[ip.item])).rounded()
            }
        }
    }

    public func setLayout(_ kind: RearrangeLayoutKind) {
        guard drag == nil else { return }
        landAll()
        layoutKind = kind
        collection.setLayout(makeLayout(kind))
    }

    public func setFrame(_ frame: Rect) { collection.setFrame(frame) }

    // MARK: Input

    public func handle(_ event: InputEvent, now: Double) {
        if drag == nil, !refusedPress, collection.handleScrollBarEvent(event, now: now) { return }
        switch event {
        case let .pointerDown(p, .left, _):
            guard drag == nil, collection.frame.contains(p) else { return }
            pointer = p
            press.down(at: p, now: now, physics: &collection.physics)
            // The tile starts to rise while the long press is pending.
            if let ip = collection.indexPathForItem(atWindowPoint: p), canMove(ip) {
                collection.beginPressFeedback(on: ip, now: now, duration: press.recognizer.minimumDuration)
            }
        case .pointerDown(_, .right, _):
            cancelDrag(now: now)
        case let .pointerMove(p, _):
            pointer = p
            fireLongPressIfDue(now: now)
            if drag != nil { dragMoved(now: now); return }
            if refusedPress { return }
            press.moved(to: p, now: now, physics: &collection.physics)
            if press.isPanning { collection.endPressFeedback() }
            collection.updateHover(at: press.isActive ? nil : p, reacts: canMove)
        case let .pointerUp(p, .left, _):
            pointer = p
            collection.endPressFeedback()
            if refusedPress { refusedPress = false; return }
            fireLongPressIfDue(now: now)
            if drag != nil {
                drop(now: now)
                press.cancel(now: now, physics: &collection.physics)
            } else {
                press.up(at: p, now: now, physics: &collection.physics)
            }
        case .focus(gained: false):
            cancelDrag(now: now)
            press.cancel(now: now, physics: &collection.physics)
            collection.endPressFeedback()
            refusedPress = false
        case let .wheel(dx, dy):
            collection.physics.wheel(dx: dx, dy: dy, now: now)
        case let .key(key, mods):
            handleKey(key, mods, now: now)
        default: break
        }
    }

    private func handleKey(_ key: Key, _ mods: Modifiers, now: Double) {
        if key == .escape { cancelDrag(now: now); return }
        guard drag == nil else { return }
        if mods.contains(.ctrl), key == Key("z") {
            if mods.contains(.shift) { redo(now: now) } else { undo(now: now) }
            return
        }
        if mods.contains(.ctrl), key == Key("y") { redo(now: now); return }
        guard mods.isEmpty || mods == .shift else { return }
        if key == Key("l") { setLayout(layoutKind.next); return }
        let axis = collection.layout.scrollAxis
        let page = collection.frame.size[axis] * 0.9
        var target = collection.physics.restingOffset
        switch key {
        case .home: target[axis] = 0
        case .end: target[axis] = collection.contentSize[axis]
        case .pageDown, .space: target[axis] += page
        case .pageUp: target[axis] -= page
        case .down, .right: target[axis] += 80
        case .up, .left: target[axis] -= 80
        default: return
        }
        collection.physics.setOffset(target, animated: true, now: now)
    }

    // MARK: Drag

    private func fireLongPressIfDue(now: Double) {
        guard case let .longPress(at, time) = press.advance(to: now) else { return }
        lift(at: at, time: time, now: now)
    }

    /// The long press fired at `time` on `start`: lift the tile there, unless it cannot move.
    private func lift(at start: Point, time: Double, now: Double) {
        collection.endPressFeedback()
        guard drag == nil, let ip = collection.indexPathForItem(atWindowPoint: start) else {
            press.refuseLongPress(); return
        }
        let id = ids[collection.dataIndexPath(forDisplayed: ip).item]
        guard collection.beginInteractiveMovementForItem(at: ip) else {
            // A pinned tile says no: it shakes, the cursor shows "not allowed", and the press
            // neither lifts nor scrolls until it is released.
            collection.shakeItem(at: ip, now: time)
            press.cancel(now: now, physics: &collection.physics)
            refusedPress = true
            return
        }
        // A tile still landing from the previous drop is picked up where its slot is.
        landings.removeAll { $0.flight.itemID == AnyHashable(id) }
        guard let content = collection.presentedFrameForItem(at: ip) else { return }
        let frame = collection.windowRect(fromContent: content)
        snapshotsTaken += 1
        var scratch = DrawList()
        scratch.recordTexture(key: "rearrange-snapshot-\(snapshotsTaken)", size: frame.size) { list in
            TileCell.drawTile(number: id, color: Theme.tileColor(id), pinned: false, selected: false, highlighted: false,
                              in: Rect(origin: .zero, size: frame.size), into: &list)
        }
        drag = DragSession(itemID: id, snapshot: scratch.textures[scratch.textures.count - 1], liftFrame: frame,
                           grabPoint: start, pointer: pointer, now: time)
        collection.hiddenIdentifiers.insert(id)
        collection.updateHover(at: nil)
        autoScroller.reset()
        autoScroller.track(pointer: pointer, viewport: collection.frame, axis: collection.layout.scrollAxis, now: time)
        dragMoved(now: now)
    }

    /// Scrolls by the auto-scroll covered up to `now`, then follows the pointer.
    private func dragMoved(now: Double) {
        guard var d = drag else { return }
        advanceAutoScroll(to: now)
        // A pointer past the window's edge (captured) keeps the snapshot at the edge; auto-scroll
        // reads the pointer itself, so it runs at full depth.
        d.pointer = Point(x: min(max(pointer.x, collection.frame.minX), collection.frame.maxX),
                          y: min(max(pointer.y, collection.frame.minY), collection.frame.maxY))
        drag = d
        autoScroller.track(pointer: pointer, viewport: collection.frame, axis: collection.layout.scrollAxis, now: now)
        retarget()
    }

    private func advanceAutoScroll(to now: Double) {
        let axis = collection.layout.scrollAxis
        var offset = collection.physics.offset
        let limit = max(0, collection.physics.maxOffset[axis])
        let moved = autoScroller.advance(offset: offset[axis], range: 0...limit, to: now)
        guard moved != offset[axis] else { return }
        offset[axis] = moved
        collection.physics.jump(to: offset)
    }

    /// The target follows the snapshot's centre, not the pointer, so a tile grabbed by its corner
    /// moves where the tile is seen to be.
    private func retarget() {
        guard let d = drag else { return }
        collection.updateInteractiveMovementTargetPosition(collection.contentPoint(fromWindow: d.frame.center))
    }

    private func drop(now: Double) {
        guard let d = drag, let move = collection.interactiveMove else { return }
        advanceAutoScroll(to: now)
        retarget()
        let from = d.visualFrame(at: now)
        let source = move.source
        let final = collection.endInteractiveMovement() ?? source
        if final != source {
            let remap = [CollectionUpdate.move(source, final)]
            for i in landings.indices {
                landings[i].indexPath = CollectionView.indexAfterUpdates(landings[i].indexPath, updates: remap) ?? landings[i].indexPath
            }
            undoStack.append(Move(from: source.item, to: final.item))
            redoStack.removeAll()
        }
        landings.append((SnapshotFlight(itemID: d.itemID, snapshot: d.snapshot, from: from, start: now), final))
        drag = nil
        autoScroller.reset()
    }

    /// Puts every tile back; the snapshot flies home to the tile's own slot.
    public func cancelDrag(now: Double) {
        guard let d = drag, let move = collection.interactiveMove else { return }
        let from = d.visualFrame(at: now)
        collection.cancelInteractiveMovement()
        landings.append((SnapshotFlight(itemID: d.itemID, snapshot: d.snapshot, from: from, start: now), move.source))
        drag = nil
        press.cancel(now: now, physics: &collection.physics)
        autoScroller.reset()
    }

    /// Finishes every landing at once (before the data changes under them).
    private func landAll() {
        for l in landings { collection.hiddenIdentifiers.remove(l.flight.itemID) }
        landings.removeAll()
    }

    // MARK: Undo

    private func undo(now: Double) {
        guard let m = undoStack.popLast() else { return }
        apply(from: m.to, to: m.from, now: now)
        redoStack.append(m)
    }

    private func redo(now: Double) {
        guard let m = redoStack.popLast() else { return }
        apply(from: m.from, to: m.to, now: now)
        undoStack.append(m)
    }

    private func apply(from: Int, to: Int, now: Double) {
        landAll()
        if collection.moveItemInteractively(from: IndexPath(item: from), to: IndexPath(item: to)) {
            collection.scrollToItem(IndexPath(item: to), centered: false, animated: true)
        } else {
            sceneNotices.append("cannot move tile \(ids[from]) back to position \(to + 1)")
        }
    }

    // MARK: Frame

    public func update(now: Double) {
        fireLongPressIfDue(now: now)
        if drag != nil {
            advanceAutoScroll(to: now)
            retarget()
        }
        collection.update(now: now)
        for l in landings where l.flight.isFinished(at: now) { collection.hiddenIdentifiers.remove(l.flight.itemID) }
        landings.removeAll { $0.flight.isFinished(at: now) }
    }

    /// The long-press timer, the lift, auto-scroll, landings and the collection's own motion.
    public func nextDeadline(after now: Double) -> Double? {
        let axis = collection.layout.scrollAxis
        let autoScroll = drag == nil ? nil : autoScroller.nextDeadline(
            after: now, offset: collection.physics.offset[axis], range: 0...max(0, collection.physics.maxOffset[axis]))
        return Deadline.earliest(
            press.nextDeadline.map { max(now, $0) }, drag?.nextDeadline(after: now), autoScroll,
            Deadline.earliest(of: landings.map { $0.flight.nextDeadline(after: now) }),
            collection.nextDeadline(after: now))
    }

    public func draw(into list: inout DrawList) {
        collection.draw(into: &list)
        let now = collection.now
        list.clipped(to: collection.frame) { list in
            if let gap = collection.movingItemIndexPath.flatMap({ collection.presentedFrameForItem(at: $0) }) {
                let r = collection.windowRect(fromContent: gap).insetBy(dx: 2, dy: 2)
                let radius = min(12, r.width / 8)
                list.fill(r, Theme.surface, radius: radius)
                list.stroke(r, Theme.border, width: 2, radius: radius)
            }
            for l in landings {
                let ip = collection.displayedIndexPath(forData: l.indexPath)
                guard let slot = collection.presentedFrameForItem(at: ip) else { continue }
                l.flight.draw(into: &list, now: now, to: collection.windowRect(fromContent: slot))
            }
        }
        ScrollIndicator.draw(for: collection, into: &list)
        drag?.draw(into: &list, now: now)
    }

    public func cursor(at p: Point) -> Cursor {
        if refusedPress { return .notAllowed }
        if drag != nil || press.isPanning { return .grabbing }
        if let bar = collection.scrollBarCursor(at: p) { return bar }
        guard let ip = collection.indexPathForItem(atWindowPoint: p) else { return .arrow }
        return RearrangeScene.isPinned(ids[collection.dataIndexPath(forDisplayed: ip).item]) ? .arrow : .hand
    }

    public var isDragging: Bool { drag != nil }

    /// True for a displayed item that can be lifted (not pinned).
    private func canMove(_ ip: IndexPath) -> Bool {
        !RearrangeScene.isPinned(ids[collection.dataIndexPath(forDisplayed: ip).item])
    }
    public var liveCellCount: Int { collection.liveCellCount }
    public var notices: [String] { sceneNotices }

    public func didDeactivate(now: Double) {
        collection.endPressFeedback()
        collection.updateHover(at: nil)
        refusedPress = false
        cancelDrag(now: now)
        press.cancel(now: now, physics: &collection.physics)
        landAll()
    }

    public func dumpState() -> [(String, JSON)] {
        let hidden = collection.hiddenIdentifiers.compactMap { $0.base as? Int }.sorted()
        var moving: JSON = .null
        if let d = drag, let m = collection.interactiveMove {
            moving = .object([("id", .string("\(d.itemID.base)")), ("from", .int(m.source.item)), ("to", .int(m.target.item))])
        }
        return [
            ("layout", .string(layoutKind.rawValue)),
            ("collections", .array([collection.dumpState(extra: [
                ("layout", .string(layoutKind.rawValue)),
                ("pinned", .strings(ids.filter(RearrangeScene.isPinned).sorted().map { "\($0)" })),
                ("hidden", .strings(hidden.map { "\($0)" })),
                ("moving", moving),
                ("undo", .int(undoStack.count)),
                ("redo", .int(redoStack.count)),
            ])])),
        ]
    }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: IndexPath) -> AnyHashable { ids[ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: IndexPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ids[ip.item])
        cell.isPinned = RearrangeScene.isPinned(ids[ip.item])
        return cell
    }
    public func collectionView(_ cv: CollectionView, canMoveItemAt ip: IndexPath) -> Bool {
        !RearrangeScene.isPinned(ids[ip.item])
    }
    public func collectionView(_ cv: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
        ids.moveKeepingAnchors(from: source.item, to: destination.item, isAnchored: RearrangeScene.isPinned)
    }
}
