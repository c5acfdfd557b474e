/// Shows a ``TextField`` over an item while the user edits it in place (Files' rename, a card
/// retitled on a board), and says how the edit ended. The field follows the item as its view
/// scrolls and grows down with its text beyond the item's height.
///
/// List it first in a ``Composition`` (on top, and first for keys, so that typing never reaches
/// the app's shortcuts while a field is open). An app starts editing on a double-click, F2 or
/// Enter on the focused item (see ``isEditKey(_:_:)``) and commits the text through its data
/// source and undo history.
///
/// ```swift
/// editor.begin(item: id, text: card.title, frame: { column.windowFrame(of: id) }, now: now) { title in
///     manager.recordEdit(of: id, summary: "rename") { undoing in cards[id]!.title = undoing ? old : title }
/// }
/// ```
public final class InPlaceEditor: Component {
    public let measurer: any TextMeasuring
    public let services: TextServices
    public var style: TextFieldStyle
    /// The field while editing; nil otherwise.
    public private(set) var field: TextField?
    /// The item being edited.
    public private(set) var item: AnyHashable?
    private var frameOfItem: () -> Rect? = { nil }
    private var finished: ((String?) -> Void)?
    /// Told when a field's length limit cut typing or a paste short (see ``TextField/onLimit``).
    public var onLimit: ((Int) -> Void)?
    /// The UI's direction, given to each field it opens (``TextField/layoutDirection``).
    public var layoutDirection: LayoutDirection = .leftToRight

    public init(measurer: any TextMeasuring, services: TextServices, style: TextFieldStyle = TextFieldStyle()) {
        self.measurer = measurer; self.services = services; self.style = style
    }

    public var isEditing: Bool { field != nil }

    /// True for the keys that start editing the focused item: F2, and Enter with no modifier.
    public static func isEditKey(_ key: Key, _ mods: Modifiers) -> Bool {
        mods.isEmpty && (key == Key("F2") || key == .enter || key == Key("Keypad Enter"))
    }

    /// Opens a field over the item whose window frame `frame` gives, holding `text`, all of it
    /// selected. `done` hears the committed text, or nil when the edit was cancelled. An edit
    /// already open is committed first.
    public func begin(item: AnyHashable, text: String, multiline: Bool = true, maximumLength: Int? = nil,
                      placeholder: String = "", frame: @escaping () -> Rect?, now: Double, done: @escaping (String?) -> Void) {
        end(committing: true, now: now)
        let f = TextField(name: "edit", text: text, multiline: multiline, maximumLength: maximumLength,
                          placeholder: placeholder, style: style, measurer: measurer, services: services)
        f.commitsOnFocusLoss = false
        f.layoutDirection = layoutDirection
        f.onLimit = { [unowned self] limit in onLimit?(limit) }
        f.onCommit = { [unowned self] text in finish(with: text, now: self.field?.now ?? now) }
        f.onCancel = { [unowned self] in finish(with: nil, now: self.field?.now ?? now) }
        self.item = item
        frameOfItem = frame
        finished = done
        field = f
        place()
        f.setFocused(true, now: now)
        f.buffer.selectAll()
    }

    /// Ends the edit in progress, committing its text or cancelling it.
    public func end(committing: Bool, now: Double) {
        guard let f = field else { return }
        if committing { f.commit() } else { f.cancel() }
        _ = now
    }

    private func finish(with text: String?, now: Double) {
        guard let f = field else { return }
        field = nil
        item = nil
        f.setFocused(false, now: now)
        let done = finished
        finished = nil
        done?(text)
    }

    /// Puts the field over the item: as wide as it, at least as tall, taller when its text needs.
    private func place() {
        guard let f = field, let r = frameOfItem() else { return }
        f.frame = r
        let h = max(r.height, f.fittingHeight)
        if h != r.height { f.frame = Rect(x: r.minX, y: r.minY, width: r.width, height: h) }
    }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard let f = field else { return .ignored }
        let result = f.handle(event, now: now)
        if field != nil { place() }
        return result
    }
    public func contains(_ p: Point) -> Bool { field != nil }
    public func update(now: Double) { field?.update(now: now); place() }
    public func nextDeadline(after now: Double) -> Double? { field?.nextDeadline(after: now) }
    public func draw(into list: inout DrawList) { field?.draw(into: &list) }
    public func cursor(at p: Point) -> Cursor? { field.map { $0.frame.contains(p) ? .arrow : nil } ?? nil }
    public var isEditingText: Bool { field != nil }
    public func cancelGestures(now: Double) { end(committing: true, now: now) }

    public func dumpEntries() -> [(String, JSON)] {
        [("editing", field.map { .object([("item", .string("\(item?.base ?? "")")), ("field", $0.dumpState())]) } ?? .null)]
    }
}
