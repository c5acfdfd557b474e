/// A short message at the bottom of an area, with an optional action ("Undo") and a close button:
/// what an app shows after a destructive action, so the user can take it back.
///
/// - It stays until its timeout passes (a deadline given through ``nextDeadline(after:)``: the
///   clock is never read), its close button or Escape (while one of its buttons has the focus)
///   close it, or the next ``show(_:action:duration:now:onAction:)`` replaces it. A click elsewhere
///   leaves it be. While one of its buttons has the focus the timeout waits, and starts again
///   from the whole duration once the focus leaves (a keyboard user reaching Undo never sees it
///   go under them; WCAG 2.2.1).
/// - Its buttons are focus stops while it shows: list ``focusStops`` in the root's chain (they
///   cannot take the focus while it is hidden). Activating the action closes it, then runs the
///   action.
/// - It draws at the ``DrawLayer/overlay`` layer, and a screen reader reads its message out when it
///   appears (a notification node with the message and its buttons: see ``accessibilityNodes()``).
///
/// ```swift
/// let toast = Toast(measurer: measurer)
/// let focus = FocusChain([grid] + toast.focusStops)
/// toast.focusChain = focus       // where the focus goes back when it closes under the focus
/// let root = Composition([toast, focus, grid], focus: focus)
/// toast.setFrame(Rect(origin: .zero, size: windowSize))
/// toast.show(words("Photo deleted"), action: words("Undo"), now: now) { _ in history.undo() }
/// ```
///
/// Every call is O(1) but showing and laying out, which measure the message once.
public final class Toast: Component {
    /// Why a toast closed.
    public enum DismissReason: String, Sendable {
        /// Its close button.
        case closed
        /// Its action ran.
        case action
        /// Escape while one of its buttons had the focus.
        case escape
        /// Its timeout passed.
        case timeout
        /// The next message replaced it.
        case replaced
        /// The app closed it (``dismiss(now:)``).
        case dismissed
    }

    /// Its name in dumps.
    public let name: String
    /// The message shown, or nil while hidden.
    public private(set) var message: String?
    /// The action's button (hidden while there is no action) and the close button.
    public let actionButton: Button
    public let closeButton: Button
    public var style: ToastStyle { didSet { layOut() } }
    /// How long a message stays by default, in seconds.
    public var duration: Double
    /// Right to left puts the buttons at the box's left and the message at its right.
    public var layoutDirection = LayoutDirection.leftToRight { didSet { layOut() } }
    /// The chain its buttons are listed in: when it closes while one of them has the focus, the
    /// focus goes to the stop before them (with the ring as it showed). Without it the buttons
    /// only lose the focus, and the chain falls back to its first stop.
    public weak var focusChain: FocusChain?
    /// Called once it closed, with why.
    public var onDismiss: ((DismissReason, Double) -> Void)?
    /// When it closes by itself; nil while hidden or while one of its buttons has the focus.
    public private(set) var deadline: Double?
    /// The area it sits at the bottom of, and its box.
    public private(set) var area = Rect.zero
    public private(set) var box = Rect.zero

    private let measurer: any TextMeasuring
    private var shownDuration: Double
    private var onAction: ((Double) -> Void)?
    private var messageRect = Rect.zero
    private var pressed: Button?

    /// `buttonNames` name its action and close buttons (focus stops in dumps); by default
    /// `NAME.action` and `NAME.close`.
    public init(name: String = "toast", measurer: any TextMeasuring, duration: Double = 6, style: ToastStyle = ToastStyle(),
                strings: WidgetStrings = WidgetStrings(), buttonNames: (action: String, close: String)? = nil) {
        self.name = name; self.measurer = measurer; self.duration = duration; self.shownDuration = duration; self.style = style
        actionButton = Button(name: buttonNames?.action ?? name + ".action", title: "")
        closeButton = Button(name: buttonNames?.close ?? name + ".close", title: "", symbol: "×")
        closeButton.accessibleName = strings.close
        actionButton.setFrame(.zero); closeButton.setFrame(.zero)
        actionButton.willActivate = { [weak self] now in
            guard let self else { return }
            let action = self.onAction
            self.close(.action, now: now)
            action?(now)
        }
        closeButton.willActivate = { [weak self] now in self?.close(.closed, now: now) }
        for b in [actionButton, closeButton] {
            b.unhandledKey = { [weak self] key, mods, now in
                guard let self, key == .escape, mods.isEmpty, self.isShowing else { return false }
                self.close(.escape, now: now)
                return true
            }
            b.focusHook = { [weak self] _, now in self?.focusMoved(now: now) }
        }
    }

    /// True while a message shows.
    public var isShowing: Bool { message != nil }

    /// Its buttons as focus stops (the action, then close): they take the focus only while it shows.
    public var focusStops: [any FocusStop] { [actionButton, closeButton] }

    /// Shows `message` for `duration` seconds (its own ``duration`` when nil), replacing what it
    /// showed; with `action`, a button of that title that closes it and runs `onAction`.
    public func show(_ message: String, action: String? = nil, duration: Double? = nil, now: Double,
                     onAction: ((Double) -> Void)? = nil) {
        if isShowing { close(.replaced, now: now) }
        self.message = message
        self.onAction = action == nil ? nil : onAction
        actionButton.title = action ?? ""
        shownDuration = duration ?? self.duration
        deadline = now + shownDuration
        layOut()
    }

    /// Closes it as the app decides (a view it spoke of is gone).
    public func dismiss(now: Double) { close(.dismissed, now: now) }

    private func close(_ reason: DismissReason, now: Double) {
        guard isShowing else { return }
        let focusedButton: Button? = actionButton.isFocused ? actionButton : closeButton.isFocused ? closeButton : nil
        message = nil
        onAction = nil
        deadline = nil
        pressed = nil
        layOut()
        if let focusedButton { handFocusOn(from: focusedButton, now: now) }
        onDismiss?(reason, now)
    }

    /// Its buttons cannot keep the focus once it is hidden: it goes to the chain's stop before
    /// them that can take it (the buttons are told they lost it either way).
    private func handFocusOn(from button: Button, now: Double) {
        for b in [actionButton, closeButton] where b.isFocused { b.focusChanged(isFocused: false, showsRing: false, now: now) }
        guard let chain = focusChain, let i = chain.stops.firstIndex(where: { $0 === button }) else { return }
        let n = chain.stops.count
        let ring = chain.showsRing
        for step in 1..<max(n, 1) {
            let stop = chain.stops[((i - step) % n + n) % n]
            if stop.canTakeFocus { chain.focus(stop, showingRing: ring, now: now); return }
        }
    }

    /// The timeout waits while one of its buttons has the focus, and starts again when it leaves.
    private func focusMoved(now: Double) {
        guard isShowing else { return }
        deadline = hasFocus ? nil : now + shownDuration
    }

    /// True while one of its buttons has the focus.
    public var hasFocus: Bool { actionButton.isFocused || closeButton.isFocused }

    /// The area it shows at the bottom of (usually the window).
    public func setFrame(_ area: Rect) {
        self.area = area
        layOut()
    }

    private func layOut() {
        guard let message else {
            box = .zero; messageRect = .zero
            actionButton.setFrame(.zero); closeButton.setFrame(.zero)
            return
        }
        let s = style
        let hasAction = !actionButton.title.isEmpty
        let actionSize = hasAction ? actionButton.preferredSize(measurer: measurer) : .zero
        // The close button is square: its symbol needs no more room.
        let closeHeight = closeButton.preferredSize(measurer: measurer).height
        let closeSize = Size(width: closeHeight, height: closeHeight)
        let buttonsWidth = (hasAction ? actionSize.width + s.spacing : 0) + closeSize.width
        let maxWidth = min(s.maximumWidth, max(0, area.width - 2 * s.margin))
        let textRoom = max(40, maxWidth - 2 * s.padding - s.spacing - buttonsWidth)
        let paragraph = measurer.lines(of: message, style: ParagraphStyle(text: s.text), width: textRoom)
        let textWidth = min(textRoom, paragraph.width.rounded(.up) + 2)
        let height = max(paragraph.height, actionSize.height, closeSize.height) + 2 * s.padding
        let width = min(maxWidth, textWidth + s.spacing + buttonsWidth + 2 * s.padding)
        box = Rect(x: (area.midX - width / 2).rounded(), y: area.maxY - s.margin - height, width: width, height: height)
        let rtl = layoutDirection.isRightToLeft
        // Laid out left to right, then mirrored in the box for right to left.
        func place(_ r: Rect) -> Rect { rtl ? Rect(x: box.minX + box.maxX - r.maxX, y: r.minY, width: r.width, height: r.height) : r }
        messageRect = place(Rect(x: box.minX + s.padding, y: box.midY - paragraph.height / 2, width: textWidth, height: paragraph.height))
        // The buttons at the trailing end: close last.
        var x = box.maxX - s.padding - closeSize.width
        closeButton.setFrame(place(Rect(x: x, y: box.midY - closeSize.height / 2, width: closeSize.width, height: closeSize.height)))
        if hasAction {
            x -= s.spacing + actionSize.width
            actionButton.setFrame(place(Rect(x: x, y: box.midY - actionSize.height / 2, width: actionSize.width, height: actionSize.height)))
        } else {
            actionButton.setFrame(.zero)
        }
        actionButton.layoutDirection = layoutDirection
    }

    // MARK: Component

    public var drawLayer: DrawLayer { .overlay }
    public func contains(_ p: Point) -> Bool { isShowing && box.contains(p) }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard isShowing else { return .ignored }
        let buttons = [actionButton, closeButton]
        switch event {
        case let .pointerDown(p, _, _):
            guard box.contains(p) else { return .ignored }
            pressed = buttons.first { $0.handle(event, now: now).isHandled }
            // A press on the box itself is taken too: nothing under the toast hears it.
            return .handled
        case .pointerUp:
            guard let b = pressed else { return .ignored }
            pressed = nil
            return b.handle(event, now: now)
        case .pointerMove, .pointerExited, .focus:
            var result = EventDisposition.ignored
            for b in buttons where b.handle(event, now: now).isHandled { result = .handled }
            return result
        default:
            // Keys reach its buttons through the focus chain.
            return .ignored
        }
    }

    public func update(now: Double) {
        if let deadline, now >= deadline { close(.timeout, now: now) }
    }

    public func nextDeadline(after now: Double) -> Double? { deadline }

    public func cancelGestures(now: Double) {
        pressed = nil
        actionButton.cancelGestures(now: now); closeButton.cancelGestures(now: now)
    }

    /// Measures its message and buttons again (text set at another size).
    public func invalidateMeasurements() { layOut() }

    public func dumpEntries() -> [(String, JSON)] {
        guard let message else { return [] }
        return [(name, .object([("message", .string(message)), ("action", actionButton.title.isEmpty ? .null : .string(actionButton.title)),
                                ("deadline", deadline.map { .number($0) } ?? .null), ("focused", .bool(hasFocus))]))]
    }

    public func draw(into list: inout DrawList) {
        guard let message else { return }
        let s = style.following(Appearance.colorScheme)
        list.shadow(box.offsetBy(dx: 0, dy: 4), s.shadow, radius: s.cornerRadius, blur: 14)
        list.fill(box, s.background, radius: s.cornerRadius)
        list.stroke(box.insetBy(dx: 0.5, dy: 0.5), s.border, width: 1, radius: s.cornerRadius)
        list.append(.paragraph(ParagraphRun(message, in: messageRect, style: ParagraphStyle(text: s.text, alignment: .natural), color: s.textColor)))
        actionButton.draw(into: &list)
        closeButton.draw(into: &list)
    }
}
