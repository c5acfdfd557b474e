/// A push button: a part of a ``Composition`` and a stop of a ``FocusChain``. It shows a title
/// (and an optional symbol before it) in the engine's ``ButtonStyle``, looks hovered under the
/// pointer and pressed while held, and shows the focus ring only while the chain shows one.
///
/// It acts as desktop buttons do (GTK's, the ARIA button pattern):
/// - a press on it holds the pointer; letting go over it activates, letting go elsewhere cancels
///   (dragging back over it before letting go still activates);
/// - Enter or Space activate it while it has the focus;
/// - a disabled button (``isEnabled`` false) is not a Tab stop and takes no input.
///
/// The owner sets its frame (``setFrame(_:)``), sized from ``preferredSize(measurer:)``, which
/// grows with the title at the current text scale. Every word comes from the app.
///
/// ```swift
/// let save = Button(name: "save", title: words("Save"), kind: .suggested)
/// save.onActivate = { now in document.save() }
/// save.setFrame(Rect(origin: Point(x: 16, y: 12), size: save.preferredSize(measurer: measurer)))
/// let focus = FocusChain([save, grid])
/// let root = Composition([save, grid], focus: focus)
/// ```
///
/// Every call is O(1) but ``preferredSize(measurer:)``, which measures the title once.
public final class Button: Component, FocusStop {
    /// What a button does, which picks its colours.
    public enum Kind: String, Sendable {
        /// An everyday button.
        case normal
        /// The action expected of a dialog or a form (GTK's `suggested-action`).
        case suggested
        /// An action that deletes or cannot be taken back (GTK's `destructive-action`).
        case destructive
    }

    /// Its name in the state dump and the focus chain's dump.
    public let name: String
    /// The words on it.
    public var title: String
    /// A short glyph drawn before the title ("+", "×"), or nil.
    public var symbol: String?
    /// What a screen reader calls it; nil uses the title (set it for a button that shows only a symbol).
    public var accessibleName: String?
    public var kind: Kind
    public var style: ButtonStyle
    /// False greys it out: it takes no input and Tab passes it by.
    public var isEnabled = true {
        didSet { if !isEnabled { pressing = false; pressedInside = false } }
    }
    /// On, for a toggle button: the chosen one of a view switcher's buttons (Grid, List). It is
    /// drawn in the suggested colours and bold, and screen readers hear it as selected. Activating
    /// it does not flip it: the owner sets it from what it shows.
    public var isChecked = false
    /// False: the owner draws the button as part of its own artwork (a card's Open button, drawn
    /// in the card's colours and scaled with it), reading ``isHovered``, ``isPressed`` and
    /// ``showsFocusRing``; the button still takes the input, the focus and the accessibility.
    /// True (the default): it draws itself in its style.
    public var drawsItself = true
    /// Right to left puts the symbol after the title (at its right).
    public var layoutDirection = LayoutDirection.leftToRight
    /// Called when it is activated (a click, Enter or Space, an assistive technology's "click").
    public var onActivate: ((Double) -> Void)?
    /// Where it is, in window points.
    public private(set) var frame = Rect.zero
    /// True while the pointer is over it.
    public private(set) var isHovered = false
    /// True while a press on it is held and the pointer is over it: it looks pressed.
    public var isPressed: Bool { pressing && pressedInside }
    /// True from a press on it until the release, wherever the pointer is (a button that holds the
    /// pointer may still look lit while the pointer is off it).
    public var isHeld: Bool { pressing }
    /// True while it has the focus of its chain.
    public private(set) var isFocused = false
    /// True while its focus ring shows (it has the focus and the chain shows the ring).
    public private(set) var showsFocusRing = false
    /// How many times it was activated: for tests and dumps.
    public private(set) var activationCount = 0

    private var pressing = false
    /// The symbol's and the title's widths as last measured, to draw them side by side.
    private var measured: (symbol: Double, title: Double)?
    private var pressedInside = false
    /// The widget that owns the button runs first on activation (a dialog closes before its
    /// button's action runs, so an action may open another dialog).
    var willActivate: ((Double) -> Void)?
    /// Keys the button does not take, offered to its owner (a toast's Escape).
    var unhandledKey: ((Key, Modifiers, Double) -> Bool)?
    /// The owner hears the focus come and go (a toast waits while its button has the focus).
    var focusHook: ((Bool, Double) -> Void)?

    public init(name: String, title: String, symbol: String? = nil, kind: Kind = .normal, style: ButtonStyle = ButtonStyle(),
                onActivate: ((Double) -> Void)? = nil) {
        self.name = name; self.title = title; self.symbol = symbol; self.kind = kind; self.style = style
        self.onActivate = onActivate
    }

    /// Places it; a zero-sized frame hides it (and takes it out of the Tab order).
    public func setFrame(_ frame: Rect) {
        self.frame = frame
    }

    /// The size it asks for: its title and symbol measured in its style's font (a backend's
    /// measurer measures at the current ``Appearance/textScale``, so it grows with the text), plus
    /// padding, and never less than the style's minimum. O(title length).
    public func preferredSize(measurer: some TextMeasuring) -> Size {
        let font = self.font
        let tw = title.isEmpty ? 0 : measurer.width(of: title, style: font)
        var w = tw
        if let symbol, !symbol.isEmpty {
            let sw = measurer.width(of: symbol, style: font)
            w += sw + (title.isEmpty ? 0 : style.symbolSpacing)
            measured = (sw, tw)
        }
        let h = measurer.lineHeight(style: font) + style.padding.top + style.padding.bottom
        return Size(width: max(style.minimumWidth, (w + style.padding.left + style.padding.right).rounded(.up)),
                    height: max(style.minimumHeight, h.rounded(.up)))
    }

    /// Activates it as a click would: its owner first, then ``onActivate``. Nothing when disabled.
    public func activate(now: Double) {
        guard isEnabled else { return }
        activationCount += 1
        willActivate?(now)
        onActivate?(now)
    }

    // MARK: FocusStop

    public var focusName: String { name }
    public var canTakeFocus: Bool { isEnabled && frame.width > 0 && frame.height > 0 }
    public func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        let changed = isFocused != self.isFocused
        self.isFocused = isFocused
        showsFocusRing = isFocused && showsRing
        if changed { focusHook?(isFocused, now) }
    }

    // MARK: Input

    public func contains(_ p: Point) -> Bool { frame.contains(p) }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, button, _):
            guard isEnabled, button == .left, frame.contains(p) else { return .ignored }
            pressing = true; pressedInside = true
            return .handled
        case let .pointerMove(p, _):
            isHovered = frame.contains(p)
            guard pressing else { return .ignored }
            pressedInside = isHovered
            return .handled
        case let .pointerUp(p, _, _):
            guard pressing else { return .ignored }
            pressing = false
            isHovered = frame.contains(p)
            if isHovered { activate(now: now) }
            return .handled
        case .pointerExited:
            isHovered = false
            pressedInside = false
            return pressing ? .handled : .ignored
        case .focus(gained: false):
            pressing = false; isHovered = false
            return .ignored
        case let .key(key, mods):
            guard isEnabled, isFocused else { return .ignored }
            if mods.isEmpty, key == .enter || key == .space { activate(now: now); return .handled }
            return unhandledKey?(key, mods, now) == true ? .handled : .ignored
        default:
            return .ignored
        }
    }

    public func cancelGestures(now: Double) { pressing = false; pressedInside = false }

    // MARK: Drawing

    /// The title's font: the style's, bold on a suggested or destructive button.
    public var font: TextStyle { kind == .normal && !isChecked ? style.text : TextStyle(size: style.text.size, weight: .bold) }

    /// The colours it is drawn in now: text and background.
    public var colors: (text: Color, background: Color) {
        let s = style.following(Appearance.colorScheme)
        guard isEnabled else { return (s.disabledText, s.disabledBackground) }
        let (text, base): (Color, Color) = switch kind {
        case .normal where isChecked: (s.suggestedText, s.suggestedBackground)
        case .normal: (s.textColor, isPressed ? s.pressedBackground : isHovered ? s.hoverBackground : s.background)
        case .suggested: (s.suggestedText, s.suggestedBackground)
        case .destructive: (s.destructiveText, s.destructiveBackground)
        }
        guard kind != .normal || isChecked else { return (text, base) }
        // A coloured button darkens while pressed and lightens under the pointer.
        return (text, isPressed ? base.mixed(with: .black, 0.2) : isHovered ? base.mixed(with: .white, 0.12) : base)
    }

    public func draw(into list: inout DrawList) {
        guard drawsItself, frame.width > 0, frame.height > 0 else { return }
        let s = style.following(Appearance.colorScheme)
        let (text, background) = colors
        // A button disabled while it had the focus shows no ring (it cannot be used).
        if showsFocusRing, isEnabled {
            let g = s.focusRingGap + s.focusRingWidth / 2
            list.stroke(frame.insetBy(dx: -g, dy: -g), s.focusRing, width: s.focusRingWidth, radius: s.cornerRadius + g)
        }
        list.fill(frame, background, radius: s.cornerRadius)
        if kind == .normal, !isChecked { list.stroke(frame.insetBy(dx: 0.5, dy: 0.5), isEnabled ? s.border : s.disabledBackground, width: 1, radius: s.cornerRadius) }
        let inner = Rect(x: frame.minX + s.padding.left / 2, y: frame.minY, width: max(0, frame.width - (s.padding.left + s.padding.right) / 2),
                         height: frame.height)
        let weight = font.weight
        guard let symbol, !symbol.isEmpty else {
            list.text(title, in: inner, size: s.text.size, color: text, alignment: .center, weight: weight)
            return
        }
        if title.isEmpty {
            list.text(symbol, in: inner, size: s.text.size, color: text, alignment: .center, weight: weight)
            return
        }
        // Symbol and title side by side, centred together: the symbol leads (at the left, or at
        // the right in right to left), at the widths last measured.
        let (sw, tw) = measured ?? (s.text.size, max(0, inner.width - s.text.size - s.symbolSpacing))
        let whole = min(inner.width, sw + s.symbolSpacing + tw)
        let start = inner.minX + (inner.width - whole) / 2
        let rtl = layoutDirection.isRightToLeft
        let symbolRect = Rect(x: rtl ? start + whole - sw : start, y: inner.minY, width: sw + 2, height: inner.height)
        let titleRect = Rect(x: rtl ? start : start + sw + s.symbolSpacing, y: inner.minY, width: max(0, whole - sw - s.symbolSpacing) + 2,
                             height: inner.height)
        list.text(symbol, in: symbolRect, size: s.text.size, color: text, weight: weight)
        list.text(title, in: titleRect, size: s.text.size, color: text, weight: weight)
    }

    /// Its state for a dump: name, title, enabled, checked, focused, ring, hovered, pressed and frame.
    public func dumpState() -> JSON {
        .object([("name", .string(name)), ("title", .string(title)), ("enabled", .bool(isEnabled)), ("checked", .bool(isChecked)), ("focused", .bool(isFocused)),
                 ("ring", .bool(showsFocusRing)), ("hovered", .bool(isHovered)), ("pressed", .bool(isPressed)),
                 ("frame", .array([.number(frame.minX), .number(frame.minY), .number(frame.width), .number(frame.height)]))])
    }
}
