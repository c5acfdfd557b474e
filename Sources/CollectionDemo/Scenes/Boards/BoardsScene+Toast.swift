import CollectionKit

/// The notice a delete leaves is the engine's `Toast`: a box centred in the status band at the
/// bottom edge, off the boards, with Undo and Close, as every scene's deletes say so. It stays
/// until its time runs out (which waits while one of its buttons has the focus), Close, Escape on
/// one of its buttons, Undo, or the next delete replaces it; a later change that would make its
/// Undo mean something else closes it too. A click elsewhere leaves it. Both buttons are in the
/// focus chain (Tab reaches them; Enter or Space presses), and a screen reader reads it out.
extension BoardsScene {
    /// The words the toast's close button is spoken with.
    static var widgetStrings: WidgetStrings {
        var strings = WidgetStrings()
        strings.close = closeTitle
        return strings
    }

    /// The toast's frame while it shows.
    var deletedNoticeFrame: Rect? { deleteToast.isShowing ? deleteToast.box : nil }

    /// Undo and Close while the toast shows, in window points.
    func toastButtons() -> [(name: String, rect: Rect)] {
        guard deleteToast.isShowing else { return [] }
        return [("undo", deleteToast.actionButton.frame), ("close", deleteToast.closeButton.frame)]
    }

    /// The height the status band keeps for the toast: one line of its text or its buttons,
    /// whichever is taller, at the current text scale.
    func toastBandHeight(measurer: some TextMeasuring) -> Double {
        let button = Button(name: "measure", title: BoardsScene.undoTitle).preferredSize(measurer: measurer).height
        let line = measurer.lineHeight(style: deleteToast.style.text)
        return (max(button, line) + 2 * deleteToast.style.padding + 2 * deleteToast.style.margin).rounded(.up)
    }
}
