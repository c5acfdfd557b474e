import CalendarModel
import CollectionKit

/// One line of the calendar's side panel: a chosen day's heading, its "No events", or one event.
struct CalendarPanelRow: Equatable {
    enum Kind: Equatable {
        case heading(String)
        case noEvents(String)
        /// The time ("09:00 – 10:00", "All day"), the title, the event's colour, whether it is
        /// cancelled (struck through) and how wide the struck title is.
        case event(time: String, title: String, colorIndex: Int, cancelled: Bool, strikeWidth: Double)
    }
    var kind: Kind
    /// The day the row belongs to (following a day scrolls to its rows).
    var date: CalendarDate
    /// The row's height, with the gap after the last row of a day in a list of several.
    var height: Double
    /// The heights of its lines of text (an event's time and title; a heading's or "No events"'s
    /// one), measured at the current text scale: the row is as tall as they are.
    var firstLine = 22.0, secondLine = 20.0

    static let headingHeight = 26.0, noEventsHeight = 22.0, eventHeight = 46.0, dayGap = 8.0

    /// A heading's or "No events"' line box: 22 points, or a line of its text at a larger text scale.
    static func singleLine(_ measurer: some TextMeasuring, bold: Bool) -> Double {
        max(22, (measurer.lineHeight(style: TextStyle(size: 13, weight: bold ? .bold : .regular)) + 4).rounded(.up))
    }
    /// An event's time line and title line: 18 and 20 points, or their text's lines at a larger scale.
    static func eventLines(_ measurer: some TextMeasuring) -> (time: Double, title: Double) {
        (max(18, (measurer.lineHeight(style: TextStyle(size: 12)) + 2).rounded(.up)),
         max(20, (measurer.lineHeight(style: TextStyle(size: 14)) + 2).rounded(.up)))
    }

    /// The row as the state dump lists it: its day, kind and the words shown.
    var dump: JSON {
        switch kind {
        case let .heading(text): return .object([("date", .string("\(date)")), ("kind", .string("heading")), ("text", .string(text))])
        case let .noEvents(text): return .object([("date", .string("\(date)")), ("kind", .string("noEvents")), ("text", .string(text))])
        case let .event(time, title, _, cancelled, _):
            return .object([("date", .string("\(date)")), ("kind", .string("event")), ("time", .string(time)), ("text", .string(title)),
                            ("cancelled", .bool(cancelled))])
        }
    }
}

/// The rows one under the other: offsets are prefix sums, so a query is a binary search plus the
/// rows it returns (O(log n + k)); `prepare` is O(1), the sums are made when the rows are set.
struct CalendarPanelLayout: CollectionLayout {
    var scrollAxis: Axis { .vertical }
    /// Each row's top, and after the last one the content's height.
    var tops: [Double] = [0]
    static let topInset = 4.0, bottomInset = 12.0

    init(heights: [Double] = []) {
        var y = CalendarPanelLayout.topInset
        tops = [y]
        for h in heights { y += h; tops.append(y) }
    }

    private var width = 0.0
    private(set) var contentSize: Size = .zero
    var count: Int { tops.count - 1 }

    mutating func prepare(_ context: LayoutContext) {
        width = context.boundsSize.width
        contentSize = Size(width: width, height: count == 0 ? 0 : tops[count] + CalendarPanelLayout.bottomInset)
    }

    func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard indexPath.section == 0, (0..<count).contains(indexPath.item) else { return nil }
        let i = indexPath.item
        return LayoutAttributes(indexPath: indexPath, frame: Rect(x: 0, y: tops[i], width: width, height: tops[i + 1] - tops[i]))
    }

    func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard count > 0, !rect.isEmpty else { return [] }
        // The first row whose bottom is below the rect's top.
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tops[mid + 1] <= rect.minY { lo = mid + 1 } else { hi = mid }
        }
        var out: [LayoutAttributes] = []
        var i = lo
        while i < count, tops[i] < rect.maxY {
            if let a = attributesForItem(at: ItemPath(item: i)) { out.append(a) }
            i += 1
        }
        return out
    }
}

/// Draws one row of the side panel.
final class CalendarPanelCell: CollectionCell {
    var row: CalendarPanelRow?
    /// Right to left the row is drawn mirrored: its words on the right, right-aligned, the accent bar at the right.
    var direction: LayoutDirection = .leftToRight

    override func prepareForReuse() {
        super.prepareForReuse()
        row = nil
    }

    override func draw(in frame: Rect, into list: inout DrawList) {
        guard let row else { return }
        HeaderMirror.draw(in: frame, direction, into: &list) { list in drawLeftToRight(row, in: frame, into: &list) }
    }

    /// The row as drawn left to right.
    private func drawLeftToRight(_ row: CalendarPanelRow, in frame: Rect, into list: inout DrawList) {
        let x = frame.minX + 16, w = max(0, frame.width - 32)
        switch row.kind {
        case let .heading(text):
            list.text(text, in: Rect(x: x, y: frame.minY, width: w, height: row.firstLine), size: 13, color: Theme.text, weight: .bold)
        case let .noEvents(text):
            list.text(text, in: Rect(x: x, y: frame.minY, width: w, height: row.firstLine), size: 13, color: Theme.textDim)
        case let .event(time, title, colorIndex, cancelled, strikeWidth):
            let c = Theme.tileColor(colorIndex)
            let y = frame.minY, t = row.firstLine, s = row.secondLine
            list.fill(Rect(x: x, y: y + 2, width: 4, height: t + s - 2), c, radius: 2)
            let textWidth = max(0, frame.width - 44)
            list.text(time, in: Rect(x: x + 12, y: y, width: textWidth, height: t), size: 12, color: Theme.textDim)
            list.text(title, in: Rect(x: x + 12, y: y + t, width: textWidth, height: s), size: 14,
                      color: cancelled ? Theme.textDim : Theme.text)
            if cancelled {
                list.line(Point(x: x + 12, y: y + t + s / 2), Point(x: x + 12 + min(textWidth, strikeWidth), y: y + t + s / 2), Theme.textDim, width: 1)
            }
        }
    }
}

/// The side panel's list: the chosen days' events, scrolled on its own (wheel, overlay scroll
/// bar), below the panel's fixed title. It owns a collection view of `CalendarPanelRow`s, so the
/// engine's physics and scroll bars serve it as they serve any list.
final class CalendarSidePanel: CollectionDataSource {
    let view: CollectionView
    private(set) var rows: [CalendarPanelRow] = []

    init() {
        view = CollectionView(name: "calendarPanel", layout: CalendarPanelLayout())
        view.backgroundColor = nil
        view.register(reuseIdentifier: "row") { CalendarPanelCell(reuseIdentifier: $0) }
        view.dataSource = self
        view.reloadData()
    }

    /// Shows `newRows`, keeping the scroll position (clamped) when they changed.
    func setRows(_ newRows: [CalendarPanelRow]) {
        guard newRows != rows else { return }
        rows = newRows
        let layout = CalendarPanelLayout(heights: rows.map(\.height))
        view.updateLayout { $0 = layout }
        view.reloadData()
    }

    /// The rows of `date`, or of the first listed day after it (a day just unchosen), as one rectangle in content coordinates.
    func span(of date: CalendarDate) -> Rect? {
        guard let layout = view.layout as? CalendarPanelLayout, !rows.isEmpty else { return nil }
        let day = rows.first(where: { $0.date >= date })?.date ?? rows[rows.count - 1].date
        guard let first = rows.firstIndex(where: { $0.date == day }), let last = rows.lastIndex(where: { $0.date == day }) else { return nil }
        return Rect(x: 0, y: layout.tops[first], width: view.frame.width, height: layout.tops[last + 1] - layout.tops[first])
    }

    /// Scrolls the least distance that shows `date`'s rows, from its heading; a day taller than
    /// the panel shows its heading at the top.
    func follow(_ date: CalendarDate, now: Double) {
        guard let span = span(of: date), !view.frame.isEmpty else { return }
        let height = view.frame.height
        var y = view.physics.restingOffset.y
        if span.height > height || span.minY < y { y = span.minY } else if span.maxY > y + height { y = span.maxY - height }
        let target = Point(x: 0, y: min(max(0, y), max(0, view.layout.contentSize.height - height)))
        guard target != view.physics.restingOffset else { return }
        view.physics.setOffset(target, animated: true, now: now)
    }

    /// The days with a row in view, in order.
    var visibleDates: [CalendarDate] {
        var out: [CalendarDate] = []
        for a in view.layout.attributesForElements(in: view.bounds).sorted(by: { $0.indexPath < $1.indexPath }) where a.frame.maxY > view.bounds.minY + 1 {
            let d = rows[a.indexPath.item].date
            if out.last != d { out.append(d) }
        }
        return out
    }

    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: ip) as! CalendarPanelCell
        cell.row = rows[ip.item]
        cell.direction = cv.layoutDirection
        return cell
    }
}

extension CalendarScene {
    /// The panel's title (the day, or how many days are chosen) stays put above the list: 64
    /// points, taller where its words need it (a larger text scale, a title on two lines).
    static let panelTitleHeight = 64.0

    /// The panel's title as laid out in a panel `width` points wide: its size (smaller type on a
    /// narrow panel, down to 11 points), its lines (two where even that does not fit), the height
    /// of its block and of the subtitle's line, and the whole title's height.
    func panelTitleLayout(width: Double) -> (size: Double, lines: Int, block: Double, subtitle: Double, height: Double) {
        let heading = panelTitle, room = width - 32
        var size = 16.0
        while size > 11, textWidth(heading, size: size, bold: true) > room { size -= 1 }
        let style = TextStyle(size: size, weight: .bold)
        var lines = 1
        if textWidth(heading, size: size, bold: true) > room, room > 0 {
            lines = min(3, max(1, measurer.lines(of: heading, style: ParagraphStyle(text: style), width: room).lines.count))
        }
        let block = max(28, (Double(lines) * measurer.lineHeight(style: style) + 4).rounded(.up))
        let subtitle = max(20, (measurer.lineHeight(style: TextStyle(size: 12)) + 4).rounded(.up))
        return (size, lines, block, subtitle, max(CalendarScene.panelTitleHeight, 12 + block + subtitle + 4))
    }

    /// The whole panel, title and list, in a scene at `frame`: at the right, or at the left right
    /// to left (mirrored with the grid); empty when the panel gives way to the grid.
    func panelArea(in frame: Rect) -> Rect {
        let w = sidebarWidth(for: frame)
        let rtl = collection.layoutDirection.isRightToLeft
        guard w > 0 else { return Rect(x: rtl ? frame.minX : frame.maxX, y: frame.minY, width: 0, height: 0) }
        return Rect(x: rtl ? frame.minX : frame.maxX - w, y: frame.minY, width: w, height: frame.height)
    }

    /// Where the panel's list goes in a scene at `frame`: below the title, beside the border
    /// that faces the grid (empty when the panel gives way to the grid).
    func panelListFrame(in frame: Rect) -> Rect {
        let area = panelArea(in: frame)
        guard area.width > 0 else { return area }
        let top = min(panelTitleLayout(width: area.width).height, frame.height)
        let x = collection.layoutDirection.isRightToLeft ? area.minX : area.minX + 1
        return Rect(x: x, y: frame.minY + top, width: area.width - 1, height: frame.height - top)
    }

    /// The panel's scroll bar, and the wheel over the panel, scroll the panel; they never turn a page.
    func handlePanelEvent(_ event: InputEvent, now: Double) -> Bool {
        guard !panel.view.frame.isEmpty else { return false }
        // Its scroll bar is routed by the composition (the panel's view is among its collections).
        switch event {
        case let .wheel(dx, dy):
            guard let p = pointer, panelArea(in: sceneFrame).contains(p) else { return false }
            panel.view.physics.wheel(dx: dx.isFinite ? dx : 0, dy: dy.isFinite ? dy : 0, now: now)
            return true
        case let .pointerDown(p, _, _):
            // Presses on the panel are the panel's (it has nothing to press yet but its scroll
            // bar); releases go on, so a pan of the grid that ends over the panel still ends.
            return panelArea(in: sceneFrame).contains(p)
        default:
            return false
        }
    }

    /// Makes the panel's rows again when the selection or the events changed since they were made.
    func refreshPanel() {
        guard panelNeedsRows else { return }
        panelNeedsRows = false
        let days = listedDates
        let grouped = days.count > 1
        var rows: [CalendarPanelRow] = []
        for date in days {
            if grouped {
                let line = CalendarPanelRow.singleLine(measurer, bold: true)
                rows.append(CalendarPanelRow(kind: .heading(formatter.long(date)), date: date, height: CalendarPanelRow.headingHeight - 22 + line,
                                             firstLine: line))
            }
            rows += dayRows(date)
            if grouped { rows[rows.count - 1].height += CalendarPanelRow.dayGap }
        }
        panel.setRows(rows)
    }

    /// `date`'s events as panel rows, or "No events"; remembered once its page is ready.
    private func dayRows(_ date: CalendarDate) -> [CalendarPanelRow] {
        if let hit = panelDayRows[date] { return hit }
        // A page not read yet is prepared by idle frames; the panel waits rather than stall.
        let page = grid(for: date.calendarMonth)
        let ready = events.isReady(page)
        let dayEvents = ready ? events.events(on: date, page: page) : []
        let lines = CalendarPanelRow.eventLines(measurer)
        var rows = dayEvents.map { e -> CalendarPanelRow in
            let title = DayCell.fitting(e.title, width: sidebarWidth - 44)
            let strike = e.cancelled ? textWidth(title, size: 14, bold: false) : 0
            return CalendarPanelRow(kind: .event(time: timeText(e, on: date), title: title, colorIndex: e.colorIndex,
                                                 cancelled: e.cancelled, strikeWidth: strike),
                                    date: date, height: CalendarPanelRow.eventHeight - 38 + lines.time + lines.title,
                                    firstLine: lines.time, secondLine: lines.title)
        }
        if rows.isEmpty {
            let line = CalendarPanelRow.singleLine(measurer, bold: false)
            rows = [CalendarPanelRow(kind: .noEvents(strings.noEvents), date: date, height: line, firstLine: line)]
        }
        if ready {
            if panelDayRows.count > 4096 { panelDayRows.removeAll() }
            panelDayRows[date] = rows
        }
        return rows
    }
}
