import CalendarModel
import CollectionKit

/// Renaming and deleting an event: F2 on a focused event (Tab into a day's events) or a
/// double-click on its chip opens a field over the chip with its title, and Enter writes the new
/// title to its file; Delete removes the focused event. Both go through the source's
/// `EventEditor`, byte for byte outside the event, as one edit that Ctrl+Z undoes like a move.
extension CalendarScene {
    /// The event's chip on screen, for the field: its first bar in the window.
    func chipFrame(of e: EventOccurrence) -> Rect? {
        chipFrames()[e]?.first
    }

    /// Opens the title field over `e`'s chip (or over `over`, a row of the popover or the side
    /// panel that lists it), or says why its calendar refuses.
    public func beginRenaming(_ e: EventOccurrence, over: Rect? = nil, now: Double, text: String? = nil) {
        guard !isDragging, let origin = e.origin else { return }
        if let why = readOnlyReason(of: e) {
            refuse(strings.fill(strings.cannotRename, DayCell.clipped(e.title), why))
            return
        }
        guard let frame = over ?? chipFrame(of: e) else { return }
        let field = Rect(x: frame.minX, y: frame.minY - 4, width: max(frame.width, 120), height: max(frame.height + 8, 28))
        titleEditor.begin(item: AnyHashable("rename \(origin.uid)"), text: text ?? e.title, multiline: false, maximumLength: TextLimits.eventTitle,
                          placeholder: strings.newEventPlaceholder, frame: { field }, now: now) { [unowned self] text in
            guard let title = text.map(EventTitle.cleaned)?.trimmedForTitle, !title.isEmpty, title != e.title else { return }
            renameEvent(e, to: title, over: over, now: now)
        }
    }

    /// Writes `title` as `e`'s title and puts the write on the undo list; refused, the field opens
    /// again with what was typed.
    func renameEvent(_ e: EventOccurrence, to title: String, over: Rect? = nil, now: Double = 0) {
        guard let origin = e.origin else { return }
        let keepTyping: (String) -> Void = { [unowned self] why in
            refuse(strings.fill(strings.cannotRename, DayCell.clipped(e.title), why))
            beginRenaming(e, over: over, now: now, text: title)
        }
        whenWritable(origin.file, refused: keepTyping) { [unowned self] in
            guard let editor = events.source as? EventEditor else { return }
            let outcome = editor.rename(origin, to: title, now: editing.wallClock())
            record(outcome, file: origin.file) { why in strings.fill(strings.cannotRename, DayCell.clipped(e.title), why) }
            switch outcome {
            case let .written(edit):
                editing.undo.append(edit)
                editing.redo.removeAll()
            case .refused:
                beginRenaming(e, over: over, now: now, text: title)
            }
        }
    }

    /// Removes `e` (every occurrence of a repeating event) from its file; Ctrl+Z puts it back.
    public func deleteEvent(_ e: EventOccurrence) {
        guard !isDragging, events.source is EventEditor, let origin = e.origin else { return }
        if let why = readOnlyReason(of: e) {
            refuse(strings.fill(strings.cannotDelete, DayCell.clipped(e.title), why))
            return
        }
        whenWritable(origin.file, refused: { [unowned self] why in refuse(strings.fill(strings.cannotDelete, DayCell.clipped(e.title), why)) }) { [unowned self] in
            guard let editor = events.source as? EventEditor else { return }
            let outcome = editor.delete(origin, now: editing.wallClock())
            record(outcome, file: origin.file) { why in strings.fill(strings.cannotDelete, DayCell.clipped(e.title), why) }
            if case let .written(edit) = outcome {
                editing.focusedChip = nil
                editing.undo.append(edit)
                editing.redo.removeAll()
                refreshCells()
                showDeletedToast(e, edit: edit, now: collection.now)
            }
        }
    }

    /// F2 renames and Delete removes the focused event; a double-click on a chip renames it.
    func handleRenameOrDelete(_ event: InputEvent, now: Double) -> Bool {
        switch event {
        case let .key(key, mods) where ContextMenuController.isMenuKey(key, mods):
            return openMenuForFocusedChip()
        case let .key(key, mods) where mods.isEmpty && (key == Key("F2") || key == Key("Delete")):
            guard let e = focusedChipEvent else { return false }
            if key == Key("F2") { beginRenaming(e, now: now) } else { deleteEvent(e) }
            return true
        case let .pointerDown(p, .left, mods) where mods.isEmpty:
            guard editing.chipClicks.press(at: p, now: now) == 2,
                  let (e, _) = chipFrames().first(where: { $0.value.contains { $0.contains(p) } }) else { return false }
            beginRenaming(e, now: now)
            return true
        default:
            return false
        }
    }
}
