import CalendarModel
import CollectionKit

/// One event as a row of the day popover or of the side panel, where it can be renamed and
/// deleted: a "⋯" button at the row's end (shown while the pointer is over the row, or the
/// popover's keyboard focus is on it) opens a menu of Rename and Delete, as does a right-click
/// on the row.
struct CalendarEventRow: Equatable {
    var event: EventOccurrence
    /// The row in window points.
    var frame: Rect
    /// Where the rename field opens: over the row's title.
    var titleFrame: Rect
    /// True for a row of the popover, false for one of the side panel.
    var inPopover: Bool
    /// The row's place in its list.
    var index: Int
    /// A row laid out right to left has its "⋯" at its left end.
    var isRightToLeft = false

    static let buttonSize = 26.0

    /// The "⋯" button, at the row's end: the right end, or the left one right to left.
    var button: Rect {
        Rect(x: isRightToLeft ? frame.minX + 4 : frame.maxX - CalendarEventRow.buttonSize - 4, y: frame.midY - CalendarEventRow.buttonSize / 2,
             width: CalendarEventRow.buttonSize, height: CalendarEventRow.buttonSize)
    }
}

extension CalendarScene {
    // MARK: Rows

    /// The popover's event rows that are drawn whole.
    func popoverRows() -> [CalendarEventRow] {
        guard let open = popover else { return [] }
        let r = popoverFrame(open)
        let inner = r.insetBy(dx: 14, dy: 0)
        var rows: [CalendarEventRow] = []
        for (i, e) in popoverEvents(open).enumerated() {
            let y = r.minY + CalendarDayPopover.titleHeight + Double(i) * CalendarDayPopover.rowHeight
            if y + CalendarDayPopover.rowHeight > r.maxY - 4 { break }
            let frame = Rect(x: inner.minX, y: y, width: inner.width, height: CalendarDayPopover.rowHeight)
            rows.append(CalendarEventRow(event: e, frame: frame,
                                         titleFrame: Rect(x: frame.minX + 6, y: y + 10, width: max(120, frame.width - 40), height: 28),
                                         inPopover: true, index: i))
        }
        return rows
    }

    /// The side panel's event rows in view, each with its event (the day's events in the order
    /// the panel lists them).
    func panelRows() -> [CalendarEventRow] {
        let view = panel.view
        guard !view.frame.isEmpty else { return [] }
        var out: [CalendarEventRow] = []
        for a in view.layout.attributesForElements(in: view.bounds).sorted(by: { $0.indexPath < $1.indexPath }) {
            let i = a.indexPath.item
            let row = panel.rows[i]
            guard case .event = row.kind else { continue }
            let page = grid(for: row.date.calendarMonth)
            guard events.isReady(page) else { continue }
            let k = panel.rows[..<i].filter { r in
                if case .event = r.kind { return r.date == row.date }
                return false
            }.count
            let list = events.events(on: row.date, page: page)
            guard k < list.count else { continue }
            let frame = view.windowRect(fromContent: a.frame)
            guard frame.intersects(view.frame) else { continue }
            let eventFrame = Rect(x: frame.minX + 12, y: frame.minY, width: frame.width - 24, height: row.firstLine + row.secondLine + 2)
            let rtl = collection.layoutDirection.isRightToLeft
            // The title's field: after the accent bar, on the right right to left.
            let title = HeaderMirror.mirrored(Rect(x: eventFrame.minX + 10, y: eventFrame.minY + 12,
                                                   width: max(120, eventFrame.width - 44), height: 28),
                                              in: eventFrame, collection.layoutDirection)
            out.append(CalendarEventRow(event: list[k], frame: eventFrame, titleFrame: title,
                                        inPopover: false, index: i, isRightToLeft: rtl))
        }
        return out
    }

    /// The row under a window point: the popover's above the panel's.
    func eventRow(at p: Point) -> CalendarEventRow? {
        if let open = popover, popoverFrame(open).contains(p) { return popoverRows().first { $0.frame.contains(p) } }
        return panelRows().first { $0.frame.contains(p) && panel.view.frame.contains($0.button.center) }
    }

    // MARK: The menu

    /// Rename and Delete, or neither enabled for an event whose calendar cannot be changed.
    func eventMenuActions(for e: EventOccurrence) -> [ContextMenuAction] {
        let editable = readOnlyReason(of: e) == nil
        return [ContextMenuAction(strings.renameEvent, isEnabled: editable),
                ContextMenuAction(strings.deleteEvent, isEnabled: editable, isDestructive: true)]
    }

    /// Opens the menu of `row`'s event below its "⋯" button.
    func openEventMenu(for row: CalendarEventRow, fromKeyboard: Bool) {
        guard !isDragging, !titleEditor.isEditing else { return }
        if eventMenu.open(itemID: AnyHashable(row.event.uid), actions: eventMenuActions(for: row.event),
                          at: Point(x: row.button.minX, y: row.button.maxY), in: sceneFrame, isDragging: false,
                          fromKeyboard: fromKeyboard) {
            eventMenuRow = row
        }
    }

    /// What the menu's choice does: the rename field over the row's title, or the event deleted.
    func runEventMenu(index: Int, now: Double) {
        guard let row = eventMenuRow else { return }
        eventMenuRow = nil
        if index == 0 { beginRenaming(row.event, over: row.titleFrame, now: now) } else { deleteFromRow(row) }
    }

    /// Deletes `row`'s event; the popover's keyboard focus stays on the row that takes its place.
    func deleteFromRow(_ row: CalendarEventRow) {
        deleteEvent(row.event)
        if row.inPopover, popover?.focusedRow != nil {
            let left = popoverRows().count
            popover?.focusedRow = left == 0 ? nil : min(row.index, left - 1)
        }
    }

    // MARK: Input

    /// A press on a row's "⋯" or a right-click on a row opens the row's menu.
    func handleEventRows(_ event: InputEvent, now: Double) -> Bool {
        guard case let .pointerDown(p, button, _) = event, !titleEditor.isEditing, let row = eventRow(at: p) else { return false }
        switch button {
        case .left where row.button.contains(p):
            openEventMenu(for: row, fromKeyboard: false)
            return true
        case .right:
            openEventMenu(for: row, fromKeyboard: false)
            return true
        default:
            return false
        }
    }

    /// The popover's keys for its rows: Up and Down move between them, F2 renames, Delete
    /// deletes, Menu or Shift+F10 opens the row's menu. False for other keys, and for these
    /// before a row has the focus (except Down and Up, which give it one).
    func handlePopoverRowKey(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        let rows = popoverRows()
        guard !rows.isEmpty else { return false }
        let current = popover?.focusedRow.map { min($0, rows.count - 1) }
        switch key {
        case .down where mods.isEmpty:
            popover?.focusedRow = current.map { min($0 + 1, rows.count - 1) } ?? 0
            return true
        case .up where mods.isEmpty:
            popover?.focusedRow = current.map { max($0 - 1, 0) } ?? rows.count - 1
            return true
        default:
            guard let i = current else { return false }
            if ContextMenuController.isMenuKey(key, mods) {
                openEventMenu(for: rows[i], fromKeyboard: true)
            } else if mods.isEmpty, key == Key("F2") {
                beginRenaming(rows[i].event, over: rows[i].titleFrame, now: now)
            } else if mods.isEmpty, key == Key("Delete") {
                deleteFromRow(rows[i])
            } else {
                return false
            }
            return true
        }
    }

    /// Menu or Shift+F10 on a focused chip: the event's menu, beside its panel row when the
    /// panel shows it, else below the chip.
    func openMenuForFocusedChip() -> Bool {
        guard let e = focusedChipEvent else { return false }
        if let row = panelRows().first(where: { $0.event == e }) {
            openEventMenu(for: row, fromKeyboard: true)
        } else if let chip = chipFrame(of: e) {
            openEventMenu(for: CalendarEventRow(event: e, frame: chip, titleFrame: chip, inPopover: false, index: 0), fromKeyboard: true)
        }
        return eventMenu.isOpen
    }

    // MARK: Drawing

    /// The "⋯" of the row under the pointer, of the popover's focused row and of the row whose
    /// menu is open, and the popover's focus ring; `inPopover` picks the popover's rows or the panel's.
    func drawRowButtons(inPopover: Bool, into list: inout DrawList) {
        let rows = inPopover ? popoverRows() : panelRows()
        let hovered = pointer.flatMap { eventRow(at: $0) }
        for row in rows {
            // The keyboard's row: the popover's, or the side panel's (whose ring the panel draws, clipped to its list).
            let focused = inPopover ? popover?.focusedRow == row.index : panelPart.showsRing(on: row.index)
            if focused, inPopover { list.stroke(row.frame.insetBy(dx: -2, dy: 1), Theme.accent, width: 2, radius: 6) }
            let menuOpen = eventMenu.isOpen && eventMenuRow?.event == row.event && eventMenuRow?.inPopover == inPopover
            let inView = inPopover || panel.view.frame.contains(row.button.center)
            guard inView, focused || menuOpen || hovered == row else { continue }
            let b = row.button
            let over = pointer.map { b.contains($0) } ?? false
            list.fill(b, over || menuOpen ? Theme.border : Theme.surfaceRaised, radius: 6)
            for k in -1...1 {
                list.fill(Rect(x: b.midX + Double(k) * 6 - 1.5, y: b.midY - 1.5, width: 3, height: 3), Theme.text, radius: 1.5)
            }
        }
    }

    var eventMenuDump: [(String, JSON)] {
        [("eventMenu", eventMenu.menu.map { m in
            .object([("event", .string(eventMenuRow?.event.uid ?? "")), ("inPopover", .bool(eventMenuRow?.inPopover ?? false)),
                     ("actions", .strings(m.actions.map(\.title))), ("enabled", .array(m.actions.map { .bool($0.isEnabled) })),
                     ("frame", .rect(m.frame))])
        } ?? .null),
         ("eventRows", .array((popoverRows() + panelRows()).map { r in
            .object([("event", .string(r.event.uid)), ("title", .string(r.event.title)), ("inPopover", .bool(r.inPopover)),
                     ("index", .int(r.index)), ("frame", .rect(r.frame)),
                     ("button", .rect(r.button))])
         }))]
    }
}
