import CalendarModel
import CollectionKit

/// The day popover as a part of the scene (its state is the scene's `popover`, see
/// `CalendarDayPopover.swift`). While it is open it captures input, as a popover with light
/// dismissal does: Escape and Enter close it, a press outside closes it and does nothing else, a
/// press inside stays with it, Up and Down walk its event rows (F2, Delete and the menu key act on
/// them), and other keys and the wheel close it and go on. It is not modal: the focus chain stays
/// as it was, and its rows' "⋯" and the side panel's stay usable. While a title field is being
/// typed over one of its rows, the field comes first (the popover then takes input as any part).
final class CalendarPopoverPart: Component {
    unowned let scene: CalendarScene

    init(scene: CalendarScene) { self.scene = scene }

    /// True while it is open, or owns the release of the press that closed it.
    var isActive: Bool { scene.popover != nil || scene.popoverOwnsRelease }

    var inputRole: InputRole { isActive && !scene.titleEditor.isEditing ? .capture : .normal }

    func contains(_ p: Point) -> Bool { isActive }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard isActive else { return .ignored }
        // A press on a delete's toast is the toast's, and leaves the popover open.
        if case let .pointerDown(p, _, _) = event, scene.toast.contains(p) { return .ignored }
        // A press on an event row's "⋯" (the popover's or the side panel's), or a right-click on a
        // row, opens the row's menu; the popover stays open under it.
        if scene.popover != nil, scene.handleEventRows(event, now: now) { return .handled }
        return scene.handlePopoverEvent(event, now: now) ? .handled : .ignored
    }

    func cancelGestures(now: Double) { scene.popoverOwnsRelease = false }

    func draw(into list: inout DrawList) {
        scene.drawPopover(into: &list)
        scene.drawRowButtons(inPopover: true, into: &list)
    }
}
