import CollectionKit

/// Cards dragged between boards (seeds 000 and 001): a backlog list in two sections, a grid for
/// today, an empty board for later, a horizontal strip of done cards, a drag-only palette that
/// makes new cards, a one-card focus slot that swaps when full, and a trash. One
/// `DragDropManager` runs every drag; the scene only configures boards and draws their frames.
public final class BoardsScene: Scene, ShortcutListing {
    public let name = "boards"
    /// Its refusals are drawn by this view itself (with its own status), not as the manager's line.
    public let manager: DragDropManager<Int> = { let m = DragDropManager<Int>(); m.drawsFeedback = false; return m }()
    public private(set) var boards: [DragDropCollection<Int>] = []
    public let trash = DropZone(name: "trash", title: tr("Trash"))
    /// The cards made by name: those of the boards other than the backlog, and palette copies
    /// (trashed ones stay, so undo can bring them back). Backlog cards are not stored: each is
    /// made from its identifier when asked (`card(_:)`), so ten million cost no more than ten.
    public internal(set) var cards: [Int: BoardCard] = [:]
    /// Identifiers at start.
    public let initialIDs: StartingCardIDs
    var nextID: Int
    /// Where the search for a free identifier goes on from, once `nextID` reached the limit.
    var reusedIDSearch = 0
    /// The field that adds and renames cards in place.
    public let editor: InPlaceEditor
    /// Presses on cards, counted for double-clicks (which rename).
    var clicks = ClickCounter()
    /// Each board's "+ Add a card" button (boards that take drops and have no capacity), by board name.
    public internal(set) var addButtons: [String: Rect] = [:]
    /// The same buttons as stops of the focus chain, each right after its board's cards (Tab
    /// reaches a board's cards, then its "+ Add a card"; Enter or Space types a new card). The
    /// scene draws them (and their focus ring) and takes their presses; a button the title row
    /// has no room for has an empty frame, which takes it out of the Tab order.
    var addCardButtons: [String: Button] = [:]
    /// The board a new card is being typed for, while it is.
    public internal(set) var adding: String?
    /// Why an add or a delete was refused (a locked card), and when the line goes away.
    public internal(set) var refusal: (text: String, until: Double)?
    /// A double-click's second press on a card, which renames it when let go without a drag.
    var pendingRename: (id: Int, board: String, point: Point)?
    /// A card's menu (a right click, or the Menu key on the focused card): rename, copy, delete.
    public let menu = ContextMenuController()
    private var frame: Rect = .zero
    /// Where a card's menu may go: the scene's frame.
    var menuBounds: Rect { frame }
    /// Where the pointer was last seen (off the window before the first pointer event).
    private var pointer: Point { composition.pointer ?? Point(x: -1, y: -1) }
    var now = 0.0
    /// Board frames with their title rows, for drawing.
    private var panels: [(title: String, frame: Rect)] = []
    /// One line of a board's title row, and how many lines the row has: two (the name over its
    /// count) where a board's name and count do not fit across it on one.
    private var titleLine = 20.0, titleLines = 1
    private(set) var statusFrame: Rect = .zero
    private var setupNotices: [String] = []
    /// The delete notice's Undo, the focus chain over the boards, the drag machinery (its stack
    /// drawn under the status line), the boards' own pans and the wheel; the boards beneath them all.
    public private(set) var composition = Composition([])
    /// The engine's toast a delete leaves ("“Write the tests” deleted · Undo"), in the status band.
    let deleteToast: Toast
    /// The delete notice's words and when it goes away by itself (infinity while one of its
    /// buttons has the focus), while it shows.
    public var deletedNotice: (text: String, until: Double)? {
        deleteToast.message.map { ($0, deleteToast.deadline ?? .infinity) }
    }
    /// How long the delete notice stays, in seconds.
    static let deletedNoticeDuration = 6.0
    /// The notice for one card, by its whole title in quotes, or for several by their count.
    static func deletedText(title: String) -> String { filled(tr("“%@” deleted"), title) }
    static func deletedText(count: Int) -> String { trn("%@ card deleted", "%@ cards deleted", count) }
    static var undoTitle: String { tr("Undo") }
    static var closeTitle: String { tr("Close") }
    /// The status line when nothing is being dragged: what the boards are for.
    static var idleStatus: String { tr("Drag cards between boards, or from the palette to add one") }

    public static let defaultBacklogCount = 40
    /// Backlog cards `n` and `n + lookPeriod` look alike (the same task text and the same lock,
    /// so the same height): the lock repeats every 10 cards, the task every `BoardCard.taskPeriod`.
    static let lookPeriod = 420
    public static let boardNames = ["backlog", "today", "later", "done", "palette", "focus"]

    /// Sizes and wraps the cards' text.
    public let cardMetrics: BoardCardMetrics
    /// The backlog width its card heights were measured at.
    private var backlogWidth = 0.0
    /// Card heights at `backlogWidth` by what decides them (the text, and the padlock's room): a
    /// backlog of millions shows a handful of different texts, so each is wrapped once, not once
    /// per card.
    private var backlogHeights: [BacklogHeightKey: Double] = [:]
    private struct BacklogHeightKey: Hashable { var text: String; var locked: Bool }

    public init(backlogCount: Int = BoardsScene.defaultBacklogCount, measurer: any TextMeasuring = EstimatedTextMeasurer(),
                services: TextServices = TextServices()) {
        cardMetrics = BoardCardMetrics(measurer: measurer)
        editor = InPlaceEditor(measurer: measurer, services: services, style: BoardsScene.fieldStyle)
        var toastStyle = ToastStyle()
        toastStyle.padding = 1; toastStyle.margin = 0
        deleteToast = Toast(name: "deleteToast", measurer: measurer, duration: BoardsScene.deletedNoticeDuration, style: toastStyle,
                            strings: BoardsScene.widgetStrings, buttonNames: ("notice-undo", "notice-close"))
        let n = max(0, backlogCount)
        var cards: [Int: BoardCard] = [:]
        func card(_ id: Int, locked: String? = nil, kind: String? = nil, title: String? = nil) -> AnyHashable {
            // A card's title is what it says: status lines, notices and assistive technology name it so.
            cards[id] = BoardCard(id: id, title: title ?? BoardCard.task(for: id), lockedTo: locked, kind: kind)
            return AnyHashable(id)
        }
        let high = n / 4
        // The backlog's identifiers are two runs, not listed: nothing is made per card.
        let backlogHigh = ItemList(identifiers: 0..<high)
        let backlogLow = ItemList(identifiers: high..<n)
        var id = max(n, 1_000)
        func next() -> Int { id += 1; return id - 1 }
        let today = (0..<5).map { k in card(next(), locked: k == 2 ? "today" : nil) }
        let done = (0..<12).map { _ in card(next()) }
        let palette = [("Task", tr("New task")), ("Bug", tr("New bug")), ("Idea", tr("New idea"))].map { card(next(), kind: $0.0, title: $0.1) }
        let focus = [card(next())]
        self.cards = cards
        initialIDs = StartingCardIDs(backlog: 0..<n, others: Set(cards.keys))
        nextID = id
        boards = [
            makeBoard("backlog", tr("Backlog"), [backlogHigh, backlogLow], layout: BoardsScene.listLayout()),
            makeBoard("today", tr("Today"), [ItemList(today)], layout: GridLayout(minimumCrossSize: 140, itemLength: .fixed(58),
                                                                    interitemSpacing: 6, lineSpacing: 6, insets: EdgeInsets(all: 6))),
            makeBoard("later", tr("Later"), [[]], layout: GridLayout(minimumCrossSize: 140, itemLength: .fixed(58),
                                                                 interitemSpacing: 6, lineSpacing: 6, insets: EdgeInsets(all: 6))),
            makeBoard("done", tr("Done"), [ItemList(done)], layout: GridLayout(scrollAxis: .horizontal, itemsPerLine: 1, itemLength: .fixed(130),
                                                                 interitemSpacing: 6, lineSpacing: 6, insets: EdgeInsets(all: 6))),
            makeBoard("palette", tr("Palette"), [ItemList(palette)], layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40),
                                                                          interitemSpacing: 4, lineSpacing: 4, insets: EdgeInsets(all: 4))),
            makeBoard("focus", tr("Focus"), [ItemList(focus)], layout: SlotLayout(itemHeight: 58, inset: 6)),
        ]
        let backlog = boards[0]
        backlog.view.updateLayout(as: GridLayout.self) { $0.itemLength = .table(backlog.lengths) }
        boards[2].emptyText = tr("drop cards here")
        let palette_ = boards[4]
        palette_.acceptsDrops = false
        palette_.dragOperation = .copy
        palette_.copyItem = { [unowned self] id in self.makeCopy(of: id) }
        boards[5].capacity = 1
        manager.strings = BoardsScene.words
        for b in boards {
            // The scene makes every identifier once (a range, then one counter); a clash would be
            // its own bug, shown as a notice. The backlog's runs are checked as ranges.
            do { try manager.add(b) } catch { setupNotices.append("\(error)") }
        }
        manager.add(trash)
        acceptDroppedText()
        // A title's limit, when the field refuses more, is said as a refusal is.
        editor.onLimit = { [unowned self] limit in refusal = (TextLimits.reached(limit), now + 4) }
        // A delete (a drop on the trash or the Delete key) says so in the engine's toast, with an
        // Undo; the next delete replaces it. Another change (an undo too) closes it, since its Undo
        // would then take back something else; a click or a change that moves nothing leaves it.
        manager.onChange = { [unowned self] change in
            guard !change.edits.isEmpty else { return }
            guard change.cause == .drop || change.cause == .edit, change.zone == trash.dropName,
                  change.edits.contains(where: { if case .removed = $0 { return true } else { return false } }) else {
                deleteToast.dismiss(now: now); return
            }
            let ids = change.edits.map(\.id).identifiers(as: Int.self)
            let text = ids.count == 1 ? BoardsScene.deletedText(title: self.card(ids[0]).title) : BoardsScene.deletedText(count: ids.count)
            deleteToast.show(text, action: BoardsScene.undoTitle, now: now) { [unowned self] now in manager.undo(now: now) }
        }
        setUpCardMenu()
        compose()
    }

    private func compose() {
        let toast = deleteToast
        // Each board's own gestures under the manager: a press the manager did not take pans the
        // board (the manager clears the selection first unless Ctrl is held); the wheel scrolls
        // the board under the pointer. The scene draws the boards itself, with their panels.
        let boardInput: [any Component] = boards.map { BoardInput(board: $0) }
        let frame = ClosureComponent(update: { [unowned self] now in updateScene(now: now) },
                                     nextDeadline: { [unowned self] now in sceneDeadline(after: now) },
                                     draw: { [unowned self] list in drawScene(into: &list) })
        // The status line and the delete notice over the drag's stack, as the window always drew them.
        let status = ClosureComponent(draw: { [unowned self] list in drawStatus(into: &list) })
        var stops: [any FocusStop] = []
        for stop in manager.focusStops() {
            stops.append(stop)
            if let add = addCardButton(for: stop.focusName) { stops.append(add) }
        }
        let focus = FocusChain(stops + toast.focusStops)
        toast.focusChain = focus
        // The field on top and first for keys; the editing commands before the drag machinery,
        // which would otherwise take a double-click's second press.
        let commands = ClosureComponent(handle: { [unowned self] event, now in handleEditingCommand(event, now: now) },
                                        draw: { [unowned self] list in drawAddButtons(into: &list) })
        // A right click on a card opens its menu; before the drag machinery, which takes no right
        // press but would clear the selection.
        let rightClick = ClosureComponent(handle: { [unowned self] event, now in handleRightClick(event, now: now) })
        // The open menu over everything, first for every event while open (it captures input).
        composition = Composition([editor, menu, commands, toast, focus, status, rightClick, manager] + boardInput + [frame], focus: focus)
    }

    /// The drag-and-drop sentences in the scene's own words: cards and boards, not items and
    /// collections.
    static let words: DragDropStrings = {
        var words = DragDropStrings()
        words.pickedUpSeveral = { trn("%@ card picked up", "%@ cards picked up", $0) }
        words.overNothing = tr("over no board")
        words.holdsAtMost = { board, capacity in
            filled(trp("%1$@ holds %2$@ card", "%1$@ holds %2$@ cards", capacity), board, counted(capacity))
        }
        words.takesOnlyMovedItems = { filled(tr("%@ takes only cards from the boards"), $0) }
        words.severalItems = { trn("%@ card", "%@ cards", $0) }
        words.takesNothingDropped = { filled(tr("%@ takes nothing dropped from another program"), $0) }
        words.takesOnly = { board, _ in filled(tr("%@ takes only dropped text"), board) }
        return words
    }()

    /// For the scene catalogue: `--items` sets the backlog's size.
    public convenience init(config: SceneConfig) {
        self.init(backlogCount: config.items ?? BoardsScene.defaultBacklogCount, measurer: config.measurer, services: config.services)
        // Set here, an initialiser, the property's observer would not run: the boards take it too.
        layoutDirection = config.layoutDirection
        for board in boards { board.view.layoutDirection = config.layoutDirection }
        editor.layoutDirection = config.layoutDirection
        menu.layoutDirection = config.layoutDirection
    }

    /// The backlog: one card per line with its own height, a header per section.
    static func listLayout() -> GridLayout {
        GridLayout(itemsPerLine: 1, itemLength: .fixed(50), interitemSpacing: 6, lineSpacing: 6,
                   insets: EdgeInsets(all: 6), headerLength: 24)
    }

    private func makeBoard(_ name: String, _ title: String, _ items: [ItemList], layout: any CollectionLayout) -> DragDropCollection<Int> {
        let view = CollectionView(name: name, layout: layout)
        view.register(reuseIdentifier: "card") { BoardCardCell(reuseIdentifier: $0) }
        let board = DragDropCollection<Int>(view: view, title: title, items: items, cellForItem: { [unowned self] cv, ip, id in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! BoardCardCell
            cell.card = self.card(id)
            cell.metrics = self.cardMetrics
            cell.direction = cv.layoutDirection
            return cell
        }, drawItem: { [unowned self] id, rect, list in
            BoardCardCell.drawCard(self.card(id), metrics: self.cardMetrics, in: rect, into: &list)
        })
        // Generated backlog cards repeat their look (text and padlock) every `lookPeriod` cards,
        // so a run of them is measured once per period (set before `itemLength`, which measures).
        board.itemLengthPeriod = { [initialIDs] run in
            initialIDs.backlog.contains(run.lowerBound) && run.upperBound <= initialIDs.backlog.upperBound ? BoardsScene.lookPeriod : nil
        }
        // Only the backlog has per-card heights: its cards are as tall as their wrapped text.
        board.itemLength = { [unowned self] id in
            guard self.backlogWidth > 0 else { return BoardCardMetrics.minimumHeight }
            let card = self.card(id)
            let key = BacklogHeightKey(text: card.shownText, locked: card.lockedTo != nil)
            if let height = self.backlogHeights[key] { return height }
            let height = self.cardMetrics.height(card, width: self.backlogWidth)
            self.backlogHeights[key] = height
            return height
        }
        board.lockedItem = { [unowned self] id in self.card(id).lockedTo != nil }
        board.describeItem = { [unowned self] id in self.card(id).name }
        // Screen readers read the whole text; only the status line and the cards shorten it.
        board.accessibilityName = { [unowned self] id in self.card(id).shownText }
        board.style.gapFill = Theme.background
        if name == "backlog" {
            board.drawHeader = { section, frame, list in
                list.text(section == 0 ? tr("High") : tr("Low"), in: frame.insetBy(dx: 8, dy: 0), size: 12, color: Theme.textDim,
                          alignment: .leading, weight: .bold)
            }
        }
        return board
    }

    func card(_ i: Int) -> BoardCard {
        if let c = cards[i] { return c }
        return initialIDs.backlog.contains(i) ? BoardsScene.backlogCard(i) : BoardCard(id: -1, title: "?")
    }

    /// Backlog card `id`, made on demand; every tenth (3, 13, 23, ...) is locked to the backlog.
    static func backlogCard(_ id: Int) -> BoardCard {
        BoardCard(id: id, title: BoardCard.task(for: id), lockedTo: id % 10 == 3 ? "backlog" : nil)
    }

    /// A new card of the template's kind, with an identifier never used before.
    private func makeCopy(of id: Int) -> Int {
        let template = card(id)
        let newID = newCardID()
        // The copy is what the palette showed: its title ("New task") and its colour.
        cards[newID] = BoardCard(id: newID, title: template.title, lockedTo: nil, kind: template.kind,
                                 colorID: template.colorID ?? template.id)
        return newID
    }

    public func board(_ name: String) -> DragDropCollection<Int>? { boards.first { $0.name == name } }

    /// An identifier for a new card: the next never used, or, once the numbers reach the largest
    /// a state file may hold (`RememberedState.identifierLimit`), the lowest that no card has, so
    /// every state written is one the next start reads.
    func newCardID() -> Int {
        let limit = RememberedState.identifierLimit
        if nextID < limit {
            nextID += 1
            return nextID - 1
        }
        func taken(_ id: Int) -> Bool { cards[id] != nil || initialIDs.backlog.contains(id) }
        var id = reusedIDSearch < limit ? reusedIDSearch : 0
        // At most ten million backlog cards and the cards made: a free number is never far.
        if initialIDs.backlog.contains(id) { id = initialIDs.backlog.upperBound }
        while id < limit && taken(id) { id += 1 }
        if id >= limit { id = 0; while taken(id) { id += 1 } }
        reusedIDSearch = id + 1
        return id
    }

    // MARK: Layout

    /// Backlog on the left; today above later in the middle; focus, palette and trash on the
    /// right; done along the bottom; a status line under everything. Proportional, so the
    /// window's minimum size still shows every board.
    /// Right to left the boards are the mirror image of left to right: the backlog on the right,
    /// the focus board, the palette and the trash on the left, titles aligned to the right.
    public var layoutDirection: LayoutDirection = .leftToRight {
        didSet {
            for board in boards { board.view.layoutDirection = layoutDirection }
            editor.layoutDirection = layoutDirection
            deleteToast.layoutDirection = layoutDirection
            menu.layoutDirection = layoutDirection
            if frame != .zero { setFrame(frame) }
        }
    }

    public func setFrame(_ frame: Rect) {
        self.frame = frame
        manager.bounds = frame
        let m = min(8, frame.width / 60)
        titleLine = titleRowHeight(for: frame)
        titleLines = titlesNeedTwoLines(in: frame, margin: m) ? 2 : 1
        let titleH = titleLine * Double(titleLines)
        // Tall enough for the delete toast, which shows in this band, off the boards, at any text
        // scale (in a window under about 530 points high the band stays a share of it, and the toast
        // stands over the boards' bottom edge).
        let share = min(32, max(12, frame.height * 0.06))
        let statusH = share >= 32 ? max(share, toastBandHeight(measurer: cardMetrics.measurer)) : share
        statusFrame = Rect(x: frame.minX + m, y: frame.maxY - statusH, width: max(0, frame.width - 2 * m), height: statusH)
        deleteToast.setFrame(Rect(x: statusFrame.minX, y: frame.minY, width: statusFrame.width, height: max(0, statusFrame.maxY - frame.minY)))
        let inner = Rect(x: frame.minX + m, y: frame.minY + m, width: max(0, frame.width - 2 * m),
                         height: max(0, frame.height - 2 * m - statusH))
        let doneH = min(150, max(titleH + 30, inner.height * 0.22))
        let top = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: max(0, inner.height - doneH - m))
        let done = Rect(x: inner.minX, y: top.maxY + m, width: inner.width, height: doneH)
        let (leftW, midW, rightW) = columnWidths(max(0, top.width - 2 * m))
        let ltrLeft = Rect(x: top.minX, y: top.minY, width: leftW, height: top.height)
        let ltrMid = Rect(x: ltrLeft.maxX + m, y: top.minY, width: midW, height: top.height)
        let ltrRight = Rect(x: ltrMid.maxX + m, y: top.minY, width: rightW, height: top.height)
        let left = HeaderMirror.mirrored(ltrLeft, in: frame, layoutDirection)
        let mid = HeaderMirror.mirrored(ltrMid, in: frame, layoutDirection)
        let right = HeaderMirror.mirrored(ltrRight, in: frame, layoutDirection)
        let todayH = (mid.height - m) * 0.55
        let rows = [
            ("backlog", left),
            ("today", Rect(x: mid.minX, y: mid.minY, width: mid.width, height: todayH)),
            ("later", Rect(x: mid.minX, y: mid.minY + todayH + m, width: mid.width, height: max(0, mid.height - todayH - m))),
            ("done", done),
        ]
        let focusH = min(titleH + 72, right.height * 0.3)
        let trashH = min(110, right.height * 0.3)
        let focusR = Rect(x: right.minX, y: right.minY, width: right.width, height: focusH)
        let trashR = Rect(x: right.minX, y: right.maxY - trashH, width: right.width, height: trashH)
        let paletteR = Rect(x: right.minX, y: focusR.maxY + m, width: right.width, height: max(0, trashR.minY - m - focusR.maxY - m))
        panels = []
        addButtons = [:]
        for (name, r) in rows + [("focus", focusR), ("palette", paletteR)] {
            guard let b = board(name) else { continue }
            panels.append((b.title, r))
            if b.acceptsDrops, b.capacity == nil {
                // As wide as its words at the current text scale, in any language; where the
                // board's title and count leave no room for them whole, it gives way (Ctrl+N adds).
                let size = addButtonTextSize(titleLine)
                let w = (cardMetrics.measurer.width(of: BoardsScene.addCardTitle, style: TextStyle(size: size)) + 8).rounded(.up)
                let label = cardMetrics.measurer.width(of: titleLines > 1 ? b.title : titleLabel(for: b),
                                                       style: TextStyle(size: titleTextSize(titleLine), weight: .bold))
                if r.minX + titleInset + label + 12 + w <= r.maxX - 6 {
                    addButtons[name] = HeaderMirror.mirrored(Rect(x: r.maxX - 6 - w, y: r.minY + 2, width: w, height: max(0, titleLine - 2)),
                                                             in: r, layoutDirection)
                }
            }
            b.view.setFrame(Rect(x: r.minX, y: r.minY + titleH, width: r.width, height: max(0, r.height - titleH)))
        }
        panels.append((trash.dropTitle, trashR))
        for (name, button) in addCardButtons { button.setFrame(addButtons[name] ?? .zero) }
        rewrapBacklog()
        trash.dropFrame = Rect(x: trashR.minX, y: trashR.minY + titleH, width: trashR.width, height: max(0, trashR.height - titleH))
        // The empty board's "drop cards here" shows whole or not at all: its outline says the same.
        if let later = board("later") {
            let words = tr("drop cards here")
            let fits = cardMetrics.measurer.width(of: words, style: TextStyle(size: 14)) <= later.view.frame.width - 24
                && cardMetrics.measurer.lineHeight(style: TextStyle(size: 14)) <= later.view.frame.height - 20
            later.emptyText = fits ? words : nil
        }
    }

    /// True when some board's name and count are wider than its title row (a small window, a
    /// long word, a large text scale): the rows then hold the name over the count.
    private func titlesNeedTwoLines(in frame: Rect, margin m: Double) -> Bool {
        let inner = max(0, frame.width - 2 * m)
        let (left, mid, right) = columnWidths(max(0, inner - 2 * m))
        let widths = ["backlog": left, "today": mid, "later": mid, "done": inner, "focus": right, "palette": right]
        let style = TextStyle(size: titleTextSize(titleLine), weight: .bold)
        return boards.contains { b in
            guard let w = widths[b.name] else { return false }
            return cardMetrics.measurer.width(of: titleLabel(for: b, droppingHint: true), style: style) > w - 2 * titleInset
        }
    }

    /// The space between a board's edge and its title: less in a narrow window.
    private var titleInset: Double { frame.width < 400 ? 4 : 8 }

    /// The widths of the three columns of boards in `columns` points: 36, 38 and 26 parts, but
    /// each at least as wide as its boards' names (a long word in a small window), the room for
    /// it taken from the columns that have some to spare.
    private func columnWidths(_ columns: Double) -> (Double, Double, Double) {
        let style = TextStyle(size: titleTextSize(titleLine), weight: .bold)
        func need(_ names: [String]) -> Double {
            (names.map { cardMetrics.measurer.width(of: $0, style: style) }.max() ?? 0) + 2 * titleInset + 2
        }
        let title = { (name: String) in self.board(name)?.title ?? "" }
        let needs = [need([title("backlog")]), need([title("today"), title("later")]),
                     need([title("focus"), title("palette"), trash.dropTitle])]
        var widths = [0.36, 0.38, 0.26].map { $0 * columns }
        let short = zip(widths, needs).map { max(0, $1 - $0) }.reduce(0, +)
        let spare = zip(widths, needs).map { max(0, $0 - $1) }
        let spareTotal = spare.reduce(0, +)
        if short > 0, spareTotal > 0 {
            let taken = min(short, spareTotal)
            for i in 0..<3 {
                if widths[i] < needs[i] { widths[i] += (needs[i] - widths[i]) * taken / short }
                else { widths[i] -= spare[i] * taken / spareTotal }
            }
        }
        return (widths[0], widths[1], max(0, columns - widths[0] - widths[1]))
    }

    /// Measures the backlog's cards again when its width changed: their text re-wraps.
    private func rewrapBacklog() {
        guard let backlog = board("backlog") else { return }
        let width = backlog.view.frame.width - 12
        guard width != backlogWidth else { return }
        backlogWidth = width
        backlogHeights = [:]
        backlog.remeasure()
    }

    // MARK: Input

    public func didDeactivate(now: Double) {
        menu.close()
        manager.cancel(now: now)
        for b in boards { b.cancelGestures(now: now) }
    }

    // MARK: Frame

    private func updateScene(now: Double) {
        self.now = now
        for b in boards { b.view.update(now: now) }
        if let r = refusal, now >= r.until { refusal = nil }
    }

    /// The drag machinery, the boards' own motion (gaps opening, coasting) and pending presses.
    private func sceneDeadline(after now: Double) -> Double? {
        Deadline.earliest(refusal.map { max(now, $0.until) },
                          Deadline.earliest(of: boards.map { $0.view.nextDeadline(after: now) }))
    }

    /// A board's title row: tall enough for its words at the current text scale, within a share
    /// of a short window.
    private func titleRowHeight(for frame: Rect) -> Double {
        let base = min(20, max(10, frame.height * 0.05))
        let line = cardMetrics.measurer.lineHeight(style: TextStyle(size: titleTextSize(base), weight: .bold)) + 2
        return max(base, min(line.rounded(.up), frame.height * 0.12))
    }
    private func titleTextSize(_ titleH: Double) -> Double { min(13, max(10, titleH) * 0.7) }
    private func addButtonTextSize(_ titleH: Double) -> Double { min(12, max(10, titleH) * 0.65) }

    /// A board's title with its count ("Backlog  40", "Focus  1 / 1", "Palette  3  (drag to copy)").
    private func titleLabel(for b: DragDropCollection<Int>, droppingHint: Bool = false) -> String {
        var label = b.title + "  " + countLabel(for: b)
        if !b.acceptsDrops, !droppingHint { label += "  " + tr("(drag to copy)") }
        return label
    }

    /// A board's count as its title shows it ("40", "1 / 1").
    private func countLabel(for b: DragDropCollection<Int>) -> String {
        var label = counted(b.count)
        if let cap = b.capacity { label += " / " + counted(cap) }
        return label
    }

    private func drawScene(into list: inout DrawList) {
        let titleH = titleLine
        let alignment: TextAlignment = layoutDirection.isRightToLeft ? .trailing : .leading
        let titleSize = titleTextSize(titleH)
        for (title, r) in panels {
            // An outline, not a fill: the app has already filled the window, and a second fill of
            // most of it is a large share of a software-rendered frame.
            list.stroke(r, Theme.border, width: 1, radius: 8)
            var label = title
            let board = boards.first(where: { $0.title == title })
            if let b = board {
                label = titleLabel(for: b)
            } else if title == trash.dropTitle, !manager.itemsInZones.isEmpty {
                label += "  " + counted(manager.itemsInZones.count)
            }
            // The title ends before the board's "+ Add a card", never under it.
            let inset = titleInset
            var room = Rect(x: r.minX + inset, y: r.minY, width: max(0, r.width - 2 * inset), height: titleH)
            if let b = board, let add = addButtons[b.name] {
                room = layoutDirection.isRightToLeft ? Rect(x: add.maxX + 12, y: r.minY, width: max(0, r.maxX - inset - add.maxX - 12), height: titleH)
                                                     : Rect(x: r.minX + inset, y: r.minY, width: max(0, add.minX - 12 - r.minX - inset), height: titleH)
            }
            if titleLines > 1 {
                // Two lines: the name, and under it the count (the palette's hint gives way).
                var name = title, count: String?
                if let b = board { name = b.title; count = countLabel(for: b) }
                else if title == trash.dropTitle, !manager.itemsInZones.isEmpty { count = counted(manager.itemsInZones.count) }
                list.text(name, in: room, size: titleSize, color: Theme.textDim, alignment: alignment, weight: .bold)
                if let count {
                    let second = Rect(x: r.minX + inset, y: r.minY + titleH, width: max(0, r.width - 2 * inset), height: titleH)
                    list.text(count, in: second, size: titleSize, color: Theme.textDim, alignment: alignment, weight: .bold)
                }
                continue
            }
            // The palette's "(drag to copy)" gives way before its name and count are cut: the
            // status line says the same ("from the palette to add one").
            if let b = board, !b.acceptsDrops,
               cardMetrics.measurer.width(of: label, style: TextStyle(size: titleTextSize(titleH), weight: .bold)) > room.width {
                label = b.title + "  " + counted(b.count)
            }
            list.text(label, in: room, size: titleTextSize(titleH), color: Theme.textDim,
                      alignment: layoutDirection.isRightToLeft ? .trailing : .leading, weight: .bold)
        }
        drawTrash(into: &list)
        for b in boards {
            b.draw(into: &list)
            ScrollIndicator.draw(for: b.view, into: &list)
        }

    }

    private func drawTrash(into list: inout DrawList) {
        let r = trash.dropFrame.insetBy(dx: 6, dy: 4)
        guard !r.isEmpty else { return }
        // Dropping here deletes: the accepting trash shows the theme's destructive colour.
        let color = trash.isRefusing || trash.isHovered ? Theme.danger : Theme.border
        if trash.isHovered { list.fill(r, Theme.danger.withAlpha(0.16), radius: 8) }
        list.stroke(r, color, width: 2, radius: 8)
        // Wrapped in its box rather than cut, centred as one block (a narrow trash in a small window).
        let words = trash.isHovered ? tr("release to delete") : tr("drop here to delete")
        let style = ParagraphStyle(text: TextStyle(size: min(12, r.height / 2)), alignment: .center)
        let inner = r.insetBy(dx: 4, dy: 2)
        let wrapped = cardMetrics.measurer.lines(of: words, style: style, width: inner.width)
        // Whole or not at all: too small a trash for its words keeps its title and its outline.
        guard wrapped.height <= inner.height + 0.5, !wrapped.truncated,
              wrapped.lines.allSatisfy({ $0.width <= inner.width + 0.5 }) else { return }
        let height = wrapped.height
        list.paragraph(words, in: Rect(x: inner.minX, y: inner.midY - height / 2, width: inner.width, height: height), style: style,
                       color: trash.isHovered ? Theme.text : Theme.textDim)
    }

    private func drawStatus(into list: inout DrawList) {
        let text: String
        var color = Theme.textDim
        if let f = manager.feedback ?? refusal {
            text = f.text; color = Theme.danger
        } else if let line = manager.statusLine {
            text = line; color = Theme.text
        } else {
            text = BoardsScene.idleStatus
        }
        // Beside the delete toast, never under it.
        var line = statusFrame
        if let toast = deletedNoticeFrame { line.size.width = max(0, toast.minX - 12 - line.minX) }
        list.text(text, in: line, size: min(13, statusFrame.height * 0.5), color: color,
                  alignment: layoutDirection.isRightToLeft ? .trailing : .leading)
    }

    public func cursor(at p: Point) -> Cursor {
        if let dragging = manager.cursor(at: p) { return dragging }
        if manager.isDragging || boards.contains(where: \.isPanning) { return .grabbing }
        if toastButtons().contains(where: { $0.rect.contains(p) }) { return .hand }
        if !editor.isEditing, addButtons.values.contains(where: { $0.contains(p) }) { return .hand }
        return boards.contains { $0.view.frame.contains(p) && $0.draggableItem(at: p) != nil } ? .hand : .arrow
    }

    public var isDragging: Bool { manager.isDragging }
    public var liveCellCount: Int { boards.reduce(0) { $0 + $1.view.liveCellCount } }
    public var notices: [String] { setupNotices + manager.notices }

    // MARK: Checks

    /// What is wrong with the boards now, or nil: every identifier at start and every palette copy
    /// made since is in exactly one board or in the trash (a copy may also be gone, undone), and
    /// once no drag or flight is left, nothing is hidden and no gap is open. Tests and the
    /// benchmark run it after random input.
    public func consistencyProblem() -> String? {
        var seen: [Int: Int] = [:]
        for b in boards { for id in b.identifiers.joined() { seen[id, default: 0] += 1 } }
        for id in manager.itemsInZones { seen[id, default: 0] += 1 }
        if let dup = seen.first(where: { $0.value > 1 }) { return "card \(dup.key) appears \(dup.value) times" }
        if let lost = initialIDs.first(where: { seen[$0] == nil }) { return "card \(lost) is lost" }
        // A card not there at start is a palette copy or one typed with "+ Add a card": made by name.
        if let stray = seen.keys.first(where: { !initialIDs.contains($0) && cards[$0] == nil }) {
            return "card \(stray) came from nowhere"
        }
        if !manager.isDragging && !manager.isLanding {
            for b in boards {
                if !b.view.hiddenIdentifiers.isEmpty { return "\(b.name) hides \(b.view.hiddenIdentifiers.map { "\($0.base)" })" }
                if b.gap != nil { return "\(b.name) still shows a gap" }
                if b.displayed != b.items { return "\(b.name) shows something other than its data" }
                if b.view.numberOfItems != b.count { return "\(b.name)'s view has \(b.view.numberOfItems) items, its data \(b.count)" }
            }
        }
        return nil
    }

    // MARK: State dump

    public func dumpState() -> [(String, JSON)] {
        var drag: JSON = .null
        if let s = manager.session {
            var index: JSON = .null, indexPath: JSON = .null
            if let b = board(s.over ?? ""), b.isDropTarget, let gap = b.gap {
                let flat = b.displayed[..<gap.section].reduce(0) { $0 + $1.count } + gap.item
                index = .int(flat)
                indexPath = .array([.int(gap.section), .int(gap.item)])
            }
            drag = .object([
                ("items", .strings(s.ids.map { "\($0.base)" })),
                ("source", .string(s.items.first?.source ?? "")),
                ("over", s.over.map { .string($0) } ?? .null),
                ("index", index),
                ("indexPath", indexPath),
                ("overChanges", .int(s.overChanges)),
                ("accepted", .bool(s.acceptance.isAccepted)),
                ("keyboard", .bool(s.isKeyboard)),
                // The card a drop here would swap out (null: none), and the ghost's frame as drawn.
                ("swapsWith", s.swapsWith.map { .string("\($0.base)") } ?? .null),
                ("ghost", manager.liftedFrame.map { .rect($0) } ?? .null),
                ("copy", .bool(s.operation == .copy)),
            ])
        }
        let lockedInBacklog = stride(from: initialIDs.backlog.lowerBound + 3, to: initialIDs.backlog.upperBound, by: 10)
        let locked = (Array(lockedInBacklog) + cards.values.filter { $0.lockedTo != nil }.map(\.id)).sorted()
        return composition.focus.dumpEntries() + editor.dumpEntries() + [
            ("collections", .array(boards.map(dumpBoard))),
            ("drag", drag),
            ("targets", .array([.object([("name", .string(trash.dropName)), ("frame", .rect(trash.dropFrame))])])),
            ("trashed", .strings(manager.itemsInZones.map { "\($0)" })),
            ("locked", .strings(locked.map { "\($0)" })),
            ("selected", .strings(manager.selection.sorted().map { "\($0)" })),
            ("undo", .int(manager.history.undoCount)),
            ("redo", .int(manager.history.redoCount)),
            ("status", manager.statusLine.map { .string($0) } ?? .null),
            // Why a drop (or a drop from another program) was refused, while the line shows.
            ("refusal", (manager.feedback ?? refusal).map { .string($0.text) } ?? .null),
            // The card keyboard commands act on, and whether its ring shows (after keyboard use).
            ("focus", manager.focus.map { f -> JSON in .object([("collection", .string(f.collection)), ("id", .string("\(f.id)"))]) } ?? .null),
            ("focusRing", .bool(manager.showsFocusRing)),
            // The delete notice's words while it shows ("Deleted Card 5"), else null.
            ("deletedNotice", deletedNotice.map { .string($0.text) } ?? .null),
            // The delete toast's frame and its buttons (Undo, Close), in window points, while it shows.
            ("deletedNoticeFrame", deletedNoticeFrame.map { .rect($0) } ?? .null),
            // When it goes by itself (scene time), null while hidden or while one of its buttons has the focus.
            ("deletedNoticeUntil", deleteToast.deadline.map { .number($0) } ?? .null),
            ("deletedNoticeButtons", .array(toastButtons().map { .object([("name", .string($0.name)), ("frame", .rect($0.rect))]) })),
            ("adding", adding.map { .string($0) } ?? .null),
            ("nextID", .int(nextID)),
            // The open card menu: its card, its actions (separators left out) and its frame; null when closed.
            ("menu", menuDump()),
        ]
    }

    /// A board as the dump shows it: its data (mid-drag too: dragged cards stay listed at home),
    /// frames in the same order, and its rules.
    private func dumpBoard(_ b: DragDropCollection<Int>) -> JSON {
        let v = b.view
        let ids = Array(b.identifiers.joined())
        var pairs: [(String, JSON)] = [
            ("name", .string(b.name)),
            ("title", .string(b.title)),
            ("items", .strings(ids.map { "\($0)" })),
            ("contentOffset", .point(v.contentOffset)),
            ("viewport", .rect(v.frame)),
        ]
        if ids.count <= 10_000 {
            var shown: [AnyHashable: ItemPath] = [:]
            for (s, section) in b.displayed.enumerated() { for (i, id) in section.enumerated() { shown[id] = ItemPath(item: i, section: s) } }
            let home = b.gap.flatMap { v.layout.attributesForItem(at: $0)?.frame } ?? .zero
            pairs.append(("frames", .array(ids.map { id in
                .rect(shown[AnyHashable(id)].flatMap { v.layout.attributesForItem(at: $0)?.frame } ?? home)
            })))
            // Each card's title, parallel to `items`.
            pairs.append(("titles", .strings(ids.map { card($0).title })))
            // The lines each card's text shows, parallel to `items`.
            pairs.append(("lines", .array(ids.map { id in
                let frame = shown[AnyHashable(id)].flatMap { v.layout.attributesForItem(at: $0)?.frame } ?? home
                return .int(cardMetrics.textPlacement(card(id), cardFrame: frame).lines)
            })))
        }
        pairs += [
            ("sectionCounts", .array(b.sectionCounts.map { .int($0) })),
            ("accepts", .bool(b.acceptsDrops)),
            ("capacity", b.capacity.map { .int($0) } ?? .null),
            ("hidden", .strings(v.hiddenIdentifiers.identifiers(as: Int.self).sorted().map { "\($0)" })),
        ]
        return .object(pairs)
    }
}

/// The identifiers the boards start with: the backlog's range, which is not stored, and the few
/// cards of the other boards. `contains` is O(1); iterating visits the range, then the others.
public struct StartingCardIDs: Sequence, Sendable {
    public let backlog: Range<Int>
    public let others: Set<Int>

    public func contains(_ id: Int) -> Bool { backlog.contains(id) || others.contains(id) }
    public var count: Int { backlog.count + others.count }

    public func makeIterator() -> AnyIterator<Int> {
        var inRange = backlog.makeIterator(), rest = others.makeIterator()
        return AnyIterator { inRange.next() ?? rest.next() }
    }
}

// MARK: Remembered state

extension BoardsScene {
    /// The identifier the palette's next copy gets.
    public var nextCardID: Int { nextID }

    /// Every board's cards by section, by board name.
    public var boardItems: [String: [[Int]]] {
        Dictionary(uniqueKeysWithValues: boards.map { b in (b.name, b.identifiers.map(Array.init)) })
    }

    /// Puts remembered cards on the boards. Refused (false), leaving the boards as they are, unless
    /// every board is named with its sections, every card shown is described once and appears
    /// once, a locked card stays on its board, and `nextID` is past every card.
    public func restore(cards remembered: [BoardCard], items: [String: [[Int]]], nextID next: Int) -> Bool {
        guard !manager.isDragging else { return false }
        let byID = Dictionary(remembered.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard byID.count == remembered.count, Set(items.keys) == Set(boards.map(\.name)) else { return false }
        var seen = Set<Int>()
        for b in boards {
            guard let sections = items[b.name], sections.count == b.items.count else { return false }
            for id in sections.joined() {
                guard let card = byID[id], seen.insert(id).inserted, card.lockedTo == nil || card.lockedTo == b.name else { return false }
            }
            if let capacity = b.capacity, sections.joined().count > capacity { return false }
        }
        guard next > (byID.keys.max() ?? -1) else { return false }
        cards = byID
        nextID = next
        for b in boards { try? b.setItems(items[b.name]!.map { ItemList($0.map(AnyHashable.init)) }, animated: false) }
        return true
    }
}

/// A board's input as a part: its pan and wheel (see `DragDropCollection.handle`), while the
/// scene draws and updates the boards with their panels.
private final class BoardInput: Component {
    let board: DragDropCollection<Int>
    init(board: DragDropCollection<Int>) { self.board = board }
    func contains(_ p: Point) -> Bool { board.contains(p) }
    func handle(_ event: InputEvent, now: Double) -> EventDisposition { board.handle(event, now: now) }
    func nextDeadline(after now: Double) -> Double? { board.nextDeadline(after: now) }
    func cancelGestures(now: Double) { board.cancelGestures(now: now) }
}
