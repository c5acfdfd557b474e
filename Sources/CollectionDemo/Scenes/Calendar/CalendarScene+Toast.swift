import CalendarModel
import CollectionKit

/// The notice a delete leaves: the engine's `Toast` at the bottom of the month, "“Title” deleted"
/// with Undo, which writes the event back (the file as it was, byte for byte, as Ctrl+Z does). It
/// goes when its time runs out, its close button or Undo is chosen, or a later change (another
/// write, Ctrl+Z, Ctrl+Shift+Z) would make its Undo mean something else; a click elsewhere leaves
/// it. Its buttons are in the focus chain after the days while it shows.
extension CalendarScene {
    /// A new toast for the scene's measurer and direction; `compose()` lists it and its buttons.
    func makeToast() -> Toast {
        let toast = Toast(name: "deletedEvent", measurer: measurer)
        toast.layoutDirection = collection.layoutDirection
        return toast
    }

    /// Shows that `e` was deleted by `edit`, with Undo taking that edit back while it is still
    /// the last one written.
    func showDeletedToast(_ e: EventOccurrence, edit: EventEdit, now: Double) {
        toast.setFrame(collection.frame)
        toast.show(filled(tr("“%@” deleted"), e.title), action: tr("Undo"), now: now) { [unowned self] _ in
            guard editing.undo.last == edit else { return }
            undoMove()
        }
    }
}
