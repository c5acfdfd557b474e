import CollectionKit
/// A paging carousel of preview cards (seeds 000 and 003): drag, flick, wheel and keys move it one
/// card at a time, a click on a side card centres it, and page dots show where it is.
public final class CarouselScene: Scene, CollectionDataSource, ShortcutListing, ModalSheetPresenting {
    public let name = "carousel"
    public let collection: CollectionView
    private(set) var ids: [Int]
    private var press = ScrollPan(tolerance: CarouselScene.panSlop)
    static let panSlop = 4.0
    /// With more cards than this, a counter replaces the dots.
    static let maximumDots = 30
    static let dotSpacing = 18.0
    /// The widest a card gets: a wide window shows more neighbours instead of one giant card.
    static let maximumCardWidth = 560.0
    /// The centred card's Open button: it takes the pointer, the focus, Enter and Space, and is
    /// what screen readers press; the card draws it in its own colours (it follows the centred
    /// card: a side card is a preview, and a click there centres it).
    private(set) lazy var openButton: Button = {
        let b = Button(name: "open", title: CarouselCardCell.openTitle)
        b.drawsItself = false
        b.onActivate = { [unowned self] now in open(centeredIndex, now: now) }
        return b
    }()
    /// The card opened (its Open button, or Enter on the focused card): shown in a reading sheet
    /// over the carousel until Escape, a click or the sheet's Close.
    public private(set) var openedCard: Int?
    /// The reading sheet on top, the cards' gestures beneath; Tab moves between the cards and the
    /// centred card's Open button.
    public private(set) var composition = Composition([])

    public init(itemCount: Int, alignment: CarouselLayout.Alignment = .center) {
        ids = Array(0..<max(0, itemCount))
        var carousel = CarouselLayout(alignment: alignment)
        carousel.maximumWidth = CarouselScene.maximumCardWidth
        collection = CollectionView(name: "carousel", layout: carousel)
        // No background fill of its own: the app has just filled the window with the same colour,
        // and a second full-screen fill is a large share of a software-rendered frame.
        collection.register(reuseIdentifier: "card") { CarouselCardCell(reuseIdentifier: $0) }
        collection.dataSource = self
        // Paging wants a brisk settle, as carousels on iOS use the fast rate; the projection for
        // the paging decision then also uses it, so it predicts where this carousel would stop.
        collection.physics.decelerationRate = Deceleration.fastRate
        collection.physics.targetDecision = { [unowned collection] proposed, velocity, decision in
            collection.layout.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision)
        }
        collection.reloadData()
        compose()
    }

    private func compose() {
        let cards = CarouselCards(scene: self)
        // The paging keys, whichever stop has the focus (the Open button takes only Enter and
        // Space): the chain offers a key to its stop first, then it comes here.
        let pagingKeys = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .key(key, mods) = event, mods.isEmpty else { return .ignored }
            return handleKey(key, now: now) ? .handled : .ignored
        })
        let focus = FocusChain([cards, openButton])
        focusChain = focus
        composition = Composition([readingSheet, focus, openButton, cards, pagingKeys], focus: focus)
        composition.collections = [collection]
    }

    /// The reading sheet: while a card is open it captures every event (nothing behind it hears
    /// anything), draws over the carousel, and its Close button has the focus.
    private lazy var readingSheet = CarouselSheet(scene: self)
    private var focusChain: FocusChain!

    public var layout: CarouselLayout { collection.layout as! CarouselLayout }
    public var alignment: CarouselLayout.Alignment { layout.alignment }

    /// The card centred (or edge-aligned) once the carousel comes to rest.
    public var centeredIndex: Int { layout.nearestItem(toOffset: collection.physics.restingOffset.x) }

    public func setFrame(_ frame: Rect) {
        let index = centeredIndex
        collection.setFrame(frame)
        // The centred card stays centred through a resize.
        collection.physics.jump(to: Point(x: layout.restingOffset(forItem: index), y: 0))
        collection.update(now: collection.now)
    }

    /// Scrolls so card `index` rests in place, with a spring.
    public func scrollToCard(_ index: Int, now: Double) {
        guard !ids.isEmpty else { return }
        let i = min(max(0, index), ids.count - 1)
        collection.physics.setOffset(Point(x: layout.restingOffset(forItem: i), y: 0), animated: true, now: now)
    }

    public func setAlignment(_ alignment: CarouselLayout.Alignment, now: Double) {
        let index = centeredIndex
        collection.updateLayout(as: CarouselLayout.self) { $0.alignment = alignment }
        scrollToCard(index, now: now)
    }

    /// The cards' own gestures: pan, flick, wheel and the page dots.
    fileprivate func handleCards(_ event: InputEvent, now: Double) -> Bool {
        // With page dots the dots are the bar; a long carousel without them gets a scroll bar
        // (routed by the composition before any part).
        collection.showsScrollBars = !showsDots
        switch event {
        case let .pointerDown(p, .left, _) where collection.frame.contains(p):
            // The pointer is in use: the focus ring hides until the next key.
            collection.focusByPointer(nil)
            press.down(at: p, now: now, physics: &collection.physics)
        case let .pointerMove(p, _):
            press.moved(to: p, now: now, physics: &collection.physics)
            collection.updateHover(at: press.isPanning ? nil : p)
        case let .pointerUp(p, .left, mods):
            if press.up(at: p, now: now, physics: &collection.physics) { click(at: p, modifiers: mods, now: now) }
        case let .wheel(dx, dy):
            if !press.isPanning { collection.physics.wheel(dx: dx, dy: dy, now: now) }
        case .focus(gained: false):
            cancelPress(now: now)
        case .pointerExited:
            collection.updateHover(at: nil)
        default: return false
        }
        return true
    }

    /// The cards' keys, from the table the shortcuts window lists.
    private func handleKey(_ key: Key, now: Double) -> Bool {
        ShortcutSection.run(shortcutSections, key: key, mods: [], now: now)
    }

    /// The arrows, Home and End page and move the focus ring with the centred card; Enter opens
    /// the focused card; Escape clears the selection; A switches the alignment.
    var shortcutSections: [ShortcutSection] {
        func does(_ action: @escaping (Double) -> Void) -> (Double) -> Bool { { action($0); return true } }
        return [
            ShortcutSection(title: tr("Cards"), shortcuts: [
                Shortcut("←", tr("Show the previous card"), key: .left, run: does { [unowned self] in focusCard(centeredIndex - 1, now: $0) }),
                Shortcut("→", tr("Show the next card"), key: .right, run: does { [unowned self] in focusCard(centeredIndex + 1, now: $0) }),
                Shortcut(tr("Home"), tr("Show the first card"), key: .home, run: does { [unowned self] in focusCard(0, now: $0) }),
                Shortcut(tr("End"), tr("Show the last card"), key: .end, run: does { [unowned self] in focusCard(ids.count - 1, now: $0) }),
                Shortcut(tr("Enter"), tr("Open the focused card"), key: .enter, run: does { [unowned self] now in
                    if let ip = collection.focusedItem, collection.showsFocusRing { open(ip.item, now: now) } else { focusCard(centeredIndex, now: now) }
                }),
                Shortcut(tr("Escape"), tr("Clear the selection"), key: .escape, run: does { [unowned self] _ in collection.clearSelection() }),
                Shortcut("A", tr("Align the first and last cards to the edges, or centre them"), key: Key("a"),
                         run: does { [unowned self] in setAlignment(alignment == .center ? .edges : .center, now: $0) }),
            ]),
            ShortcutSection(title: tr("Reading"), shortcuts: [
                Shortcut(tr("Escape  or  Enter"), tr("Close the open card"), matches: { k, m in m.isEmpty && (k == .escape || k == .enter) }, run: nil),
            ]),
        ]
    }

    /// Scrolls card `index` into place and puts the focus on it: with its ring while the cards
    /// have the focus; while the Open button has it, the ring stays on the button, which moves to
    /// the new centred card (one ring on screen).
    private func focusCard(_ index: Int, now: Double) {
        guard !ids.isEmpty else { return }
        let i = min(max(0, index), ids.count - 1)
        scrollToCard(i, now: now)
        collection.setFocus(ItemPath(item: i), showingRing: !openButton.isFocused)
    }

    /// The cards, their scroll bar (a long carousel without dots) and the page dots.
    fileprivate func drawCards(into list: inout DrawList) {
        collection.draw(into: &list)
        collection.showsScrollBars = !showsDots
        ScrollIndicator.draw(for: collection, into: &list)
        drawPageIndicator(into: &list)
    }

    /// Puts the Open button on the centred card (none while no card is centred in view) and
    /// tells the cards how it looks: only the centred card's is live, with its hover, press and
    /// ring. Every frame: a few cells.
    fileprivate func placeOpenButton() {
        var frame = Rect.zero
        if !ids.isEmpty, let f = collection.presentedFrameForItem(at: ItemPath(item: centeredIndex)) {
            let card = collection.windowRect(fromContent: f)
            if card.intersects(collection.frame) {
                frame = CarouselCardCell.openButtonFrame(in: card, direction: collection.layoutDirection)
            }
        }
        if frame != openButton.frame { openButton.setFrame(frame) }
        for (ip, cell) in collection.visibleCells {
            guard let card = cell as? CarouselCardCell else { continue }
            let live = ip.item == centeredIndex && frame.width > 0
            card.showsButtonRing = live && openButton.showsFocusRing
            card.buttonState = !live ? .normal : openButton.isPressed ? .pressed : openButton.isHovered || openButton.isHeld ? .hovered : .normal
        }
    }

    /// Opens card `index` in the reading sheet, which takes the focus (its Close button, with the
    /// ring when the keyboard opened it) until it closes.
    public func open(_ index: Int, now: Double? = nil) {
        guard ids.indices.contains(index) else { return }
        let wasOpen = openedCard != nil
        openedCard = index
        collection.updateHover(at: nil)
        // Close is where the sheet will draw it from the start: a screen reader reads the sheet
        // before its first frame.
        readingSheet.closeButton.setFrame(sheetCloseFrame)
        if !wasOpen { focusChain.beginModal([readingSheet.closeButton], now: now ?? collection.now) }
    }

    /// Closes the reading sheet; the focus goes back where it was (the Open button, or the cards).
    func closeSheet(now: Double) {
        guard openedCard != nil else { return }
        openedCard = nil
        focusChain.endModal(now: now)
    }

    /// The sheet takes every key and click while it is open: Escape, Enter, a click outside it or
    /// on its Close button close it.
    fileprivate func handleSheet(_ event: InputEvent, now: Double) -> Bool {
        switch event {
        case .key(.escape, _), .key(.enter, []), .key(.space, []):
            closeSheet(now: now)
        case .key(.tab, _):
            // Tab stays inside the sheet: the chain holds only its stops while it is open.
            _ = focusChain.handle(event, now: now)
        case let .pointerUp(p, .left, _):
            if !sheetFrame.contains(p) || sheetCloseFrame.contains(p) { closeSheet(now: now) }
        case .pointerDown, .pointerMove, .key, .text, .wheel, .drop:
            break
        default:
            return false
        }
        return true
    }

    /// A click centres a side card, selects the centred one, or jumps to a page dot.
    private func click(at p: Point, modifiers: Modifiers, now: Double) {
        if let dot = dotIndex(at: p) {
            scrollToCard(dot, now: now)
        } else if let ip = collection.indexPathForItem(atWindowPoint: p) {
            if ip.item == centeredIndex {
                collection.click(ip, modifiers: modifiers)
            } else {
                scrollToCard(ip.item, now: now)
            }
        }
    }

    private func cancelPress(now: Double) {
        // A pan cut short settles on the nearest card rather than stopping between two.
        press.cancel(now: now, physics: &collection.physics)
    }

    public func didDeactivate(now: Double) { cancelPress(now: now) }


    /// What the last draw-ahead list was made for: a new one is due when the page, the size or
    /// the alignment changes.
    private var drawnAheadFor: (page: Int, frame: Rect, alignment: CarouselLayout.Alignment)?
    /// Samples per page turn: the side scale changes by well under a pixel of text between two.
    static let drawAheadSteps = 48

    /// The cards as they look at every step of a turn to either neighbouring page. Each card
    /// changes size on the way, so its text meets pixel sizes no frame has drawn yet; made while
    /// the window is idle, they cost the first flick nothing.
    public func drawAhead() -> DrawList? {
        guard !ids.isEmpty, !collection.frame.isEmpty else { return nil }
        let page = centeredIndex
        if let last = drawnAheadFor, last.page == page, last.frame == collection.frame, last.alignment == alignment { return nil }
        drawnAheadFor = (page, collection.frame, alignment)
        let here = layout.restingOffset(forItem: page)
        var list = DrawList()
        // A key turn puts the focus ring on the card it turns to: each turn is drawn with it there.
        let focus = (collection.focusedItem, collection.showsFocusRing)
        for neighbour in [page - 1, page + 1] where ids.indices.contains(neighbour) {
            let there = layout.restingOffset(forItem: neighbour)
            let steps = CarouselScene.drawAheadSteps
            let offsets = (1...steps).map { Point(x: here + (there - here) * Double($0) / Double(steps), y: 0) }
            collection.drawAhead(atOffsets: offsets, into: &list)
            collection.setFocus(ItemPath(item: neighbour), showingRing: true)
            collection.drawAhead(atOffsets: offsets, into: &list)
            collection.setFocus(focus.0, showingRing: focus.1)
        }
        return list
    }

    // MARK: Reading sheet

    var sheetFrameForAccessibility: Rect { sheetFrame }
    var sheetCloseFrameForAccessibility: Rect { sheetCloseFrame }
    var sheet: CarouselSheet { readingSheet }

    /// The open reading sheet: it dims and blocks the whole window.
    var modalSheet: Rect? { openedCard == nil ? nil : sheetFrame }

    /// The sheet an opened card shows in: centred, at most 520 × 420 points.
    private var sheetFrame: Rect {
        let f = collection.frame
        let w = min(520, f.width - 32), h = min(420, f.height - 32)
        return Rect(x: (f.midX - w / 2).rounded(), y: (f.midY - h / 2).rounded(), width: max(0, w), height: max(0, h))
    }
    private var sheetCloseFrame: Rect {
        let s = sheetFrame
        return Rect(x: s.maxX - 104, y: s.maxY - 52, width: 88, height: 36)
    }

    /// The reading sheet, when a card is open.
    fileprivate func drawOpenSheet(into list: inout DrawList) { if let opened = openedCard { drawSheet(for: opened, into: &list) } }

    private func drawSheet(for index: Int, into list: inout DrawList) {
        let c = CarouselCardCell.Content.sample(ids[index], of: ids.count)
        list.fill(collection.frame, ModalSheet.dimming)
        let s = sheetFrame
        list.shadow(s.offsetBy(dx: 0, dy: 8), Color.black.withAlpha(0.5), radius: 14, blur: 24)
        // The card's colour is the sheet's own top edge: the sheet is filled in it, rounded, and
        // its body covers all but the top 10 points (square where it meets the strip).
        let strip = 10.0
        list.fill(s, c.color, radius: 14)
        list.fill(Rect(x: s.minX, y: s.minY + strip, width: s.width, height: max(0, s.height - strip)), Theme.surfaceRaised, radius: 14)
        list.fill(Rect(x: s.minX, y: s.minY + strip, width: s.width, height: min(14, max(0, s.height - strip))), Theme.surfaceRaised)
        let inner = s.insetBy(dx: 20, dy: 24)
        list.text(c.category.uppercased(), in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: 18),
                  size: 12, color: Theme.textDim, weight: .bold)
        list.text(c.title, in: Rect(x: inner.minX, y: inner.minY + 22, width: inner.width, height: 34), size: 24,
                  color: Theme.text, weight: .bold)
        list.text("\(c.author) · \(CarouselCardCell.readingTime(c.minutes))", in: Rect(x: inner.minX, y: inner.minY + 58, width: inner.width, height: 20),
                  size: 13, color: Theme.textDim)
        let body = Rect(x: inner.minX, y: inner.minY + 90, width: inner.width, height: max(0, sheetCloseFrame.minY - 12 - inner.minY - 90))
        if body.height >= 16 {
            list.paragraph(CarouselScene.story(c), in: body, style: ParagraphStyle(text: TextStyle(size: 15), maximumLines: Int(body.height / 21)),
                           color: Theme.text)
        }
        // Close, the engine's button in the demo's colours: a pill in the accent colour.
        let close = readingSheet.closeButton
        close.title = CarouselScene.closeTitle
        var style = ButtonStyle.header
        style.text = TextStyle(size: 14)
        style.cornerRadius = sheetCloseFrame.height / 2
        style.focusRingWidth = 2
        close.style = style
        close.setFrame(sheetCloseFrame)
        close.draw(into: &list)
    }

    static var closeTitle: String { tr("Close") }
    /// The opened card's text (the demo's words).
    static func story(_ c: CarouselCardCell.Content) -> String {
        "\(c.subtitle). \(c.author) takes you through \(c.title): where it began, what it looks like today and "
            + "why it is worth the trip."
    }

    // MARK: Page dots

    /// Dots while there are few cards and they fit across the window; else the counter.
    private var showsDots: Bool {
        ids.count > 1 && ids.count <= CarouselScene.maximumDots
            && Double(ids.count - 1) * CarouselScene.dotSpacing + 2 * CarouselScene.dotSpacing <= collection.frame.width
    }
    /// Under the cards, in the margin below them: in a tall window the cards keep their most
    /// pleasing height and sit in the middle, and the dots stay with them, not at the window's edge.
    private var dotsCentreY: Double {
        let bottom = collection.frame.maxY - layout.bottomMargin / 2
        guard !ids.isEmpty, let card = collection.layout.attributesForItem(at: ItemPath(item: 0))?.frame else { return bottom }
        return min(bottom, collection.windowRect(fromContent: card).maxY + layout.bottomMargin / 2)
    }

    /// Centre of dot `i`, in window points: the first at the left, or at the right in right to left.
    private func dotCentre(_ i: Int) -> Point {
        let step = collection.layoutDirection.isRightToLeft ? -CarouselScene.dotSpacing : CarouselScene.dotSpacing
        return Point(x: collection.frame.midX + step * (Double(i) - Double(ids.count - 1) / 2), y: dotsCentreY)
    }

    private func dotIndex(at p: Point) -> Int? {
        guard showsDots, abs(p.y - dotsCentreY) <= 12 else { return nil }
        let first = dotCentre(0).x, step = dotCentre(min(1, ids.count - 1)).x - first
        let i = step == 0 ? 0 : Int(((p.x - first) / step).rounded())
        guard (0..<ids.count).contains(i), abs(p.x - dotCentre(i).x) <= CarouselScene.dotSpacing / 2 else { return nil }
        return i
    }

    private func drawPageIndicator(into list: inout DrawList) {
        let current = centeredIndex
        if showsDots {
            for i in ids.indices {
                let c = dotCentre(i)
                let r = i == current ? 5.0 : 3.5
                list.fill(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r),
                          i == current ? Theme.accent : Theme.border, radius: r)
            }
        } else if !ids.isEmpty {
            list.text(counted(current + 1) + " / " + counted(ids.count), in: Rect(x: collection.frame.midX - 80, y: dotsCentreY - 12, width: 160, height: 24),
                      size: 14, color: Theme.textDim, alignment: .center, weight: .bold)
        }
    }

    public func cursor(at p: Point) -> Cursor {
        if press.isPanning { return .grabbing }
        if !showsDots, let bar = collection.scrollBarCursor(at: p) { return bar }
        if dotIndex(at: p) != nil { return .hand }
        return collection.indexPathForItem(atWindowPoint: p) != nil ? .hand : .arrow
    }

    public func dumpState() -> [(String, JSON)] {
        [("collections", .array([collection.dumpState(extra: [
            ("centeredIndex", .int(centeredIndex)),
            ("alignment", .string(alignment.rawValue)),
            ("selected", .array(collection.selectedItems.sorted().map { .string("\(ids[$0.item])") })),
            // The card open in the reading sheet (null: none).
            ("opened", openedCard.map { .string("\(ids[$0])") } ?? .null),
            // The reading sheet while open: its frame, and that it is modal (it dims and blocks the window).
            ("sheet", modalSheet.map { .object([("frame", .rect($0)), ("modal", .bool(true))]) } ?? .null),
            // Focus rings drawn now: on a card, on an Open button, on the sheet's Close (one at most).
            ("rings", .int(focusRingsShown)),
        ])]))] + composition.focus.dumpEntries()
    }

    /// The focus rings the cells and the sheet draw now.
    var focusRingsShown: Int {
        var n = sheet.closeButton.showsFocusRing ? 1 : 0
        for (_, cell) in collection.visibleCells {
            if cell.isFocused { n += 1 }
            if let card = cell as? CarouselCardCell, card.showsButtonRing { n += 1 }
        }
        return n
    }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ids[ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! CarouselCardCell
        cell.content = .sample(ids[ip.item], of: ids.count)
        cell.direction = cv.layoutDirection
        return cell
    }
}

extension CarouselScene {
    /// The scene as the command line configures it: `--items` (default 12) and `--carousel-align`.
    public convenience init(config: SceneConfig) throws {
        guard let alignment = CarouselLayout.Alignment(rawValue: config.carouselAlignment) else {
            throw AppError("unknown carousel alignment '\(config.carouselAlignment)' (center or edges)")
        }
        self.init(itemCount: config.items ?? 12, alignment: alignment)
        collection.layoutDirection = config.layoutDirection
    }
}

/// The carousel's reading sheet as a part: it captures every event while a card is open and
/// draws at the modal layer; its Close button is the one focus stop while it is open.
final class CarouselSheet: Component {
    private unowned let scene: CarouselScene
    /// Close: the one focus stop while the sheet is open (the sheet sets its frame and draws it).
    private(set) lazy var closeButton: Button = {
        let b = Button(name: "close", title: CarouselScene.closeTitle, kind: .suggested, style: .header)
        b.onActivate = { [unowned self] now in scene.closeSheet(now: now) }
        return b
    }()

    init(scene: CarouselScene) { self.scene = scene }

    var inputRole: InputRole { scene.openedCard == nil ? .normal : .capture }
    var drawLayer: DrawLayer { .modal }
    func contains(_ p: Point) -> Bool { scene.openedCard != nil }
    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard scene.openedCard != nil else { return .ignored }
        // Close lights up under the pointer and looks pressed while held; the sheet decides.
        switch event {
        case .pointerMove, .pointerDown, .pointerExited: _ = closeButton.handle(event, now: now)
        case .pointerUp: closeButton.cancelGestures(now: now)
        default: break
        }
        return scene.handleSheet(event, now: now) ? .handled : .ignored
    }
    func draw(into list: inout DrawList) { scene.drawOpenSheet(into: &list) }
}

/// The cards as a part and a focus stop: pan, flick, wheel and the page dots; with the focus, the
/// ring on the centred card (the paging keys come from the scene's key table, whichever stop has
/// the focus).
final class CarouselCards: Component, FocusStop {
    private unowned let scene: CarouselScene
    init(scene: CarouselScene) { self.scene = scene }

    var focusName: String { "cards" }
    var canTakeFocus: Bool { !scene.ids.isEmpty }
    /// The cards but the centred card's Open button (a press there focuses the button).
    func contains(_ p: Point) -> Bool { scene.collection.frame.contains(p) && !scene.openButton.contains(p) }
    var showsOwnRing: Bool { scene.collection.showsFocusRing }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        let c = scene.collection
        c.setFocus(isFocused ? c.focusedItem ?? ItemPath(item: scene.centeredIndex) : c.focusedItem, showingRing: isFocused && showsRing)
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if case .key = event { return .ignored }
        return scene.handleCards(event, now: now) ? .handled : .ignored
    }
    func update(now: Double) {
        scene.collection.update(now: now)
        scene.placeOpenButton()
    }
    func nextDeadline(after now: Double) -> Double? { scene.collection.nextDeadline(after: now) }
    func draw(into list: inout DrawList) { scene.drawCards(into: &list) }
    func cancelGestures(now: Double) { scene.didDeactivate(now: now) }
}
