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
}

extension InteractiveRoot {
    /// The default: the arrow, everywhere.
    public var cursor: Cursor { .arrow }
    /// The default: never asks to quit.
    public var quitRequested: Bool { false }
    /// The default: reports no cells.
    public var liveCellCount: Int { 0 }
}
