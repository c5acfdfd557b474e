/// The manager takes input through the same door as every other part: hand it each event (or list
/// it in a ``Composition``) and it answers whether it took it.
///
/// ```swift
/// let root = Composition([manager] + columns.map(\.controller))   // the manager first: it takes presses on items
/// ```
extension DragDropManager {
    /// A press on an item (the start of a possible drag), every pointer event of a drag, the
    /// wheel during a drag (it scrolls the collection under the stack), and the keys of drag and
    /// drop (Space, the arrows, Enter, Escape, Ctrl+Z): ``EventDisposition/handled``. Losing
    /// window focus cancels a drag. Everything else is ``EventDisposition/ignored``.
    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, button, mods):
            return pointerDown(at: p, button: button, modifiers: mods, now: now) ? .handled : .ignored
        case let .pointerMove(p, _):
            let active = press != nil || (session.map { !$0.isKeyboard } ?? false)
            pointerMoved(to: p, now: now)
            return active ? .handled : .ignored
        case let .pointerUp(p, _, _):
            let active = press != nil || (session.map { !$0.isKeyboard } ?? false)
            pointerUp(at: p, now: now)
            return active ? .handled : .ignored
        case let .wheel(dx, dy):
            return wheel(dx: dx, dy: dy, now: now) ? .handled : .ignored
        case let .key(key, mods):
            return handleKey(key, modifiers: mods, now: now) ? .handled : .ignored
        case .focus(gained: false):
            cancel(now: now)
            return .ignored
        default:
            return .ignored
        }
    }

    /// The flights and the lifted stack, above every collection listed before the manager.
    public func draw(into list: inout DrawList) { draw(into: &list, now: now) }

    /// A drag in flight goes home.
    public func cancelGestures(now: Double) { cancel(now: now) }

    /// Grabbing while a pointer drag lasts.
    public func cursor(at p: Point) -> Cursor? { session.map { $0.isKeyboard ? nil : .grabbing } ?? nil }
}
