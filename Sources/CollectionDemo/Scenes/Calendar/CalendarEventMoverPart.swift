import CalendarModel
import CollectionKit

/// An event being moved, as a part of the scene (see `CalendarEventEditing.swift`): while a chip
/// is dragged, carried with the keyboard, or a repeating event's move asks "this occurrence / all
/// occurrences", it captures every event until the move ends, draws the chip being carried and the
/// question, and shows the grabbing hand.
final class CalendarEventMoverPart: Component {
    unowned let scene: CalendarScene

    init(scene: CalendarScene) { self.scene = scene }

    var isDragging: Bool { scene.editing.drag != nil || scene.editing.choice != nil }

    var inputRole: InputRole { isDragging ? .capture : .normal }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard isDragging else { return .ignored }
        _ = scene.handleEditing(event, now: now)
        return .handled
    }

    func draw(into list: inout DrawList) { scene.drawEditing(into: &list) }

    func cursor(at p: Point) -> Cursor? { scene.editing.drag != nil ? .grabbing : nil }
}
