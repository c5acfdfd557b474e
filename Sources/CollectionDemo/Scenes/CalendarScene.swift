import CollectionKit
import CalendarModel
/// Month pages of 6×7 days paged sideways (drag, flick, wheel, PageUp/PageDown, Home), a header
/// with the month and localised weekday labels, multi-day selection kept as dates, a keyboard
/// focus ring, and events from an `EventSource` in the cells and listed for the chosen day.
public final class CalendarScene: Scene, CollectionDataSource {
    public let name = "calendar"
    public let settings: CalendarSettings
    public let collection: CollectionView
    public let events: EventCache
    public private(set) var selectedDates: Set<CalendarDate> = []
    /// Where a Shift+click range starts: the day last chosen by a click or Space.
    public private(set) var anchor: CalendarDate?
    public private(set) var focus: CalendarDate
    private var frame = Rect.zero
    private var press = ScrollPan(tolerance: CalendarScene.panSlop)
    private var wheelTravel = 0.0
    private var lastWheel = -Double.infinity
    private var pendingPage: Int
    private var reflowing = false
    /// Names formatted once: each `DateFormatter` opens an ICU formatter, which cost more than the
    /// rest of the header and sidebar together when it happened every frame.
    private lazy var weekdayLabels = settings.weekdayLabels
    private var titles: [CalendarMonth: String] = [:]
    private var longTitles: [CalendarDate: String] = [:]

    static let panSlop = 4.0
    static let headerHeight = 78.0

    public convenience init(config: SceneConfig) throws {
        let settings = try CalendarSettings.parse(config.options)
        let source = config.calendarSource?.load(settings.zone) ?? InMemoryEventSource([], zone: settings.zone)
        self.init(settings: settings, source: source)
    }

    public init(settings: CalendarSettings, source: any EventSource) {
        self.settings = settings
        events = EventCache(source: source, zone: settings.zone)
        let month = settings.month ?? settings.today.calendarMonth
        focus = month.contains(settings.today) ? settings.today : month.firstDay
        pendingPage = CalendarScene.page(of: month)
        collection = CollectionView(name: "calendar", layout: CalendarLayout())
        // The app paints the window in this colour already; a second pass over the grid's area
        // is a measurable share of a software-rendered frame.
        collection.backgroundColor = nil
        collection.register(reuseIdentifier: "day") { DayCell(reuseIdentifier: $0) }
        collection.dataSource = self
        collection.physics.targetDecision = { [unowned collection] proposed, velocity, decision in
            collection.layout.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision)
        }
        collection.reloadData()
    }

    // MARK: Pages and dates

    static func page(of month: CalendarMonth) -> Int {
        min(max(0, month.index - CalendarSettings.firstMonth.index), pageCount - 1)
    }
    static var pageCount: Int { CalendarSettings.lastMonth.index - CalendarSettings.firstMonth.index + 1 }
    static func month(ofPage page: Int) -> CalendarMonth { CalendarSettings.firstMonth.adding(months: page) }

    private var layout: CalendarLayout { collection.layout as! CalendarLayout }

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

    public func isDisabled(_ date: CalendarDate) -> Bool { settings.minDate.map { date < $0 } ?? false }

    public func showMonth(_ month: CalendarMonth, animated: Bool, now: Double) {
        let page = CalendarScene.page(of: month)
        pendingPage = page
        guard !collection.frame.isEmpty else { return }
        collection.physics.setOffset(layout.offset(ofPage: page), animated: animated, now: now)
    }

    // MARK: Selection

    /// A click or Space: toggles one day; with Shift, chooses every enabled day from the anchor to it.
    public func choose(_ date: CalendarDate, extendingRange: Bool) {
        guard !isDisabled(date) else { return }
        if extendingRange, let a = anchor {
            var d = min(a, date)
            while d <= max(a, date) {
                if !isDisabled(d) { selectedDates.insert(d) }
                d = d.adding(days: 1)
            }
            anchor = date
        } else if selectedDates.contains(date) {
            selectedDates.remove(date)
            if anchor == date { anchor = nil }
        } else {
            selectedDates.insert(date)
            anchor = date
        }
        refreshCells()
    }

    /// The day whose events are listed: the last chosen day while it is chosen, else the focused day.
    public var listedDate: CalendarDate {
        if let a = anchor, selectedDates.contains(a) { return a }
        return focus
    }

    private func moveFocus(to date: CalendarDate, now: Double) {
        focus = date
        if !visibleMonth.contains(date) { showMonth(date.calendarMonth, animated: true, now: now) }
        refreshCells()
    }

    private func refreshCells() {
        for (ip, cell) in collection.visibleCells {
            (cell as? DayCell)?.configure(model(for: ip))
        }
    }

    // MARK: Scene

    public func setFrame(_ frame: Rect) {
        let page = visiblePage
        self.frame = frame
        let header = min(CalendarScene.headerHeight, frame.height / 3)
        let grid = Rect(x: frame.minX, y: frame.minY + header, width: max(0, frame.width - sidebarWidth),
                        height: max(0, frame.height - header))
        // The engine reflows at its old offset first; those interim cells need no events.
        reflowing = true
        collection.setFrame(grid)
        reflowing = false
        pendingPage = page
        // A resize lands on the same month, whatever was in flight.
        if !grid.isEmpty { collection.physics.jump(to: layout.offset(ofPage: page)) }
        collection.update(now: collection.now)
    }

    var sidebarWidth: Double { frame.width >= 760 ? min(340, (frame.width * 0.28).rounded()) : 0 }

    public func handle(_ event: InputEvent, now: Double) {
        switch event {
        case let .pointerDown(p, .left, _) where collection.frame.contains(p):
            press.down(at: p, now: now, physics: &collection.physics)
        case let .pointerMove(p, _):
            press.moved(to: p, now: now, physics: &collection.physics)
        case let .pointerUp(p, .left, mods):
            if press.up(at: p, now: now, physics: &collection.physics), let ip = collection.indexPathForItem(atWindowPoint: p) {
                let date = grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item)
                focus = date
                choose(date, extendingRange: mods.contains(.shift))
            }
        case let .wheel(dx, dy):
            // One notch (or a trackpad's worth of travel) turns one page; sideways or down is forward.
            if now - lastWheel > 0.3 { wheelTravel = 0 }
            lastWheel = now
            // Whole units turn that many pages at once, never more than the calendar has, so a
            // huge delta costs one step rather than one loop turn per unit.
            let limit = Double(CalendarScene.pageCount)
            let travel = wheelTravel + (dx - dy)
            wheelTravel = travel.isNaN ? 0 : min(max(travel, -limit), limit)
            let pages = wheelTravel.rounded(.towardZero)
            wheelTravel -= pages
            if pages != 0 { showMonth(visibleMonth.adding(months: Int(pages)), animated: true, now: now) }
        case let .key(key, mods):
            switch key {
            case .pageDown: showMonth(visibleMonth.adding(months: 1), animated: true, now: now)
            case .pageUp: showMonth(visibleMonth.adding(months: -1), animated: true, now: now)
            case .home:
                focus = settings.today
                showMonth(settings.today.calendarMonth, animated: true, now: now)
                refreshCells()
            case .left, .right, .up, .down, .space, .enter:
                // After paging away from the focus, the first key brings the ring onto the page
                // shown rather than turning the page back.
                guard visibleMonth.contains(focus) else {
                    focus = visibleMonth.contains(settings.today) ? settings.today : visibleMonth.firstDay
                    refreshCells()
                    return
                }
                switch key {
                case .left: moveFocus(to: focus.adding(days: -1), now: now)
                case .right: moveFocus(to: focus.adding(days: 1), now: now)
                case .up: moveFocus(to: focus.adding(days: -7), now: now)
                case .down: moveFocus(to: focus.adding(days: 7), now: now)
                default: choose(focus, extendingRange: mods.contains(.shift))
                }
            default: return
            }
        case .focus(gained: false):
            press.cancel(now: now, physics: &collection.physics)
        default: break
        }
    }

    /// Source work allowed per frame while preparing the neighbouring pages (see `EventSource.prefetch`).
    public var prefetchBudget = 60

    /// Leaving the scene mid-pan settles the page instead of leaving it held.
    public func didDeactivate(now: Double) { press.cancel(now: now, physics: &collection.physics) }

    public func update(now: Double) {
        collection.update(now: now)
        // Idle frames get the pages either side ready, a slice at a time, so turning a page finds
        // its events already expanded. One slice a frame, nearest page first.
        let here = visibleMonth
        for month in [here, here.adding(months: 1), here.adding(months: -1)] where !events.isReady(grid(for: month)) {
            events.prepare(grid(for: month), budget: prefetchBudget)
            return
        }
    }

    public func cursor(at p: Point) -> Cursor {
        if press.isPanning { return .grabbing }
        guard let ip = collection.indexPathForItem(atWindowPoint: p) else { return .arrow }
        return isDisabled(grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item)) ? .arrow : .hand
    }

    public var liveCellCount: Int { collection.liveCellCount }

    public var notices: [String] {
        // One line per file: its first problem, and how many more there were.
        var byFile: [(String, [LoadDiagnostic])] = []
        for d in events.source.diagnostics {
            if let i = byFile.firstIndex(where: { $0.0 == d.file }) { byFile[i].1.append(d) } else { byFile.append((d.file, [d])) }
        }
        return byFile.map { _, list in
            list.count == 1 ? "Calendar: \(list[0])"
                : "Calendar: \(list[0]) (and \(list.count - 1) more problem\(list.count == 2 ? "" : "s") in this file)"
        }
    }

    // MARK: Drawing

    public func draw(into list: inout DrawList) {
        drawHeader(into: &list)
        collection.draw(into: &list)
        drawSidebar(into: &list)
    }

    private func drawHeader(into list: inout DrawList) {
        let header = Rect(x: frame.minX, y: frame.minY, width: collection.frame.width, height: collection.frame.minY - frame.minY)
        guard header.height > 20 else { return }
        let month = displayedMonth
        let title = titles[month] ?? settings.title(of: month)
        if titles.count > 256 { titles.removeAll() }
        titles[month] = title
        list.text(title, in: Rect(x: header.minX + 16, y: header.minY + 8, width: header.width - 220, height: 32),
                  size: 22, color: Theme.text, weight: .bold)
        list.text("PgUp / PgDn · Home: today", in: Rect(x: header.maxX - 216, y: header.minY + 8, width: 200, height: 32),
                  size: 12, color: Theme.textDim, alignment: .trailing)
        let l = layout
        for (i, label) in weekdayLabels.enumerated() {
            let x = collection.frame.minX + l.insets.left + Double(i) * (l.cellSize.width + l.spacing)
            let iso = settings.firstWeekday.columns[i]
            list.text(label, in: Rect(x: x, y: header.maxY - 28, width: l.cellSize.width, height: 24), size: 12,
                      color: iso >= 6 ? Theme.accent.mixed(with: Theme.textDim, 0.4) : Theme.textDim, alignment: .center, weight: .bold)
        }
    }

    private func drawSidebar(into list: inout DrawList) {
        let w = sidebarWidth
        guard w > 0 else { return }
        let r = Rect(x: frame.maxX - w, y: frame.minY, width: w, height: frame.height)
        list.fill(r, Theme.surface)
        list.fill(Rect(x: r.minX, y: r.minY, width: 1, height: r.height), Theme.border)
        let date = listedDate
        let longTitle = longTitles[date] ?? settings.longTitle(of: date)
        if longTitles.count > 256 { longTitles.removeAll() }
        longTitles[date] = longTitle
        list.text(longTitle, in: Rect(x: r.minX + 16, y: r.minY + 12, width: w - 32, height: 28),
                  size: 16, color: Theme.text, weight: .bold)
        let chosen = selectedDates.count
        list.text(chosen == 0 ? "No days chosen" : chosen == 1 ? "1 day chosen" : "\(chosen) days chosen",
                  in: Rect(x: r.minX + 16, y: r.minY + 40, width: w - 32, height: 20), size: 12, color: Theme.textDim)
        let dayEvents = events.events(on: date, firstWeekday: settings.firstWeekday)
        var y = r.minY + 72
        if dayEvents.isEmpty {
            list.text("No events", in: Rect(x: r.minX + 16, y: y, width: w - 32, height: 22), size: 13, color: Theme.textDim)
            return
        }
        let zone = settings.zone
        for e in dayEvents {
            guard y + 44 <= r.maxY else {
                list.text("…", in: Rect(x: r.minX + 16, y: y, width: w - 32, height: 20), size: 13, color: Theme.textDim)
                break
            }
            let c = Theme.tileColor(e.colorIndex)
            list.fill(Rect(x: r.minX + 16, y: y + 2, width: 4, height: 36), c, radius: 2)
            let time: String
            switch e.span {
            case .allDay: time = "All day"
            case let .timed(start, end):
                let from = zone.day(of: start) == date ? zone.clock(start) : "…"
                let to = zone.day(of: max(start, end - 1)) == date ? zone.clock(end) : "…"
                time = start == end ? from : "\(from) – \(to)"
            }
            list.text(time, in: Rect(x: r.minX + 28, y: y, width: w - 44, height: 18), size: 12, color: Theme.textDim)
            list.text(e.title, in: Rect(x: r.minX + 28, y: y + 18, width: w - 44, height: 20), size: 14, color: Theme.text)
            y += 46
        }
    }

    // MARK: State dump

    public func dumpState() -> [(String, JSON)] {
        let month = visibleMonth
        let g = grid(for: month)
        let page = CalendarScene.page(of: month)
        let cells: [JSON] = (0..<MonthGrid.cellCount).map { i in
            let f = layout.attributesForItem(at: IndexPath(item: i, section: page))?.frame ?? .zero
            return .rect(collection.windowRect(fromContent: f))
        }
        let zone = settings.zone
        let list = events.occurrences(on: g).map { e -> JSON in
            let (start, end): (String, String)
            switch e.span {
            case let .allDay(first, last): (start, end) = ("\(first)", "\(last)")
            case let .timed(s, t): (start, end) = (zone.iso8601(s), zone.iso8601(t))
            }
            return .object([("uid", .string(e.uid)), ("title", .string(e.title)), ("start", .string(start)),
                            ("end", .string(end)), ("allDay", .bool(e.span.isAllDay))])
        }
        return [("calendar", .object([
            ("visibleMonth", .string("\(month)")),
            ("grid", .strings(g.dates.map(\.description))),
            ("cells", .array(cells)),
            ("selectedDates", .strings(selectedDates.sorted().map(\.description))),
            ("focusedDate", .string("\(focus)")),
            ("events", .array(list)),
        ]))]
    }

    // MARK: Data source

    public func numberOfSections(in collectionView: CollectionView) -> Int { CalendarScene.pageCount }
    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { MonthGrid.cellCount }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: IndexPath) -> AnyHashable {
        ip.section * MonthGrid.cellCount + ip.item
    }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: IndexPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "day", for: ip) as! DayCell
        cell.configure(model(for: ip))
        return cell
    }

    private func model(for ip: IndexPath) -> DayCell.Model {
        let g = grid(for: CalendarScene.month(ofPage: ip.section))
        let date = g.date(at: ip.item)
        var m = DayCell.Model(date: date)
        m.isAdjacent = g.isAdjacent(date)
        m.isToday = date == settings.today
        m.isDisabled = isDisabled(date)
        m.isChosen = selectedDates.contains(date)
        m.isFocused = date == focus && !m.isAdjacent
        if !reflowing { m.events = events.events(on: date, page: g) }
        return m
    }
}
