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
    /// How the part takes input now (see ``InputRole``); it may change from event to event (a menu
    /// captures while it is open). The default is ``InputRole/normal``.
    var inputRole: InputRole { get }
    /// Where the part draws, apart from where it comes in input order (see ``DrawLayer``). The
    /// default is ``DrawLayer/content``.
    var drawLayer: DrawLayer { get }
    /// Takes a pointer move to `p` with no button held that changes nothing the part draws, its
    /// deadline or its gestures (a move within the item it already highlights, or over a part that
    /// does not follow the pointer), and answers true: the part has noted the pointer as its
    /// `handle(_:now:)` would, and a window loop with nothing moving neither updates nor draws for
    /// the move. Otherwise answers false, and the move goes through `handle(_:now:)` as usual (a
    /// part may have noted the pointer already; handling the same move again must be harmless).
    /// Its cursor is asked anew either way. The default answers false: every move is handled and
    /// drawn.
    func absorbsPointerMove(to p: Point, now: Double) -> Bool
}

/// How a part of a ``Composition`` takes input, after GTK4's propagation phases: a part captures
/// events before the others, takes them by the composition's rules, or only observes them.
public enum InputRole: Sendable, Equatable {
    /// Offered events by the composition's rules: presses and the wheel under the pointer, keys
    /// through the focus chain or down the list. The default.
    case normal
    /// Offered every event first, wherever the pointer is and whoever has the focus: a drag in
    /// flight, an open menu, a modal sheet. What it ignores goes on by the usual rules; a modal
    /// sheet takes everything, so nothing behind it hears anything.
    case capture
    /// Sees every event before any part is offered it, and never takes one: a hover tracker, a
    /// click counter, an idle timer. Its answer is not asked, and it never holds the pointer.
    case observe
}

/// The order parts draw in, stated apart from the order they take input. A ``Composition`` draws
/// lower layers first; within a layer the first listed part draws last (on top), as a view tree
/// stacks its children.
public struct DrawLayer: RawRepresentable, Comparable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Collections, headers, the scene's own drawing.
    public static let content = DrawLayer(rawValue: 0)
    /// Drawn over the content: a drag's lifted stack and flights, a status line, a toast.
    public static let overlay = DrawLayer(rawValue: 100)
    /// A modal sheet or dialog with its dimming.
    public static let modal = DrawLayer(rawValue: 200)
    /// Over everything: an open menu, a tooltip.
    public static let popup = DrawLayer(rawValue: 300)
    public static func < (a: DrawLayer, b: DrawLayer) -> Bool { a.rawValue < b.rawValue }
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
    public var inputRole: InputRole { .normal }
    public var drawLayer: DrawLayer { .content }
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool { false }
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
    /// How it takes input (``InputRole/observe`` for a watcher that must see every event).
    public let inputRole: InputRole
    /// Where it draws.
    public let drawLayer: DrawLayer

    public init(role: InputRole = .normal, layer: DrawLayer = .content,
                handle: ((InputEvent, Double) -> EventDisposition)? = nil, update: ((Double) -> Void)? = nil,
                nextDeadline: ((Double) -> Double?)? = nil, draw: ((inout DrawList) -> Void)? = nil) {
        inputRole = role; drawLayer = layer
        handleBody = handle; updateBody = update; deadlineBody = nextDeadline; drawBody = draw
    }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition { handleBody?(event, now) ?? .ignored }
    public func update(now: Double) { updateBody?(now) }
    public func nextDeadline(after now: Double) -> Double? { deadlineBody?(now) }
    public func draw(into list: inout DrawList) { drawBody?(&list) }
    /// A part without a handler does not hear the pointer: a move changes nothing of it.
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool { handleBody == nil }
}
