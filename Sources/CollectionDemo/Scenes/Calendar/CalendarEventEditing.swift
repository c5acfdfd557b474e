import CalendarModel
import CollectionKit
import Foundation

/// Moving events to another day in the calendar scene: a chip (or a multi-day bar) pressed and
/// moved follows the pointer, the day under it is outlined, and the drop writes the change to the
/// event's file through the source's `EventEditor`; holding the pointer at the grid's left or
/// right edge turns the page. Escape or a right click cancels. A repeating event's instance asks
/// "this occurrence / all occurrences" in a small in-scene choice (arrows, Tab, Enter, Escape).
/// The keyboard moves events too: Tab puts the focus on the focused day's chips in turn, Space
/// picks the chip up, the arrows move it, Space or Enter drops it. Ctrl+Z and Ctrl+Shift+Z undo
/// and redo, checked against the file like any change. Refusals are notices that say why.
struct CalendarEditing {
    /// A press on a chip that has not moved far enough to be a drag (a click selects the day).
    struct Press {
        var event: EventOccurrence
        var from: CalendarDate
        var down: Point
        var chip: Rect
    }

    /// An event being moved.
    struct Drag {
        var event: EventOccurrence
        var from: CalendarDate
        var over: CalendarDate?
        var pointer: Point
        /// The pointer's offset from the chip's corner, kept while it moves.
        var grab: Point
        var chipSize: Size
        var byKeyboard: Bool
        /// Since when the pointer has rested in an edge zone (nil: not in one).
        var edgeSince: Double?
    }

    /// The question a repeating event's move asks before anything is written.
    struct Choice {
        var origin: EventOrigin
        var title: String
        var days: Int
        /// 0 this occurrence, 1 all occurrences, 2 cancel.
        var selected = 0
    }

    struct PendingWrite {
        var file: String
        var turn: WriteTurn
        var write: () -> Void
        var refused: (String) -> Void
    }

    struct LastWrite {
        var file: String
        var ok: Bool
        var error: String?
    }

    var press: Press?
    var drag: Drag?
    var choice: Choice?
    var undo: [EventEdit] = []
    var redo: [EventEdit] = []
    /// A change waiting for its turn to write: another program holds the calendar's folder, and
    /// the window keeps answering until the turn comes (the change is made then) or is given up
    /// (`refused` says so).
    var pendingWrite: PendingWrite?
    /// Whether the title field open now was told it reached `EventTitle.limit`.
    var limitSaid = false
    var lastWrite: LastWrite?
    /// Refusals, newest last (the notice bar shows the last few; each can be dismissed).
    var notices: [String] = []
    /// The chip of the focused day the keyboard is on (an index into that day's events).
    var focusedChip: Int?
    /// Presses on chips, for the double-click that renames.
    var chipClicks = ClickCounter()
    /// Read-only reasons by file, for the calendar shown (cleared when it changes or is written).
    var readOnly: [String: String?] = [:]
    /// The wall clock for DTSTAMP and LAST-MODIFIED (the scene's `now` is the frame clock).
    var wallClock: () -> Date = Date.init

    /// The pointer travels this far from the press before a chip is dragged.
    static let slop = 4.0
    /// The width of the zones at the grid's left and right edges that turn the page.
    static let edgeZone = 28.0
    /// How long the pointer rests in an edge zone before each page turn.
    static let edgeHold = 0.6
}

extension CalendarScene {
    // MARK: What can be moved

    /// Why `e` cannot be moved, or nil when it can.
    func readOnlyReason(of e: EventOccurrence) -> String? {
        guard let origin = e.origin else { return tr("it has no UID, so it cannot be found again in its file") }
        guard let editor = events.source as? EventEditor else { return tr("this calendar cannot be changed") }
        // The sample ships with the app (in its source tree): demos and random test scripts must
        // not rewrite it.
        if settings.sourceLabel == "sample" { return strings.sampleReadOnly }
        if let known = editing.readOnly[origin.file] { return known }
        let why = editor.readOnlyReason(file: origin.file)
        editing.readOnly[origin.file] = .some(why)
        return why
    }

    /// The chip under a window point on the page shown, with its day and rectangle.
    func chip(at p: Point) -> (event: EventOccurrence, day: CalendarDate, rect: Rect)? {
        guard collection.frame.contains(p) else { return nil }
        for (ip, cell) in collection.visibleCells {
            guard let day = cell as? DayCell, let m = day.model, let f = layout.attributesForItem(at: ip)?.frame else { continue }
            let frame = collection.windowRect(fromContent: f)
            guard frame.insetBy(dx: -layout.spacing, dy: 0).contains(p) else { continue }
            for (slot, r) in DayCell.chips(m, in: frame) where r.contains(p) { return (slot.event, m.date, r) }
        }
        return nil
    }

    /// The window rectangles of every chip of the page shown, by event (the state dump's `frames`).
    func chipFrames() -> [EventOccurrence: [Rect]] {
        var out: [EventOccurrence: [Rect]] = [:]
        let page = visiblePage
        for (ip, cell) in collection.visibleCells where ip.section == page {
            guard let day = cell as? DayCell, let m = day.model, let f = layout.attributesForItem(at: ip)?.frame else { continue }
            for (slot, r) in DayCell.chips(m, in: collection.windowRect(fromContent: f)) { out[slot.event, default: []].append(r) }
        }
        // A bar's pieces in one row (one per day, meeting across the gaps) are one rectangle.
        return out.mapValues { pieces in
            var merged: [Rect] = []
            for r in pieces.sorted(by: { ($0.minY, $0.minX) < ($1.minY, $1.minX) }) {
                if let last = merged.last, last.minY == r.minY, last.height == r.height, r.minX <= last.maxX + 1 {
                    merged[merged.count - 1] = Rect(x: last.minX, y: last.minY, width: max(last.maxX, r.maxX) - last.minX, height: last.height)
                } else {
                    merged.append(r)
                }
            }
            return merged
        }
    }

    func date(at p: Point) -> CalendarDate? {
        guard collection.frame.contains(p), let ip = collection.indexPathForItem(atWindowPoint: p) else { return nil }
        let date = grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item)
        return isDisabled(date) ? nil : date
    }

    // MARK: Input

    /// Handles `event` when it belongs to moving events; false lets the scene's own handling run.
    func handleEditing(_ event: InputEvent, now: Double) -> Bool {
        if editing.choice != nil { return handleChoice(event) }
        if editing.drag != nil { return handleDrag(event, now: now) }
        switch event {
        case let .key(key, mods) where mods.contains(.ctrl) && key == Key("z"):
            mods.contains(.shift) ? redoMove() : undoMove()
            return true
        case let .key(key, mods) where mods.contains(.ctrl) && key == Key("y"):
            redoMove()
            return true
        case let .pointerDown(p, .left, mods) where mods.isEmpty:
            // A calendar that cannot be changed at all (a fixed list) keeps chips for paging.
            guard events.source is EventEditor, let hit = chip(at: p) else { return false }
            editing.press = CalendarEditing.Press(event: hit.event, from: hit.day, down: p, chip: hit.rect)
            return true
        case let .pointerMove(p, _):
            guard let press = editing.press else { return false }
            guard hypot(p.x - press.down.x, p.y - press.down.y) > CalendarEditing.slop else { return true }
            editing.press = nil
            if let why = readOnlyReason(of: press.event) {
                refuse(strings.fill(strings.cannotMove, DayCell.clipped(press.event.title), why))
                return true
            }
            editing.drag = CalendarEditing.Drag(event: press.event, from: press.from, over: date(at: p), pointer: p,
                                                grab: Point(x: press.down.x - press.chip.minX, y: press.down.y - press.chip.minY),
                                                chipSize: press.chip.size, byKeyboard: false)
            refreshCells()
            return true
        case let .pointerUp(p, .left, mods):
            guard editing.press != nil else { return false }
            editing.press = nil
            // A click on a chip chooses its day, as a click beside it does.
            if let date = date(at: p) {
                focus = date
                choose(date, extendingRange: mods.contains(.shift))
                openPopoverAfterClick(on: date, mods: mods)
            }
            return true
        case .key(.space, let mods) where mods.isEmpty:
            guard let e = focusedChipEvent else { return false }
            if let why = readOnlyReason(of: e) {
                refuse(strings.fill(strings.cannotMove, DayCell.clipped(e.title), why))
                return true
            }
            editing.drag = CalendarEditing.Drag(event: e, from: focus, over: focus, pointer: .zero, grab: .zero,
                                                chipSize: Size(width: layout.cellSize.width - 8, height: dayMetrics.barHeight), byKeyboard: true)
            refreshCells()
            return true
        case .key(.escape, _):
            guard editing.focusedChip != nil else { return false }
            editing.focusedChip = nil
            refreshCells()
            return true
        case .key(.left, _), .key(.right, _), .key(.up, _), .key(.down, _):
            // The arrows move the day focus; the chip focus stays on the day it was given.
            if editing.focusedChip != nil { editing.focusedChip = nil }
            return false
        case .focus(gained: false):
            editing.press = nil
            return false
        default:
            return false
        }
    }

    /// The event of the chip the keyboard focus is on.
    var focusedChipEvent: EventOccurrence? {
        guard let i = editing.focusedChip else { return nil }
        let page = grid(for: focus.calendarMonth)
        guard events.isReady(page) else { return nil }
        let list = events.events(on: focus, page: page)
        return i < list.count ? list[i] : nil
    }

    func cycleChipFocus(backwards: Bool) -> Bool {
        let page = grid(for: focus.calendarMonth)
        guard visibleMonth.contains(focus), events.isReady(page) else { return false }
        let count = events.events(on: focus, page: page).count
        guard count > 0 else { editing.focusedChip = nil; return false }
        if let i = editing.focusedChip {
            let next = backwards ? i - 1 : i + 1
            editing.focusedChip = next >= 0 && next < count ? next : nil
            refreshCells()
            return editing.focusedChip != nil
        } else {
            editing.focusedChip = backwards ? count - 1 : 0
        }
        refreshCells()
        return true
    }

    private func handleDrag(_ event: InputEvent, now: Double) -> Bool {
        guard var drag = editing.drag else { return false }
        switch event {
        case let .pointerMove(p, _) where !drag.byKeyboard:
            drag.pointer = p
            drag.over = date(at: p)
            let inEdge = edgeDirection(at: p) != 0
            if !inEdge { drag.edgeSince = nil } else if drag.edgeSince == nil { drag.edgeSince = now }
            editing.drag = drag
            refreshCells()
        case let .pointerUp(p, .left, _) where !drag.byKeyboard:
            drag.over = date(at: p)
            editing.drag = drag
            drop()
        case .pointerDown(_, .right, _), .key(.escape, _), .focus(gained: false):
            cancelDrag()
        case let .key(key, _) where drag.byKeyboard:
            let step: Int
            switch key {
            case .left: step = layout.isRightToLeft ? 1 : -1
            case .right: step = layout.isRightToLeft ? -1 : 1
            case .up: step = -7
            case .down: step = 7
            case .space, .enter: drop(); return true
            default: return true
            }
            let target = (drag.over ?? drag.from).adding(days: step)
            guard !isDisabled(target), target.calendarMonth >= CalendarSettings.firstMonth, target.calendarMonth <= CalendarSettings.lastMonth else { return true }
            drag.over = target
            editing.drag = drag
            focus = target
            if !visibleMonth.contains(target) { showMonth(target.calendarMonth, animated: true, now: now) }
            refreshCells()
        default:
            break
        }
        return true
    }

    /// The months to turn in the grid's edge zones, else 0: -1 (back) at the left edge and 1 at the
    /// right, or the other way round right to left, where the next month lies to the left.
    func edgeDirection(at p: Point) -> Int {
        let g = collection.frame
        guard p.y >= g.minY, p.y <= g.maxY else { return 0 }
        let forward = layout.isRightToLeft ? -1 : 1
        if p.x < g.minX + CalendarEditing.edgeZone { return -forward }
        if p.x > g.maxX - CalendarEditing.edgeZone { return forward }
        return 0
    }

    /// Called every frame: a pointer resting in an edge zone turns a page every `edgeHold`.
    func updateEditing(now: Double) {
        // A title typed or pasted up to the limit: said once per field, so the cut is never silent.
        if let field = titleEditor.field, field.text.count >= EventTitle.limit {
            if !editing.limitSaid {
                editing.limitSaid = true
                refuse(filled(tr("Event titles stop at %@ characters"), "\(EventTitle.limit)"))
            }
        } else if titleEditor.field == nil {
            editing.limitSaid = false
        }
        if let pending = editing.pendingWrite, pending.turn.state != .waiting {
            editing.pendingWrite = nil
            if case let .gaveUp(why) = pending.turn.state { pending.refused(why) } else { pending.write() }
            pending.turn.finish()
        }
        guard var drag = editing.drag, !drag.byKeyboard, let since = drag.edgeSince else { return }
        let direction = edgeDirection(at: drag.pointer)
        guard direction != 0 else { return }
        if now - since >= CalendarEditing.edgeHold {
            let next = visibleMonth.adding(months: direction)
            if next >= CalendarSettings.firstMonth, next <= CalendarSettings.lastMonth { showMonth(next, animated: true, now: now) }
            drag.edgeSince = now
        }
        drag.over = date(at: drag.pointer)
        editing.drag = drag
    }

    /// When the next edge page turn is due (the window may sleep until then).
    var editingDeadline: Double? {
        // While a change waits for its turn, the window looks again every few frames.
        if editing.pendingWrite != nil { return 0 }
        guard let drag = editing.drag, !drag.byKeyboard, let since = drag.edgeSince else { return nil }
        return since + CalendarEditing.edgeHold
    }

    func cancelDrag() {
        editing.drag = nil
        refreshCells()
    }

    private func drop() {
        guard let drag = editing.drag else { return }
        editing.drag = nil
        refreshCells()
        guard let over = drag.over, let origin = drag.event.origin else { return }
        let days = drag.from.days(until: over)
        guard days != 0 else { return }
        if origin.isSeriesInstance {
            editing.choice = CalendarEditing.Choice(origin: origin, title: DayCell.clipped(drag.event.title), days: days)
            return
        }
        commit(EventMove(origin: origin, days: days, scope: .event), title: DayCell.clipped(drag.event.title))
    }

    // MARK: The "this occurrence / all occurrences" choice

    private func handleChoice(_ event: InputEvent) -> Bool {
        guard var choice = editing.choice else { return false }
        switch event {
        case .key(.left, _), .key(.up, _):
            choice.selected = (choice.selected + 2) % 3
        case .key(.right, _), .key(.down, _):
            choice.selected = (choice.selected + 1) % 3
        case let .key(.tab, mods):
            choice.selected = (choice.selected + (mods.contains(.shift) ? 2 : 1)) % 3
        case .key(.enter, _), .key(.space, _):
            answer(choice)
            return true
        case .key(.escape, _), .pointerDown(_, .right, _):
            editing.choice = nil
            return true
        case let .pointerDown(p, .left, _):
            guard let i = choiceButtons().firstIndex(where: { $0.contains(p) }) else { return true }
            choice.selected = i
            answer(choice)
            return true
        default:
            return true
        }
        editing.choice = choice
        return true
    }

    private func answer(_ choice: CalendarEditing.Choice) {
        editing.choice = nil
        guard choice.selected < 2 else { return }
        commit(EventMove(origin: choice.origin, days: choice.days, scope: choice.selected == 0 ? .thisOccurrence : .allOccurrences),
               title: choice.title)
    }

    var choicePanel: Rect {
        let g = collection.frame
        let w = min(440, g.width - 16), h = 104.0
        return Rect(x: g.midX - w / 2, y: g.midY - h / 2, width: w, height: h)
    }

    func choiceButtons() -> [Rect] {
        let r = choicePanel
        let w = (r.width - 16 * 2 - 8 * 2) / 3
        return (0..<3).map { Rect(x: r.minX + 16 + Double($0) * (w + 8), y: r.maxY - 16 - 32, width: w, height: 32) }
    }

    // MARK: Writing, undo and redo

    /// Runs `write` when `file` may be written: at once when no other program is writing beside
    /// it, else once it has finished, the window answering meanwhile (the folder's lock is waited
    /// for on another thread). `refused` gets the reason when the wait is given up, or when
    /// another change is still waiting.
    func whenWritable(_ file: String, refused: @escaping (String) -> Void, _ write: @escaping () -> Void) {
        guard editing.pendingWrite == nil else {
            refused(tr("another change to the calendar is still waiting for its turn to write"))
            return
        }
        guard let editor = events.source as? EventEditor else { return write() }
        let turn = editor.waitForTurn(file: file)
        switch turn.state {
        case .ready:
            write()
            turn.finish()
        case .waiting:
            editing.pendingWrite = CalendarEditing.PendingWrite(file: file, turn: turn, write: write, refused: { [unowned self] why in
                editing.lastWrite = CalendarEditing.LastWrite(file: file, ok: false, error: why)
                refused(why)
            })
        case let .gaveUp(why):
            turn.finish()
            editing.lastWrite = CalendarEditing.LastWrite(file: file, ok: false, error: why)
            refused(why)
        }
    }

    /// Leaving the scene: a change whose turn has come is written now; one still waiting gives up
    /// (with its notice), so that no turn taken while the scene is away holds the folder's lock.
    func settlePendingWrite() {
        guard let pending = editing.pendingWrite else { return }
        editing.pendingWrite = nil
        switch pending.turn.state {
        case .ready: pending.write()
        case let .gaveUp(why): pending.refused(why)
        case .waiting: pending.refused(tr("the calendar was left before another program let go of it; nothing was written"))
        }
        pending.turn.finish()
    }

    private func commit(_ move: EventMove, title: String) {
        whenWritable(move.origin.file, refused: { [unowned self] why in refuse(strings.fill(strings.cannotMove, title, why)) }) { [unowned self] in
            guard let editor = events.source as? EventEditor else { return }
            let outcome = editor.move(move, now: editing.wallClock())
            record(outcome, file: move.origin.file) { why in strings.fill(strings.cannotMove, title, why) }
            if case let .written(edit) = outcome {
                editing.undo.append(edit)
                editing.redo.removeAll()
            }
        }
    }

    func undoMove() {
        guard let edit = editing.undo.last else { return }
        whenWritable(edit.file, refused: { [unowned self] why in refuse(strings.fill(strings.cannotUndo, "", why)) }) { [unowned self] in
            guard editing.undo.last == edit, let editor = events.source as? EventEditor else { return }
            let outcome = editor.apply(edit.reversed, now: editing.wallClock())
            record(outcome, file: edit.file) { why in strings.fill(strings.cannotUndo, "", why) }
            if case .written = outcome { editing.redo.append(editing.undo.removeLast()) }
        }
    }

    func redoMove() {
        guard let edit = editing.redo.last else { return }
        whenWritable(edit.file, refused: { [unowned self] why in refuse(strings.fill(strings.cannotMove, "", why)) }) { [unowned self] in
            guard editing.redo.last == edit, let editor = events.source as? EventEditor else { return }
            let outcome = editor.apply(edit, now: editing.wallClock())
            record(outcome, file: edit.file) { why in strings.fill(strings.cannotMove, "", why) }
            if case .written = outcome { editing.undo.append(editing.redo.removeLast()) }
        }
    }

    func record(_ outcome: EditOutcome, file: String, message: (String) -> String) {
        switch outcome {
        case .written:
            // A delete's Undo would now mean something else.
            toast.dismiss(now: collection.now)
            editing.lastWrite = CalendarEditing.LastWrite(file: file, ok: true, error: nil)
            calendarWritten()
        case let .refused(why):
            editing.lastWrite = CalendarEditing.LastWrite(file: file, ok: false, error: why)
            refuse(message(why))
        }
    }

    func refuse(_ message: String) {
        editing.notices.removeAll { $0 == message }
        editing.notices.append(message)
        if editing.notices.count > 8 { editing.notices.removeFirst() }
    }

    // MARK: Drawing

    func drawEditing(into list: inout DrawList) {
        if let drag = editing.drag { drawDraggedChip(drag, into: &list) }
        if let choice = editing.choice { drawChoice(choice, into: &list) }
    }

    private func drawDraggedChip(_ drag: CalendarEditing.Drag, into list: inout DrawList) {
        var r: Rect
        if drag.byKeyboard {
            // The keyboard's chip sits at the top of the day it would land on.
            guard let over = drag.over, let cell = cellFrame(of: over) else { return }
            let box = DayCell.numberBox(in: cell, dayMetrics)
            r = Rect(x: cell.minX + 4, y: box.maxY + 2, width: cell.width - 8, height: dayMetrics.barHeight)
        } else {
            r = Rect(x: drag.pointer.x - drag.grab.x, y: drag.pointer.y - drag.grab.y, width: drag.chipSize.width, height: drag.chipSize.height)
        }
        let c = Theme.tileColor(drag.event.colorIndex)
        list.shadow(r.offsetBy(dx: 0, dy: 3), Color.black.withAlpha(0.5), radius: 4, blur: 8)
        list.fill(r, c, radius: 4)
        list.stroke(r, .white, width: 1.5, radius: 4)
        list.text(DayCell.fitting(drag.event.title, width: r.width), in: r.insetBy(dx: 5, dy: 0), size: 10, color: DayCell.titleInk(drag.event, multiDay: true, dim: false))
    }

    /// The window rectangle of a day's cell on the page shown.
    func cellFrame(of date: CalendarDate) -> Rect? {
        let month = visibleMonth
        let g = grid(for: month)
        guard let i = g.dates.firstIndex(of: date), let f = layout.attributesForItem(at: ItemPath(item: i, section: CalendarScene.page(of: month)))?.frame else { return nil }
        return collection.windowRect(fromContent: f)
    }

    private func drawChoice(_ choice: CalendarEditing.Choice, into list: inout DrawList) {
        let r = choicePanel
        list.shadow(r.offsetBy(dx: 0, dy: 4), Color.black.withAlpha(0.6), radius: 10, blur: 16)
        list.fill(r, Theme.surfaceRaised, radius: 10)
        list.stroke(r, Theme.border, width: 1, radius: 10)
        list.text("\(strings.moveRepeatingQuestion): \(choice.title)", in: Rect(x: r.minX + 16, y: r.minY + 12, width: r.width - 32, height: 24),
                  size: 14, color: Theme.text, weight: .bold)
        let labels = [strings.thisOccurrence, strings.allOccurrences, strings.cancel]
        for (i, b) in choiceButtons().enumerated() {
            let selected = i == choice.selected
            list.fill(b, selected ? Theme.accent : Theme.surface, radius: 6)
            if selected { list.stroke(b.insetBy(dx: -2, dy: -2), .white, width: 2, radius: 8) }
            list.text(labels[i], in: b, size: 12, color: selected ? .white : Theme.text, alignment: .center, weight: selected ? .bold : .regular)
        }
    }

    // MARK: State dump

    func editingDump(events list: [EventOccurrence]) -> (frames: [EventOccurrence: [Rect]], pairs: [(String, JSON)]) {
        let frames = chipFrames()
        let reason = list.lazy.compactMap { self.readOnlyReason(of: $0) }.first
        var pairs: [(String, JSON)] = [("readOnlyReason", reason.map(JSON.string) ?? .null)]
        if let drag = editing.drag {
            pairs.append(("drag", .object([("event", .string(drag.event.uid)), ("from", .string("\(drag.from)")),
                                           ("over", drag.over.map { .string("\($0)") } ?? .null)])))
        } else {
            pairs.append(("drag", .null))
        }
        pairs.append(("writeWaiting", .bool(editing.pendingWrite != nil)))
        pairs.append(("undo", .number(Double(editing.undo.count))))
        pairs.append(("redo", .number(Double(editing.redo.count))))
        pairs.append(("lastWrite", editing.lastWrite.map { w in
            .object([("file", .string(w.file)), ("ok", .bool(w.ok)), ("error", w.error.map(JSON.string) ?? .null)])
        } ?? .null))
        pairs.append(("moveChoice", editing.choice.map { c in
            .object([("event", .string(c.origin.uid)), ("days", .number(Double(c.days))),
                     ("options", .strings([strings.thisOccurrence, strings.allOccurrences, strings.cancel])), ("selected", .number(Double(c.selected)))])
        } ?? .null))
        pairs.append(("focusedEvent", focusedChipEvent.map { .string($0.uid) } ?? .null))
        return (frames, pairs)
    }
}
