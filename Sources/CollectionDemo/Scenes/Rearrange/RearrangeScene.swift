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
/// nothing is dropped in its place. The drag itself runs on the engine's `DragDropManager` (the
/// same machinery as the boards scene) with the collection as a `ReorderableCollection`.
public final class RearrangeScene: Scene, CollectionDataSource, ShortcutListing {
    public let name = "rearrange"
    public let collection: CollectionView
    /// Tile identifiers in data order; a tile shows its identifier.
    public private(set) var ids: [Int] {
        get { order.ids }
        set { order.ids = newValue }
    }
    /// Holds `ids` for the waterfall's height function, which runs once per tile in a layout pass.
    /// Capturing the scene there would retain and release it per tile, and the scene's counts are
    /// slow ones (the collection holds it weakly as its data source); this box is held strongly.
    /// It also says whether tiles show as notes, for the lifted snapshot's drawing.
    private final class TileOrder { var ids: [Int]; var showsNotes = false; init(_ ids: [Int]) { self.ids = ids } }
    private let order: TileOrder
    public private(set) var layoutKind: RearrangeLayoutKind
    /// The lifted tile, while a drag lasts.
    public var drag: DragSession? { manager.session?.lift }
    /// Runs the drag: lift, target, auto-scroll, drop, cancel, landing flights.
    public let manager = DragDropManager<Int>()
    private let reorder: ReorderableCollection<Int>
    /// Long press to lift (a pinned tile shakes), earlier movement pans.
    private let interaction: ReorderInteraction
    private struct Move: Equatable { var from: Int, to: Int }
    private var pointer = Point(x: -1, y: -1)
    private var sceneNotices: [String] = []
    /// A keyboard drag, the scroll bars, the long press, the focus chain, the shortcuts and the
    /// wheel, in that order; the drawing on top of them all.
    public private(set) var composition = Composition([])
    /// The scene's frame; the header band (layout switch, hint, Undo) is its top.
    private(set) var sceneFrame: Rect = .zero
    /// The layout switch at the header's left, and Undo at its right.
    lazy var layoutButtons: [Button] = {
        let buttons = RearrangeScene.makeLayoutButtons()
        for (b, kind) in zip(buttons, RearrangeLayoutKind.allCases) { b.onActivate = { [unowned self] _ in setLayout(kind) } }
        return buttons
    }()
    lazy var undoButton = Button(name: "undo", title: tr("Undo"), style: .header) { [unowned self] now in undo(now: now) }
    /// When the one-time hint ("Long-press a tile to move it") goes away: set when the scene is
    /// first shown, cleared by the first lift.
    var hintUntil: Double?
    var hintShown = false

    public static func isPinned(_ id: Int) -> Bool { id % 7 == 6 }

    /// Sizes and wraps the waterfall's notes.
    public let noteMetrics: NoteMetrics

    public init(itemCount: Int, layout: RearrangeLayoutKind = .grid, measurer: any TextMeasuring = EstimatedTextMeasurer()) {
        let order = TileOrder(Array(0..<max(0, itemCount)))
        self.order = order
        layoutKind = layout
        let metrics = NoteMetrics(measurer: measurer)
        noteMetrics = metrics
        collection = CollectionView(name: "rearrange", layout: GridLayout())
        // No background fill of its own: the app has just filled the window with the same colour,
        // and a second full-screen fill is a large share of a software-rendered frame.
        collection.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        collection.register(reuseIdentifier: "note") { NoteCell(reuseIdentifier: $0) }
        reorder = ReorderableCollection<Int>(view: collection, title: tr("Rearrange")) { number, rect, list in
            if order.showsNotes {
                NoteCell.drawNote(RearrangeScene.note(for: number), number: number, pinned: false, selected: false, highlighted: false,
                                  metrics: metrics, in: rect, into: &list)
                return
            }
            TileCell.drawTile(number: number, color: Theme.tileColor(number), pinned: false, selected: false, highlighted: false,
                              in: rect, into: &list)
        }
        interaction = ReorderInteraction(manager: manager, reorderable: reorder)
        collection.dataSource = self
        // Named as the screen reader's list names it.
        reorder.describeItem = { [unowned self] n in layoutKind == .waterfall ? RearrangeScene.note(for: n).title : filled(tr("Tile %@"), "\(n)") }
        order.showsNotes = layout == .waterfall
        collection.setLayout(makeLayout(layout))
        collection.reloadData()
        // A completed move goes on the engine's one undo history, with the manager's drops.
        reorder.didMove = { [unowned self] from, to in
            let m = Move(from: from.item, to: to.item)
            manager.history.push(tr("move tile"), undo: { [unowned self] in apply(from: m.to, to: m.from) },
                                 redo: { [unowned self] in apply(from: m.from, to: m.to) })
        }
        manager.snapshotKeyPrefix = "rearrange-snapshot"
        manager.add(reorder)
        interaction.hoversMovableItems = true
        compose()
    }

    private func compose() {
        // The focus follows a press quietly (no ring until the next key); the press goes on.
        let pressFocus = ClosureComponent(role: .observe, handle: { [unowned self] event, _ in
            if case let .pointerDown(p, .left, _) = event, !interaction.isDragging, collection.frame.contains(p),
               collection.scrollBarAxis(at: p) == nil { collection.focusByPointer(collection.indexPathForItem(atWindowPoint: p)) }
            return .ignored
        })
        // The tiles' stop is the interaction itself: the arrows move the view's focused tile,
        // Space picks it up (a pinned tile shakes), and the page keys, Home, End and the arrows
        // past the ends scroll.
        interaction.keyboardScrolling = KeyboardScrolling(crossAxisArrowsScroll: true)
        let shortcuts = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .key(key, mods) = event else { return .ignored }
            return handleShortcut(key, mods, now: now) ? .handled : .ignored
        })
        // The interaction is a part of its own; the composition updates it and asks its deadline.
        let frame = ClosureComponent(update: { [unowned self] now in
                                         manager.update(now: now); collection.update(now: now); layOutHeader()
                                     },
                                     nextDeadline: { [unowned self] now in
                                         Deadline.earliest(manager.nextDeadline(after: now), collection.nextDeadline(after: now))
                                     },
                                     draw: { [unowned self] list in drawScene(into: &list) })
        // The hint has done its work once the user presses or types: it goes.
        let hintWatcher = ClosureComponent(role: .observe, handle: { [unowned self] event, _ in
            switch event { case .pointerDown, .key, .wheel: hintUntil = nil; default: break }
            return .ignored
        })
        let hint = ClosureComponent(update: { [unowned self] now in updateHint(now: now) },
                                    nextDeadline: { [unowned self] now in hintUntil.map { max(now, $0) } })
        // Reading order: the header's buttons, then the tiles; the focus starts on the tiles.
        let header: [any Component & FocusStop] = layoutButtons + [undoButton]
        let focus = FocusChain(header + [interaction], initial: interaction)
        composition = Composition([hintWatcher, pressFocus] + header + [interaction, focus, shortcuts, hint, frame], focus: focus)
    }

    /// For the scene catalogue: the layout by its command-line name.
    public convenience init(itemCount: Int, layoutNamed name: String, measurer: any TextMeasuring = EstimatedTextMeasurer()) throws {
        guard let kind = RearrangeLayoutKind(rawValue: name) else {
            throw AppError("unknown rearrange layout '\(name)' (\(RearrangeLayoutKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.init(itemCount: itemCount, layout: kind, measurer: measurer)
    }

    /// The note tile `id` shows in the waterfall.
    static func note(for id: Int) -> Note {
        var note = Note.forTile(id)
        note.pinned = isPinned(id)
        return note
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
            // Notes: each as tall as its title and body wrapped to the column. Columns kept while
            // rearranging: a drag shifts only the column it leaves and the one under the pointer,
            // and the drop keeps the picture.
            let order = self.order, metrics = noteMetrics
            var waterfall = WaterfallLayout(minimumColumnWidth: 150, spacing: 10, insets: EdgeInsets(all: 12)) { ip, width in
                metrics.height(RearrangeScene.note(for: order.ids[ip.item]), width: width)
            }
            waterfall.keepsColumns = true
            return waterfall
        }
    }

    public func setLayout(_ kind: RearrangeLayoutKind) {
        guard !manager.isDragging else { return }
        manager.finishLandings()
        let animated = kind != layoutKind
        // The tile to keep in view: the focused one while its ring shows, else the first in view.
        // A tile focused quietly by a click is not what the user is looking at: the first tile
        // in view takes the (ringless) focus, which the view's transition keeps in view.
        let ring = collection.showsFocusRing
        let anchor = ring ? collection.focusedItem ?? collection.firstItemInView : collection.firstItemInView
        if !ring, let anchor { collection.setFocus(anchor, showingRing: false) }
        layoutKind = kind
        order.showsNotes = kind == .waterfall
        // Every tile glides to its place in the new layout, the anchor tile staying in view.
        collection.setLayout(makeLayout(kind), animated: animated)
        if let anchor { keepInView(anchor) }
    }

    public func setFrame(_ frame: Rect) {
        sceneFrame = frame
        let header = RearrangeScene.headerHeight(for: frame, buttonHeight: headerButtonHeight)
        let content = Rect(x: frame.minX, y: frame.minY + header, width: frame.width, height: max(0, frame.height - header))
        collection.setFrame(content)
        manager.bounds = content
        layOutHeader()
    }

    // MARK: Input

    /// The scene's commands, from the table the shortcuts window lists.
    private func handleShortcut(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        ShortcutSection.run(shortcutSections, key: key, mods: mods, now: now)
    }

    /// The keys of the focused tiles: the arrows move the focus ring (the view scrolls to keep it
    /// in sight); Space picks up the tile the ring is on (a pinned one shakes), without a ring it
    /// pages; the page keys, Home and End scroll.
    /// Puts every tile back; the snapshot flies home to the tile's own slot.
    public func cancelDrag(now: Double) { interaction.cancelDrag(now: now) }

    // MARK: Undo

    func undo(now: Double) { manager.undo(now: now) }

    func redo(now: Double) { manager.redo(now: now) }

    private func apply(from: Int, to: Int) {
        manager.finishLandings()
        if collection.moveItemInteractively(from: ItemPath(item: from), to: ItemPath(item: to)) {
            collection.scrollToItem(ItemPath(item: to), centered: false, animated: true)
        } else {
            sceneNotices.append("cannot move tile \(ids[from]) back to position \(to + 1)")
        }
    }

    // MARK: Frame

    private func drawScene(into list: inout DrawList) {
        collection.draw(into: &list)
        let now = collection.now
        list.clipped(to: collection.frame) { list in
            if let gap = collection.movingItemIndexPath.flatMap({ collection.presentedFrameForItem(at: $0) }) {
                let r = collection.windowRect(fromContent: gap).insetBy(dx: 2, dy: 2)
                let radius = min(12, r.width / 8)
                list.fill(r, Theme.surface, radius: radius)
                list.stroke(r, Theme.border, width: 2, radius: radius)
            }
        }
        ScrollIndicator.draw(for: collection, into: &list)
        drawHint(into: &list)
        manager.draw(into: &list, now: now)
    }

    public func cursor(at p: Point) -> Cursor {
        if !interaction.isDragging, (layoutButtons + [undoButton]).contains(where: { $0.contains(p) }) { return .hand }
        if let pressing = interaction.cursor(at: p) { return pressing }
        if let bar = collection.scrollBarCursor(at: p) { return bar }
        guard let ip = collection.indexPathForItem(atWindowPoint: p) else { return .arrow }
        return RearrangeScene.isPinned(ids[collection.dataIndexPath(forDisplayed: ip).item]) ? .arrow : .hand
    }

    public var isDragging: Bool { manager.isDragging }

    public var liveCellCount: Int { collection.liveCellCount }
    public var notices: [String] { sceneNotices }

    public func didDeactivate(now: Double) {
        interaction.reset(now: now)
        manager.finishLandings()
    }

    public func dumpState() -> [(String, JSON)] {
        let hidden = collection.hiddenIdentifiers.identifiers(as: Int.self).sorted()
        var moving: JSON = .null
        if let d = drag, let m = collection.interactiveMove {
            moving = .object([("id", .string("\(d.itemID.base)")), ("from", .int(m.source.item)), ("to", .int(m.target.item))])
        }
        return [
            ("layout", .string(layoutKind.rawValue)),
            // The one-time hint in the header while it shows, else null.
            ("hint", hintText.map { .string($0) } ?? .null),
            // The header's controls: the layout switch and Undo, in window points.
            ("headerControls", headerControlsDump()),
            ("collections", .array([collection.dumpState(extra: [
                ("layout", .string(layoutKind.rawValue)),
                ("pinned", .strings(ids.filter(RearrangeScene.isPinned).sorted().map { "\($0)" })),
                ("hidden", .strings(hidden.map { "\($0)" })),
                ("moving", moving),
                ("undo", .int(manager.history.undoCount)),
                ("redo", .int(manager.history.redoCount)),
            ] + noteLines() + waterfallColumns)])),
        ] + composition.focus.dumpEntries()
    }

    /// The waterfall's `columns` dump key: per item (displayed order), its column index.
    private var waterfallColumns: [(String, JSON)] {
        guard let waterfall = collection.layout as? WaterfallLayout else { return [] }
        let columns = (0..<ids.count).map { waterfall.column(ofItemAt: ItemPath(item: $0)) ?? -1 }
        return [("columns", .array(columns.map { .int($0) }))]
    }

    /// Each note's line count (title and body), parallel to `items`, in the waterfall.
    private func noteLines() -> [(String, JSON)] {
        guard layoutKind == .waterfall else { return [] }
        let lines = ids.indices.map { i -> JSON in
            let width = collection.layout.attributesForItem(at: ItemPath(item: i, section: 0))?.frame.width ?? 0
            return .int(noteMetrics.lineCount(RearrangeScene.note(for: ids[i]), width: width))
        }
        return [("lines", .array(lines))]
    }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        if layoutKind == .waterfall {
            let note = cv.dequeueReusableCell(withReuseIdentifier: "note", for: ip) as! NoteCell
            note.number = ids[ip.item]
            note.note = RearrangeScene.note(for: ids[ip.item])
            note.isPinned = RearrangeScene.isPinned(ids[ip.item])
            note.metrics = noteMetrics
            note.direction = cv.layoutDirection
            return note
        }
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ids[ip.item])
        cell.isPinned = RearrangeScene.isPinned(ids[ip.item])
        cell.direction = cv.layoutDirection
        return cell
    }
    public func collectionView(_ cv: CollectionView, canMoveItemAt ip: ItemPath) -> Bool {
        !RearrangeScene.isPinned(ids[ip.item])
    }
    public func collectionView(_ cv: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
        order.ids.moveKeepingAnchors(from: source.item, to: destination.item, isAnchored: RearrangeScene.isPinned)
    }
}

// MARK: Remembered state

extension RearrangeScene {
    /// Puts the tiles in a remembered order. Refused (false) unless it is an order of exactly this
    /// scene's tiles with every pinned tile in its own slot, as a drag would have left them.
    public func restoreOrder(_ remembered: [Int]) -> Bool {
        guard !manager.isDragging, remembered.count == ids.count,
              Set(remembered) == Set(0..<ids.count),
              remembered.indices.allSatisfy({ !RearrangeScene.isPinned(remembered[$0]) || remembered[$0] == $0 }) else { return false }
        ids = remembered
        collection.reloadData()
        return true
    }
}
