/// A text field drawn by the engine, one line or several: caret and selection by mouse and
/// keyboard, typing, input-method compositions shown underlined in place, the clipboard, undo in
/// word-sized steps and a length limit. Enter commits (Shift+Enter starts a new line in a
/// multi-line field), Escape cancels and puts back the text it had when it took the focus, and a
/// press outside it commits.
///
/// The field measures with the `TextMeasuring` its labels are drawn with and draws each line as
/// one text run at the x its measurement gives, so the caret, the selection and a click land on
/// the characters drawn, in bidirectional text too (see ``TextLineGeometry``).
///
/// List it in a ``Composition`` and a ``FocusChain`` like any stop, or let an
/// ``InPlaceEditor`` show one over a collection item.
///
/// ```swift
/// let field = TextField(name: "title", text: "Groceries", measurer: measurer, services: services)
/// field.frame = Rect(x: 20, y: 20, width: 240, height: 30)
/// field.onCommit = { text in rename(to: text) }
/// let root = Composition([field], focus: FocusChain([field]))
/// ```
public final class TextField: Component, FocusStop {
    public let name: String
    /// Where the field is drawn, border included.
    public var frame: Rect = .zero { didSet { if frame.width != oldValue.width { invalidate() } } }
    /// True for a field of several lines, wrapped to its width.
    public let isMultiline: Bool
    public var style: TextFieldStyle { didSet { invalidate() } }
    /// Shown, dimmed, while the field is empty.
    public var placeholder: String
    public let measurer: any TextMeasuring
    public let services: TextServices
    /// The text, caret, selection and undo history.
    public internal(set) var buffer: TextEditBuffer
    /// The input method's composition in progress (shown underlined at the caret, not yet part of
    /// the text) and the caret's place in it; nil when none.
    public internal(set) var composition: (text: String, cursor: Int)?
    /// Enter (or a press outside, or the focus leaving) with the text as it stands.
    public var onCommit: ((String) -> Void)?
    /// Escape: the text went back to what it was when the field took the focus.
    public var onCancel: (() -> Void)?
    /// After every change of the text.
    public var onChange: ((String) -> Void)?
    /// When typing or a paste was cut short by ``maximumLength`` (with the limit): an app
    /// announces it or shows it in its own words; the field shows ``TextFieldStrings/limitReached``
    /// under itself meanwhile.
    public var onLimit: ((Int) -> Void)?
    /// Until when the field shows that its limit was reached.
    public internal(set) var limitShownUntil = -Double.infinity
    /// How long the limit's line shows.
    public static let limitNoticeSeconds = 3.0
    /// The words the field shows (its limit's line).
    public var strings = TextFieldStrings()
    /// True while the field shows that its length limit was reached.
    public var showsLimit: Bool { now < limitShownUntil }
    /// True while the field has the keyboard focus.
    public internal(set) var isFocused = false
    /// The text when the field last took the focus, which Escape puts back.
    public private(set) var originalText: String
    /// Whether losing the focus commits (true) or leaves the text as it is (false).
    public var commitsOnFocusLoss = true
    /// The UI's direction. Text whose first line runs right to left (Hebrew, Arabic) sits at the
    /// field's right edge whatever this is, as a `natural` paragraph of the same text does; an
    /// empty field puts its caret and placeholder on this side.
    public var layoutDirection: LayoutDirection = .leftToRight { didSet { invalidate() } }

    var layoutCache: TextFieldLayout?
    var scroll = Point.zero
    public internal(set) var now = 0.0
    var blinkStart = 0.0
    var clicks = ClickCounter()
    /// While the pointer drags a selection: the range the press selected (a word on a
    /// double-click) and the unit it extends by (1 character, 2 words, 3 lines).
    var selecting: (origin: Range<Int>, unit: Int)?
    /// The x an Up or Down keeps aiming for across short lines.
    var goalX: Double?
    /// Where on its line the caret was put by Left or Right, for an offset drawn in two places
    /// (where the direction changes): valid while the caret stays at `offset`.
    var caretPlace: (offset: Int, x: Double)?

    public init(name: String, text: String = "", multiline: Bool = false, maximumLength: Int? = nil,
                placeholder: String = "", style: TextFieldStyle = TextFieldStyle(), measurer: any TextMeasuring,
                services: TextServices = TextServices()) {
        self.name = name
        isMultiline = multiline
        buffer = TextEditBuffer(text, maximumLength: maximumLength, allowsNewlines: multiline)
        originalText = text
        self.placeholder = placeholder
        self.style = style
        self.measurer = measurer
        self.services = services
    }

    /// The text as it stands (the composition not included).
    public var text: String {
        get { buffer.text }
        set { buffer.replaceAll(with: newValue); composition = nil; invalidate() }
    }

    /// The length limit; nil for none.
    public var maximumLength: Int? {
        get { buffer.maximumLength }
        set { buffer.maximumLength = newValue }
    }

    /// The area inside the border and padding where the text lines are.
    public var textFrame: Rect {
        let p = style.padding
        return Rect(x: frame.minX + p.left, y: frame.minY + p.top, width: max(0, frame.width - p.left - p.right),
                    height: max(0, frame.height - p.top - p.bottom))
    }

    /// The height the field needs to show all its lines (border and padding included): a cell
    /// editing in place grows to it.
    public var fittingHeight: Double {
        let l = layout
        return l.contentHeight + style.padding.top + style.padding.bottom
    }

    // MARK: Focus

    public var focusName: String { name }
    public var canTakeFocus: Bool { frame.width > 0 && frame.height > 0 }
    public func contains(_ p: Point) -> Bool { isFocused || frame.contains(p) }
    public var isEditingText: Bool { isFocused }

    public func focusChanged(isFocused focused: Bool, showsRing: Bool, now: Double) {
        setFocused(focused, now: now)
    }

    /// Gives the field the focus (the input method starts, the caret blinks) or takes it away
    /// (committing, unless ``commitsOnFocusLoss`` is false).
    public func setFocused(_ focused: Bool, now: Double) {
        guard focused != isFocused else { return }
        isFocused = focused
        self.now = now
        if focused {
            originalText = buffer.text
            restartBlink()
            services.input.startTextInput(caret: caretRect)
        } else {
            composition = nil
            selecting = nil
            services.input.stopTextInput()
            if commitsOnFocusLoss { onCommit?(buffer.text) }
        }
    }

    /// Ends editing with the text as it stands: tells ``onCommit``; the field keeps the focus
    /// (an owner that shows it only while editing takes it away).
    public func commit() {
        composition = nil
        originalText = buffer.text
        onCommit?(buffer.text)
    }

    /// Puts back the text the field had when it took the focus and tells ``onCancel``.
    public func cancel() {
        composition = nil
        buffer.replaceAll(with: originalText)
        invalidate()
        onChange?(buffer.text)
        onCancel?()
    }

    // MARK: Layout

    /// The text shown: the buffer with the composition at the caret.
    var displayCharacters: [Character] {
        guard let c = composition else { return buffer.characters }
        var chars = buffer.characters
        chars.insert(contentsOf: Array(c.text), at: buffer.caret)
        return chars
    }

    /// A buffer offset as an offset in the shown text.
    func displayOffset(_ offset: Int) -> Int {
        guard let c = composition, offset > buffer.caret else { return offset }
        return offset + c.text.count
    }

    var layout: TextFieldLayout {
        let chars = displayCharacters
        let width = isMultiline ? textFrame.width : nil
        if let l = layoutCache, l.characters == chars, l.style == style.text,
           l.wrapWidth == width { return l }
        let l = TextFieldLayout(text: chars, style: style.text, wrapWidth: width, measurer: measurer, previous: layoutCache)
        layoutCache = l
        return l
    }

    func invalidate() { layoutCache = nil }

    /// The geometry of line `i`, cached in the layout.
    func geometry(_ i: Int) -> TextLineGeometry {
        _ = layout
        return layoutCache!.geometry(i)
    }

    /// Whether the text runs right to left as a paragraph: its first line's direction (its first
    /// strong letter's), or the UI's when the field is empty.
    var paragraphIsRightToLeft: Bool {
        let l = layout
        return l.characters.isEmpty ? layoutDirection.isRightToLeft : geometry(0).isRightToLeft
    }

    /// How far line `i` starts from the text frame's left: a right-to-left paragraph's lines end at
    /// the right edge (a line wider than the field starts at the left and scrolls, as before).
    func lineStart(_ i: Int) -> Double {
        guard paragraphIsRightToLeft else { return 0 }
        return max(0, textFrame.width - geometry(i).width - 1)
    }

    /// Where a display offset is drawn: its line's top-left corner of the caret, in window points.
    func caretPoint(displayOffset offset: Int) -> Point {
        let l = layout
        let i = l.lineIndex(of: offset)
        let place = caretPlace.flatMap { $0.offset == offset && composition == nil ? $0.x : nil }
        let x = geometry(i).caretX(at: offset - l.lines[i].start, preferring: place)
        return Point(x: textFrame.minX - scroll.x + lineStart(i) + x, y: textFrame.minY - scroll.y + Double(i) * l.lineHeight)
    }

    /// The caret's rect in window points (where the input method puts its candidates).
    public var caretRect: Rect {
        let caret = displayOffset(buffer.caret) + (composition?.cursor ?? 0)
        let p = caretPoint(displayOffset: caret)
        return Rect(x: p.x, y: p.y, width: 1, height: layout.lineHeight)
    }

    /// The display offset under a window point.
    func displayOffset(at p: Point) -> Int {
        let l = layout
        let row = Int(((p.y - textFrame.minY + scroll.y) / max(1, l.lineHeight)).rounded(.down))
        let i = min(max(0, row), l.lines.count - 1)
        return l.lines[i].start + geometry(i).offset(atX: p.x - textFrame.minX + scroll.x - lineStart(i))
    }

    /// Scrolls so the caret is in sight: sideways in a one-line field, up and down in a multi-line one.
    func scrollCaretIntoView() {
        let inner = textFrame
        let c = caretRect
        let margin = min(24, inner.width / 4)
        if c.minX < inner.minX { scroll.x -= inner.minX - c.minX + margin }
        if c.maxX > inner.maxX { scroll.x += c.maxX - inner.maxX + margin }
        let widest = isMultiline ? inner.width : geometry(0).width + 2
        scroll.x = min(max(0, scroll.x), max(0, widest - inner.width))
        if c.minY < inner.minY { scroll.y -= inner.minY - c.minY }
        if c.maxY > inner.maxY { scroll.y += c.maxY - inner.maxY }
        scroll.y = min(max(0, scroll.y), max(0, layout.contentHeight - inner.height))
    }

    // MARK: Time

    func restartBlink() { blinkStart = now }

    /// True while the blinking caret is in its shown half.
    var caretShown: Bool {
        guard isFocused, !buffer.hasSelection else { return false }
        let t = now - blinkStart
        if let limit = style.blinkTimeout, t >= limit { return true }
        return Int((t / style.blinkInterval).rounded(.down)) % 2 == 0
    }

    public func update(now: Double) { self.now = now }

    /// The next time the caret appears or hides; nil once it stopped blinking, with a selection,
    /// or without the focus: a field at rest keeps the window asleep.
    public func nextDeadline(after now: Double) -> Double? {
        // The limit's line goes away when its time is up.
        let limitEnds = now < limitShownUntil ? limitShownUntil : nil
        guard let caret = caretDeadline(after: now) else { return limitEnds }
        return min(caret, limitEnds ?? caret)
    }

    private func caretDeadline(after now: Double) -> Double? {
        guard isFocused, !buffer.hasSelection else { return nil }
        let t = now - blinkStart
        if let limit = style.blinkTimeout, t >= limit { return nil }
        let next = blinkStart + (Double(Int((t / style.blinkInterval).rounded(.down)) + 1)) * style.blinkInterval
        if let limit = style.blinkTimeout { return min(next, blinkStart + limit) }
        return next
    }

    // MARK: Dump

    public func dumpEntries() -> [(String, JSON)] { [("textField", dumpState())] }

    /// The field's text, caret, selection and composition, for the state dump.
    public func dumpState() -> JSON {
        .object([
            ("name", .string(name)),
            ("text", .string(buffer.text)),
            ("caret", .int(buffer.caret)),
            ("selection", .array([.int(buffer.selection.lowerBound), .int(buffer.selection.upperBound)])),
            ("composition", composition.map { .string($0.text) } ?? .null),
            ("compositionCursor", composition.map { .int($0.cursor) } ?? .null),
            ("focused", .bool(isFocused)),
            ("lines", .int(layout.lines.count)),
            ("frame", .rect(frame)),
            ("canUndo", .bool(buffer.canUndo)),
            ("maximumLength", maximumLength.map { .int($0) } ?? .null),
            ("limitReached", .bool(showsLimit)),
        ])
    }
}
