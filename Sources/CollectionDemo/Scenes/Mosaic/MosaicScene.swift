import CollectionKit

/// Seed 004's two-column mosaic, built from the engine's compositional layout, diffable data
/// source and context menus: a featured row that pages one card per flick (group paging centred),
/// then the mosaic of compact and regular cards under a pinned header. A right click (or the Menu
/// key / Shift+F10 on the focused card) opens a menu on cards that allow one; its actions and the
/// S (shuffle) and R (reset) keys go through animated snapshot applies; Ctrl+Z / Ctrl+Shift+Z undo
/// and redo; a long press drags a card and the groups re-form as it moves. The drag runs on the
/// engine's `DragDropManager` with the mosaic as a `ReorderableCollection`, the same machinery as
/// the rearrange and boards scenes.
public final class MosaicScene: Scene, ShortcutListing {
    public let name = "mosaic"
    public let collection: CollectionView
    public let preset: MosaicPreset
    private let initialModel: MosaicModel
    public private(set) var model: MosaicModel
    private var dataSource: DiffableDataSource<Int, Int>!
    fileprivate let orthogonal = OrthogonalScrolling()
    /// Runs the drag: lift, target, auto-scroll, drop, cancel, landing flights.
    /// Its refusals are drawn by this view itself (with its own status), not as the manager's line.
    public let manager: DragDropManager<Int> = { let m = DragDropManager<Int>(); m.drawsFeedback = false; return m }()
    private var reorder: ReorderableCollection<Int>!
    /// Decodes the pictures of cards made from dropped pictures (nil: they show their names only).
    public private(set) var pictures: ImagePipeline?
    private var pixelScale = PixelScaleBox()
    public private(set) var menu = ContextMenuController()
    /// The field that renames a card in place (Rename… in its menu, or F2).
    public let editor: InPlaceEditor
    /// Long press to lift a card, earlier movement pans.
    private var interaction: ReorderInteraction!
    /// Home, End, the page keys, Space, Up and Down (Left and Right page the featured row).
    private let keyboardScrolling = KeyboardScrolling()
    /// The card keyboard commands (the Menu key) act on: the view's focused item, which the view
    /// keeps on its card through moves, inserts and deletes (the scene holds no focus of its own).
    public var focusedCard: Int? {
        collection.focusedItem.flatMap { $0.section == MosaicScene.mosaicSection ? dataSource.itemIdentifier(at: $0) : nil }
    }
    /// Whether the focused card shows its ring (and its ⋯ button): after keyboard use, until the
    /// next press of the pointer. The view's.
    public var showsFocusRing: Bool { collection.showsFocusRing }

    /// Gives the view's focus to card `id` (nil: to none), with its ring when `ring` (nil: as it is).
    fileprivate func focusCard(_ id: Int?, ring: Bool? = nil) {
        let ip = id.flatMap { model.position(of: $0) }.map { ItemPath(item: $0, section: MosaicScene.mosaicSection) }
        collection.setFocus(ip, showingRing: ring ?? showsFocusRing)
    }
    /// The featured row as a focus stop: the arrows page it; its ring is on the card it rests on.
    private lazy var featuredStop = FeaturedRowStop(scene: self)
    /// The featured row has the keyboard focus with its ring showing.
    private var featuredRing: Bool { featuredStop.showsRing }
    /// The card the open menu (or the last one opened) is for.
    private(set) var menuCard: Int?
    public private(set) var composition = Composition([])
    /// The backend's measurer: the header's title, count and buttons take the room their words need.
    let measurer: any TextMeasuring
    /// The engine's toast a delete leaves ("“Tile 12” deleted · Undo"), at the scene's bottom.
    let deleteToast: Toast
    /// The undo depth right after the delete the toast speaks of: once another change or an undo
    /// moves it, the toast's Undo would take back something else, and it closes.
    private var deleteToastUndoDepth = 0
    private var sceneNotices: [String] = []
    private var shuffleSeed: UInt64 = 1
    /// Shuffle, Reset and Undo at the right end of the mosaic's pinned header.
    lazy var headerButtons: [Button] = {
        let buttons = MosaicScene.makeHeaderButtons()
        for b in buttons { b.onActivate = { [unowned self, name = b.name] now in pressHeaderButton(name, now: now) } }
        return buttons
    }()

    static let featuredCount = 8
    static let featuredSection = 0, mosaicSection = 1
    static let spacing = 16.0
    /// Featured cards have negative identifiers, so they never collide with card ids.
    static func featuredID(_ i: Int) -> Int { -1 - i }

    public init(preset: MosaicPreset = .long, count: Int? = nil, measurer: any TextMeasuring = EstimatedTextMeasurer(),
                services: TextServices = TextServices()) {
        editor = InPlaceEditor(measurer: measurer, services: services, style: MosaicScene.fieldStyle)
        self.measurer = measurer
        var strings = WidgetStrings()
        strings.close = tr("Close")
        deleteToast = Toast(name: "deleteToast", measurer: measurer, strings: strings)
        self.preset = preset
        initialModel = MosaicModel(preset: preset, count: count)
        model = initialModel
        collection = CollectionView(name: "mosaic", layout: CompositionalLayout { _, _ in
            LayoutSection(group: LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(1)), subitems: []))
        })
        collection.register(reuseIdentifier: "card") { MosaicCardCell(reuseIdentifier: $0) }
        dataSource = DiffableDataSource(collectionView: collection) { [unowned self] cv, ip, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! MosaicCardCell
            self.configure(cell, id: id)
            return cell
        }
        dataSource.supplementaryDrawer = { [unowned self] _, _, ip, frame, list in self.drawHeader(section: ip.section, in: frame, into: &list) }
        dataSource.canMoveItem = { $0 >= 0 }
        dataSource.accessibilityLabel = { [unowned self] id in self.accessibilityLabel(for: id) }
        dataSource.didMoveItem = { [unowned self] _, from, to in self.cardMoved(from: from.item, to: to.item) }
        collection.setLayout(makeLayout())
        reorder = ReorderableCollection<Int>(view: collection, title: tr("Mosaic")) { [unowned self] id, rect, list in
            guard model.hasCard(id) else { return }
            MosaicCardCell.drawCard(value: model.value(of: id), name: model.name(of: id), style: model.style(of: id), allowsMenu: model.allowsMenu(of: id),
                                    featured: false, focused: false, picture: cardPicture(id), in: rect, into: &list)
        }
        // A completed drag can be undone (the data source has already moved the card).
        reorder.didMove = { [unowned self] from, to in
            guard from.section == MosaicScene.mosaicSection, (0..<model.count).contains(to.item) else { return }
            record(.move(id: model.card(at: to.item), from: from.item, to: to.item))
        }
        manager.snapshotKeyPrefix = "mosaic-snapshot"
        manager.add(reorder)
        reorder.externalDropAcceptance = { [unowned self] payload in
            payload.files(withExtensions: PhotoLibrary.pictureExtensions).isEmpty
                ? .refuse(manager.strings.takesOnly(reorder.title, manager.strings.pictureKind)) : .accept
        }
        reorder.onExternalDrop = { [unowned self] payload, position in
            addDroppedPictures(payload.files(withExtensions: PhotoLibrary.pictureExtensions), at: position)
        }
        interaction = ReorderInteraction(manager: manager, reorderable: reorder)
        interaction.shakesItemsThatCannotMove = false
        interaction.itemHitTest = { [unowned self] p in itemIndexPath(at: p) }
        interaction.willLift = { [unowned self] in menu.close() }
        // The lifted card takes the focus: the one the view is moving.
        interaction.didLift = { [unowned self] _ in
            if let moving = collection.movingItemIndexPath {
                collection.setFocus(collection.dataIndexPath(forDisplayed: moving), showingRing: showsFocusRing)
            }
        }
        // Named as the screen reader's list names it.
        reorder.describeItem = { [unowned self] id in accessibilityLabel(for: id) ?? "\(id)" }
        // Hover shows a card's ⋯ button.
        interaction.hoversMovableItems = true
        // Delete in the theme's destructive colour; the highlight in its accent.
        menu.style.highlight = Theme.accent
        menu.style.destructive = Theme.danger.mixed(with: .white, 0.15)
        menu.style.destructiveHighlight = Theme.danger
        applyModel(animated: false)
        compose()
    }

    /// The open menu over everything; then the ⋯ buttons, the featured row, the long press and
    /// drag, a right click's menu, the focus chain (the cards, the featured row), the shortcuts and
    /// the wheel; the drawing beneath them all.
    private func compose() {
        menu.onChoose = { [unowned self] _, _, title, now in if let id = menuCard { run(title, on: id, now: now) } }
        orthogonal.onClick = { [unowned self] p, now in clickFeatured(at: p, now: now) }
        interaction.onClick = { [unowned self] p, _ in
            if let ip = itemIndexPath(at: p), ip.section == MosaicScene.mosaicSection { collection.setFocus(ip, showingRing: false) }
        }
        let moreButton = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .pointerDown(p, .left, _) = event, !interaction.isDragging, let ip = moreButtonItem(at: p) else { return .ignored }
            // The ⋯ button: the card's menu, opened below the button.
            let button = moreButtonFrame(of: ip) ?? .zero
            openMenu(for: ip, at: Point(x: button.minX, y: button.maxY + 4), fromKeyboard: false, now: now)
            return .handled
        })
        let rightClick = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .pointerDown(p, .right, _) = event else { return .ignored }
            // A right click mid-press opens nothing.
            if interaction.isPressActive || orthogonal.pressedSection != nil { return .handled }
            guard let ip = itemIndexPath(at: p) else { return .ignored }
            openMenu(for: ip, at: p, fromKeyboard: false, now: now)
            return .handled
        })
        let cards = MosaicCardsStop(scene: self)
        let shortcuts = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .key(key, mods) = event else { return .ignored }
            return handleShortcut(key, mods, now: now) ? .handled : .ignored
        })
        // Pictures dropped from a file manager (the mosaic's drag machinery decides and says why not).
        let drops = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .drop(payload, p) = event else { return .ignored }
            return manager.dropExternal(payload, at: p, now: now)
        })
        let frame = ClosureComponent(update: { [unowned self] now in updateScene(now: now) },
                                     nextDeadline: { [unowned self] now in sceneDeadline(after: now) },
                                     draw: { [unowned self] list in drawScene(into: &list) })
        // Reading order: the featured row, the mosaic header's buttons, then the mosaic's cards;
        // the focus starts on the cards.
        let header: [any Component & FocusStop] = headerButtons
        let focus = FocusChain([featuredStop] + header + [cards] + deleteToast.focusStops, initial: cards)
        deleteToast.focusChain = focus
        composition = Composition([editor, menu, deleteToast] + header + [moreButton, orthogonal, interaction, rightClick, drops, focus, shortcuts, frame],
                                  focus: focus)
    }

    /// For the scene catalogue: `--mosaic-preset` (default long) and `--items`.
    public convenience init(config: SceneConfig) throws {
        let name = config.options["mosaic-preset"]?.last ?? MosaicPreset.long.rawValue
        guard let preset = MosaicPreset(rawValue: name) else {
            throw AppError("unknown mosaic preset '\(name)' (\(MosaicPreset.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.init(preset: preset, count: config.items, measurer: config.measurer, services: config.services)
        pictures = config.makeImagePipeline?()
        if let scale = config.pixelScale { pixelScale = scale }
        collection.layoutDirection = config.layoutDirection
        editor.layoutDirection = config.layoutDirection
        deleteToast.layoutDirection = config.layoutDirection
        menu.layoutDirection = config.layoutDirection
        orthogonal.sync(with: collection)
    }

    private func makeLayout() -> CompositionalLayout {
        var layout = CompositionalLayout(interSectionSpacing: 8) { [unowned self] s, env in
            s == MosaicScene.featuredSection ? self.featuredSection(env) : self.mosaicSection(env)
        }
        layout.orthogonalOffset = { [unowned orthogonal] in orthogonal.offset(section: $0) }
        return layout
    }

    /// The featured row, on the mosaic's grid: it starts at the grid's first column and each card
    /// is as wide as a regular card below it (half the grid, or all of it in two columns), so the
    /// row's edges line up with the cards' at every width. A card rests at the grid's left edge; a
    /// flick moves one card.
    private func featuredSection(_ env: LayoutEnvironment) -> LayoutSection {
        let grid = MosaicScene.gridFrame(forWidth: env.containerSize.width)
        let width = grid.regularCardWidth
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(size: LayoutSize(width: .absolute(width), height: .absolute(min(170, (width * 0.4).rounded()))),
                                           subitems: [.item(item)])
        var section = LayoutSection(group: group, interGroupSpacing: MosaicScene.spacing,
                                    contentInsets: EdgeInsets(top: 4, left: grid.side, bottom: 8, right: grid.side),
                                    header: BoundarySupplementaryItem(height: .absolute(40)), orthogonalScrolling: .groupPaging)
        section.supplementariesFollowContentInsets = false
        return section
    }

    /// The mosaic's grid in a container `width` wide: its columns, its left (and right) inset, its
    /// width and the width of a regular card (the span of a full-width item).
    static func gridFrame(forWidth width: Double) -> (columns: Int, side: Double, content: Double, regularCardWidth: Double) {
        let (columns, content) = mosaicColumns(forWidth: width)
        let side = ((width - content) / 2).rounded(.down)
        let column = (content - Double(columns - 1) * spacing) / Double(columns)
        let span = Double(PairedRows.span(of: .full, columns: columns))
        return (columns, side, content, (span * column + (span - 1) * spacing).rounded(.down))
    }

    /// The mosaic's columns: as many as fit at least `minimumCardWidth` each (2, 4 or 6, so
    /// compact pairs become rows of four or six and regular cards span two or three columns), each
    /// at most `maximumCardWidth`, the whole centred in a wider window. Six columns from about
    /// 1200 points wide: a 1280×800 window shows more than eight whole cards.
    static let minimumCardWidth = 180.0, maximumCardWidth = 300.0
    static let columnChoices = [6, 4, 2]

    /// The column count and the content width for a container `width` wide.
    static func mosaicColumns(forWidth width: Double) -> (columns: Int, contentWidth: Double) {
        let available = max(0, width - 2 * spacing)
        func cardWidth(_ c: Int) -> Double { (available - Double(c - 1) * spacing) / Double(c) }
        let columns = columnChoices.first { cardWidth($0) >= minimumCardWidth } ?? columnChoices.last!
        let content = min(available, Double(columns) * maximumCardWidth + Double(columns - 1) * spacing)
        return (columns, content.rounded(.down))
    }

    /// A row's name in the dump's `groups`: with two columns the seed's names (`compactPair`,
    /// `compactOrphan` for a lone compact card, now stretched across the row, `regular`); with
    /// more, the row's cards in order, as `compact+compact+regular`.
    static func groupName(_ spans: [Int], columns: Int) -> String {
        if columns <= 2 {
            return spans == [1, 1] ? "compactPair" : spans == [1] ? "compactOrphan" : "regular"
        }
        return spans.map { $0 == 1 ? "compact" : "regular" }.joined(separator: "+")
    }

    /// The column count in use, as of the last layout pass.
    private(set) var mosaicColumnCount = 2
    /// The grid's left inset, as of the last layout pass: the headers' titles and buttons line up with it.
    private(set) var gridSideInset = MosaicScene.spacing

    /// The mosaic under a pinned header, in as many columns as the window takes
    /// (`mosaicColumns(forWidth:)`). Styles are read by data index, so during a drag the rows
    /// re-form around the moving card; a row that cannot be completed stretches (see `PairedRows`).
    private func mosaicSection(_ env: LayoutEnvironment) -> LayoutSection {
        // Captured once per prepare: a million cards are grouped without touching the data source
        // (the snapshot's identifiers may be a run, listing nothing; the model's styles may be
        // the preset's, stored as nothing).
        let snapshot = dataSource.snapshot
        let idCount = snapshot.numberOfSections > MosaicScene.mosaicSection
            ? snapshot.numberOfItems(inSectionAt: MosaicScene.mosaicSection) : 0
        let model = model
        let (columns, side, content, _) = MosaicScene.gridFrame(forWidth: env.containerSize.width)
        mosaicColumnCount = columns
        gridSideInset = side
        var section = PairedRows.section(columns: columns, contentWidth: content, spacing: MosaicScene.spacing,
                                         contentInsets: EdgeInsets(top: 8, left: side, bottom: MosaicScene.spacing, right: side),
                                         header: BoundarySupplementaryItem(height: .absolute(44), pinToVisibleBounds: true)) { i in
            (i < idCount ? model.style(of: snapshot.itemIdentifier(i, inSectionAt: MosaicScene.mosaicSection)) : ItemStyle.compact).width
        }
        section.supplementariesFollowContentInsets = false
        return section
    }

    // MARK: Snapshots

    /// The snapshot the model implies: the featured row, then the cards in order.
    private func makeSnapshot(reconfiguring changed: [Int] = []) -> DiffableSnapshot<Int, Int> {
        var s = DiffableSnapshot<Int, Int>()
        s.appendSections([MosaicScene.featuredSection, MosaicScene.mosaicSection])
        s.appendItems((0..<MosaicScene.featuredCount).map(MosaicScene.featuredID), toSection: MosaicScene.featuredSection)
        // The preset's order is a run of ids: ten million cards list nothing until the order changes.
        if model.hasGeneratedOrder {
            s.appendItems(identifiersIn: 0..<model.count, toSection: MosaicScene.mosaicSection)
        } else {
            s.appendItems(model.order, toSection: MosaicScene.mosaicSection)
        }
        s.reconfigureItems(changed)
        return s
    }

    /// Applies the model through the data source (animated: glides, regrouping included).
    private func applyModel(reconfiguring changed: [Int] = [], animated: Bool) {
        manager.finishLandings()
        let focused = focusedCard, ring = showsFocusRing
        do {
            try dataSource.apply(makeSnapshot(reconfiguring: changed), animated: animated)
        } catch {
            sceneNotices.append("mosaic: \(error)")
        }
        // The view's focus follows its card through the update; a reload (the sections changed)
        // keeps positions, so the focus is put back on its card (or on none, if it went).
        if let focused, focusedCard != focused { focusCard(focused, ring: ring) }
        orthogonal.sync(with: collection)
    }

    /// Does `edit`, records it for undo, and applies it animated.
    private func perform(_ edit: MosaicEdit, now: Double) {
        let changed = edit.apply(to: &model)
        record(edit)
        applyModel(reconfiguring: changed, animated: true)
    }

    /// Records a done edit on the engine's one undo history (the manager's); the redo history
    /// ends there.
    private func record(_ edit: MosaicEdit) {
        manager.history.push(tr("mosaic edit"), undo: { [unowned self] in
            applyModel(reconfiguring: edit.inverse.apply(to: &model), animated: true)
        }, redo: { [unowned self] in
            applyModel(reconfiguring: edit.apply(to: &model), animated: true)
        })
    }

    public func undo() { manager.undo(now: 0) }

    public func redo() { manager.redo(now: 0) }

    /// The data source moved a card at the end of a drag: the model follows (the reorderable
    /// collection's `didMove` records it for undo).
    private func cardMoved(from: Int, to: Int) {
        guard from != to else { return }
        model.moveCard(from: from, to: to)
    }

    /// S: a seeded shuffle, so the same key presses give the same order.
    public func shuffle(now: Double) {
        var rng = shuffleSeed
        shuffleSeed &+= 1
        var order = model.order
        for i in stride(from: order.count - 1, to: 0, by: -1) {
            rng = MosaicModel.mix(Int(truncatingIfNeeded: rng))
            order.swapAt(i, Int(rng % UInt64(i + 1)))
        }
        perform(.replace(before: model.order, beforeStyles: model.styles, after: order, afterStyles: model.styles), now: now)
    }

    /// R: back to the preset's cards, order and styles.
    /// Puts the preset's cards back as one undoable edit; on cards that are the preset's already it
    /// does nothing (Reset is disabled then), so no empty undo step is made.
    public func reset(now: Double) {
        guard !model.isAsGenerated else { return }
        var styles = model.styles
        for i in 0..<initialModel.cardCount { styles[i] = initialModel.style(of: i) }
        perform(.replace(before: model.order, beforeStyles: model.styles, after: initialModel.order, afterStyles: styles), now: now)
    }

    // MARK: Menu

    /// The actions card `id` offers; none when it does not allow a menu.
    public func menuActions(for id: Int) -> [ContextMenuAction] {
        guard model.hasCard(id), model.allowsMenu(of: id) else { return [] }
        let index = model.position(of: id) ?? 0
        return [ContextMenuAction(model.style(of: id) == .compact ? tr("Make regular") : tr("Make compact")),
                ContextMenuAction(tr("Duplicate")), ContextMenuAction(MosaicScene.renameAction),
                ContextMenuAction(tr("Move to top"), isEnabled: index > 0),
                // The destructive action last, set apart by a separator (GNOME's menus end with it).
                .separator, ContextMenuAction(tr("Delete"), isDestructive: true)]
    }

    /// The card or featured card under a window point; nothing under a header (the pinned header
    /// is drawn over the cards it covers).
    fileprivate func itemIndexPath(at p: Point) -> ItemPath? {
        let c = collection.contentPoint(fromWindow: p)
        if collection.visibleAttributes.contains(where: { $0.kind != .cell && $0.frame.contains(c) }) { return nil }
        return collection.indexPathForItem(atWindowPoint: p)
    }

    private func openMenu(for ip: ItemPath, at anchor: Point, fromKeyboard: Bool, now: Double) {
        guard ip.section == MosaicScene.mosaicSection, let id = dataSource.itemIdentifier(at: ip) else { return }
        // A card that offers no menu is left alone: nothing opens and nothing else changes.
        if menu.open(itemID: id, actions: menuActions(for: id), at: anchor, in: windowBounds,
                     isDragging: manager.isDragging, fromKeyboard: fromKeyboard) {
            collection.setFocus(ip, showingRing: showsFocusRing)
            menuCard = id
        }
    }

    /// The state of a picture card's picture as its visible cell draws it ("none": no pipeline,
    /// "hidden": no cell in view).
    private func pictureState(id: Int, path: String) -> String {
        guard let pictures else { return "none" }
        guard let a = collection.visibleAttributes.first(where: { $0.kind == .cell && collection.identifier(at: $0.indexPath) == AnyHashable(id) }) else { return "hidden" }
        let state = pictures.state(of: ImageKey(source: path, size: a.frame.size, scale: pixelScale.value))
        return state == .fading ? ImageLoadState.shown.rawValue : state.rawValue
    }

    /// The picture a card made from a dropped picture shows, when pictures can be decoded.
    private func cardPicture(_ id: Int) -> CardPicture? {
        guard let pictures, let path = model.picture(of: id) else { return nil }
        return CardPicture(path: path, pipeline: pictures, scale: pixelScale.value)
    }

    /// Picture files dropped from a file manager become regular cards showing the pictures
    /// (decoded through the image pipeline) named after the files, at the card they were dropped
    /// on (else at the end), as one undoable edit, saved as the others (the names; the pictures
    /// for the session).
    private func addDroppedPictures(_ files: [String], at position: ItemPath) {
        guard !files.isEmpty, !manager.isDragging else { return }
        let before = model.order, styles = model.styles
        let at = position.section == MosaicScene.mosaicSection ? min(max(0, position.item), before.count) : before.count
        let made = files.map { file -> Int in
            let id = model.makeCard(value: model.cardCount, style: .regular, allowsMenu: true)
            let name = DropPayload.fileName(file)
            model.setName(name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name, of: id)
            model.setPicture(file, of: id)
            return id
        }
        var after = before
        after.insert(contentsOf: made, at: at)
        perform(.replace(before: before, beforeStyles: styles, after: after, afterStyles: model.styles), now: collection.now)
    }

    private func run(_ title: String, on id: Int, now: Double) {
        guard let index = model.position(of: id) else { return }
        switch title {
        case tr("Make regular"): perform(.style(id: id, from: model.style(of: id), to: .regular), now: now)
        case tr("Make compact"): perform(.style(id: id, from: model.style(of: id), to: .compact), now: now)
        case tr("Duplicate"):
            let copy = model.makeCard(value: model.value(of: id), style: model.style(of: id), allowsMenu: model.allowsMenu(of: id))
            perform(.insert(id: copy, at: index + 1), now: now)
        case MosaicScene.renameAction:
            beginRenaming(id, now: now)
        case tr("Delete"):
            let title = accessibilityLabel(for: id) ?? ""
            perform(.delete(id: id, at: index), now: now)
            showDeleted(title, now: now)
        case tr("Move to top"):
            perform(.move(id: id, from: index, to: 0), now: now)
            collection.physics.setOffset(Point(x: 0, y: 0), animated: true, now: now)
        default: break
        }
    }

    // MARK: Input

    private var frameRect: Rect = .zero
    /// The area menus must stay inside: the scene's part of the window.
    private var windowBounds: Rect { frameRect }

    public func setFrame(_ frame: Rect) {
        frameRect = frame
        collection.setFrame(frame)
        manager.bounds = frame
        deleteToast.setFrame(frame)
        orthogonal.sync(with: collection)
        menu.close()
    }

    /// A delete says so with the card's whole name in quotes and an Undo, as every scene's deletes do.
    private func showDeleted(_ title: String, now: Double) {
        deleteToastUndoDepth = manager.history.undoCount
        deleteToast.show(filled(tr("“%@” deleted"), title), action: tr("Undo"), now: now) { [unowned self] now in
            guard manager.history.undoCount == deleteToastUndoDepth else { return }
            manager.undo(now: now)
        }
    }

    /// The menu's action that renames a card (an ellipsis: it asks for more, the name).
    static var renameAction: String { tr("Rename…") }
    static let fieldStyle = Theme.fieldStyle(size: 15, padding: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10))

    /// A field over the card with its name; Enter names it (an empty name gives its number back),
    /// as one edit Ctrl+Z undoes; Escape leaves it as it was.
    public func beginRenaming(_ id: Int, now: Double) {
        guard model.hasCard(id), model.allowsMenu(of: id), !manager.isDragging else { return }
        menu.close()
        focusCard(id)
        let old = model.name(of: id)
        // The field starts with the name the card goes by, selected, as the boards' and the
        // calendar's do; keeping the number's own name keeps the card unnamed.
        let numbered = filled(tr("Tile %@"), "\(model.value(of: id))")
        editor.begin(item: AnyHashable(id), text: old ?? numbered, maximumLength: TextLimits.mosaicName,
                     placeholder: numbered,
                     frame: { [unowned self] in cardWindowFrame(id).map { r in
                         Rect(x: r.minX + 6, y: r.midY - 20, width: max(60, r.width - 12), height: 40)
                     } }, now: now) { [unowned self] text in
            guard let text else { return }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let new: String? = trimmed.isEmpty || trimmed == numbered ? nil : trimmed
            guard new != old else { return }
            perform(.rename(id: id, from: old, to: new), now: now)
        }
    }

    /// Where a card is in the window, while it is laid out.
    func cardWindowFrame(_ id: Int) -> Rect? {
        guard let position = model.position(of: id),
              let a = collection.layout.attributesForItem(at: ItemPath(item: position, section: MosaicScene.mosaicSection)) else { return nil }
        return collection.windowRect(fromContent: a.frame)
    }

    /// The scene's commands from the shortcuts table; then the page keys, Home and End scroll.
    private func handleShortcut(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        if ShortcutSection.run(commandShortcuts, key: key, mods: mods, now: now) { return true }
        return mods.isEmpty && keyboardScrolling.scroll(for: key, in: collection, now: now)
    }

    /// The focused cards' keys: the arrows move the focus ring, Enter opens the focused card's
    /// menu, Escape hides the ring; Left and Right with no ring page the featured row.
    fileprivate func handleCardKey(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        guard mods.isEmpty else { return false }
        if [.up, .down, .left, .right].contains(key), moveFocus(toward: key, now: now) { return true }
        switch key {
        case .enter:
            guard showsFocusRing, focusedCard != nil else { return false }
            openMenuForFocused(now: now)
        case .escape:
            guard showsFocusRing else { return false }
            collection.setFocus(collection.focusedItem, showingRing: false)
        case .left, .right:
            pageFeatured(by: key == .right ? 1 : -1, now: now)
        default:
            return false
        }
        return true
    }

    /// Turns the featured row one card toward `step`.
    fileprivate func pageFeatured(by step: Int, now: Double) {
        let featured = MosaicScene.featuredSection
        guard let layout = collection.layout as? CompositionalLayout, layout.sections.indices.contains(featured) else { return }
        let current = layout.nearestRestingPlace(section: featured, toOffset: orthogonal.scrollers[featured]?.restingOffset.x ?? 0)
        orthogonal.scroll(section: featured, toPlace: current + step, in: layout, animated: true, now: now)
    }

    /// Moves the focus `step` cards along the order (0: the first card in view), scrolling it
    /// into view.
    fileprivate func moveFocus(by step: Int, now: Double) {
        guard model.count > 0 else { return }
        let current = collection.focusedItem.flatMap { $0.section == MosaicScene.mosaicSection ? $0.item : nil }
        let next = current.map { min(max(0, $0 + step), model.count - 1) } ?? firstVisibleCardIndex()
        let ip = ItemPath(item: next, section: MosaicScene.mosaicSection)
        collection.setFocus(ip, showingRing: true)
        reveal(ip)
    }

    /// Scrolls a focused card into view only when it is not already wholly in view below the
    /// pinned header; then centred, so the header never covers it. A card in view stays put.
    private func reveal(_ ip: ItemPath) {
        guard let f = collection.layout.attributesForItem(at: ip)?.frame, !unobscuredContent().contains(f) else { return }
        collection.scrollToItem(ip, centered: true, animated: true)
    }

    /// The content the viewport shows, less the pinned header over its top, in content points.
    private func unobscuredContent() -> Rect {
        let viewport = Rect(origin: collection.physics.restingOffset, size: collection.frame.size)
        guard let header = collection.visibleAttributes.first(where: { $0.kind == .supplementary("header") && $0.indexPath.section == MosaicScene.mosaicSection })?.frame,
              header.minY <= viewport.minY + 1, header.maxY > viewport.minY else { return viewport }
        return Rect(x: viewport.minX, y: header.maxY, width: viewport.width, height: max(0, viewport.maxY - header.maxY))
    }

    /// The arrows move the focus ring to the nearest card that way (the engine's geometry rule,
    /// `CollectionView.item(from:toward:)`). Up and Down with no ring show it on the first card in
    /// view; Left and Right with no ring page the featured row (false: not used here).
    private func moveFocus(toward key: Key, now: Double) -> Bool {
        guard model.count > 0 else { return false }
        guard showsFocusRing, let here = collection.focusedItem, here.section == MosaicScene.mosaicSection else {
            guard key == .up || key == .down else { return false }
            moveFocus(by: 0, now: now)
            return true
        }
        if let next = collection.item(from: here, toward: key), next.section == MosaicScene.mosaicSection {
            collection.setFocus(next, showingRing: true)
            reveal(next)
        }
        return true
    }

    /// The card whose ⋯ button is under `p` (a card that offers a menu, under the pointer).
    private func moreButtonItem(at p: Point) -> ItemPath? {
        guard let ip = itemIndexPath(at: p), ip.section == MosaicScene.mosaicSection,
              let id = dataSource.itemIdentifier(at: ip), model.hasCard(id), model.allowsMenu(of: id),
              moreButtonFrame(of: ip)?.contains(p) == true else { return nil }
        return ip
    }

    /// The ⋯ button of the card at `ip`, in window points.
    private func moreButtonFrame(of ip: ItemPath) -> Rect? {
        guard let frame = collection.presentedFrameForItem(at: ip) else { return nil }
        return MosaicCardCell.moreButtonFrame(in: collection.windowRect(fromContent: frame))
    }

    /// The first card wholly in view (below the pinned header), else the first partly in view.
    private func firstVisibleCardIndex() -> Int {
        let cards = collection.visibleAttributes.filter { $0.kind == .cell && $0.indexPath.section == MosaicScene.mosaicSection }
        let clear = unobscuredContent()
        return cards.filter { clear.contains($0.frame) }.map(\.indexPath.item).min()
            ?? cards.map(\.indexPath.item).min() ?? 0
    }

    /// The Menu key or Shift+F10: the focused card's menu, anchored inside the card.
    func openMenuForFocused(now: Double) {
        if focusedCard == nil, model.count > 0 {
            collection.setFocus(ItemPath(item: firstVisibleCardIndex(), section: MosaicScene.mosaicSection), showingRing: showsFocusRing)
        }
        guard let ip = collection.focusedItem, ip.section == MosaicScene.mosaicSection else { return }
        guard let frame = collection.presentedFrameForItem(at: ip) else { return }
        let w = collection.windowRect(fromContent: frame)
        let x = collection.layoutDirection.isRightToLeft ? w.maxX - 12 : w.minX + 12
        let anchor = Point(x: x, y: min(max(w.minY + 12, collection.frame.minY + 50), collection.frame.maxY - 20))
        openMenu(for: ip, at: anchor, fromKeyboard: true, now: now)
    }

    /// A click on a side featured card centres it.
    private func clickFeatured(at p: Point, now: Double) {
        guard let ip = collection.indexPathForItem(atWindowPoint: p), ip.section == MosaicScene.featuredSection,
              let layout = collection.layout as? CompositionalLayout else { return }
        orthogonal.scroll(section: ip.section, toPlace: ip.item, in: layout, animated: true, now: now)
    }

    /// Puts every card back; the snapshot flies home to the card's own slot.
    public func cancelDrag(now: Double) { interaction.cancelDrag(now: now) }

    // MARK: Frame

    private func updateScene(now: Double) {
        // The interaction and the rows are parts of the composition, which updates them; the rows
        // only learn of new orthogonal sections here.
        orthogonal.sync(with: collection)
        manager.update(now: now)
        collection.update(now: now)
        pictures?.update(now: now)
        layOutHeaderButtons()
        if deleteToast.isShowing, manager.history.undoCount != deleteToastUndoDepth { deleteToast.dismiss(now: now) }
        // The view draws the focus ring on its focused card (it marks its cells itself).
        for (ip, cell) in collection.visibleCells where ip.section == MosaicScene.mosaicSection {
            guard let card = cell as? MosaicCardCell else { continue }
            // The ⋯ button shows on the focused card, the hovered one, and the one whose menu is open.
            let menuIsFor = menu.isOpen && menuCard != nil && dataSource.itemIdentifier(at: ip) == menuCard
            card.showsMoreButton = card.isFocused || menuIsFor || (card.isHovered && !manager.isDragging && !menu.isOpen)
        }
        // The featured row's focus is the card it rests on.
        let featured = MosaicScene.featuredSection
        let restingCard = featuredRing ? (collection.layout as? CompositionalLayout).map {
            $0.nearestRestingPlace(section: featured, toOffset: orthogonal.scrollers[featured]?.restingOffset.x ?? 0)
        } : nil
        for (ip, cell) in collection.visibleCells where ip.section == featured {
            (cell as? MosaicCardCell)?.isFocused = ip.item == restingCard
        }
    }

    private func drawScene(into list: inout DrawList) {
        collection.draw(into: &list)
        // The gap the moving card leaves.
        list.clipped(to: collection.frame) { list in
            if let gap = collection.movingItemIndexPath.flatMap({ collection.presentedFrameForItem(at: $0) }) {
                let r = collection.windowRect(fromContent: gap).insetBy(dx: 2, dy: 2)
                list.fill(r, Theme.surface, radius: 12)
                list.stroke(r, Theme.border, width: 2, radius: 12)
            }
        }
        ScrollIndicator.draw(for: collection, into: &list)
        list.clipped(to: collection.frame) { list in for b in headerButtons { b.draw(into: &list) } }
        // Landing flights and the lifted card, above the cards.
        manager.draw(into: &list, now: collection.now)
        if let refusal = manager.feedback {
            let line = Rect(x: collection.frame.minX + 12, y: collection.frame.maxY - 30, width: collection.frame.width - 24, height: 24)
            list.fill(line, Theme.surfaceRaised, radius: 6)
            list.text(refusal.text, in: line.insetBy(dx: 8, dy: 0), size: 13, color: Theme.danger, alignment: .leading)
        }
    }

    public func cursor(at p: Point) -> Cursor {
        if !interaction.isDragging, headerButtons.contains(where: { $0.contains(p) }) { return .hand }
        if let pressing = interaction.cursor(at: p) { return pressing }
        if orthogonal.isPanning { return .grabbing }
        return itemIndexPath(at: p) != nil ? .hand : .arrow
    }

    /// The long-press timer, the drag, the featured row and the mosaic's own motion.
    private func sceneDeadline(after now: Double) -> Double? {
        Deadline.earliest(Deadline.earliest(manager.nextDeadline(after: now), collection.nextDeadline(after: now)), pictures?.nextDeadline(after: now))
    }

    public var isDragging: Bool { manager.isDragging }
    public var liveCellCount: Int { collection.liveCellCount }
    public var notices: [String] { sceneNotices }

    public func didDeactivate(now: Double) {
        menu.close()
        interaction.reset(now: now)
        manager.finishLandings()
        orthogonal.cancel(now: now)
    }

    // MARK: Cells and headers

    private func configure(_ cell: MosaicCardCell, id: Int) {
        if id < 0 {
            cell.isFeatured = true
            cell.value = -1 - id
            cell.style = .regular
            cell.allowsMenu = false
        } else {
            cell.isFeatured = false
            cell.value = model.value(of: id)
            cell.name = model.name(of: id)
            cell.style = model.style(of: id)
            cell.allowsMenu = model.allowsMenu(of: id)
            cell.picture = cardPicture(id)
        }
    }

    private func drawHeader(section: Int, in frame: Rect, into list: inout DrawList) {
        if section == MosaicScene.featuredSection {
            MosaicHeader.draw(title: tr("Featured"), detail: "", pinned: false, inset: gridSideInset, in: frame,
                              direction: collection.layoutDirection, measurer: measurer, into: &list)
        } else {
            MosaicHeader.draw(title: tr("Mosaic"), detail: MosaicScene.cardCount(model.count), pinned: true, inset: gridSideInset,
                              in: frame, direction: collection.layoutDirection, measurer: measurer, into: &list)
        }
    }

    // MARK: State dump

    /// The cards in the order shown now: the model's order, or mid-drag the order the drag implies.
    public var displayedCards: [Int] {
        guard collection.interactiveMove != nil else { return model.order }
        return (0..<model.count).map { i in
            dataSource.itemIdentifier(at: collection.dataIndexPath(forDisplayed: ItemPath(item: i, section: MosaicScene.mosaicSection))) ?? -1
        }
    }

    public func dumpState() -> [(String, JSON)] {
        let cards = displayedCards
        let listFrames = cards.count <= 10_000
        var mosaic: [(String, JSON)] = [
            ("name", .string("mosaic")),
            ("items", .strings(cards.map { "\($0)" })),
            ("contentOffset", .point(collection.contentOffset)),
            ("viewport", .rect(collection.frame)),
        ]
        let layout = collection.layout as? CompositionalLayout
        if listFrames {
            mosaic.append(("frames", .array(cards.indices.map {
                .rect(layout?.attributesForItem(at: ItemPath(item: $0, section: MosaicScene.mosaicSection))?.frame ?? .zero)
            })))
        }
        mosaic += [
            ("styles", .strings(cards.map { model.style(of: $0).rawValue })),
            ("values", .array(cards.map { .int(model.value(of: $0)) })),
            ("menuAllowed", .strings(cards.filter { model.allowsMenu(of: $0) }.map { "\($0)" })),
            ("groups", .strings(PairedRows.rowSpans(for: cards.map { model.style(of: $0).width }, columns: mosaicColumnCount)
                .map { MosaicScene.groupName($0, columns: mosaicColumnCount) })),
            ("columns", .int(mosaicColumnCount)),
            ("pinnedHeaderY", pinnedHeaderY().map { .number($0) } ?? .null),
            ("focused", focusedCard.map { .string("\($0)") } ?? .null),
            // The card with the keyboard focus and whether its ring shows, as every collection's dump has them.
            ("focusedItem", focusedCard.map { .string("\($0)") } ?? .null),
            ("focusRing", .bool(showsFocusRing)),
            // The card under a free pointer (its hover highlight and ⋯ button), or null.
            ("hovered", collection.feedback.hovered.flatMap { collection.identifier(at: $0) }.map { .string("\($0.base)") } ?? .null),
            ("hidden", .strings(collection.hiddenIdentifiers.identifiers(as: Int.self).sorted().map { "\($0)" })),
        ]
        let featuredItems = (0..<MosaicScene.featuredCount).map(MosaicScene.featuredID)
        let featuredOffset = orthogonal.offset(section: MosaicScene.featuredSection)
        let featured: [(String, JSON)] = [
            ("name", .string("featured")),
            ("items", .strings(featuredItems.map { "\($0)" })),
            ("contentOffset", .point(Point(x: featuredOffset, y: 0))),
            ("frames", .array(featuredItems.indices.map {
                .rect(layout?.attributesForItem(at: ItemPath(item: $0, section: MosaicScene.featuredSection))?.frame ?? .zero)
            })),
            ("centeredIndex", .int(layout?.nearestRestingPlace(section: MosaicScene.featuredSection, toOffset: featuredOffset) ?? 0)),
            ("focusRing", .bool(featuredRing)),
        ]
        var menuJSON: JSON = .null
        if let m = menu.menu {
            menuJSON = .object([("item", .string("\(m.itemID.base)")), ("actions", .strings(m.actions.filter { !$0.isSeparator }.map(\.title))),
                                ("frame", .rect(m.frame))])
        }
        return composition.focus.dumpEntries() + [
            ("preset", .string(preset.rawValue)),
            ("collections", .array([.object(mosaic), .object(featured)])),
            ("menu", menuJSON),
            ("undo", .int(manager.history.undoCount)),
            ("redo", .int(manager.history.redoCount)),
            // Why a drop from another program was refused, while the line shows.
            ("refusal", manager.feedback.map { .string($0.text) } ?? .null),
            ("names", .object(model.names.sorted { $0.key < $1.key }.map { ("\($0.key)", .string($0.value)) })),
            // Cards made from dropped pictures, by id: whether the card's picture is shown, pending or failed.
            ("pictureCards", .object(model.pictures.sorted { $0.key < $1.key }.map { id, path in
                ("\(id)", .string(pictureState(id: id, path: path)))
            })),
            // The pinned header's buttons (Shuffle, Reset, Undo) in window points.
            ("headerControls", headerControlsDump()),
            // The delete toast's words ("“Tile 12” deleted"), its frame and its buttons while it shows.
            ("deletedNotice", deleteToast.message.map { .string($0) } ?? .null),
            ("deletedNoticeFrame", deleteToast.isShowing ? .rect(deleteToast.box) : .null),
            ("deletedNoticeUntil", deleteToast.deadline.map { .number($0) } ?? .null),
            ("deletedNoticeButtons", .array(deleteToast.isShowing ? [
                .object([("name", .string("undo")), ("frame", .rect(deleteToast.actionButton.frame))]),
                .object([("name", .string("close")), ("frame", .rect(deleteToast.closeButton.frame))]),
            ] : [])),
        ]
    }

    /// Where the mosaic's pinned header is drawn now (content y), when it is in view.
    private func pinnedHeaderY() -> Double? {
        collection.visibleAttributes.first { $0.kind == .supplementary("header") && $0.indexPath.section == MosaicScene.mosaicSection }?.frame.minY
    }
}

// MARK: Remembered state

extension MosaicScene {
    /// Shows remembered cards in place of the preset's (R still resets to the preset). Refused
    /// (false) while a drag lasts or when the cards do not extend the preset's.
    public func restore(_ remembered: MosaicModel) -> Bool {
        guard !manager.isDragging, remembered.cardCount >= initialModel.cardCount else { return false }
        // Restored as the scene is made, before any edit: the undo history is empty.
        model = remembered
        applyModel(animated: false)
        return true
    }
}

/// The featured row as a focus stop: Left and Right page it (the arrow towards the row's end goes
/// forward: the right one, or the left in right to left); the ring shows on the card it rests on.
final class FeaturedRowStop: FocusStop {
    private unowned let scene: MosaicScene
    /// The row has the focus with its ring.
    private(set) var showsRing = false
    init(scene: MosaicScene) { self.scene = scene }

    var focusName: String { "featured" }
    var canTakeFocus: Bool { true }
    var showsOwnRing: Bool { showsRing }
    func contains(_ p: Point) -> Bool { scene.orthogonal.contains(p) }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) { self.showsRing = isFocused && showsRing }
    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .key(key, mods) = event, mods.isEmpty, key == .left || key == .right else { return .ignored }
        let forward: Key = scene.collection.layoutDirection.isRightToLeft ? .left : .right
        scene.pageFeatured(by: key == forward ? 1 : -1, now: now)
        return .handled
    }
}

/// The mosaic's cards as a focus stop: the arrows move the focused card, Enter opens its menu,
/// Space picks it up; the ring shows after keyboard use. The focused card is the view's focused
/// item: the view keeps it on its card as cards move.
final class MosaicCardsStop: FocusStop {
    private unowned let scene: MosaicScene
    init(scene: MosaicScene) { self.scene = scene }

    var focusName: String { "mosaic" }
    var canTakeFocus: Bool { scene.model.count > 0 }
    var showsOwnRing: Bool { scene.showsFocusRing }
    func contains(_ p: Point) -> Bool { scene.itemIndexPath(at: p)?.section == MosaicScene.mosaicSection }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        let ring = isFocused && showsRing
        if ring, scene.focusedCard == nil { scene.moveFocus(by: 0, now: now) }
        else { scene.collection.setFocus(scene.collection.focusedItem, showingRing: ring) }
    }
    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .key(key, mods) = event else { return .ignored }
        return scene.handleCardKey(key, mods, now: now) ? .handled : .ignored
    }
}
