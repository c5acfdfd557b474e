import CalendarModel
import CollectionKit

/// The calendar's events kept current, as a part of the scene: each frame a change waiting for its
/// turn to write is made (or given up), a page turn due at the grid's edge during a move is made,
/// a reloaded calendar is prepared off screen and takes over once its page is ready, and the pages
/// around the one shown are read a slice at a time. Its deadline is `now` while any of that is
/// left to do.
final class CalendarEventsPart: Component {
    unowned let scene: CalendarScene

    init(scene: CalendarScene) { self.scene = scene }

    func update(now: Double) {
        scene.updateEditing(now: now)
        scene.loadEvents(now: now)
    }

    func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(scene.prefetchDeadline(after: now), scene.editingDeadline)
    }
}
