/// A part of a root: something that may take input, move over time, draw, show a cursor and
/// report itself in the state dump. Every member has a default, so a part states only what it
/// does: a collection view draws and moves, an interaction takes input, an overlay draws on top.
///
/// A ``Composition`` folds these over its parts in the order they are listed, so a scene or an app
/// lists its parts once instead of forwarding each call by hand.
public protocol Component: InputHandler {
    /// Advances animations, physics and timers to `now`.
    func update(now: Double)
    /// When `update(now:)` would next change what is drawn; nil when only input changes it (see
    /// ``InteractiveRoot/nextDeadline(after:)``).
    func nextDeadline(after now: Double) -> Double?
    /// Appends what the part shows. A ``Composition`` draws its first part last, on top.
    func draw(into list: inout DrawList)
    /// The pointer's look over `p`, or nil to leave it to the parts after this one.
    func cursor(at p: Point) -> Cursor?
    /// Cell objects alive now.
    var liveCellCount: Int { get }
    /// Keys of its own for the state dump.
    func dumpEntries() -> [(String, JSON)]
    /// Ends gestures in progress without their effect: the root stops being shown, or the window
    /// lost focus. A drag in flight goes home.
    func cancelGestures(now: Double)
    /// True while the part holds something the user is moving (a drag): the app then keeps tabs
    /// and shortcuts from switching away under it.
    var isDragging: Bool { get }
    /// True while the part has a text field taking the keyboard: the app then leaves keys that
    /// type (digits, letters, Escape) to it instead of using them as shortcuts.
    var isEditingText: Bool { get }
    /// Measures what it sized from text again: the text is now set at another size
    /// (``Appearance/textScale``). The default does nothing.
    func invalidateMeasurements()
}

extension Component {
    public func handle(_ event: InputEvent, now: Double) -> EventDisposition { .ignored }
    public func update(now: Double) {}
    public func nextDeadline(after now: Double) -> Double? { nil }
    public func draw(into list: inout DrawList) {}
    public func cursor(at p: Point) -> Cursor? { nil }
    public var liveCellCount: Int { 0 }
    public func dumpEntries() -> [(String, JSON)] { [] }
    public func cancelGestures(now: Double) {}
    public var isDragging: Bool { false }
    public var isEditingText: Bool { false }
    public func invalidateMeasurements() {}
}

/// A part made of closures, for drawing or timing that belongs to no other part (a header, a status
/// line, a notice's timeout).
///
/// ```swift
/// let header = ClosureComponent(draw: { list in list.text("Photos", in: headerFrame, size: 18, color: .white) })
/// ```
public final class ClosureComponent: Component {
    private let drawBody: ((inout DrawList) -> Void)?
    private let updateBody: ((Double) -> Void)?
    private let deadlineBody: ((Double) -> Double?)?
    private let handleBody: ((InputEvent, Double) -> EventDisposition)?

    /// Each closure is optional; a missing one does nothing.
    public init(handle: ((InputEvent, Double) -> EventDisposition)? = nil, update: ((Double) -> Void)? = nil,
                nextDeadline: ((Double) -> Double?)? = nil, draw: ((inout DrawList) -> Void)? = nil) {
        handleBody = handle; updateBody = update; deadlineBody = nextDeadline; drawBody = draw
    }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition { handleBody?(event, now) ?? .ignored }
    public func update(now: Double) { updateBody?(now) }
    public func nextDeadline(after now: Double) -> Double? { deadlineBody?(now) }
    public func draw(into list: inout DrawList) { drawBody?(&list) }
}
