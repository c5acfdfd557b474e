import CalendarModel
import CollectionKit

/// A day's events in a small panel beside its cell, as GNOME Calendar shows them: opened by the
/// "+N" of a day whose events do not all fit, by Enter on such a day, and, in a window too narrow
/// for the side panel, by a click on any day. Escape, Enter or a press outside close it.
struct CalendarDayPopover: Equatable {
    var date: CalendarDate
    /// The day's cell when it opened, in window points: the popover sits below it, or above.
    var anchor: Rect
    /// The event row the keyboard is on (Down and Up move it; F2, Delete and Menu act on it).
    var focusedRow: Int?
    static let width = 280.0, titleHeight = 38.0, rowHeight = 40.0, padding = 10.0, arrowHeight = 8.0
}

extension CalendarScene {
    // MARK: Opening and closing

    /// Opens `date`'s popover beside its cell on the page shown.
    func openPopover(_ date: CalendarDate) {
        guard let cell = cellFrame(of: date) else { return }
        popover = CalendarDayPopover(date: date, anchor: cell)
    }

    /// The "+N" under a window point on the page shown, as the day it belongs to.
    func moreButtonDay(at p: Point) -> CalendarDate? {
        guard collection.frame.contains(p) else { return nil }
        return moreButtons().first { $0.rect.contains(p) }?.date
    }

    /// Every "+N" of the page shown, with its day, rectangle (window points) and count.
    func moreButtons() -> [(date: CalendarDate, rect: Rect, hidden: Int)] {
        let page = visiblePage
        var out: [(date: CalendarDate, rect: Rect, hidden: Int)] = []
        for (ip, cell) in collection.visibleCells where ip.section == page {
            guard let day = cell as? DayCell, let m = day.model, let f = layout.attributesForItem(at: ip)?.frame,
                  let more = DayCell.moreButton(m, in: collection.windowRect(fromContent: f)) else { continue }
            out.append((m.date, more.rect, more.hidden))
        }
        return out.sorted { $0.date < $1.date }
    }

    /// A press on a "+N" is the button's: its release over the same "+N" opens the day's popover.
    func handleMorePress(_ event: InputEvent) -> Bool {
        switch event {
        case let .pointerDown(p, .left, _):
            guard let day = moreButtonDay(at: p) else { return false }
            morePress = day
            return true
        case let .pointerUp(p, .left, _):
            guard let day = morePress else { return false }
            morePress = nil
            if moreButtonDay(at: p) == day { openPopover(day) }
            return true
        case .pointerMove:
            return morePress != nil
        case .focus(gained: false):
            morePress = nil
            return false
        default:
            return false
        }
    }

    /// In a window too narrow for the side panel, a plain click on a day shows its events in the
    /// popover, where the panel would have listed them: a click that unchooses the day too (its
    /// events are what the user clicked to see, chosen or not).
    func openPopoverAfterClick(on date: CalendarDate, mods: Modifiers) {
        guard sidebarWidth == 0, mods.isEmpty, !isDisabled(date) else { return }
        openPopover(date)
    }

    /// Enter opens the focused day's popover where the day cannot be read otherwise: its events
    /// do not all fit, or the window has no room for the side panel.
    func enterOpensPopover() -> Bool {
        sidebarWidth == 0 || moreButtons().contains { $0.date == focus }
    }

    /// While a popover is open: Escape and Enter close it, a press outside closes it (and does
    /// nothing else, as a desktop popover's does), a press inside keeps it; other keys and the
    /// wheel close it and go on. True when the event was the popover's.
    func handlePopoverEvent(_ event: InputEvent, now: Double = 0) -> Bool {
        switch event {
        case .pointerUp(_, _, _) where popoverOwnsRelease:
            popoverOwnsRelease = false
            return true
        default: break
        }
        guard let open = popover else { return false }
        switch event {
        // The keys a title field being typed over a row leaves (a modifier pressed alone) keep
        // the popover open.
        case .key where titleEditor.isEditing:
            return false
        // A modifier pressed alone starts a shortcut (Shift+F10, Ctrl+Z): the popover stays.
        case let .key(key, _) where key.isModifier:
            return false
        case let .key(key, mods) where handlePopoverRowKey(key, mods, now: now):
            return true
        case .key(.escape, _), .key(.enter, _):
            popover = nil
            return true
        case let .pointerDown(p, _, _):
            if !popoverFrame(open).contains(p) { popover = nil }
            popoverOwnsRelease = true
            return true
        case .key, .wheel, .focus(gained: false):
            popover = nil
            return false
        default:
            return false
        }
    }

    // MARK: Geometry and drawing

    /// The events the popover lists (none while the day's page is not read yet).
    func popoverEvents(_ open: CalendarDayPopover) -> [EventOccurrence] {
        let page = grid(for: open.date.calendarMonth)
        return events.isReady(page) ? events.events(on: open.date, page: page) : []
    }

    /// Below the day's cell when it fits there, else above, else as high as the grid allows;
    /// always inside the scene, and off other days' "+N" where a shift sideways allows.
    func popoverFrame(_ open: CalendarDayPopover) -> Rect { popoverPlacement(open).frame }

    /// The popover's frame and, below or above its day, the tip of the arrow that points at the
    /// day's cell (GTK's popovers point at what opened them the same way).
    func popoverPlacement(_ open: CalendarDayPopover) -> (frame: Rect, arrowTip: Point?) {
        let bounds = Rect(x: collection.frame.minX, y: collection.frame.minY - 30, width: sceneFrame.maxX - collection.frame.minX,
                          height: collection.frame.maxY - collection.frame.minY + 30)
        let w = min(CalendarDayPopover.width, bounds.width - 16)
        let rows = Double(max(1, popoverEvents(open).count))
        let wanted = CalendarDayPopover.titleHeight + rows * CalendarDayPopover.rowHeight + CalendarDayPopover.padding
        let h = min(wanted, bounds.height - 8)
        let gap = 2 + CalendarDayPopover.arrowHeight
        func clampX(_ x: Double) -> Double { min(max(x, bounds.minX + 8), bounds.maxX - 8 - w) }
        // Centred on the day, else lined up with either side of its cell, whichever covers no
        // other day's "+N" (they say what a day hides; covering one hides that too).
        let xs = [open.anchor.midX - w / 2, open.anchor.minX, open.anchor.maxX - w].map(clampX)
        let badges = moreButtons().filter { $0.date != open.date }.map(\.rect)
        func place(_ y: Double) -> Rect {
            let frames = xs.map { Rect(x: $0, y: y, width: w, height: h) }
            return frames.first { f in !badges.contains { $0.intersects(f) } } ?? frames[0]
        }
        func tip(_ f: Rect, y: Double) -> Point {
            Point(x: min(max(open.anchor.midX, f.minX + 18), f.maxX - 18), y: y)
        }
        if open.anchor.maxY + gap + h <= bounds.maxY {
            let f = place(open.anchor.maxY + gap)
            return (f, tip(f, y: open.anchor.maxY + 2))
        }
        if open.anchor.minY - gap - h >= bounds.minY {
            let f = place(open.anchor.minY - gap - h)
            return (f, tip(f, y: open.anchor.minY - 2))
        }
        return (Rect(x: xs[0], y: max(bounds.minY + 4, bounds.maxY - 4 - h), width: w, height: h), nil)
    }

    /// The arrow from the popover's edge to `tip`: rows of fills narrowing to the point, edged
    /// in the popover's border colour.
    private func drawPopoverArrow(from r: Rect, to tip: Point, into list: inout DrawList) {
        let n = CalendarDayPopover.arrowHeight
        let down = tip.y < r.minY
        for i in 0..<Int(n) {
            let half = Double(i) + 1
            let y = down ? tip.y + Double(i) : tip.y - Double(i) - 1
            list.fill(Rect(x: tip.x - half, y: y, width: 2 * half, height: 1.5), Theme.surfaceRaised)
        }
        let base = down ? r.minY + 0.5 : r.maxY - 0.5
        list.line(Point(x: tip.x - n - 1, y: base), tip, Theme.border, width: 1)
        list.line(tip, Point(x: tip.x + n + 1, y: base), Theme.border, width: 1)
    }

    func drawPopover(into list: inout DrawList) {
        guard let open = popover else { return }
        let (r, arrowTip) = popoverPlacement(open)
        list.shadow(r.offsetBy(dx: 0, dy: 4), Color.black.withAlpha(0.6), radius: 10, blur: 16)
        list.fill(r, Theme.surfaceRaised, radius: 10)
        list.stroke(r, Theme.border, width: 1, radius: 10)
        if let arrowTip { drawPopoverArrow(from: r, to: arrowTip, into: &list) }
        let inner = r.insetBy(dx: 14, dy: 0)
        let title = formatter.long(open.date)
        var size = 14.0
        while size > 11, textWidth(title, size: size, bold: true) > inner.width { size -= 1 }
        list.text(title, in: Rect(x: inner.minX, y: r.minY + 8, width: inner.width, height: 24), size: size, color: Theme.text, weight: .bold)
        let list0 = popoverEvents(open)
        var y = r.minY + CalendarDayPopover.titleHeight
        if list0.isEmpty {
            list.text(strings.noEvents, in: Rect(x: inner.minX, y: y, width: inner.width, height: 22), size: 13, color: Theme.textDim)
            return
        }
        for (i, e) in list0.enumerated() {
            // The last row that fits says how many more there are rather than cut one in half.
            if y + CalendarDayPopover.rowHeight > r.maxY - 4 {
                let rest = list0.count - i
                list.text("+\(rest)", in: Rect(x: inner.minX, y: min(y, r.maxY - 24), width: inner.width, height: 20), size: 12,
                          color: Theme.textDim, weight: .bold)
                return
            }
            let c = Theme.tileColor(e.colorIndex)
            list.fill(Rect(x: inner.minX, y: y + 2, width: 4, height: 32), c, radius: 2)
            list.text(timeText(e, on: open.date), in: Rect(x: inner.minX + 12, y: y, width: inner.width - 12, height: 16), size: 11, color: Theme.textDim)
            let shown = DayCell.fitting(e.title, width: inner.width - 12)
            list.text(shown, in: Rect(x: inner.minX + 12, y: y + 16, width: inner.width - 12, height: 18), size: 13,
                      color: e.cancelled ? Theme.textDim : Theme.text)
            if e.cancelled {
                let w = min(inner.width - 12, textWidth(shown, size: 13, bold: false))
                list.line(Point(x: inner.minX + 12, y: y + 25), Point(x: inner.minX + 12 + w, y: y + 25), Theme.textDim, width: 1)
            }
            y += CalendarDayPopover.rowHeight
        }
    }

    // MARK: State dump

    var popoverDump: [(String, JSON)] {
        [("popover", popover.map { open in
            .object([("date", .string("\(open.date)")), ("frame", .rect(popoverFrame(open))),
                     ("focusedRow", open.focusedRow.map { .int($0) } ?? .null),
                     ("arrowTip", popoverPlacement(open).arrowTip.map { .array([.number($0.x), .number($0.y)]) } ?? .null),
                     ("events", .strings(popoverEvents(open).map(\.uid)))])
        } ?? .null),
         ("moreButtons", .array(moreButtons().map { b in
            .object([("date", .string("\(b.date)")), ("hidden", .number(Double(b.hidden))), ("frame", .rect(b.rect))])
         }))]
    }
}
