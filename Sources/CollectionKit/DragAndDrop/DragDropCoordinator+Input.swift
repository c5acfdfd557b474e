/// The manager takes input through the same door as every other part: hand it each event (or list
/// it in a ``Composition``) and it answers whether it took it.
///
/// ```swift
/// let root = Composition([manager] + columns.map(\.controller))   // the manager first: it takes presses on items
/// ```
extension DragDropCoordinator {
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
        case let .drop(payload, p):
            return dropExternal(payload, at: p, now: now)
        default:
            return .ignored
        }
    }

    /// A move with no press on an item and no drag under way changes nothing the manager shows:
    /// the pointer is noted, true.
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool {
        guard press == nil, session == nil else { return false }
        pointer = p
        return true
    }

    /// The flights and the lifted stack, above every collection listed before the manager.
    public func draw(into list: inout DrawList) { draw(into: &list, now: now) }

    /// A drag in flight goes home.
    public func cancelGestures(now: Double) { cancel(now: now) }

    /// A drag in flight (by pointer or keyboard) captures input: every key and pointer event is
    /// offered to the manager before any other part, so a keyboard drag's arrows, Space, Enter
    /// and Escape are its own whichever stop has the focus. Otherwise it acts normally.
    public var inputRole: InputRole { session != nil ? .capture : .normal }

    /// While a pointer drag lasts: the copy cursor for a copy that would be accepted here, else
    /// grabbing. A keyboard drag leaves the pointer's cursor alone.
    public func cursor(at p: Point) -> Cursor? {
        guard let s = session, !s.isKeyboard else { return nil }
        return s.operation == .copy && s.acceptance.isAccepted ? .copy : .grabbing
    }

    /// A button went down; returns true when the manager takes the gesture (a press on an item,
    /// or any press during a drag).
    @discardableResult
    func pointerDown(at p: Point, button: MouseButton, modifiers: Modifiers, now: Double) -> Bool {
        defer { showStates() }
        self.now = now
        pointer = p
        if button == .right {
            guard session != nil else { return false }
            cancel(now: now)
            return true
        }
        if session != nil { return true }
        guard button == .left else { return false }
        marks.showRing(false)
        for c in collections where c.view.frame.contains(p) {
            guard let id = c.draggableItem(at: p) else { continue }
            press = (p, id, c, modifiers)
            marks.focus(id, in: c.dropName)
            return true
        }
        // A press on a collection's empty space clears the selection (Ctrl keeps it), as a click
        // beside the items does on the desktop; the collection under it then pans.
        if !modifiers.contains(.ctrl), collections.contains(where: { $0.view.frame.contains(p) }) { marks.clear() }
        return false
    }

    func pointerMoved(to p: Point, now: Double) {
        self.now = now
        pointer = p
        if session == nil, let press, p.distance(to: press.point) >= dragThreshold {
            beginDrag(pressed: press.id, from: press.source, grabPoint: press.point, keyboard: false, now: now)
            self.press = nil
        }
        guard var s = session, !s.isKeyboard else { return }
        s.lift.pointer = p
        session = s
        track(now: now)
    }

    func pointerUp(at p: Point, now: Double) {
        defer { showStates() }
        self.now = now
        pointer = p
        if let press, session == nil {
            marks.click(press.id, ctrl: press.mods.contains(.ctrl))
            self.press = nil
            return
        }
        press = nil
        guard let s = session, !s.isKeyboard else { return }
        var moved = s
        moved.lift.pointer = p
        session = moved
        track(now: now)
        drop(now: now)
    }

    /// Wheel turns during a drag scroll the hovered collection; returns true when it took them.
    @discardableResult
    func wheel(dx: Double, dy: Double, now: Double) -> Bool {
        guard let s = session else { return false }
        if let target = collection(named: s.over) { target.scrollByWheel(dx: dx, dy: dy, now: now) }
        return true
    }

    /// Clears the selection (a click on empty space).
    public func clearSelection() { marks.clear(); showStates() }

    /// Tells every container's cells their selection, focus and drag state. The focus's ring shows
    /// only after keyboard use (``showsFocusRing``).
    func showStates() {
        let dragged = Set(session?.ids ?? [])
        for c in collections {
            c.showStates(selected: anySelection, focused: anyFocus?.collection == c.dropName ? anyFocus?.id : nil,
                         showsRing: marks.showsRing, dragged: dragged)
        }
    }
}
