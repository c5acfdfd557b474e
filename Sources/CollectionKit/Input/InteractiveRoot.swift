/// The top of an interactive program as a window loop or a headless driver sees it: input in,
/// time in, draw lists out. The engine never reads a clock, so `now` is always passed in, in
/// seconds on any monotonic timeline the caller chooses.
///
/// A window loop calls, once a frame: `handle` for each input event, `update(now:)`, then
/// `draw()`, and renders the list. Anything that conforms can be run by `CollectionKitSDL`'s
/// window loop or `CollectionKitTesting`'s `HeadlessDriver`.
///
/// ```swift
/// final class Root: InteractiveRoot {
///     let grid = CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 120))
///     var interaction = CollectionInteraction()
///     var size = Size(width: 800, height: 600)
///     func handle(_ event: InputEvent, now: Double) {
///         if case let .resize(s) = event { size = s; grid.setFrame(Rect(origin: .zero, size: s)) }
///         interaction.handle(event, in: grid, now: now)
///     }
///     func update(now: Double) { grid.update(now: now) }
///     func draw() -> DrawList { var list = DrawList(); grid.draw(into: &list); return list }
/// }
/// ```
public protocol InteractiveRoot: AnyObject {
    /// The size in points the root lays itself out for (it learns changes through `.resize`).
    var size: Size { get }
    /// Takes one input event that happened at `now`.
    func handle(_ event: InputEvent, now: Double)
    /// Advances animations, physics and timers to `now`.
    func update(now: Double)
    /// The frame as plain data.
    func draw() -> DrawList
    /// The pointer's look at its last known position.
    var cursor: Cursor { get }
    /// True once the user asked to quit (Ctrl+Q in the demo); loops end on it.
    var quitRequested: Bool { get }
    /// Cell objects alive now, for statistics.
    var liveCellCount: Int { get }
    /// When `update(now:)` would next change what is drawn, asked after a frame at `now`:
    /// nil when nothing will change until input arrives (a window loop sleeps in the event wait),
    /// `now` when something moves and the next frame is due as soon as possible, or a later time
    /// when a timer (a long press, the end of a wheel burst) takes effect then. Drivers step the
    /// clock to that time, so a timer acts at its own moment whatever the frame rate.
    /// Input, expose and resize always cause a frame, whatever this says.
    ///
    /// The default answers `now`: a root that does not implement it is drawn every frame.
    func nextDeadline(after now: Double) -> Double?
    /// Drawing the root expects to need soon but has not shown yet (a carousel's cards at the
    /// sizes the next page turn passes through), for a backend to prepare while the window is
    /// idle: text at new sizes, shadows and corner masks are then made before the frame that needs
    /// them rather than during it. The list is never shown. Asked whenever the window has nothing
    /// due; nil when there is nothing new since the last list handed out.
    ///
    /// The default answers nil.
    func drawAhead() -> DrawList?
    /// Takes `event` when it changes nothing the root draws or its deadline (a pointer move within
    /// the item already highlighted, over parts that do not follow the pointer), and answers true:
    /// a window loop with nothing moving then neither updates nor draws for it, and only asks the
    /// cursor again. Otherwise answers false and the event goes to `handle(_:now:)`.
    ///
    /// The default answers false: every event is handled and drawn. A ``ComposedRoot`` answers
    /// for its composition (``Composition/absorbs(_:now:)``).
    func absorbs(_ event: InputEvent, now: Double) -> Bool
}

extension InteractiveRoot {
    /// The default: the arrow, everywhere.
    public var cursor: Cursor { .arrow }
    /// The default: never asks to quit.
    public var quitRequested: Bool { false }
    /// The default: reports no cells.
    public var liveCellCount: Int { 0 }
    public func nextDeadline(after now: Double) -> Double? { now }
    /// The default: nothing to prepare.
    public func drawAhead() -> DrawList? { nil }
    /// The default: takes nothing without a frame.
    public func absorbs(_ event: InputEvent, now: Double) -> Bool { false }
}
