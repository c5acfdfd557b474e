import CollectionKit
import CalendarModel
/// Month pages of 6×7 days paged sideways (drag, flick, wheel, PageUp/PageDown, Home), a header
/// with the month and localised weekday labels, multi-day selection kept as dates, a keyboard
/// focus ring, and events from an `EventSource` in the cells and listed for the chosen day.
public final class CalendarScene: Scene, CollectionDataSource {
    public let name = "calendar"
    public let settings: CalendarSettings
    public let collection: CollectionView
    /// The events shown. A reloaded calendar replaces it once its visible page is ready.
    public private(set) var events: EventCache
    /// A reloaded calendar being prepared off screen, a slice a frame, before it replaces `events`.
    private var incoming: EventCache?
    /// Where reloaded calendars arrive from the executable's watcher (nil: never reloaded).
    public var updates: EventSourceMailbox?
    /// The files shown (the executable's list, then as the watcher finds calendars added or removed).
    public private(set) lazy var shownFiles: [String] = settings.shownFiles
    private var incomingFiles: [String]?
    /// Opens dropped calendar files (see `SceneConfig.openCalendarFiles`).
    var openCalendarFiles: (@Sendable ([String]) -> Void)?
    /// How many times a reloaded calendar replaced the shown one.
    public private(set) var reloadCount = 0
    /// The scene's words and the locale's date and time formats.
    public let strings: CalendarStrings
    public let formatter: CalendarFormatter
    /// Week rows' lanes by page, made once a page's events are ready.
    private var lanes: [MonthGrid: [[LaneSlot?]]] = [:]
    /// The chosen days (long ranges kept as ranges, see `CalendarSelection`).
    private(set) var selection = CalendarSelection()
    /// Days chosen one by one or in ranges of up to `CalendarSelection.rangeLimit` days.
    public var selectedDates: Set<CalendarDate> { selection.dates }
    /// Longer ranges chosen with Shift+click, as first and last day.
    public var selectedRanges: [ClosedRange<CalendarDate>] { selection.ranges }
    /// The side panel lists at most this many chosen days (a range may hold millions).
    static let listedLimit = 1_000
    /// The state dump lists the panel's first rows, up to this many.
    static let dumpedPanelRows = 200
    /// Where a Shift+click range starts: the day last chosen by a click or Space.
    public private(set) var anchor: CalendarDate?
    public internal(set) var focus: CalendarDate
    /// The focused day shows its ring: only after keyboard use, never at launch.
    var showsFocusRing = false
    /// The parts in priority order (see `compose()`).
    public internal(set) var composition = Composition([])
    private var frame = Rect.zero
    private var pendingPage: Int
    private var reflowing = false
    /// Names formatted once: each `DateFormatter` opens an ICU formatter, which cost more than the
    /// rest of the header and sidebar together when it happened every frame.
    lazy var weekdayLabels = settings.weekdayLabels
    private var titles: [CalendarMonth: String] = [:]
    /// The header's rows as last measured, and for what (see `headerRows(compact:width:)`).
    var headerRowsMemo: (key: HeaderRowsKey, rows: HeaderRows)?

    /// Moving events to other days (`CalendarEventEditing.swift`).
    var editing = CalendarEditing()
    /// The title field of a new event, typed over its day (`CalendarEventCreating.swift`).
    public internal(set) var titleEditor = InPlaceEditor(measurer: EstimatedTextMeasurer(), services: TextServices(),
                                                         style: CalendarScene.titleFieldStyle)
    /// The day a new event is being typed for, while it is.
    public internal(set) var creatingOn: CalendarDate?
    /// Presses on days, counted for double-clicks (which create an event).
    var dayClicks = ClickCounter()

    /// The side panel's list of the chosen days' events, scrolled on its own (`CalendarSidePanel.swift`).
    let panel = CalendarSidePanel()
    /// The panel's rows are made again before they are next shown (the selection or the events changed).
    var panelNeedsRows = true
    /// The days the panel's rows were made for.
    var panelListed: [CalendarDate] = []
    /// Each day's event rows for the calendar and panel width shown (a range of a thousand days
    /// is not formatted again on every frame); forgotten when either changes.
    var panelDayRows: [CalendarDate: [CalendarPanelRow]] = [:]
    /// The day the panel's list scrolls to at the next frame (the day just toggled).
    var panelFollows: CalendarDate?
    /// The day popover shown, if any (`CalendarDayPopover.swift`), and whether it owns the
    /// release of the press that closed it or landed in it.
    var popover: CalendarDayPopover?
    var popoverOwnsRelease = false
    /// The Rename and Delete menu of an event row (`CalendarEventMenu.swift`), and its row.
    let eventMenu = ContextMenuController()
    var eventMenuRow: CalendarEventRow?
    /// The header's ‹ › and Today buttons' hover, press and focus, as its `Button`s have them.
    var buttons: CalendarHeaderButtons { header.state }
    /// A press on a day's "+N", opened into its popover on release over the same "+N".
    var morePress: CalendarDate?
    /// The scene's rectangle in the window.
    var sceneFrame: Rect { frame }
    /// Where the pointer was last seen in the scene (the wheel goes to what is under it).
    var pointer: Point? { composition.pointer }

    /// The scene's parts (see `compose()`): the header with its buttons, the days, the day
    /// popover, the side panel, a move in flight, the scene-wide keys and the events' loading.
    private(set) lazy var header = CalendarHeaderPart(scene: self)
    private(set) lazy var dayGrid = CalendarDayGridPart(scene: self)
    private(set) lazy var popoverPart = CalendarPopoverPart(scene: self)
    private(set) lazy var panelPart = CalendarPanelPart(scene: self)
    private(set) lazy var mover = CalendarEventMoverPart(scene: self)
    private(set) lazy var shortcuts = CalendarShortcutsPart(scene: self)
    private(set) lazy var loader = CalendarEventsPart(scene: self)
    /// The notice a delete leaves, with Undo (`CalendarScene+Toast.swift`).
    private(set) var toast = Toast(name: "deletedEvent", measurer: EstimatedTextMeasurer())

    static let panSlop = 4.0
    static let headerHeight = 78.0

    public convenience init(config: SceneConfig) throws {
        let settings = try CalendarSettings.parse(config.resolvedOptions)
        let source = config.calendarSource?.load(settings.zone) ?? InMemoryEventSource([], zone: settings.zone)
        self.init(settings: settings, source: source)
        collection.layoutDirection = config.layoutDirection
        panel.view.layoutDirection = config.layoutDirection
        eventMenu.layoutDirection = config.layoutDirection
        updates = config.calendarSource?.updates
        openCalendarFiles = config.openCalendarFiles
        measurer = config.measurer
        titleEditor = InPlaceEditor(measurer: config.measurer, services: config.services, style: CalendarScene.titleFieldStyle)
        sayTitleLimit()
        compose()
    }

    public init(settings: CalendarSettings, source: any EventSource) {
        self.settings = settings
        events = EventCache(source: source, zone: settings.zone)
        strings = CalendarScene.words(for: settings.wordsLocale ?? settings.locale)
        formatter = CalendarFormatter(locale: settings.locale, zone: settings.zone)
        let month = settings.month ?? settings.today.calendarMonth
        focus = month.contains(settings.today) ? settings.today : month.firstDay
        pendingPage = CalendarScene.page(of: month)
        collection = CollectionView(name: "calendar", layout: CalendarLayout(weekNumbers: settings.weekNumbers))
        // The app paints the window in this colour already; a second pass over the grid's area
        // is a measurable share of a software-rendered frame.
        collection.backgroundColor = nil
        collection.register(reuseIdentifier: "day") { DayCell(reuseIdentifier: $0) }
        // Months turn by page, not by a bar; the side panel's list has the scene's one scroll bar.
        collection.showsScrollBars = false
        collection.dataSource = self
        collection.physics.targetDecision = { [unowned collection] proposed, velocity, decision in
            collection.layout.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision)
        }
        collection.reloadData()
        sayTitleLimit()
        compose()
    }

    /// A title typed or pasted past `TextLimits.eventTitle` is refused with a notice saying so.
    private func sayTitleLimit() {
        titleEditor.onLimit = { [unowned self] limit in refuse(TextLimits.reached(limit)) }
    }

    // MARK: Pages and dates

    static func page(of month: CalendarMonth) -> Int {
        min(max(0, month.index - CalendarSettings.firstMonth.index), pageCount - 1)
    }
    static var pageCount: Int { CalendarSettings.lastMonth.index - CalendarSettings.firstMonth.index + 1 }
    static func month(ofPage page: Int) -> CalendarMonth { CalendarSettings.firstMonth.adding(months: page) }

    var layout: CalendarLayout { collection.layout as! CalendarLayout }

    /// The page the pager is on or heading to.
    public var visiblePage: Int {
        collection.frame.isEmpty ? pendingPage : layout.page(nearest: collection.physics.restingOffset)
    }
    public var visibleMonth: CalendarMonth { CalendarScene.month(ofPage: visiblePage) }
    /// The month under the middle of the viewport right now (the header follows a drag).
    public var displayedMonth: CalendarMonth {
        collection.frame.isEmpty ? visibleMonth : CalendarScene.month(ofPage: layout.page(nearest: collection.contentOffset))
    }
    public func grid(for month: CalendarMonth) -> MonthGrid { MonthGrid(month: month, firstWeekday: settings.firstWeekday) }

    /// The days the calendar's pages are for: the first page's leading days (in 1582, before the
    /// Gregorian calendar's first whole year) and the last page's trailing days (in 10000) are shown
    /// but are not its own.
    public static let dates = CalendarSettings.firstMonth.firstDay...CalendarSettings.lastMonth.lastDay

    /// Days that cannot be chosen or dropped on: before `--min-date`, or outside ``dates``.
    public func isDisabled(_ date: CalendarDate) -> Bool {
        !CalendarScene.dates.contains(date) || (settings.minDate.map { date < $0 } ?? false)
    }

    public func showMonth(_ month: CalendarMonth, animated: Bool, now: Double) {
        let page = CalendarScene.page(of: month)
        pendingPage = page
        guard !collection.frame.isEmpty else { return }
        collection.physics.setOffset(layout.offset(ofPage: page), animated: animated, now: now)
    }

    // MARK: Selection

    /// Unchooses every day (Escape).
    public func clearSelection() {
        selection = CalendarSelection()
        anchor = nil
        refreshCells()
    }

    /// A click or Space: toggles one day; with Shift, chooses every enabled day from the anchor to it.
    public func choose(_ date: CalendarDate, extendingRange: Bool) {
        guard !isDisabled(date) else { return }
        if extendingRange, let a = anchor {
            // Disabled days are those before the minimum date: the range starts there at the earliest.
            let lo = max(min(a, date), settings.minDate ?? min(a, date)), hi = max(a, date)
            if lo <= hi { selection.add(lo...hi) }
            anchor = date
        } else if selection.contains(date) {
            selection.remove(date)
            if anchor == date { anchor = nil }
        } else {
            selection.insert(date)
            anchor = date
        }
        refreshCells()
        // The panel shows the day just toggled (or, unchosen, where it was), from the next frame.
        panelFollows = date
    }

    /// The days whose events the side panel lists: every chosen day in date order when several
    /// are chosen, else `listedDate`.
    public var listedDates: [CalendarDate] {
        selection.count > 1 ? selection.first(CalendarScene.listedLimit) : [listedDate]
    }

    /// The day whose events are listed: the last chosen day while it is chosen, else the focused
    /// day while its month is shown, else the day the focus comes to on the page shown (today,
    /// or the month's first day): after Page Down the panel follows the month.
    public var listedDate: CalendarDate {
        if let a = anchor, selection.contains(a) { return a }
        if visibleMonth.contains(focus) { return focus }
        return visibleMonth.contains(settings.today) ? settings.today : visibleMonth.firstDay
    }

    private func moveFocus(to date: CalendarDate, now: Double) {
        focus = date
        if !visibleMonth.contains(date) { showMonth(date.calendarMonth, animated: true, now: now) }
        refreshCells()
    }

    func refreshCells() {
        for (ip, cell) in collection.visibleCells {
            (cell as? DayCell)?.configure(model(for: ip))
        }
        panelNeedsRows = true
    }

    // MARK: Scene

    public func setFrame(_ frame: Rect) {
        let page = visiblePage
        self.frame = frame
        let gridRect = gridFrame(in: frame)
        let compact = gridRect.height < 300 || gridRect.width < 500
        // The engine reflows at its old offset first; those interim cells need no events.
        reflowing = true
        // Small windows give the cells the room the margins took.
        if layout.isCompact != compact {
            collection.updateLayout(as: CalendarLayout.self) { $0.isCompact = compact }
        }
        collection.setFrame(gridRect)
        panel.view.setFrame(panelListFrame(in: frame))
        // The popover stood beside a cell that has moved.
        popover = nil
        panelDayRows.removeAll()
        panelNeedsRows = true
        reflowing = false
        pendingPage = page
        // A resize lands on the same month, whatever was in flight.
        if !gridRect.isEmpty {
            collection.physics.jump(to: layout.offset(ofPage: page))
            // The page shown first (or after a resize) is read at once; later pages a slice a frame.
            expandNow(grid(for: CalendarScene.month(ofPage: page)))
        }
        collection.update(now: collection.now)
        header.layOutButtons()
        toast.setFrame(collection.frame)
    }

    /// The header's height: the title row and the weekday row, less in short windows; taller
    /// where their words need it (a larger text scale, a title wrapped in a narrow window).
    func headerHeight(for frame: Rect) -> Double {
        let base = frame.height < 420 ? 52.0 : CalendarScene.headerHeight
        let rows = headerRows(compact: frame.height < 420, width: max(0, frame.width - sidebarWidth(for: frame)))
        return rows.total <= base ? min(base, frame.height / 3) : min(rows.total, frame.height / 2)
    }

    /// The header's rows measured: the title row's top, the height of one line of it (the
    /// buttons' row), its whole height with the title wrapped, how many lines the title takes,
    /// the weekday row's height, and the header's height they add up to.
    struct HeaderRows: Equatable {
        var top: Double, line: Double, title: Double, titleLines: Int, labels: Double, total: Double
    }

    /// The header's rows at a text scale and in a header `width` points wide: the title row is a
    /// line of the largest title high, or two lines of the smallest where even that does not fit
    /// beside the buttons (as a wrapped title of the month shown, widest of its year).
    func headerRows(compact: Bool, width: Double) -> HeaderRows {
        // Asked several times a frame (the buttons, the title, hit tests): measured once per
        // width, text scale and year shown.
        let key = HeaderRowsKey(compact: compact, width: width, textScale: Appearance.textScale, year: displayedMonth.year)
        if let hit = headerRowsMemo, hit.key == key { return hit.rows }
        let rows = measureHeaderRows(compact: compact, width: width)
        headerRowsMemo = (key, rows)
        return rows
    }

    struct HeaderRowsKey: Equatable { var compact: Bool, width: Double, textScale: Double, year: Int }

    private func measureHeaderRows(compact: Bool, width: Double) -> HeaderRows {
        let top = compact ? 2.0 : 8.0
        let line = max(compact ? 26 : 32, (measurer.lineHeight(style: TextStyle(size: 22, weight: .bold)) + (compact ? 0 : 4)).rounded(.up))
        let labels = max(compact ? 18 : 24, (measurer.lineHeight(style: TextStyle(size: 12, weight: .bold)) + 4).rounded(.up))
        let small = TextStyle(size: 13, weight: .bold)
        let year = displayedMonth.year
        let widest = (1...12).compactMap { CalendarMonth(year: year, month: $0) }.map { title(of: $0) }
            .max { measurer.width(of: $0, style: small) < measurer.width(of: $1, style: small) } ?? ""
        let room = width - 32 - headerButtonsWidth(headerWidth: width, side: line - 4, title: widest)
        var lines = 1, titleHeight = line
        if measurer.width(of: widest, style: small) > room, room > 0 {
            lines = min(2, max(1, measurer.lines(of: widest, style: ParagraphStyle(text: small), width: room).lines.count))
            titleHeight = max(line, (Double(lines) * measurer.lineHeight(style: small) + 4).rounded(.up))
        }
        return HeaderRows(top: top, line: line, title: titleHeight, titleLines: lines, labels: labels,
                          total: top + titleHeight + (compact ? 4 : 10) + labels + (compact ? 2 : 4))
    }

    /// The rows of the header as laid out now.
    var currentHeaderRows: HeaderRows {
        headerRows(compact: sceneFrame.height < 420, width: collection.frame.width)
    }

    /// The days' heights at the current text scale.
    var dayMetrics: DayCell.Metrics { DayCell.Metrics(measurer: measurer) }

    private func gridFrame(in frame: Rect) -> Rect {
        let header = headerHeight(for: frame)
        let side = sidebarWidth(for: frame)
        // Right to left the panel is at the left, so the grid starts after it.
        return Rect(x: frame.minX + (collection.layoutDirection.isRightToLeft ? side : 0), y: frame.minY + header, width: max(0, frame.width - side),
                    height: max(0, frame.height - header))
    }

    /// The side panel's width: it gives way (0) when the grid would be left too narrow for it.
    func sidebarWidth(for frame: Rect) -> Double { frame.width >= 760 ? min(340, (frame.width * 0.28).rounded()) : 0 }
    var sidebarWidth: Double { sidebarWidth(for: frame) }

    /// The parts in priority order: the new event's title field and an event's menu on top and
    /// first for input, then a delete's toast (drawn over the content); a move in flight captures
    /// every event until it ends, and an open popover every event until it closes; then the side
    /// panel, the days and the header (which draw in the reverse order: the header first, the
    /// panel over the grid), the focus chain (the header's buttons, the days, the panel, the
    /// toast's buttons), the keys that work wherever the focus is, and the events' loading. Each
    /// part handles, updates, draws and times itself.
    func compose() {
        eventMenu.style.highlight = Theme.accent
        eventMenu.style.destructive = Theme.danger.mixed(with: .white, 0.15)
        eventMenu.style.destructiveHighlight = Theme.danger
        eventMenu.onChoose = { [unowned self] _, index, _, now in runEventMenu(index: index, now: now) }
        // Reading order: the header's buttons, the days, the side panel's events, then a
        // delete's toast while it shows; the focus starts on the days.
        toast = makeToast()
        let focus = FocusChain(header.focusStops + [dayGrid, panelPart] + toast.focusStops, initial: dayGrid)
        toast.focusChain = focus
        composition = Composition([titleEditor, eventMenu, toast, mover, popoverPart, panelPart, dayGrid, header, focus, shortcuts, loader],
                                  focus: focus)
        composition.collections = [panel.view]
    }

    /// A drop from another program: calendar files (`.ics`) open beside the files shown, as a
    /// second launch's do; anything else is refused with a notice naming it.
    func handleDrop(_ event: InputEvent) -> Bool {
        guard case let .drop(payload, _) = event else { return false }
        let calendars = payload.files(withExtensions: ["ics", "ical", "icalendar", "ifb"])
        if let open = openCalendarFiles, !calendars.isEmpty {
            open(calendars)
            return true
        }
        let what = payload.files.first.map { "“\(DropPayload.fileName($0))”" } ?? strings.droppedText
        refuse(strings.fill(strings.dropNotCalendar, what, ""))
        return true
    }

    /// The keys that work wherever the focus is: Ctrl+N adds an event on the focused day, the
    /// page keys and Home turn the month, Escape unchooses every day.
    func handleSceneKey(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        // Ctrl+N adds an event on the focused day.
        if key == Key("n"), mods == .ctrl {
            beginCreatingEvent(on: focus, now: now)
            return true
        }
        switch key {
        case .pageDown: showMonth(visibleMonth.adding(months: 1), animated: true, now: now)
        case .pageUp: showMonth(visibleMonth.adding(months: -1), animated: true, now: now)
        case .escape where mods.isEmpty && !selection.isEmpty:
            // Escape unchooses every day, a range included, as the grid's Escape does.
            clearSelection()
        case .home:
            focus = settings.today
            showMonth(settings.today.calendarMonth, animated: true, now: now)
            refreshCells()
        default: return false
        }
        return true
    }

    /// The day grid's focus came or went, or its ring showed or hid.
    func dayFocusChanged(focused: Bool, ring: Bool) {
        if !focused, editing.focusedChip != nil { editing.focusedChip = nil; refreshCells() }
        guard showsFocusRing != (focused && ring) else { return }
        showsFocusRing = focused && ring
        refreshCells()
    }

    /// The arrows move the focused day, Space chooses it (Shift extends the range), Enter opens
    /// its popover where the side panel is hidden. After paging away from the focus, the first
    /// key brings the ring onto the page shown rather than turning the page back.
    func handleDayKey(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        // Tab walks the focused day's event chips; past the last one the chain moves on.
        if key == .tab { return cycleChipFocus(backwards: mods.contains(.shift)) }
        guard [.left, .right, .up, .down, .space, .enter].contains(key), mods.isSubset(of: .shift) else { return false }
        // Keyboard use: the focused day shows its ring from now until the next press.
        if !showsFocusRing { showsFocusRing = true; refreshCells() }
        guard visibleMonth.contains(focus) else {
            focus = visibleMonth.contains(settings.today) ? settings.today : visibleMonth.firstDay
            refreshCells()
            return true
        }
        switch key {
        case .left: moveFocus(to: focus.adding(days: layout.isRightToLeft ? 1 : -1), now: now)
        case .right: moveFocus(to: focus.adding(days: layout.isRightToLeft ? -1 : 1), now: now)
        case .up: moveFocus(to: focus.adding(days: -7), now: now)
        case .down: moveFocus(to: focus.adding(days: 7), now: now)
        case .enter where enterOpensPopover(): openPopover(focus)
        default: choose(focus, extendingRange: mods.contains(.shift))
        }
        return true
    }

    /// Source work allowed per frame while preparing the neighbouring pages (see `EventSource.prefetch`).
    public var prefetchBudget = 60

    /// Leaving the scene mid-pan settles the page instead of leaving it held.
    public func didDeactivate(now: Double) {
        dayGrid.cancelPan(now: now)
        settlePendingWrite()
    }

    /// A reloaded calendar taken in, or the pages around the one shown read a slice at a time
    /// (`CalendarEventsPart` calls it every frame).
    func loadEvents(now: Double) {
        if let update = updates?.takeUpdate() {
            incoming = EventCache(source: update.source, zone: settings.zone)
            editing.readOnly = [:]
            if let files = update.files { incomingFiles = files }
        }
        // A reloaded calendar is prepared off screen; the old one stays shown until the new one's
        // page is ready, so reloading costs no frame more than paging does.
        if let next = incoming {
            if next.prepare(grid(for: visibleMonth), budget: prefetchBudget) {
                // The old calendar and its pages are released by the thread that read the new one.
                updates?.retire(events)
                events = next
                incoming = nil
                if let files = incomingFiles { shownFiles = files; incomingFiles = nil }
                lanes.removeAll()
                panelDayRows.removeAll()
                reloadCount += 1
                refreshCells()
            }
            return
        }
        // Idle frames get the page shown and the pages either side ready, a slice at a time, so
        // turning a page finds its events already expanded and a far jump (Home) never expands a
        // page in one frame. One slice a frame, nearest page first.
        let here = visibleMonth
        // The months of the days the panel shows now (and of the first few listed) come next.
        let listed = (listedDates.prefix(8) + panel.visibleDates.prefix(8)).map(\.calendarMonth)
        for month in [here, here.adding(months: 1), here.adding(months: -1)] + listed {
            let page = grid(for: month)
            if !events.isReady(page) {
                if events.prepare(page, budget: prefetchBudget) { refreshCells() }
                return
            }
            // A ready page's lanes are laid out in a frame of their own, not in the frame that
            // first shows the page.
            if lanes[page] == nil {
                _ = lanes(of: page)
                return
            }
        }
    }

    /// Reads `page`'s events now (the first page shown, or after a resize).
    func expandNow(_ page: MonthGrid) {
        guard !events.isReady(page) else { return }
        _ = events.events(on: page.firstDate, page: page)
        refreshCells()
    }

    /// The lanes of `page`'s six week rows, once its events are ready (nil before: cells wait).
    private func lanes(of page: MonthGrid) -> [[LaneSlot?]]? {
        if let hit = lanes[page] { return hit }
        guard events.isReady(page) else { return nil }
        var all: [[LaneSlot?]] = []
        for row in 0..<MonthGrid.rows {
            let days = (0..<MonthGrid.columns).map { page.date(at: row * MonthGrid.columns + $0) }
            // A bar's title goes on the page's own days, not on the dimmed ones of the month before.
            all += WeekLanes.assign(days: days, zone: settings.zone, titled: { !page.isAdjacent($0) }) { self.events.events(on: $0, page: page) }
        }
        if lanes.count > 16 {
            // Keep the pages around the one shown; the rest are laid out again if ever needed.
            let here = visibleMonth.index
            lanes = lanes.filter { abs($0.key.month.index - here) <= 1 }
        }
        lanes[page] = all
        return all
    }

    /// `now` while a neighbouring page still has events to prepare (one slice a frame).
    func prefetchDeadline(after now: Double) -> Double? {
        let here = visibleMonth
        return [here, here.adding(months: 1), here.adding(months: -1)].contains { !events.isReady(grid(for: $0)) } ? now : nil
    }

    public var notices: [String] {
        // The app asks several times a frame; a calendar's problems change only with a reload.
        // Expanding a page may add a problem (a rule cut short), so the count is compared too.
        let problems = events.source.diagnostics.count
        if let cached = noticeCache, cached.generation == reloadCount, cached.problems == problems { return cached.lines + editing.notices }
        // One line per file: its first problem, and how many more there were.
        var order: [String] = []
        var byFile: [String: [LoadDiagnostic]] = [:]
        for d in events.source.diagnostics {
            if byFile[d.file] == nil { order.append(d.file) }
            byFile[d.file, default: []].append(d)
        }
        let lines = order.map { file -> String in
            let list = byFile[file]!
            let more = strings.moreProblemsNote(list.count - 1)
            return "\(strings.noticePrefix): \(list[0])" + (more.isEmpty ? "" : " \(more)")
        }
        noticeCache = (reloadCount, problems, lines)
        return lines + editing.notices
    }
    /// The notice lines and the calendar they were made for (`reloadCount` counts the calendars shown).
    private var noticeCache: (generation: Int, problems: Int, lines: [String])?

    /// After a change was written: the source has read its files again, so every page is read anew.
    func calendarWritten() {
        events = EventCache(source: events.source, zone: settings.zone)
        lanes.removeAll()
        panelDayRows.removeAll()
        editing.readOnly = [:]
        noticeCache = nil
        expandNow(grid(for: visibleMonth))
        refreshCells()
    }

    // MARK: Drawing

    /// Measures the header's text as the backend draws it (estimates when there is no backend).
    var measurer: any TextMeasuring = EstimatedTextMeasurer()

    /// The width of a line of text, from the measurer: the header decides what to drop with it.
    func textWidth(_ text: String, size: Double, bold: Bool) -> Double {
        measurer.width(of: text, style: TextStyle(size: size, weight: bold ? .bold : .regular))
    }

    /// What the header's title row holds at `width`: the month title always whole (smaller type
    /// before it is ever cut), then the calendar's name, then the key hints, dropped in reverse.
    struct HeaderPlan: Equatable {
        var titleSize: Double
        var showsSource: Bool
        var showsHints: Bool
        /// The "Read only" badge after the title: it gives way after the hints and the name.
        var showsReadOnly = false
    }

    /// The badge's width in the header, with its gap before it: nothing on a calendar that can
    /// be changed.
    var readOnlyBadgeWidth: Double {
        createReadOnlyReason() == nil ? 0 : (textWidth(strings.readOnly, size: 12, bold: false) + 20).rounded(.up) + 14
    }

    func headerPlan(title: String, width: Double) -> HeaderPlan {
        let room = width - 32 - headerButtonsWidth
        var titleSize = 22.0
        while titleSize > 13, textWidth(title, size: titleSize, bold: true) > room { titleSize -= 1 }
        let titleWidth = textWidth(title, size: titleSize, bold: true)
        let hints = textWidth(strings.keyHints, size: 12, bold: false) + 24
        let source = sourceLabel.map { textWidth($0, size: 13, bold: false) + 24 } ?? 0
        let badge = readOnlyBadgeWidth
        let showsBadge = badge > 0 && titleWidth + badge <= room
        let shownBadge = showsBadge ? badge : 0
        // The calendar's name goes first, then the badge; the title stays. No key hints: the keys
        // are in the shortcuts window (F1), from the scene's table.
        _ = hints
        return HeaderPlan(titleSize: titleSize, showsSource: sourceLabel != nil && titleWidth + shownBadge + source <= room,
                          showsHints: false, showsReadOnly: showsBadge)
    }

    /// "Sample calendar", "Your calendars" or nothing (files named with `--ics`).
    var sourceLabel: String? {
        switch settings.sourceLabel {
        case "sample": return strings.sampleCalendar
        case "local": return strings.yourCalendars
        case let other?: return other.isEmpty ? nil : other
        case nil: return nil
        }
    }

    /// A page's title, formatted once.
    func title(of month: CalendarMonth) -> String {
        if let hit = titles[month] { return hit }
        let title = formatter.monthTitle(month)
        if titles.count > 256 { titles.removeAll() }
        titles[month] = title
        return title
    }

    /// The panel's title: the day listed, or how many days are chosen when several are.
    var panelTitle: String {
        let days = listedDates
        return days.count > 1 ? strings.chosen(selection.count) : formatter.long(days[0])
    }

    /// The line under one listed day's date: "1 day chosen", "3 days chosen"; nil with nothing
    /// chosen (GNOME Calendar's side list shows just the date then).
    var panelSubtitle: String? {
        listedDates.count == 1 && !selection.isEmpty ? strings.chosen(selection.count) : nil
    }

    /// "All day", "09:00 – 10:00", or "Fri 19:00 – 01:30" for what began the day before; the locale's clock.
    func timeText(_ e: EventOccurrence, on date: CalendarDate) -> String {
        switch e.span {
        case .allDay: return strings.allDay
        case let .timed(start, end):
            let zone = settings.zone
            // A time on another day than `date` says its weekday: "7:00 PM – Sat 1:30 AM".
            let from = zone.day(of: start) == date ? formatter.clock(start) : formatter.dayAndClock(start)
            let to = zone.day(of: max(start, end - 1)) == date ? formatter.clock(end) : formatter.dayAndClock(end)
            return start == end ? from : "\(from) – \(to)"
        }
    }

    // MARK: State dump

    public func dumpState() -> [(String, JSON)] {
        refreshPanel()
        let month = visibleMonth
        let g = grid(for: month)
        let page = CalendarScene.page(of: month)
        let cells: [JSON] = (0..<MonthGrid.cellCount).map { i in
            let f = layout.attributesForItem(at: ItemPath(item: i, section: page))?.frame ?? .zero
            return .rect(collection.windowRect(fromContent: f))
        }
        let zone = settings.zone
        let shown = events.occurrences(on: g)
        let editing = editingDump(events: shown)
        let list = shown.map { e -> JSON in
            let (start, end): (String, String)
            switch e.span {
            case let .allDay(first, last): (start, end) = ("\(first)", "\(last)")
            case let .timed(s, t): (start, end) = (zone.iso8601(s), zone.iso8601(t))
            }
            return .object([("uid", .string(e.uid)), ("title", .string(e.title)), ("start", .string(start)),
                            ("end", .string(end)), ("allDay", .bool(e.span.isAllDay)),
                            ("frames", .array((editing.frames[e] ?? []).map(JSON.rect))), ("editable", .bool(readOnlyReason(of: e) == nil)),
                            ("cancelled", .bool(e.cancelled))])
        }
        return [("calendar", .object([
            ("visibleMonth", .string("\(month)")),
            ("grid", .strings(g.dates.map(\.description))),
            ("cells", .array(cells)),
            ("selectedDates", .strings(selectedDates.sorted().map(\.description))),
            ("selectedRanges", .array(selectedRanges.map { .strings(["\($0.lowerBound)", "\($0.upperBound)"]) })),
            ("focusedDate", .string("\(focus)")),
            // Whether the focused day shows its ring (only after keyboard use).
            ("focusRing", .bool(showsFocusRing)),
            ("events", .array(list)),
            ("calendarSource", .string(settings.sourceLabel.map { $0.isEmpty ? "files" : $0 } ?? "files")),
            ("calendarFiles", .strings(shownFiles)),
            ("reloads", .number(Double(reloadCount))),
            ("weekNumbers", .bool(settings.weekNumbers)),
            ("listedDates", .strings(listedDates.map(\.description))),
            // The side panel's list: its window rectangle (empty when the panel gives way), how far
            // it is scrolled, its content's height and the days with a row in view.
            ("headerReadOnly", .bool(headerPlan(title: title(of: displayedMonth), width: collection.frame.width).showsReadOnly)),
            ("panelTitle", .string(panelTitle)),
            ("panelSubtitle", panelSubtitle.map(JSON.string) ?? .null),
            ("panelFrame", .rect(panel.view.frame)),
            ("panelScroll", .number(panel.view.contentOffset.y)),
            ("panelContentHeight", .number(panel.view.layout.contentSize.height)),
            ("panelVisibleDates", .strings(panel.visibleDates.map(\.description))),
            // The first rows only: a range of a thousand days would make the dump a quarter of a megabyte.
            ("panelRows", .array(panel.rows.prefix(CalendarScene.dumpedPanelRows).map(\.dump))),
            ("panelRowCount", .number(Double(panel.rows.count))),
            panelPart.focusedRowDump,
            ("hoveredDate", collection.feedback.hovered.map { ip -> JSON in
                .string(grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item).description)
            } ?? .null),
        ] + editing.pairs + creatingDump + popoverDump + eventMenuDump + [headerButtonsDump]))] + composition.focus.dumpEntries()
            + toast.dumpEntries()
    }

    // MARK: Data source

    public func numberOfSections(in collectionView: CollectionView) -> Int { CalendarScene.pageCount }
    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { MonthGrid.cellCount }
    /// Every month page alike: two numbers where an array of the 101,004 counts held 800 KB.
    public func sectionCounts(in collectionView: CollectionView) -> SectionCounts? {
        SectionCounts(sections: CalendarScene.pageCount, itemsInEach: MonthGrid.cellCount)
    }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable {
        ip.section * MonthGrid.cellCount + ip.item
    }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "day", for: ip) as! DayCell
        cell.configure(model(for: ip))
        return cell
    }

    private func model(for ip: ItemPath) -> DayCell.Model {
        let g = grid(for: CalendarScene.month(ofPage: ip.section))
        let date = g.date(at: ip.item)
        var m = DayCell.Model(date: date)
        m.isAdjacent = g.isAdjacent(date)
        m.isToday = date == settings.today
        m.isDisabled = isDisabled(date)
        m.isChosen = selection.contains(date)
        m.isFocused = date == focus && !m.isAdjacent && showsFocusRing
        m.gap = layout.spacing
        m.numberText = settings.number(date.day)
        m.isRightToLeft = layout.isRightToLeft
        m.metrics = dayMetrics
        m.isDropTarget = editing.drag?.over == date
        if date == focus, editing.focusedChip != nil { m.focusedEvent = focusedChipEvent }
        if m.isChosen {
            // A run of chosen days in a row is drawn as one band.
            let column = ip.item % MonthGrid.columns
            m.bandJoinsBefore = column > 0 && selection.contains(date.adding(days: -1))
            m.bandJoinsAfter = column < MonthGrid.columns - 1 && selection.contains(date.adding(days: 1))
        }
        // Pages whose events are not ready yet show none; idle frames prepare them, then refresh.
        if !reflowing, let pageLanes = lanes(of: g) {
            m.events = events.events(on: date, page: g)
            m.slots = pageLanes[ip.item]
            let rowStart = ip.item - ip.item % MonthGrid.columns
            m.rowLaneCount = pageLanes[rowStart..<rowStart + MonthGrid.columns].map(\.count).max() ?? 0
        }
        return m
    }
}
