import CalendarModel
import CollectionKit

/// A day's events in a small panel beside its cell, as GNOME Calendar shows them: opened by the
/// "+N" of a day whose events do not all fit, by Enter on such a day, and, in a window too narrow
/// for the side panel, by a click on any day. Escape, Enter or a press outside close it.
struct CalendarDayPopover: Equatable {
    var date: CalendarDate
    /// The day's cell when it opened, in window points: the popover sits below it, or above.
    var anchor: Rect
    static let width = 280.0, titleHeight = 38.0, rowHeight = 40.0, padding = 10.0
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

    /// In a window too narrow for the side panel, a plain click that chooses a day shows its
    /// events in the popover, where the panel would have listed them.
    func openPopoverAfterClick(on date: CalendarDate, mods: Modifiers) {
        guard sidebarWidth == 0, mods.isEmpty, selection.contains(date) else { return }
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
    func handlePopoverEvent(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerUp(_, _, _) where popoverOwnsRelease:
            popoverOwnsRelease = false
            return true
        default: break
        }
        guard let open = popover else { return false }
        switch event {
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

    /// Below the day's cell when it fits there, else above, else as high as the grid allows; always inside the scene.
    func popoverFrame(_ open: CalendarDayPopover) -> Rect {
        let bounds = Rect(x: collection.frame.minX, y: collection.frame.minY - 30, width: sceneFrame.maxX - collection.frame.minX,
                          height: collection.frame.maxY - collection.frame.minY + 30)
        let w = min(CalendarDayPopover.width, bounds.width - 16)
        let rows = Double(max(1, popoverEvents(open).count))
        let wanted = CalendarDayPopover.titleHeight + rows * CalendarDayPopover.rowHeight + CalendarDayPopover.padding
        let h = min(wanted, bounds.height - 8)
        let x = min(max(open.anchor.midX - w / 2, bounds.minX + 8), bounds.maxX - 8 - w)
        let y: Double
        if open.anchor.maxY + 4 + h <= bounds.maxY { y = open.anchor.maxY + 4 } else if open.anchor.minY - 4 - h >= bounds.minY {
            y = open.anchor.minY - 4 - h
        } else {
            y = max(bounds.minY + 4, bounds.maxY - 4 - h)
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    func drawPopover(into list: inout DrawList) {
        guard let open = popover else { return }
        let r = popoverFrame(open)
        list.shadow(r.offsetBy(dx: 0, dy: 4), Color.black.withAlpha(0.6), radius: 10, blur: 16)
        list.fill(r, Theme.surfaceRaised, radius: 10)
        list.stroke(r, Theme.border, width: 1, radius: 10)
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
                     ("events", .strings(popoverEvents(open).map(\.uid)))])
        } ?? .null),
         ("moreButtons", .array(moreButtons().map { b in
            .object([("date", .string("\(b.date)")), ("hidden", .number(Double(b.hidden))), ("frame", .rect(b.rect))])
         }))]
    }
}
