import CalendarModel
import CollectionKit

/// Adding an event: a double-click on a day (or Ctrl+N on the focused day) opens a title field
/// over the day; Enter writes an all-day event on that day to the calendar's file through the
/// source's `EventEditor`, as one edit that Ctrl+Z undoes like a move. Escape, or an empty title,
/// adds nothing. A calendar that cannot be changed refuses at once, saying why.
extension CalendarScene {
    static let titleFieldStyle = Theme.fieldStyle(size: 12, padding: EdgeInsets(top: 5, left: 6, bottom: 5, right: 6))

    /// The file a new event goes to: the first calendar shown.
    var newEventFile: String { shownFiles.first ?? settings.shownFiles.first ?? "" }

    /// Why no event can be added to the calendar shown, or nil when one can.
    func createReadOnlyReason() -> String? {
        guard let editor = events.source as? EventEditor else { return tr("this calendar cannot be changed") }
        if settings.sourceLabel == "sample" { return strings.sampleReadOnly }
        let file = newEventFile
        if let known = editing.readOnly[file] { return known }
        let why = editor.readOnlyReason(file: file)
        editing.readOnly[file] = .some(why)
        return why
    }

    /// Opens the title field over `date`'s cell, or says why the calendar refuses.
    public func beginCreatingEvent(on date: CalendarDate, now: Double, text: String = "") {
        guard !isDragging, !isDisabled(date) else { return }
        if let why = createReadOnlyReason() {
            refuse(strings.fill(strings.cannotCreate, "", why))
            return
        }
        focus = date
        if !visibleMonth.contains(date) { showMonth(date.calendarMonth, animated: false, now: now) }
        creatingOn = date
        refreshCells()
        titleEditor.begin(item: AnyHashable("new event \(date)"), text: text, multiline: false, maximumLength: TextLimits.eventTitle,
                          placeholder: strings.newEventPlaceholder,
                          frame: { [unowned self] in titleFieldFrame(on: date) }, now: now) { [unowned self] text in
            creatingOn = nil
            refreshCells()
            guard let title = text.map(EventTitle.cleaned)?.trimmedForTitle, !title.isEmpty else { return }
            createEvent(titled: title, on: date, now: now)
        }
    }

    /// The field's rectangle: across the day's cell, under its number.
    func titleFieldFrame(on date: CalendarDate) -> Rect? {
        guard let cell = cellFrame(of: date) else { return nil }
        let box = DayCell.numberBox(in: cell, dayMetrics)
        return Rect(x: cell.minX + 2, y: box.maxY + 2, width: max(0, cell.width - 4), height: 28)
    }

    /// Writes an all-day event titled `title` on `date` and puts the write on the undo list.
    /// A refused write keeps what was typed: the field opens again with the title, so the user
    /// can try again (after freeing space on a full disk, say) or copy it elsewhere.
    func createEvent(titled title: String, on date: CalendarDate, now: Double = 0) {
        let file = newEventFile
        let keepTyping: (String) -> Void = { [unowned self] why in
            refuse(strings.fill(strings.cannotCreate, title, why))
            beginCreatingEvent(on: date, now: now, text: title)
        }
        whenWritable(file, refused: keepTyping) { [unowned self] in
            guard let editor = events.source as? EventEditor else { return }
            let outcome = editor.create(NewEvent(title: title, span: .allDay(first: date, end: date.adding(days: 1))),
                                        in: file, now: editing.wallClock())
            record(outcome, file: file) { why in strings.fill(strings.cannotCreate, title, why) }
            switch outcome {
            case let .written(edit):
                editing.undo.append(edit)
                editing.redo.removeAll()
            case .refused:
                beginCreatingEvent(on: date, now: now, text: title)
            }
        }
    }

    /// The dump's part: the day a new event is typed for and the field, while it is.
    var creatingDump: [(String, JSON)] {
        [("creatingOn", creatingOn.map { .string($0.description) } ?? .null)] + titleEditor.dumpEntries()
    }
}
