import CollectionKit
import Foundation

/// A folder of pictures as a grid: pictures decoded off the main thread, prefetched ahead of the
/// scroll, cached in memory and in the desktop's thumbnail cache. Pan, wheel, click to select
/// (Ctrl+click toggles, Shift+click extends, Ctrl+A selects all); a double click or Enter opens
/// the picture in the viewer (``PhotoViewer``); a long press (or Space, then the arrows and Space
/// again) lifts a picture and drops it elsewhere in the wall (the same drag machinery as the
/// rearrange scene); a right click, the Menu
/// key or Shift+F10 opens its menu (open, copy, move to the start or the end, remove from the wall,
/// move to trash); Delete moves the selected pictures to the desktop's trash, with a toast whose
/// Undo puts them back; Ctrl+C copies their file URIs; Ctrl+Z and Ctrl+Shift+Z undo and redo.
/// A file is never changed: only "Move to Trash" moves one, to the freedesktop trash.
/// The dump says, for each visible cell, whether its picture is shown, pending or failed.
public final class PhotosScene: Scene, CollectionDataSource, CollectionPrefetchingDataSource, CollectionAccessibilityDataSource {
    public let name = "photos"
    public let collection: CollectionView
    public let pipeline: ImagePipeline
    public private(set) var composition = Composition([])
    var library: PhotoLibrary
    private let controller: CollectionController
    /// The wall: indices into the library's files, in the order shown.
    public private(set) var order: [Int]
    /// Runs the drag: lift, gap, auto-scroll, drop, landing flight, and the undo history.
    /// Its refusals are drawn by this view itself (with its own status), not as the manager's line.
    public let manager: DragDropManager<String> = { let m = DragDropManager<String>(); m.drawsFeedback = false; return m }()
    private let reorder: ReorderableCollection<String>
    private let interaction: ReorderInteraction
    public let menu = ContextMenuController()
    private var menuItem: String?
    private var windowBounds = Rect.zero
    /// The picture over the wall, open or closed.
    let viewer: PhotoViewer
    /// Says what was moved to the trash, with Undo.
    public let toast: Toast
    private let clipboard: any Clipboard
    /// The modifiers of the last press, and the last click (for a double click).
    private var pressModifiers: Modifiers = []
    private var lastClick: (item: Int, time: Double)?
    private var selectionAnchor: Int?
    /// Pictures that left the folder behind the wall's back: they come back if their file does.
    private var goneFromFolder: Set<String> = []
    /// The header's sort switch.
    let nameButton: Button, dateButton: Button
    let sortRow: CollectionKit.ButtonRow
    /// How the wall is ordered now (a drag or a menu move keeps it: the user's order within it).
    public internal(set) var sortMode = PhotoSort.name
    var factsCache: [String: PictureFacts] = [:]
    /// Dates being read in the background for a sort by date, and where they arrive.
    var readingDates = false
    let datesRead = PictureFactsMailbox()
    /// The header band, above the wall.
    private(set) var headerFrame = Rect.zero
    /// The wall's groups (months, folders), each a section under its header.
    var groups = PhotoGroups(total: 0)
    /// The keyboard focus last kept clear of a pinned header.
    var revealedFocus: ItemPath?
    /// How the file manager took "Show in Files", and the URIs asked for last.
    let showInFilesDone = PhotoCallMailbox()
    public private(set) var shownInFiles: [String] = []

    /// The menu's actions, in the order shown.
    static var moveToStart: String { tr("Move to start") }
    static var moveToEnd: String { tr("Move to end") }
    static var remove: String { tr("Remove from wall") }
    static var open: String { tr("Open") }
    static var copy: String { tr("Copy") }
    static var moveToTrash: String { tr("Move to Trash") }
    static var showInFiles: String { tr("Show in Files") }
    /// Two clicks on one picture within this many seconds open it.
    static let doubleClickInterval = 0.4

    public init(library: PhotoLibrary, measurer: any TextMeasuring = EstimatedTextMeasurer(), clipboard: any Clipboard = TextServices().clipboard) {
        self.library = library
        order = Array(library.files.indices)
        self.clipboard = clipboard
        toast = Toast(name: "photos-toast", measurer: measurer)
        nameButton = Button(name: "sort-name", title: PhotosScene.sortByName)
        dateButton = Button(name: "sort-date", title: PhotosScene.sortByDate)
        sortRow = CollectionKit.ButtonRow([nameButton, dateButton], measurer: measurer, alignment: .trailing)
        pipeline = library.makePipeline()
        viewer = PhotoViewer(pipeline: pipeline, scale: library.scale)
        pipeline.placeholderColor = Theme.photoPlaceholder
        // A picture that cannot be shown (broken, refused, its decoder crashed) is told from one
        // still loading: a darker tile with a cross.
        pipeline.failureColor = Theme.surfaceRaised
        pipeline.failureMarkColor = Theme.danger
        collection = CollectionView(name: "photos", layout: GridLayout())
        collection.register(reuseIdentifier: "photo") { PhotoCell(reuseIdentifier: $0) }
        controller = CollectionController(view: collection, interaction: CollectionInteraction(panSlop: 4))
        let pipeline = pipeline, scale = library.scale
        reorder = ReorderableCollection<String>(view: collection, title: tr("Photos")) { file, rect, list in
            // Rounded as the tiles are.
            pipeline.draw(PhotoCell.key(file, size: rect.size, scale: scale.value), in: rect, cornerRadius: 6, into: &list)
        }
        reorder.describeItem = { String($0.split(separator: "/").last ?? "") }
        interaction = ReorderInteraction(manager: manager, reorderable: reorder)
        // Nothing is lifted from under a group's pinned header.
        interaction.itemHitTest = { [unowned self] in item(atWindowPoint: $0) }
        manager.snapshotKeyPrefix = "photos-snapshot"
        manager.add(reorder)
        reorder.externalDropAcceptance = { [unowned self] payload in
            payload.files(withExtensions: PhotoLibrary.pictureExtensions).isEmpty
                ? .refuse(manager.strings.takesOnly(reorder.title, manager.strings.pictureKind)) : .accept
        }
        reorder.onExternalDrop = { [unowned self] payload, position in
            addDroppedPictures(payload.files(withExtensions: PhotoLibrary.pictureExtensions), at: groups.position(position))
        }
        reorder.didMove = { [unowned self] from, to in
            let (a, b) = (groups.position(from), groups.position(to))
            manager.history.push(tr("move picture"), undo: { [unowned self] in move(from: b, to: a) },
                                 redo: { [unowned self] in move(from: a, to: b) })
        }
        collection.setLayout(makeLayout())
        collection.dataSource = self
        collection.prefetchDataSource = self
        collection.emptyMessage = tr("No pictures")
        groups = makeGroups()
        collection.reloadData()
        nameButton.onActivate = { [unowned self] now in sort(by: .name, now: now) }
        dateButton.onActivate = { [unowned self] now in sort(by: .date, now: now) }
        updateSortButtons()
        viewer.facts = { [unowned self] in facts(of: $0) }
        viewer.files = { [unowned self] in order.map { self.library.files[$0] } }
        viewer.thumbnail = { [unowned self] file in
            guard let i = order.firstIndex(where: { self.library.files[$0] == file }),
                  let f = collection.layout.attributesForItem(at: groups.indexPath(i))?.frame else { return nil }
            return PhotoCell.key(file, size: f.size, scale: self.library.scale.value)
        }
        viewer.onClose = { [unowned self] item, _ in
            // Back at the picture shown last, focused and selected.
            guard order.indices.contains(item) else { return }
            let ip = groups.indexPath(item)
            collection.setSelection([ip])
            collection.scrollToItem(ip, centered: true, animated: false)
            collection.setFocus(ip, showingRing: false)
        }
        compose()
    }

    /// The menu on top; the drag (a long press lifts, a click selects); right clicks; the grid's
    /// own pan, wheel, scroll bars and keys; the shortcuts; the frame.
    private func compose() {
        interaction.onClick = { [unowned self] p, now in
            guard let ip = item(atWindowPoint: p) else { return }
            click(ip, modifiers: pressModifiers, now: now)
        }
        controller.onActivate = { [unowned self] ip, now in viewer.open(groups.position(ip), now: now) }
        // Space picks the focused picture up to move it with the arrows, as in the other scenes
        // (Enter opens it); it is taken before the grid, whose Space would activate.
        let spaceLift = ClosureComponent(role: .capture, handle: { [unowned self] event, now in
            guard case .key(.space, []) = event, !viewer.isOpen, !manager.isDragging,
                  composition.focus.focused === controller,
                  let ip = collection.focusedItem, let id = path(at: ip) else { return .ignored }
            manager.finishLandings()
            collection.setFocus(ip, showingRing: true)
            return manager.liftWithKeyboard(id, from: reorder, now: now) ? .handled : .ignored
        })
        // Notes the modifiers of each press (the click callback does not carry them).
        let pressWatch = ClosureComponent(role: .observe, handle: { [unowned self] event, _ in
            if case let .pointerDown(_, _, mods) = event { pressModifiers = mods }
            return .ignored
        })
        menu.onChoose = { [unowned self] _, _, title, now in if let file = menuItem { run(title, on: file, now: now) } }
        let rightClick = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .pointerDown(p, .right, _) = event else { return .ignored }
            if interaction.isPressActive { return .handled }
            guard let ip = item(atWindowPoint: p) else { return .ignored }
            openMenu(for: ip, at: p, fromKeyboard: false)
            return .handled
        })
        let shortcuts = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .key(key, mods) = event else { return .ignored }
            if key == Key("z"), mods == .ctrl { undo(now: now); return .handled }
            if key == Key("z"), mods == [.ctrl, .shift] { redo(now: now); return .handled }
            if key == Key("a"), mods == .ctrl { selectAll(); return .handled }
            if key == Key("c"), mods == .ctrl { copy(targets(of: collection.focusedItem)); return .handled }
            if key == Key("o"), mods == [.ctrl, .alt], library.showInFiles != nil {
                showInFiles(targets(of: collection.focusedItem))
                return .handled
            }
            if key == Key("Delete"), mods.isEmpty || mods == .shift {
                moveToTrash(targets(of: collection.focusedItem), now: now)
                return .handled
            }
            if ContextMenuController.isMenuKey(key, mods), let ip = collection.focusedItem,
               let f = collection.layout.attributesForItem(at: ip)?.frame {
                openMenu(for: ip, at: collection.windowRect(fromContent: f).center, fromKeyboard: true)
                return .handled
            }
            return .ignored
        })
        // Pictures dropped from a file manager join the wall where they are dropped.
        let drops = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .drop(payload, p) = event else { return .ignored }
            return manager.dropExternal(payload, at: p, now: now)
        })
        // The drag's flights and timers; the pipeline is a part of its own.
        let frame = ClosureComponent(update: { [unowned self] now in
            manager.update(now: now)
            if !manager.isDragging { takeDatesRead(now: now) }
            revealFocusBelowHeader(now: now)
            for failure in showInFilesDone.take() {
                if let failure { toast.show(filled(tr("No file manager could show the pictures: %@"), failure), now: now) }
            }
            if let files = library.folderChanges?.take() {
                if manager.isDragging { library.folderChanges?.putBack(files) } else { folderChanged(files, now: now) }
            }
        },
                                     nextDeadline: { [unowned self] now in manager.nextDeadline(after: now) })
        // Over the grid: the slot a lifted picture left, and the picture itself (or its flight home).
        let dragLayer = ClosureComponent(draw: { [unowned self] list in
            if let gap = collection.movingItemIndexPath.flatMap({ collection.presentedFrameForItem(at: $0) }) {
                list.clipped(to: collection.frame) { list in
                    list.stroke(collection.windowRect(fromContent: gap).insetBy(dx: 2, dy: 2), Theme.border, width: 2, radius: 6)
                }
            }
            manager.draw(into: &list)
            if let refusal = manager.feedback {
                let line = Rect(x: collection.frame.minX + 12, y: collection.frame.maxY - 30, width: collection.frame.width - 24, height: 24)
                list.fill(line, Theme.surfaceRaised, radius: 6)
                list.text(refusal.text, in: line.insetBy(dx: 8, dy: 0), size: 13, color: Theme.danger, alignment: .leading)
            }
        })
        let focus = FocusChain([controller] + sortRow.focusStops + toast.focusStops)
        toast.focusChain = focus
        let header = ClosureComponent(draw: { [unowned self] list in drawHeader(into: &list) })
        composition = Composition([pressWatch, viewer, spaceLift, toast, menu, dragLayer, interaction, rightClick, drops, sortRow, header, controller, shortcuts, frame, pipeline],
                                  focus: focus)
        composition.collections = [collection]
        composition.collectionDumpExtras = { [unowned self] cv in
            [("selected", .array(cv.selectedItems.sorted().map { .string(self.fileName(self.groups.position($0))) })),
             ("pictures", .array(self.visiblePictures())),
             ("count", .int(self.order.count)),
             ("sort", .string(self.sortMode.rawValue)),
             ("title", .string(self.headerTitle)),
             ("refusal", self.manager.feedback.map { .string($0.text) } ?? .null),
             ("shownInFiles", .array(self.shownInFiles.map { .string($0) }))] + self.groupsDump()
        }
    }

    private func openMenu(for ip: ItemPath, at anchor: Point, fromKeyboard: Bool) {
        let file = file(at: groups.position(ip))
        let inGroup = groups.starts.indices.contains(ip.section) ? groups.range(ip.section).count : order.count
        // "Show in Files" where the backend can ask a file manager.
        let files = library.showInFiles == nil ? [] : [ContextMenuAction(PhotosScene.showInFiles)]
        let actions = [ContextMenuAction(PhotosScene.open), ContextMenuAction(PhotosScene.copy)] + files
                    + [ContextMenuAction(PhotosScene.moveToStart, isEnabled: ip.item > 0),
                       ContextMenuAction(PhotosScene.moveToEnd, isEnabled: ip.item < inGroup - 1),
                       ContextMenuAction(PhotosScene.remove),
                       ContextMenuAction(PhotosScene.moveToTrash, isDestructive: true)]
        if menu.open(itemID: file, actions: actions, at: anchor, in: windowBounds, isDragging: manager.isDragging, fromKeyboard: fromKeyboard) {
            menuItem = file
        }
    }

    private func run(_ title: String, on file: String, now: Double) {
        guard let index = order.firstIndex(where: { library.files[$0] == file }) else { return }
        switch title {
        case PhotosScene.open:
            viewer.open(index, now: now)
        case PhotosScene.copy:
            copy(targets(of: groups.indexPath(index)))
        case PhotosScene.moveToTrash:
            moveToTrash(targets(of: groups.indexPath(index)), now: now)
        case PhotosScene.showInFiles:
            showInFiles(targets(of: groups.indexPath(index)))
        case PhotosScene.moveToStart, PhotosScene.moveToEnd:
            // To the start or the end of the picture's group.
            let group = groups.range(groups.indexPath(index).section)
            let to = title == PhotosScene.moveToStart ? group.lowerBound : group.upperBound - 1
            move(from: index, to: to)
            manager.history.push(tr("move picture"), undo: { [unowned self] in move(from: to, to: index) },
                                 redo: { [unowned self] in move(from: index, to: to) })
        case PhotosScene.remove:
            let picture = order[index]
            removePicture(at: index)
            manager.history.push(tr("remove picture"), undo: { [unowned self] in insertPicture(picture, at: index) },
                                 redo: { [unowned self] in removePicture(at: index) })
        default: break
        }
    }

    /// Shows the wall in `newOrder` (the same pictures), keeping which ones are selected.
    func setOrder(_ newOrder: [Int]) {
        changeWall { order = newOrder }
    }

    /// Changes the wall through `change` (of `order`) and shows it: a wall of one group before
    /// and after takes `updates` (wall positions, animated); otherwise the wall is regrouped and
    /// shown again, keeping which pictures are selected and focused.
    func changeWall(_ updates: [CollectionUpdate] = [], _ change: () -> Void) {
        let selected = Set(collection.selectedItems.compactMap { ip -> Int? in
            let i = groups.position(ip)
            return order.indices.contains(i) ? order[i] : nil
        })
        let focused = collection.focusedItem.map { groups.position($0) }.flatMap { order.indices.contains($0) ? order[$0] : nil }
        let ring = collection.showsFocusRing
        let before = groups
        change()
        groups = makeGroups()
        if before.count == 1 && groups.count == 1 && !updates.isEmpty {
            try? collection.performBatchUpdates(updates)
            return
        }
        if before == groups, !updates.isEmpty, updates.allSatisfy({ if case .move = $0 { return true } else { return false } }) {
            // Moves within the groups: the same sections, animated.
            try? collection.performBatchUpdates(updates.map { u in
                guard case let .move(a, b) = u else { return u }
                return .move(groups.indexPath(a.item), groups.indexPath(b.item))
            })
            return
        }
        collection.reloadData()
        collection.setSelection(Set(order.indices.filter { selected.contains(order[$0]) }.map { groups.indexPath($0) }))
        if let focused, let at = order.firstIndex(of: focused) { collection.setFocus(groups.indexPath(at), showingRing: ring) }
    }

    private func move(from: Int, to: Int) {
        manager.finishLandings()
        guard from != to, order.indices.contains(from), order.indices.contains(to) else { return }
        changeWall([.move(ItemPath(item: from), ItemPath(item: to))]) {
            let picture = order.remove(at: from)
            order.insert(picture, at: to)
        }
        collection.scrollToItem(groups.indexPath(to), centered: false, animated: true)
    }

    private func removePicture(at index: Int) {
        manager.finishLandings()
        changeWall([.delete([ItemPath(item: index)])]) { _ = order.remove(at: index) }
    }

    private func insertPicture(_ picture: Int, at index: Int) {
        manager.finishLandings()
        changeWall([.insert([ItemPath(item: index)])]) { order.insert(picture, at: index) }
    }

    /// Dropped picture files join the wall at `position`, as one undoable edit; a file the wall
    /// already shows is left where it is.
    private func addDroppedPictures(_ files: [String], at position: Int) {
        manager.finishLandings()
        let shown = Set(order.map { library.files[$0] })
        var added: [Int] = []
        for file in files where !shown.contains(file) && !added.contains(where: { library.files[$0] == file }) {
            if let known = library.files.firstIndex(of: file) { added.append(known); continue }
            library.files.append(file)
            added.append(library.files.count - 1)
        }
        guard !added.isEmpty else { return }
        let at = min(max(0, position), order.count)
        insertPictures(added, at: at)
        collection.scrollToItem(groups.indexPath(at), centered: false, animated: true)
        manager.history.push(tr("add pictures"), undo: { [unowned self] in removePictures(count: added.count, at: at) },
                             redo: { [unowned self] in insertPictures(added, at: at) })
    }

    private func insertPictures(_ pictures: [Int], at index: Int) {
        manager.finishLandings()
        changeWall([.insert((index..<index + pictures.count).map { ItemPath(item: $0) })]) { order.insert(contentsOf: pictures, at: index) }
    }

    private func removePictures(count: Int, at index: Int) {
        manager.finishLandings()
        changeWall([.delete((index..<index + count).map { ItemPath(item: $0) })]) { order.removeSubrange(index..<index + count) }
    }

    private func undo(now: Double) { _ = try? manager.history.undo() }
    private func redo(now: Double) { _ = try? manager.history.redo() }

    public convenience init(config: SceneConfig) throws {
        guard let library = config.photos else { throw AppError("the photos scene needs pictures (--photos DIR)") }
        self.init(library: library, measurer: config.measurer, clipboard: config.services.clipboard)
        collection.layoutDirection = config.layoutDirection
        sortRow.layoutDirection = config.layoutDirection
        viewer.layoutDirection = config.layoutDirection
        toast.layoutDirection = config.layoutDirection
        menu.layoutDirection = config.layoutDirection
    }

    public func setFrame(_ frame: Rect) {
        windowBounds = Rect(x: 0, y: 0, width: frame.maxX, height: frame.maxY)
        viewer.setFrame(frame)
        toast.setFrame(frame)
        // The header band, in a window tall enough to spare it.
        let band = frame.height >= 240 && frame.width >= 200 ? PhotosScene.headerHeight : 0
        headerFrame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: band)
        sortRow.setFrame(Rect(x: frame.minX + 12, y: frame.minY, width: max(0, frame.width - 24), height: band))
        let wall = Rect(x: frame.minX, y: frame.minY + band, width: frame.width, height: max(0, frame.height - band))
        manager.bounds = wall
        collection.setFrame(wall)
    }

    /// The folder the wall is remembered for (nil: not remembered).
    public var folder: String? { library.folder }

    /// The wall shows the folder's pictures in the folder's order, nothing moved, removed or added.
    /// O(pictures).
    public var wallIsAsListed: Bool {
        order.count == library.files.count && order.elementsEqual(library.files.indices)
    }

    /// The wall as remembered: the pictures in order, and the folder's pictures removed from it.
    public func rememberedWall() -> RememberedState.Photos {
        let shown = order.map { library.files[$0] }
        let shownSet = Set(shown)
        return RememberedState.Photos(order: shown, removed: library.files.filter { !shownSet.contains($0) })
    }

    /// Puts a remembered wall back: its pictures in its order (a dropped one joins the library
    /// again; one no longer in the folder is left out), then the folder's pictures it did not know,
    /// in the folder's order. O(pictures).
    public func restoreWall(_ wall: RememberedState.Photos) {
        var index: [String: Int] = [:]
        for (i, f) in library.files.enumerated() where index[f] == nil { index[f] = i }
        let folderPrefix = (library.folder ?? "") + "/"
        var newOrder: [Int] = [], used = Set<Int>()
        for f in wall.order {
            if let i = index[f] {
                if used.insert(i).inserted { newOrder.append(i) }
            } else if library.folder == nil || !f.hasPrefix(folderPrefix) {
                // Dropped from elsewhere: shown again (a failure tile if it is gone).
                library.files.append(f)
                index[f] = library.files.count - 1
                used.insert(library.files.count - 1)
                newOrder.append(library.files.count - 1)
            }
        }
        let removed = Set(wall.removed)
        for i in library.files.indices where !used.contains(i) && !removed.contains(library.files[i]) { newOrder.append(i) }
        order = newOrder
        groups = makeGroups()
        collection.reloadData()
    }

    /// The file shown at position `item`.
    func file(at item: Int) -> String { library.files[order[item]] }
    /// The file shown at `ip`.
    private func file(_ ip: ItemPath) -> String { file(at: groups.position(ip)) }

    private func fileName(_ item: Int) -> String {
        guard order.indices.contains(item) else { return "" }
        return String(file(at: item).split(separator: "/").last ?? "")
    }

    /// The reason the picture of `file` failed, for the dump.
    private func failureReason(_ file: String) -> JSON {
        pipeline.failureReason(of: file).map { .string($0) } ?? .null
    }

    /// Each visible cell's picture: shown (or fading in), pending, or failed.
    private func visiblePictures() -> [JSON] {
        collection.visibleAttributes.filter { $0.kind == .cell && $0.frame.intersects(collection.bounds) }.map { a in
            let state = pipeline.state(of: key(a.indexPath, size: a.frame.size))
            let position = groups.position(a.indexPath)
            var fields: [(String, JSON)] = [("item", .string(fileName(position))),
                                            ("picture", .string(state == .fading ? ImageLoadState.shown.rawValue : state.rawValue))]
            // A pending picture showing its embedded thumbnail meanwhile.
            if state == .pending, pipeline.showsPreview(of: key(a.indexPath, size: a.frame.size)) { fields.append(("preview", .bool(true))) }
            if state == .failed {
                fields.append(("reason", failureReason(file(at: position))))
                // What the tile says: the broken-picture glyph and the name.
                fields.append(("caption", .string(fileName(position))))
            }
            return .object(fields)
        }
    }

    private func key(_ ip: ItemPath, size: Size) -> ImageKey {
        PhotoCell.key(file(ip), size: size, scale: library.scale.value)
    }

    // MARK: Data source and prefetching

    public func numberOfSections(in cv: CollectionView) -> Int { groups.count }
    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int {
        groups.starts.indices.contains(section) ? groups.range(section).count : 0
    }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { file(ip) }
    public func collectionView(_ cv: CollectionView, drawSupplementary kind: String, at ip: ItemPath, in frame: Rect, into list: inout DrawList) {
        drawGroupHeader(section: ip.section, in: frame, into: &list)
    }
    public func collectionView(_ cv: CollectionView, canMoveItemAt ip: ItemPath) -> Bool { true }
    public func collectionView(_ cv: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {
        // Within its group (a drag moves in its section): the groups stay as they are.
        let picture = order.remove(at: groups.position(source))
        order.insert(picture, at: groups.position(destination))
    }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "photo", for: ip) as! PhotoCell
        cell.pipeline = pipeline
        cell.source = file(ip)
        cell.scale = library.scale.value
        cell.failureReason = { [unowned self] in pipeline.failureReason(of: $0).map { PhotosScene.failureText($0) } }
        return cell
    }

    public func collectionView(_ cv: CollectionView, prefetchItemsAt ips: [ItemPath]) {
        pipeline.prefetch(ips.compactMap { ip in cv.layout.attributesForItem(at: ip).map { key(ip, size: $0.frame.size) } })
    }

    public func collectionView(_ cv: CollectionView, cancelPrefetchingForItemsAt ips: [ItemPath]) {
        pipeline.cancelPrefetching(ips.compactMap { ip in cv.layout.attributesForItem(at: ip).map { key(ip, size: $0.frame.size) } })
    }
}

// MARK: Selection, viewer, clipboard and trash

extension PhotosScene {
    /// A click: selects one picture, Ctrl toggles it, Shift extends from the last clicked one; the
    /// second click of a double click opens the viewer.
    func click(_ ip: ItemPath, modifiers: Modifiers, now: Double) {
        let position = groups.position(ip)
        if modifiers.contains(.ctrl) {
            var selection = collection.selectedItems
            if selection.contains(ip) { selection.remove(ip) } else { selection.insert(ip) }
            collection.setSelection(selection)
            selectionAnchor = position
        } else if modifiers.contains(.shift), let anchor = selectionAnchor, order.indices.contains(anchor) {
            let range = min(anchor, position)...max(anchor, position)
            collection.setSelection(Set(range.map { groups.indexPath($0) }))
        } else {
            collection.setSelection([ip])
            selectionAnchor = position
            if let last = lastClick, last.item == position, now - last.time <= PhotosScene.doubleClickInterval {
                lastClick = nil
                collection.focusByPointer(ip)
                viewer.open(position, now: now)
                return
            }
        }
        lastClick = (position, now)
        collection.focusByPointer(ip)
    }

    /// The folder's picture files changed on disk: pictures gone from it leave the wall, new ones
    /// join it before the first picture they sort before (by name or date, as the wall is sorted).
    /// Pictures from elsewhere (dropped) stay. O(pictures) for each new one.
    func folderChanged(_ now: [String], now time: Double) {
        guard let folder = library.folder else { return }
        let prefix = folder + "/"
        let present = Set(now)
        let gone = order.indices.filter { i in
            let f = library.files[order[i]]
            return f.hasPrefix(prefix) && !present.contains(f)
        }
        if !gone.isEmpty {
            manager.finishLandings()
            changeWall([.delete(gone.map { ItemPath(item: $0) })]) {
                for i in gone.reversed() { goneFromFolder.insert(library.files[order[i]]); order.remove(at: i) }
            }
        }
        let shown = Set(order.map { library.files[$0] })
        var known: [String: Int] = [:]
        for (i, f) in library.files.enumerated() where known[f] == nil { known[f] = i }
        // New to the wall, or back in the folder; a picture the user took off the wall stays off.
        let added = now.filter { !shown.contains($0) && (known[$0] == nil || goneFromFolder.contains($0)) }
        for file in added {
            let picture: Int
            if let i = known[file] { picture = i } else {
                library.files.append(file)
                picture = library.files.count - 1
                known[file] = picture
            }
            goneFromFolder.remove(file)
            let at = order.firstIndex { precedes(file, library.files[$0], by: sortMode) } ?? order.count
            manager.finishLandings()
            changeWall([.insert([ItemPath(item: at)])]) { order.insert(picture, at: at) }
        }
        if !gone.isEmpty || !added.isEmpty {
            library.total = max(order.count, library.total - gone.count + added.count)
            viewer.wallChanged(now: time)
        }
    }

    func selectAll() {
        collection.setSelection(Set(order.indices.map { groups.indexPath($0) }))
    }

    /// What an action on `ip` acts on: the selection when it holds `ip` (or there is no `ip`),
    /// else `ip` alone; positions in the wall, in order.
    func targets(of ip: ItemPath?) -> [Int] {
        let selected = collection.selectedItems.map { groups.position($0) }.filter { order.indices.contains($0) }.sorted()
        guard let ip, order.indices.contains(groups.position(ip)) else { return selected }
        let position = groups.position(ip)
        return selected.contains(position) ? selected : [position]
    }

    /// Puts the pictures' file URIs on the clipboard, one a line, as `text/uri-list` writes them
    /// (SDL's clipboard carries text only, so other programs get them as text).
    func copy(_ items: [Int]) {
        guard !items.isEmpty else { return }
        clipboard.setText(items.map { PhotosScene.fileURI(file(at: $0)) }.joined(separator: "\r\n"))
    }

    static func fileURI(_ path: String) -> String { "file://" + FreedesktopTrash.escape(path) }

    /// Asks the desktop's file manager to show the pictures' files, selected in their folder
    /// (FileManager1's ShowItems, on a thread of its own: the bus may start the file manager);
    /// when none answers, a toast says so once.
    func showInFiles(_ items: [Int]) {
        guard !items.isEmpty, let show = library.showInFiles else { return }
        let uris = items.map { PhotosScene.fileURI(file(at: $0)) }
        shownInFiles = uris
        let done = showInFilesDone, wake = library.wake
        Thread.detachNewThread {
            do { try show(uris); done.post(nil) } catch { done.post(String(describing: error)) }
            wake()
        }
    }

    /// Moves the pictures' files to the desktop's trash and takes them off the wall; a toast says
    /// so, and its Undo (or Ctrl+Z) puts each file back, byte for byte, and on the wall where it was.
    /// A file that cannot be moved stays (and on the wall), and the toast says why.
    func moveToTrash(_ items: [Int], now: Double) {
        manager.finishLandings()
        var done: [(picture: Int, position: Int, trashed: FreedesktopTrash.Trashed)] = []
        var failure: (name: String, reason: String)?
        for position in items {
            let path = file(at: position)
            do { done.append((order[position], position, try library.trash.trash(path))) } catch {
                if failure == nil { failure = (PhotoCell.fileName(path), String(describing: error)) }
            }
        }
        if let failure {
            toast.show(filled(tr("“%1$@” could not be moved to the trash: %2$@"), failure.name, failure.reason), now: now)
        }
        guard !done.isEmpty else { return }
        let removeAll = { [unowned self] in
            for entry in done.reversed() { if let at = order.firstIndex(of: entry.picture) { removePicture(at: at) } }
            collection.setSelection([])
            viewer.wallChanged(now: self.pipeline.now)
        }
        removeAll()
        let trash = library.trash
        var current = done.map(\.trashed)
        let restore = { [unowned self] in
            var failed: Error?
            for (i, entry) in done.enumerated() {
                do { try trash.restore(current[i]) } catch { failed = failed ?? error; continue }
                insertPicture(entry.picture, at: min(entry.position, order.count))
            }
            collection.setSelection(Set(done.compactMap { entry in order.firstIndex(of: entry.picture).map { groups.indexPath($0) } }))
            if let failed { throw failed }
        }
        manager.history.push(tr("move to trash"), undo: restore, redo: { [unowned self] in
            current = try done.map { try trash.trash(self.library.files[$0.picture]) }
            removeAll()
        })
        let message = done.count == 1 ? filled(tr("“%@” moved to trash"), PhotoCell.fileName(done[0].trashed.original))
                                      : filled(trn("%@ picture moved to trash", "%@ pictures moved to trash", done.count), "\(done.count)")
        let depth = manager.history.undoCount
        toast.show(message, action: tr("Undo"), now: now) { [unowned self] now in
            // Only while the trashing is still the last edit: an older one is Ctrl+Z's business.
            guard manager.history.undoCount == depth else { return }
            do { try manager.history.undo() } catch {
                toast.show(filled(tr("Could not put it back: %@"), String(describing: error)), now: now)
            }
        }
    }

    /// The reason a picture failed, as the tile and screen readers say it.
    static func failureText(_ reason: String) -> String { filled(tr("Cannot be shown: %@"), reason) }

    // MARK: Accessibility

    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        order.indices.contains(groups.position(ip)) ? fileName(groups.position(ip)) : nil
    }

    public func collectionView(_ cv: CollectionView, accessibilityDescriptionForItemAt ip: ItemPath) -> String? {
        guard order.indices.contains(groups.position(ip)) else { return nil }
        let source = file(ip)
        if let reason = pipeline.failureReason(of: source) { return PhotosScene.failureText(reason) }
        // The group's header is not a node of its own (the accessibility layer has no heading
        // role): its title leads the description, "March 2024, Mar 9, 2024 at 12:00, 2.1 MB".
        let group = groups.starts.indices.contains(ip.section) ? groups.titles[ip.section] : nil
        let parts = [group, fileDetails(at: ip)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: tr(", "))
    }
}

/// The open viewer is a modal sheet to the app: the tabs and their digit keys stay behind it (a
/// digit is the viewer's: 1 is 100%).
extension PhotosScene: ModalSheetPresenting {
    var modalSheet: Rect? { viewer.isOpen ? viewer.frame : nil }
}
