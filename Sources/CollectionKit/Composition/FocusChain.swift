/// A place the keyboard focus can rest: a collection (whose arrows then move within it), a
/// button, a field. The ``FocusChain`` decides which stop has the focus and whether its ring
/// shows; the stop takes the keys that reach it through its ``InputHandler/handle(_:now:)``.
public protocol FocusStop: InputHandler {
    /// The stop's name in the state dump and for assistive technology.
    var focusName: String { get }
    /// Whether Tab stops here now (false for an empty collection or a hidden button).
    var canTakeFocus: Bool { get }
    /// The chain moved the focus onto (true) or off this stop, or showed or hid the ring.
    /// `showsRing` is true only after keyboard use.
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double)
    /// True when the focus moved onto this stop by a means of its own (a drag-and-drop manager's
    /// Left and Right hop between its collections): the chain follows, so the next Tab starts
    /// from here. The default is false.
    var claimsFocus: Bool { get }
    /// True while the stop shows a ring that its own keys turned on (the arrows in a grid): the
    /// chain reports it, and a pointer press hides it with the chain's. The default is false.
    var showsOwnRing: Bool { get }
}

extension FocusStop {
    public var claimsFocus: Bool { false }
    public var showsOwnRing: Bool { false }
}

/// One focus model for a whole root, as desktop toolkits have it: Tab and Shift+Tab move between
/// the stops in the order listed (wrapping at the ends), the other keys go to the stop that has the
/// focus (arrows move within a collection, Enter and Space act), and the ring shows only after the
/// keyboard is used: never at launch, and a pointer press hides it again (the `:focus-visible` rule
/// of browsers and GTK).
///
/// List the chain among a ``Composition``'s parts where its keys should come: after overlays that
/// take every key while open (a menu, a keyboard drag), before the root's own shortcuts.
///
/// ```swift
/// let photos = CollectionController(view: photosView)
/// let title = TextField(name: "title", text: "Holiday", measurer: measurer)
/// let focus = FocusChain([photos, title])
/// let root = Composition([menu, focus, title, photos, shortcuts], focus: focus)
/// ```
///
/// O(stops) a call; a root has a handful.
public final class FocusChain: Component {
    /// The stops in Tab order.
    public private(set) var stops: [any FocusStop]
    /// The index of the stop with the focus; the first stop that can take it when the chain is made.
    public private(set) var current: Int?
    /// True once Tab moved the focus since the last pointer press. Other keys leave it to the
    /// stop whether they show a ring (an arrow in a grid does; a paging key need not): see
    /// ``isRingVisible``.
    public private(set) var showsRing = false

    /// Whether a focus ring shows now: the chain's, or the focused stop's own.
    public var isRingVisible: Bool { !leftOut && (showsRing || (focused?.showsOwnRing ?? false)) }
    /// Whether Tab past the last stop comes back to the first (true, the default). A chain nested
    /// in an outer one (a scene's, inside an app that has a tab bar) does not wrap: Tab past its
    /// end is left to the outer chain, which calls ``enter(forward:now:)`` to come back.
    public var wraps = true

    /// `stops` in Tab order, which is reading order: a header's buttons before the content under
    /// them. The focus starts on `initial` when given (the content a scene opens on, with no ring),
    /// else on the first stop that can take it.
    public init(_ stops: [any FocusStop], initial: (any FocusStop)?) {
        self.stops = stops
        current = initial.flatMap { i in stops.firstIndex { $0 === i } } ?? stops.firstIndex { $0.canTakeFocus }
    }

    /// `stops` in Tab order; the focus starts on the first stop that can take it.
    public convenience init(_ stops: [any FocusStop] = []) { self.init(stops, initial: nil) }

    /// The stop with the focus: the one last focused, or the first that can take the focus.
    public var focused: (any FocusStop)? {
        if let current, stops[current].canTakeFocus { return stops[current] }
        return stops.first { $0.canTakeFocus }
    }

    /// The focus comes into the chain from outside: onto the first stop (`forward`) or the last
    /// one that can take it, with its ring. False when none can.
    @discardableResult
    public func enter(forward: Bool, now: Double) -> Bool {
        guard let i = forward ? stops.firstIndex(where: { $0.canTakeFocus }) : stops.lastIndex(where: { $0.canTakeFocus }) else { return false }
        move(to: i, ring: true, now: now)
        return true
    }

    /// The focus leaves the chain for an outer one: the stop keeps its place but shows no ring.
    public func leave(now: Double) {
        guard modalStack.isEmpty else { return }
        showsRing = false
        leftOut = true
        tell(now: now)
    }

    /// The focus comes back into the chain from outside without the keyboard (a press in the
    /// area the chain serves): the stop that had it has it again, with no ring.
    public func resume(now: Double) {
        guard leftOut else { return }
        leftOut = false
        showsRing = false
        tell(now: now)
    }

    /// True after ``leave(now:)`` until the focus comes back: the chain's stops have no focus.
    public private(set) var leftOut = false

    /// What the chain was before each modal part that is open now, innermost last.
    private var modalStack: [(stops: [any FocusStop], current: Int?, showsRing: Bool, wraps: Bool, leftOut: Bool)] = []

    /// True while a modal part holds the focus (see ``beginModal(_:showingRing:now:)``).
    public var isModal: Bool { !modalStack.isEmpty }

    /// A modal part (a dialog, a sheet) opens: the focus moves onto its first stop that can take
    /// it, Tab and Shift+Tab stay among `stops` (wrapping), and where the focus was is kept for
    /// ``endModal(now:)``. The ring shows when `showingRing` (the keyboard opened it) or when it
    /// showed already. Modal parts nest.
    public func beginModal(_ stops: [any FocusStop], showingRing: Bool = false, now: Double) {
        let ring = showingRing || isRingVisible
        let previous = leftOut ? nil : focused
        modalStack.append((self.stops, current, showsRing, wraps, leftOut))
        previous?.focusChanged(isFocused: false, showsRing: false, now: now)
        self.stops = stops
        wraps = true
        leftOut = false
        current = nil
        move(to: stops.firstIndex { $0.canTakeFocus }, ring: ring, now: now)
    }

    /// The innermost modal part closed: the focus goes back to the stop that had it when the part
    /// opened, with the ring as it was then.
    public func endModal(now: Double) {
        guard let saved = modalStack.popLast() else { return }
        claimingStop = nil
        focused?.focusChanged(isFocused: false, showsRing: false, now: now)
        stops = saved.stops
        current = saved.current
        showsRing = saved.showsRing
        wraps = saved.wraps
        leftOut = saved.leftOut
        if !leftOut { focused?.focusChanged(isFocused: true, showsRing: showsRing, now: now) }
    }

    /// Replaces the stops, keeping the focus on the same stop when it is still listed.
    public func setStops(_ newStops: [any FocusStop], now: Double) {
        // While a modal part is open, the replacement is for the chain beneath it.
        if !modalStack.isEmpty {
            let kept = modalStack[0].current.flatMap { i in i < modalStack[0].stops.count ? modalStack[0].stops[i] : nil }
                .flatMap { f in newStops.firstIndex { $0 === f } }
            modalStack[0].stops = newStops
            modalStack[0].current = kept ?? newStops.firstIndex { $0.canTakeFocus }
            return
        }
        let kept = focused.flatMap { f in newStops.firstIndex { $0 === f } }
        claimingStop = nil
        stops = newStops
        current = kept ?? newStops.firstIndex { $0.canTakeFocus }
        tell(now: now)
    }

    /// Puts the focus on `stop` (which must be listed), with or without the ring.
    public func focus(_ stop: any FocusStop, showingRing: Bool, now: Double) {
        guard let i = stops.firstIndex(where: { $0 === stop }) else { return }
        move(to: i, ring: showingRing, now: now)
    }

    /// Moves the focus `forward` (Tab) or back (Shift+Tab) to the next stop that can take it,
    /// wrapping around. Returns false when no stop can.
    @discardableResult
    public func advance(forward: Bool, now: Double) -> Bool {
        let n = stops.count
        guard n > 0 else { return false }
        let start = current ?? (forward ? n - 1 : 0)
        for step in 1...n {
            let raw = start + (forward ? step : -step)
            if !wraps, raw < 0 || raw >= n { return false }
            let i = (raw % n + n) % n
            if stops[i].canTakeFocus { move(to: i, ring: true, now: now); return true }
        }
        return false
    }

    /// A press at `p` (the ``Composition`` reports every one): the ring hides, and the focus
    /// follows the pointer to the stop under it, quietly.
    public func pointerPressed(at p: Point, now: Double) {
        let under = stops.firstIndex { $0.canTakeFocus && $0.contains(p) }
        move(to: under ?? current ?? focused.flatMap { f in stops.firstIndex { $0 === f } }, ring: false, now: now)
    }

    /// Follows a stop that moved the focus by its own means while its keys did not come through
    /// the chain (a drag in flight captures them: a keyboard drag's Right hops to the next
    /// collection and drops there): the stop that had the focus claimed it and no longer does, so
    /// the one that claims it now has it, and the next Tab starts from there.
    public func update(now: Double) {
        guard !leftOut, let i = current, stops.indices.contains(i) else { claimingStop = nil; return }
        if claimingStop == i, !stops[i].claimsFocus,
           let claimed = stops.firstIndex(where: { $0.claimsFocus }), claimed != i, stops[claimed].canTakeFocus {
            current = claimed
        }
        let now = current ?? i
        claimingStop = stops[now].claimsFocus ? now : nil
    }

    /// False until the stops were first told who has the focus: the stop a chain starts on learns
    /// it before the first key reaches it (a button that starts with the focus takes Enter).
    private var told = false

    /// The stop that had the focus and claimed it when last looked at (see ``update(now:)``).
    private var claimingStop: Int?

    /// The chain hears keys and text, not the pointer: a move changes nothing of it.
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool { true }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if !told, !leftOut {
            switch event { case .key, .text, .composition: tell(now: now); default: break }
        }
        guard case let .key(key, mods) = event else {
            // Typed text and an input method's composition go to the stop with the focus.
            switch event {
            case .text, .composition: return leftOut ? .ignored : focused?.handle(event, now: now) ?? .ignored
            default: return .ignored
            }
        }
        if leftOut { return .ignored }
        let stop = focused
        if let stop { current = stops.firstIndex { $0 === stop } }
        if key == .tab, mods.isSubset(of: .shift) {
            // A stop with places of its own (a day's event chips) walks them first, as GTK's
            // containers do; past them the chain moves on.
            if let stop, stop.handle(event, now: now).isHandled {
                if !showsRing { showsRing = true; tell(now: now) }
                return .handled
            }
            return advance(forward: !mods.contains(.shift), now: now) ? .handled : .ignored
        }
        guard let stop else { return .ignored }
        // Only a stop that had the focus by its own means, and moved it with this key, hands it
        // on: a key a stop ignores (a bare Shift or Ctrl, the start of every Shift+Tab and Ctrl+N)
        // never moves the focus, and a stop that has the focus now keeps it.
        let claimedBefore = stop.claimsFocus
        let result = stop.handle(event, now: now)
        if result.isHandled, claimedBefore, !stop.claimsFocus,
           let claimed = stops.firstIndex(where: { $0 !== stop && $0.claimsFocus }), claimed != current {
            current = claimed
        }
        return result
    }

    public func dumpEntries() -> [(String, JSON)] {
        [("keyboardFocus", .object([("stop", leftOut ? .null : focused.map { .string($0.focusName) } ?? .null), ("ring", .bool(isRingVisible)),
                                    ("modal", .bool(isModal))]))]
    }

    private func move(to index: Int?, ring: Bool, now: Double) {
        claimingStop = nil
        let previous = leftOut ? nil : focused
        leftOut = false
        current = index
        showsRing = ring && index != nil
        if let previous, previous !== focused { previous.focusChanged(isFocused: false, showsRing: false, now: now) }
        focused?.focusChanged(isFocused: true, showsRing: showsRing, now: now)
    }

    private func tell(now: Double) {
        told = true
        let f = leftOut ? nil : focused
        for stop in stops where stop !== f { stop.focusChanged(isFocused: false, showsRing: false, now: now) }
        f?.focusChanged(isFocused: true, showsRing: showsRing, now: now)
    }
}
