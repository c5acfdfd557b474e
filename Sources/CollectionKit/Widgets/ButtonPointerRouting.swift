/// The pointer among a group of buttons that are one part (a row, a header): a press goes to the
/// button under it, which then takes the release wherever it happens; moves, exits and changes of
/// window focus reach every button (hover); keys are left to the focus chain. ``ButtonRow`` routes
/// with it, and so can an app's own part that lays out and draws its buttons itself.
///
/// A class, not a struct: a button's action may close the part that routes to it (a dialog's
/// button), which ends the press from inside the routing of that press.
public final class ButtonPointerRouting {
    /// The button the current press began on.
    public private(set) var pressed: Button?

    public init() {}

    /// Routes `event` among `buttons`.
    public func handle(_ event: InputEvent, among buttons: [Button], now: Double) -> EventDisposition {
        switch event {
        case .pointerDown:
            for b in buttons where b.handle(event, now: now).isHandled { pressed = b; return .handled }
            return .ignored
        case .pointerUp:
            guard let b = pressed else { return .ignored }
            pressed = nil
            return b.handle(event, now: now)
        case .pointerMove, .pointerExited, .focus:
            // Every button follows the pointer (hover); the one held takes the moves. Losing the
            // window's focus ends the press.
            var result = EventDisposition.ignored
            for b in buttons where b.handle(event, now: now).isHandled { result = .handled }
            if case .focus(gained: false) = event { pressed = nil }
            return result
        default:
            // Keys reach a button through the focus chain only, never a second time through its group.
            return .ignored
        }
    }

    /// Forgets a press on a button no longer among `buttons`.
    public func keep(only buttons: [Button]) {
        if let p = pressed, !buttons.contains(where: { $0 === p }) { pressed = nil }
    }

    /// Ends the press and every button's gestures (a scene switch, a modal part opening).
    public func cancel(_ buttons: [Button], now: Double) {
        pressed = nil
        for b in buttons { b.cancelGestures(now: now) }
    }
}
