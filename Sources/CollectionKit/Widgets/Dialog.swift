/// A part a ``Dialog`` shows under its text: a field, a list, a preview. It is told how wide it
/// may be and answers how tall it wants to be; the dialog places it.
public protocol DialogContent: Component {
    /// The height it wants at `width` points wide.
    func preferredHeight(forWidth width: Double) -> Double
    /// Where it is drawn now (it moves when the dialog's text scrolls).
    func setFrame(_ frame: Rect)
}

/// A modal dialog: a titled box with body text, an optional part of the app's own
/// (``DialogContent``) and a row of ``Button``s, centred over a dimmed area. While it is presented
/// it is the only thing that hears the user:
/// - it takes the focus (``FocusChain/beginModal(_:showingRing:now:)``) with its buttons, Tab and
///   Shift+Tab cycle among them, Enter and Space act on the focused one, and when it closes the
///   focus goes back where it was;
/// - its ``inputRole`` is ``InputRole/capture``: every event comes to it first and goes no further,
///   so a press outside it is swallowed (or closes it, with ``dismissesOnOutsidePress``);
/// - Escape closes it, as does any of its buttons (before the button's own action runs, so an
///   action may open another dialog), unless ``dismissesOnButton`` is false.
///
/// It draws at the ``DrawLayer/modal`` layer: the scrim over the whole area it is given
/// (``setFrame(_:)``), and a box sized from its text, wrapped to the box's width, which grows with
/// the text scale; text taller than the area scrolls (the wheel, Up and Down, Page Up and Page
/// Down), the buttons stay in sight.
///
/// ```swift
/// let cancel = Button(name: "cancel", title: words("Cancel"))
/// let delete = Button(name: "delete", title: words("Delete"), kind: .destructive) { _ in trash(selection) }
/// let dialog = Dialog(name: "confirm-delete", title: words("Delete 3 photos?"),
///                     message: words("They go to the trash."), buttons: [cancel, delete], measurer: measurer)
/// let root = Composition([dialog, focus, grid], focus: focus)   // listed first: it captures while shown
/// dialog.setFrame(Rect(origin: .zero, size: windowSize))
/// dialog.present(in: focus, showingRing: true, now: now)          // Delete pressed from the keyboard
/// ```
///
/// Laying out measures the title and the body once (O(text)); input and drawing are O(buttons).
public final class Dialog: Component {
    /// Its name in dumps.
    public let name: String
    public var title: String { didSet { layOut() } }
    /// The body text, wrapped to the box.
    public var message: String { didSet { layOut() } }
    /// Its buttons, at the bottom, packed at the trailing end.
    public let buttonRow: ButtonRow
    /// The app's own part under the text, if any.
    public var content: (any DialogContent)? { didSet { layOut() } }
    public var style: DialogStyle { didSet { layOut() } }
    /// A press outside the box closes it (false: the press is only swallowed).
    public var dismissesOnOutsidePress = false
    /// Any of its buttons closes it before the button's action runs (true, the default).
    public var dismissesOnButton = true
    /// Right to left mirrors its row of buttons (packed at the left, the first at the right); its
    /// text aligns by its own direction either way.
    public var layoutDirection: LayoutDirection {
        get { buttonRow.layoutDirection }
        set { buttonRow.layoutDirection = newValue }
    }
    /// Called once it closed (Escape, a button, a press outside, ``dismiss(now:)``).
    public var onDismiss: ((Double) -> Void)?
    /// True between ``present(in:showingRing:now:)`` and ``dismiss(now:)``.
    public private(set) var isPresented = false
    /// The area it dims, and its box in it.
    public private(set) var area = Rect.zero
    public private(set) var box = Rect.zero
    /// How far its text is scrolled, and the most it can be (0 when it fits).
    public private(set) var scrollOffset = 0.0
    public private(set) var maximumScrollOffset = 0.0
    /// Where the text scrolls: the box's inside above the buttons.
    public private(set) var textViewport = Rect.zero

    private let measurer: any TextMeasuring
    private weak var chain: FocusChain?
    private var titleHeight = 0.0, bodyHeight = 0.0, contentHeight = 0.0
    /// The part a press inside the box went to (a button row or the content).
    private var pressed: (any Component)?

    public init(name: String = "dialog", title: String, message: String, buttons: [Button], content: (any DialogContent)? = nil,
                measurer: any TextMeasuring, style: DialogStyle = DialogStyle()) {
        self.name = name; self.title = title; self.message = message; self.content = content
        self.measurer = measurer; self.style = style
        buttonRow = ButtonRow(buttons, measurer: measurer, alignment: .trailing)
        for b in buttons { watch(b) }
    }

    /// The buttons, in reading order.
    public var buttons: [Button] { buttonRow.buttons }

    /// Replaces the buttons.
    public func setButtons(_ buttons: [Button]) {
        buttonRow.setButtons(buttons)
        for b in buttons { watch(b) }
        layOut()
    }

    private func watch(_ b: Button) {
        b.willActivate = { [weak self] now in
            guard let self, self.isPresented, self.dismissesOnButton else { return }
            self.dismiss(now: now)
        }
    }

    /// The stops it gives its chain while presented: its content's, if the content is a stop,
    /// then its buttons.
    public var focusStops: [any FocusStop] {
        ((content as? any FocusStop).map { [$0] } ?? []) + buttonRow.focusStops
    }

    /// The area it dims and centres its box in (usually the whole window).
    public func setFrame(_ area: Rect) {
        self.area = area
        layOut()
    }

    /// Opens it: it takes `chain`'s focus with its buttons (the first that can take it), with the
    /// ring when `showingRing` (opened from the keyboard) or when the ring showed already.
    public func present(in chain: FocusChain, showingRing: Bool = false, now: Double) {
        guard !isPresented else { return }
        isPresented = true
        self.chain = chain
        scrollOffset = 0
        layOut()
        chain.beginModal(focusStops, showingRing: showingRing, now: now)
    }

    /// Closes it: the focus goes back where it was when it opened.
    public func dismiss(now: Double) {
        guard isPresented else { return }
        isPresented = false
        pressed = nil
        buttonRow.cancelGestures(now: now)
        chain?.endModal(now: now)
        chain = nil
        onDismiss?(now)
    }

    // MARK: Layout

    private func layOut() {
        let s = style
        let rowSize = buttonRow.preferredSize()
        let roomWidth = max(0, area.width - 2 * s.margin)
        // As wide as its longest line would be unwrapped, within its widest (which grows with
        // the text scale, so large text wraps at the same words), and never narrower than its buttons.
        let widest = s.maximumWidth * Appearance.textScale
        let natural = max(measurer.width(of: title, style: s.title), measurer.width(of: message, style: s.body),
                          s.minimumWidth * Appearance.textScale - 2 * s.padding)
        let width = min(max(min(natural + 2 * s.padding, widest), rowSize.width + 2 * s.padding), roomWidth).rounded(.up)
        let inner = max(0, width - 2 * s.padding)
        titleHeight = title.isEmpty ? 0 : measurer.lines(of: title, style: ParagraphStyle(text: s.title), width: inner).height
        bodyHeight = message.isEmpty ? 0 : measurer.lines(of: message, style: ParagraphStyle(text: s.body), width: inner).height
        contentHeight = content?.preferredHeight(forWidth: inner) ?? 0
        let blocks = [titleHeight, bodyHeight, contentHeight].filter { $0 > 0 }
        let textHeight = blocks.reduce(0, +) + s.spacing * Double(max(0, blocks.count - 1))
        let whole = s.padding * 2 + textHeight + (textHeight > 0 ? s.spacing : 0) + rowSize.height
        let height = min(whole, max(0, area.height - 2 * s.margin))
        box = Rect(x: (area.midX - width / 2).rounded(), y: (area.midY - height / 2).rounded(), width: width, height: height)
        let viewportHeight = max(0, height - s.padding * 2 - rowSize.height - (textHeight > 0 ? s.spacing : 0))
        textViewport = Rect(x: box.minX + s.padding, y: box.minY + s.padding, width: inner, height: viewportHeight)
        maximumScrollOffset = max(0, textHeight - viewportHeight)
        scrollOffset = min(max(0, scrollOffset), maximumScrollOffset)
        buttonRow.setFrame(Rect(x: box.minX + s.padding, y: box.maxY - s.padding - rowSize.height, width: inner, height: rowSize.height))
        if let content { content.setFrame(Rect(x: textViewport.minX, y: contentTop, width: inner, height: contentHeight)) }
    }

    private var bodyTop: Double { textViewport.minY - scrollOffset + (titleHeight > 0 ? titleHeight + style.spacing : 0) }
    private var contentTop: Double { bodyTop + (bodyHeight > 0 ? bodyHeight + style.spacing : 0) }

    /// Scrolls the text by `dy` points (positive: further down), within its range.
    public func scroll(by dy: Double) {
        let clamped = min(max(0, scrollOffset + dy), maximumScrollOffset)
        guard clamped != scrollOffset else { return }
        scrollOffset = clamped
        content?.setFrame(Rect(x: textViewport.minX, y: contentTop, width: textViewport.width, height: contentHeight))
    }

    // MARK: Component

    public var inputRole: InputRole { isPresented ? .capture : .normal }
    public var drawLayer: DrawLayer { .modal }
    public func contains(_ p: Point) -> Bool { isPresented }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard isPresented else { return .ignored }
        switch event {
        case let .pointerDown(p, _, _), let .pointerMove(p, _), let .pointerUp(p, _, _): pointerSeen = p
        default: break
        }
        switch event {
        case let .pointerDown(p, _, _):
            chain?.pointerPressed(at: p, now: now)
            guard box.contains(p) else {
                if dismissesOnOutsidePress { dismiss(now: now) }
                return .handled
            }
            if buttonRow.handle(event, now: now).isHandled { pressed = buttonRow }
            else if let content, textViewport.contains(p), content.contains(p), content.handle(event, now: now).isHandled { pressed = content }
            return .handled
        case .pointerMove, .pointerExited:
            _ = buttonRow.handle(event, now: now)
            if let pressed, pressed !== buttonRow { _ = pressed.handle(event, now: now) }
            else if let content { _ = content.handle(event, now: now) }
            return .handled
        case .pointerUp:
            if let part = pressed { pressed = nil; _ = part.handle(event, now: now) }
            return .handled
        case let .wheel(_, dy):
            if let content, let p = pointerSeen, content.contains(p), content.handle(event, now: now).isHandled { return .handled }
            scroll(by: -dy * 40)
            return .handled
        case let .key(key, mods):
            if key == .escape, mods.isEmpty { dismiss(now: now); return .handled }
            if let chain, chain.handle(event, now: now).isHandled { return .handled }
            // Keys the focused button leaves scroll the text.
            if mods.isEmpty {
                switch key {
                case .down: scroll(by: 40)
                case .up: scroll(by: -40)
                case .pageDown: scroll(by: textViewport.height * 0.9)
                case .pageUp: scroll(by: -textViewport.height * 0.9)
                default: break
                }
            }
            return .handled
        case .text, .composition:
            _ = chain?.handle(event, now: now)
            return .handled
        default:
            // Window focus, resizes and drops behind it are not the dialog's to take.
            _ = buttonRow.handle(event, now: now)
            return .ignored
        }
    }

    /// Where the pointer last was, for the wheel.
    private var pointerSeen: Point?

    public func update(now: Double) { if isPresented { content?.update(now: now) } }
    public func nextDeadline(after now: Double) -> Double? { isPresented ? content?.nextDeadline(after: now) : nil }

    /// An arrow over it: nothing behind names a cursor while it is open.
    public func cursor(at p: Point) -> Cursor? {
        guard isPresented else { return nil }
        return content.flatMap { $0.contains(p) ? $0.cursor(at: p) : nil } ?? .arrow
    }

    public func cancelGestures(now: Double) {
        pressed = nil
        buttonRow.cancelGestures(now: now)
        content?.cancelGestures(now: now)
    }

    public var isEditingText: Bool { isPresented && (content?.isEditingText ?? false) }

    /// Measures its text and buttons again (text set at another size).
    public func invalidateMeasurements() {
        content?.invalidateMeasurements()
        buttonRow.invalidateMeasurements()
        layOut()
    }

    public func dumpEntries() -> [(String, JSON)] {
        guard isPresented else { return [] }
        return [("dialog", .object([("name", .string(name)), ("title", .string(title)),
                                    ("buttons", .array(buttons.map { $0.dumpState() })),
                                    ("scroll", .number(scrollOffset)), ("maxScroll", .number(maximumScrollOffset))]))]
    }

    // MARK: Drawing

    public func draw(into list: inout DrawList) {
        guard isPresented else { return }
        let s = style.following(Appearance.colorScheme)
        list.fill(area, s.scrim)
        list.shadow(box.offsetBy(dx: 0, dy: 6), s.shadow, radius: s.cornerRadius, blur: 18)
        list.fill(box, s.background, radius: s.cornerRadius)
        list.stroke(box.insetBy(dx: 0.5, dy: 0.5), s.border, width: 1, radius: s.cornerRadius)
        list.clipped(to: textViewport) { list in
            let top = textViewport.minY - scrollOffset
            if titleHeight > 0 {
                list.append(.paragraph(ParagraphRun(title, in: Rect(x: textViewport.minX, y: top, width: textViewport.width, height: titleHeight),
                                                    style: ParagraphStyle(text: s.title, alignment: .natural), color: s.titleColor)))
            }
            if bodyHeight > 0 {
                list.append(.paragraph(ParagraphRun(message, in: Rect(x: textViewport.minX, y: bodyTop, width: textViewport.width, height: bodyHeight),
                                                    style: ParagraphStyle(text: s.body, alignment: .natural), color: s.bodyColor)))
            }
            content?.draw(into: &list)
        }
        if maximumScrollOffset > 0, textViewport.height > 0 {
            let whole = textViewport.height + maximumScrollOffset
            let h = max(24, textViewport.height * textViewport.height / whole)
            let y = textViewport.minY + (textViewport.height - h) * scrollOffset / maximumScrollOffset
            list.fill(Rect(x: box.maxX - s.padding / 2 - 2, y: y, width: 4, height: h), s.scrollIndicator, radius: 2)
        }
        buttonRow.draw(into: &list)
    }
}
