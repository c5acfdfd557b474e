import CalendarModel
import CollectionKit

/// What the calendar takes wherever the keyboard focus is, as a part of the scene listed after
/// its focus chain: Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo a change, Ctrl+N adds an
/// event on the focused day, PageUp, PageDown and Home turn the month, Escape unchooses every day;
/// and calendar files dropped from another program, opened beside the ones shown (anything else is
/// refused with a notice).
final class CalendarShortcutsPart: Component {
    unowned let scene: CalendarScene

    init(scene: CalendarScene) { self.scene = scene }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .key(key, mods):
            let taken = scene.handleEditing(event, now: now) || scene.handleSceneKey(key, mods, now: now)
            return taken ? .handled : .ignored
        case .drop:
            return scene.handleDrop(event) ? .handled : .ignored
        default:
            return .ignored
        }
    }
}
